"""The server under test, connected through the official MCP client to a Server API stand-in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from mcp.client.client import Client

from standin.server import DEMO_USERS, StandinServer
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.build import build_server


@asynccontextmanager
async def connect(standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Client]:
    """A session on ``standin`` as its ``wazuh`` user, auditing to the test's own directory."""
    monkeypatch.setenv("WAZUH_MCP_API_URL", standin.url)
    monkeypatch.setenv("WAZUH_MCP_API_USER", "wazuh")
    monkeypatch.setenv("WAZUH_MCP_API_PASSWORD", DEMO_USERS["wazuh"].password)
    monkeypatch.setenv("WAZUH_MCP_API_CA_BUNDLE", str(standin.ca_path))
    monkeypatch.setenv("WAZUH_MCP_AUDIT_LOG", str(isolated_env / "audit.jsonl"))
    async with Client(build_server(Settings.load()), cache=None) as client:
        yield client
