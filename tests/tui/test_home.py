"""The launcher's home screen, driven with Pilot."""

from __future__ import annotations

from pathlib import Path

import keyring
from keyring.backends import fail

from tests.tui.conftest import settle, text_of
from tui.app import create_app
from tui.screens.approvals import ApprovalsScreen
from tui.screens.audit import AuditScreen
from tui.screens.connect import ConnectScreen
from tui.screens.home import HomeScreen
from tui.screens.setup import SetupScreen
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink
from wazuh_mcp.setup.conncheck import Check, ConnectionReport, save_report
from wazuh_mcp.setup.flow import ProfileInput, save_profile

SIZE = (110, 36)


def configure(verify_tls: bool = True) -> None:
    save_profile(
        ProfileInput(
            name="prod",
            api_url="https://wazuh.example.org:55000",
            api_user="soc",
            api_password="pw",
            indexer_url="https://wazuh.example.org:9200",
            indexer_user="reader",
            indexer_password="pw2",
            verify_tls=verify_tls,
        )
    )


async def test_fresh_install_points_at_setup_and_demo() -> None:
    app = create_app(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert "Not configured yet" in text_of(app, "#config") and "d to try the demo" in text_of(app, "#config")
        assert "MemoryKeyring" in text_of(app, "#keyring")
        assert "No connection test yet" in text_of(app, "#test")
        assert "Nothing waiting" in text_of(app, "#approvals")
        assert "No tool calls recorded yet" in text_of(app, "#recent")


async def test_configured_status_last_test_and_recent_activity() -> None:
    configure()
    save_report(
        ConnectionReport(
            profile="prod",
            wazuh_version="4.14.7",
            finished="2026-01-30T10:00:00.000Z",
            checks=[
                Check("api.login", "Server API: log in", "ok", "fine"),
                Check("indexer.vulns", "Indexer: vulnerability state", "warn", "none yet"),
            ],
        )
    )
    sink = AuditSink(Settings.load().audit_path)
    sink.write(
        AuditEvent(
            ts="2026-01-30T10:01:00.000Z", tool="agents.list_agents", toolset="agents", outcome="ok", duration_ms=42
        )
    )
    sink.write(
        AuditEvent(
            ts="2026-01-30T10:02:00.000Z",
            tool="alerts.search_alerts",
            toolset="alerts",
            outcome="error",
            error_code="timeout",
            duration_ms=60000,
        )
    )
    app = create_app(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        config = text_of(app, "#config")
        assert "prod (default)" in config and "https://wazuh.example.org:55000 (soc)" in config
        assert "verified (system trust store)" in config
        test = text_of(app, "#test")
        assert "passed with warnings" in test and "Wazuh 4.14.7" in test and "none yet" in test
        assert "Server API password  stored" in text_of(app, "#keyring")
        recent = text_of(app, "#recent").splitlines()
        assert "search_alerts" in recent[0] and "timeout" in recent[0]  # the name a client calls it
        assert "list_agents" in recent[1]


async def test_tls_off_stays_visible() -> None:
    configure(verify_tls=False)
    app = create_app(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "TLS certificate verification is OFF" in text_of(app, "#config")


async def test_no_keyring_says_what_to_do() -> None:
    keyring.set_keyring(fail.Keyring())
    app = create_app(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = text_of(app, "#keyring")
        assert "No usable keyring" in text and "gnome-keyring" in text


async def test_broken_settings_file_is_shown_not_fatal() -> None:
    path = Path(Settings.load().audit_path).parent.parent / "config.toml"  # the isolated config path
    from wazuh_mcp.config.settings import config_path

    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("this is = = not toml")
    app = create_app(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "is not valid TOML" in text_of(app, "#config")


async def test_one_key_to_each_screen_and_back() -> None:
    app = create_app(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key, screen in (("s", SetupScreen), ("c", ConnectScreen), ("a", AuditScreen), ("p", ApprovalsScreen)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, screen), key
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, HomeScreen)
        await pilot.click("#go-connect")
        await settle(pilot)
        assert isinstance(app.screen, ConnectScreen)
        footer_keys = {b.key for b in HomeScreen.BINDINGS if getattr(b, "show", True)}  # type: ignore[union-attr]
        assert {"s", "c", "a", "p", "t", "d", "q"} <= footer_keys


async def test_every_panel_is_drawn_below_100_columns() -> None:
    """Issue 26 (2): below 100 columns Home switched to one column while its grid kept two rows, so "OS
    keyring" and "Pending approvals" were not drawn at all (80x24, and 99x50 with room to spare)."""
    from tests.tui.conftest import on_screen

    keyring.set_keyring(fail.Keyring())
    configure_without_keyring()
    for size in ((99, 50), (80, 24), (120, 40)):
        app = create_app(cursor_blink=False)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            for panel in ("#config", "#approvals", "#keyring", "#test"):
                assert on_screen(app, panel), f"{panel} is not on screen at {size}"
            assert "set WAZUH_MCP_API_PASSWORD" in on_screen(app, "#keyring")
            app.screen.query_one("#home-body").scroll_end(animate=False)  # the rest, one scroll away at 80x24
            await settle(pilot)
            assert on_screen(app, "#recent"), f"#recent is not reachable at {size}"


def configure_without_keyring() -> None:
    from wazuh_mcp.config.settings import config_path

    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        'default_profile = "prod"\n[profiles.prod.api]\nurl = "https://wazuh.example.org:55000"\nuser = "soc"\n'
    )


def test_a_cut_tool_name_never_runs_into_its_outcome() -> None:
    """Issue 26 (7): `…search_vulnerabil…ok`. The tool goes by the name a client calls it, two spaces
    before the outcome, and the line is never cut (it wraps)."""
    from tui.screens.home import recent_text
    from tui.status import HomeStatus

    status = HomeStatus(profile="prod", config_file=Path("c.toml"))
    status.recent = [
        AuditEvent(
            ts="2026-01-30T10:01:00.000Z",
            tool="vulnerabilities.list_vulnerabilities_by_agent",
            toolset="vulnerabilities",
            outcome="error",
            error_code="upstream_unavailable",
            duration_ms=12,
        )
    ]
    for width in (74, 116):
        line = recent_text(status, width).plain
        assert "list_vulnerabilities_by_agent  error" in line and "…" not in line, line
        assert "upstream_unavailable" in line
