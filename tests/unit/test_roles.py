"""Role allowlists and the writes switch, enforced by the registry for every tool (no backend needed)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from mcp.client.client import Client
from mcp_types import TextContent

from wazuh_mcp.config.settings import DEFAULT_ROLE_TOOL_ALLOWLIST, ROLE_LEAVES_OUT, Settings
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.runtime.registry import ToolInfo, role_allows
from wazuh_mcp.server.build import build_server
from wazuh_mcp.tools.catalogue import all_tools

RULE_WRITE_IDS = {"write.create_rule", "write.update_rule", "write.restart_manager"}
RESPONSE_IDS = {
    f"respond.{name}"
    for name in (
        "restart_agents",
        "isolate_agent",
        "release_agent",
        "block_ip",
        "unblock_ip",
        "run_active_response",
        "add_agent_to_group",
        "remove_agent_from_group",
    )
}
WRITE_IDS = RULE_WRITE_IDS | RESPONSE_IDS


def settings(tmp_path: Path, **overrides: Any) -> Settings:
    return Settings.load(audit_log=tmp_path / "audit.jsonl", **overrides)


async def listed(s: Settings) -> set[str]:
    return {t.name for t in await build_server(s).list_tools()}


def test_every_tool_declares_its_hints_and_writes_are_exactly_the_non_read_only_tools() -> None:
    specs = all_tools()
    assert specs, "the registry is empty"
    for spec in specs:
        hints = spec.annotations
        assert hints.read_only_hint is not None and hints.destructive_hint is not None, spec.id
        assert hints.title, spec.id
        if spec.read_only:
            assert not hints.destructive_hint, f"{spec.id} is read-only yet destructive"
    assert {s.id for s in specs if not s.read_only} == WRITE_IDS
    assert {s.id for s in specs if s.toolset == "write"} == RULE_WRITE_IDS
    assert {s.id for s in specs if s.toolset == "respond"} == RESPONSE_IDS
    for spec in specs:
        if spec.is_write:
            assert not spec.idempotent, f"{spec.id}: a change request is never idempotent"
    assert {s.name for s in specs if s.is_write} == {i.split(".", 1)[1] for i in WRITE_IDS}


@pytest.mark.parametrize("role", sorted(DEFAULT_ROLE_TOOL_ALLOWLIST))
async def test_with_writes_off_no_role_lists_a_write_tool(tmp_path: Path, role: str) -> None:
    names = await listed(settings(tmp_path, role=role, writes=False))
    assert names and not names & {i.split(".", 1)[1] for i in WRITE_IDS}


async def test_only_a_role_allowed_write_tools_lists_them_when_writes_are_on(tmp_path: Path) -> None:
    assert {"create_rule", "update_rule", "restart_manager"} <= await listed(
        settings(tmp_path, role="admin", writes=True)
    )
    for role in ("analyst", "readonly"):
        assert not await listed(settings(tmp_path, role=role, writes=True)) & {"create_rule", "restart_manager"}


@pytest.mark.parametrize("role", sorted(DEFAULT_ROLE_TOOL_ALLOWLIST))
async def test_each_default_role_lists_exactly_what_its_globs_allow(tmp_path: Path, role: str) -> None:
    patterns = DEFAULT_ROLE_TOOL_ALLOWLIST[role]
    expected = {s.name for s in all_tools() if role_allows(patterns, s.id)}
    assert await listed(settings(tmp_path, role=role, writes=True)) == expected


def unexplained(role: str, tools: list[ToolInfo]) -> tuple[list[str], list[str]]:
    """Read tools ``role`` neither allows nor leaves out with a reason; and reasons that no longer apply."""
    allowed, out = DEFAULT_ROLE_TOOL_ALLOWLIST[role], ROLE_LEAVES_OUT.get(role, {})
    left_out = [t.id for t in tools if t.read_only and not role_allows(allowed, t.id)]
    missing = [
        i for i in left_out if not any(role_allows([glob], i) and reason.strip() for glob, reason in out.items())
    ]
    stale = [glob for glob in out if not any(role_allows([glob], i) for i in left_out)]
    return missing, stale


@pytest.mark.parametrize("role", sorted(DEFAULT_ROLE_TOOL_ALLOWLIST))
def test_every_read_tool_is_in_each_default_role_or_left_out_with_a_reason(role: str) -> None:
    """Issue 18: a new read tool silently missed the readonly role. Each role lists it, or says why not."""
    missing, stale = unexplained(role, [spec.info for spec in all_tools()])
    assert missing == [], f"role '{role}' lacks {missing}: add them to its allowlist, or to ROLE_LEAVES_OUT with why"
    assert stale == [], f"ROLE_LEAVES_OUT['{role}'] explains tools the role has (or that no longer exist): {stale}"


def test_a_read_tool_left_out_without_a_reason_is_caught() -> None:
    new = ToolInfo(id="agents.agent_services", title="Agent services", name="agent_services")
    tools = [spec.info for spec in all_tools()]
    assert unexplained("readonly", [*tools, new]) == (["agents.agent_services"], [])
    assert unexplained("analyst", [*tools, new]) == ([], [])  # agents.* covers it
    assert unexplained("readonly", [t for t in tools if t.toolset != "hunt"])[1] == ["hunt.*"]


def test_the_seed_defaults_hold() -> None:
    assert DEFAULT_ROLE_TOOL_ALLOWLIST["admin"] == ["*"]
    readonly = DEFAULT_ROLE_TOOL_ALLOWLIST["readonly"]
    assert role_allows(readonly, "cluster.status") and not role_allows(readonly, "cluster.restart")
    assert not role_allows(readonly, "hunt.hunt_query") and not role_allows(readonly, "agents.agent_processes")
    assert not any(role_allows(DEFAULT_ROLE_TOOL_ALLOWLIST[r], w) for r in ("analyst", "readonly") for w in WRITE_IDS)


async def call(s: Settings, name: str, arguments: dict[str, Any]) -> str:
    async with Client(build_server(s)) as client:
        result = await client.call_tool(name, arguments)
    assert result.is_error
    first = result.content[0]
    assert isinstance(first, TextContent)
    return first.text


async def test_a_direct_call_outside_the_role_is_forbidden_and_audited(tmp_path: Path) -> None:
    s = settings(tmp_path, role="readonly", writes=True)
    assert "create_rule" not in await listed(s)
    text = await call(s, "create_rule", {"rule_xml": "<group name='x'/>"})
    assert text.startswith("forbidden:") and "write.create_rule" in text and "readonly" in text
    text = await call(s, "hunt_query", {"time_range": "1h", "must": []})
    assert text.startswith("forbidden:") and "hunt.hunt_query" in text
    events = list(iter_events(s.audit_path))
    assert [(e.tool, e.error_code, e.role) for e in events] == [
        ("write.create_rule", "forbidden", "readonly"),
        ("hunt.hunt_query", "forbidden", "readonly"),
    ]


async def test_write_tools_are_forbidden_when_writes_are_off_even_for_admin(tmp_path: Path) -> None:
    s = settings(tmp_path, role="admin", writes=False)
    text = await call(s, "restart_manager", {})
    assert text.startswith("forbidden:") and "WAZUH_MCP_WRITES=on" in text
    assert [e.error_code for e in iter_events(s.audit_path)] == ["forbidden"]


async def test_an_unknown_role_allows_nothing_and_says_so_at_startup(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    s = settings(tmp_path, role="auditor", writes=True)
    with caplog.at_level(logging.WARNING, logger="wazuh_mcp.server.build"):
        assert await listed(s) == set()
    assert any("auditor" in r.getMessage() and "no tool" in r.getMessage() for r in caplog.records)
    text = await call(s, "get_agent", {"agent_id": "001"})
    assert text.startswith("forbidden:") and "'auditor' is not defined" in text
    assert [e.error_code for e in iter_events(s.audit_path)] == ["forbidden"]


async def test_role_and_custom_globs_come_from_the_settings_file_and_env(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(
        '[profiles.default]\nrole = "analyst"\n\n[profiles.default.role_tool_allowlist]\n'
        'triage = ["alerts.*", "cluster.status"]\nadmin = ["*"]\n'
    )
    monkeypatch.setenv("WAZUH_MCP_CONFIG", str(config))
    monkeypatch.setenv("WAZUH_MCP_ROLE", "triage")
    s = Settings.load(audit_log=tmp_path / "audit.jsonl", writes=True)
    assert s.role == "triage"
    names = await listed(s)
    assert "cluster_status" in names and "get_alert" in names
    assert not names & {"get_agent", "hunt_query", "create_rule"}


async def test_prompts_pre_fetch_through_the_role_check(tmp_path: Path) -> None:
    s = settings(tmp_path, role="mitre_only", writes=False, role_tool_allowlist={"mitre_only": ["mitre.*"]})
    async with Client(build_server(s)) as client:
        prompt = await client.get_prompt("agent-posture", {"agent_id": "7"})
    text = prompt.messages[0].content.text  # type: ignore[union-attr]
    assert "get_agent failed: forbidden:" in text and "agents.get_agent" in text
    assert "list_vulnerabilities_by_agent failed: forbidden:" in text
    tools = [(e.tool, e.error_code) for e in iter_events(s.audit_path)]
    assert ("agents.get_agent", "forbidden") in tools
