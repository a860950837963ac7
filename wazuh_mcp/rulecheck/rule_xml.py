"""Local validation of custom Wazuh rule files, before anything is sent to a manager: the checks
Wazuh's own loader makes, then wazuh-mcp's policy.

Wazuh's side (``wazuh_xml`` reads the file as Wazuh's XML parser does, ``rule_syntax`` checks the
elements as ``wazuh-analysisd -t`` does, ``wazuh_regex`` compiles each pattern in its own type) agrees
with the recorded verdicts of a real Wazuh 4.14.7 (``tests/write/test_rule_oracle.py``): a file Wazuh
refuses, loads with an ERROR line, or loads only by dropping a rule is refused here, naming the line,
the element and Wazuh's reason. A file Wazuh loads with a WARNING is refused too (``warning``): the
warning always means the rule does not do what the file says (a value ignored, a duplicate skipped).

Policy (refused although Wazuh would load it; the message says "project policy"):

* rule ids in the custom range 100000–120000 (lower ids are Wazuh's ruleset), unique in the file;
* no ``overwrite="yes"``: a change never replaces a rule in place (``rule id="100202" ID="5716"`` is read
  by Wazuh as an overwrite of 5716: names are compared case-insensitively and the last one wins);
* at most ``MAX_RULE_FILE_BYTES``; no ``<!`` markup but plain comments (Wazuh reads ``<!DOCTYPE …`` as the
  start of a comment, which can hide the elements after it from a reader);
* at least one rule, and a non-empty description for each (it is what analysts see in alerts);
* no attribute Wazuh ignores on a rule's options.

``silencing`` says in words what a rule stops Wazuh from reporting (level 0 children of other rules,
``noalert``, ``<options>no_log</options>``): a plausible-looking rule can hide an attack, and the person
approving it has to see that. It is shown, not refused.

Everything here is pure (no I/O). ``check_rule_file`` lists every problem (the entry point the stand-in
shares); ``parse_rule_file`` returns what the write tools need, or raises ``InvalidArgument`` naming them.
Checks that need the manager's state take a ``Catalog`` (``rule_files.manager_catalog`` builds it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from wazuh_mcp import untrusted
from wazuh_mcp.errors import InvalidArgument
from wazuh_mcp.rulecheck import rule_syntax, wazuh_xml
from wazuh_mcp.rulecheck.rule_syntax import Catalog, Problem

__all__ = ["Catalog", "Problem", "RuleFile", "check_rule_file", "loader_problems", "parse_rule_file"]

CUSTOM_ID_MIN = 100_000
CUSTOM_ID_MAX = 120_000
MAX_RULE_FILE_BYTES = 64 * 1024
"""Far above any hand-written custom rule file, far below Wazuh's 10 MB upload limit."""
READ_CEILING = 1 << 20
"""Larger texts are refused unread (a stand-in still gets Wazuh's verdict on anything up to this)."""
MAX_LEVEL = 16
CUSTOM_RULES_DIR = "etc/rules"
"""Where user rule files live on the manager. ``ruleset/rules`` is Wazuh's own and never a target."""
MAX_PROBLEMS_SHOWN = 8
"""A refusal names this many problems (the first ones in the file) and counts the rest."""

_DECLARATION = re.compile(r"<!(?!--)")
"""``<!`` markup that is not a plain comment: DOCTYPE, ENTITY, CDATA."""
_NUMBER = re.compile(r"[0-9]{1,7}")
"""ASCII digits only: ``str.isdigit`` and ``int`` also accept other scripts' digits (and spaces), which Wazuh would not."""
_FILENAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,100}\.xml")

RULE_ATTRIBUTES = rule_syntax.RULE_ATTRIBUTES
PARENT_ELEMENTS = ("if_sid", "if_group", "if_matched_sid", "if_matched_group")
"""The elements that make a rule a child of other rules: a level-0 child silences what its parents report."""


@dataclass(frozen=True)
class Rule:
    """One ``<rule>`` as Wazuh would load it (names already folded to lower case)."""

    id: int
    level: int
    description: str
    parents: tuple[tuple[str, str], ...] = ()
    """``(element, value)`` pairs: ``("if_sid", "5716")``, ``("if_group", "authentication_failed")``."""
    noalert: bool = False
    options: tuple[str, ...] = ()

    @property
    def parent_sids(self) -> tuple[int, ...]:
        sids: list[int] = []
        for element, value in self.parents:
            if element.endswith("_sid"):
                sids += [int(part) for part in re.split(r"[\s,]+", value) if _NUMBER.fullmatch(part)]
        return tuple(sids)


