"""What an Indexer page costs: bytes per 25-alert search_alerts page, and latency through MCP.

From one run, against one engine:

* bytes of a 25-alert page as the client receives it (the whole tools/call result, and the text a
  model reads), next to the raw ``_source`` of the same 25 alerts a naive server would pass on;
* p50 latency of search_alerts through the official in-process MCP client vs the very same query
  sent directly with opensearch-py to the same engine (the ratio is the server's overhead);
* p50 latency of page 40 (reached by following cursors) vs page 1 (search_after keeps deep pages cheap);
* with ``--per-tool`` (issue 27): every Indexer tool, side by side with the very requests it sent,
  replayed directly with opensearch-py (their time windows moved to the moment of the replay, as the
  tool computes a fresh one at every call: the engine's request cache serves neither side a copy).

    python bench/bench_indexer.py                       # osmem-server with a generated slice
    python bench/bench_indexer.py --url http://127.0.0.1:9250   # an already loaded engine (scripts/opensearch.sh load)
    python bench/bench_indexer.py --url http://127.0.0.1:9250 --per-tool --runs 15
    python bench/bench_indexer.py --url http://127.0.0.1:9250 --v5-url http://127.0.0.1:9450 --runs 15

``--v5-url``: a node with Wazuh 5.x's templates and samples (tests/indexer_v5 loads them): the bytes of
its 25-alert pages (5.x findings) beside 4.x's, and summarize_alerts over 30 days on both, interleaved.

Interleaved measurements (MCP, direct, MCP, ...) so drift hits both sides alike. Each row gives the time
through the official in-process MCP client (which validates every result against its outputSchema) and
the server's own time (call_tool entry to exit, from the audit record), each over the direct time; and this
process's CPU per call, through MCP and in the server's call_tool alone, against the direct call's.

To compare two code trees, run one copy of this file kept outside both (it puts its own repository first
on ``sys.path``) with each tree on ``PYTHONPATH``, back to back on the same warm node.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import functools
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mcp.client.client import Client
from opensearchpy import OpenSearch

from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.runtime.collector import pace_for_serving
from wazuh_mcp.server.build import build_server
from wazuh_mcp.tools._alert_view import ALERT_SORT, ALERT_SOURCE
from wazuh_mcp.tools._search import PageQuery, search_body, time_window

PAGE = 25
DEEP_PAGE = 40
TIME_RANGE = "7d"


def _compact(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def p50(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


@asynccontextmanager
async def engine_url(args: argparse.Namespace) -> AsyncIterator[tuple[str, str]]:
    """The engine to measure: the given URL, or a fresh osmem-server with a generated slice."""
    if args.url:
        yield args.url, args.url
        return
    from standin.engine import OsmemEngine, load_slice
    from standin.estate import DEFAULT_SEED, build_estate

    with OsmemEngine() as osmem:
        started = time.monotonic()
        _, counts = await asyncio.to_thread(
            load_slice, osmem.url, build_estate(DEFAULT_SEED), datetime.now(UTC), count=args.count, days=7
        )
        print(
            f"osmem-server {osmem.version}: loaded {counts.alerts} alerts in {time.monotonic() - started:.1f} s",
            file=sys.stderr,
        )
        yield osmem.url, f"osmem-server ({counts.alerts} alerts / 7 d)"


async def timed(call: Callable[[], Awaitable[Any]]) -> float:
    started = time.perf_counter()
    await call()
    return time.perf_counter() - started


async def run(args: argparse.Namespace) -> int:
    async with engine_url(args) as (url, label):
        auth = (args.user, os.environ.get(args.password_env, "")) if args.user else None
        config = IndexerConfig(
            url=url, user=args.user, password=auth[1] if auth else None, verify=args.ca or True, timeout_s=30
        )
        direct = OpenSearch(
            hosts=[url], http_auth=auth, verify_certs=True, ca_certs=args.ca, ssl_show_warn=False, timeout=30
        )
        audit = Path(tempfile.mkdtemp(prefix="wazuh-mcp-bench-")) / "audit.jsonl"
        settings = Settings.load(role="analyst", audit_log=audit)
        indexer = Indexer(config)

        @asynccontextmanager
        async def backends() -> AsyncIterator[Backends]:
            yield Backends(indexer=indexer)

        page_args = {"time_range": TIME_RANGE, "size": PAGE}
        async with Client(build_server(settings, backends=backends)) as client:
            first = await client.call_tool("search_alerts", page_args)
            assert not first.is_error, first.content
            page = first.structured_content or {}
            ids = [a["id"] for a in page["alerts"]]
            wire = len(first.model_dump_json(by_alias=True, exclude_none=True).encode())
            text = len(first.content[0].text.encode())  # type: ignore[union-attr]
            structured = _compact(page)
            raw = direct.search(index=config.alerts_pattern, body={"size": PAGE, "query": {"ids": {"values": ids}}})
            raw_sources = _compact([hit["_source"] for hit in raw["hits"]["hits"]])

            # The same request the tool sends, sent straight to the engine.
            query = PageQuery(
                tool="alerts.search_alerts",
                kind="alerts",
                identity={},
                filters=[],
                sort=ALERT_SORT,
                source=ALERT_SOURCE,
                size=PAGE,
                time_range=TIME_RANGE,
            )
            body = search_body(query, time_window(TIME_RANGE), None)
            engine_bytes = len(
                direct.transport.serializer.dumps(direct.search(index=config.alerts_pattern, body=body)).encode()
            )

            async def direct_call() -> None:
                direct.search(index=config.alerts_pattern, body=search_body(query, time_window(TIME_RANGE), None))

            async def mcp_call(extra: dict[str, Any] | None = None) -> None:
                result = await client.call_tool("search_alerts", page_args | (extra or {}))
                assert not result.is_error, result.content

            cursor = page["next_cursor"]
            for _ in range(DEEP_PAGE - 2):  # page 2 .. page 39, to hold page 40's cursor
                nxt = await client.call_tool("search_alerts", page_args | {"cursor": cursor})
                cursor = (nxt.structured_content or {})["next_cursor"]
                assert cursor, f"fewer than {DEEP_PAGE * PAGE} alerts in {TIME_RANGE}"

            for _ in range(3):  # warm both paths
                await mcp_call()
                await direct_call()
            mcp, raw_times, page1, page40 = [], [], [], []
            audited_before = len(audit.read_text().splitlines())
            for _ in range(args.runs):
                mcp.append(await timed(mcp_call))
                raw_times.append(await timed(direct_call))
                page1.append(await timed(mcp_call))
                page40.append(await timed(lambda: mcp_call({"cursor": cursor})))
        await indexer.aclose()
        if args.floor:
            _cache_page_views()
        cases = await per_tool(args, direct, config) if args.per_tool else []
        direct.close()
        # The server's own share: the audit record's duration of each timed MCP call (call_tool entry to exit).
        durations = [json.loads(line)["duration_ms"] / 1000 for line in audit.read_text().splitlines()[audited_before:]]
        server_side = durations[0::3]

    rows = [
        ("engine", label),
        ("25-alert page, tools/call result (bytes)", f"{wire:,}"),
        ("25-alert page, text a model reads (bytes)", f"{text:,}"),
        ("25-alert page, structuredContent (bytes)", f"{structured:,}"),
        ("same 25 alerts, raw _source (bytes)", f"{raw_sources:,}  (page is {raw_sources / text:.1f}x smaller)"),
        ("engine response for the page (bytes)", f"{engine_bytes:,}  (_source.includes)"),
        (f"search_alerts via MCP, p50 of {args.runs} (ms)", f"{p50(mcp):.2f}"),
        ("same query direct with opensearch-py, p50 (ms)", f"{p50(raw_times):.2f}"),
        ("MCP / direct", f"{p50(mcp) / p50(raw_times):.2f}x"),
        (
            "  of which inside the server (audit duration), p50 (ms)",
            f"{p50(server_side):.2f}  "
            f"(server / direct {p50(server_side) / p50(raw_times):.2f}x; the rest is the client validating "
            "structuredContent against outputSchema and the in-memory transport)",
        ),
        ("page 1 via MCP, p50 (ms)", f"{p50(page1):.2f}"),
        (f"page {DEEP_PAGE} via MCP (cursor), p50 (ms)", f"{p50(page40):.2f}"),
        (f"page {DEEP_PAGE} / page 1", f"{p50(page40) / p50(page1):.2f}x"),
    ]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key:<{width}}  {value}")
    if cases:
        show_per_tool(cases, label, args.runs)
    if args.v5_url:
        await generations(args)
    return 0


@dataclass
class Sent:
    """One engine request a tool made, to be sent again directly."""

    method: str
    indices: bool
    kwargs: dict[str, Any]
    at_ms: int


@dataclass
class ToolRun:
    tool: str
    args: dict[str, Any]
    sent: list[Sent] = field(default_factory=list)
    mcp: list[float] = field(default_factory=list)
    direct: list[float] = field(default_factory=list)
    server: list[float] = field(default_factory=list)
    mcp_cpu: list[float] = field(default_factory=list)
    server_cpu: list[float] = field(default_factory=list)
    direct_cpu: list[float] = field(default_factory=list)


def _now_ms() -> int:
    return int(time.time() * 1000)


def _moved(body: Any, delta: int) -> Any:
    """``body`` with every epoch-millis range moved by ``delta`` (a fresh window, as the tool makes one)."""
    if isinstance(body, dict):
        moved = {key: _moved(value, delta) for key, value in body.items()}
        if moved.get("format") == "epoch_millis":
            for bound in ("gte", "lte", "gt", "lt"):
                if isinstance(moved.get(bound), int):
                    moved[bound] += delta
        return moved
    if isinstance(body, list):
        return [_moved(item, delta) for item in body]
    return body


def replay(direct: OpenSearch, sent: list[Sent]) -> None:
    """The tool's engine requests, in order, straight to the engine with opensearch-py."""
    for one in sent:
        kwargs = one.kwargs
        body = kwargs.get("body")
        if isinstance(body, dict) and "search_after" not in body:  # a cursor's page keeps its pinned window
            kwargs = {**kwargs, "body": _moved(body, _now_ms() - one.at_ms)}
        target: Any = direct.indices if one.indices else direct
        getattr(target, one.method)(**kwargs)


