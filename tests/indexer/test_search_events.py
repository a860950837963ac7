"""hunt_query with ``events`` on Wazuh 4.x reads the archives (``wazuh-archives-4.x-*``, alert-shaped: Wazuh's
alerts template covers both patterns). The loaded engine's alerts stand in for archived events by pointing the
archives pattern at them; without archives the answer is empty with a note on how Wazuh 4.x indexes every event."""

from __future__ import annotations

from pathlib import Path

from tests.engines import LoadedEngine
from tests.indexer.expect import alerts_in
from tests.indexer.support import connected, engine_config, ok

EVERY_AGENT = [{"field": "agent.id", "op": "exists", "value": True}]


async def test_events_hunt_reads_the_archives_pattern(at_anchor: LoadedEngine, tmp_path: Path) -> None:
    week = alerts_in(at_anchor, "7d")
    config = {**engine_config(at_anchor), "archives_pattern": at_anchor.alerts_pattern}
    async with connected(at_anchor.url, tmp_path / "audit.jsonl", timeout_s=30.0, **config) as (client, _):
        args = {"time_range": "7d", "must": EVERY_AGENT, "size": 10}
        events = ok(await client.call_tool("hunt_query", {**args, "events": True}))
        alerts = ok(await client.call_tool("hunt_query", args))
        # A cursor of the events hunt is not the alerts hunt's.
        refused = await client.call_tool("hunt_query", {**args, "cursor": events["next_cursor"]})
    assert events["total"] == len([d for d in week if d.source.get("agent", {}).get("id")]) == alerts["total"]
    assert [e["id"] for e in events["alerts"]] == [a["id"] for a in alerts["alerts"]]
    assert "note" not in events
    assert refused.is_error and "different query" in refused.content[0].text  # type: ignore[union-attr]


async def test_events_hunt_without_archives_says_how_wazuh_indexes_them(
    at_anchor: LoadedEngine, tmp_path: Path
) -> None:
    config = {**engine_config(at_anchor), "archives_pattern": at_anchor.meta.index_prefix + "wazuh-archives-*"}
    async with connected(at_anchor.url, tmp_path / "audit.jsonl", timeout_s=30.0, **config) as (client, _):
        page = ok(await client.call_tool("hunt_query", {"time_range": "7d", "must": EVERY_AGENT, "events": True}))
    assert page["total"] == 0 and page["alerts"] == []
    assert "logall_json" in page["note"] and "archives" in page["note"]
