"""Fixtures for the write path: a real Server API stand-in over HTTPS, and the environment a
`serve` (and a `wazuh-mcp approve` in another process) would have to reach it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp.client.client import Client
from mcp_types import CallToolResult, TextContent

from standin.server import DEMO_USERS, StandinServer
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.build import build_server

NEW_RULE = """<group name="local,sshd,wazuh-mcp,">
  <rule id="100100" level="10" frequency="8" timeframe="120">
    <if_matched_sid>5716</if_matched_sid>
    <same_source_ip />
    <description>sshd: 8 failed logins from one source within 2 minutes.</description>
    <mitre><id>T1110</id></mitre>
  </rule>
</group>
"""


@pytest.fixture
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        yield server


@pytest.fixture(autouse=True)
def api_env(standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """WAZUH_MCP_* pointing at the stand-in, set in this process and handed to subprocesses."""
    return point_at(standin, isolated_env, monkeypatch)


def point_at(standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Set WAZUH_MCP_* to reach ``standin`` as admin, auditing into ``isolated_env``; the environment for a
    `wazuh-mcp` subprocess (``run_cli``)."""
    values = {
        "WAZUH_MCP_API_URL": standin.url,
        "WAZUH_MCP_API_USER": "wazuh",
        "WAZUH_MCP_API_PASSWORD": DEMO_USERS["wazuh"].password,
        "WAZUH_MCP_API_CA_BUNDLE": str(standin.ca_path),
        "WAZUH_MCP_AUDIT_LOG": str(isolated_env / "audit.jsonl"),
        # The approving process's own role must allow each change's tool (approval_policy), as the
        # requesting server's does.
        "WAZUH_MCP_ROLE": "admin",
    }
    for key, value in values.items():
        monkeypatch.setenv(key, value)
    return {**os.environ, **values}


RESPONSES = """
[profiles.default.responses]
isolation_command = "wazuh-mcp-isolate"
release_command = "wazuh-mcp-release"
block_timeout_s = 600
allowed_commands = ["!restart-wazuh"]
"""
"""Response commands as a 4.x deployment defines them (``responses_configured``)."""


@pytest.fixture
def responses_configured(isolated_env: Path, api_env: dict[str, str]) -> None:
    """``RESPONSES`` in the profile (use it with ``pytest.mark.usefixtures``)."""
    (isolated_env / "config.toml").write_text(RESPONSES, encoding="utf-8")


async def ask(tool: str, arguments: dict[str, Any]) -> str:
    """Call ``tool`` in process; the id of the change it recorded, pending approval."""
    async with connect() as client:
        result = ok(await client.call_tool(tool, arguments))
    assert result["status"] == "pending_approval"
    return str(result["change_id"])


@pytest.fixture
def audit_path(api_env: dict[str, str]) -> Path:
    return Path(api_env["WAZUH_MCP_AUDIT_LOG"])


def settings(**overrides: Any) -> Settings:
    return Settings.load(**{"role": "admin", "writes": True, **overrides})


@asynccontextmanager
async def connect(s: Settings | None = None) -> AsyncIterator[Client]:
    """An in-process MCP client on a server built from ``s`` (admin, writes on by default)."""
    async with Client(build_server(s or settings()), cache=None) as client:
        yield client


def error_text(result: CallToolResult) -> str:
    assert result.is_error, result.structured_content
    first = result.content[0]
    assert isinstance(first, TextContent)
    return first.text


def ok(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def uploads(standin: StandinServer) -> list[str]:
    return list(standin.state.ruleset.uploads())


def rule_ids(standin: StandinServer) -> set[int]:
    return {int(rule["id"]) for rule in standin.state.ruleset.rules()}


def run_cli(env: dict[str, str], *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """`wazuh-mcp <args>` in a separate process, as a person would run it in a terminal."""
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        check=False,
    )
