"""Fault injection: one server, both backends, every fault the issue lists, in one run.

The server is the real one (``build_server``) talking to the Server API stand-in (HTTPS) and
osmem-server, each through a ``FaultProxy`` (``tests/faults/proxy.py``) the test controls; the
stand-in's own switches (``standin/faults.py``) give the HTTP-level faults. For every row
of the matrix, judged per call:

- it ends by its deadline (``tool_timeout_s`` plus a small margin for scheduling);
- with a result or a safe error code (never ``internal``), and the code the row expects;
- the server keeps serving: after each row, a plain call on each backend answers ``ok``.

At the end the audit holds exactly one record per call made, and the matrix is printed (pytest -s).
"""

from __future__ import annotations

import collections
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
import pytest
from mcp.client.client import Client

from standin.engine import OsmemEngine
from standin.server import DEMO_USERS, StandinServer
from tests.engines import LoadedEngine, start_osmem
from tests.faults.proxy import FaultProxy
from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.server.build import build_server

TOOL_TIMEOUT_S = 5.0
BACKEND_TIMEOUT_S = 3.0
MARGIN_S = 1.5  # event-loop scheduling on a loaded 2-core CI machine; the server's own deadline is TOOL_TIMEOUT_S
INDEXER_CALL = ("search_alerts", {"time_range": "24h", "size": 3})
API_CALL = ("get_agent", {"agent_id": "001"})
SAFE = {
    "ok",
    "invalid_argument",
    "not_found",
    "forbidden",
    "unauthenticated",
    "rate_limited",
    "conflict",
    "upstream_unavailable",
    "timeout",
    "configuration_error",
    "upstream_error",
}


