"""The setup wizard with Pilot, against the Server API stand-in (HTTPS) and a real Indexer engine."""

from __future__ import annotations

import tomllib

import keyring
import pytest
from keyring.backends import fail
from textual.widgets import Input, Switch

from standin.server import StandinServer
from tests.tui.conftest import MemoryKeyring, api_password, on_screen, settle, text_of
from tui.app import create_app
from tui.screens.confirm import ConfirmScreen
from tui.screens.connect import ConnectScreen
from tui.screens.setup import SetupScreen
from wazuh_mcp.config.settings import Settings, config_path
from wazuh_mcp.setup.conncheck import last_report

SIZE = (110, 44)


def fill(app: object, **values: str) -> None:
    from textual.app import App

    assert isinstance(app, App)
    for field_id, value in values.items():
        app.screen.query_one(f"#{field_id}", Input).value = value


def step(app: object) -> str | None:
    from textual.app import App
    from textual.widgets import ContentSwitcher

    assert isinstance(app, App)
    return app.screen.query_one("#wizard", ContentSwitcher).current


async def test_newcomer_reaches_a_green_test_and_a_saved_profile(
    standin: StandinServer, indexer_url: str, memory_keyring: MemoryKeyring
) -> None:
    app = create_app(start="setup", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        fill(app, name="lab", api_url=standin.url)
        await pilot.click("#api_user")
        await pilot.press(*"wazuh")  # typed, as a person would
        fill(app, api_password=api_password())
        await pilot.click("#next")
        await settle(pilot)
        assert step(app) == "indexer"
        fill(app, indexer_url=indexer_url, indexer_user="admin", indexer_password="admin-pw")
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert step(app) == "security"
        fill(app, ca_bundle=str(standin.ca_path))
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert step(app) == "test"
        summary = text_of(app, "#summary")
        assert f"{standin.url}  as wazuh" in summary and "plain HTTP" in summary  # osmem speaks http
        await pilot.click("#run-test")
        await settle(pilot, rounds=6)
        checks = text_of(app, "#checks")
        assert "✔ Server API: log in: Logged in as wazuh" in checks
        assert "✔ Wazuh version: Wazuh 4.14.7." in checks
        assert "✔ Indexer: search alerts" in checks
        assert "Connection test passed with warnings." in checks
        await pilot.click("#save")
        await settle(pilot)
        saved = text_of(app, "#save-result")
        assert "Saved profile 'lab'" in saved and "the Server API and Indexer passwords in the OS keyring" in saved
        assert app.screen.query_one("#go-connect").display
        await pilot.click("#go-connect")
        await settle(pilot)
        assert isinstance(app.screen, ConnectScreen)
    assert memory_keyring.entries[("wazuh-mcp", "lab:api")] == api_password()
    assert memory_keyring.entries[("wazuh-mcp", "lab:indexer")] == "admin-pw"
    text = config_path().read_text()
    assert "admin-pw" not in text and "password" not in text  # the demo API password is the user name
    assert tomllib.loads(text)["default_profile"] == "lab"
    settings = Settings.load()
    assert settings.api.url == standin.url and settings.api.ca_bundle == standin.ca_path
    report = last_report("lab")
    assert report is not None and report.ok and report.wazuh_version == "4.14.7"


async def test_next_refuses_a_step_with_problems() -> None:
    app = create_app(start="setup", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        fill(app, api_url="wazuh.example.org")
        await pilot.click("#next")
        await settle(pilot)
        assert step(app) == "api"
        assert "must look like https://host:port" in on_screen(app, "#api_url-error")
        assert "Enter the Server API user" in on_screen(app, "#api_user-error")
        assert "Enter the Server API password" in on_screen(app, "#api_password-error")
        assert app.focused is app.screen.query_one("#api_url")  # the first field to fix
        assert "3 fields to fix in step 1" in on_screen(app, "#nav-status")


async def test_every_refusal_is_visible_and_focuses_the_field_at_80x24() -> None:
    """Regression: Next, Save and Test with required fields empty did nothing visible (a CSS rule hid
    every message), three times in a row. Each press now shows the message and moves the cursor there."""
    app = create_app(start="setup", cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in ("ctrl+n", "ctrl+s", "ctrl+t"):
            app.screen.query_one("#make_default").focus()
            await pilot.press(key)
            await settle(pilot)
            assert step(app) == "api", key
            assert "Server API URL" in on_screen(app, "#api_url-error"), key
            assert app.focused is app.screen.query_one("#api_url"), key
            assert "3 fields to fix in step 1" in on_screen(app, "#nav-status"), key
        fill(app, api_url="https://wazuh:55000", api_user="u")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert not app.screen.query_one("#api_user-error").display  # fixed: its message goes
        assert "Enter the Server API password" in on_screen(app, "#api_password-error")
        assert app.focused is app.screen.query_one("#api_password")
        fill(app, api_password="p", indexer_url="https://indexer:9200")
        await pilot.press("ctrl+n")  # to the Indexer step, then Save from there
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert step(app) == "indexer"
        assert "Enter the Indexer" in on_screen(app, "#indexer_user-error")
        assert app.focused is app.screen.query_one("#indexer_user")
        assert "step 2 (Indexer)" in on_screen(app, "#nav-status")


async def test_turning_tls_off_needs_confirmation_and_stays_visible() -> None:
    app = create_app(start="setup", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        fill(app, api_url="https://wazuh:55000", api_user="u", api_password="p")
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert step(app) == "security"
        switch = app.screen.query_one("#verify_tls", Switch)
        await pilot.click("#verify_tls")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")  # cancelled: verification stays on
        await settle(pilot)
        assert switch.value is True and not app.screen.query_one("#tls-warning").display
        await pilot.click("#verify_tls")
        await settle(pilot)
        await pilot.click("#yes")
        await settle(pilot)
        assert switch.value is False and app.screen.query_one("#tls-warning").display
        await pilot.click("#next")
        await settle(pilot)
        assert "TLS certificate verification is OFF" in text_of(app, "#summary")


async def test_wrong_password_is_diagnosed_on_screen(standin: StandinServer) -> None:
    app = create_app(start="setup", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        fill(app, api_url=standin.url, api_user="wazuh", api_password="wrong", ca_bundle=str(standin.ca_path))
        await pilot.press("ctrl+t")
        await settle(pilot, rounds=6)
        checks = text_of(app, "#checks")
        assert "✖ Server API: log in: The Server API refused user 'wazuh' (wrong user or password)" in checks
        assert "Connection test failed" in checks and "Traceback" not in checks


async def test_no_keyring_saves_the_settings_and_names_the_variables(
    standin: StandinServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 26 item 3: without a keyring the wizard refused to save while `setup --non-interactive` saved
    the settings and named the variables; both doors now give that answer (tests/tui/test_no_keyring.py
    drives the real program in tmux)."""
    monkeypatch.delenv("WAZUH_MCP_API_PASSWORD", raising=False)
    keyring.set_keyring(fail.Keyring())
    app = create_app(start="setup", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "No OS keyring here" in text_of(app, "#api_password-hint")
        fill(app, api_url=standin.url, api_user="wazuh", api_password="pw")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert step(app) == "test"  # the outcome is in sight
        result = text_of(app, "#save-result")
        assert "Saved profile 'default'" in result and "no password was stored" in result
        result = " ".join(result.split())
        assert "will read the password from WAZUH_MCP_API_PASSWORD." in result, result
        assert "in the OS keyring" not in result
    written = config_path().read_text()
    assert standin.url in written and "password" not in written


async def test_editing_an_existing_profile_keeps_stored_passwords(memory_keyring: MemoryKeyring) -> None:
    from wazuh_mcp.setup.flow import ProfileInput, save_profile

    save_profile(ProfileInput(name="prod", api_url="https://old:55000", api_user="soc", api_password="kept"))
    app = create_app(start="setup", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#api_url", Input).value == "https://old:55000"
        assert "stored in the OS keyring" in app.screen.query_one("#api_password", Input).placeholder
        fill(app, api_url="https://new:55000")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "Saved profile 'prod'" in text_of(app, "#save-result")
    assert Settings.load().api.url == "https://new:55000"
    assert memory_keyring.entries[("wazuh-mcp", "prod:api")] == "kept"


async def test_a_burst_of_keys_after_tab_lands_in_the_next_field() -> None:
    """A password manager types Tab and the next field's text in one burst: the app receives every key
    before any of them is handled. The text belongs to the field Tab moved to (issue 26, item 10)."""
    from textual import events

    app = create_app(start="setup", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.query_one("#api_url", Input).focus()
        await pilot.pause()
        burst = [*"https://w.example:55000", "tab", *"wazuh", "tab", *"pw"]
        for key in burst:  # all queued at once, as a terminal delivers one read of auto-typed input
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await settle(pilot)
        values = {name: app.screen.query_one(f"#{name}", Input).value for name in ("api_url", "api_user")}
        assert values == {"api_url": "https://w.example:55000", "api_user": "wazuh"}
        assert app.screen.query_one("#api_password", Input).value == "pw"


async def test_esc_asks_before_throwing_away_what_was_typed() -> None:
    """Issue 26 (10): Esc in the wizard discarded what was typed without a word. Untouched, Esc goes Home
    at once; with something typed it asks, and Cancel keeps every value."""
    from tui.screens.home import HomeScreen

    app = create_app(start="setup", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # nothing typed: no question
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("s")
        await settle(pilot)
        app.screen.query_one("#api_url", Input).focus()
        await pilot.press(*"https://wazuh.lab:55000")
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "will be lost" in str(app.screen.question)
        await pilot.press("escape")  # cancel: back in the wizard, the value kept
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.query_one("#api_url", Input).value == "https://wazuh.lab:55000"
        await pilot.press("escape")
        await settle(pilot)
        await pilot.click("#yes")  # discard and leave
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
    assert not config_path().exists()


async def test_help_explains_profiles_roles_and_the_docs() -> None:
    """Issue 26 (10): ? and F1 did nothing. ? opens the help where it is not text (F1 from a field too),
    naming every role the settings define and documentation files that exist."""
    from pathlib import Path

    from tui.screens.help import DOCS, HelpScreen
    from wazuh_mcp.config.settings import DEFAULT_ROLE_TOOL_ALLOWLIST

    app = create_app(start="setup", cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#api_url", Input).focus()
        await pilot.press("question_mark")  # in a text field "?" is text
        await settle(pilot)
        assert app.screen.query_one("#api_url", Input).value == "?"
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        shown = text_of(app, "#help-text")
        for words in ("Profiles", "Roles", "Documentation", "--profile NAME", "Ctrl+O", *DEFAULT_ROLE_TOOL_ALLOWLIST):
            assert words in shown, words
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
    repo = Path(__file__).resolve().parents[2]
    assert all((repo / path).is_file() for path, _ in DOCS)
    home = create_app(cursor_blink=False)
    async with home.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(home.screen, HelpScreen)
