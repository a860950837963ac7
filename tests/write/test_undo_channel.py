"""v24's note: a ``wazuh-mcp undo`` of a change a stdio session asked for inherited ``channel: stdio`` in the
new change's record (and so in what its audit shows), although the undo was asked by a person at the command
line. The undo is the CLI's own request: it records the CLI's channel, as ``wazuh-mcp approve`` decides as
``cli`` (``local_approver``), and its ``approval.request`` audit record says so. The workstation's own user can
still approve it there (file store), as for the stdio change it undoes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from standin.server import StandinServer
from tests.write.conftest import connect, ok, run_cli
from tests.write.test_approvals import approve_now
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes.approvals import default_store, propose_undo

pytestmark = pytest.mark.usefixtures("responses_configured")


async def applied_isolation(standin: StandinServer) -> str:
    async with connect() as client:  # an in-process client: the server's transport is stdio
        result: dict[str, Any] = ok(await client.call_tool("isolate_agent", {"agent_id": "001"}))
    change_id = str(result["change_id"])
    assert (await approve_now(default_store(), change_id, standin)).state == "applied"
    return change_id


def request_channel(audit: Path, change_id: str) -> object:
    [record] = [e for e in iter_events(audit) if e.tool == "approval.request" and e.change_id == change_id]
    return record.args.get("channel")


async def test_an_undo_asked_at_the_command_line_records_the_cli_channel(
    standin: StandinServer, audit_path: Path
) -> None:
    change_id = await applied_isolation(standin)
    assert default_store().get(change_id).requested_by.channel == "stdio"
    undo = await propose_undo(change_id)  # what `wazuh-mcp undo` and the launcher call
    assert undo.requested_by.channel == "cli" and undo.undo_of == change_id
    assert request_channel(audit_path, change_id) == "stdio" and request_channel(audit_path, undo.id) == "cli"
    # The workstation's own user approves it at the command line, as for the stdio change it undoes.
    assert (await approve_now(default_store(), undo.id, standin)).state == "applied"
    assert [r["command"] for r in standin.state.snapshot()["responses"]] == ["wazuh-mcp-isolate0", "wazuh-mcp-release0"]


async def test_the_undo_command_itself_records_the_cli_channel(
    standin: StandinServer, audit_path: Path, api_env: dict[str, str]
) -> None:
    change_id = await applied_isolation(standin)
    done = run_cli(api_env, "undo", change_id)
    assert done.returncode == 0, done.stderr
    [undo] = [c for c in default_store().list_changes() if c.undo_of == change_id]
    assert undo.requested_by.channel == "cli" and request_channel(audit_path, undo.id) == "cli"
