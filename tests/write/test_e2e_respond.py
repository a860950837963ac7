"""End to end: an MCP client asks for response actions; a person approves, and undoes, from another
process (`wazuh-mcp approve|show|undo` as real subprocesses with the server's environment).

1. In-process server on the HTTPS stand-in (its state is inspected directly).
2. Over stdio against `python -m wazuh_mcp serve --demo`, whose stand-in the approving process finds
   through `<state dir>/demo.json`; effects are read back through the server's own tools.
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

import pytest
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters

from standin.server import StandinServer
from tests.write.conftest import connect, ok, run_cli
from tests.write.test_e2e_approval import demo_env  # noqa: F401 - the fixture
from tests.write.test_respond import responses_configured  # noqa: F401 - autouse here too: the settings file with the response commands
from wazuh_mcp.runtime.audit import iter_events

RESPONSE_TOOLS = {
    "restart_agents",
    "isolate_agent",
    "release_agent",
    "block_ip",
    "unblock_ip",
    "run_active_response",
    "add_agent_to_group",
    "remove_agent_from_group",
}


def proposed(stdout: str) -> str:
    match = re.search(r"Proposed (ch-[0-9a-f]{8})", stdout)
    assert match, stdout
    return match.group(1)


async def test_isolate_then_undo_approved_in_other_processes(
    standin: StandinServer, api_env: dict[str, str], audit_path: Path
) -> None:
    async with connect() as client:
        asked = ok(await client.call_tool("isolate_agent", {"agent_id": "001"}))
    assert asked["status"] == "pending_approval" and not standin.state.snapshot()["responses"]

    shown = await asyncio.to_thread(run_cli, api_env, "show", asked["change_id"])
    assert shown.returncode == 0 and asked["change_sha256"] in shown.stdout
    assert 'PUT /active-response?agents_list=001 {"arguments":[],"command":"wazuh-mcp-isolate0"}' in shown.stdout
    assert "001 web-fra-01 (Amazon Linux" in shown.stdout and "at most 10 agents" in shown.stdout

    approved = await asyncio.to_thread(run_cli, api_env, "approve", asked["change_id"], "--yes")
    assert approved.returncode == 0, approved.stderr
    assert f"wazuh-mcp undo {asked['change_id']}" in approved.stdout
    assert [(r["agent_id"], r["command"]) for r in standin.state.snapshot()["responses"]] == [
        ("001", "wazuh-mcp-isolate0")
    ]
    again = await asyncio.to_thread(run_cli, api_env, "approve", asked["change_id"], "--yes")
    assert again.returncode == 1 and "already applied" in again.stderr

    undone = await asyncio.to_thread(run_cli, api_env, "undo", asked["change_id"])
    assert undone.returncode == 0, undone.stderr
    release = proposed(undone.stdout)
    assert "respond.release_agent" in undone.stdout and len(standin.state.snapshot()["responses"]) == 1
    released = await asyncio.to_thread(run_cli, api_env, "approve", release, "--yes")
    assert released.returncode == 0, released.stderr
    assert [r["command"] for r in standin.state.snapshot()["responses"]] == ["wazuh-mcp-isolate0", "wazuh-mcp-release0"]

    shown = await asyncio.to_thread(run_cli, api_env, "show", release)
    assert f"undoes      {asked['change_id']}" in shown.stdout and "sent to: 001" in shown.stdout
    steps = [(e.tool, e.change_id) for e in iter_events(audit_path) if e.toolset == "approval"]
    assert ("approval.apply", asked["change_id"]) in steps and ("approval.request", release) in steps
    apply = next(e for e in iter_events(audit_path) if e.tool == "approval.apply" and e.change_id == release)
    assert apply.outcome == "ok" and "sent to 001" in str(apply.args)


async def test_group_membership_change_shows_in_later_reads(standin: StandinServer, api_env: dict[str, str]) -> None:
    async with connect() as client:
        asked = ok(await client.call_tool("add_agent_to_group", {"agent_id": "005", "group": "dmz"}))
        before = ok(await client.call_tool("get_agent", {"agent_id": "005"}))
        approved = await asyncio.to_thread(run_cli, api_env, "approve", asked["change_id"], "--yes")
        assert approved.returncode == 0, approved.stderr
        after = ok(await client.call_tool("get_agent", {"agent_id": "005"}))
    assert "dmz" not in str(before) and "dmz" in str(after)


@pytest.mark.slow
async def test_response_tools_over_stdio_against_serve_demo(demo_env: dict[str, str]) -> None:  # noqa: F811
    params = StdioServerParameters(command=sys.executable, args=["-m", "wazuh_mcp", "serve", "--demo"], env=demo_env)
    async with Client(params, cache=None) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        assert names >= RESPONSE_TOOLS
        for tool, arguments in (
            ("isolate_agent", {"agent_id": "001"}),
            ("block_ip", {"ip": "203.0.113.7", "agent_ids": ["001"]}),
            ("run_active_response", {"command": "restart-wazuh", "agent_ids": ["001"]}),
        ):
            result = (await client.call_tool(tool, arguments)).structured_content
            assert result is not None and result["status"] == "pending_approval", (tool, result)
        refused = await client.call_tool("run_active_response", {"command": "rm", "agent_ids": ["001"]})
        assert refused.is_error

        asked = (await client.call_tool("add_agent_to_group", {"agent_id": "005", "group": "dmz"})).structured_content
        assert asked is not None
        approved = await asyncio.to_thread(run_cli, demo_env, "approve", asked["change_id"], "--yes")
        assert approved.returncode == 0, approved.stderr
        agent = (await client.call_tool("get_agent", {"agent_id": "005"})).structured_content
        assert "dmz" in str(agent)
        undone = await asyncio.to_thread(run_cli, demo_env, "undo", asked["change_id"])
        assert undone.returncode == 0, undone.stderr
        back = await asyncio.to_thread(run_cli, demo_env, "approve", proposed(undone.stdout), "--yes")
        assert back.returncode == 0, back.stderr
        agent = (await client.call_tool("get_agent", {"agent_id": "005"})).structured_content
        assert "dmz" not in str(agent)
