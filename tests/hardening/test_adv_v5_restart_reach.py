"""ADV5-R: an agent restart or reload on Wazuh 5.x, planned with 4.x's idea of who receives it.

The plan a person approves lists the agents reached and notes those that "will not receive it (not
connected)": 4.x's rule (1707). Wazuh 5.0 reaches agents by version instead
(``spec-5.0.0.yaml``: ``PUT /agents/restart`` and ``/agents/reload`` fail an agent below v5.0.0 with 1761;
the 5.0 stand-in, after framework/wazuh/agent.py, queues the command for an agent whatever its status):

- **Shown as reached, never reached.** A reload (or restart) of an agent still at 4.x was recorded and shown as
  reaching it; approved, Wazuh sent nothing ("sent to no agent", or a partial result after approval).
- **Shown as not reached, reached.** A restart of a connected and a pending agent was shown with "Will not
  receive it (not connected): 003"; approved, Wazuh 5.0 sent it to 003 too: more than the person approved.
- **The same across an upgrade.** Asked while the manager answered as 4.14.7 (the note recorded), approved
  once it answered as 5.0.0: sent to the agent the note said would not receive it.

Now 5.x refuses, in words and before a record exists, an agent below v5.0.0 and an agent not connected, and the
applier refuses a recorded agent that was not connected once the manager is 5.x. Through the official MCP
client and ``wazuh-mcp approve`` in another process, against the HTTPS 5.0 Server API stand-in.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from standin.app import StandinConfig
from standin.fleet import set_agent_version
from standin.server import StandinServer
from tests.write.conftest import connect, error_text, ok, point_at, run_cli
from tests.write.test_approvals import steps
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes.approvals import default_store


@pytest.fixture
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True, config=StandinConfig(generation=5)) as server:
        yield server


@pytest.fixture
def env(standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    return point_at(standin, isolated_env, monkeypatch)


def status(standin: StandinServer, agent_id: str) -> str:
    return str((standin.state.fleet.agent(agent_id) or {})["status"])


def reached(standin: StandinServer) -> dict[str, int]:
    snapshot = standin.state.snapshot()
    return {**snapshot["agent_restarts"], **snapshot["agent_reloads"]}


REFUSED: list[tuple[str, dict[str, Any], str]] = [
    ("reload of a 4.x agent", {"agent_ids": ["001"], "reload": True}, "001 web-fra-01 (Wazuh v4.14.7)"),
    ("restart of a 4.x agent", {"agent_ids": ["001"]}, "001 web-fra-01 (Wazuh v4.14.7)"),
    ("reload of a 4.x and a 5.x agent", {"agent_ids": ["006", "001"], "reload": True}, "error 1761"),
    ("restart of a connected and a pending agent", {"agent_ids": ["006", "003"]}, "003 app-nyc-01 (pending)"),
    ("reload of a disconnected agent", {"agent_ids": ["002"], "reload": True}, "002 db-fra-01 (disconnected)"),
]


@pytest.mark.parametrize("what, arguments, named", REFUSED, ids=[r[0] for r in REFUSED])
async def test_5x_refuses_an_agent_it_would_not_reach_as_shown(
    standin: StandinServer, env: dict[str, str], what: str, arguments: dict[str, Any], named: str
) -> None:
    set_agent_version(standin.state.fleet, "001", "Wazuh v4.14.7")  # a 4.x agent still reporting to 5.0
    assert status(standin, "001") == status(standin, "006") == "active" and status(standin, "003") == "pending"
    async with connect() as client:
        result = await client.call_tool("restart_agents", arguments)
    if not result.is_error:  # before: recorded; approved, Wazuh did something else than the plan said
        change_id = str(ok(result)["change_id"])
        shown = default_store().get(change_id)
        approved = run_cli(env, "approve", change_id, "--yes")
        pytest.fail(
            f"{what}: recorded with notes {shown.diff.splitlines()[-1]!r}; approved: "
            f"{(approved.stdout + approved.stderr).strip().splitlines()[-1]!r}; reached {reached(standin)}"
        )
    text = error_text(result)
    assert text.startswith("invalid_argument: Wazuh 5.") and named in text, text
    assert default_store().list_changes() == [] and reached(standin) == {}
    audit = Path(env["WAZUH_MCP_AUDIT_LOG"])
    assert [(e.tool, e.error_code) for e in iter_events(audit)] == [("respond.restart_agents", "invalid_argument")]


async def test_5x_still_restarts_and_reloads_connected_5x_agents(standin: StandinServer, env: dict[str, str]) -> None:
    async with connect() as client:
        restart = ok(await client.call_tool("restart_agents", {"agent_ids": ["006", "008"]}))
        reload = ok(await client.call_tool("restart_agents", {"agent_ids": ["005"], "reload": True}))
    assert restart["notes"] == [] and reload["notes"] == []
    for change in (restart, reload):
        approved = run_cli(env, "approve", str(change["change_id"]), "--yes")
        assert approved.returncode == 0, approved.stderr
    assert reached(standin) == {"006": 1, "008": 1, "005": 1}


async def test_a_restart_noted_on_4x_is_not_sent_to_the_agent_it_spared_once_the_manager_is_5x(
    standin: StandinServer, env: dict[str, str]
) -> None:
    standin.state.config.api_version = "4.14.7"  # the manager when the restart is asked
    async with connect() as client:
        asked = ok(await client.call_tool("restart_agents", {"agent_ids": ["006", "003"]}))
    assert asked["notes"] == ["Will not receive it (not connected): 003 app-nyc-01 (pending)"]
    standin.state.config.api_version = None  # upgraded to 5.0.0 before a person approves
    change_id = str(asked["change_id"])
    approved = run_cli(env, "approve", change_id, "--yes")
    assert reached(standin) == {}, f"sent to {reached(standin)} though 003 was noted as not receiving it"
    assert (
        approved.returncode == 1 and "conflict: " in approved.stderr and "003 app-nyc-01 (pending)" in approved.stderr
    )
    assert default_store().get(change_id).state == "failed"
    assert steps(Path(env["WAZUH_MCP_AUDIT_LOG"]), change_id)[-1] == ("approval.apply", "conflict")
