"""What an alert page costs a model's context, with the event data in it: Wazuh's sample vs our dataset.

From one run: every 25-alert search_alerts page, through the official in-process MCP client, over

* Wazuh's own 1,124 sample alerts (``../shared/reference/wazuh/samples/alerts-4.x-sample.ndjson``,
  loaded under Wazuh's template as ``tests/indexer/alert_views_bed.py`` does), and
* the generated dataset (an osmem slice, or ``--url`` for an already loaded engine),

reports the bytes of text content per page (largest, median), the largest alert, how many pages had
to cut an event to fit the page budget, and which ``event`` fields each decoder family shows.

    python bench/bench_alert_pages.py
    python bench/bench_alert_pages.py --url http://127.0.0.1:9250 --time-range 1h
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mcp.client.client import Client

from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.build import build_server
from wazuh_mcp.tools.event_view import family_of

PAGE = 25


@dataclass
class Report:
    label: str
    pages: list[int] = field(default_factory=list)
    largest_alert: int = 0
    alerts: int = 0
    cut_pages: int = 0
    fields: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    family_count: Counter[str] = field(default_factory=Counter)


def leaves(node: Any, prefix: str = "") -> list[str]:
    if isinstance(node, dict):
        return [path for key, value in node.items() for path in leaves(value, f"{prefix}{key}.")]
    return [prefix.rstrip(".")]


async def measure(url: str, pattern: str, label: str, time_range: str, sources: dict[str, dict[str, Any]]) -> Report:
    """Page through every alert of ``time_range``; ``sources`` maps document id → _source (for families)."""
    report = Report(label)
    audit = Path(tempfile.mkdtemp(prefix="wazuh-mcp-bench-")) / "audit.jsonl"
    indexer = Indexer(IndexerConfig(url=url, alerts_pattern=pattern, timeout_s=60))

    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        yield Backends(indexer=indexer)

    try:
        async with Client(build_server(Settings.load(role="analyst", audit_log=audit), backends=backends)) as client:
            cursor = None
            while True:
                args: dict[str, Any] = {"time_range": time_range, "size": PAGE}
                result = await client.call_tool("search_alerts", args | ({"cursor": cursor} if cursor else {}))
                assert not result.is_error, result.content
                page = result.structured_content or {}
                report.pages.append(len(result.content[0].text.encode()))  # type: ignore[union-attr]
                report.cut_pages += any(a.get("event_cut") for a in page["alerts"])
                for alert in page["alerts"]:
                    report.alerts += 1
                    size = len(json.dumps(alert, separators=(",", ":"), ensure_ascii=False).encode())
                    report.largest_alert = max(report.largest_alert, size)
                    data = (sources.get(alert["id"]) or {}).get("data") or {}
                    family = family_of(data)
                    name = family.name if family else ("other data.*" if data else "no data")
                    report.family_count[name] += 1
                    report.fields[name].update(leaves(alert.get("event", {})))
                cursor = page["next_cursor"]
                if not cursor:
                    break
    finally:
        await indexer.aclose()
    return report


@asynccontextmanager
async def sample_engine() -> AsyncIterator[tuple[str, datetime, dict[str, dict[str, Any]]] | None]:
    from standin.engine import OsmemEngine
    from tests.indexer.alert_views_bed import load_sample, read_sample, sample_path

    path = sample_path()
    if path is None:
        yield None
        return
    now = datetime.now(UTC).replace(microsecond=0)
    docs = read_sample(path, now)
    with OsmemEngine() as osmem:
        await asyncio.to_thread(load_sample, osmem.url, "", docs)
        yield osmem.url, now, {d.id: d.source for d in docs}


@asynccontextmanager
async def generated_engine(args: argparse.Namespace) -> AsyncIterator[tuple[str, str, dict[str, dict[str, Any]]]]:
    from standin.dataset import generate_alerts
    from standin.engine import OsmemEngine, load_slice
    from standin.estate import DEFAULT_SEED, build_estate
    from standin.indexer_load import read_meta

    if args.url:
        meta = read_meta(args.url)
        sources: dict[str, dict[str, Any]] = {}
        if meta is not None:
            docs = generate_alerts(
                build_estate(meta.estate_seed), now=meta.now_dt, days=meta.days, count=meta.alert_count, seed=meta.seed
            )
            sources = {d.id: d.source for d in docs}
        yield args.url, f"generated dataset at {args.url}", sources
        return
    now = datetime.now(UTC)
    with OsmemEngine() as osmem:
        meta, counts = await asyncio.to_thread(
            load_slice, osmem.url, build_estate(DEFAULT_SEED), now, count=args.count, days=7
        )
        docs = generate_alerts(build_estate(DEFAULT_SEED), now=meta.now_dt, days=7, count=args.count, seed=meta.seed)
        yield osmem.url, f"generated dataset (osmem, {counts.alerts} alerts / 7 d)", {d.id: d.source for d in docs}


def show(report: Report) -> None:
    pages = report.pages
    print(f"\n== {report.label}")
    print(f"alerts paged                         {report.alerts:,} in {len(pages)} pages of {PAGE}")
    print(f"text content per page, largest       {max(pages):,} bytes (budget 12,288)")
    print(f"text content per page, median        {statistics.median(pages):,.0f} bytes")
    print(f"largest alert                        {report.largest_alert:,} bytes (budget 4,096)")
    print(f"pages that cut an event to fit       {report.cut_pages} of {len(pages)}")
    print("event fields shown, per decoder family (alerts showing each field / alerts of the family):")
    for name, count in report.family_count.most_common():
        shown = ", ".join(f"{path} {n}" for path, n in report.fields[name].most_common()) or "-"
        print(f"  {name} ({count}): {shown}")


async def run(args: argparse.Namespace) -> int:
    async with sample_engine() as sample:
        if sample is None:
            print("Wazuh's sample is not present (../shared/reference/wazuh); skipping it", file=sys.stderr)
        else:
            url, now, sources = sample
            import wazuh_mcp.tools._search as search

            search.utc_now = lambda: now  # the sample's times are offsets back from its anchor
            show(await measure(url, "wazuh-alerts-*", "Wazuh's sample (1,124 alerts)", "24h", sources))
            search.utc_now = lambda: datetime.now(UTC)
    async with generated_engine(args) as (url, label, sources):
        show(await measure(url, "wazuh-alerts-*", label, args.time_range, sources))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="an already loaded engine with the generated dataset (default: an osmem slice)")
    parser.add_argument("--count", type=int, default=3000, help="alerts in the osmem slice (7 days)")
    parser.add_argument("--time-range", default="7d", help="window paged through on the generated dataset")
    return asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