def endpoint(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    assert parts.hostname and parts.port
    return parts.hostname, parts.port


@dataclass
class Row:
    fault: str
    backend: str
    expected: set[str]
    outcomes: collections.Counter[str] = field(default_factory=collections.Counter)
    slowest_s: float = 0.0
    problems: list[str] = field(default_factory=list)
    samples: dict[str, str] = field(default_factory=dict)


@dataclass
class Bench:
    client: Client
    api: ServerApi
    standin: StandinServer
    api_proxy: FaultProxy
    indexer_proxy: FaultProxy
    rows: list[Row] = field(default_factory=list)
    calls: int = 0

    async def call(self, row: Row, name: str, args: dict[str, Any]) -> str:
        started = time.monotonic()
        result = await self.client.call_tool(name, args)
        elapsed = time.monotonic() - started
        self.calls += 1
        text = "" if not result.is_error else str(getattr(result.content[0], "text", ""))
        code = "ok" if not result.is_error else text.split(":", 1)[0]
        row.outcomes[code] += 1
        row.samples.setdefault(code, text[:160])
        row.slowest_s = max(row.slowest_s, elapsed)
        if elapsed > TOOL_TIMEOUT_S + MARGIN_S:
            row.problems.append(f"{name} took {elapsed:.1f} s")
        if code not in SAFE:
            row.problems.append(f"{name} → {text[:200]}")
        return code

    async def still_serving(self, row: Row) -> None:
        for name, args in (API_CALL, INDEXER_CALL):
            code = await self.call(row, name, args)
            row.outcomes[code] -= 1  # counted apart: not part of the fault's outcomes
            row.outcomes[f"after:{code}"] += 1
            if code != "ok":
                row.problems.append(f"after the fault, {name} answered {code}: the server stopped serving")

    def row(self, fault: str, backend: str, *expected: str) -> Row:
        made = Row(fault, backend, set(expected))
        self.rows.append(made)
        return made


@pytest.fixture(scope="module")
def engine() -> Iterator[tuple[OsmemEngine, LoadedEngine]]:
    osmem, loaded = start_osmem(count=1_000, days=7)
    try:
        yield osmem, loaded
    finally:
        osmem.stop()


async def test_fault_matrix(engine: tuple[OsmemEngine, LoadedEngine], tmp_path: Path) -> None:
    osmem, loaded = engine
    audit_path = tmp_path / "audit.jsonl"
    with (
        StandinServer(tls=True) as standin,
        FaultProxy(endpoint(standin.url), scheme="https") as api_proxy,
        FaultProxy(endpoint(loaded.url)) as indexer_proxy,
    ):
        api = ServerApi(
            ServerApiConfig(
                url=api_proxy.url,
                user="wazuh",
                password=DEMO_USERS["wazuh"].password,
                verify=str(standin.ca_path),
                timeout_s=BACKEND_TIMEOUT_S,
            )
        )
        indexer = Indexer(
            IndexerConfig(
                url=indexer_proxy.url,
                timeout_s=BACKEND_TIMEOUT_S,
                alerts_pattern=loaded.alerts_pattern,
                vulnerabilities_pattern=loaded.vulnerabilities_pattern,
            )
        )

        @asynccontextmanager
        async def backends() -> AsyncIterator[Backends]:
            yield Backends(server_api=api, indexer=indexer)

        server = build_server(
            Settings.load(role="analyst", audit_log=audit_path, tool_timeout_s=TOOL_TIMEOUT_S), backends=backends
        )
        try:
            async with Client(server) as client:
                bench = Bench(client, api, standin, api_proxy, indexer_proxy)
                await run_matrix(bench, osmem, loaded)
        finally:
            await api.aclose()
            await indexer.aclose()

    print_matrix(bench)
    problems = [f"{r.fault} / {r.backend}: {p}" for r in bench.rows for p in r.problems]
    unexpected = [
        f"{r.fault} / {r.backend}: got {sorted(k for k, v in r.outcomes.items() if v > 0 and not k.startswith('after:'))}"
        f", expected within {sorted(r.expected)}"
        for r in bench.rows
        if {k for k, v in r.outcomes.items() if v > 0 and not k.startswith("after:")} - r.expected
    ]
    assert not problems, "\n".join(problems)
    assert not unexpected, "\n".join(unexpected)
    assert sum(1 for _ in iter_events(audit_path)) == bench.calls, "one audit record per call"


async def run_matrix(bench: Bench, osmem: OsmemEngine, loaded: LoadedEngine) -> None:
    warm = bench.row("none (baseline)", "both", "ok")
    await bench.call(warm, *API_CALL)
    await bench.call(warm, *INDEXER_CALL)
    for rows in (_auth_rows, _status_rows, _drop_rows, _reset_rows, _slow_rows, _restart_row):
        await rows(bench, osmem, loaded)


async def _auth_rows(bench: Bench, osmem: OsmemEngine, loaded: LoadedEngine) -> None:
    # Token expiry mid-session: every token issued so far answers 401 "Invalid token".
    row = bench.row("token expiry mid-session", "Server API", "ok")
    bench.standin.state.issuer.revoke_all()
    for _ in range(3):
        await bench.call(row, *API_CALL)
    await bench.still_serving(row)

    # A 401 storm: 16 calls in flight when the token dies: they share exactly one re-login.
    row = bench.row("401 storm, 16 concurrent calls", "Server API", "ok")
    bench.standin.state.issuer.revoke_all()
    logins = bench.api.logins
    async with anyio.create_task_group() as group:
        for _ in range(16):
            group.start_soon(bench.call, row, *API_CALL)
    if bench.api.logins - logins != 1:
        row.problems.append(f"{bench.api.logins - logins} re-logins for one expired token (expected exactly 1)")
    await bench.still_serving(row)


async def _status_rows(bench: Bench, osmem: OsmemEngine, loaded: LoadedEngine) -> None:
    # 429 from the Server API (its request-per-minute limit) and from the Indexer.
    row = bench.row("429 rate limit", "Server API", "rate_limited")
    bench.standin.faults.set(fail_next=0)
    with _rate_limit(bench.standin, 0):
        for _ in range(3):
            await bench.call(row, *API_CALL)
    await bench.still_serving(row)
    row = bench.row("429 rate limit", "Indexer", "rate_limited")
    with bench.indexer_proxy.fault("status", status=429):
        for _ in range(3):
            await bench.call(row, *INDEXER_CALL)
    await bench.still_serving(row)

    # 5xx bursts: the next requests fail, then service resumes.
    for status in (500, 502, 503):
        row = bench.row(f"{status} burst", "Server API", "upstream_unavailable", "ok")
        bench.standin.faults.set(fail_next=4, fail_status=status)
        for _ in range(5):
            await bench.call(row, *API_CALL)
        bench.standin.faults.reset()
        await bench.still_serving(row)
    row = bench.row("503 burst", "Indexer", "upstream_unavailable")
    with bench.indexer_proxy.fault("status", status=503):
        for _ in range(4):
            await bench.call(row, *INDEXER_CALL)
    await bench.still_serving(row)


async def _drop_rows(bench: Bench, osmem: OsmemEngine, loaded: LoadedEngine) -> None:
    # Connections dropped mid-answer (stand-in), bodies that are not JSON.
    # The stand-in declares a body longer than it sends, then stops: the read stalls until a deadline.
    row = bench.row("connection dropped mid-answer", "Server API", "upstream_unavailable", "timeout", "ok")
    bench.standin.faults.set(drop_next=3)
    for _ in range(4):
        await bench.call(row, *API_CALL)
    bench.standin.faults.reset()
    await bench.still_serving(row)
    row = bench.row("garbage body", "Server API", "upstream_unavailable", "ok")
    bench.standin.faults.set(garbage_next=2)
    for _ in range(3):
        await bench.call(row, *API_CALL)
    bench.standin.faults.reset()
    await bench.still_serving(row)


async def _reset_rows(bench: Bench, osmem: OsmemEngine, loaded: LoadedEngine) -> None:
    # Connection resets (RST) on connect, and of pooled connections mid-run.
    for backend, proxy, call in (
        ("Server API", bench.api_proxy, API_CALL),
        ("Indexer", bench.indexer_proxy, INDEXER_CALL),
    ):
        row = bench.row("connection reset", backend, "upstream_unavailable")
        proxy.reset_all()
        with proxy.fault("reset"):
            for _ in range(3):
                await bench.call(row, *call)
        await bench.still_serving(row)
        row = bench.row("pooled connections reset mid-run", backend, "ok", "upstream_unavailable")
        await bench.call(row, *call)
        proxy.reset_all()
        await anyio.sleep(0.1)
        for _ in range(2):
            await bench.call(row, *call)
        await bench.still_serving(row)


async def _slow_rows(bench: Bench, osmem: OsmemEngine, loaded: LoadedEngine) -> None:
    # Half-open sockets: the peer accepts, reads, and never answers nor closes.
    for backend, proxy, call in (
        ("Server API", bench.api_proxy, API_CALL),
        ("Indexer", bench.indexer_proxy, INDEXER_CALL),
    ):
        row = bench.row("half-open socket", backend, "timeout")
        proxy.reset_all()
        with proxy.fault("stall"):
            async with anyio.create_task_group() as group:
                for _ in range(4):
                    group.start_soon(bench.call, row, *call)
        proxy.reset_all()
        await bench.still_serving(row)

    # A backend slower than the deadline.
    row = bench.row("slower than the deadline", "Server API", "timeout")
    bench.standin.faults.set(latency_s=TOOL_TIMEOUT_S + 2)
    try:
        for _ in range(2):
            await bench.call(row, *API_CALL)
    finally:
        bench.standin.faults.reset()
    await bench.still_serving(row)
    row = bench.row("slower than the deadline", "Indexer", "timeout")
    with bench.indexer_proxy.fault("pass", delay_s=TOOL_TIMEOUT_S + 1):
        bench.indexer_proxy.reset_all()
        for _ in range(2):
            await bench.call(row, *INDEXER_CALL)
    bench.indexer_proxy.reset_all()
    await bench.still_serving(row)


async def _restart_row(bench: Bench, osmem: OsmemEngine, loaded: LoadedEngine) -> None:
    # The engine restarted mid-run: calls keep coming while it stops and a fresh one takes its place.
    row = bench.row("engine restarted mid-run", "Indexer", "ok", "upstream_unavailable", "timeout")
    stop = anyio.Event()

    async def keep_calling() -> None:
        while not stop.is_set():
            await bench.call(row, *INDEXER_CALL)
            await anyio.sleep(0.2)

    async with anyio.create_task_group() as group:
        group.start_soon(keep_calling)
        await anyio.sleep(0.5)
        fresh = await anyio.to_thread.run_sync(_restart_engine, osmem, loaded)
        bench.indexer_proxy.upstream = endpoint(fresh[1].url)
        bench.indexer_proxy.reset_all()
        await anyio.sleep(1.0)
        stop.set()
    _RESTARTED.append(fresh[0])
    down = row.outcomes["upstream_unavailable"] + row.outcomes["timeout"]
    if not down:
        row.problems.append("no call saw the engine down: the restart was not exercised")
    if "not an Indexer" in row.samples.get("upstream_unavailable", ""):
        row.problems.append("a restarting engine was reported as not an Indexer")
    await bench.still_serving(row)


_RESTARTED: list[OsmemEngine] = []


def _restart_engine(old: OsmemEngine, loaded: LoadedEngine) -> tuple[OsmemEngine, LoadedEngine]:
    """Stop the engine behind the proxy and bring up a fresh one with the same slice (a restart)."""
    old.stop()
    return start_osmem(count=loaded.meta.alert_count, days=loaded.meta.days, now=loaded.now)


@pytest.fixture(autouse=True, scope="module")
def _stop_restarted() -> Iterator[None]:
    yield
    for engine in _RESTARTED:
        engine.stop()


class _rate_limit:
    """The stand-in's request-per-minute limit set to ``limit`` for a while (0: every request is 429)."""

    def __init__(self, standin: StandinServer, limit: int) -> None:
        self.config, self.limit = standin.state.config, limit

    def __enter__(self) -> None:
        self.saved = self.config.rate_limit_per_minute
        self.config.rate_limit_per_minute = self.limit

    def __exit__(self, *exc: object) -> None:
        self.config.rate_limit_per_minute = self.saved


def print_matrix(bench: Bench) -> None:
    print(f"\nfault matrix: {bench.calls} calls, tool deadline {TOOL_TIMEOUT_S:g} s")
    print(f"  {'fault':36} {'backend':11} {'slowest':>8}  outcomes")
    for r in bench.rows:
        shown = {k: v for k, v in r.outcomes.items() if v > 0}
        mark = "FAIL" if r.problems else "ok"
        print(f"  {r.fault:36} {r.backend:11} {r.slowest_s:7.2f}s  {shown}  {mark}")
        for sample in r.samples.values():
            if sample:
                print(f"      {sample}")