@dataclass(frozen=True)
class RuleFile:
    """A validated custom rule file."""

    text: str
    group: str
    rules: tuple[Rule, ...]
    decoders: tuple[str, ...] = ()
    """The decoders its ``<decoded_as>`` elements name (Wazuh refuses an unknown one)."""

    @property
    def rule_ids(self) -> tuple[int, ...]:
        return tuple(rule.id for rule in self.rules)

    @property
    def first_id(self) -> int:
        return self.rule_ids[0]

    @property
    def filename(self) -> str:
        """The file ``create_rule`` writes: named after its first rule so it is easy to find."""
        return f"wazuh-mcp-{self.first_id}.xml"

    @property
    def parent_sids(self) -> tuple[int, ...]:
        """Rule ids this file's rules hang under, outside the file (to look up what they detect)."""
        own = set(self.rule_ids)
        return tuple(sorted({sid for rule in self.rules for sid in rule.parent_sids if sid not in own}))

    @property
    def parent_groups(self) -> tuple[str, ...]:
        """Group names this file's ``if_group``/``if_matched_group`` name (alternatives split at ``|``, the
        comma-joined groups of Wazuh's ``OS_WordMatch`` at ``,``; ``$`` is a character to it, kept)."""
        names = {
            name.strip()
            for rule in self.rules
            for element, value in rule.parents
            if element.endswith("_group")
            for part in value.split("|")
            for name in part.removeprefix("^").split(",")
        }
        return tuple(sorted(n for n in names if n))


def is_custom_id(rule_id: int) -> bool:
    return CUSTOM_ID_MIN <= rule_id <= CUSTOM_ID_MAX


def require_custom_id(rule_id: int) -> None:
    if not is_custom_id(rule_id):
        raise InvalidArgument(
            f"Rule id {rule_id} is outside the custom range {CUSTOM_ID_MIN}–{CUSTOM_ID_MAX}.",
            hint="Only custom rules can be written; ids below 100000 belong to Wazuh's default ruleset.",
        )


def require_custom_file(filename: str, relative_dirname: str) -> None:
    """Refuse any target that is not a plain ``.xml`` file directly under ``etc/rules``."""
    directory = relative_dirname.strip("/")
    if directory != CUSTOM_RULES_DIR:  # the names come from GET /rules: quoted cleaned and cut
        raise InvalidArgument(
            f"{untrusted.bound(f'{directory}/{filename}', 200)} is not a custom rule file: only files in "
            f"{CUSTOM_RULES_DIR} can be written "
            "(ruleset/rules is Wazuh's default ruleset and is replaced on every upgrade).",
            hint="Create a new custom rule with create_rule instead.",
        )
    if not _FILENAME.fullmatch(filename):
        raise InvalidArgument(
            f"'{untrusted.bound(filename, 200)}' is not an acceptable rule file name (letters, digits, _ . - and .xml)."
        )


def _misreadings(text: str) -> list[Problem]:
    """What an XML-literate reader takes differently from Wazuh's reader (tests/hardening/test_parser_differentials.py)."""
    found: list[Problem] = []
    start = text.find("<!--")
    while start >= 0:
        ends = [i for i in (text.find("-->", start + 2), text.find("!>", start + 2)) if i >= 0]
        reader_end = text.find("-->", start + 4)
        if ends and min(ends) != reader_end:
            line = text.count("\n", 0, start) + 1
            found.append(
                Problem(
                    line,
                    "",
                    "a comment Wazuh's reader ends earlier than an XML reader does (at '!>', or at once for "
                    "'<!-->' and '<!--->'): what follows is read as rule XML; write <!-- text --> with neither",
                    "policy",
                )
            )
            break
        start = text.find("<!--", reader_end + 3) if reader_end >= 0 else -1
    return found


