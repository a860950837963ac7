"""Pending writes: the diff (or, for a response action, the exact requests and every agent), target and
hash of each; approve or reject after a confirmation; undo a response action approved here.

Everything goes through ``wazuh_mcp.writes.approvals`` (the one pending-change store, shared with
``wazuh-mcp approve``): it re-checks the change, applies it once, and audits every step.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group
from rich.syntax import Syntax
from rich.text import Text
from textual import events, work
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
from wazuh_mcp.untrusted import shown
from wazuh_mcp.writes import approvals

if TYPE_CHECKING:
    from wazuh_mcp.config.settings import Settings


SHORT = 30
"""Below this many rows the buttons are left out: the change's text takes their room."""
RULE_FILE_KINDS = ("create_rule", "update_rule")
RESTART_NOTE = (
    "The manager loads the new rule file only when it restarts: until then Wazuh still decides with the old "
    "rules. Have the model propose restart_manager (approved here too), or restart the manager yourself."
)


def where_applied(change: PendingChange) -> str:
    """Where approving sends ``change``, in words: a demo change goes to its session's Wazuh stand-in."""
    if change.requested_by.demo:
        return "the demo's Wazuh stand-in (serve --demo)"
    return shown(change.requested_by.api_url or "the Server API of the profile it was prepared under")


def launcher_session() -> str:
    """The audit's session for decisions taken in this launcher (``wazuh-mcp approve`` records ``cli-<pid>``)."""
    return f"launcher-{os.getpid()}"


def approval_path(settings: Settings | None) -> approvals.ApprovalPath:
    """The one approval path (``wazuh-mcp approve``'s), its records under this launcher's session."""
    path = approvals.ApprovalPath.local(settings, demo=DEMO_WAZUH)
    path.store.auditor.session = launcher_session()
    return path


class ApprovalsScreen(LauncherScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.home", "Home"),
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

    def on_resize(self, event: events.Resize) -> None:
        """Fewer than 30 rows: the buttons give their rows to the change (the footer has the same keys)."""
        self.set_class(event.size.height < SHORT, "short")

    def on_mount(self) -> None:
        table = self.query_one("#changes", DataTable)
        # A row fits 80 columns: the tool's own name, the target's file name, the request's minute; the
        # target's directory and the expiry are in the detail.
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
            info.update(Text(f"Cannot read pending changes: {shown(str(getattr(exc, 'message', exc)))}", "red"))
            return
        self.changes = {c.id: c for c in pending}
        table = self.query_one("#changes", DataTable)
        table.clear()
        for change in pending:
            who = change.requested_by.wazuh_user or change.requested_by.session or ""
            # Text cells, each value shown (untrusted.shown): a record's fields are a model's or a store's words
            table.add_row(
                Text(shown(change.id)),
                Text(shown(change.tool.rpartition(".")[2])),
                Text(
                    shown(change.target.rpartition("/")[2])
                ),  # the file (or the restart scope): the path is in the detail
                Text(shown(change.created_at[5:16].replace("T", " "))),
                Text(shown(who)),
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
                "✔ From this launcher's demo, still running: approving applies it to the demo's Wazuh stand-in "
                "(until you quit the launcher).",
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

        where = where_applied(change)
        sends = "".join(f"\nSends: {shown(call.line())}" for call in change.requests)
        self.app.push_screen(
            ConfirmScreen(
                f"Approve {shown(change.id)} and apply it now?\n\n{shown(change.summary)}\nTarget: "
                f"{shown(change.target)} on {where}{sends}\nsha256: {shown(change.change_sha256)}",
                confirm="Approve and apply",
            ),
            answered,
        )

    @work(exclusive=True, group="approval")
    async def _approve(self, change_id: str) -> None:
        try:
            change = await approval_path(self.settings).approve(change_id)
        except WazuhMCPError as exc:
            said = shown(f"{exc.message} {exc.hint or ''}".rstrip())
            self._result(Text(f"✖ {shown(change_id)} not applied: {said}", "bold red"))
        except Exception as exc:  # the store audited what it could; the screen must stay up
            said = shown(f"unexpected error ({type(exc).__name__}): {exc}")
            self._result(Text(f"✖ {shown(change_id)}: {said}", "bold red"))
        else:
            undo = f" Press u to propose its undo ({shown(change.inverse.summary)})." if change.inverse else ""
            self.last_applied = change
            result = Text(f"✔ {shown(change.id)} applied: {shown(change.result or change.state)}.{undo}", "bold green")
            if change.kind in RULE_FILE_KINDS:
                result.append(f"\n{RESTART_NOTE}", "yellow")
            self._result(result)
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
                f"Propose undoing {shown(change.id)}?\n\n{shown(inverse.summary)}\nIt becomes a new pending change that needs "
                "its own approval; nothing is sent now.",
                confirm="Propose undo",
            ),
            answered,
        )

    @work(exclusive=True, group="approval")
    async def _undo(self, change_id: str) -> None:
        try:
            proposed = await approval_path(self.settings).propose_undo(change_id)
        except WazuhMCPError as exc:
            said = shown(f"{exc.message} {exc.hint or ''}".rstrip())
            self._result(Text(f"✖ {shown(change_id)} not undone: {said}", "bold red"))
        else:
            self.last_applied = None
            self._result(
                Text(
                    f"✔ Proposed {shown(proposed.id)} to undo {shown(change_id)}; approve it to send it.", "bold green"
                )
            )
        self.action_refresh()

    def action_reject(self) -> None:
        change = self.selected
        if change is None:
            return

        def answered(reason: str | None) -> None:
            if reason is None:
                return
            try:
                store = approvals.default_store(self.settings)
                store.auditor.session = launcher_session()
                store.reject(change.id, reason=reason or None)
            except (WazuhMCPError, OSError) as exc:
                said = shown(str(getattr(exc, "message", exc)))
                self._result(Text(f"✖ {shown(change.id)} not rejected: {said}", "bold red"))
            else:
                self._result(Text(f"✔ {shown(change.id)} rejected; it can never be applied.", "bold green"))
            self.action_refresh()

        self.app.push_screen(ReasonScreen(f"Reject {shown(change.id)}?\n\n{shown(change.summary)}"), answered)

    def _result(self, text: Text) -> None:
        self.query_one("#approval-result", Static).update(text)


