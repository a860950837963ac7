"""The launcher's home: where things stand, and one key to each screen."""

from __future__ import annotations

from itertools import pairwise
from typing import ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Header, Static

from tui.audit_users import called_name
from tui.screens.base import LauncherScreen
from tui.status import HomeStatus, gather
from wazuh_mcp.config.settings import TLS_OFF
from wazuh_mcp.untrusted import shown

MARK = {
    "ok": ("✔", "green"),
    "warn": ("⚠", "yellow"),
    "fail": ("✖", "red"),
    "skip": ("–", "dim"),
    "running": ("…", "cyan"),
}

ACTIONS = [  # (screen, button label, key, footer label): the six buttons fit in 80 columns
    ("setup", "Setup", "s", "Setup"),
    ("connect", "Connect AI", "c", "Connect"),
    ("audit", "Audit log", "a", "Audit"),
    ("approvals", "Approvals", "p", "Approvals"),
    ("playground", "Playground", "t", "Tools"),
    ("demo", "Demo", "d", "Demo"),
]


NARROW = 100
"""Below this many columns the home panels stack."""
WIDE_ORDER = ("config", "test", "keyring", "approvals")
NARROW_ORDER = ("config", "approvals", "keyring", "test")
SHORT = 30
"""Below this many rows the row of buttons gives its room to the panels (the footer names the same keys)."""


class HomeScreen(LauncherScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"open('{name}')", footer) for name, _, key, footer in ACTIONS),
        Binding("m", "open('team')", "Team"),  # no button: the row of six fills 80 columns
        Binding("5", "open('demo5')", show=False),  # the demo as Wazuh 5.x (also in the palette)
        Binding("r", "refresh", "Refresh", show=False),  # the footer must fit 80 columns
        Binding("q", "app.quit", "Quit"),
        Binding("ctrl+o", "open('approvals')", show=False),  # p says it here
    ]

    home_status: HomeStatus | None = None
    """What the panels show (kept to redraw the recent calls for a new width)."""

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="home-body"):  # a small terminal scrolls; nothing is cut
            with Grid(id="home-grid"):
                yield Static(id="config", classes="panel")
                yield Static(id="test", classes="panel")
                yield Static(id="keyring", classes="panel")
                yield Static(id="approvals", classes="panel")
            yield Static(id="recent", classes="panel")
        with Horizontal(id="actions"):
            for name, label, _, _ in ACTIONS:
                yield Button(label, id=f"go-{name}", variant="primary" if name == "setup" else "default")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        titles = {
            "config": "Configuration",
            "test": "Last connection test",
            "keyring": "OS keyring",
            "approvals": "Pending approvals",
            "recent": "Recent audit activity",
        }
        for widget_id, title in titles.items():
            self.query_one(f"#{widget_id}", Static).border_title = title

    def on_resize(self, event: events.Resize) -> None:
        """Two columns from 100 up; below, one (an index pattern or a path is never broken mid-word),
        every panel under the one before, and the body scrolls."""
        grid = self.query_one("#home-grid", Grid)
        narrow = event.size.width < NARROW
        grid.set_class(narrow, "narrow")
        self.set_class(event.size.height < SHORT, "short")
        # One column: what needs the person first (changes waiting, a keyring that cannot save) comes
        # right under the configuration; the grid's two columns keep the order of the DOM.
        order = NARROW_ORDER if narrow else WIDE_ORDER
        for before, after in pairwise(order):
            grid.move_child(self.query_one(f"#{after}"), after=self.query_one(f"#{before}"))
        if self.home_status is not None:
            self.call_after_refresh(self._show_recent)

    def _show_recent(self) -> None:
        if self.home_status is not None:
            recent = self.query_one("#recent", Static)
            recent.update(recent_text(self.home_status, recent.content_region.width or 74))

    def on_screen_resume(self) -> None:  # also on first show
        self.action_refresh()

    def action_open(self, name: str) -> None:
        self.wazuh_app.open(name)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id and event.button.id.startswith("go-"):
            self.action_open(event.button.id.removeprefix("go-"))

    def action_refresh(self) -> None:
        self._load_status()

    @work(thread=True, exclusive=True, group="home-status")
    def _load_status(self) -> None:
        # The keyring may talk D-Bus (or wait for an unlock prompt): never on the UI thread.
        status = gather(self.wazuh_app.options.profile)
        self.app.call_from_thread(self.show, status)

    def show(self, status: HomeStatus) -> None:
        self.home_status = status
        self.query_one("#config", Static).update(config_text(status))
        self.query_one("#test", Static).update(test_text(status))
        self.query_one("#keyring", Static).update(keyring_text(status))
        self.query_one("#approvals", Static).update(approvals_text(status))
        self._show_recent()


