"""The launcher app. ``create_app`` is the one factory: the CLI and the tests both build it here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from textual import events
from textual.app import App
from textual.screen import Screen

from tui.screens.approvals import ApprovalsScreen
from tui.screens.audit import AuditScreen
from tui.screens.connect import ConnectScreen
from tui.screens.home import HomeScreen
from tui.screens.playground import PlaygroundScreen
from tui.screens.setup import SetupScreen

StartScreen = Literal["home", "setup", "connect", "audit", "approvals", "playground", "demo"]


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

    def __init__(self, options: LauncherOptions, *, start: StartScreen = "home", cursor_blink: bool = True) -> None:
        super().__init__()
        self.options = options
        self.start = start
        self.cursor_blink = cursor_blink

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
