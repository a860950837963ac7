"""The demo's slice in osmem-server: readiness and memory are measured and reported, not asserted.

Run with ``-s`` (or read the log) to see the figures, e.g.::

    demo indexer: 6000 alerts over 7 days + 775 vulnerabilities ready in 4.4 s; osmem-server RSS 276 MB
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from standin.dataset import ALERTS_PATTERN, DEMO_ALERT_COUNT, DEMO_DAYS, SCENARIO_RULES, VULNS_PATTERN
from standin.engine import start_demo_indexer
from standin.estate import build_estate
from standin.indexer_load import client
from tests.indexer_bed.queries import count, rule_ids, since

log = logging.getLogger(__name__)


def mb(size: int | None) -> str:
    return f"{size / 2**20:.0f} MB" if size else "n/a"


async def test_demo_indexer_is_complete_and_reports_its_cost(
    capsys: pytest.CaptureFixture[str], record_property: Callable[[str, object], None]
) -> None:
    now = datetime.now(UTC)
    started = time.monotonic()
    engine, counts = await start_demo_indexer(build_estate(), now)
    ready = time.monotonic() - started
    try:
        rss = engine.rss_bytes()
        es = client(engine.url)
        after_queries = None
        assert counts.errors == 0 and counts.alerts == DEMO_ALERT_COUNT
        assert count(es, ALERTS_PATTERN) == DEMO_ALERT_COUNT
        assert count(es, VULNS_PATTERN) == counts.vulnerabilities
        recent = rule_ids(es, ALERTS_PATTERN, since(now, timedelta(hours=24)))
        assert [name for name, rules in SCENARIO_RULES.items() if not rules & recent.keys()] == []
        last_hour = {"bool": {"filter": [since(now, timedelta(hours=1)), {"range": {"rule.level": {"gte": 10}}}]}}
        assert count(es, ALERTS_PATTERN, last_hour) > 0
        after_queries = engine.rss_bytes()
    finally:
        engine.stop()
    report = (
        f"demo indexer: {counts.alerts} alerts over {DEMO_DAYS} days + {counts.vulnerabilities} "
        f"vulnerabilities ready in {ready:.1f} s (engine {engine.ready_seconds:.2f} s, load "
        f"{counts.seconds:.1f} s); osmem-server RSS {mb(rss)}, {mb(after_queries)} after queries"
    )
    log.info(report)
    record_property("demo_ready_seconds", round(ready, 2))
    record_property("demo_rss_bytes", rss)
    with capsys.disabled():
        print("\n" + report)
