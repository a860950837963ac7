"""The demo's phased load: the last 24 hours first (searchable while the rest loads), the same documents
as the one-shot slice in the end, and every answer served meanwhile says what is partial."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from mcp.client.client import Client

from tests.indexer_bed.queries import count, since
from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.server.build import build_server
from wazuh_mcp.server.context import Backends
from wazuh_mcp.server.notices import META_KEY
from wazuh_mcp.standin.alerts_render import wazuh_timestamp
from wazuh_mcp.standin.dataset import ALERTS_PATTERN, DEMO_ALERT_COUNT, DEMO_DAYS, VULNS_PATTERN, generate_alerts
from wazuh_mcp.standin.demo import DeferredIndexer, demo_settings
from wazuh_mcp.standin.demo_load import RECENT, DemoLoad
from wazuh_mcp.standin.engine import OsmemEngine, load_demo_phased
from wazuh_mcp.standin.estate import build_estate
from wazuh_mcp.standin.indexer_load import client


def test_recent_first_then_everything_the_slice_has() -> None:
    now, estate = datetime.now(UTC), build_estate()
    expected = list(generate_alerts(estate, now=now, days=DEMO_DAYS, count=DEMO_ALERT_COUNT))
    cutoff = wazuh_timestamp(now - RECENT)
    recent_expected = sum(1 for doc in expected if doc.source["timestamp"] >= cutoff)
    seen: dict[str, tuple[int, int]] = {}
    with OsmemEngine() as engine:
        es = client(engine.url)
        progress = DemoLoad()

        # What is searchable at the moment each phase is announced (the loader waits for the listener).
        def snapshot(phase: str) -> None:
            seen[phase] = (count(es, ALERTS_PATTERN), count(es, VULNS_PATTERN))

        progress.listeners.append(snapshot)
        counts = load_demo_phased(engine.url, estate, now, progress)
        assert [phase for phase, _ in progress.phases] == ["recent", "vulnerabilities", "all"]
        assert seen["recent"] == (recent_expected, 0) and 0 < recent_expected < len(expected)
        assert count(es, ALERTS_PATTERN, since(now, timedelta(hours=24))) == recent_expected
        assert seen["vulnerabilities"][1] == counts.vulnerabilities > 0
        assert seen["all"][0] == len(expected) == counts.alerts and progress.complete
        ids = {
            hit["_id"]
            for hit in es.search(index=ALERTS_PATTERN, body={"size": 10_000, "_source": False})["hits"]["hits"]
        }
        assert ids == {doc.id for doc in expected}  # the same documents as load_slice, only reordered
    assert progress.notice() is None


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
        progress.complete = False  # replay the moment between the first phase and the last
        progress.alerts_loaded = 1_234
        ready: asyncio.Future[Indexer] = asyncio.get_running_loop().create_future()
        ready.set_result(Indexer(IndexerConfig(url=engine.url)))
        indexer = DeferredIndexer(asyncio.ensure_future(ready), progress)
        async with demo_server(indexer) as mcp:
            partial = await mcp.call_tool("summarize_alerts", {"time_range": "24h"})
            notes: list[Any] = (partial.meta or {}).get(META_KEY, [])
            assert not partial.is_error and len(notes) == 1
            assert f"1,234 of {DEMO_ALERT_COUNT:,} alerts" in notes[0] and "last 24 hours are complete" in notes[0]
            assert partial.content[-1].text == f"note: {notes[0]}"  # type: ignore[union-attr]
            cluster = await mcp.call_tool("cluster_status", {})  # no Indexer involved: no notice
            assert META_KEY not in (cluster.meta or {})
            progress.complete = True
            whole = await mcp.call_tool("summarize_alerts", {"time_range": "24h"})
            assert META_KEY not in (whole.meta or {}) and len(whole.content) == 1
            window = ("since", "until")  # each call's own "now"
            same = {k: v for k, v in (whole.structured_content or {}).items() if k not in window}
            assert same == {k: v for k, v in (partial.structured_content or {}).items() if k not in window}
