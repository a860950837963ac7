"""L7: a bounded number of concurrent Server API and Indexer calls per server. 100 parallel heavy
calls used to reach the backend together and time out together; now at most ``max_concurrency``
run, the rest queue up to their own deadline and are then answered ``rate_limited`` with a hint."""

from __future__ import annotations

import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client.client import Client

from standin.server import DEMO_USERS, StandinServer
from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.errors import RateLimited
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.server.build import build_server


@pytest.fixture(scope="module")
def standin() -> Any:
    with StandinServer(tls=True) as server:
        yield server


def api_for(standin: StandinServer, limit: int) -> ServerApi:
    return ServerApi(
        ServerApiConfig(
            url=standin.url,
            user="wazuh",
            password=DEMO_USERS["wazuh"].password,
            verify=str(standin.ca_path),
            timeout_s=10,
            max_concurrency=limit,
        )
    )


async def parallel_calls(
    standin: StandinServer, tmp_path: Path, api: ServerApi, count: int, latency_s: float, **settings: Any
) -> tuple[list[str], list[float]]:
    """``count`` parallel get_agent calls once logged in, with the stand-in answering ``latency_s`` late:
    each reply and how long each call took."""

    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        yield Backends(server_api=api)

    server = build_server(Settings.load(audit_log=tmp_path / "audit.jsonl", **settings), backends=backends)
    replies: list[str] = [""] * count
    took: list[float] = [0.0] * count
    async with Client(server) as client:
        await client.call_tool("cluster_status", {})  # log in first
        standin.faults.set(latency_s=latency_s)

        async def one(index: int) -> None:
            started = time.monotonic()
            result = await client.call_tool("get_agent", {"agent_id": "001"})
            took[index] = time.monotonic() - started
            replies[index] = "ok" if not result.is_error else str(getattr(result.content[0], "text", ""))

        try:
            async with anyio.create_task_group() as tg:
                for index in range(count):
                    tg.start_soon(one, index)
        finally:
            standin.faults.reset()
    await api.aclose()
    return replies, took


async def test_l7_concurrency_limit_queues_then_rate_limited(standin: StandinServer, tmp_path: Path) -> None:
    """Two slots, a backend slower than the deadline: two calls reach it (and time out), the other
    eight never do and are told to retry, each by its own deadline."""
    api = api_for(standin, limit=2)
    before = standin.state.requests
    replies, took = await parallel_calls(standin, tmp_path, api, 10, 3.0, tool_timeout_s=1.5)
    # less the login and the warm-up (cluster_status: GET / for the generation, /cluster/status, /manager/status)
    reached = standin.state.requests - before - 4
    codes = sorted(r.split(":", 1)[0] for r in replies)
    assert codes == ["rate_limited"] * 8 + ["timeout"] * 2
    assert reached == 2 and api.slots.peak == 2
    refused = next(r for r in replies if r.startswith("rate_limited"))
    assert "The Wazuh Server API is busy" in refused and "Retry in about" in refused
    assert "api.max_concurrency" in refused
    assert max(took) < 2.5  # everyone answered by the 1.5 s deadline, not after the backend's 3 s
    codes_recorded = sorted(e.error_code or "ok" for e in iter_events(tmp_path / "audit.jsonl"))
    assert codes_recorded == ["ok"] + ["rate_limited"] * 8 + ["timeout"] * 2


async def test_l7_queued_calls_run_in_turn_when_the_deadline_allows(standin: StandinServer, tmp_path: Path) -> None:
    api = api_for(standin, limit=2)
    replies, took = await parallel_calls(standin, tmp_path, api, 6, 0.3, tool_timeout_s=20)
    assert replies == ["ok"] * 6
    assert api.slots.peak == 2
    assert max(took) >= 0.3 * 3  # the last two waited two turns of two


async def test_l7_indexer_searches_share_the_same_bound() -> None:
    """The real Indexer client against a port that accepts connections and never answers (the
    kernel completes the handshake for the listen backlog): one search holds the only slot until
    its deadline, the others are told to retry."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        port = silent.getsockname()[1]
        indexer = Indexer(IndexerConfig(url=f"http://127.0.0.1:{port}", timeout_s=2, max_concurrency=1))
        outcomes: list[str] = []

        async def search() -> None:
            try:
                with anyio.fail_after(1.0):
                    await indexer.search("alerts", {"size": 0})
                outcomes.append("ok")
            except RateLimited as exc:
                outcomes.append(f"rate_limited {exc.hint}")
            except TimeoutError:
                outcomes.append("timeout")

        async with anyio.create_task_group() as tg:
            for _ in range(3):
                tg.start_soon(search)
        await indexer.aclose()
    assert sorted(o.split(" ")[0] for o in outcomes) == ["rate_limited", "rate_limited", "timeout"]
    assert indexer.slots.peak == 1
    assert all("indexer.max_concurrency" in o for o in outcomes if o.startswith("rate_limited"))
