"""What the playground draws instead of text: the demo's load progress (read over MCP from
``wazuh://demo/load``) and ``summarize_alerts`` as bars beside its JSON, against a real
``wazuh-mcp serve --demo`` over stdio."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.widgets import Input, ProgressBar

from tests.tui.conftest import settle, text_of
from tests.tui.test_playground import SIZE, pick, serve_module, wait_for
from tui.app import create_app
from tui.charts import LABEL_WIDTH, BarChart, bars_text, summary_buckets
from tui.screens.playground import PlaygroundScreen

LOAD_DEADLINE_S = 240  # the embedded engine loads ~6,000 alerts; a busy 2-core CI box is slow


def expected_sections(result: dict[str, Any]) -> list[tuple[str, list[tuple[str, int]]]]:
    """The bars the screen must draw, read straight off the tool's JSON (not through the chart code)."""
    return [
        ("By level", [(f"level {b['level']}", b["count"]) for b in result["by_level"]]),
        (
            "By rule",
            [
                (f"{b['id']} {b['description']}" if b.get("description") else b["id"], b["count"])
                for b in result["by_rule"]
            ],
        ),
        (
            "By agent",
            [(f"{b['id']} {b['name']}" if b.get("name") else b["id"], b["count"]) for b in result["by_agent"]],
        ),
        ("By MITRE tactic", [(b["name"], b["count"]) for b in result["by_tactic"]]),
    ]


def drawn(chart: BarChart, width: int = 60) -> list[str]:
    return bars_text(chart.title, chart.buckets, width).plain.splitlines()


async def test_demo_load_progress_then_summary_bars(isolated_env: Path) -> None:
    app = create_app(start="demo", serve_argv=serve_module, cursor_blink=False)
    seen: list[dict[str, Any]] = []
    lines: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, PlaygroundScreen)
        assert screen.query_one("#demo-load").display, "the demo shows its load line from the start"

        def complete() -> bool:
            load = screen.last_load
            if load is not None and (not seen or seen[-1] != load):
                seen.append(load)
                lines.append(text_of(app, "#demo-load-line"))
            return bool(load and (load.get("complete") or load.get("failed")))

        await wait_for(pilot, complete, seconds=LOAD_DEADLINE_S)
        final = seen[-1]
        assert final["complete"] and not final["failed"], final
        loaded = [s["alerts_loaded"] for s in seen]
        assert loaded == sorted(loaded), "progress never goes backwards"
        for load, line in zip(seen, lines, strict=True):  # what a person read while it loaded
            if load["alerts_total"] and not load["complete"]:
                assert f"{load['alerts_loaded']:,} of {load['alerts_total']:,} alerts" in line
            if load["phase"] in ("recent", "vulnerabilities"):
                assert line.startswith("Last 24 h loaded")
            if load["phase"] == "first":
                assert line.startswith("Last hour loaded")
        await settle(pilot)
        bar = screen.query_one("#demo-load-bar", ProgressBar)
        assert (bar.progress, bar.total) == (final["alerts_loaded"], final["alerts_total"])
        assert f"{final['alerts_total']:,} alerts" in text_of(app, "#demo-load-line")

        # The whole demo window: its total is what the load said it indexed.
        pick(app, "summarize_alerts")
        await settle(pilot)
        screen.query_one("#arg-time_range", Input).value = "7d"
        await pilot.press("ctrl+r")
        await wait_for(
            pilot, lambda: "Result of summarize_alerts" in str(screen.query_one("#result-pane").border_title)
        )
        await settle(pilot)
        result = json.loads(text_of(app, "#result"))
        assert result["total"] == final["alerts_total"]

        assert screen.query_one("#charts").display
        charts = list(screen.query(BarChart))
        assert [(c.title, c.buckets) for c in charts] == expected_sections(result)
        rules = next(c for c in charts if c.title == "By rule")
        assert len(rules.buckets) >= 2, "the demo's week has more than one rule"
        rows = drawn(rules)[1:]
        top = max(count for _, count in rules.buckets)
        widths = [row.count("█") for row in rows]
        for (label, count), line, full in zip(rules.buckets, rows, widths, strict=True):
            assert line.startswith(label[: LABEL_WIDTH - 1].rstrip()) and line.rstrip().endswith(f"{count:,}")
            assert abs(full - count / top * widths[0]) <= 1, "bars are proportional to the counts"

        pick(app, "cluster_status")  # any other result: no charts
        await settle(pilot)
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: "Result of cluster_status" in str(screen.query_one("#result-pane").border_title))
        await settle(pilot)
        assert not screen.query_one("#charts").display and not list(screen.query(BarChart))


