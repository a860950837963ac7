"""cluster_status in words: a healthy single-node manager must not read as "down"."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp.client.client import Client

from standin.server import DEMO_USERS, StandinServer
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.build import build_server


@pytest.fixture(params=[False, True], ids=["single-node", "cluster"])
def standin(request: pytest.FixtureRequest) -> Iterator[StandinServer]:
    with StandinServer(tls=True, cluster=request.param) as server:
        yield server


@asynccontextmanager
async def connect(standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Client]:
    monkeypatch.setenv("WAZUH_MCP_API_URL", standin.url)
    monkeypatch.setenv("WAZUH_MCP_API_USER", "wazuh")
    monkeypatch.setenv("WAZUH_MCP_API_PASSWORD", DEMO_USERS["wazuh"].password)
    monkeypatch.setenv("WAZUH_MCP_API_CA_BUNDLE", str(standin.ca_path))
    monkeypatch.setenv("WAZUH_MCP_AUDIT_LOG", str(isolated_env / "audit.jsonl"))
    async with Client(build_server(Settings.load()), cache=None) as client:
        yield client


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
