"""Wazuh's own rule data for the rule-check tests: the recorded verdicts of a real Wazuh 4.14.7
(``oracle/rule_verdicts.jsonl``) and its 4.14 ruleset, plus the manager state those verdicts were
recorded in (the ruleset's rule ids and groups, ``local_rules.xml``'s rule 100001, the lists its
``ossec.conf`` declares, the decoders its rules name). Nothing here is computed from our checks.

``python -m tests.wazuh_rules`` prints how many oracle cases our checks agree with.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tests.conftest import shared_dir
from wazuh_mcp.rulecheck import rule_syntax, wazuh_xml
from wazuh_mcp.rulecheck.rule_xml import Catalog, Problem, check_rule_file

EXCLUDED = "0215-policy_rules.xml"
"""The oracle manager's ``<rule_exclude>``: its rules were not loaded."""
_DROPPED = re.compile(r"will be ignored|could not be loaded|Invalid 'if_sid'|was not found")


def wazuh_dir() -> Path | None:
    shared = shared_dir()
    return shared / "reference" / "wazuh" if shared else None


@dataclass(frozen=True)
class Case:
    id: str
    kind: str
    note: str
    xml: str
    loads: bool
    messages: tuple[str, ...]
    source_file: str | None

    @property
    def errors(self) -> bool:
        return any(": ERROR" in m or ": CRITICAL" in m for m in self.messages)

    @property
    def dropped(self) -> bool:
        return any(_DROPPED.search(m) for m in self.messages if ": WARNING" in m)

    @property
    def verdict(self) -> str:
        """``refuse`` (refused, ERROR line, dropped rule), ``clean`` (loads with no message) or ``warning``."""
        if not self.loads or self.errors or self.dropped:
            return "refuse"
        return "warning" if self.messages else "clean"


def oracle_cases() -> list[Case]:
    base = wazuh_dir()
    if base is None:
        return []
    cases = []
    for line in (base / "oracle" / "rule_verdicts.jsonl").read_text(encoding="utf-8").splitlines():
        raw: dict[str, Any] = json.loads(line)
        cases.append(
            Case(
                raw["id"],
                raw["kind"],
                raw["note"],
                raw["xml"],
                raw["loads"],
                tuple(raw["messages"]),
                raw.get("source_file"),
            )
        )
    return cases


def ruleset_files() -> list[Path]:
    base = wazuh_dir()
    return sorted((base / "ruleset" / "rules").glob("*.xml")) if base else []


@cache
def _read(path: Path) -> list[wazuh_xml.Node]:
    return wazuh_xml.read(path.read_text(encoding="utf-8"))


@cache
def _loaded_rules(path: Path) -> list[rule_syntax.LoadedRule]:
    return rule_syntax.check(_read(path)).rules


@cache
def oracle_catalog() -> Catalog:
    """The state of the manager the verdicts were recorded on."""
    base = wazuh_dir()
    assert base is not None
    rules = [r for p in ruleset_files() if p.name != EXCLUDED for r in _loaded_rules(p)]
    rules += _loaded_rules(base / "ruleset-samples" / "etc-rules-local_rules.xml")
    decoders = {
        node.text
        for p in ruleset_files()
        for group in _read(p)
        for rule in group.children
        for node in rule.children
        if node.tag == "decoded_as"
    }
    lists: set[str] = set()
    for line in (base / "oracle" / "api_exchanges.jsonl").read_text(encoding="utf-8").splitlines():
        exchange = json.loads(line)
        if (
            exchange.get("path") == "/manager/configuration"
            and (exchange.get("query") or {}).get("section") == "ruleset"
        ):
            for item in exchange["response"]["data"]["affected_items"]:
                lists.update(item["ruleset"].get("list", []))
    return Catalog(
        rule_ids=frozenset(int(r.id) for r in rules),
        groups=frozenset(g for r in rules for g in r.groups),
        lists=frozenset(lists),
        decoders=frozenset(decoders),
    )


_COMMENT = re.compile(r"<!--.*?-->", re.S)
_RULE = re.compile(r"<rule\b.*?</rule>", re.S | re.I)
_GROUP_OPEN = re.compile(r"<group\s+name\s*=\s*(\"[^\"]*\"|'[^']*')\s*>", re.I)
_VAR = re.compile(r"<var\s+name\s*=\s*\"([^\"]+)\"\s*>(.*?)</var>", re.S)
_ID = re.compile(r"(\bid\s*=\s*)([\"'])\d+\2", re.I)


@dataclass(frozen=True)
class Rehomed:
    source_file: str
    source_id: str
    xml: str


