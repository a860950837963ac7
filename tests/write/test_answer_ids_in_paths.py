"""advtext, "found, not fixed": ids taken from Wazuh's answers were put into request paths unchecked.

``responses.group_members`` (and ``resolve_agents``) handed the answer's agent ids on to
``/agents/{id}/config/com/active-response`` and the change's requests; the ``wazuh://agents/{id}/config`` resource
built ``/agents/{id}/config/…`` from the answer's id and ``/groups/{name}/configuration`` from names that let
``..`` through; a 5.x node name went into ``/cluster/{node}/…``. httpx removes dot segments, so an id or a name of
``..`` walked the request to another endpoint (``/groups/../configuration`` is sent as ``/configuration``).
Now each is checked with the one agent-id and group-name rule (``wazuh_mcp.agent_ids``) or ``node_path`` before a
path is built, and a bad one is refused in words, never sent.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from standin.server import StandinServer
from tests.write.conftest import connect
from wazuh_mcp import untrusted
from wazuh_mcp.agent_ids import MAX_GROUPS
from wazuh_mcp.backends.api_generation import local_node, node_path
from wazuh_mcp.backends.server_api import ServerApi
from wazuh_mcp.errors import InvalidArgument, UpstreamUnavailable
from wazuh_mcp.writes import responses

WALKING = ["../../manager/status", "..", "001/../../security/users", " 001", "1", "00a"]
"""Agent ids no Wazuh answer holds: ones that walk a path up, and ones not in Wazuh's own form."""


class Members:
    """A Server API whose group ``web`` exists and lists one agent with ``agent_id``; every path asked is kept."""

    identity = "wazuh"

    def __init__(self, agent_id: str, groups: Any = ("web",)) -> None:
        self.agent_id = agent_id
        self.groups = groups
        self.paths: list[str] = []

    async def request(self, method: str, path: str, **_: Any) -> Any:
        self.paths.append(path)
        if path == "/groups":
            items: list[dict[str, Any]] = [{"name": "web"}]
        else:
            items = [{"id": self.agent_id, "name": "web-01", "status": "active", "group": self.groups}]
        return {"data": {"affected_items": items, "total_affected_items": 1, "failed_items": []}, "error": 0}


@pytest.mark.parametrize("agent_id", WALKING)
async def test_a_group_members_id_that_is_not_a_wazuh_agent_id_is_refused_in_words(agent_id: str) -> None:
    api = Members(agent_id)
    with pytest.raises(UpstreamUnavailable, match="is not a Wazuh agent id") as refused:
        await responses.group_members(api, "web", 10)  # type: ignore[arg-type]
    assert "GET /groups/web/agents" in refused.value.message
    assert api.paths == ["/groups", "/groups/web/agents"]  # nothing else was asked
    with pytest.raises(UpstreamUnavailable, match="is not a Wazuh agent id"):
        await responses.resolve_agents(api, ["001"])  # type: ignore[arg-type]


async def test_a_group_members_id_in_wazuhs_form_is_taken() -> None:
    assert [a.id for a in await responses.group_members(Members("001"), "web", 10)] == ["001"]  # type: ignore[arg-type]


def altered_agents(monkeypatch: pytest.MonkeyPatch, alter: dict[str, Any]) -> list[str]:
    """Every path the real client asks the stand-in; the first agent of ``GET /agents`` answers altered."""
    asked: list[str] = []
    real = ServerApi.request

    async def request(self: ServerApi, method: str, path: str, **kwargs: Any) -> Any:
        asked.append(path)
        body = await real(self, method, path, **kwargs)
        if path == "/agents" and isinstance(body, dict) and body["data"]["affected_items"]:
            body["data"]["affected_items"][0].update(alter)
        return body

    monkeypatch.setattr(ServerApi, "request", request)
    return asked