def _policy(text: str, checker: rule_syntax.RuleChecker, catalog: Catalog | None) -> list[Problem]:
    found: list[Problem] = _misreadings(text)
    declaration = _DECLARATION.search(text)
    if declaration:
        line = text.count("\n", 0, declaration.start()) + 1
        found.append(
            Problem(
                line,
                "",
                "only plain <!-- comments --> are allowed: Wazuh reads any other '<!' (DOCTYPE, ENTITY, CDATA) as "
                "the start of a comment; write values as text, escaping & < > as &amp; &lt; &gt;",
                "policy",
            )
        )
    if not checker.rules and not checker.problems:
        found.append(
            Problem(1, "", 'the file defines no rule; write <group name="…"><rule …>…</rule></group>', "policy")
        )
    seen: set[str] = set()
    for rule in checker.rules:
        if rule.id in seen:
            found.append(
                Problem(
                    rule.line,
                    "rule",
                    f"id {rule.id} appears twice in the file: Wazuh warns and keeps only the first",
                    "warning",
                    rule.id,
                )
            )
        seen.add(rule.id)
        if _NUMBER.fullmatch(rule.id) and not is_custom_id(int(rule.id)):
            found.append(
                Problem(
                    rule.line,
                    "rule",
                    f"id {rule.id} is outside the custom range {CUSTOM_ID_MIN}–{CUSTOM_ID_MAX} (lower ids belong to "
                    "Wazuh's ruleset)",
                    "policy",
                    rule.id,
                )
            )
        known = catalog.rule_ids if catalog else None
        if known is not None and _NUMBER.fullmatch(rule.id) and int(rule.id) in known:
            found.append(
                Problem(
                    rule.line,
                    "rule",
                    f"id {rule.id} is already used by a loaded rule (pick a free id)",
                    "policy",
                    rule.id,
                )
            )
        if not rule.description.strip():
            found.append(
                Problem(
                    rule.line,
                    "description",
                    "the description is empty (it is what analysts see in alerts)",
                    "policy",
                    rule.id,
                )
            )
    return found


def _overwrites(nodes: list[wazuh_xml.Node]) -> list[Problem]:
    found: list[Problem] = []
    for group in nodes:
        for rule in group.children if group.tag == "group" else []:
            value = rule.attribute("overwrite") if rule.tag == "rule" else None
            if value == "yes":
                found.append(
                    Problem(
                        rule.line,
                        "rule",
                        'overwrite="yes" replaces a loaded rule in place; wazuh-mcp never overwrites rules '
                        "(remove the attribute and use a new id)",
                        "policy",
                        rule.attribute("id"),
                    )
                )
    return found


def _case_twins(nodes: list[wazuh_xml.Node]) -> list[Problem]:
    """Attributes whose names differ only in case: one attribute to the loader (the last one wins), two
    to a person reading the diff (``id="100202" ID="5716"`` overwrites 5716)."""
    found: list[Problem] = []
    stack = list(nodes)
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        names = [key.lower() for key, _ in node.attributes]
        for name in sorted({n for n in names if names.count(n) > 1}):
            found.append(
                Problem(
                    node.line,
                    node.tag,
                    f"attribute '{name}' is written twice in different case: Wazuh ignores case and uses only the "
                    f"last one; write '{name}' once, in lower case",
                    "policy",
                )
            )
    return found


def _checked(text: str, catalog: Catalog | None) -> tuple[list[Problem], rule_syntax.RuleChecker | None]:
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        line = text.count("\n", 0, exc.start) + 1
        return [
            Problem(line, "", "the text holds a lone surrogate (U+D800-U+DFFF), which is not UTF-8", "policy")
        ], None
    oversized = [
        Problem(1, "", f"the file is {len(data)} bytes; the limit is {MAX_RULE_FILE_BYTES} (split it)", "policy")
        for _ in range(len(data) > MAX_RULE_FILE_BYTES)
    ]
    if len(data) > READ_CEILING:
        return oversized, None  # refused before it is read: the reader's work stays bounded
    if b"\0" in data:
        line = text.count("\n", 0, text.index("\0")) + 1
        return [
            Problem(
                line,
                "",
                "the file holds a NUL character: Wazuh's reader ends the value there, so the rule would not read "
                "as written",
                "policy",
            )
        ], None
    try:
        nodes = wazuh_xml.read_bytes(data)
    except wazuh_xml.XmlError as exc:
        if not exc.policy:
            reason = f"Wazuh's XML parser cannot read the file: {exc.reason}"
            return [Problem(exc.line, exc.element, reason), *oversized], None
        oversized.append(Problem(exc.line, exc.element, exc.reason, "policy"))
        try:  # what Wazuh itself reads, so its own verdict is not lost behind wazuh-mcp's refusal
            nodes = wazuh_xml.read_bytes(data, policy=False)
        except wazuh_xml.XmlError as wazuh:
            if wazuh.policy:  # a bound, not a misreading: nothing more is read
                return oversized, None
            reason = f"Wazuh's XML parser cannot read the file: {wazuh.reason}"
            return [Problem(wazuh.line, wazuh.element, reason), *oversized], None
    checker = rule_syntax.check(nodes, catalog)
    problems = sorted(
        checker.problems + _overwrites(nodes) + _case_twins(nodes) + _policy(text, checker, catalog) + oversized,
        key=lambda p: (p.line, p.kind != "error"),
    )
    return problems, checker


