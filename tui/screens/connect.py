"""Connect AI clients: preview the change to a client's MCP config, then write or remove it.

The preview is recomputed on every change of the form and never writes; "Write" applies that
exact preview (``apply_change`` refuses if the file changed since). The logic is
``wazuh_mcp.setup.ai_clients``, shared with ``wazuh-mcp connect``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, cast

from rich.syntax import Syntax
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, RadioButton, RadioSet, Select, Static

from tui.form_errors import ShownInput
from tui.screens.confirm import ConfirmScreen
from wazuh_mcp.config import profiles
from wazuh_mcp.errors import WazuhMCPError
from wazuh_mcp.setup.ai_clients import (
    CLIENT_TITLES,
    CLIENTS,
    DEFAULT_SERVER_NAME,
    Change,
    ClientName,
    ClientTarget,
    apply_change,
    claude_mcp_add_command,
    plan_change,
    remote_entry,
    server_entry,
    target_for,
)
from wazuh_mcp.untrusted import shown

DEFAULT = "__default__"
DEMO = "__demo__"
NARROW = 100
TEAM = "__team__"


class ConnectScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.home", "Home"),
        Binding("ctrl+w", "write", "Write"),
        Binding("ctrl+r", "remove", "Remove"),
    ]

    def __init__(self, *, url: str | None = None) -> None:
        super().__init__()
        self.change: Change | None = None
        self.url = url
        """A team server's MCP URL (from the team screen): the entry connects to it (``connect --url``)."""

    def compose(self) -> ComposeResult:
        try:
            names = profiles.profile_names()
        except WazuhMCPError:
            names = []
        # Content, never a str: a Select parses a str as markup, and the settings file names the profiles
        choices: list[tuple[Content | str, str]] = [
            ("the default profile", DEFAULT),
            *((Content(f"profile {shown(n)}"), n) for n in names),
            ("the demo", DEMO),
        ]
        if self.url:
            choices.insert(0, (Content(f"the team server {shown(self.url)}"), TEAM))
        yield Header()
        with Horizontal(id="connect-body"):
            with VerticalScroll(id="connect-form"):  # scrolls on a small terminal
                yield Label("AI client", classes="field-label")
                with RadioSet(id="client"):
                    for index, client in enumerate(CLIENTS):
                        yield RadioButton(CLIENT_TITLES[client], value=index == 0, name=client)
                yield Label("Project directory", classes="field-label")
                yield ShownInput(placeholder="empty: the current directory", id="project")
                yield Static("Cursor: empty writes the global ~/.cursor/mcp.json.", classes="hint")
                yield Label("Server name", classes="field-label")
                yield ShownInput(DEFAULT_SERVER_NAME, id="server-name")
                yield Label("Run against", classes="field-label")
                yield Select(choices, value=TEAM if self.url else DEFAULT, allow_blank=False, id="profile")
                with Horizontal(classes="buttons"):
                    yield Button("Write", id="write", variant="success")
                    yield Button("Remove", id="remove", variant="error")
            with VerticalScroll(id="connect-preview"):
                yield Static(id="target")
                yield Static(id="diff")
                yield Static(id="claude-add")
                yield Static(id="result")
        yield Footer(compact=True)

    def on_resize(self, event: events.Resize) -> None:
        """Below 100 columns the preview goes on top at the whole width (beside the form it had 36
        columns, and a config file's path broke mid-word), the form under it; the body scrolls."""
        narrow = event.size.width < NARROW
        self.set_class(narrow, "narrow")
        body, form, preview = (
            self.query_one(f"#{name}") for name in ("connect-body", "connect-form", "connect-preview")
        )
        if narrow:
            body.move_child(preview, before=form)
        else:
            body.move_child(form, before=preview)

    def on_mount(self) -> None:
        self.query_one("#connect-preview").border_title = "Preview (Write applies it)"
        self.preview()

    # --- the form ---------------------------------------------------------------------

    @property
    def client(self) -> ClientName:
        pressed = self.query_one("#client", RadioSet).pressed_button
        return cast(ClientName, pressed.name if pressed is not None and pressed.name else CLIENTS[0])

    def _entry_options(self) -> tuple[str | None, bool]:
        choice = self.query_one("#profile", Select).value
        if choice == DEMO:
            return None, True
        return (None if choice == DEFAULT or not isinstance(choice, str) else choice), False

    def _target(self) -> ClientTarget:
        text = self.query_one("#project", Input).value.strip()
        project = Path(text).expanduser() if text and self.client != "claude-desktop" else None
        return target_for(self.client, project=project)

    def _entry(self) -> dict[str, Any]:
        if self.url and self.query_one("#profile", Select).value == TEAM:
            return remote_entry(self.client, self.url)
        profile, demo = self._entry_options()
        return server_entry(self.client, profile=profile, demo=demo)

    def plan(self, *, remove: bool = False) -> Change:
        entry = None if remove else self._entry()
        name = self.query_one("#server-name", Input).value.strip() or DEFAULT_SERVER_NAME
        return plan_change(self._target(), name, entry=entry)

    def on_radio_set_changed(self) -> None:
        project = self.query_one("#project", Input)
        project.disabled = self.client == "claude-desktop"
        self.preview()

    def on_input_changed(self) -> None:
        self.preview()

    def on_select_changed(self) -> None:
        self.preview()

    # --- preview ----------------------------------------------------------------------

    def preview(self, *, remove: bool = False) -> Change | None:
        diff = self.query_one("#diff", Static)
        target = self.query_one("#target", Static)
        add = self.query_one("#claude-add", Static)
        self.query_one("#result", Static).update("")
        try:
            change = self.plan(remove=remove)
        except (WazuhMCPError, OSError) as exc:
            self.change = None
            # A team server's URL is refused for the client (Claude Desktop), not because of its file.
            remote = self.url is not None and self.query_one("#profile", Select).value == TEAM
            target.update(Text("✖ Not in this client's file" if remote else "✖ Cannot use this file", "bold red"))
            message, hint = getattr(exc, "message", str(exc)), getattr(exc, "hint", None)
            diff.update(Text(f"{shown(str(message))}\n\n{shown(hint or '')}".rstrip(), "red"))
            add.update("")
            return None
        self.change = change
        target.update(Text.assemble((shown(change.summary()), "bold")))
        if change.changed:
            # Wrapped: a long path or command is never cut off at the pane's edge.
            # A cloned project's file is someone else's text: through the one sanitizer.
            shown_diff = shown(change.diff(), multiline=True)
            diff.update(Syntax(shown_diff, "diff", theme="ansi_dark", background_color="default", word_wrap=True))
        else:
            diff.update("")
        if self.client == "claude-code" and not remove:
            command = claude_mcp_add_command(change.name, self._entry())
            add.update(Text.assemble(("Or with Claude Code's own CLI:\n", "dim"), (shown(command), "bold")))
        else:
            add.update("")
        return change

    # --- writing ----------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "write":
            self.action_write()
        elif event.button.id == "remove":
            self.action_remove()

    def action_write(self) -> None:
        if self.change is None or not self.change.changed:
            self.preview()
        if self.change is not None:
            self._apply(self.change)

    def action_remove(self) -> None:
        change = self.preview(remove=True)
        if change is None or not change.changed:
            return

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self._apply(change)
            else:
                self.preview()

        self.app.push_screen(
            ConfirmScreen(
                f"{shown(change.summary())}\n\nOther servers and settings stay as they are.",
                confirm="Remove",
                danger=True,
            ),
            answered,
        )

    def _apply(self, change: Change) -> None:
        result = self.query_one("#result", Static)
        if not change.changed:
            result.update(Text("Nothing to write: the file already says this.", "green"))
            return
        try:
            backup = apply_change(change)
        except WazuhMCPError as exc:
            result.update(Text(f"✖ {shown(f'{exc.message} {exc.hint or chr(32)}'.rstrip())}", "bold red"))
            return
        except OSError as exc:  # the file vanished or changed type between preview and write
            said = shown(f"Cannot write {change.target.path}: {exc.strerror or exc}")
            result.update(Text(f"✖ {said}", "bold red"))
            return
        done = "Removed from" if change.action == "remove" else "Wrote"
        kept = f" The previous file is kept as {shown(str(backup))}." if backup else ""
        restart = f" Restart {change.target.title} to pick it up." if change.action != "remove" else ""
        self.preview(remove=change.action == "remove")
        self.query_one("#target", Static).update(Text(shown(change.done()), "bold"))
        result.update(Text(f"✔ {done} {shown(str(change.target.path))}.{kept}{restart}", "bold green"))
