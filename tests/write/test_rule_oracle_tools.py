"""A seeded sample of the oracle's recorded verdicts through ``create_rule`` on the in-process server
against the Server API stand-in: what Wazuh refuses (or loads with an ERROR or by dropping the rule)
is refused with Wazuh's reason, recorded nowhere, sent nowhere and audited with a bounded record; what
it loads cleanly is recorded for approval, or refused saying it is project policy."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from standin.server import StandinServer
from tests.wazuh_rules import Case, oracle_cases, wazuh_dir
from tests.write.conftest import connect, error_text, ok, uploads
from wazuh_mcp.runtime.audit import MAX_ERROR, iter_events
from wazuh_mcp.writes.approvals import default_store

pytestmark = pytest.mark.skipif(wazuh_dir() is None, reason="../shared (Wazuh reference data) is not present")

_STATE_DEPENDENT = ("list", "decoded_as", "if_sid", "if_group", "if_matched", "duplicate", "same id", "100001")
"""Cases whose verdict depends on what the oracle's manager held (its lists, decoders, rule ids): the
stand-in holds a smaller ruleset, so they are judged by tests/unit/test_rule_oracle.py instead."""
SAMPLE = 14


def _sample() -> list[Case]:
    cases = [
        c
        for c in oracle_cases()
        if c.kind == "mutation"
        and c.verdict != "warning"
        and c.note.startswith(("[5716]", "[5720]"))
        and not any(word in c.note for word in _STATE_DEPENDENT)
    ]
    refused = [c for c in cases if c.verdict == "refuse"]
    clean = [c for c in cases if c.verdict == "clean"]
    rng = random.Random(4147)
    return rng.sample(refused, SAMPLE // 2) + rng.sample(clean, SAMPLE // 2)


async def test_a_sample_of_recorded_verdicts_through_create_rule(standin: StandinServer, audit_path: Path) -> None:
    sample = _sample()
    assert len(sample) == SAMPLE
    wrong = []
    async with connect() as client:
        for case in sample:
            result = await client.call_tool("create_rule", {"rule_xml": case.xml})
            if case.verdict == "refuse":
                text = error_text(result) if result.is_error else "(accepted)"
                if not text.startswith("invalid_argument: Wazuh would not load this rule file"):
                    wrong.append(f"{case.id} {case.note}: {text[:200]}")
            elif result.is_error:
                text = error_text(result)
                if "project policy" not in text or "Wazuh would load this rule file" not in text:
                    wrong.append(f"{case.id} {case.note}: {text[:200]}")
            else:
                assert ok(result)["status"] == "pending_approval"
    assert wrong == [], "\n".join(wrong)
    assert uploads(standin) == []
    accepted = sum(1 for e in iter_events(audit_path) if e.tool == "approval.request")
    assert accepted == len(default_store().list_changes())
    refusals = [e for e in iter_events(audit_path) if e.tool == "write.create_rule" and e.error_code]
    assert len(refusals) >= SAMPLE // 2
    for event in refusals:
        assert event.error_code == "invalid_argument" and len(event.error or "") <= MAX_ERROR
    raw = audit_path.read_text(encoding="utf-8").splitlines()
    assert all(len(json.loads(line).get("error") or "") <= MAX_ERROR for line in raw)


async def test_a_rule_wazuh_would_drop_for_a_missing_parent_is_refused_by_asking_the_manager(
    standin: StandinServer,
) -> None:
    """The parent's existence is the manager's to say: rule 99998 is not on the stand-in (nor was it on the
    oracle's manager, mut-245), so Wazuh would ignore the rule; create_rule asks and refuses."""
    assert 99998 not in {int(r["id"]) for r in standin.state.ruleset.rules()}
    xml = (
        '<group name="local,"><rule id="100230" level="5"><if_sid>99998</if_sid>'
        "<description>child of a missing rule</description></rule></group>"
    )
    async with connect() as client:
        text = error_text(await client.call_tool("create_rule", {"rule_xml": xml}))
        group = xml.replace("<if_sid>99998</if_sid>", "<if_group>no_such_group_xyz</if_group>")
        grouped = error_text(await client.call_tool("create_rule", {"rule_xml": group}))
    assert "line 1, rule 100230, <if_sid>: rule(s) 99998 are not loaded before this rule" in text
    assert "no rule loaded before this one is in group 'no_such_group_xyz'" in grouped
    assert uploads(standin) == [] and default_store().list_changes() == []
