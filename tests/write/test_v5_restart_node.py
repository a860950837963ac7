"""Adversary round 5, "found, not fixed": a 5.x ``restart_manager`` resolved "this manager's node" twice at
apply (``check_fresh`` and ``send_change`` each asked ``GET /cluster/local/info``), recorded none and showed
none. Behind a URL that balances over several nodes, the node validated could differ from the node restarted,
and the approver never saw a node name.

Now the request records the node (``arguments.node``) and shows it (summary, diff, ``wazuh-mcp show``); the
applier asks once per apply and refuses (``conflict``, audited, nothing sent) when the API names another node.
The stand-in's local node is renamed between the request and the approval, or on every answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from standin.app import StandinConfig
from standin.fleet import ClusterNode
from standin.server import StandinServer
from tests.write.conftest import connect, ok
from tests.write.forge import seal_as_key_holder
from tests.write.test_apply_fails_closed import malformed_then_applied
from tests.write.test_approvals import api_for, approve_now, steps
from wazuh_mcp.approval_cli import describe
from wazuh_mcp.backends.server_api import ServerApi
from wazuh_mcp.errors import Conflict
from wazuh_mcp.writes.approvals import default_store


@pytest.fixture
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True, config=StandinConfig(generation=5)) as server:
        yield server


def add_node(standin: StandinServer, name: str) -> None:
    fleet = standin.state.fleet
    fleet.nodes.append(ClusterNode(name, "worker", "10.0.0.9", fleet.nodes[0].version))


async def ask_restart() -> tuple[str, dict[str, Any]]:
    async with connect() as client:
        result = ok(await client.call_tool("restart_manager", {"scope": "manager"}))
    assert result["status"] == "pending_approval"
    return str(result["change_id"]), result


class Counting(ServerApi):
    """The client the approver uses, counting ``GET /cluster/local/info`` and, when ``flip`` names a stand-in,
    renaming its local node after every such answer (an API that balances over two nodes)."""

    def __init__(self, standin: StandinServer, flip: bool = False) -> None:
        super().__init__(api_for(standin).config)
        self.standin, self.flip, self.local_info = standin, flip, 0

    async def request(self, method: str, path: str, **kwargs: Any) -> Any:
        answer = await super().request(method, path, **kwargs)
        if path == "/cluster/local/info":
            self.local_info += 1
            if self.flip:
                fleet = self.standin.state.fleet
                fleet.node_name = "node02" if fleet.node_name == "node01" else "node01"
        return answer


async def test_the_node_is_recorded_and_shown_at_the_request(standin: StandinServer) -> None:
    node = standin.state.fleet.node_name
    change_id, result = await ask_restart()
    change = default_store().get(change_id)
    assert change.arguments == {"node": node}
    assert f"(node {node})" in result["message"] and f"(node {node})" in change.diff
    shown = describe(change)
    assert f"node        {node}" in shown and f"(node {node})" in shown.splitlines()[0]


async def test_the_node_is_resolved_once_per_apply(standin: StandinServer, audit_path: Path) -> None:
    change_id, _ = await ask_restart()
    api = Counting(standin)
    try:
        applied = await default_store().approve(change_id, api, api_url=standin.url)
    finally:
        await api.aclose()
    assert applied.state == "applied" and api.local_info == 1
    assert (applied.result or "").startswith("restart requested on node01")
    assert steps(audit_path, change_id)[-1] == ("approval.apply", "ok")


async def test_a_node_that_changes_between_answers_is_the_recorded_one_restarted(standin: StandinServer) -> None:
    """Before, check_fresh validated node01 and send_change restarted whatever the second answer named."""
    add_node(standin, "node02")
    change_id, _ = await ask_restart()
    api = Counting(standin, flip=True)
    try:
        applied = await default_store().approve(change_id, api, api_url=standin.url)
    finally:
        await api.aclose()
    assert api.local_info == 1 and (applied.result or "").startswith("restart requested on node01")
    assert "node02" not in (applied.result or "")


async def test_another_node_at_approval_refuses_the_restart(standin: StandinServer, audit_path: Path) -> None:
    change_id, _ = await ask_restart()
    add_node(standin, "node02")
    standin.state.fleet.node_name = "node02"  # the API URL now reaches another node
    with pytest.raises(Conflict, match="restarts node 'node01'") as refused:
        await approve_now(default_store(), change_id, standin)
    assert "now names node 'node02'" in refused.value.message and "Nothing was sent" in (refused.value.hint or "")
    change = default_store().get(change_id)
    assert change.state == "failed" and "node02" in (change.reason or "")
    assert steps(audit_path, change_id)[-2:] == [("approval.approve", "ok"), ("approval.apply", "conflict")]
    assert standin.state.snapshot()["restarts"] == {"manager": 0, "cluster": 0}


async def test_a_manager_answering_as_4x_refuses_a_restart_recorded_for_a_node(standin: StandinServer) -> None:
    change_id, _ = await ask_restart()
    standin.state.config.api_version = "4.14.7"  # answers GET / as 4.x: no node to compare
    with pytest.raises(Conflict, match="names no node"):
        await approve_now(default_store(), change_id, standin)
    assert standin.state.snapshot()["restarts"] == {"manager": 0, "cluster": 0}


@pytest.mark.parametrize("arguments", [{"node": "node01", "extra": "x"}, {"node": ""}, {"node": "node\x1b[2K01"}])
async def test_a_restart_record_with_other_arguments_is_refused(
    standin: StandinServer, arguments: dict[str, Any]
) -> None:
    """Edited by a key holder: the request's own checks run again at approval."""
    change_id, _ = await ask_restart()
    seal_as_key_holder(default_store().get(change_id).model_copy(update={"arguments": arguments}))
    with pytest.raises(Conflict, match="arguments no request records"):
        await approve_now(default_store(), change_id, standin)
    assert standin.state.snapshot()["restarts"] == {"manager": 0, "cluster": 0}


@pytest.mark.parametrize("shape", ["data_list", "items_not_list"])
async def test_a_malformed_local_node_answer_leaves_the_restart_pending(
    standin: StandinServer, audit_path: Path, shape: str
) -> None:
    """The reported form: ``local_node`` read ``data`` as an object (an AttributeError on a list)."""
    change_id, _ = await ask_restart()
    await malformed_then_applied(standin, audit_path, change_id, "/cluster/local/info", shape)
