"""End to end: an MCP client asks for a rule, a person approves it from another process.

1. In-process server on the HTTPS stand-in; `wazuh-mcp approve` as a real subprocess with the
   same environment (state dir, audit log, settings file, Server API URL/user/password/CA).
2. Over stdio against `python -m wazuh_mcp serve --demo` (writes on, role admin): the approve
   subprocess finds the demo's stand-in through `<state dir>/demo.json`.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import TextResourceContents

from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, connect, error_text, ok, run_cli, settings, uploads
from wazuh_mcp.runtime.audit import iter_events


async def rule_resource(client: Client, rule_id: int) -> dict[str, object]:
    result = await client.read_resource(f"wazuh://rules/{rule_id}")
    content = result.contents[0]
    assert isinstance(content, TextResourceContents)
    data = json.loads(content.text)
    assert isinstance(data, dict)
    return data


async def test_requested_rule_is_applied_only_by_a_person_in_another_process(
    standin: StandinServer, api_env: dict[str, str], audit_path: Path
) -> None:
    async with connect() as client:
        asked = ok(await client.call_tool("create_rule", {"rule_xml": NEW_RULE}))
        assert asked["status"] == "pending_approval"
        assert uploads(standin) == []  # the stand-in is unchanged
        attested = ok(await client.call_tool("restart_manager", {"confirm": True}))
        assert attested["status"] == "pending_approval"  # confirm=true under the default tier changes nothing
        assert not any(standin.state.snapshot()["restarts"].values())

        listed = await asyncio.to_thread(run_cli, api_env, "pending")
        assert listed.returncode == 0 and asked["change_id"] in listed.stdout and attested["change_id"] in listed.stdout

        first = await asyncio.to_thread(run_cli, api_env, "approve", asked["change_id"], "--yes")
        assert first.returncode == 0, first.stderr
        assert "Applied" in first.stdout and '+  <rule id="100100"' in first.stdout  # it showed the diff
        written = standin.state.ruleset.find("wazuh-mcp-100100.xml", "etc/rules")
        assert written is not None and written.content == NEW_RULE  # exactly that change

        rule = await rule_resource(client, 100100)
        assert rule["filename"] == "wazuh-mcp-100100.xml" and rule["level"] == 10

        second = await asyncio.to_thread(run_cli, api_env, "approve", asked["change_id"], "--yes")
        assert second.returncode == 1 and "conflict:" in second.stderr and "already applied" in second.stderr

        rejected = await asyncio.to_thread(run_cli, api_env, "reject", attested["change_id"], "--reason", "not now")
        assert rejected.returncode == 0 and not any(standin.state.snapshot()["restarts"].values())
    assert uploads(standin) == ["etc/rules/wazuh-mcp-100100.xml"]

    steps = [(e.tool, e.outcome, e.change_id) for e in iter_events(audit_path) if e.toolset == "approval"]
    cid, rid = asked["change_id"], attested["change_id"]
    assert steps == [
        ("approval.request", "ok", cid),
        ("approval.request", "ok", rid),
        ("approval.approve", "ok", cid),
        ("approval.apply", "ok", cid),
        ("approval.approve", "error", cid),
        ("approval.reject", "ok", rid),
    ]
    sessions = {e.session for e in iter_events(audit_path) if e.tool in ("approval.approve", "approval.reject")}
    assert all(s and s.startswith("cli-") for s in sessions) and len(sessions) == 3  # three separate processes


async def test_two_people_approving_at_once_apply_it_once(standin: StandinServer, api_env: dict[str, str]) -> None:
    async with connect() as client:
        change_id = ok(await client.call_tool("create_rule", {"rule_xml": NEW_RULE}))["change_id"]
    standin.faults.latency_s = 0.5
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "wazuh_mcp",
            "approve",
            change_id,
            "--yes",
            env=api_env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        for _ in range(2)
    ]
    results = await asyncio.wait_for(asyncio.gather(*(p.communicate() for p in procs)), timeout=60)
    standin.faults.latency_s = 0
    codes = sorted(p.returncode or 0 for p in procs)
    assert codes == [0, 1], results
    errors = [err.decode() for _, err in results]
    assert any(
        words in err
        for err in errors
        for words in ("being decided by another process", "being applied by another process", "already applied")
    ), errors
    assert uploads(standin) == ["etc/rules/wazuh-mcp-100100.xml"]


async def test_under_role_readonly_no_write_tool_is_listed_or_callable(standin: StandinServer) -> None:
    async with connect(settings(role="readonly", writes=True)) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        assert not names & {"create_rule", "update_rule", "restart_manager"}
        for name, arguments in (("create_rule", {"rule_xml": NEW_RULE}), ("restart_manager", {})):
            text = error_text(await client.call_tool(name, arguments))
            assert text.startswith("forbidden:") and "readonly" in text
    assert uploads(standin) == []


@pytest.fixture
def demo_env(isolated_env: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WAZUH_MCP_") or k.startswith("WAZUH_MCP_TEST_")}
    env.update(
        WAZUH_MCP_STATE_DIR=str(isolated_env / "demo-state"),
        WAZUH_MCP_CONFIG=str(isolated_env / "none.toml"),
        WAZUH_MCP_AUDIT_LOG=str(isolated_env / "demo-audit.jsonl"),
        WAZUH_MCP_WRITES="on",
        WAZUH_MCP_ROLE="admin",
    )
    return env


@pytest.mark.slow
async def test_over_stdio_against_serve_demo(demo_env: dict[str, str]) -> None:
    params = StdioServerParameters(command=sys.executable, args=["-m", "wazuh_mcp", "serve", "--demo"], env=demo_env)
    async with Client(params, cache=None) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        assert {"create_rule", "update_rule", "restart_manager"} <= names
        asked = (await client.call_tool("create_rule", {"rule_xml": NEW_RULE})).structured_content
        assert asked is not None and asked["status"] == "pending_approval"
        before = await client.read_resource("wazuh://rules/100001")
        assert before.contents

        approved = await asyncio.to_thread(run_cli, demo_env, "approve", asked["change_id"], "--yes")
        assert approved.returncode == 0, approved.stderr
        rule = await rule_resource(client, 100100)  # the demo's own stand-in now has it
        assert rule["filename"] == "wazuh-mcp-100100.xml"
        again = await asyncio.to_thread(run_cli, demo_env, "approve", asked["change_id"], "--yes")
        assert again.returncode == 1 and "already applied" in again.stderr
        pending = await asyncio.to_thread(run_cli, demo_env, "pending")
        assert "No change is waiting" in pending.stdout

    events = list(iter_events(Path(demo_env["WAZUH_MCP_AUDIT_LOG"])))
    request = next(e for e in events if e.tool == "approval.request")
    apply = next(e for e in events if e.tool == "approval.apply")
    assert request.change_id == apply.change_id == asked["change_id"] and apply.outcome == "ok"
    assert request.session != apply.session  # asked by the server, applied by the CLI process

    stale = await asyncio.to_thread(run_cli, demo_env, "pending", "--all")
    assert "applied" in stale.stdout
