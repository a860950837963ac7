"""Each audit record names the Wazuh identity the call really used: the Server API user for Server API
calls, the Indexer user for Indexer calls, both for a prompt whose pre-fetches used both."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from mcp.client.client import Client

from standin.server import DEMO_USERS, StandinServer
from tests.engines import LoadedEngine
from tests.indexer.support import engine_config
from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.server.build import build_server


@pytest.fixture(scope="module")
def standin() -> object:
    with StandinServer(tls=True) as server:
        yield server


async def test_records_name_the_identity_each_call_used(
    standin: StandinServer, osmem_engine: LoadedEngine, tmp_path: Path
) -> None:
    audit = tmp_path / "audit.jsonl"

    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        api = ServerApi(
            ServerApiConfig(
                url=standin.url, user="wazuh", password=DEMO_USERS["wazuh"].password, verify=str(standin.ca_path)
            )
        )
        indexer = Indexer(IndexerConfig(url=osmem_engine.url, **engine_config(osmem_engine)))
        # osmem has no security plugin: the account name is what the factory would take from settings.
        yield Backends(server_api=api, indexer=indexer, indexer_user="soc-reader")
        await api.aclose()
        await indexer.aclose()

    server = build_server(Settings.load(role="analyst", audit_log=audit), backends=backends)
    async with Client(server) as client:
        await client.call_tool("get_agent", {"agent_id": "001"})
        await client.call_tool("search_alerts", {"time_range": "30d", "size": 1})
        await client.call_tool("get_agent", {"agent_id": "not a number"})
        await client.get_prompt("agent-posture", {"agent_id": "001"})
    who = [(e.tool, e.wazuh_user, e.indexer_user) for e in iter_events(audit)]
    assert who == [
        ("agents.get_agent", "wazuh", None),
        ("alerts.search_alerts", None, "soc-reader"),
        ("agents.get_agent", None, None),  # refused before any backend was reached
        ("agents.get_agent", "wazuh", None),
        ("alerts.alerts_by_agent", None, "soc-reader"),
        ("vulnerabilities.list_vulnerabilities_by_agent", None, "soc-reader"),
        ("prompt.agent-posture", "wazuh", "soc-reader"),
    ]
