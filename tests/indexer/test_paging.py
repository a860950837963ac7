"""Cursor paging: 1,000 alerts come back each exactly once, newest first, and the window stays put."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tests.engines import LoadedEngine
from tests.indexer.conftest import pin_clock
from tests.indexer.expect import alerts_in
from tests.indexer.support import ok, serving


async def test_paging_1000_alerts_returns_each_exactly_once_in_order(
    at_anchor: LoadedEngine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = alerts_in(at_anchor, "7d")
    assert len(window) > 1000
    expected = [d.id for d in window[:1000]]
    seen: list[str] = []
    totals: set[int] = set()
    cursor = ""
    async with serving(at_anchor, tmp_path / "audit.jsonl") as (client, _):
        while len(seen) < 1000:
            size = min(37, 1000 - len(seen))  # an odd size, so pages never line up with anything
            args = {"time_range": "7d", "size": size} | ({"cursor": cursor} if cursor else {})
            page = ok(await client.call_tool("search_alerts", args))
            seen += [a["id"] for a in page["alerts"]]
            totals.add(page["total"])
            assert page["truncated"] and page["next_cursor"]
            cursor = page["next_cursor"]
            if len(seen) == 37:
                # an hour passes: the first page pinned the window, so the rest neither shifts nor repeats
                pin_clock(monkeypatch, at_anchor.now + timedelta(hours=1))
    assert seen == expected
    assert len(set(seen)) == 1000
    assert totals == {len(window)}


async def test_last_page_has_no_cursor(at_anchor: LoadedEngine, tmp_path: Path) -> None:
    time_range, expected = next(
        (r, found) for r in ("1h", "30m", "15m", "5m") if 0 < len(found := alerts_in(at_anchor, r)) <= 100
    )
    async with serving(at_anchor, tmp_path / "audit.jsonl") as (client, _):
        exact = ok(await client.call_tool("search_alerts", {"time_range": time_range, "size": len(expected)}))
        first = ok(
            await client.call_tool("search_alerts", {"time_range": time_range, "size": max(1, len(expected) - 1)})
        )
    assert exact["next_cursor"] == "" and exact["truncated"] is False  # a string, never null
    assert [a["id"] for a in exact["alerts"]] == [d.id for d in expected]
    if len(expected) > 1:
        assert first["next_cursor"] and first["truncated"] is True
