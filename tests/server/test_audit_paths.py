"""Every tool call is audited exactly once, on every exit path: ok, validation error, unknown
argument, role refusal, backend error, timeout, cancellation and crash — and the server keeps serving."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client.client import Client

from standin.server import StandinServer
from tests.server.audit_support import server_for as audited_server
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.backends.server_api import Page
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.runtime.audit import AuditEvent, iter_events
from wazuh_mcp.server.build import WazuhServer, build_server


@pytest.fixture(scope="module")
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        yield server


def server_for(standin: StandinServer, tmp_path: Path, **settings: Any) -> WazuhServer:
    return audited_server(standin, tmp_path / "audit.jsonl", **settings)


def events(tmp_path: Path) -> list[AuditEvent]:
    return list(iter_events(tmp_path / "audit.jsonl"))


def text(result: Any) -> str:
    return str(result.content[0].text)


async def test_ok_and_error_paths_each_write_one_record(standin: StandinServer, tmp_path: Path) -> None:
    server = server_for(standin, tmp_path, role="readonly")
    async with Client(server) as client:
        ok = await client.call_tool("get_agent", {"agent_id": "002"})
        invalid = await client.call_tool("get_agent", {"agent_id": "abc"})
        missing = await client.call_tool("get_agent", {})
        extra = await client.call_tool("cluster_status", {"verbose": True})
        forbidden = await client.call_tool("agent_processes", {"agent_id": "001"})  # not in readonly's list
        unknown = await client.call_tool("drop_tables", {})
        not_found = await client.call_tool("get_agent", {"agent_id": "777"})
    assert not ok.is_error
    assert text(invalid).startswith("invalid_argument:") and "agent_id" in text(invalid)
    assert text(missing).startswith("invalid_argument:") and "'agent_id' is required" in text(missing)
    assert text(extra).startswith("invalid_argument:") and "verbose" in text(extra)
    assert text(forbidden).startswith("forbidden:") and "readonly" in text(forbidden)
    assert text(unknown).startswith("invalid_argument:") and "Unknown tool" in text(unknown)
    assert text(not_found).startswith("not_found:")
    recorded = events(tmp_path)
    assert [(e.tool, e.outcome, e.error_code) for e in recorded] == [
        ("agents.get_agent", "ok", None),
        ("agents.get_agent", "error", "invalid_argument"),
        ("agents.get_agent", "error", "invalid_argument"),
        ("cluster.status", "error", "invalid_argument"),
        ("agents.agent_processes", "error", "forbidden"),
        ("unknown", "error", "invalid_argument"),
        ("agents.get_agent", "error", "not_found"),
    ]
    assert recorded[5].requested_tool == "drop_tables"
    assert all(e.role == "readonly" and e.session and e.indexer_user is None for e in recorded)
    # Only the calls that reached the Server API name its user; refusals reached no backend.
    assert [e.wazuh_user for e in recorded] == ["wazuh", None, None, None, None, None, "wazuh"]


async def test_readonly_role_does_not_list_tools_outside_its_allowlist(standin: StandinServer, tmp_path: Path) -> None:
    async with Client(server_for(standin, tmp_path, role="readonly")) as client:
        names = {t.name for t in (await client.list_tools()).tools}
    assert {"get_agent", "list_agents", "cluster_status"} <= names
    assert not {"agent_processes", "agent_packages", "agent_ports"} & names


async def test_timeout_is_audited_and_the_server_keeps_serving(standin: StandinServer, tmp_path: Path) -> None:
    server = server_for(standin, tmp_path, tool_timeout_s=0.5)
    async with Client(server) as client:
        await client.call_tool("cluster_status", {})  # log in first
        standin.faults.set(latency_s=2)
        try:
            slow = await client.call_tool("get_agent", {"agent_id": "001"})
        finally:
            standin.faults.reset()
        after = await client.call_tool("get_agent", {"agent_id": "001"})
    assert text(slow).startswith("timeout:")
    assert not after.is_error
    assert [e.error_code for e in events(tmp_path)] == [None, "timeout", None]
    assert 400 <= events(tmp_path)[1].duration_ms < 1500


async def test_client_cancellation_is_audited(standin: StandinServer, tmp_path: Path) -> None:
    server = server_for(standin, tmp_path)
    async with Client(server) as client:
        await client.call_tool("cluster_status", {})
        standin.faults.set(latency_s=1.5)
        try:
            with anyio.move_on_after(0.3):
                await client.call_tool("list_agents", {})
            for _ in range(50):  # the server learns of the cancellation asynchronously
                if len(events(tmp_path)) == 2:
                    break
                await anyio.sleep(0.05)
        finally:
            standin.faults.reset()
        assert not (await client.call_tool("cluster_status", {})).is_error
    assert [(e.tool, e.error_code) for e in events(tmp_path)] == [
        ("cluster.status", None),
        ("agents.list_agents", "cancelled"),
        ("cluster.status", None),
    ]


class CrashingApi:
    """A backend with a bug: the server must answer `internal`, audit it, and not leak the message."""

    identity = "crash-test"

    async def page(self, path: str, *, action: str, params: dict[str, Any] | None = None) -> Page:
        raise RuntimeError("secret internal detail")

    async def request(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("secret internal detail")

    async def aclose(self) -> None:
        return None


async def test_a_crash_is_internal_audited_and_not_leaked(tmp_path: Path) -> None:
    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        yield Backends(server_api=CrashingApi())

    server = build_server(Settings.load(audit_log=tmp_path / "audit.jsonl"), backends=backends)
    async with Client(server) as client:
        result = await client.call_tool("get_agent", {"agent_id": "001"})
    assert result.is_error and "secret internal detail" not in text(result)
    assert text(result).startswith("internal:")
    [event] = events(tmp_path)
    assert event.error_code == "internal" and "secret" not in (event.error or "")


async def test_non_ascii_digits_are_not_agent_ids(standin: StandinServer, tmp_path: Path) -> None:
    async with Client(server_for(standin, tmp_path)) as client:
        result = await client.call_tool("get_agent", {"agent_id": "００１"})  # fullwidth digits
    assert text(result).startswith("invalid_argument:") and "numeric" in text(result)
