"""Connect AI clients, with Pilot: preview, write, remove, refusals; the files are real files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input, RadioButton

from tests.tui.conftest import settle, text_of
from tui.app import create_app
from tui.screens.confirm import ConfirmScreen

SIZE = (120, 40)
EXE = "/opt/wazuh-mcp/bin/wazuh-mcp"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setattr("wazuh_mcp.setup.serve_command.executable_argv", lambda: [EXE])
    return tmp_path


def desktop_config(home: Path) -> Path:
    return home / ".config" / "Claude" / "claude_desktop_config.json"


async def choose(pilot: object, client: str) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    button = next(b for b in pilot.app.screen.query(RadioButton) if b.name == client)
    await pilot.click(button)
    await settle(pilot)


async def test_claude_desktop_preview_then_write_keeps_the_rest(home: Path) -> None:
    path = desktop_config(home)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"mcpServers": {"fs": {"command": "npx"}}, "preferences": {"x": 1}}, indent=2))
    app = create_app(start="connect", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert f"Add 'wazuh' to Claude Desktop ({path})" in text_of(app, "#target")
        diff = text_of(app, "#diff")
        assert f'+      "command": "{EXE}"' in diff and '"serve"' in diff
        assert json.loads(path.read_text())["mcpServers"] == {"fs": {"command": "npx"}}, "preview writes nothing"
        await pilot.click("#write")
        await settle(pilot)
        assert f"✔ Wrote {path}" in text_of(app, "#result") and "Restart Claude Desktop" in text_of(app, "#result")
        # issue 26 item 9: the heading above used to read "already has this entry; nothing to do"
        assert f"Claude Desktop ({path}) now has this 'wazuh' entry." in text_of(app, "#target")
        assert "nothing to do" not in text_of(app, "#target")
    written = json.loads(path.read_text())
    assert written["mcpServers"] == {"fs": {"command": "npx"}, "wazuh": {"command": EXE, "args": ["serve"]}}
    assert written["preferences"] == {"x": 1}
    assert len(list(path.parent.glob("*.bak"))) == 1


async def test_claude_code_in_a_project_with_profile_shows_the_cli_equivalent(home: Path) -> None:
    from wazuh_mcp.setup.flow import ProfileInput, save_profile

    save_profile(ProfileInput(name="lab", api_url="https://lab:55000", api_user="u", api_password="p"))
    project = home / "repo"
    project.mkdir()
    app = create_app(start="connect", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await choose(pilot, "claude-code")
        app.screen.query_one("#project", Input).value = str(project)
        from textual.widgets import Select

        app.screen.query_one("#profile", Select).value = "lab"
        await settle(pilot)
        assert f"claude mcp add --scope project wazuh -- {EXE} serve --profile lab" in text_of(app, "#claude-add")
        await pilot.press("ctrl+w")
        await settle(pilot)
    assert json.loads((project / ".mcp.json").read_text()) == {
        "mcpServers": {"wazuh": {"type": "stdio", "command": EXE, "args": ["serve", "--profile", "lab"]}}
    }


async def test_malformed_file_is_refused_on_screen(home: Path) -> None:
    project = home / "repo"
    (project / ".vscode").mkdir(parents=True)
    (project / ".vscode" / "mcp.json").write_text('{\n  "servers": {]\n}\n')
    app = create_app(start="connect", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await choose(pilot, "vscode")
        app.screen.query_one("#project", Input).value = str(project)
        await settle(pilot)
        assert "Cannot use this file" in text_of(app, "#target")
        diff = text_of(app, "#diff")
        assert "is not valid JSON (line 2" in diff and '"servers"' in diff and "by hand" in diff
        await pilot.click("#write")
        await settle(pilot)
    assert (project / ".vscode" / "mcp.json").read_text() == '{\n  "servers": {]\n}\n'


async def test_remove_asks_first(home: Path) -> None:
    path = home / ".cursor" / "mcp.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"mcpServers": {"wazuh": {"command": EXE, "args": ["serve"]}, "other": {}}}))
    app = create_app(start="connect", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await choose(pilot, "cursor")
        await pilot.click("#remove")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert "wazuh" in json.loads(path.read_text())["mcpServers"]
        await pilot.click("#remove")
        await settle(pilot)
        await pilot.click("#yes")
        await settle(pilot)
        assert f"✔ Removed from {path}" in text_of(app, "#result")
        assert f"Cursor ({path}) no longer has a 'wazuh' entry." in text_of(app, "#target")
    assert json.loads(path.read_text()) == {"mcpServers": {"other": {}}}
