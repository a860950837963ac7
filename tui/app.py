"""The launcher app. ``create_app`` is the one factory: the CLI and the tests both build it here."""

from __future__ import annotations

import asyncio
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
from tui.screens.help import HelpScreen
from tui.screens.home import HomeScreen
from tui.screens.playground import PlaygroundScreen
from tui.screens.setup import SetupScreen
from tui.screens.team import TeamScreen
from wazuh_mcp.setup.serve_command import serve_argv

StartScreen = Literal["home", "setup", "connect", "audit", "approvals", "playground", "demo", "demo5", "team"]
APPROVALS_KEY = "ctrl+o"
"""Approvals from every screen: a control key, so it never lands in a text field (plain letters would)."""
DEMO_WRITES = {"WAZUH_MCP_ROLE": "admin", "WAZUH_MCP_WRITES": "on"}
"""The launcher's demo offers the write tools: the point is to see a change proposed, then approved
here, against the demo's own stand-in. A role or writes switch set in the environment still wins."""
PALETTE = [  # (screen, title, help): every screen is one palette entry away too
    ("help", "Help", "Profiles, roles, keys and where the documentation is (? or F1)"),
    ("approvals", "Approvals", "Pending changes: approve or reject them (Ctrl+O from any screen)"),
    ("setup", "Setup wizard", "Server API, Indexer, security, connection test"),
    ("team", "Team server", "Switch a profile to serve --http with your identity provider"),
    ("connect", "Connect AI clients", "Write the wazuh-mcp entry into a client's MCP config"),
    ("audit", "Audit log", "Follow the audit log live"),
    ("playground", "Tool playground", "Call the tools against your Wazuh"),
    ("demo", "Demo", "The playground against serve --demo (no Wazuh needed)"),
    ("demo5", "Demo: Wazuh 5.x", "The playground against serve --demo --wazuh 5 (Wazuh 5.x's findings; 5 on Home)"),
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
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(APPROVALS_KEY, "approvals", "Approvals"),
        # Focus moves while the app reads the key, before it hands on the next one: a burst typed
        # after Tab (a password manager's auto-type) lands in the next field. As a screen binding,
        # Tab went to the focused field first and bubbled back, and the keys behind it were
        # already given to the field it was leaving.
        Binding("f1", "help", "Help", show=False, priority=True),  # F1 types nothing: from a field too
        Binding("question_mark", "help", show=False),  # "?" in a text field is text
        Binding("tab", "focus_next", show=False, priority=True),
        Binding("shift+tab", "focus_previous", show=False, priority=True),
    ]

    def __init__(self, options: LauncherOptions, *, start: StartScreen = "home", cursor_blink: bool = True) -> None:
        super().__init__()
        self.options = options
        self.start = start
        self.cursor_blink = cursor_blink
        self.demo: ServerSession | None = None
        """The demo's MCP session: started by the first visit to the demo, ended when the launcher exits."""
        self.demo_wazuh = 4
        """The Wazuh generation that demo plays (4, or 5 for ``serve --demo --wazuh 5``)."""
        self._ending: asyncio.Task[None] | None = None
        """A demo of the other generation, being stopped before the next one starts."""

    def demo_session(self, wazuh: int = 4) -> ServerSession:
        """The running demo of that generation, or a new one (the first visit, the last one failed, or the
        other generation was running: one demo at a time, as its ``demo.json`` tells approvals where it is;
        the old one is stopped and reaped before the new one starts)."""
        if self.demo is not None and self.demo.alive and self.demo_wazuh == wazuh:
            return self.demo
        build = self.options.serve_argv or serve_argv
        env = {**DEMO_WRITES, **os.environ}
        argv = build(demo=True, wazuh=wazuh) if wazuh != 4 else build(demo=True)
        previous = self.demo if self.demo is not None and self.demo.alive else None
        if previous is not None:
            self._ending = asyncio.create_task(previous.close())
        self.demo, self.demo_wazuh = ServerSession(argv, demo=True, env=env), wazuh
        self.demo.start(after=self._ending if previous is not None else None)
        return self.demo

    async def on_unmount(self) -> None:
        if self._ending is not None:
            await self._ending
        if self.demo is not None:
            await self.demo.close()  # the server stops and is reaped before the launcher returns

    def action_home(self) -> None:
        """Esc: back to the home screen, whatever was opened on the way (Approvals over the playground
        goes Home too, so the next key is a home key, not text for the form underneath)."""
        homes = [i for i, screen in enumerate(self.screen_stack) if isinstance(screen, HomeScreen)]
        for _ in range(len(self.screen_stack) - 1 - (homes[-1] if homes else 0)):
            self.pop_screen()

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

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
        if name == "help":
            return HelpScreen()
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
        if name in ("playground", "demo", "demo5"):
            return PlaygroundScreen(demo=name != "playground", wazuh=5 if name == "demo5" else 4)
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