def rehomed_rules(first_id: int = 100_300) -> list[Rehomed]:
    """Every rule of the ruleset as the tools write one: alone in a file, a new id in the custom range,
    inside its source file's ``<group name>``, with the ``<var>`` definitions it uses above the group
    (the recipe of the oracle's ``real_rehomed`` cases)."""
    found = []
    new_id = first_id
    for path in ruleset_files():
        text = _COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), path.read_text(encoding="utf-8"))
        variables = dict(_VAR.findall(text))
        for match in _RULE.finditer(text):
            body = match.group(0)
            groups = list(_GROUP_OPEN.finditer(text, 0, match.start()))
            group = groups[-1].group(1)[1:-1] if groups else "local,"
            source_id = re.search(r"\bid\s*=\s*[\"'](\d+)", body, re.I)
            used = [name for name in variables if re.search(rf"\${re.escape(name)}(?![A-Za-z0-9_])", body)]
            defined = "".join(f'<var name="{name}">{variables[name]}</var>\n' for name in used)
            rule = _ID.sub(rf"\g<1>\g<2>{new_id}\g<2>", body, count=1)
            found.append(
                Rehomed(
                    path.name,
                    source_id.group(1) if source_id else "?",
                    f'{defined}<group name="{group}">\n  {rule}\n</group>\n',
                )
            )
            new_id = new_id + 1 if new_id < 120_000 else first_id
    return found


@cache
def ruleset_catalog() -> Catalog:
    """Every rule of the ruleset loaded (the re-homed rules hang under them), and the decoders they name."""
    rules = [r for p in ruleset_files() for r in _loaded_rules(p)]
    oracle = oracle_catalog()
    return Catalog(
        rule_ids=frozenset(int(r.id) for r in rules),
        groups=frozenset(g for r in rules for g in r.groups),
        lists=oracle.lists,
        decoders=oracle.decoders,
    )


def refused_by_wazuh(problems: list[Problem]) -> bool:
    return any(not p.policy for p in problems)


def agrees(case: Case, problems: list[Problem]) -> bool:
    """Refused/ERROR/dropped: we refuse for Wazuh's reason. Clean: we accept, or refuse for policy only.
    WARNING: we refuse (docs/writes.md)."""
    if case.verdict == "refuse":
        return refused_by_wazuh(problems)
    if case.verdict == "clean":
        return not refused_by_wazuh(problems)
    return bool(problems)


CLASSES = {
    "lengths (bytes)": re.compile(r"length|long description|non-ASCII"),
    "field names": re.compile(r"<field|field:|static field|dynamic field"),
    "XML reader": re.compile(
        r"XML|CDATA|comment|entit|BOM|closing tag|unquoted|declaration|processing instruction|bare [<>&]|"
        r"single-quoted|attribute case|element case|twice|unclosed|outside any group|top-level|DOCTYPE|&#"
    ),
    "regex types (PCRE2, OS_Regex, OS_Match)": re.compile(r"pcre2|osregex|osmatch|regex|type=", re.I),
    "parents and drops (if_*, lists)": re.compile(r"if_sid|if_group|if_matched|if_level|list"),
    "variables": re.compile(r"\bvar\b"),
    "decoders": re.compile(r"decoded_as|decoder"),
}
"""Issue 25's classes, found by the words of each recorded case's note (a case may be in several)."""


def per_class(cases: list[Case]) -> dict[str, tuple[int, int]]:
    """(agreeing, all) per class, and for Wazuh's real rules re-homed and whole files."""
    tally: dict[str, tuple[int, int]] = {}
    for case in cases:
        names = [n for n, pattern in CLASSES.items() if case.kind == "mutation" and pattern.search(case.note)]
        if case.kind != "mutation":
            names = ["Wazuh's own rules (re-homed, whole files)"]
        ok = agrees(case, check_rule_file(case.xml, oracle_catalog()))
        for name in names or ["other mutations"]:
            good, total = tally.get(name, (0, 0))
            tally[name] = (good + ok, total + 1)
    return tally


def main() -> int:
    cases = oracle_cases()
    if not cases:
        print("../shared is absent: no oracle cases to check")
        return 0
    tally: Counter[tuple[str, bool]] = Counter()
    for case in cases:
        problems = check_rule_file(case.xml, oracle_catalog())
        ok = agrees(case, problems)
        tally[(case.verdict, ok)] += 1
        if not ok or "-v" in sys.argv:
            print(f"{'ok ' if ok else 'BAD'} {case.id} [{case.verdict}] {case.note[:70]}")
            for problem in problems[:3]:
                print(f"      {problem.kind}: {problem}"[:240])
    clear = [c for c in cases if c.verdict != "warning"]
    agreed = sum(v for (verdict, ok), v in tally.items() if ok and verdict != "warning")
    for name, (good, total) in per_class(cases).items():
        print(f"  {name}: {good}/{total} agree")
    print(
        f"clear verdicts: {agreed}/{len(clear)} agree; warning cases refused: {tally[('warning', True)]}/"
        f"{sum(1 for c in cases if c.verdict == 'warning')}; all cases: {len(cases)}"
    )
    return 0 if agreed == len(clear) else 1


if __name__ == "__main__":
    raise SystemExit(main())
