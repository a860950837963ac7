"""Fail closed for approvals: `wazuh-mcp approve` applies nothing when its audit record cannot be
written, says why, and applies the change once the audit log is usable again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, connect, ok, run_cli, uploads
from wazuh_mcp.runtime.audit import changes_path, iter_events


async def test_approval_is_refused_before_wazuh_when_its_record_cannot_be_written(
    standin: StandinServer, api_env: dict[str, str], audit_path: Path, isolated_env: Path
) -> None:
    async with connect() as client:
        asked = ok(await client.call_tool("create_rule", {"rule_xml": NEW_RULE}))
    blocker = isolated_env / "blocker"
    blocker.write_text("a file where the audit directory should be")
    broken = {**api_env, "WAZUH_MCP_AUDIT_LOG": str(blocker / "audit.jsonl")}

    refused = await asyncio.to_thread(run_cli, broken, "approve", asked["change_id"], "--yes")
    assert refused.returncode == 1
    assert "configuration_error: Refused before reaching Wazuh: the audit record cannot be written" in refused.stderr
    assert "Not a directory" in refused.stderr and "Traceback" not in refused.stderr
    assert uploads(standin) == []

    applied = await asyncio.to_thread(run_cli, api_env, "approve", asked["change_id"], "--yes")
    assert applied.returncode == 0, applied.stderr
    assert uploads(standin) == ["etc/rules/wazuh-mcp-100100.xml"]
    kept = [(e.tool, e.outcome) for e in iter_events(changes_path(audit_path))]
    assert kept == [
        ("approval.request", "ok"),
        ("write.create_rule", "ok"),
        ("approval.approve", "ok"),
        ("approval.apply", "ok"),
    ]
