"""After a restart wazuh-mcp makes, it reports what Wazuh's rule loader logged about the rules it wrote.

A rule can pass the checks, the upload and validation, be listed ``enabled`` by ``GET /rules``, and still
be dropped by analysisd at start with a WARNING ("Rule 'N' will be ignored", issue 25). Here a rule
wazuh-mcp wrote loses its parent after it was applied (someone edits local_rules.xml), then a restart
wazuh-mcp carries out makes the stand-in's analysisd log the drop, worded as the real manager of the
oracle words it (``rule_verdicts.jsonl``, mut-245); the change's result, its audit record and
``wazuh-mcp show`` carry it. Lines about other rules, and analysisd's other warnings, are not reported.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from standin.rules import CUSTOM_DIR, RuleFile
from standin.server import StandinServer
from tests.write.conftest import connect, ok, run_cli
from tests.write.test_approvals import approve_now, requested
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes import restart_log
from wazuh_mcp.writes.approvals import default_store

CHILD = """<group name="local,sshd,">
  <rule id="100100" level="10">
    <if_sid>100001</if_sid>
    <description>sshd: authentication failed from a watched address, raised.</description>
  </rule>
</group>
"""
WITHOUT_100001 = """<group name="local,">
  <rule id="100002" level="3">
    <if_sid>5716</if_sid>
    <description>A rule that is not 100001.</description>
  </rule>
</group>
"""
SOMEONE_ELSES = """<group name="local,">
  <rule id="100500" level="3">
    <if_sid>99998</if_sid>
    <description>Someone else's rule, not wazuh-mcp's.</description>
  </rule>
</group>
"""


def recorded_drop(rule: int, missing: int) -> list[str]:
    """What a real 4.14.7 analysisd printed for an if_sid naming a rule it does not have (the oracle's
    mut-245, ids substituted), without the ``wazuh-analysisd: WARNING: `` prefix."""
    oracle = Path(__file__).resolve().parents[3] / "shared/reference/wazuh/oracle/rule_verdicts.jsonl"
    if not oracle.exists():
        pytest.skip("the oracle's rule_verdicts.jsonl (../shared) is not present")
    with oracle.open() as recording:
        case = next(json.loads(line) for line in recording if '"id": "mut-245"' in line)
    lines = [m.split("WARNING: ", 1)[1] for m in case["messages"] if "WARNING" in m]
    return [line.replace("99998", str(missing)).replace("100220", str(rule)) for line in lines]


@pytest.fixture(autouse=True)
def quick_polls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(restart_log, "POLL_S", 0.1)


async def restart_through_approval(standin: StandinServer) -> str:
    async with connect() as client:
        change_id = ok(await client.call_tool("restart_manager", {}))["change_id"]
    applied = await approve_now(default_store(), change_id, standin)
    assert applied.state == "applied" and applied.result is not None
    return change_id


async def test_a_rule_the_loader_drops_after_a_restart_is_reported(
    standin: StandinServer, audit_path: Path, api_env: dict[str, str]
) -> None:
    applied = await approve_now(default_store(), await requested("create_rule", {"rule_xml": CHILD}), standin)
    assert applied.state == "applied"
    # Someone edits local_rules.xml outside wazuh-mcp: 100001, the parent, is gone; and adds a broken rule of theirs.
    standin.state.ruleset.add(RuleFile("local_rules.xml", CUSTOM_DIR, WITHOUT_100001))
    standin.state.ruleset.add(RuleFile("someone.xml", CUSTOM_DIR, SOMEONE_ELSES))
    change_id = await restart_through_approval(standin)
    result = default_store().get(change_id).result or ""
    assert result.startswith("restart requested on manager; RULE LOADER WARNINGS (2): (7619): Empty 'if_sid'")
    for line in recorded_drop(100100, 100001):
        assert line in result, (line, result)
    assert "100500" not in result and "Event queue" not in result  # not wazuh-mcp's
    audited = [e for e in iter_events(audit_path) if e.change_id == change_id and e.tool == "approval.apply"]
    assert "Rule '100100' will be ignored" in str(audited[-1].args.get("result"))
    shown = run_cli(api_env, "show", change_id)
    assert "Rule '100100' will be ignored" in " ".join(shown.stdout.split()), shown.stdout


async def test_a_restart_that_finds_the_rules_loaded_says_so(standin: StandinServer) -> None:
    await approve_now(default_store(), await requested("create_rule", {"rule_xml": CHILD}), standin)
    change_id = await restart_through_approval(standin)
    result = default_store().get(change_id).result or ""
    assert "logged no warning about the rules wazuh-mcp wrote" in result


async def test_the_report_waits_for_the_manager_to_be_back(standin: StandinServer) -> None:
    """A real restart takes about 30 s: status answers 1017 meanwhile (recorded). The log is read once
    analysisd runs again and has logged since the restart, not from the manager that is going down."""
    await approve_now(default_store(), await requested("create_rule", {"rule_xml": CHILD}), standin)
    standin.state.ruleset.add(RuleFile("local_rules.xml", CUSTOM_DIR, WITHOUT_100001))
    standin.faults.set(restart_window_s=1.5)
    change_id = await restart_through_approval(standin)
    assert "Rule '100100' will be ignored" in (default_store().get(change_id).result or "")


async def test_a_manager_that_is_not_back_in_time_is_said_in_words(
    standin: StandinServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(restart_log, "WAIT_S", 0.5)
    await approve_now(default_store(), await requested("create_rule", {"rule_xml": CHILD}), standin)
    standin.faults.set(restart_window_s=30)
    change_id = await restart_through_approval(standin)
    result = default_store().get(change_id).result or ""
    assert re.search(r"not back within 0\.5 s.*GET /manager/logs\?tag=wazuh-analysisd", result), result


async def test_a_restart_with_no_rule_written_by_wazuh_mcp_reads_nothing(standin: StandinServer) -> None:
    change_id = await restart_through_approval(standin)
    assert "no rule written by wazuh-mcp" in (default_store().get(change_id).result or "")


def test_only_lines_naming_our_rules_or_files_count() -> None:
    ours = restart_log.Ours(frozenset({100100}), frozenset({"etc/rules/wazuh-mcp-100100.xml"}))
    assert ours.named_in("(7619): Empty 'if_sid' value. Rule '100100' will be ignored.")
    assert ours.named_in("(7612): Rule ID '100100' is duplicated. Only the first occurrence will be considered.")
    assert ours.named_in("(5107): Syntax error on tag 'regex' in rule 100100")
    assert ours.named_in("(1220): Error loading the rules: 'etc/rules/wazuh-mcp-100100.xml'.")
    assert not ours.named_in("(7619): Empty 'if_sid' value. Rule '1001001' will be ignored.")
    assert not ours.named_in("(7618): Event queue is 80% full.")
    assert not ours.named_in("Total rules enabled: '100100'")
