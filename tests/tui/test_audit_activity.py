"""The audit viewer's calls-per-minute and errors sparklines, checked against the file the test writes
(counted here straight from its JSON lines), following new calls, and bounded by the loaded tail."""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

from textual.widgets import DataTable

from tests.tui.conftest import settle, text_of
from tui.activity import WINDOW_MINUTES
from tui.app import create_app
from tui.screens.audit import AuditScreen
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink

SIZE = (120, 40)
START = datetime(2026, 1, 30, 9, 0, tzinfo=UTC)


def event(at: datetime, *, error: bool) -> AuditEvent:
    return AuditEvent(
        ts=at.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        tool="alerts.search_alerts",
        toolset="alerts",
        args={},
        outcome="error" if error else "ok",
        error_code="timeout" if error else None,
        duration_ms=10,
    )


def write_minutes(sink: AuditSink, minutes: range) -> None:
    """A varying number of calls per minute (0 to 6), some of them errors."""
    for minute in minutes:
        for n in range((minute * 5) % 7):
            sink.write(event(START + timedelta(minutes=minute, seconds=n), error=n == 0 and minute % 3 == 0))


def per_minute_from_file(path: Path, last: int | None = None) -> tuple[list[int], list[int], datetime]:
    """Calls and errors per minute of the window ending at the newest call, from the file's JSON."""
    records = [json.loads(line) for line in path.read_text().splitlines()][-(last or 0) :]
    stamps = [datetime.fromisoformat(r["ts"]).replace(second=0, microsecond=0) for r in records]
    calls = Counter(stamps)
    errors = Counter(s for s, r in zip(stamps, records, strict=True) if r["outcome"] != "ok")
    end = max(stamps)
    window = [end - timedelta(minutes=back) for back in range(WINDOW_MINUTES - 1, -1, -1)]
    return [calls[m] for m in window], [errors[m] for m in window], end


async def test_sparklines_count_the_file_per_minute_and_follow_new_calls(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path)
    write_minutes(sink, range(0, 75))  # more minutes than the window: the oldest fall out
    app = create_app(start="audit", audit_path=path, cursor_blink=False, watch_interval=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, AuditScreen)
        calls, errors, end = per_minute_from_file(path)
        series = screen.activity.series()
        assert series is not None
        assert (series.calls, series.errors, series.end) == (calls, errors, end)
        assert sum(errors) > 0 and 0 in calls, "the data has errors and quiet minutes to show"

        shown = text_of(app, "#audit-activity").splitlines()
        call_line, error_line, figures = shown[0], shown[1], shown[2]
        cells = call_line[len("calls/min  ") :][:WINDOW_MINUTES]
        assert [c == " " for c in cells] == [n == 0 for n in calls], "a quiet minute is a blank cell"
        assert all(c == "█" for c, n in zip(cells, calls, strict=True) if n == max(calls))
        assert f"{sum(calls):,} calls · peak {max(calls)}/min" in figures
        assert f"{end - timedelta(minutes=WINDOW_MINUTES - 1):%H:%M}–{end:%H:%M} UTC" in figures
        error_cells = error_line[len("errors     ") :][:WINDOW_MINUTES]
        assert [c != " " for c in error_cells] == [n > 0 for n in errors]
        assert f"{sum(errors):,} errors" in figures

        table = screen.query_one("#audit-table", DataTable)
        before = table.row_count
        write_minutes(sink, range(80, 83))  # live: three newer minutes, the window moves on
        added = sum((m * 5) % 7 for m in range(80, 83))
        for _ in range(200):
            if table.row_count == before + added:
                break
            await pilot.pause(0.05)
        await settle(pilot)
        calls, errors, end = per_minute_from_file(path)
        series = screen.activity.series()
        assert series is not None and end == START + timedelta(minutes=82)
        assert (series.calls, series.errors, series.end) == (calls, errors, end)
        assert f"{sum(calls):,} calls" in text_of(app, "#audit-activity")


async def test_a_tail_only_load_counts_what_it_loaded_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path)
    write_minutes(sink, range(0, 40))
    limit = 50
    app = create_app(start="audit", audit_path=path, cursor_blink=False, tail_limit=limit)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, AuditScreen)
        calls, errors, _ = per_minute_from_file(path, last=limit)
        series = screen.activity.series()
        assert series is not None and (series.calls, series.errors) == (calls, errors)
        assert sum(series.calls) == limit
        assert "(older not loaded)" in text_of(app, "#audit-activity")


async def test_no_file_yet(tmp_path: Path) -> None:
    app = create_app(start="audit", audit_path=tmp_path / "none.jsonl", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "no calls yet" in text_of(app, "#audit-activity")
