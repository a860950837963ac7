"""The tool playground with Pilot: a real MCP client session against `wazuh-mcp serve --demo`."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from textual.widgets import Input, OptionList

from tests.tui.conftest import on_screen, settle, text_of
from tui.app import WazuhApp, create_app
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.runtime.audit import iter_events

SIZE = (130, 48)


def serve_module(*, demo: bool = False, profile: str | None = None) -> list[str]:
    argv = [sys.executable, "-m", "wazuh_mcp", "serve"]
    return [*argv, "--demo"] if demo else [*argv, *(["--profile", profile] if profile else [])]


async def wait_for(pilot: object, condition: object, seconds: float = 60) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot) and callable(condition)
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.05)


def pick(app: WazuhApp, tool: str) -> None:
    options = app.screen.query_one("#tools", OptionList)
    options.highlighted = next(i for i in range(options.option_count) if options.get_option_at_index(i).id == tool)


async def test_every_tool_listed_and_called_with_schema_built_arguments(isolated_env: Path) -> None:
    app = create_app(start="demo", serve_argv=serve_module, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "connected" in text_of(app, "#session-status"))
        tools = app.screen.query_one("#tools", OptionList)
        names = {tools.get_option_at_index(i).id for i in range(tools.option_count)}
        assert {"cluster_status", "list_agents", "get_agent"} <= names

        pick(app, "list_agents")
        await settle(pilot)
        assert "list_agents" in text_of(app, "#tool-title")
        app.screen.query_one("#arg-size", Input).value = "2"
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: "Result of list_agents" in str(app.screen.query_one("#result-pane").border_title))
        result = text_of(app, "#result")
        assert '"agents"' in result and '"total"' in result

        app.screen.query_one("#arg-size", Input).value = "5000"  # beyond the tool's limit: the server says so
        await pilot.click("#run")
        await wait_for(pilot, lambda: "invalid_argument" in text_of(app, "#result"))

        pick(app, "get_agent")
        await settle(pilot)
        await pilot.press("ctrl+r")  # agent_id is required: refused before any call
        await settle(pilot)
        assert "agent_id is required" in on_screen(app, "#arg-agent_id-error")
        assert app.focused is app.screen.query_one("#arg-agent_id")  # the cursor is on the field to fix
        assert "Not called: agent_id is required" in on_screen(app, "#result")
    calls = [e.tool for e in iter_events(Settings.load().audit_path)]
    assert calls == ["agents.list_agents", "agents.list_agents"], "each run is one audited call; refused forms none"


async def test_a_server_that_cannot_start_is_reported(isolated_env: Path) -> None:
    def broken(**_: object) -> list[str]:
        return [sys.executable, "-c", "import sys; print('boom', file=sys.stderr); sys.exit(3)"]

    app = create_app(start="playground", serve_argv=broken, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "did not start" in text_of(app, "#session-status"), seconds=30)
        assert "playground-server.log" in text_of(app, "#session-status")
    log = isolated_env / "state" / "playground-server.log"
    assert "boom" in log.read_text()


async def test_text_from_the_server_is_never_read_as_markup(isolated_env: Path) -> None:
    from tui.messages import ToolFinished
    from tui.screens.confirm import ConfirmScreen

    def broken(**_: object) -> list[str]:
        return [sys.executable, "-c", "import sys; sys.exit(3)"]

    app = create_app(start="playground", serve_argv=broken, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.post_message(ToolFinished("search_alerts", "alert text [/] with [bold]brackets", False, 1.0))
        await settle(pilot)
        assert "alert text [/] with [bold]brackets" in text_of(app, "#result")
        app.push_screen(ConfirmScreen("Write to /tmp/[/x]/.cursor/mcp.json?"))
        await settle(pilot)
        assert "/tmp/[/x]/" in text_of(app, "#question")


async def test_first_tab_lands_in_the_first_field_and_the_result_scrolls(isolated_env: Path) -> None:
    """Regression: the first Tab went to the form's scroll box (no text), so the first typed value was
    lost; and the result box did not move with PageDown."""
    from textual.containers import VerticalScroll

    app = create_app(start="demo", serve_argv=serve_module, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "connected" in text_of(app, "#session-status"))
        pick(app, "get_agent")
        await settle(pilot)
        assert app.focused is app.screen.query_one("#tools")
        await pilot.press("tab", *"001")
        assert app.focused is app.screen.query_one("#arg-agent_id")
        assert app.screen.query_one("#arg-agent_id", Input).value == "001"  # nothing typed is lost
        pick(app, "list_agents")
        await settle(pilot)
        app.screen.query_one("#arg-size", Input).focus()  # a person types the size, then runs
        tools = app.screen.query_one("#tools", OptionList)
        widest = max(len(str(tools.get_option_at_index(i).id)) for i in range(tools.option_count))
        assert tools.scrollable_content_region.width >= widest  # no tool name wraps mid-word
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: "Result of list_agents" in str(app.screen.query_one("#result-pane").border_title))
        await settle(pilot)
        box = app.screen.query_one("#result-json", VerticalScroll)
        assert box.max_scroll_y > 0, "three agents as JSON are taller than the box at 80x24"
        await pilot.press("pagedown")  # the cursor is still in the form
        await settle(pilot)
        assert box.scroll_y > 0
        await pilot.press("ctrl+home")
        await settle(pilot)
        assert box.scroll_y == 0
