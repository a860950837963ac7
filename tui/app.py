"""The launcher app. ``create_app`` is the one factory: the CLI and the tests both build it here."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Literal

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from tui.mcp_session import ServerSession
from tui.screens.approvals import ApprovalsScreen
from tui.screens.audit import AuditScreen
from tui.screens.connect import ConnectScreen
from tui.screens.home import HomeScreen
from tui.screens.playground import PlaygroundScreen
from tui.screens.setup import SetupScreen
from tui.screens.team import TeamScreen
from wazuh_mcp.setup.serve_command import serve_argv

StartScreen = Literal["home", "setup", "connect", "audit", "approvals", "playground", "demo", "team"]
APPROVALS_KEY = "ctrl+o"
"""Approvals from every screen: a control key, so it never lands in a text field (plain letters would)."""
DEMO_WRITES = {"WAZUH_MCP_ROLE": "admin", "WAZUH_MCP_WRITES": "on"}
"""The launcher's demo offers the write tools: the point is to see a change proposed, then approved
here, against the demo's own stand-in. A role or writes switch set in the environment still wins."""
PALETTE = [  # (screen, title, help): every screen is one palette entry away too
    ("approvals", "Approvals", "Pending changes: approve or reject them (Ctrl+O from any screen)"),
    ("setup", "Setup wizard", "Server API, Indexer, security, connection test"),
    ("team", "Team server", "Switch a profile to serve --http with your identity provider"),
    ("connect", "Connect AI clients", "Write the wazuh-mcp entry into a client's MCP config"),
    ("audit", "Audit log", "Follow the audit log live"),
    ("playground", "Tool playground", "Call the tools against your Wazuh"),
    ("demo", "Demo", "The playground against serve --demo (no Wazuh needed)"),
]


@dataclass(frozen=True)
class LauncherOptions:
    """Everything the screens may need from outside; tests pin these for deterministic runs."""

    profile: str | None = None
    """The profile to show and edit (None: the file's default)."""
    audit_path: Path | None = None
    """Audit JSONL to follow (None: the profile's ``audit_path``)."""
    serve_argv: Callable[..., list[str]] | None = None
    """Builds the ``wazuh-mcp serve`` command for the playground (None: ``serve_command.serve_argv``)."""
    watch_interval: float = 0.2
    """How often the audit viewer looks at the file (seconds)."""
    tail_limit: int = 2000
    """Calls the audit viewer holds and shows: the file's tail is read first, so a 100k-record file
    opens at once; memory and the table stay bounded however long it follows."""


class WazuhApp(App[int]):
    CSS_PATH = "app.tcss"
    TITLE = "wazuh-mcp"
    SUB_TITLE = "launcher"
    BINDINGS: ClassVar[list[BindingType]] = [Binding(APPROVALS_KEY, "approvals", "Approvals")]

    def __init__(self, options: LauncherOptions, *, start: StartScreen = "home", cursor_blink: bool = True) -> None:
        super().__init__()
        self.options = options
        self.start = start
        self.cursor_blink = cursor_blink
        self.demo: ServerSession | None = None
        """The demo's MCP session: started by the first visit to the demo, ended when the launcher exits."""

    def demo_session(self) -> ServerSession:
        """The running demo, or a new one (the first visit, or the last one failed)."""
        if self.demo is None or not self.demo.alive:
            build = self.options.serve_argv or serve_argv
            env = {**DEMO_WRITES, **os.environ}
            self.demo = ServerSession(build(demo=True), demo=True, env=env)
            self.demo.start()
        return self.demo

    async def on_unmount(self) -> None:
        if self.demo is not None:
            await self.demo.close()  # the server stops and is reaped before the launcher returns

    def action_approvals(self) -> None:
        if not isinstance(self.screen, ApprovalsScreen):
            self.open("approvals")

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for name, title, help_text in PALETTE:
            yield SystemCommand(title, help_text, lambda name=name: self.open(name))

    def on_mount(self) -> None:
        self.push_screen(HomeScreen())
        if self.start != "home":
            self.open(self.start)

    def screen_for(self, name: str) -> Screen[None]:
        if name == "setup":
            return SetupScreen()
        if name == "connect":
            return ConnectScreen()
        if name == "audit":
            return AuditScreen()
        if name == "approvals":
            return ApprovalsScreen()
        if name == "team":
            return TeamScreen()
        if name in ("playground", "demo"):
            return PlaygroundScreen(demo=name == "demo")
        raise ValueError(f"no screen {name!r}")

    def open(self, name: str) -> None:
        self.push_screen(self.screen_for(name))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # Snapshot tests need a still cursor: blinking only ever happens in the focused widget.
        if not self.cursor_blink and hasattr(event.widget, "cursor_blink"):
            event.widget.cursor_blink = False


def create_app(
    *,
    start: StartScreen = "home",
    profile: str | None = None,
    audit_path: Path | None = None,
    serve_argv: Callable[..., list[str]] | None = None,
    watch_interval: float = 0.2,
    tail_limit: int = 2000,
    cursor_blink: bool = True,
) -> WazuhApp:
    options = LauncherOptions(
        profile=profile,
        audit_path=audit_path,
        serve_argv=serve_argv,
        watch_interval=watch_interval,
        tail_limit=tail_limit,
    )
    return WazuhApp(options, start=start, cursor_blink=cursor_blink)
