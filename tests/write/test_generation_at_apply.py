"""Red team: a change asked of a Wazuh 4.x manager and approved after that manager was upgraded to 5.x.

The refusal of rule writes and active responses on 5.x is checked when a tool is asked; a change
recorded before the upgrade never passed that check. The applier asks the manager's generation again
(``GET /``), so such a change fails (``conflict``, audited, never retried) with nothing sent, and a
restart asked on 4.x goes through 5.x's own endpoint. The stand-in answers ``GET /`` with the version
it is given (``StandinConfig.api_version``), flipped here between the request and the approval.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from standin.fleet import set_agent_version
from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, ask, connect, uploads
from tests.write.test_approvals import approve_now, steps
from wazuh_mcp.errors import ConfigurationError, Conflict
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes.approvals import default_store, propose_undo

pytestmark = pytest.mark.usefixtures("responses_configured")


ASKED_ON_4X = [
    ("create_rule", {"rule_xml": NEW_RULE}, "Content Manager"),
    ("isolate_agent", {"agent_id": "001"}, "no active-response API"),
    ("block_ip", {"ip": "203.0.113.7", "agent_ids": ["001"]}, "no active-response API"),
    ("run_active_response", {"command": "restart-wazuh", "agent_ids": ["005"]}, "no active-response API"),
]


@pytest.mark.parametrize("tool, arguments, words", ASKED_ON_4X, ids=[t for t, _, _ in ASKED_ON_4X])
async def test_a_change_asked_on_4x_is_not_sent_once_the_manager_answers_as_5x(
    standin: StandinServer, audit_path: Path, tool: str, arguments: dict[str, Any], words: str
) -> None:
    change_id = await ask(tool, arguments)
    standin.state.config.api_version = "5.0.0"  # the manager was upgraded before a person approved
    with pytest.raises(Conflict, match=words) as refused:
        await approve_now(default_store(), change_id, standin)
    assert "Wazuh 5.0.0" in refused.value.message and "Nothing was sent" in (refused.value.hint or "")
    snapshot = standin.state.snapshot()
    assert uploads(standin) == [] and snapshot["responses"] == []
    change = default_store().get(change_id)
    assert change.state == "failed" and words in (change.reason or "")
    assert steps(audit_path, change_id)[-2:] == [("approval.approve", "ok"), ("approval.apply", "conflict")]
    with pytest.raises(Conflict, match="already failed"):  # never retried
        await approve_now(default_store(), change_id, standin)


async def test_a_reload_asked_on_5x_is_not_sent_to_a_manager_answering_as_4x(
    standin: StandinServer, audit_path: Path
) -> None:
    standin.state.config.api_version = "5.0.0"
    set_agent_version(standin.state.fleet, "001", "Wazuh v5.0.0")  # a 5.0 manager reloads 5.x agents only (1761)
    change_id = await ask("restart_agents", {"agent_ids": ["001"], "reload": True})
    change = default_store().get(change_id)
    assert [c.line() for c in change.requests] == ["PUT /agents/001/reload"]
    standin.state.config.api_version = "4.14.7"
    with pytest.raises(Conflict, match=r"new in Wazuh 5\.0"):
        await approve_now(default_store(), change_id, standin)
    assert standin.state.snapshot()["agent_restarts"] == {}
    assert default_store().get(change_id).state == "failed"
    assert steps(audit_path, change_id)[-1] == ("approval.apply", "conflict")


async def test_group_membership_asked_on_4x_still_applies_on_5x(standin: StandinServer) -> None:
    """Same endpoints on both generations (the 5.0 spec keeps PUT /agents/{id}/group/{group})."""
    change_id = await ask("add_agent_to_group", {"agent_id": "001", "group": "dmz"})
    standin.state.config.api_version = "5.0.0"
    applied = await approve_now(default_store(), change_id, standin)
    assert applied.state == "applied" and "dmz" in (standin.state.fleet.agent("001") or {})["group"]


async def test_a_reload_asked_of_a_4x_manager_is_refused_before_any_change(
    standin: StandinServer, audit_path: Path
) -> None:
    """4.14.7's spec has no PUT /agents/reload: the argument is refused, the restart without it is offered."""
    async with connect() as client:
        result = await client.call_tool("restart_agents", {"agent_ids": ["001"], "reload": True})
    assert result.is_error
    text = str(getattr(result.content[0], "text", ""))
    assert text.startswith("invalid_argument: The Server API is Wazuh 4.14.7") and "without reload" in text
    assert default_store().list_changes() == [] and standin.state.snapshot()["agent_restarts"] == {}
    assert [(e.tool, e.error_code) for e in iter_events(audit_path)] == [("respond.restart_agents", "invalid_argument")]


async def test_the_undo_of_a_4x_isolation_is_refused_once_the_manager_is_5x(
    standin: StandinServer, audit_path: Path
) -> None:
    """The inverse is planned against the manager as it is when the undo is asked: 5.x sends no release."""
    change_id = await ask("isolate_agent", {"agent_id": "001"})
    assert (await approve_now(default_store(), change_id, standin)).state == "applied"
    standin.state.config.api_version = "5.0.0"
    with pytest.raises(ConfigurationError, match="no active-response API"):
        await propose_undo(change_id)
    assert [c.id for c in default_store().list_changes()] == [change_id]  # no undo recorded
    assert steps(audit_path, change_id)[-1] == ("approval.undo", "configuration_error")
    assert len(standin.state.snapshot()["responses"]) == 1  # the isolation only
