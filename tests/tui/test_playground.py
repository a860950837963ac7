"""The tool playground with Pilot: a real MCP client session against `wazuh-mcp serve --demo`."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Input, OptionList

from standin.indexer_load_v5 import reference_dir
from tests.tui.conftest import on_screen, settle, text_of
from tui.app import PALETTE, WazuhApp, create_app
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
        room = tools.scrollable_content_region.width
        for option in (tools.get_option_at_index(i) for i in range(tools.option_count)):
            if option.id is None:
                continue  # a heading (Read, Write)
            assert isinstance(option.prompt, Text)
            lines = option.prompt.plain.splitlines()
            assert all(len(line) <= room for line in lines), lines  # each line fits: nothing wraps mid-word
            assert all(line.rstrip().endswith("_") for line in lines[:-1]), lines  # broken after an underscore
            assert "".join(line.strip() for line in lines).removeprefix("✎ ") == option.id
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


async def test_opens_on_a_read_tool_with_reads_and_writes_apart(isolated_env: Path) -> None:
    """Issue 26 (10): the playground opened on add_agent_to_group (a write, first by name), mixed writes
    among the reads, pre-selected kind=hash for pivot_by_ioc (an IP pivot then failed), and gave no example
    of a hunt clause. The groups follow each tool's readOnlyHint as the server lists it."""
    from textual.widgets import Select

    app = create_app(start="demo", serve_argv=serve_module, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "connected" in text_of(app, "#session-status"))
        await settle(pilot)
        screen = app.screen
        tools = screen.query_one("#tools", OptionList)
        assert tools.highlighted is not None
        assert tools.get_option_at_index(tools.highlighted).id == "list_agents" == screen.current  # type: ignore[attr-defined]
        listed = [tools.get_option_at_index(i) for i in range(tools.option_count)]
        headings = [i for i, option in enumerate(listed) if option.id is None]
        assert len(headings) == 2 and headings[0] == 0, "a heading over the reads, one over the writes"
        served = screen.tools  # type: ignore[attr-defined]
        reads = [o.id for o in listed[1 : headings[1]]]
        writes = [o.id for o in listed[headings[1] + 1 :]]
        assert reads and all(served[name].annotations.read_only_hint for name in reads)
        assert writes and not any(served[name].annotations.read_only_hint for name in writes)
        assert all(str(listed[i].prompt).startswith("✎") for i in range(headings[1], len(listed)))

        pick(app, "pivot_by_ioc")
        await settle(pilot)
        assert screen.query_one("#arg-kind", Select).value is Select.NULL  # the person chooses
        screen.query_one("#arg-value", Input).value = "141.98.81.37"
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert "kind is required" in on_screen(app, "#arg-kind-error")

        pick(app, "hunt_query")
        await settle(pilot)
        shown = str(screen.query(".example").first().render())  # under must (required: first)
        example = shown.partition("Example: ")[2].strip()
        assert example.startswith("[{"), shown
        screen.query_one("#arg-time_range", Input).value = "24h"
        screen.query_one("#arg-must", Input).value = example  # the example, as shown, is a working call
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: "Result of hunt_query" in str(screen.query_one("#result-pane").border_title))
        assert '"alerts"' in text_of(app, "#result") or '"total"' in text_of(app, "#result"), text_of(app, "#result")


def serve_generation(*, demo: bool = False, profile: str | None = None, wazuh: int = 4) -> list[str]:
    return [*serve_module(demo=demo, profile=profile), *(["--wazuh", str(wazuh)] if demo and wazuh != 4 else [])]


async def test_home_5_opens_the_wazuh_5_demo_and_d_switches_back_one_demo_at_a_time(isolated_env: Path) -> None:
    """The launcher's demo offers both generations: 5 on Home (and the palette's "Demo: Wazuh 5.x") runs
    `serve --demo --wazuh 5`, whose load line counts findings; d then runs the 4.x demo, after the 5.x one
    has stopped (one demo.json: approving a demo change goes to the demo that is running)."""
    if reference_dir() is None:
        pytest.skip("../shared/reference/wazuh5 (Wazuh 5.x's templates and samples) is not available")
    assert ("demo5", "Demo: Wazuh 5.x") in [(name, title) for name, title, _ in PALETTE]
    app = create_app(serve_argv=serve_generation, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await wait_for(pilot, lambda: "connected" in text_of(app, "#session-status"), seconds=120)
        five = app.demo
        assert five is not None and five.argv[-2:] == ["--wazuh", "5"] and app.demo_wazuh == 5
        await wait_for(pilot, lambda: "findings" in text_of(app, "#demo-load-line"), seconds=120)
        assert "alerts" not in text_of(app, "#demo-load-line")
        await pilot.press("escape")
        await pilot.press("d")
        await wait_for(pilot, lambda: "connected" in text_of(app, "#session-status"), seconds=120)
        four = app.demo
        assert four is not five and four is not None and "--wazuh" not in four.argv and app.demo_wazuh == 4
        assert five.task is not None and five.task.done() and five.error is None, "the 5.x demo ended cleanly first"
