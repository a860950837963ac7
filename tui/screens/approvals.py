"""Pending writes: the diff (or, for a response action, the exact requests and every agent), target and
hash of each; approve or reject after a confirmation; undo a response action approved here.

Everything goes through ``wazuh_mcp.writes.approvals`` (the one pending-change store, shared with
``wazuh-mcp approve``): it re-checks the change, applies it once, and audits every step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import Group
from rich.syntax import Syntax
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, DataTable, Footer, Header, Static

from tui.screens.base import LauncherScreen
from tui.screens.confirm import ConfirmScreen, ReasonScreen
from tui.status import load_settings
from wazuh_mcp.demo import DEMO_WAZUH
from wazuh_mcp.errors import WazuhMCPError
from wazuh_mcp.models.write import PendingChange
from wazuh_mcp.writes import approvals

if TYPE_CHECKING:
    from wazuh_mcp.config.settings import Settings


class ApprovalsScreen(LauncherScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Home"),
        Binding("a", "approve", "Approve"),
        Binding("x", "reject", "Reject"),
        Binding("r", "refresh", "Refresh"),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+o", "refresh", show=False),  # already here: the footer keeps its room
    ]

    def __init__(self) -> None:
        super().__init__()
        self.changes: dict[str, PendingChange] = {}
        self.settings: Settings | None = None
        self.last_applied: PendingChange | None = None
        """The last change applied from this screen: ``u`` proposes its inverse (``wazuh-mcp undo``)."""

    def compose(self) -> ComposeResult:
        yield Header()
        table: DataTable[str] = DataTable(id="changes", cursor_type="row")
        yield table
        with VerticalScroll(id="change-detail"):
            yield Static(id="change-info")
        with Horizontal(classes="buttons"):
            yield Button("Approve and apply", id="approve", variant="success")
            yield Button("Reject", id="reject", variant="error")
            yield Button("Refresh", id="refresh")
        yield Static(id="approval-result")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one("#changes", DataTable)
        # A row fits 80 columns: the tool's own name, the request's minute; the expiry is in the detail.
        for label in ("Change", "Tool", "Target", "Asked (UTC)", "By"):
            table.add_column(label, key=label)
        self.query_one("#change-detail").border_title = "Change"
        self.settings = load_settings(self.wazuh_app.options.profile)[1]
        self.action_refresh()

    # --- listing ----------------------------------------------------------------------

    def action_refresh(self) -> None:
        info = self.query_one("#change-info", Static)
        try:
            pending = approvals.list_pending(self.settings)
        except (WazuhMCPError, OSError) as exc:
            info.update(Text(f"Cannot read pending changes: {getattr(exc, 'message', exc)}", "red"))
            return
        self.changes = {c.id: c for c in pending}
        table = self.query_one("#changes", DataTable)
        table.clear()
        for change in pending:
            who = change.requested_by.wazuh_user or change.requested_by.session or ""
            table.add_row(
                change.id,
                change.tool.rpartition(".")[2],
                change.target,
                change.created_at[5:16].replace("T", " "),
                who,
                key=change.id,
            )
        buttons_enabled = bool(pending)
        self.query_one("#approve").disabled = not buttons_enabled
        self.query_one("#reject").disabled = not buttons_enabled
        if not pending:
            info.update(
                Text("Nothing waiting for a decision. Write tools ask here when the model proposes a change.", "dim")
            )
        self.query_one("#changes").border_title = f"Pending changes ({len(pending)})"

    def on_data_table_row_highlighted(self, message: DataTable.RowHighlighted) -> None:
        change = self.changes.get(str(message.row_key.value))
        if change is not None:
            self.query_one("#change-info", Static).update(describe(change, self.demo_note(change)))

    def demo_note(self, change: PendingChange) -> Text | None:
        """A demo change is applied to the stand-in of the ``serve --demo`` that asked for it, which lives
        only as long as that session: say whether it is this launcher's demo, still running."""
        if not change.requested_by.demo:
            return None
        demo = self.wazuh_app.demo
        if demo is not None and demo.connected and change.created_at >= demo.started_at:
            return Text(
                "✔ Asked for in this launcher's demo, which is still running: approving applies it to the "
                "demo's Wazuh stand-in. The demo ends when you quit the launcher.",
                "green",
            )
        return Text(
            "⚠ Asked for by a demo session (serve --demo). Approving needs that session still running: its "
            "Wazuh stand-in lives only as long as it does. If it has ended, reject the change.",
            "bold yellow",
        )

    @property
    def selected(self) -> PendingChange | None:
        table = self.query_one("#changes", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.changes.get(str(key))

    # --- deciding ---------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"approve": self.action_approve, "reject": self.action_reject, "refresh": self.action_refresh}
        if event.button.id in actions:
            actions[event.button.id]()

    def action_approve(self) -> None:
        change = self.selected
        if change is None:
            return

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self._result(Text(f"Applying {change.id}…", "cyan"))
                self._approve(change.id)

        where = change.requested_by.api_url or "the configured Server API"
        sends = "".join(f"\nSends: {call.line()}" for call in change.requests)
        self.app.push_screen(
            ConfirmScreen(
                f"Approve {change.id} and apply it now?\n\n{change.summary}\nTarget: {change.target} on {where}"
                f"{sends}\nsha256: {change.change_sha256}",
                confirm="Approve and apply",
            ),
            answered,
        )

    @work(exclusive=True, group="approval")
    async def _approve(self, change_id: str) -> None:
        try:
            change = await approvals.approve(change_id, settings=self.settings, demo=DEMO_WAZUH)
        except WazuhMCPError as exc:
            self._result(Text(f"✖ {change_id} not applied: {exc.message} {exc.hint or ''}".rstrip(), "bold red"))
        except Exception as exc:  # the store audited what it could; the screen must stay up
            self._result(Text(f"✖ {change_id}: unexpected error ({type(exc).__name__}): {exc}", "bold red"))
        else:
            undo = f" Press u to propose its undo ({change.inverse.summary})." if change.inverse else ""
            self.last_applied = change
            self._result(Text(f"✔ {change.id} applied: {change.result or change.state}.{undo}", "bold green"))
        self.action_refresh()

    def action_undo(self) -> None:
        change = self.last_applied
        if change is None or change.inverse is None:
            self._result(Text("Nothing to undo: no response action with an inverse was applied here.", "yellow"))
            return
        inverse = change.inverse

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self._undo(change.id)

        self.app.push_screen(
            ConfirmScreen(
                f"Propose undoing {change.id}?\n\n{inverse.summary}\nIt becomes a new pending change that needs "
                "its own approval; nothing is sent now.",
                confirm="Propose undo",
            ),
            answered,
        )

    @work(exclusive=True, group="approval")
    async def _undo(self, change_id: str) -> None:
        try:
            proposed = await approvals.propose_undo(change_id, settings=self.settings, demo=DEMO_WAZUH)
        except WazuhMCPError as exc:
            self._result(Text(f"✖ {change_id} not undone: {exc.message} {exc.hint or ''}".rstrip(), "bold red"))
        else:
            self.last_applied = None
            self._result(Text(f"✔ Proposed {proposed.id} to undo {change_id}; approve it to send it.", "bold green"))
        self.action_refresh()

    def action_reject(self) -> None:
        change = self.selected
        if change is None:
            return

        def answered(reason: str | None) -> None:
            if reason is None:
                return
            try:
                approvals.reject(change.id, reason or None, settings=self.settings)
            except (WazuhMCPError, OSError) as exc:
                self._result(Text(f"✖ {change.id} not rejected: {getattr(exc, 'message', exc)}", "bold red"))
            else:
                self._result(Text(f"✔ {change.id} rejected; it can never be applied.", "bold green"))
            self.action_refresh()

        self.app.push_screen(ReasonScreen(f"Reject {change.id}?\n\n{change.summary}"), answered)

    def _result(self, text: Text) -> None:
        self.query_one("#approval-result", Static).update(text)


def _time(iso: str) -> str:
    return iso[:19].replace("T", " ")


def describe(change: PendingChange, note: Text | None = None) -> Group:
    head = Text()
    head.append(f"{change.id}  ", "bold").append(f"{change.tool}  ", "cyan").append(f"{change.state}\n")
    if note is not None:  # first: it decides whether approving can work at all
        head.append_text(note).append("\n")
    head.append(f"{change.summary}\n")
    head.append("Target  ", "bold").append(f"{change.target}")
    if change.requested_by.api_url:
        head.append(f" on {change.requested_by.api_url}")
    head.append("\nsha256  ", "bold").append(f"{change.change_sha256}\n")
    head.append("Tier    ", "bold").append(f"{change.tier}, expires {_time(change.expires_at)}\n")
    if change.reason:
        head.append(f"{change.reason}\n", "yellow")
    if change.undo_of:
        head.append("Undoes  ", "bold").append(f"{change.undo_of}\n")
    if change.silences:
        head.append("WARNING: this change silences detections\n", "bold red")
        for words in change.silences:
            head.append(f"  - {words}\n", "red")
    if change.requests:  # a response action: the plan is text, not a diff
        return Group(head, Text(change.diff))
    return Group(head, Syntax(change.diff, "diff", theme="ansi_dark", background_color="default"))
