"""The demo's phased load: the last hour first, then the last 24 hours (each searchable while the rest
loads), the same documents as the one-shot slice in the end, and every answer served meanwhile says what
is complete and what is partial; searches go ahead of the load."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from mcp.client.client import Client

from standin.alerts_render import wazuh_timestamp
from standin.dataset import ALERTS_PATTERN, DEMO_ALERT_COUNT, DEMO_DAYS, VULNS_PATTERN, generate_alerts
from standin.demo_load import FIRST, RECENT, DemoLoad
from standin.engine import OsmemEngine, load_demo_phased
from standin.estate import build_estate
from standin.indexer_load import client
from tests.indexer_bed.queries import count, since
from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.demo import DeferredIndexer, demo_settings
from wazuh_mcp.runtime.notices import META_KEY
from wazuh_mcp.server.build import build_server


def test_newest_hour_first_then_the_day_then_everything_the_slice_has() -> None:
    now, estate = datetime.now(UTC), build_estate()
    expected = list(generate_alerts(estate, now=now, days=DEMO_DAYS, count=DEMO_ALERT_COUNT))

    def newer_than(span: timedelta) -> int:
        cutoff = wazuh_timestamp(now - span)
        return sum(1 for doc in expected if doc.source["timestamp"] >= cutoff)

    first_expected, recent_expected = newer_than(FIRST), newer_than(RECENT)
    seen: dict[str, tuple[int, int, str | None]] = {}
    with OsmemEngine() as engine:
        es = client(engine.url)
        progress = DemoLoad()

        # What is searchable, and what a call is told, the moment each phase is announced (the loader
        # waits for the listener).
        def snapshot(phase: str) -> None:
            seen[phase] = (count(es, ALERTS_PATTERN), count(es, VULNS_PATTERN), progress.notice())

        progress.listeners.append(snapshot)
        counts = load_demo_phased(engine.url, estate, now, progress)
        assert [phase for phase, _ in progress.phases] == ["first", "recent", "vulnerabilities", "all"]
        assert 0 < first_expected < recent_expected < len(expected)
        assert seen["first"][:2] == (first_expected, 0)
        assert f"{first_expected:,} of {len(expected):,} alerts" in str(seen["first"][2])
        assert "the last hour is complete" in str(seen["first"][2])
        assert "older than the last hour are partial" in str(seen["first"][2])
        assert seen["recent"][:2] == (recent_expected, 0) and "the last 24 hours are complete" in str(seen["recent"][2])
        assert count(es, ALERTS_PATTERN, since(now, timedelta(hours=24))) == recent_expected
        assert seen["vulnerabilities"][1] == counts.vulnerabilities > 0
        assert f"{counts.vulnerabilities:,} vulnerabilities loaded" in str(seen["vulnerabilities"][2])
        assert seen["all"][0] == len(expected) == counts.alerts and progress.complete
        ids = {
            hit["_id"]
            for hit in es.search(index=ALERTS_PATTERN, body={"size": 10_000, "_source": False})["hits"]["hits"]
        }
        assert ids == {doc.id for doc in expected}  # the same documents as load_slice, only reordered
    assert progress.notice() is None


def test_the_load_waits_for_a_search_in_flight_but_not_for_ever() -> None:
    progress = DemoLoad()
    progress.wait_for_searches(limit=5)  # nothing searching: no wait
    progress.search_started()
    released = threading.Timer(0.2, progress.search_finished)
    started = time.monotonic()
    released.start()
    progress.wait_for_searches(limit=5)
    assert 0.15 < time.monotonic() - started < 4  # released by the search's end, not the limit
    progress.search_started()  # a search that never ends holds the load only for the limit
    started = time.monotonic()
    progress.wait_for_searches(limit=0.2)
    assert 0.15 < time.monotonic() - started < 4


def test_a_failed_load_says_how_far_it_got() -> None:
    progress = DemoLoad(alerts_total=DEMO_ALERT_COUNT, failed="ConnectionError")
    assert progress.notice() == "The demo data stopped loading (ConnectionError): no alerts are searchable."
    progress.complete_span = FIRST
    assert "results cover only the last hour" in str(progress.notice())


@asynccontextmanager
async def demo_server(indexer: DeferredIndexer) -> AsyncIterator[Client]:
    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        yield Backends(indexer=indexer)

    async with Client(build_server(demo_settings(), backends=backends, profile="demo"), cache=None) as client_:
        yield client_


async def test_answers_served_while_loading_say_so_and_stop_saying_it_when_done() -> None:
    now, estate = datetime.now(UTC) - timedelta(hours=2), build_estate()  # nothing crosses the 24 h edge
    with OsmemEngine() as engine:
        progress = DemoLoad(alerts_total=DEMO_ALERT_COUNT)
        await asyncio.to_thread(load_demo_phased, engine.url, estate, now, progress)
        progress.complete = False  # replay the moment between the 24-hour phase and the last
        progress.alerts_loaded, progress.complete_span = 1_234, RECENT
        ready: asyncio.Future[Indexer] = asyncio.get_running_loop().create_future()
        ready.set_result(Indexer(IndexerConfig(url=engine.url)))
        indexer = DeferredIndexer(asyncio.ensure_future(ready), progress)
        async with demo_server(indexer) as mcp:
            partial = await mcp.call_tool("summarize_alerts", {"time_range": "24h"})
            notes: list[Any] = (partial.meta or {}).get(META_KEY, [])
            assert not partial.is_error and len(notes) == 1
            assert f"1,234 of {DEMO_ALERT_COUNT:,} alerts" in notes[0] and "last 24 hours are complete" in notes[0]
            assert partial.content[-1].text == f"note: {notes[0]}"  # type: ignore[union-attr]
            # ... and in the structured data, for a client that reads only that
            structured = partial.structured_content or {}
            assert structured["partial"] is True and notes[0] in structured["warnings"]
            cluster = await mcp.call_tool("cluster_status", {})  # no Indexer involved: no notice
            assert META_KEY not in (cluster.meta or {})
            progress.complete = True
            whole = await mcp.call_tool("summarize_alerts", {"time_range": "24h"})
            assert META_KEY not in (whole.meta or {}) and len(whole.content) == 1
            assert "partial" not in (whole.structured_content or {})
            window = ("since", "until", "partial", "warnings")  # each call's own "now"; the load's notice
            same = {k: v for k, v in (whole.structured_content or {}).items() if k not in window}
            assert same == {k: v for k, v in (partial.structured_content or {}).items() if k not in window}