async def test_the_agent_config_resource_never_asks_for_a_group_name_that_walks_a_path(
    standin: StandinServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = altered_agents(monkeypatch, {"group": ["..", ".", "default"]})
    async with connect() as client:
        result = await client.read_resource("wazuh://agents/1/config")
    shared = json.loads(result.contents[0].text)["group_configuration"]  # type: ignore[union-attr]
    assert "default" in shared and "unavailable" not in json.dumps(shared["default"])
    assert shared[".."] == shared["."] == {"unavailable": "not a name Wazuh gives a group; not asked for"}
    assert "/configuration" not in asked and not [p for p in asked if ".." in p or "/./" in p]


async def test_the_agent_config_resource_never_asks_with_an_answers_agent_id(
    standin: StandinServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = altered_agents(monkeypatch, {"id": "../../manager/status"})
    async with connect() as client:
        result = await client.call_tool("get_agent", {"agent_id": "001"})  # the tool shows it as answered
        assert not result.is_error
        with pytest.raises(Exception, match="upstream_unavailable") as refused:
            await client.read_resource("wazuh://agents/1/config")
    assert "with agent '../../manager/s" in str(refused.value)  # as the agent's record bounds it
    assert not [p for p in asked if ".." in p or "/config/" in p]


@pytest.mark.parametrize("name", ["..", ".", "", "node01,node02", ","])
async def test_a_node_name_that_walks_a_path_or_names_two_nodes_is_refused_in_words(name: str) -> None:
    with pytest.raises(UpstreamUnavailable, match="not a node name"):
        node_path(name)
    assert node_path("node/01") == "/cluster/node%2F01"  # a slash cannot add a segment


@pytest.mark.parametrize("named", ["..", "node01,node02"])
async def test_local_node_refuses_a_node_name_that_walks_a_path_or_names_two_nodes(named: str) -> None:
    """adv7: "this manager" is restarted with ``nodes_list=<its name>``; a manager naming itself
    ``node01,node02`` would have had the restart reach both nodes."""

    class OneNode:
        identity = "wazuh"

        async def request(self, method: str, path: str, **_: Any) -> Any:
            assert path == "/cluster/local/info"
            return {"data": {"affected_items": [{"node": named}], "total_affected_items": 1, "failed_items": []}}

    with pytest.raises(UpstreamUnavailable, match="not a node name"):
        await local_node(OneNode())  # type: ignore[arg-type]


# advtext, "found, not fixed": ``responses._target`` bounded each group name but not how many there were.


@pytest.mark.parametrize("count", [MAX_GROUPS + 1, 20_000])
async def test_a_targets_groups_are_bounded_in_number_saying_how_many_were_left_out(count: int) -> None:
    named = [f"g{n:04d}-" + "x" * 200 for n in range(count)]
    [target] = await responses.group_members(Members("001", named), "web", 10)  # type: ignore[arg-type]
    assert target.groups[:MAX_GROUPS] == [untrusted.bound(g, 128) for g in named[:MAX_GROUPS]]
    assert target.groups[MAX_GROUPS:] == [f"… {count - MAX_GROUPS} more left out"]
    assert len(target.line()) < (MAX_GROUPS + 1) * 130 + 200


async def test_a_targets_groups_within_wazuhs_limit_are_listed_whole() -> None:
    named = [f"g{n}" for n in range(MAX_GROUPS)]
    [target] = await responses.group_members(Members("001", named), "web", 10)  # type: ignore[arg-type]
    assert target.groups == named
    [alone] = await responses.group_members(Members("001", "web"), "web", 10)  # type: ignore[arg-type]
    assert alone.groups == ["web"]


class Crowd(Members):
    """Group ``web`` lists ``count`` agents while its ``total_affected_items`` says ``total``."""

    def __init__(self, count: int, total: Any) -> None:
        super().__init__("001")
        self.count, self.total = count, total

    async def request(self, method: str, path: str, **_: Any) -> Any:
        self.paths.append(path)
        if path == "/groups":
            return {"data": {"affected_items": [{"name": "web"}], "total_affected_items": 1, "failed_items": []}}
        items = [
            {"id": f"{n:03d}", "name": f"web-{n}", "status": "active", "group": ["web"]}
            for n in range(1, 1 + self.count)
        ]
        data: dict[str, Any] = {"affected_items": items, "failed_items": []}
        if self.total is not None:
            data["total_affected_items"] = self.total
        return {"data": data, "error": 0}


@pytest.mark.parametrize("total", [1, 0, None], ids=["says-1", "says-0", "says-nothing"])
async def test_a_group_listing_more_agents_than_the_cap_is_refused_whatever_its_total_says(total: Any) -> None:
    """adv7: the cap was checked against ``total_affected_items`` only; an answer listing 15 agents while saying
    1 (or nothing) made a change reach 15 agents under a cap of 10 (refused only later, at approval)."""
    with pytest.raises(InvalidArgument, match="a change may reach at most 10"):
        await responses.group_members(Crowd(15, total), "web", 10)  # type: ignore[arg-type]
    assert len(await responses.group_members(Crowd(10, total), "web", 10)) == 10  # type: ignore[arg-type]
