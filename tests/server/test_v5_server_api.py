"""The read tools that use the Server API, on Wazuh 5.0's: the stand-in in its 5.0 mode
(``StandinConfig(generation=5)``: 5.0's operations only, a removed route answers 404) through the official MCP
client. Expectations come from the 5.0 spec (``../shared/reference/wazuh5/server-api/spec-5.0.0.yaml``) where
it says them: which agent fields exist, which daemons a node reports, which endpoints are gone."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from mcp.client.client import Client
from mcp.shared.exceptions import MCPError
from mcp_types import TextResourceContents

from standin.app import StandinConfig
from standin.server import StandinServer
from tests.server.standin_client import connect
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.tools.agents import AGENT_FIELDS, AGENT_FIELDS_V5

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference"
SPEC_5 = REFERENCE / "wazuh5" / "server-api" / "spec-5.0.0.yaml"
SPEC_4 = REFERENCE / "wazuh" / "server-api" / "spec-4.14.7.yaml"


def spec(path: Path) -> dict[str, Any]:
    if not path.exists():
        pytest.skip(f"{path} is not in this checkout")
    loaded: dict[str, Any] = yaml.safe_load(path.read_text())
    return loaded


def readiness_example() -> dict[str, Any]:
    """The 5.0 spec's own example answer of ``GET /cluster/{node_id}/status``."""
    op = spec(SPEC_5)["paths"]["/cluster/{node_id}/status"]["get"]
    item: dict[str, Any] = op["responses"]["200"]["content"]["application/json"]["example"]["data"]["affected_items"][0]
    return item


@pytest.fixture(params=[False, True], ids=["single-node", "cluster"])
def standin(request: pytest.FixtureRequest) -> Iterator[StandinServer]:
    with StandinServer(tls=True, config=StandinConfig(generation=5, cluster=request.param)) as server:
        yield server


