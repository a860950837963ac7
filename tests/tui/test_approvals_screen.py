"""The approvals screen with Pilot: a write proposed through the real MCP server against the Server
API stand-in, then approved (applied, audited) or rejected on screen after a confirmation."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp.client.client import Client

from standin.server import StandinServer
from tests.tui.conftest import api_password, settle, text_of
from tui.app import create_app
from tui.screens.confirm import ConfirmScreen, ReasonScreen
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.server.build import build_server
from wazuh_mcp.writes.approvals import default_store

SIZE = (120, 44)
RULE = """<group name="local,wazuh-mcp,">
  <rule id="{rule_id}" level="10">
    <if_sid>5716</if_sid>
    <description>Test rule {rule_id} from the approvals screen test.</description>
  </rule>
</group>
"""


@pytest.fixture
def api_env(standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    audit = isolated_env / "audit.jsonl"
    for key, value in {
        "WAZUH_MCP_API_URL": standin.url,
        "WAZUH_MCP_API_USER": "wazuh",
        "WAZUH_MCP_API_PASSWORD": api_password(),
        "WAZUH_MCP_API_CA_BUNDLE": str(standin.ca_path),
        "WAZUH_MCP_AUDIT_LOG": str(audit),
    }.items():
        monkeypatch.setenv(key, value)
    return audit


async def propose(rule_id: int) -> str:
    async with Client(build_server(Settings.load(role="admin", writes=True)), cache=None) as client:
        result = await client.call_tool("create_rule", {"rule_xml": RULE.format(rule_id=rule_id)})
    assert result.structured_content is not None, result.content
    return str(result.structured_content["change_id"])


async def test_approve_applies_once_and_is_audited(standin: StandinServer, api_env: Path) -> None:
    change_id = await propose(100201)
    app = create_app(start="approvals", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        info = text_of(app, "#change-info")
        assert change_id in info and "etc/rules/wazuh-mcp-100201.xml" in info
        change = default_store().get(change_id)
        assert change.change_sha256 in info and '+  <rule id="100201"' in info
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and change.change_sha256 in str(app.screen.question)
        await pilot.click("#yes")
        await settle(pilot, rounds=6)
        assert f"✔ {change_id} applied" in text_of(app, "#approval-result")
        assert "Nothing waiting for a decision" in text_of(app, "#change-info")
    assert default_store().get(change_id).state == "applied"
    assert 100201 in {int(r["id"]) for r in standin.state.ruleset.rules()}
    steps = [(e.tool, e.outcome) for e in iter_events(api_env) if e.change_id == change_id]
    assert ("approval.approve", "ok") in steps and ("approval.apply", "ok") in steps


async def test_reject_with_a_reason_after_confirmation(api_env: Path) -> None:
    change_id = await propose(100202)
    app = create_app(start="approvals", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, ReasonScreen)
        await pilot.press("escape")  # cancelled: still pending
        await settle(pilot)
        assert default_store().get(change_id).state == "pending"
        await pilot.press("x")
        await settle(pilot)
        await pilot.press(*"duplicate")
        await pilot.press("enter")
        await settle(pilot)
        assert f"✔ {change_id} rejected" in text_of(app, "#approval-result")
    change = default_store().get(change_id)
    assert change.state == "rejected" and change.reason == "duplicate"
    assert ("approval.reject", "ok") in [(e.tool, e.outcome) for e in iter_events(api_env) if e.change_id == change_id]


async def test_a_refused_approval_is_shown_not_raised(
    standin: StandinServer, api_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    change_id = await propose(100203)
    monkeypatch.setenv("WAZUH_MCP_API_URL", "https://127.0.0.1:1")  # not the Wazuh it was prepared for
    app = create_app(start="approvals", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot, rounds=6)
        result = text_of(app, "#approval-result")
        assert f"✖ {change_id} not applied" in result and "prepared against" in result
    assert default_store().get(change_id).state == "pending"


async def test_a_response_action_shows_its_requests_and_agents_and_can_be_undone(
    standin: StandinServer, api_env: Path
) -> None:
    async with Client(build_server(Settings.load(role="admin", writes=True)), cache=None) as client:
        result = await client.call_tool("add_agent_to_group", {"agent_id": "005", "group": "dmz"})
    assert result.structured_content is not None, result.content
    change_id = str(result.structured_content["change_id"])
    app = create_app(start="approvals", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        info = text_of(app, "#change-info")
        assert "PUT /agents/005/group/dmz" in info and "005 k8s-node-nyc-01" in info
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "Sends: PUT /agents/005/group/dmz" in str(app.screen.question)
        await pilot.click("#yes")
        await settle(pilot, rounds=6)
        assert "Press u to propose its undo" in text_of(app, "#approval-result")
        assert "dmz" in (standin.state.fleet.agent("005") or {})["group"]
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.click("#yes")
        await settle(pilot, rounds=6)
        assert "✔ Proposed ch-" in text_of(app, "#approval-result")
    pending = default_store().list_pending()
    assert [(c.tool, c.undo_of) for c in pending] == [("respond.remove_agent_from_group", change_id)]
    assert "dmz" in (standin.state.fleet.agent("005") or {})["group"]  # the undo waits for approval