def tool_cases(page: dict[str, Any], summary: dict[str, Any], fim: dict[str, Any] | None) -> list[ToolRun]:
    """Every Indexer tool, with arguments that find something in the loaded data."""
    alerts = page["alerts"]
    agent = summary["by_agent"][0]["id"]
    technique = summary["by_technique"][0]["id"]
    ip = next((a["src_ip"] for a in alerts if a.get("src_ip")), None) or "10.0.0.1"
    week = {"time_range": TIME_RANGE, "size": PAGE}
    cases = [
        ToolRun("search_alerts", week),
        ToolRun("alerts_by_agent", {**week, "agent_id": agent}),
        ToolRun("alerts_by_mitre", {**week, "technique_id": technique}),
        ToolRun("hunt_query", {**week, "must": [{"field": "rule.level", "op": "gte", "value": 5}]}),
        ToolRun("pivot_by_ioc", {**week, "kind": "ip", "value": ip}),
        ToolRun("get_alert", {"alert_id": alerts[0]["id"]}),
        ToolRun("summarize_alerts", {"time_range": "24h"}),
        ToolRun("summarize_alerts", {"time_range": "30d"}),
        ToolRun("hunt_fields", {"time_range": "24h"}),
        ToolRun("list_vulnerabilities_by_agent", {"agent_id": agent, "size": PAGE}),
        ToolRun("search_vulnerabilities", {"min_severity": "High", "size": PAGE}),
    ]
    if fim is not None:
        cases += [
            ToolRun("fim_changes_by_agent", {"agent_id": fim["agent"], "time_range": TIME_RANGE, "size": PAGE}),
            ToolRun("fim_history_for_path", {"path": fim["path"], "time_range": "30d", "size": PAGE}),
        ]
    return cases


