"""The write tools through an in-process MCP client against the Server API stand-in: what is
recorded, what is refused, and that Wazuh stays untouched until a person approves."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from standin.rules import RuleFile
from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, connect, error_text, ok, rule_ids, settings, uploads
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes.approvals import default_store, pending_dir


async def test_create_rule_records_a_pending_change_and_leaves_wazuh_unchanged(
    standin: StandinServer, audit_path: Path
) -> None:
    before = rule_ids(standin)
    async with connect() as client:
        result = ok(await client.call_tool("create_rule", {"rule_xml": NEW_RULE}))
    assert result["status"] == "pending_approval"
    assert result["target"] == "etc/rules/wazuh-mcp-100100.xml" and result["rule_ids"] == [100100]
    change_id = result["change_id"]
    assert result["approve_with"] == f"wazuh-mcp approve {change_id}"
    assert '+  <rule id="100100"' in result["diff"] and result["diff"].startswith("--- /dev/null")
    assert "You cannot approve it yourself" in result["message"]
    assert uploads(standin) == [] and rule_ids(standin) == before and 100100 not in before

    record = pending_dir() / f"{change_id}.json"
    assert record.stat().st_mode & 0o777 == 0o600 and pending_dir().stat().st_mode & 0o777 == 0o700
    change = default_store().get(change_id)
    assert change.state == "pending" and change.payload == NEW_RULE and change.base_sha256 is None
    assert change.change_sha256 == result["change_sha256"] and change.requested_by.api_url == standin.url
    assert change.requested_by.role == "admin" and change.requested_by.wazuh_user == "wazuh"
    assert change.requested_by.session and not change.requested_by.demo

    events = list(iter_events(audit_path))
    assert [(e.tool, e.outcome) for e in events] == [("approval.request", "ok"), ("write.create_rule", "ok")]
    assert events[0].change_id == events[1].change_id == change_id  # the tool call is tied to its change too
    assert events[0].session == events[1].session == change.requested_by.session


async def test_confirm_true_changes_nothing_under_the_default_tier(standin: StandinServer) -> None:
    async with connect() as client:
        result = ok(await client.call_tool("create_rule", {"rule_xml": NEW_RULE, "confirm": True}))
    assert result["status"] == "pending_approval" and "confirm=true has no effect" in result["message"]
    assert uploads(standin) == []


BAD_INPUT = [
    ("<group name='x'><rule id='100300' level='3'>", "Element 'rule' not closed"),
    ('<group name="x"><rule id="5716" level="3"><description>d</description></rule></group>', "custom range"),
    ('<group name="x"><rule id="130000" level="3"><description>d</description></rule></group>', "custom range"),
    (
        '<!DOCTYPE g [<!ENTITY e "x">]><group name="x"><rule id="100300" level="3"><description>&e;</description>'
        "</rule></group>",
        "Comment not closed",
    ),
    (
        '<group name="x"><rule id="100001" level="3"><description>d</description></rule></group>',
        "100001 (in etc/rules/local_rules.xml)",
    ),
]


@pytest.mark.parametrize("xml, words", BAD_INPUT)
async def test_bad_rule_xml_is_refused_before_anything_is_recorded(
    standin: StandinServer, audit_path: Path, xml: str, words: str
) -> None:
    async with connect() as client:
        text = error_text(await client.call_tool("create_rule", {"rule_xml": xml}))
    assert text.startswith("invalid_argument:") and words in text
    assert uploads(standin) == [] and default_store().list_changes() == []
    assert [(e.tool, e.error_code) for e in iter_events(audit_path)] == [("write.create_rule", "invalid_argument")]


async def test_create_rule_refuses_a_file_that_already_exists(standin: StandinServer) -> None:
    other = '<group name="x,"><rule id="100500" level="3"><description>other</description></rule></group>'
    standin.state.ruleset.add(RuleFile("wazuh-mcp-100100.xml", "etc/rules", other, uploaded=True))
    async with connect() as client:
        text = error_text(await client.call_tool("create_rule", {"rule_xml": NEW_RULE}))
    assert text.startswith("invalid_argument:") and "etc/rules/wazuh-mcp-100100.xml already exists" in text
    assert "update_rule" in text


async def test_update_rule_diffs_against_the_current_file_and_names_removed_rules(standin: StandinServer) -> None:
    new = (
        '<group name="local,syslog,sshd,">\n  <rule id="100001" level="7">\n    <if_sid>5716</if_sid>\n'
        "    <srcip>1.1.1.1</srcip>\n    <description>sshd: authentication failed from IP 1.1.1.1 (raised)."
        "</description>\n  </rule>\n</group>\n"
    )
    async with connect() as client:
        result = ok(await client.call_tool("update_rule", {"rule_id": 100001, "rule_xml": new}))
    assert result["status"] == "pending_approval" and result["target"] == "etc/rules/local_rules.xml"
    assert '-  <rule id="100001" level="5">' in result["diff"] and '+  <rule id="100001" level="7">' in result["diff"]
    assert result["diff"].startswith("--- a/etc/rules/local_rules.xml")
    change = default_store().get(result["change_id"])
    current = standin.state.ruleset.find("local_rules.xml", "etc/rules")
    assert current is not None
    assert change.base_sha256 == hashlib.sha256(current.content.encode()).hexdigest()
    assert uploads(standin) == []


@pytest.mark.parametrize(
    "arguments, code, words",
    [
        ({"rule_id": 5716, "rule_xml": NEW_RULE}, "invalid_argument", "'rule_id'"),
        ({"rule_id": 100100, "rule_xml": NEW_RULE}, "not_found", "Rule 100100 does not exist"),
        ({"rule_id": 100001, "rule_xml": NEW_RULE}, "invalid_argument", "must still define rule 100001"),
    ],
)
async def test_update_rule_refusals(
    standin: StandinServer, arguments: dict[str, object], code: str, words: str
) -> None:
    async with connect() as client:
        text = error_text(await client.call_tool("update_rule", arguments))
    assert text.startswith(f"{code}:") and words in text
    assert default_store().list_changes() == []


async def test_update_rule_refuses_identical_content(standin: StandinServer) -> None:
    current = standin.state.ruleset.find("local_rules.xml", "etc/rules")
    assert current is not None
    xml = current.content
    async with connect() as client:
        text = error_text(await client.call_tool("update_rule", {"rule_id": 100001, "rule_xml": xml}))
    assert "nothing to change" in text


async def test_restart_manager_waits_for_approval_and_cluster_scope_needs_a_cluster(standin: StandinServer) -> None:
    async with connect() as client:
        result = ok(await client.call_tool("restart_manager", {}))
        cluster = error_text(await client.call_tool("restart_manager", {"scope": "cluster"}))
    assert result["status"] == "pending_approval" and result["target"] == "manager"
    assert "cluster_status" in result["message"]
    assert not any(standin.state.snapshot()["restarts"].values())
    assert cluster.startswith("invalid_argument:") and "scope='manager'" in cluster


async def test_caller_attested_tier_asks_for_confirm_then_applies(standin: StandinServer, audit_path: Path) -> None:
    s = settings(write_tiers={"write.create_rule": "caller_attested"})
    async with connect(s) as client:
        asked = ok(await client.call_tool("create_rule", {"rule_xml": NEW_RULE}))
        assert asked["status"] == "confirmation_required" and asked["change_id"] is None
        assert uploads(standin) == [] and default_store().list_changes() == []
        applied = ok(await client.call_tool("create_rule", {"rule_xml": NEW_RULE, "confirm": True}))
        again = error_text(await client.call_tool("create_rule", {"rule_xml": NEW_RULE, "confirm": True}))
    assert applied["status"] == "applied" and uploads(standin) == ["etc/rules/wazuh-mcp-100100.xml"]
    assert 100100 in rule_ids(standin)
    assert again.startswith("invalid_argument:") and "already used" in again  # the approval did not carry over
    steps = [e.tool for e in iter_events(audit_path)]
    assert steps == [
        "write.create_rule",
        "approval.request",
        "approval.attest",
        "approval.apply",
        "write.create_rule",
        "write.create_rule",
    ]
    assert default_store().get(applied["change_id"]).state == "applied"


async def test_tool_results_are_compact_json(standin: StandinServer) -> None:
    async with connect() as client:
        result = await client.call_tool("restart_manager", {"scope": "manager"})
    text = result.content[0].text  # type: ignore[union-attr]
    assert json.loads(text)["status"] == "pending_approval" and "\n  " not in text
