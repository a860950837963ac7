"""What an Indexer page costs: bytes per 25-alert search_alerts page, and latency through MCP.

From one run, against one engine:

* bytes of a 25-alert page as the client receives it (the whole tools/call result, and the text a
  model reads), next to the raw ``_source`` of the same 25 alerts a naive server would pass on;
* p50 latency of search_alerts through the official in-process MCP client vs the very same query
  sent directly with opensearch-py to the same engine (the ratio is the server's overhead);
* p50 latency of page 40 (reached by following cursors) vs page 1 (search_after keeps deep pages cheap).

    python bench/bench_indexer.py                       # osmem-server with a generated slice
    python bench/bench_indexer.py --url http://127.0.0.1:9250   # an already loaded engine (scripts/opensearch.sh load)

Interleaved measurements (MCP, direct, MCP, ...) so drift hits both sides alike.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mcp.client.client import Client
from opensearchpy import OpenSearch

from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.config.settings import Settings
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
    return 0


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
    return asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
