"""The live audit viewer: the tail of the audit JSONL first, then every new line as it lands.

A watcher thread only *notices* changes (a ``stat`` per tick) and posts ``AuditFileChanged``;
a burst of appends collapses into one message, after which the screen reads everything new in
one go. That keeps the UI thread free and the table update to one per burst.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import ClassVar

from rich.console import Group
from rich.syntax import Syntax
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import DataTable, Footer, Header, Input, Select, Static

from tui.activity import MinuteCounts
from tui.audit_tail import AuditTail
from tui.audit_users import called_name, explain, legend, shown_user
from tui.charts import spark
from tui.form_errors import ShownInput
from tui.messages import AuditFileChanged
from tui.screens.base import LauncherScreen
from tui.status import audit_path_for, load_settings
from wazuh_mcp.runtime.audit import AuditEvent
from wazuh_mcp.untrusted import shown

COLUMNS = ("Time (UTC)", "Tool", "Outcome", "Duration", "User", "Error")
NARROW_COLUMNS = ("UTC", "Tool", "Outcome", "User")
"""Below 100 columns, so every column fits 80: the time of day, the tool by the name a client calls it, the
error code as the outcome when there is one (the detail pane has the date, the full id, the duration, the
error and its message)."""
NARROW = 100
SHORT = 30
ANY = "__any__"
ANALYST_PREFIX = "analyst:"
"""Team mode: ``analyst:alice`` in the text filter keeps that analyst's calls (name or token subject)."""


def row_for(event: AuditEvent, *, narrow: bool = False) -> tuple[Text, ...]:
    # Text cells, never str: DataTable would parse a str as markup (a user name may hold "[").
    # Every value is escaped: a record may hold ESC, bidi or newline characters from a caller.
    outcome = Text(event.outcome, "green" if event.outcome == "ok" else "bold red")
    unknown = event.requested_tool is not None or event.toolset == "unknown"
    if narrow:
        if event.outcome != "ok" and event.error_code:
            outcome = Text(shown(event.error_code, limit=32), "bold red")
        return (
            Text(shown(event.ts[11:19])),
            Text(called_name(event), "red" if unknown else ""),
            outcome,
            Text(shown(shown_user(event), limit=64)),
        )
    return (
        # Month, day and second: the row fits 80 columns; the detail pane has the full timestamp.
        Text(shown(event.ts[5:19].replace("T", " "))),
        Text(event.shown_tool(), "red" if unknown else ""),
        outcome,
        Text(f"{event.duration_ms:,.0f} ms", justify="right"),
        Text(shown(shown_user(event), limit=64)),
        Text(shown(event.error_code or "", limit=32), "red"),
    )


def haystack(event: AuditEvent) -> str:
    """What the text filter searches: everything a person might remember about a call."""
    parts = [
        event.tool,
        event.outcome,
        event.error_code or "",
        event.error or "",
        event.wazuh_user or "",
        event.indexer_user or "",
        event.analyst or "",
        event.subject or "",
        event.session or "",
        event.change_id or "",
        json.dumps(event.args, ensure_ascii=False),
    ]
    return "\n".join(parts).lower()