def _time(iso: str) -> str:
    return iso[:19].replace("T", " ")


def describe(change: PendingChange, note: Text | None = None) -> Group:
    """What the approver reads, in that order: what the change does and what it silences, then the diff
    itself, wrapped and never cut (a model often writes a rule on one line, and the <srcip> of a rule
    that silences detections is at its end), then where it goes, its hash and its expiry. On a small
    terminal the first screenful is the rule; the facts below it are in the confirmation too. Every
    recorded value goes through ``untrusted.shown`` (one line each, the diff with its own lines), so
    nothing in it can erase the warning, move the cursor or reorder the text."""
    head = Text()
    head.append(f"{shown(change.id)}  ", "bold").append(f"{shown(change.tool)}  ", "cyan")
    head.append(f"{shown(change.state)}\n")
    if note is not None:  # first: it decides whether approving can work at all
        head.append_text(note).append("\n")
    head.append(f"{shown(change.summary)}\n")
    if change.silences:
        head.append("WARNING: this change silences detections\n", "bold red")
        for words in change.silences:
            head.append(f"  - {shown(words)}\n", "red")
    head.rstrip()
    facts = Text()
    facts.append("Target  ", "bold").append(shown(change.target))
    if change.requested_by.api_url:
        facts.append(f" on {shown(change.requested_by.api_url)}")
    facts.append("\nsha256  ", "bold").append(f"{shown(change.change_sha256)}\n")
    facts.append("Tier    ", "bold").append(f"{shown(change.tier)}, expires {shown(_time(change.expires_at))}\n")
    if change.reason:
        facts.append(f"{shown(change.reason)}\n", "yellow")
    if change.undo_of:
        facts.append("Undoes  ", "bold").append(f"{shown(change.undo_of)}\n")
    facts.rstrip()
    diff = shown(change.diff.rstrip(), multiline=True)
    if change.requests:  # a response action: the plan is text, not a diff
        body: Text | Syntax = Text(diff, overflow="fold")
    else:
        body = Syntax(diff, "diff", theme="ansi_dark", background_color="default", word_wrap=True)
    return Group(head, body, facts)