def test_labels_from_hosts_are_data_and_bounded() -> None:
    hostile = "\x1b[1m[b]pwned[/b]\u202e\u200bevil" + "x" * 500
    result = {
        "by_level": [{"level": 12, "count": 3}],
        "by_rule": [{"id": "100100", "description": hostile, "count": 7}, {"id": "5716", "count": 1}],
        "by_agent": [{"id": "001", "name": "web\n01", "count": 8}],
        "by_tactic": [],
    }
    sections = summary_buckets(result)
    assert sections is not None
    rules = dict(sections)["By rule"]
    text = bars_text("By rule", rules, 80)
    assert isinstance(text, Text)
    first = text.plain.splitlines()[1]
    assert first.startswith("100100 [1m[b]pwned[/b"), "markup shown literally, invisible characters gone"
    assert "\x1b" not in text.plain and "\u202e" not in text.plain and "\u200b" not in text.plain
    assert first.index(" █") <= LABEL_WIDTH, "a long description is cut to the label width"
    assert all(span.style in ("bold", "cyan") for span in text.spans), "no style comes from the data"
    agents = bars_text("By agent", dict(sections)["By agent"], 80).plain
    assert "web 01" in agents and "\n01" not in agents
    assert dict(sections)["By MITRE tactic"] == [] and "none" in bars_text("t", [], 40).plain
    assert summary_buckets({"agents": []}) is None and summary_buckets("text") is None


def test_bars_scale_to_the_largest_bucket() -> None:
    buckets = [("a", 80), ("b", 40), ("c", 1), ("d", 0)]
    lines = bars_text("t", buckets, 30).plain.splitlines()[1:]
    room = 30 - 1 - 2 - 3  # label, counts ("80"), separators
    assert lines[0].count("█") == room
    assert lines[1].count("█") == room // 2
    assert lines[2].strip("cd 01") != "" and "█" not in lines[2], "a count of 1 still shows a sliver"
    assert "█" not in lines[3] and lines[3].split() == ["d", "0"]


def test_load_line_says_what_is_searchable() -> None:
    from tui.screens.playground import load_line

    base = {"alerts_loaded": 0, "alerts_total": 0, "vulnerabilities_loaded": 0, "complete": False, "failed": None}
    assert load_line({**base, "phase": "starting"}).startswith("Loading demo data · preparing")
    recent = load_line({**base, "phase": "recent", "alerts_loaded": 3_200, "alerts_total": 6_775})
    assert recent == "Last 24 h loaded · 3,200 of 6,775 alerts · older answers partial"
    done = load_line({**base, "phase": "all", "alerts_loaded": 6_775, "alerts_total": 6_775, "complete": True})
    assert done.startswith("Demo data loaded · 6,775 alerts")
    first = load_line({**base, "phase": "first", "alerts_loaded": 120, "alerts_total": 6_000})
    assert first == "Last hour loaded · 120 of 6,000 alerts · older answers partial"
    failed = load_line({**base, "phase": "recent", "failed": "ConnectionError"})
    assert "stopped loading (ConnectionError)" in failed and "last 24 hours only" in failed
    assert "the last hour only" in load_line({**base, "phase": "first", "failed": "ConnectionError"})
    assert "nothing yet" in load_line({**base, "phase": "starting", "failed": "ConnectionError"})
