"""N-H2 in the launcher: the Approvals, Audit, Playground, Home and Connect screens show every class of
terminal-driving or invisible character (tests/hardening/hostile_text.py) written out, never raw.

Each test drives the real app with Textual's pilot and reads two things: the screen as Textual composes it for
the terminal (``export_screenshot``: every cell a person sees) and each widget's own text. Textual hands a
cell's characters to the terminal as they are (an ESC in a ``Text`` reaches it), so a raw character here is a
raw character on the approver's screen.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import DataTable, Input, RadioButton, RadioSet

from standin.server import DEMO_USERS, StandinServer
from tests.hardening.hostile_text import IN_XML, assert_shown, raw_in
from tests.tui.conftest import MemoryKeyring, memory_keyring, settle, text_of
from tests.tui.test_playground import pick, serve_module, wait_for
from tests.write.conftest import connect, ok, settings
from tui.app import create_app
from tui.screens.confirm import ConfirmScreen
from wazuh_mcp.setup.conncheck import Check, ConnectionReport, save_report

__all__ = ["memory_keyring"]

SIZE = (160, 70)
WARNING = "WARNING: this change silences detections"
ERASE = "\\x1b[2K\\x1b[1A"
RLO = "<U+202E>evil<U+202C>"


def silencer(rule_id: int = 100220) -> str:
    return (
        f'<group name="local,sshd,"><!-- {IN_XML} --><rule id="{rule_id}" level="0"><if_sid>5716</if_sid>'
        f"<description>Ignore {IN_XML} failed logins.</description></rule></group>"
    )


@pytest.fixture
def workstation(standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key, value in {
        "WAZUH_MCP_API_URL": standin.url,
        "WAZUH_MCP_API_USER": "wazuh",
        "WAZUH_MCP_API_PASSWORD": DEMO_USERS["wazuh"].password,
        "WAZUH_MCP_API_CA_BUNDLE": str(standin.ca_path),
        "WAZUH_MCP_ROLE": "admin",
    }.items():
        monkeypatch.setenv(key, value)
    return isolated_env


def on_the_screen(app: App[Any], where: str) -> None:
    """Nothing raw in any cell of the screen the terminal is sent."""
    svg = app.export_screenshot()
    raw = raw_in(svg, multiline=True)
    assert not raw, f"{where}: raw {raw} on the screen"


async def test_n_h2_approvals_screen_shows_the_rule_visibly_below_the_warning(workstation: Path) -> None:
    async with connect(settings()) as client:
        asked = ok(await client.call_tool("create_rule", {"rule_xml": silencer()}))
    app = create_app(start="approvals", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#changes", DataTable)
        assert table.row_count == 1
        detail = text_of(app, "#change-info")
        assert asked["change_id"] in detail and WARNING in detail
        assert_shown(detail.split(WARNING, 1)[1], "Approvals detail", multiline=True, visible=[ERASE, RLO])
        assert_shown(detail, "Approvals detail", multiline=True)
        on_the_screen(app, "Approvals")
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert_shown(text_of(app, "#question"), "the approval question", multiline=True, visible=[])
        on_the_screen(app, "Approvals' question")
        await pilot.press("escape")
        await settle(pilot)


async def test_n_h2_audit_screen_shows_recorded_text_visibly(workstation: Path) -> None:
    async with connect(settings()) as client:  # a caller's tool name and arguments, and a store's record
        await client.call_tool(f"approval.approve{IN_XML}", {})
        await client.call_tool("list_agents", {"status": [f"active{IN_XML}"]})
        await client.call_tool("create_rule", {"rule_xml": silencer(100221)})
    app = create_app(start="audit", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#audit-table", DataTable)
        assert table.row_count >= 3
        seen = []
        for row in range(table.row_count):
            table.move_cursor(row=row)
            await settle(pilot)
            detail = text_of(app, "#detail")
            assert_shown(detail, f"audit detail, row {row}", multiline=True, visible=[])
            seen.append(detail)
            on_the_screen(app, f"Audit, row {row}")
        every = "\n".join(seen)
        assert ERASE in every and "<U+202E>" in every


async def test_n_h2_playground_shows_a_tools_answer_visibly(isolated_env: Path) -> None:
    """The demo's create_rule answers with the diff. The diff a model reads is cleaned of controls, bidi and
    zero-width characters (``untrusted.clean``), but keeps the invisible fillers (letters by Unicode's
    reckoning): the playground must draw those visibly, and nothing raw."""
    app = create_app(start="home", serve_argv=serve_module, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await wait_for(pilot, lambda: "connected" in text_of(app, "#session-status"))
        pick(app, "create_rule")
        await settle(pilot)
        app.screen.query_one("#arg-rule_xml", Input).value = silencer(100222)
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: "waits for a person's approval" in text_of(app, "#result-note"))
        result = text_of(app, "#result")
        assert "<U+3164>" in result and "evil" in result, result[:3000]
        assert_shown(result, "Playground result", multiline=True, visible=[])
        on_the_screen(app, "Playground")
        # a refused call's message is shown the same way
        pick(app, "get_agent")
        await settle(pilot)
        app.screen.query_one("#arg-agent_id", Input).value = f"001{IN_XML}"
        await pilot.press("ctrl+r")
        # refused by the form (the schema's pattern) or by the server: either way the value is quoted
        await wait_for(pilot, lambda: any(w in text_of(app, "#result") for w in ("invalid_argument", "Not called")))
        assert_shown(text_of(app, "#result"), "Playground error", multiline=True, visible=[])
        on_the_screen(app, "Playground error")


async def test_n_h2_home_shows_the_trail_and_a_stored_report_visibly(workstation: Path) -> None:
    async with connect(settings()) as client:
        await client.call_tool(f"x{IN_XML}", {})
        await client.call_tool("create_rule", {"rule_xml": silencer(100223)})
    save_report(  # the state dir's record of the last connection test (what a server answered)
        ConnectionReport(
            profile="default",
            checks=[Check("api", f"Server API{IN_XML}", "fail", f"answered {IN_XML}", f"fix {IN_XML}")],
            wazuh_version=f"4.14.7{IN_XML}",
            finished=f"2026-12-05{IN_XML}",
        )
    )
    app = create_app(start="home", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, rounds=6)
        for panel in ("#config", "#test", "#keyring", "#approvals", "#recent"):
            assert_shown(text_of(app, panel), f"Home {panel}", multiline=True, visible=[])
        unwrapped = text_of(app, "#test").replace("\n", "")  # a narrow panel wraps the escapes' run
        assert RLO in unwrapped and ERASE in unwrapped
        assert "unknown tool 'x\\x1b[2K" in text_of(app, "#recent")
        on_the_screen(app, "Home")


async def test_n_h2_connect_shows_a_cloned_projects_file_visibly(
    isolated_env: Path, tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    """A cloned repository's ``.mcp.json`` (JSON allows raw C1, bidi and zero-width characters in strings)."""
    project = tmp_path / "cloned"
    project.mkdir()
    hostile = "".join(ch for ch in IN_XML if ord(ch) >= 0x20 and ch not in "\x7f")  # JSON forbids raw C0
    other = {"command": f"tool{hostile}", "args": [f"--note={hostile}"]}
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"other": other}}, ensure_ascii=False), "utf-8")
    app = create_app(start="connect", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        radios = app.screen.query_one("#client", RadioSet)
        button = next(b for b in radios.query(RadioButton) if b.name == "claude-code")
        button.value = True
        await settle(pilot)
        app.screen.query_one("#project", Input).value = str(project)
        await settle(pilot)
        diff = text_of(app, "#diff")
        assert "other" in diff and "<U+202E>" in diff, diff
        assert_shown(diff, "Connect preview", multiline=True, visible=[RLO, "\\x9b2K"])
        on_the_screen(app, "Connect")
    assert os.path.exists(project / ".mcp.json")