def config_text(status: HomeStatus) -> Text:
    """The settings file's values, each through ``untrusted.shown``: the file is a store others may have written."""
    text = Text()
    default = " (default)" if status.default_profile == status.profile else ""
    text.append("Profile  ", "bold").append(f"{shown(status.profile)}{default}")
    others = [p for p in status.profiles if p != status.profile]
    if others:
        text.append(f"   also: {shown(', '.join(others))}", "dim")
    text.append("\n")
    if status.settings_error:
        return text.append(shown(status.settings_error), "red")
    settings = status.settings
    if settings is None or not status.configured:
        return text.append("Not configured yet. ", "yellow").append(
            "Press s for the setup wizard, or d to try the demo (no Wazuh needed)."
        )
    api, indexer = settings.api, settings.indexer
    text.append("Server API  ", "bold").append(shown(f"{api.url} ({api.user})") + "\n")
    text.append("Indexer     ", "bold").append(
        shown(f"{indexer.url} ({indexer.user})") + "\n" if indexer.url else "not set\n"
    )
    text.append("Role        ", "bold").append(f"{shown(settings.role)}, writes {'on' if settings.writes else 'off'}\n")
    text.append("Team        ", "bold").append(
        f"serve --http with {shown(str(settings.oauth.issuer))} (m)\n"
        if settings.oauth.issuer
        else "not set up (m: team server)\n"
    )
    if status.plaintext:
        text.append(f"⚠ PLAIN HTTP (no TLS) for the {' and the '.join(status.plaintext)}", "bold red")
    elif status.tls_off:
        text.append(f"⚠ {TLS_OFF}", "bold yellow")
    else:
        ca = api.ca_bundle or indexer.ca_bundle
        text.append("TLS         ", "bold").append(
            f"verified ({shown('CA ' + str(ca)) if ca else 'system trust store'})"
        )
    return text


def test_text(status: HomeStatus) -> Text:
    """The last connection test: its details quote what Wazuh answered, so each goes through ``shown``."""
    report = status.last_test
    if report is None:
        return Text("No connection test yet for this profile (setup wizard, last step).", "dim")
    mark, style = MARK[report.status]
    text = Text()
    verdict = {"ok": "passed", "warn": "passed with warnings", "fail": "failed"}[report.status]
    text.append(f"{mark} {verdict}", f"bold {style}").append(f"  {shown(report.finished)}\n", "dim")
    if report.wazuh_version:
        text.append(f"Wazuh {shown(report.wazuh_version)}\n")
    for check in report.checks:
        if check.status in ("warn", "fail"):
            check_mark, check_style = MARK[check.status]
            text.append(f"{check_mark} {shown(check.title)}: ", check_style).append(f"{shown(check.detail)}\n")
    text.rstrip()  # as tall as its lines: no blank line under the last
    return text


def keyring_text(status: HomeStatus) -> Text:
    text = Text()
    text.append("Backend  ", "bold").append(f"{shown(status.keyring_backend)}\n")
    if not status.keyring_usable:
        text.append("✖ No usable keyring: ", "bold red").append("no password can be stored here.\n")
    for which, label in (("api", "Server API"), ("indexer", "Indexer")):
        place = status.passwords.get(which)
        stored = status.stored_passwords.get(which)
        if place is not None and (place.variable_set or not status.keyring_usable):
            # where serve finds it: never "set WAZUH_MCP_…" for a variable that is set
            text.append(f"{label} password  ").append(f"{place.where()}\n", "green" if place.variable_set else "")
            continue
        text.append(f"{label} password  ").append(
            "stored\n" if stored else "not stored\n", "green" if stored else "dim"
        )
    if not status.keyring_usable:
        text.append(shown(status.keyring_help, multiline=True), "dim")
    text.rstrip()
    return text


def approvals_text(status: HomeStatus) -> Text:
    if status.pending_error:
        return Text(shown(status.pending_error), "red")
    if not status.pending:
        return Text("Nothing waiting for a decision.", "dim")
    return Text(f"{status.pending} change(s) waiting for a decision — press p.", "bold yellow")


def recent_text(status: HomeStatus, width: int = 74) -> Text:
    """One line per call in ``width`` columns, never cut: a tool by the name the AI client calls it
    (``list_vulnerabilities_by_agent``; the audit viewer has the full id), the tool's column as wide as
    the others leave, two spaces before the outcome; what does not fit wraps to the next line."""
    if not status.recent:
        return Text(shown(f"No tool calls recorded yet in {status.audit_path}."), "dim")
    wide = width >= 90
    names = [called_name(event) for event in status.recent]
    fixed = (19 if wide else 14) + 2 + 2 + 6 + 11  # time, gap, gap after the tool, outcome, duration
    tool_width = max(12, min(max(len(name) for name in names), width - fixed))
    text = Text()
    for event, name in zip(reversed(status.recent), reversed(names), strict=True):
        style = "green" if event.outcome == "ok" else "red"
        when = event.ts[:19].replace("T", " ") if wide else event.ts[5:19].replace("T", " ")
        text.append(f"{shown(when)}  ", "dim").append(f"{name:<{tool_width}}  ")
        text.append(f"{event.outcome:<6}", style).append(f"{event.duration_ms:>8.0f} ms")
        text.append(f"  {shown(event.error_code, limit=40)}" if event.error_code else "", "red")
        text.append("\n")
    text.rstrip()
    return text
