"""cluster_status in words: a healthy single-node manager must not read as "down"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from standin.server import StandinServer
from tests.server.standin_client import connect


@pytest.fixture(params=[False, True], ids=["single-node", "cluster"])
def standin(request: pytest.FixtureRequest) -> Iterator[StandinServer]:
    with StandinServer(tls=True, cluster=request.param) as server:
        yield server


async def test_cluster_status_says_what_the_deployment_is(
    standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with connect(standin, isolated_env, monkeypatch) as client:
        result = await client.call_tool("cluster_status", {})
    assert not result.is_error, result.content
    body: dict[str, Any] = result.structured_content or {}
    if not standin.state.config.cluster:
        assert body["mode"] == "single_node" and body["nodes"] == []
        assert body["summary"].startswith("Single-node deployment") and "not an outage" in body["summary"]
    else:
        assert body["mode"] == "cluster" and body["enabled"] and body["running"]
        types = [node["type"] for node in body["nodes"]]
        assert "master" in types and body["summary"].startswith(f"Cluster running: {len(types)} node")
        assert f"({types.count('worker')} worker" in body["summary"]


async def test_a_failed_daemon_is_reported_as_failed_in_words(
    standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real 4.14.7 reports a daemon as "failed" in /manager/status (the oracle README, section B): the tool
    says so, names it and what it stops, on a single node and on each node of a cluster."""
    standin.faults.set(failed_daemons=1)  # the stand-in fails wazuh-analysisd first
    async with connect(standin, isolated_env, monkeypatch) as client:
        result = await client.call_tool("cluster_status", {})
    assert not result.is_error, result.content
    body: dict[str, Any] = result.structured_content or {}
    assert "FAILED" in body["summary"] and "wazuh-analysisd" in body["summary"]
    assert "no alerts are raised" in body["summary"]
    if not standin.state.config.cluster:
        assert body["failed_daemons"] == ["wazuh-analysisd"] and "not healthy" in body["summary"]
    else:
        assert body["failed_daemons"] and all(d.endswith(": wazuh-analysisd") for d in body["failed_daemons"])
        assert {n["status"] for n in body["nodes"]} == {"failed"}


async def test_a_restarting_manager_is_said_to_be_restarting(
    standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """During a restart a real manager answers /manager/status with 500 / error 1017 (the oracle's api-267)."""
    if standin.state.config.cluster:
        pytest.skip("the stand-in's cluster reports 'not running' during its restart window instead")
    standin.faults.set(restart_window_s=30)
    standin.state.record_restart("manager")
    async with connect(standin, isolated_env, monkeypatch) as client:
        result = await client.call_tool("cluster_status", {})
    assert not result.is_error, result.content
    body: dict[str, Any] = result.structured_content or {}
    assert "restarting" in body["summary"] and body["failed_daemons"] == []


@pytest.mark.parametrize("shape", ["item_not_object", "item_without_id"])
async def test_a_node_listing_of_another_shape_is_upstream_unavailable_not_internal(
    standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch, shape: str
) -> None:
    """adv7: ``GET /cluster/nodes``' items were read with ``.get`` whatever they were: a string item was an
    AttributeError (``internal``), an object without a name asked ``/cluster/None/status``."""
    if not standin.state.config.cluster:
        pytest.skip("a single node does not list its nodes")
    standin.faults.set(malformed_next=1, malformed_path="/cluster/nodes", malformed_shape=shape)
    async with connect(standin, isolated_env, monkeypatch) as client:
        result = await client.call_tool("cluster_status", {})
    assert result.is_error
    text = result.content[0].text  # type: ignore[union-attr]
    assert text.startswith("upstream_unavailable: ") and "/cluster/nodes" in text, text
