"""L7 on the real Indexer: N parallel 30-day ``summarize_alerts`` calls through one in-process server,
with the concurrency bound at its default next to "no bound" (``max_concurrency`` = N), side by
side in one run. Prints how many calls ended ok / rate_limited / timeout, the most searches in
flight at once and the slowest answer.

    WAZUH_MCP_TEST_OPENSEARCH_URL=http://127.0.0.1:9250 python bench/bench_backend_limit.py [--calls 40]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
from mcp.client.client import Client

from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.config.settings import IndexerSettings, Settings
from wazuh_mcp.server.build import build_server


async def run(url: str, calls: int, limit: int, folder: Path) -> tuple[Counter[str], int, float]:
    indexer = Indexer(IndexerConfig(url=url, timeout_s=20, max_concurrency=limit))

    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        yield Backends(indexer=indexer)

    server = build_server(
        Settings.load(audit_log=folder / f"audit-{limit}.jsonl", tool_timeout_s=30), backends=backends
    )
    outcomes: Counter[str] = Counter()
    slowest = 0.0
    async with Client(server) as client:

        async def one() -> None:
            nonlocal slowest
            started = time.monotonic()
            result = await client.call_tool("summarize_alerts", {"time_range": "30d"})
            slowest = max(slowest, time.monotonic() - started)
            text = str(getattr(result.content[0], "text", ""))
            outcomes["ok" if not result.is_error else text.split(":", 1)[0]] += 1

        async with anyio.create_task_group() as tg:
            for _ in range(calls):
                tg.start_soon(one)
    await indexer.aclose()
    return outcomes, indexer.slots.peak, slowest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=40)
    args = parser.parse_args()
    url = os.environ.get("WAZUH_MCP_TEST_OPENSEARCH_URL")
    if not url:
        print("set WAZUH_MCP_TEST_OPENSEARCH_URL to a node with Wazuh alerts")
        return 2
    default = IndexerSettings().max_concurrency
    with tempfile.TemporaryDirectory() as folder:
        for limit in (default, args.calls):
            outcomes, peak, slowest = anyio.run(run, url, args.calls, limit, Path(folder))
            label = "default bound" if limit == default else "no bound    "
            print(
                f"{label} (max_concurrency={limit}): {dict(outcomes)}; peak in flight {peak}; slowest {slowest:.1f} s"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
