"""The write tools on Wazuh 5.0's Server API (the stand-in's 5.0 mode) through the official MCP client.

What 5.0 keeps goes through a person's approval as on 4.x: a manager restart (through ``/cluster/restart``,
5.0 having no ``/manager/*``), agent restarts, the new agent reload, group membership. What 5.0 dropped
(``/rules/files``, ``/active-response``: ``../shared/reference/wazuh5/server-api/endpoints-4.14.7-vs-5.0.0.md``)
is refused in words saying what 5.x offers instead, before any change is recorded, and audited.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from standin.app import StandinConfig
from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, connect, error_text, ok
from tests.write.test_approvals import api_for, approve_now, steps
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes import restart_log
from wazuh_mcp.writes.approvals import default_store

SPEC_5 = Path(__file__).resolve().parents[3] / "shared" / "reference" / "wazuh5" / "server-api" / "spec-5.0.0.yaml"
RESPONSES = """
[profiles.default.responses]
isolation_command = "wazuh-mcp-isolate"
release_command = "wazuh-mcp-release"
unblock_command = "wazuh-mcp-unblock"
block_timeout_s = 600
allowed_commands = ["!restart-wazuh"]
"""


@pytest.fixture
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True, config=StandinConfig(generation=5)) as server:
        yield server


@pytest.fixture(autouse=True)
def responses_configured(isolated_env: Path, api_env: dict[str, str]) -> None:
    """Active-response commands configured as a 4.x deployment would have them: 5.x still refuses."""
    (isolated_env / "config.toml").write_text(RESPONSES, encoding="utf-8")


def paths_5() -> dict[str, Any]:
    if not SPEC_5.exists():
        pytest.skip(f"{SPEC_5} is not in this checkout")
    paths: dict[str, Any] = yaml.safe_load(SPEC_5.read_text())["paths"]
    return paths


async def ask(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    async with connect() as client:
        result = ok(await client.call_tool(tool, arguments))
    assert result["status"] == "pending_approval"
    return result


REFUSED = [
    ("create_rule", {"rule_xml": NEW_RULE}, "/rules/files/{filename}", "Content Manager (/_plugins/_content_manager)"),
    ("update_rule", {"rule_id": 100001, "rule_xml": NEW_RULE}, "/rules/files/{filename}", "draft space"),
    ("isolate_agent", {"agent_id": "001"}, "/active-response", "fired by an Alerting monitor"),
    ("release_agent", {"agent_id": "001"}, "/active-response", "channel in the Wazuh dashboard"),
    ("block_ip", {"ip": "203.0.113.7", "agent_ids": ["001"]}, "/active-response", "no active-response API"),
    ("unblock_ip", {"ip": "203.0.113.7", "group": "dmz"}, "/active-response", "no active-response API"),
    ("run_active_response", {"command": "restart-wazuh", "agent_ids": ["005"]}, "/active-response", "channel"),
]


@pytest.mark.parametrize("tool, arguments, gone, words", REFUSED, ids=[r[0] for r in REFUSED])
async def test_what_5x_dropped_is_refused_in_words_before_any_change(
    standin: StandinServer, audit_path: Path, tool: str, arguments: dict[str, Any], gone: str, words: str
) -> None:
    assert gone not in paths_5()  # what the refusal stands on
    before = standin.state.requests
    async with connect() as client:
        text = error_text(await client.call_tool(tool, arguments))
    assert text.startswith("configuration_error: The Server API is Wazuh 5.0.0.") and words in text
    assert "wazuh-mcp does not" in text  # says it is not done here, and (the hint) where it is done
    assert default_store().list_changes() == []
    assert [(e.tool, e.error_code) for e in iter_events(audit_path)][-1][1] == "configuration_error"
    assert not [e for e in iter_events(audit_path) if e.tool == "approval.request"]
    snapshot = standin.state.snapshot()
    assert snapshot["responses"] == [] and snapshot["uploaded_files"] == []
    assert standin.state.requests - before <= 3  # login, GET / and nothing else reached the manager


async def test_restart_manager_on_5_goes_through_the_cluster_endpoints(
    standin: StandinServer, audit_path: Path
) -> None:
    paths = paths_5()
    assert "/manager/restart" not in paths and "put" in paths["/cluster/restart"]
    asked = await ask("restart_manager", {"scope": "manager"})
    assert standin.state.snapshot()["restarts"] == {"manager": 0, "cluster": 0}
    applied = await approve_now(default_store(), asked["change_id"], standin)
    assert applied.state == "applied" and standin.state.snapshot()["restarts"]["cluster"] == 1
    node = standin.state.fleet.node_name
    assert applied.result is not None and applied.result.startswith(f"restart requested on {node}")
    assert steps(audit_path, asked["change_id"])[-1] == ("approval.apply", "ok")


async def test_restart_and_reload_agents_on_5(standin: StandinServer) -> None:
    assert "put" in paths_5()["/agents/reload"] and "put" in paths_5()["/agents/{agent_id}/reload"]
    restart = await ask("restart_agents", {"agent_ids": ["001"]})
    reload_one = await ask("restart_agents", {"agent_ids": ["005"], "reload": True})
    reload_two = await ask("restart_agents", {"agent_ids": ["001", "006"], "reload": True})
    assert restart["requests"] == ["PUT /agents/001/restart"]
    assert reload_one["requests"] == ["PUT /agents/005/reload"] and "Reload the Wazuh agent" in reload_one["summary"]
    assert reload_two["requests"] == ["PUT /agents/reload?agents_list=001,006"]
    snapshot = standin.state.snapshot()
    assert snapshot["agent_restarts"] == {} and snapshot["agent_reloads"] == {}  # nothing sent yet
    for asked in (restart, reload_one, reload_two):
        assert (await approve_now(default_store(), asked["change_id"], standin)).state == "applied"
    snapshot = standin.state.snapshot()
    assert snapshot["agent_restarts"] == {"001": 1}
    assert snapshot["agent_reloads"] == {"005": 1, "001": 1, "006": 1}


async def test_group_membership_on_5_as_on_4(standin: StandinServer) -> None:
    assert "put" in paths_5()["/agents/{agent_id}/group/{group_id}"]
    added = await ask("add_agent_to_group", {"agent_id": "001", "group": "dmz"})
    assert added["requests"] == ["PUT /agents/001/group/dmz"]
    assert (await approve_now(default_store(), added["change_id"], standin)).state == "applied"
    assert "dmz" in (standin.state.fleet.agent("001") or {})["group"]
    removed = await ask("remove_agent_from_group", {"agent_id": "001", "group": "dmz"})
    assert (await approve_now(default_store(), removed["change_id"], standin)).state == "applied"
    assert "dmz" not in (standin.state.fleet.agent("001") or {})["group"]


async def test_after_a_5x_restart_the_log_is_read_from_the_node(
    standin: StandinServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """restart_log on 5.x: ``/cluster/{node}/logs`` and ``/status`` (5.0 has no ``/manager/logs``), analysisd
    named ``wazuh-manager-analysisd``; a manager not back in time names the 5.x path to read."""
    assert "/manager/logs" not in paths_5() and "/cluster/{node_id}/logs" in paths_5()
    api = api_for(standin)
    node = standin.state.fleet.node_name
    ours = restart_log.Ours(frozenset({100100}), frozenset())
    try:
        since = await restart_log.mark(api, node)
        assert since is not None  # read from the node's log
        assert await restart_log.mark(api, None) is None  # /manager/logs: gone on 5.0
        standin.state.record_restart("cluster")
        said = await restart_log.report(api, since, ours, wait_s=10, node=node)
        assert said == "Wazuh's rule loader logged no warning about the rules wazuh-mcp wrote"
        monkeypatch.setattr(restart_log, "POLL_S", 0.1)
        standin.faults.set(restart_window_s=30)
        standin.state.record_restart("cluster")
        late = await restart_log.report(api, since, ours, wait_s=0.3, node=node)
        assert f"GET /cluster/{node}/logs?tag=wazuh-manager-analysisd" in late
    finally:
        await api.aclose()