async def call(client: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    return result.structured_content or {}


def test_the_agent_fields_asked_are_those_each_spec_defines() -> None:
    """5.0 dropped ``node_name`` (and ``manager``) from an agent: selecting it is refused (Wazuh error 1724)."""
    for fields, path in ((AGENT_FIELDS_V5, SPEC_5), (AGENT_FIELDS, SPEC_4)):
        defined = set(spec(path)["components"]["schemas"]["Agent"]["properties"])
        assert {f.split(".")[0] for f in fields.split(",")} - {"node_name"} <= defined
    assert "node_name" not in spec(SPEC_5)["components"]["schemas"]["Agent"]["properties"]
    assert "node_name" not in AGENT_FIELDS_V5.split(",")


async def test_cluster_status_reads_each_node_from_cluster_endpoints(
    standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """5.0 has no /manager/status; one manager is a one-node cluster (its cluster daemon always runs)."""
    assert "/manager/status" not in spec(SPEC_5)["paths"] and "/cluster/{node_id}/status" in spec(SPEC_5)["paths"]
    async with connect(standin, isolated_env, monkeypatch) as client:
        body = await call(client, "cluster_status", {})
    names = [n.name for n in standin.state.fleet.nodes]
    assert [n["name"] for n in body["nodes"]] == names and {n["status"] for n in body["nodes"]} == {"running"}
    assert body["enabled"] and body["running"] and body["failed_daemons"] == []
    if len(names) == 1:
        assert body["mode"] == "single_node" and body["summary"].startswith("Single-node deployment (Wazuh 5.0.0")
        assert "not an outage" in body["summary"] and names[0] in body["summary"]
    else:
        assert body["mode"] == "cluster" and body["summary"].startswith(f"Cluster running: {len(names)} nodes")
    # the spec's own example has authd not running on a node otherwise ready: not a failure in words
    assert readiness_example()["wazuh-manager-authd"]["running"] is False


async def test_a_daemon_not_running_on_5_is_a_failure_in_words(
    standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    standin.faults.set(failed_daemons=1)  # the stand-in stops wazuh-manager-analysisd first
    async with connect(standin, isolated_env, monkeypatch) as client:
        body = await call(client, "cluster_status", {})
    assert "wazuh-manager-analysisd" in readiness_example()  # the daemon's 5.0 name
    assert body["failed_daemons"] == [f"{n.name}: wazuh-manager-analysisd" for n in standin.state.fleet.nodes]
    assert "FAILED" in body["summary"] and "no alerts are raised" in body["summary"]
    assert {n["status"] for n in body["nodes"]} == {"failed"}
    if len(body["nodes"]) == 1:
        assert "not healthy" in body["summary"] and "not an outage" not in body["summary"]


async def test_agents_groups_and_mitre_on_5(
    standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fleet = standin.state.fleet.agents
    async with connect(standin, isolated_env, monkeypatch) as client:
        listed = await call(client, "list_agents", {"size": 500})
        one = await call(client, "get_agent", {"agent_id": "001"})
        grouped = await call(client, "list_agents", {"group": "webservers", "size": 500})
        technique = await call(client, "get_mitre_technique", {"technique_id": "T1098"})
        unknown = await client.call_tool("get_agent", {"agent_id": "999"})
    assert [a["id"] for a in listed["agents"]] == sorted(a["id"] for a in fleet) and listed["total"] == len(fleet)
    assert "000" not in [a["id"] for a in listed["agents"]]  # 5.0 lists no manager agent
    assert one["agent"]["name"] == next(a["name"] for a in fleet if a["id"] == "001")
    assert one["agent"]["version"].startswith("Wazuh v5") and one["agent"]["node"] is None
    assert [a["id"] for a in grouped["agents"]] == sorted(a["id"] for a in fleet if "webservers" in a["group"])
    assert technique["technique"]["id"] == "T1098"
    assert unknown.is_error and "not_found" in str(unknown.content)


async def test_a_version_neither_4_8_to_4_14_nor_5_is_refused_in_words(
    isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with StandinServer(tls=True, config=StandinConfig(api_version="4.7.2")) as old:
        async with connect(old, isolated_env, monkeypatch) as client:
            result = await client.call_tool("cluster_status", {})
    text = str(result.content[0].text)  # type: ignore[union-attr]
    assert result.is_error and text.startswith("configuration_error: The Server API is Wazuh 4.7.2")
    assert "serves Wazuh 4.8 to 4.14, and Wazuh 5.x" in text
    events = list(iter_events(isolated_env / "audit.jsonl"))
    assert [(e.tool, e.error_code) for e in events] == [("cluster.status", "configuration_error")]


async def test_an_empty_5x_estate_is_not_read_as_a_missing_permission(
    isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """4.x always lists agent 000 (an empty listing means no agent:read); 5.x lists none, so an empty listing is
    said both ways instead of refused."""
    with StandinServer(tls=True, config=StandinConfig(generation=5, agent_count=0)) as empty:
        assert empty.state.fleet.agents == []
        async with connect(empty, isolated_env, monkeypatch) as client:
            body = await call(client, "list_agents", {})
    assert body["agents"] == [] and body["total"] == 0
    assert "no agent has enrolled yet" in body["note"] and "agent:read" in body["note"]


async def test_the_rule_resource_on_5_says_where_5x_rules_are(
    isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """5.0 has no /rules (its spec): the resource says where 5.x keeps rules instead of a 404."""
    assert "/rules" not in spec(SPEC_5)["paths"]
    with StandinServer(tls=True, config=StandinConfig(generation=5)) as five:
        async with connect(five, isolated_env, monkeypatch) as client:
            with pytest.raises(MCPError) as refused:
                await client.read_resource("wazuh://rules/5716")
    assert refused.value.message.startswith("configuration_error: The Server API is Wazuh 5.0.0, which has no /rules")
    assert "Content Manager" in refused.value.message and "wazuh-threatintel-rules" in refused.value.message
    events = list(iter_events(isolated_env / "audit.jsonl"))
    assert [(e.tool, e.error_code) for e in events] == [("resource.rules", "configuration_error")]


async def test_the_agent_config_resource_on_5_reads_group_configuration_and_says_what_is_gone(
    isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """5.0 has no /agents/{id}/config/* but keeps /groups/{id}/configuration (its spec): the snapshot holds
    the groups' configuration and says in words why there is no active configuration, without a request."""
    paths = spec(SPEC_5)["paths"]
    assert not [p for p in paths if p.startswith("/agents/{agent_id}/config")]
    assert "/groups/{group_id}/configuration" in paths
    with StandinServer(tls=True, config=StandinConfig(generation=5)) as five:
        async with connect(five, isolated_env, monkeypatch) as client:
            agent = (await call(client, "list_agents", {"size": 1}))["agents"][0]
            read = await client.read_resource(f"wazuh://agents/{agent['id']}/config")
    content = read.contents[0]
    assert isinstance(content, TextResourceContents)
    snapshot = json.loads(content.text)
    assert list(snapshot["active_configuration"]) == ["unavailable"]  # no 404 per section: nothing was asked
    assert "no per-agent active configuration" in snapshot["active_configuration"]["unavailable"]
    groups = (agent.get("groups") or [])[:5]
    assert groups and list(snapshot["group_configuration"]) == groups
    assert all(isinstance(items, list) for items in snapshot["group_configuration"].values()), snapshot