async def per_tool(args: argparse.Namespace, direct: OpenSearch, config: IndexerConfig) -> list[ToolRun]:
    """Each tool through MCP and its own requests sent directly, interleaved round by round."""
    audit = Path(tempfile.mkdtemp(prefix="wazuh-mcp-bench-")) / "audit.jsonl"
    indexer = Indexer(config)
    recording: list[Sent] | None = None
    calling = indexer._call  # noqa: SLF001 - the bench records what the tool really sent

    async def recorded(kind: Any, fn: Any) -> Any:
        if recording is not None and isinstance(fn, functools.partial):
            owner = getattr(fn.func, "__self__", None)
            recording.append(
                Sent(fn.func.__name__, not isinstance(owner, OpenSearch), copy.deepcopy(fn.keywords), _now_ms())
            )
        return await calling(kind, fn)

    indexer._call = recorded  # type: ignore[method-assign]  # noqa: SLF001

    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        yield Backends(indexer=indexer)

    settings = Settings.load(role="analyst", audit_log=audit)
    server = build_server(settings, backends=backends)
    pace_for_serving()  # as `serve` runs (the direct side shares the process, and its pace)
    server_cpu: list[float] = [0.0]
    serving = server.call_tool

    async def call_tool(*args: Any, **kwargs: Any) -> Any:
        """The server's own CPU time per call: its shaping and, as on the direct side, the engine request
        (opensearch-py in a worker thread); not the client's validation nor the transport."""
        started = time.process_time()
        try:
            return await serving(*args, **kwargs)
        finally:
            server_cpu[0] = time.process_time() - started

    server.call_tool = call_tool  # type: ignore[method-assign]
    async with Client(server) as client:

        async def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
            result = await client.call_tool(name, arguments)
            assert not result.is_error, (name, result.content)
            return result.structured_content or {}

        page = await call("search_alerts", {"time_range": TIME_RANGE, "size": PAGE})
        summary = await call("summarize_alerts", {"time_range": TIME_RANGE})
        found = direct.search(
            index=config.alerts_pattern,
            body={"size": 1, "query": {"exists": {"field": "syscheck.path"}}, "sort": [{"timestamp": "desc"}]},
        )["hits"]["hits"]
        fim = (
            {"agent": found[0]["_source"]["agent"]["id"], "path": found[0]["_source"]["syscheck"]["path"]}
            if found
            else None
        )
        cases = [c for c in tool_cases(page, summary, fim) if not args.tools or c.tool in args.tools]
        for case in cases:  # warm both paths; record the requests of a warm call (the generation probe is cached)
            for _ in range(2):
                await call(case.tool, case.args)
            recording = case.sent
            await call(case.tool, case.args)
            recording = None
            replay(direct, case.sent)
        for round_ in range(args.runs):
            for case in cases:
                mcp_first = round_ % 2 == 0  # alternate which side goes first
                for side in ("mcp", "direct") if mcp_first else ("direct", "mcp"):
                    started, cpu = time.perf_counter(), time.process_time()
                    if side == "mcp":
                        await call(case.tool, case.args)
                        case.mcp.append(time.perf_counter() - started)
                        case.mcp_cpu.append(time.process_time() - cpu)
                        case.server_cpu.append(server_cpu[0])
                        case.server.append(json.loads(audit.read_text().splitlines()[-1])["duration_ms"] / 1000)
                    else:
                        replay(direct, case.sent)
                        case.direct.append(time.perf_counter() - started)
                        case.direct_cpu.append(time.process_time() - cpu)
    await indexer.aclose()
    return cases