class AuditScreen(LauncherScreen):
    AUTO_FOCUS = "#audit-table"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.home", "Home"),
        Binding("slash", "focus_filter", "Filter"),
        Binding("ctrl+l", "clear_filters", "Clear filters"),
        Binding("end", "follow", "Follow"),
        # A follow command ends with Ctrl+C (priority: even with the cursor in the filter box).
        Binding("ctrl+c", "leave", "Leave", priority=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.narrow = False
        """Fewer than 100 columns: the rows of ``row_for(narrow=True)``."""
        self.events: dict[int, AuditEvent] = {}
        """Loaded events by sequence number (the table's row key), oldest first."""
        self.seq = 0
        self._haystacks: dict[int, str] = {}
        self.tools: set[str] = set()
        self.tail: AuditTail | None = None
        self.users: set[str] = set()
        """Every name the User column has shown, for the legend under the table."""
        self.service_accounts: list[str] = []
        self.activity = MinuteCounts()
        """Calls and errors per minute of every event loaded (not only the filtered rows)."""
        self._stop = threading.Event()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="audit-filters"):
            yield ShownInput(placeholder="/ filter: tool, arguments, user…", id="filter-text")
            yield Select[str]([], prompt="any tool", id="filter-tool")
            yield Select[str]([("ok", "ok"), ("error", "error")], prompt="any outcome", id="filter-outcome")
        yield Static(id="audit-activity")
        table: DataTable[Text] = DataTable(id="audit-table", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static(id="audit-legend")
        with VerticalScroll(id="audit-detail"):
            yield Static(id="detail")
        yield Static(id="audit-status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        options = self.wazuh_app.options
        settings = load_settings(options.profile)[1]
        path = options.audit_path or audit_path_for(settings)
        self.service_accounts = [settings.api.user] if settings is not None and settings.api.user else []
        self.tail = AuditTail(path)
        self._columns()
        self.query_one("#audit-detail").border_title = "Call detail (arguments as recorded, redacted)"
        self._load_tail()

    def _columns(self) -> None:
        table = self.query_one("#audit-table", DataTable)
        table.clear(columns=True)
        for label in NARROW_COLUMNS if self.narrow else COLUMNS:
            table.add_column(label, key=label)

    def on_resize(self, event: events.Resize) -> None:
        short = event.size.height < SHORT
        self.set_class(short, "short")
        for box in (self.query_one("#filter-text", Input), *self.query(Select)):
            box.compact = short  # one line each instead of three: the rows go to the table
        narrow = event.size.width < NARROW
        if narrow != self.narrow:
            self.narrow = narrow
            self._columns()
            self.refilter()

    @work(thread=True, group="audit-load")
    def _load_tail(self) -> None:
        assert self.tail is not None
        events = self.tail.load_tail(self.wazuh_app.options.tail_limit)
        self.app.call_from_thread(self.append, events)
        # Its own thread, not a worker from the shared pool: following must never wait for a free slot.
        threading.Thread(target=self._watch, name="audit-watch", daemon=True).start()

    def _watch(self) -> None:
        interval = self.wazuh_app.options.watch_interval
        while not self._stop.wait(interval):
            if self.tail is not None and self.tail.changed():
                self.post_message(AuditFileChanged())

    def on_unmount(self) -> None:
        self._stop.set()

    def on_audit_file_changed(self, _: AuditFileChanged) -> None:
        if self.tail is not None:
            self.append(self.tail.read_new())

    # --- rows -------------------------------------------------------------------------

    def matcher(self) -> Callable[[int, AuditEvent], bool]:
        """The current filters as one predicate (read from the widgets once per batch, not per row)."""
        tool = self.query_one("#filter-tool", Select).value
        outcome = self.query_one("#filter-outcome", Select).value
        text = self.query_one("#filter-text", Input).value.strip().lower()
        tool = tool if isinstance(tool, str) else None
        outcome = outcome if isinstance(outcome, str) else None
        analyst = None
        if text.startswith(ANALYST_PREFIX):  # "analyst:alice": one analyst's calls (name or token subject)
            analyst, _, text = text[len(ANALYST_PREFIX) :].partition(" ")
            text = text.strip()

        def matches(seq: int, event: AuditEvent) -> bool:
            if (tool and event.shown_tool() != tool) or (outcome and event.outcome != outcome):
                return False
            if analyst is not None and analyst not in ((event.analyst or "").lower(), (event.subject or "").lower()):
                return False
            if text:
                found = self._haystacks.get(seq)
                if found is None:
                    found = self._haystacks[seq] = haystack(event)
                return text in found
            return True

        return matches

    def append(self, events: list[AuditEvent]) -> None:
        table = self.query_one("#audit-table", DataTable)
        following = table.row_count == 0 or table.cursor_row >= table.row_count - 1
        new = []
        for event in events:
            self.seq += 1
            self.events[self.seq] = event
            new.append((self.seq, event))
        excess = len(self.events) - self.wazuh_app.options.tail_limit
        for seq in list(self.events)[: max(0, excess)]:  # keep memory bounded: forget the oldest
            del self.events[seq]
            self._haystacks.pop(seq, None)
            if str(seq) in table.rows:
                table.remove_row(str(seq))
        self.activity.add(events)  # only the new batch: the counts never reread the file
        self._show_legend({shown_user(e) for e in events})
        self._show_activity()
        self._update_tools({e.shown_tool() for _, e in new})
        matches = self.matcher()
        for seq, event in new:
            if matches(seq, event):
                table.add_row(*row_for(event, narrow=self.narrow), key=str(seq))
        if following and table.row_count:
            table.move_cursor(row=table.row_count - 1)
        self._status()

    def refilter(self) -> None:
        table = self.query_one("#audit-table", DataTable)
        table.clear()
        matches = self.matcher()
        for seq, event in self.events.items():
            if matches(seq, event):
                table.add_row(*row_for(event, narrow=self.narrow), key=str(seq))
        if table.row_count:
            table.move_cursor(row=table.row_count - 1)
        else:
            self.query_one("#detail", Static).update("")
        self._status()

    def _show_activity(self) -> None:
        """Two sparklines on one scale (the busiest minute): calls per minute, and errors in red beneath."""
        series = self.activity.series()
        # The 60 cells and their label fit 80 columns; the figures follow on a line of their own, which
        # wraps (never cut) where even that is too narrow.
        text = Text()
        if series is None:
            text.append("calls/min  no calls yet", "dim")
        else:
            top = max(series.calls)
            calls, errors = sum(series.calls), sum(series.errors)
            text.append("calls/min  ", "bold").append(spark(series.calls, top), "cyan")
            text.append("\nerrors     ", "bold").append(spark(series.errors, top), "red")
            text.append(f"\n           {calls:,} calls · peak {top:,}/min · ", "dim")
            text.append(f"{errors:,} errors", "red" if errors else "dim")
            if errors:
                text.append(f" · peak {max(series.errors):,}/min", "dim")
            text.append(f" · {series.start:%H:%M}–{series.end:%H:%M} UTC", "dim")
            tail = self.tail
            earliest = self.activity.earliest
            if tail is not None and tail.truncated_head and earliest is not None and earliest > series.start:
                text.append(f" · from {earliest:%H:%M} (older not loaded)", "yellow")
        self.query_one("#audit-activity", Static).update(text)

    def _show_legend(self, seen: set[str]) -> None:
        """Why a call shows ``wazuh`` or ``(anonymous)`` as its user: one line, wrapped, never cut."""
        if seen <= self.users:
            return
        self.users |= seen
        text = Text("User  ", "bold")
        for index, words in enumerate(legend(self.users, self.service_accounts, short=True)):
            text.append(" · " if index else "").append(shown(words, limit=160), "dim")
        self.query_one("#audit-legend", Static).update(text)

    def _update_tools(self, seen: set[str]) -> None:
        if seen <= self.tools:
            return
        self.tools |= seen
        select = self.query_one("#filter-tool", Select)
        current = select.value
        with select.prevent(Select.Changed):
            # Content, never a str: a Select parses a str as markup, and a made-up tool name may hold "[/x]"
            select.set_options([(Content(t), t) for t in sorted(self.tools)])
            if isinstance(current, str):
                select.value = current

    def _status(self) -> None:
        table = self.query_one("#audit-table", DataTable)
        tail = self.tail
        text = Text()
        if tail is not None and tail.error:
            text.append(tail.error, "bold red")
        elif tail is not None and not tail.path.exists():
            text.append(f"No audit file yet at {tail.path}: it appears with the first tool call.", "dim")
        else:
            text.append(f"{table.row_count:,} shown of {len(self.events):,} loaded", "bold")
            text.append(f" · following {tail.path if tail else ''}", "dim")
            if tail is not None and tail.truncated_head:
                text.append(" · older records not loaded (tail only)", "dim")
            if tail is not None and tail.skipped:
                text.append(f" · {tail.skipped} unreadable line(s) skipped", "yellow")
        self.query_one("#audit-status", Static).update(text)

    # --- detail and filters -----------------------------------------------------------

    def on_data_table_row_highlighted(self, message: DataTable.RowHighlighted) -> None:
        key = message.row_key.value
        event = self.events.get(int(key)) if key else None
        if event is None:
            return
        head = Text()
        head.append(event.shown_tool(), "bold").append(
            f"  {event.outcome}", "green" if event.outcome == "ok" else "red"
        )
        head.append(f"  {event.duration_ms:,.1f} ms  {shown(event.ts, limit=40)}\n", "dim")
        facts = [
            ("user", self._who(event.wazuh_user)),
            ("Indexer user", self._who(event.indexer_user)),
            ("decided by", event.decided_by),
            ("analyst", event.analyst),
            ("subject", event.subject),
            ("client", event.client),
            ("role", event.role),
            ("session", event.session),
            ("change", event.change_id),
            ("TLS verify", None if event.tls_verify is None else "on" if event.tls_verify else "OFF"),
        ]
        head.append(shown("  ".join(f"{k}: {v}" for k, v in facts if v)) + "\n")
        if event.error:
            head.append(shown(f"{event.error_code}: {event.error}") + "\n", "red")
        if event.seq is not None:
            head.append(f"chain: seq {event.seq}  hash {shown(event.hash or '', limit=64)}\n", "dim")
        args = Syntax(
            shown(json.dumps(event.args, indent=2, ensure_ascii=False), multiline=True),
            "json",
            theme="ansi_dark",
            background_color="default",
            word_wrap=True,
        )
        self.query_one("#detail", Static).update(Group(head, args))

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.input.id == "filter-text":
            self.refilter()

    def on_select_changed(self, message: Select.Changed) -> None:
        self.refilter()

    def action_focus_filter(self) -> None:
        self.query_one("#filter-text", Input).focus()

    def action_clear_filters(self) -> None:
        self.query_one("#filter-text", Input).value = ""
        self.query_one("#filter-tool", Select).clear()
        self.query_one("#filter-outcome", Select).clear()

    def _who(self, user: str | None) -> str | None:
        return f"{user} ({explain(user, self.service_accounts)})" if user else None

    def action_leave(self) -> None:
        """``wazuh-mcp audit`` ends, as a follow command does; from the launcher, back to the home screen."""
        if self.wazuh_app.start == "audit":
            self.app.exit(0)
        else:
            self.wazuh_app.action_home()

    def action_follow(self) -> None:
        table = self.query_one("#audit-table", DataTable)
        if table.row_count:
            table.move_cursor(row=table.row_count - 1)
        table.focus()