def check_rule_file(text: str, catalog: Catalog | None = None) -> list[Problem]:
    """Every reason ``text`` is refused, in file order: Wazuh's (``kind`` error or warning) and wazuh-mcp's
    policy (``kind`` policy). Empty when the file may be written."""
    return _checked(text, catalog)[0]


def loader_problems(text: str, catalog: Catalog | None = None) -> list[Problem]:
    """Only what Wazuh's loader itself refuses (kind ``error``: refused, an ERROR line, a dropped rule), for
    a stand-in that answers as Wazuh would; warnings and wazuh-mcp's policy are left out."""
    return [problem for problem in check_rule_file(text, catalog) if problem.kind == "error"]


def _refusal(problems: list[Problem]) -> InvalidArgument:
    shown = "; ".join(untrusted.bound(str(p), 300) or "" for p in problems[:MAX_PROBLEMS_SHOWN])
    more = f" (and {len(problems) - MAX_PROBLEMS_SHOWN} more)" if len(problems) > MAX_PROBLEMS_SHOWN else ""
    wazuh = any(not p.policy for p in problems)
    lead = (
        "Wazuh would not load this rule file as written"
        if wazuh
        else "Wazuh would load this rule file, but wazuh-mcp refuses it"
    )
    return InvalidArgument(
        f"{lead}: {shown}{more}.",
        hint="Fix each line named and ask again; nothing was recorded or sent.",
    )


def parse_rule_file(text: str, catalog: Catalog | None = None) -> RuleFile:
    """Validate ``text`` as one custom rule file; the ids keep the order of the file."""
    if not text.strip():
        raise InvalidArgument("Rule XML is empty.")
    problems, checker = _checked(text, catalog)
    if problems or checker is None:
        raise _refusal(problems)
    rules = tuple(
        Rule(
            int(rule.id),
            rule.level,
            rule.description.strip(),
            tuple(rule.parents),
            rule.noalert,
            tuple(o.strip().lower() for o in rule.options),
        )
        for rule in checker.rules
    )
    return RuleFile(text=text, group=checker.group_names[0].strip(), rules=rules, decoders=tuple(checker.decoders))


# --- what a rule stops Wazuh from reporting (shown to the approver and the model) ----------------


def _bounded(text: str, limit: int = 120) -> str:
    return untrusted.bound(text, limit) or ""


def _parent_words(rule: Rule, known: Mapping[int, str]) -> str:
    parts: list[str] = []
    for element, value in rule.parents:
        if element.endswith("_sid"):
            sids = [s for s in re.split(r"[\s,]+", value) if s]
            named = [
                f"{s} ('{_bounded(known[int(s)])}')" if s.isascii() and s.isdigit() and int(s) in known else s
                for s in sids
            ]
            label = "rule" if element == "if_sid" else "earlier matches of rule"
            parts.append(f"{label}{'s' if len(sids) > 1 else ''} {', '.join(named)}")
        elif element == "if_level":
            parts.append(f"every rule of level {_bounded(value, 10)} or more")
        else:
            label = "group" if element == "if_group" else "earlier matches in group"
            parts.append(f"{label} '{_bounded(value, 60)}'")
    return " / ".join(parts)


def silencing(parsed: RuleFile, known: Mapping[int, str] | None = None) -> list[str]:
    """In words, what each rule of ``parsed`` stops Wazuh from alerting on. ``known`` maps parent rule
    ids to their descriptions (from the manager), so the approver reads *what* goes quiet."""
    known = known or {}
    words: list[str] = []
    for rule in parsed.rules:
        parents = _parent_words(rule, known)
        if rule.level == 0 and parents:
            words.append(
                f"Rule {rule.id} is level 0 under {parents}: events they would alert on that also match rule "
                f"{rule.id}'s conditions produce NO alert any more. This change silences those detections."
            )
        elif rule.level == 0:
            words.append(f"Rule {rule.id} is level 0: events it matches produce no alert.")
        if rule.noalert:
            scope = f" — including events of {parents}" if parents else ""
            words.append(f"Rule {rule.id} has noalert: events it matches never raise an alert{scope}.")
        if "no_log" in rule.options:
            words.append(
                f"Rule {rule.id} has <options>no_log</options>: its alerts are not written to alerts.json, so they "
                "never reach the Indexer, dashboards or any search."
            )
    return words
