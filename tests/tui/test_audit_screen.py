"""The live audit viewer with Pilot: table, filters, detail, torn lines, a 100k-record file, and
calls made by a separate ``wazuh-mcp serve`` process showing up within a second."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters
from textual.widgets import DataTable, Input, Select

from tests.tui.conftest import settle, text_of
from tui.app import create_app
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink

SIZE = (120, 40)
FOLLOW_DEADLINE_S = 30.0


def write_events(path: Path) -> None:
    sink = AuditSink(path)
    sink.write(
        AuditEvent(
            ts="2026-01-30T10:00:01.000Z",
            tool="agents.list_agents",
            toolset="agents",
            args={"status": "active"},
            outcome="ok",
            duration_ms=42,
            wazuh_user="wazuh",
        )
    )
    sink.write(
        AuditEvent(
            ts="2026-01-30T10:00:02.000Z",
            tool="alerts.search_alerts",
            toolset="alerts",
            args={"query": "sshd", "api_key": "***"},
            outcome="error",
            error_code="timeout",
            error="search_alerts did not finish within 60 s.",
            duration_ms=60000,
            wazuh_user="wazuh",
        )
    )
    sink.write(
        AuditEvent(
            ts="2026-01-30T10:00:03.000Z",
            tool="agents.get_agent",
            toolset="agents",
            args={"agent_id": "007"},
            outcome="error",
            error_code="not_found",
            duration_ms=12,
            wazuh_user="analyst",
        )
    )
    with path.open("a") as fh:
        fh.write('{"ts": "2026-01-30T10:00:04.000Z", "tool": "agents.get_ag')  # a torn last line


def rows(app: object) -> list[tuple[str, str, str]]:
    from textual.app import App

    assert isinstance(app, App)
    table = app.screen.query_one("#audit-table", DataTable)
    return [(str(r[0]), str(r[1]), str(r[2])) for r in (table.get_row_at(i) for i in range(table.row_count))]


async def test_table_filters_and_detail(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    write_events(path)
    app = create_app(start="audit", audit_path=path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert rows(app) == [
            ("01-30 10:00:01", "agents.list_agents", "ok"),
            ("01-30 10:00:02", "alerts.search_alerts", "error"),
            ("01-30 10:00:03", "agents.get_agent", "error"),
        ]
        assert "3 shown of 3 loaded" in text_of(app, "#audit-status")
        detail = text_of(app, "#detail")  # the last row is followed and shown
        assert "agents.get_agent" in detail and '"agent_id": "007"' in detail and "user: analyst" in detail
        await pilot.press("up")
        await settle(pilot)
        detail = text_of(app, "#detail")
        assert '"api_key": "***"' in detail and "timeout: search_alerts did not finish" in detail

        app.screen.query_one("#filter-outcome", Select).value = "error"
        await settle(pilot)
        assert [r[1] for r in rows(app)] == ["alerts.search_alerts", "agents.get_agent"]
        app.screen.query_one("#filter-tool", Select).value = "agents.get_agent"
        await settle(pilot)
        assert [r[1] for r in rows(app)] == ["agents.get_agent"]
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert len(rows(app)) == 3
        await pilot.press("slash")
        await pilot.press(*"sshd")
        await settle(pilot)
        assert app.screen.query_one("#filter-text", Input).value == "sshd"
        assert [r[1] for r in rows(app)] == ["alerts.search_alerts"]


async def test_team_calls_filter_by_analyst(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path)
    for second, (name, subject, tool) in enumerate(
        [
            ("alice", "sub-a", "agents.list_agents"),
            ("bob", "sub-b", "agents.list_agents"),
            ("alice", "sub-a", "mitre.search_mitre"),
        ]
    ):
        sink.write(
            AuditEvent(
                ts=f"2026-01-30T10:00:0{second}.000Z",
                tool=tool,
                toolset=tool.split(".")[0],
                outcome="ok",
                duration_ms=1,
                wazuh_user=f"wazuh as analyst-{name[0]}",
                analyst=name,
                subject=subject,
                client="wazuh-mcp-test",
            )
        )
    app = create_app(start="audit", audit_path=path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.query_one("#filter-text", Input).value = "analyst:alice"
        await settle(pilot)
        assert [r[1] for r in rows(app)] == ["agents.list_agents", "mitre.search_mitre"]
        app.screen.query_one("#filter-text", Input).value = "analyst:sub-b"
        await settle(pilot)
        assert [r[1] for r in rows(app)] == ["agents.list_agents"]
        assert "analyst: bob" in text_of(app, "#detail") and "client: wazuh-mcp-test" in text_of(app, "#detail")
        app.screen.query_one("#filter-text", Input).value = "analyst:alice mitre"
        await settle(pilot)
        assert [r[1] for r in rows(app)] == ["mitre.search_mitre"]


async def test_torn_line_is_skipped_then_read_once_complete(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_text(
        '{"ts": "2026-01-30T10:00:00.000Z", "tool": "x", "outcome": "ok"\n'  # foreign: no toolset
        + AuditEvent(
            ts="2026-01-30T10:00:01.000Z", tool="mitre.search_mitre", toolset="mitre", outcome="ok", duration_ms=3
        ).model_dump_json()
        + "\n"
    )
    app = create_app(start="audit", audit_path=path, cursor_blink=False, watch_interval=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert [r[1] for r in rows(app)] == ["mitre.search_mitre"]
        assert "1 unreadable line(s) skipped" in text_of(app, "#audit-status")
        line = AuditEvent(
            ts="2026-01-30T10:00:02.000Z", tool="cluster.status", toolset="cluster", outcome="ok", duration_ms=5
        ).model_dump_json()
        with path.open("a") as fh:
            fh.write(line[:20])
            fh.flush()
            await pilot.pause(0.2)
            assert len(rows(app)) == 1, "a torn line is not shown half"
            fh.write(line[20:] + "\n")
        await pilot.pause(0.3)
        assert [r[1] for r in rows(app)] == ["mitre.search_mitre", "cluster.status"]


async def test_a_100k_record_file_opens_on_its_tail(tmp_path: Path) -> None:
    """The viewer reads the file backwards from its end: the status says the head was never read.
    How long it takes is measured by bench/bench_audit_tail.py, not asserted here."""
    path = tmp_path / "audit.jsonl"
    line = (
        AuditEvent(
            ts="2026-01-30T10:00:01.000Z",
            tool="alerts.search_alerts",
            toolset="alerts",
            args={"time_range": "24h", "size": 25},
            outcome="ok",
            duration_ms=120,
            wazuh_user="wazuh",
        ).model_dump_json()
        + "\n"
    )
    path.write_text(line * 100_000)
    app = create_app(start="home", audit_path=path, cursor_blink=False, tail_limit=2000)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        started = time.perf_counter()
        await pilot.press("a")
        table = app.screen.query_one("#audit-table", DataTable)
        while table.row_count < 2000 and time.perf_counter() - started < 30:
            await pilot.pause(0.02)
        assert table.row_count == 2000
        assert "older records not loaded (tail only)" in text_of(app, "#audit-status")


async def test_calls_by_a_separate_serve_process_show_as_they_happen(isolated_env: Path) -> None:
    audit_path = isolated_env / "served-audit.jsonl"
    env = {k: v for k, v in os.environ.items() if not k.startswith("WAZUH_MCP_")}
    env.update(
        WAZUH_MCP_STATE_DIR=str(isolated_env / "state"),
        WAZUH_MCP_CONFIG=str(isolated_env / "config.toml"),
        WAZUH_MCP_AUDIT_LOG=str(audit_path),
    )
    params = StdioServerParameters(command=sys.executable, args=["-m", "wazuh_mcp", "serve", "--demo"], env=env)
    app = create_app(start="audit", audit_path=audit_path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot, Client(params, cache=None) as client:
        await settle(pilot)
        latencies = []
        for tool, arguments in (("cluster_status", {}), ("list_agents", {"size": 2}), ("get_agent", {"agent_id": "x"})):
            before = len(rows(app))  # counted before the call: its row may show before call_tool returns
            await client.call_tool(tool, arguments)
            returned = time.perf_counter()
            while len(rows(app)) == before and time.perf_counter() - returned < FOLLOW_DEADLINE_S:
                await pilot.pause(0.02)
            latencies.append(time.perf_counter() - returned)
        shown = rows(app)
        assert [r[1] for r in shown] == ["cluster.status", "agents.list_agents", "agents.get_agent"]
        assert [r[2] for r in shown] == ["ok", "ok", "error"]
        # Each row appeared before the next call: the viewer follows the file. It polls every 200 ms,
        # so rows show well within a second; the deadline is only a bound on a stuck viewer.
        assert max(latencies) < FOLLOW_DEADLINE_S, f"rows appeared after {latencies} s"


async def test_ctrl_c_leaves_the_follow_view_and_users_are_explained(tmp_path: Path) -> None:
    """Regression: `wazuh-mcp audit` ignored Ctrl+C ("Press ctrl+q to quit"); users shown as the
    service account or (anonymous) said nothing about why."""
    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path)
    for user in ({"wazuh_user": "wazuh"}, {"indexer_user": "(anonymous)"}):
        sink.write(
            AuditEvent(
                ts="2026-01-30T10:00:04.000Z",
                tool="alerts.search_alerts",
                toolset="alerts",
                outcome="ok",
                duration_ms=3,
                **user,
            )
        )
    app = create_app(start="audit", audit_path=path, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        legend = text_of(app, "#audit-legend")
        assert "(anonymous): Indexer reached without a login" in legend
        assert "wazuh: the account the server logs in with, not necessarily a person" in legend
        await pilot.press("slash")  # even from the filter box, where Ctrl+C would copy
        assert isinstance(app.focused, Input)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.return_code == 0 and not app.is_running

    from_home = create_app(start="home", audit_path=path, cursor_blink=False)
    async with from_home.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("ctrl+c")  # opened from the launcher: back to the home screen
        await settle(pilot)
        assert from_home.is_running and type(from_home.screen).__name__ == "HomeScreen"


async def test_at_80x24_every_column_fits_and_the_approver_is_named(tmp_path: Path) -> None:
    """Issue 26 (6, 7): at 80x24 the viewer showed two rows, the User column cut to `Us` and no Error
    column; an approval showed the service account, the person who approved only in the raw record."""
    from tui.audit_users import DECIDER

    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path)
    for i, (tool, toolset) in enumerate(
        [("vulnerabilities.list_vulnerabilities_by_agent", "vulnerabilities")] * 6
        + [("approval.approve", "approval"), ("approval.apply", "approval")]
    ):
        sink.write(
            AuditEvent(
                ts=f"2026-01-30T10:0{i}:00.000Z",
                tool=tool,
                toolset=toolset,
                outcome="error" if i == 0 else "ok",
                error_code="upstream_unavailable" if i == 0 else None,
                duration_ms=12,
                wazuh_user="wazuh",
                decided_by="alice" if tool == "approval.approve" else None,
            )
        )
    app = create_app(start="audit", audit_path=path, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#audit-table", DataTable)
        assert table.size.height - 1 >= 5, "at least five rows of calls are in view"
        widths = sum(column.get_render_width(table) for column in table.columns.values())
        assert widths <= table.scrollable_content_region.width, "no column is pushed off the side"
        labels = [str(column.label) for column in table.columns.values()]
        assert labels == ["UTC", "Tool", "Outcome", "User"]
        cells = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert cells[0][1:3] == ["list_vulnerabilities_by_agent", "upstream_unavailable"]  # the error, shown
        assert [row[3] for row in cells if row[1] == "approval.approve"] == [f"{DECIDER}alice"]
        assert "by alice: the person who approved or rejected a change" in text_of(app, "#audit-legend")