def _cache_page_views() -> None:
    """``--floor``: the alert tools get each page's view from a cache after its first shaping."""
    from wazuh_mcp.tools import alerts

    shape = alerts.alert_page_view  # type: ignore[attr-defined]  # the name the tools call, replaced below
    views: dict[tuple[Any, ...], Any] = {}

    def cached(hits: list[dict[str, Any]], **kwargs: Any) -> Any:
        key = (tuple(hit.get("_id") for hit in hits), tuple(sorted(kwargs.items())))
        if key not in views:
            views[key] = shape(hits, **kwargs)
        return views[key]

    alerts.alert_page_view = cached  # type: ignore[attr-defined]


def show_per_tool(cases: list[ToolRun], label: str, runs: int) -> None:
    print(f"\nPer tool, {label}: p50 of {runs} interleaved rounds (ms); ratios over the direct requests")
    print(
        "(CPU: this process's CPU time per call, ms, through MCP (client and server together) and in the server's "
        "call_tool alone, against the direct call's)"
    )
    header = (
        "tool",
        "args",
        "requests",
        "direct",
        "MCP",
        "MCP/direct",
        "server",
        "server/direct",
        "CPU MCP/direct",
        "CPU server/direct",
    )
    rows = [header]
    for case in cases:
        shown_args = ",".join(f"{k}={v}" for k, v in case.args.items() if k in ("time_range", "kind"))
        rows.append(
            (
                case.tool,
                shown_args,
                str(len(case.sent)),
                f"{p50(case.direct):.1f}",
                f"{p50(case.mcp):.1f}",
                f"{p50(case.mcp) / p50(case.direct):.2f}x",
                f"{p50(case.server):.1f}",
                f"{p50(case.server) / p50(case.direct):.2f}x",
                f"{p50(case.mcp_cpu):.1f}/{p50(case.direct_cpu):.1f}",
                f"{p50(case.server_cpu):.1f}/{p50(case.direct_cpu):.1f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))


@asynccontextmanager
async def mcp_client(url: str) -> AsyncIterator[tuple[Client, Indexer]]:
    audit = Path(tempfile.mkdtemp(prefix="wazuh-mcp-bench-")) / "audit.jsonl"
    indexer = Indexer(IndexerConfig(url=url, timeout_s=60))

    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        yield Backends(indexer=indexer)

    try:
        async with Client(build_server(Settings.load(role="analyst", audit_log=audit), backends=backends)) as client:
            yield client, indexer
    finally:
        await indexer.aclose()


async def page_bytes(client: Client, time_range: str, pages: int) -> list[int]:
    """Text bytes of the first ``pages`` 25-alert search_alerts pages of ``time_range``."""
    sizes: list[int] = []
    cursor = None
    while len(sizes) < pages:
        arguments: dict[str, Any] = {"time_range": time_range, "size": PAGE} | ({"cursor": cursor} if cursor else {})
        result = await client.call_tool("search_alerts", arguments)
        assert not result.is_error, result.content
        sizes.append(len(result.content[0].text.encode()))  # type: ignore[union-attr]
        cursor = (result.structured_content or {}).get("next_cursor")
        if not cursor:
            break
    return sizes


async def generations(args: argparse.Namespace) -> None:
    """Wazuh 5.x beside 4.x in one run: page bytes, and summarize_alerts over 30 days."""
    async with mcp_client(args.url) as (v4, _), mcp_client(args.v5_url) as (v5, _):
        bytes4 = await page_bytes(v4, TIME_RANGE, args.pages)
        bytes5 = await page_bytes(v5, "30d", args.pages)
        summary = {"time_range": "30d"}
        times: dict[str, list[float]] = {"4.x": [], "5.x": []}
        totals: dict[str, int] = {}
        for client, name in ((v4, "4.x"), (v5, "5.x")):  # warm
            result = await client.call_tool("summarize_alerts", summary)
            assert not result.is_error, result.content
            totals[name] = (result.structured_content or {})["total"]
        for round_ in range(args.runs):
            order = ((v4, "4.x"), (v5, "5.x")) if round_ % 2 == 0 else ((v5, "5.x"), (v4, "4.x"))
            for client, name in order:
                started = time.perf_counter()
                await client.call_tool("summarize_alerts", summary)
                times[name].append(time.perf_counter() - started)
    print("\nWazuh 5.x beside 4.x (one run)")
    print(f"  {args.url}: 4.x alerts; {args.v5_url}: 5.x findings")
    for name, sizes in (("4.x", bytes4), ("5.x", bytes5)):
        print(
            f"  {name} 25-alert pages: {len(sizes)} pages, largest {max(sizes):,} B, median "
            f"{statistics.median(sizes):,.0f} B (budget 12,288)"
        )
    print(
        f"  summarize_alerts 30d, p50 of {args.runs}: 4.x {p50(times['4.x']):.1f} ms ({totals['4.x']:,} alerts), "
        f"5.x {p50(times['5.x']):.1f} ms ({totals['5.x']:,} findings), 5.x/4.x "
        f"{p50(times['5.x']) / p50(times['4.x']):.2f}x"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="an already loaded engine (default: start osmem-server with a slice)")
    parser.add_argument("--user", help="Indexer user, when the engine asks for basic auth")
    parser.add_argument(
        "--password-env", default="WAZUH_MCP_INDEXER_PASSWORD", help="environment variable holding that user's password"
    )
    parser.add_argument("--ca", help="CA bundle for an https engine")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--count", type=int, default=3000, help="alerts in the osmem slice (7 days)")
    parser.add_argument(
        "--per-tool", action="store_true", help="every Indexer tool against its own requests sent directly"
    )
    parser.add_argument("--tools", nargs="*", help="with --per-tool: only these tools")
    parser.add_argument(
        "--floor",
        action="store_true",
        help="with --per-tool: serve each alert page's view from a cache (keyed by its alerts' ids), to measure "
        "what the server costs beyond shaping the alerts (an instrument, not how the server runs)",
    )
    parser.add_argument("--v5-url", help="a node with Wazuh 5.x's templates and samples, measured beside --url")
    parser.add_argument("--pages", type=int, default=40, help="with --v5-url: pages whose bytes are compared")
    return asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
