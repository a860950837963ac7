"""Issue 9 (item 6): an agent whose syscollector never reported (Wazuh error 2007, as Wazuh's own tavern
test expects for a never-connected agent) has an inventory that is unknown, not an invalid argument."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from mcp.client.client import Client

from standin.app import StandinConfig
from standin.server import StandinServer
from tests.server.audit_support import server_for


@pytest.fixture(scope="module")
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        yield server


@pytest.fixture(scope="module")
def standin_5x() -> Iterator[StandinServer]:
    with StandinServer(tls=True, config=StandinConfig(api_version="5.0.0")) as server:
        yield server


@asynccontextmanager
async def client_for(standin: StandinServer, tmp_path: Path) -> AsyncIterator[Client]:
    async with Client(server_for(standin, tmp_path / "audit.jsonl", role="analyst")) as client:
        yield client


@pytest.mark.parametrize("tool", ["agent_processes", "agent_packages", "agent_ports"])
async def test_never_scanned_agent_gives_an_empty_inventory_that_says_so(
    standin: StandinServer, tmp_path: Path, tool: str
) -> None:
    idle = next(a for a in standin.state.fleet.agents if a["status"] == "never_connected")
    async with client_for(standin, tmp_path) as client:
        result = await client.call_tool(tool, {"agent_id": idle["id"]})
        unknown = await client.call_tool(tool, {"agent_id": "999"})
    assert not result.is_error, result.content
    body = result.structured_content or {}
    assert body["items"] == [] and body["total"] == 0 and body["truncated"] is False
    assert "No syscollector scan has reported" in body["note"] and "2007" in body["note"]
    assert unknown.is_error and str(getattr(unknown.content[0], "text", "")).startswith("not_found:")


async def test_inventory_on_a_wazuh_5_manager_is_a_configuration_error(
    standin_5x: StandinServer, tmp_path: Path
) -> None:
    """Item 7: never an empty or confusing answer on 5.x; without an Indexer the error names Wazuh 5.x, where
    5.x keeps the inventory instead (the Indexer's state index) and how to configure the Indexer."""
    async with client_for(standin_5x, tmp_path) as client:
        result = await client.call_tool("agent_packages", {"agent_id": "001"})
    text = str(getattr(result.content[0], "text", ""))
    assert result.is_error and text.startswith("configuration_error: ")
    assert "Wazuh 5.0.0 (5.x)" in text and "wazuh-states-inventory-packages" in text
    assert "WAZUH_MCP_INDEXER_URL" in text
