"""A change proposed in the launcher's demo is approved in the launcher: the demo's session outlives the
playground, Ctrl+O reaches Approvals from any screen, and the demo ends (cleanly) with the launcher.

Regression for issue 20 §2: going Home to reach Approvals ended the demo, and approving then failed
with "session that is no longer running"."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import Input

from tests.tui.conftest import on_screen, settle, text_of
from tests.tui.test_playground import SIZE, pick, serve_module, wait_for
from tui.app import create_app
from tui.screens.approvals import ApprovalsScreen
from tui.screens.audit import AuditScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.playground import PlaygroundScreen
from wazuh_mcp.config.settings import Settings, state_dir
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes.approvals import default_store, local_person

RULE = (
    '<group name="local,wazuh-mcp,"><rule id="100310" level="10"><if_sid>5716</if_sid>'
    "<description>Launcher demo test rule 100310.</description></rule></group>"
)


async def test_a_demo_change_is_proposed_and_approved_without_leaving_the_launcher(isolated_env: Path) -> None:
    app = create_app(start="home", serve_argv=serve_module, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await wait_for(pilot, lambda: "connected" in text_of(app, "#session-status"))
        assert "its changes wait in Approvals (Ctrl+O)" in text_of(app, "#session-status")
        session = app.demo
        assert session is not None
        pick(app, "create_rule")  # the launcher's demo offers the write tools
        await settle(pilot)
        app.screen.query_one("#arg-rule_xml", Input).value = RULE
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: "waits for a person's approval" in on_screen(app, "#result-note"))
        change_id = next(c.id for c in default_store().list_pending())
        assert change_id in on_screen(app, "#result-note")

        await pilot.press("escape")  # home, then back: the same demo, still running
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen) and app.demo is session and session.connected
        await pilot.press("d")
        await wait_for(pilot, lambda: "connected" in text_of(app, "#session-status"))
        assert isinstance(app.screen, PlaygroundScreen) and app.demo is session
        await pilot.press("ctrl+o")  # straight from the playground
        await settle(pilot)
        assert isinstance(app.screen, ApprovalsScreen)
        info = text_of(app, "#change-info")
        assert change_id in info and "From this launcher's demo, still running" in info
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.question)
        assert "demo's Wazuh stand-in" in question and "configured Server API" not in question
        await pilot.click("#yes")
        await wait_for(pilot, lambda: "applied" in text_of(app, "#approval-result"), seconds=30)
        result = text_of(app, "#approval-result")
        assert f"✔ {change_id} applied" in result and "only when it restarts" in result

        # Issue 26 (5): Esc went back to the playground, and the next key ("a" for Audit) went into the
        # rule's XML. Esc is Home, and "a" is the audit viewer.
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, AuditScreen)
        await pilot.press("escape", "d")  # the demo again: nothing restarts
        await settle(pilot)
        assert isinstance(app.screen, PlaygroundScreen) and app.demo is session
        await wait_for(pilot, lambda: "connected" in text_of(app, "#session-status"))
        assert (state_dir() / "demo.json").exists()
    assert default_store().get(change_id).state == "applied"
    events = [e for e in iter_events(Settings.load().audit_path) if e.change_id == change_id]
    steps = [(e.tool, e.outcome) for e in events]
    assert ("approval.approve", "ok") in steps and ("approval.apply", "ok") in steps
    # Issue 26 (6): decided under the demo's role (admin), not this profile's (none here: analyst), by the
    # person at this terminal, in a session named for the launcher.
    decided = [e for e in events if e.tool in ("approval.approve", "approval.apply")]
    assert {(e.role, e.session) for e in decided} == {("admin", f"launcher-{os.getpid()}")}
    assert Settings.load().role == "analyst"
    assert [e.decided_by for e in decided if e.tool == "approval.approve"] == [local_person()]
    # The launcher's exit ended the demo the clean way: it removes its own state file on the way out.
    assert session.task is not None and session.task.done() and not session.task.cancelled()
    assert not (state_dir() / "demo.json").exists()


async def test_the_playground_says_when_its_change_was_decided_elsewhere(isolated_env: Path) -> None:
    """Issue 26 (5): the playground kept saying "⏸ ch-… waits for a person's approval" after the change
    was applied. Here it is approved as `wazuh-mcp approve` in another terminal would, with the playground
    open: the note follows."""
    from tui.screens.approvals import approval_path

    app = create_app(start="demo", serve_argv=serve_module, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "connected" in text_of(app, "#session-status"))
        pick(app, "create_rule")
        await settle(pilot)
        app.screen.query_one("#arg-rule_xml", Input).value = RULE.replace("100310", "100311")
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: "waits for a person's approval" in on_screen(app, "#result-note"))
        change_id = next(c.id for c in default_store().list_pending())
        await approval_path(None).approve(change_id)
        await wait_for(pilot, lambda: "was approved and applied" in on_screen(app, "#result-note"), seconds=10)
        note = on_screen(app, "#result-note")
        assert change_id in note and "waits" not in note


async def test_approvals_is_one_key_or_one_palette_entry_from_every_screen(isolated_env: Path) -> None:
    from textual.command import CommandPalette

    for start in ("setup", "connect", "audit"):
        app = create_app(start=start, cursor_blink=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+o")  # even with the cursor in a text field
            await settle(pilot)
            assert isinstance(app.screen, ApprovalsScreen), start
            await pilot.press("escape")
            await settle(pilot)
            await pilot.press("ctrl+p")
            await settle(pilot)
            assert isinstance(app.screen, CommandPalette)
            await pilot.press(*"approvals")
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, ApprovalsScreen), start
