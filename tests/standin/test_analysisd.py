"""The stand-in's analysisd logs, at a restart, the rule-loading WARNINGs a real 4.14.7 printed.

Expectations from the oracle (``rule_verdicts.jsonl``): every case a real ``wazuh-analysisd -t`` loaded,
with the (76xx) warnings it printed about dropped or skipped rules, duplicates and overwrites. The
stand-in computes them from its ruleset, which holds Wazuh's rule ids and groups (``standin.wazuh_ruleset``),
and the lists a default ``ossec.conf`` declares, as the recorded manager had.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from standin import analysisd, manager_data
from standin.rules import COMPLIANCE, CUSTOM_DIR, DEFAULT_DIR, RuleFile, Ruleset

_CODES = re.compile(r"\((76(?:09|10|12|13|15|16|17|18|19|20))\)")


def loading_cases(shared: Path) -> list[dict[str, Any]]:
    lines = (shared / "reference/wazuh/oracle/rule_verdicts.jsonl").read_text().splitlines()
    return [case for case in map(json.loads, lines) if case["loads"]]


def recorded(case: dict[str, Any]) -> list[str]:
    return sorted(m.split("WARNING: ", 1)[1] for m in case["messages"] if "WARNING: " in m and _CODES.search(m))


@pytest.fixture(scope="module")
def stock() -> tuple[set[int], set[str]]:
    rules = Ruleset.default().rules()
    ids = {r["id"] for r in rules if r["relative_dirname"] == DEFAULT_DIR}
    groups = {g for r in rules for g in r["groups"]} | {f"{p}{v}" for r in rules for p, k in COMPLIANCE for v in r[k]}
    return ids, groups


LOCAL_RULES = Ruleset.default().find("local_rules.xml", CUSTOM_DIR)


def stand_in_says(xml: str, stock: tuple[set[int], set[str]]) -> list[str]:
    """What the stand-in's analysisd logs with ``xml`` as ``etc/rules/zz_candidate.xml`` (after local_rules.xml,
    as the recording had it); Wazuh's own files load without a warning."""
    assert LOCAL_RULES is not None
    files = [LOCAL_RULES, RuleFile("zz_candidate.xml", CUSTOM_DIR, xml)]
    ids, groups = stock
    return sorted(analysisd.load_messages(files, ids, groups, set(manager_data.ruleset_lists())))


def test_every_loading_case_gets_the_warnings_the_real_loader_printed(
    shared: Path, stock: tuple[set[int], set[str]]
) -> None:
    cases = loading_cases(shared)
    assert len(cases) > 200
    differ = []
    for case in cases:
        if case["kind"] == "real_file_verbatim":
            continue  # below: thousands of duplicate lines
        want, got = recorded(case), stand_in_says(case["xml"], stock)
        if want != got:
            differ.append((case["id"], case["note"][:60], want, got))
    agree = len(cases) - len(differ)
    assert not differ, f"{agree} agree; {len(differ)} differ: {differ[:4]}"


def test_a_stock_file_copied_verbatim_is_all_duplicates(shared: Path, stock: tuple[set[int], set[str]]) -> None:
    for case in [c for c in loading_cases(shared) if c["kind"] == "real_file_verbatim"]:
        want = set(recorded(case))
        got = set(stand_in_says(case["xml"], stock))
        if len(case["messages"]) >= 50:  # the recording kept the first 50 lines
            assert want and want <= got, case["id"]
        else:
            assert want and want == got, (case["id"], want ^ got)


def test_a_restart_appends_them_to_the_managers_log_under_analysisd() -> None:
    ruleset = Ruleset.default()
    child = (
        '<group name="x,"><rule id="100100" level="3"><if_sid>99998</if_sid><description>d</description></rule></group>'
    )
    ruleset.add(RuleFile("mine.xml", CUSTOM_DIR, child))
    entries = analysisd.restart_log(ruleset, manager_data.ruleset_lists(), datetime(2026, 12, 5, tzinfo=UTC))
    assert [(e["tag"], e["level"]) for e in entries] == [("wazuh-analysisd", "warning")] * 2 + [
        ("wazuh-analysisd", "info")
    ]
    assert entries[1]["description"] == " (7619): Empty 'if_sid' value. Rule '100100' will be ignored."
    assert {e["timestamp"] for e in entries} == {"2026-12-05T00:00:00Z"}
