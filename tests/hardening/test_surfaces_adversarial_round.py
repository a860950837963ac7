"""Our own round against the sanitizer, identity and the launcher's writes (issue 24, item 9), after N-H2, N-M1 and
the /dev/null fix. Each finding is a test named after it:

- ADV-1: a rule long enough to scroll "WARNING: this change silences detections" off the approver's terminal
  before ``approve`` asked for "yes" (nothing erased it: it simply scrolled away). The warning is now said
  again next to the question.
- ADV-2: Textual parses a ``str`` given to a ``Select`` as markup; the Audit screen's tool filter was built from
  the tools in the trail, so a model calling a made-up tool named ``[/x]`` made the Audit screen crash
  (MarkupError) for whoever opened it. The same held for profile names from the settings file on Connect.
- ADV-3: the settings file is written through a link to a regular file (a dotfile manager's); a link another
  account planted (``WAZUH_MCP_CONFIG`` in a shared directory) was followed too, past the kernel's
  protected_symlinks, since the path is resolved in user space. Only this account's links are followed now.
- ADV-4 (held): a hard link at the target, ``SUDO_USER``: see each test.
- ADV-5: an unexpected exception in a CLI command printed Python's traceback raw, with whatever text the
  exception quoted (a record's value); it goes through the sanitizer now, as do the settings refusals that
  quote a value. ``wazuh-mcp demo`` (the tour) prints alert text through it too.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest
from textual.widgets import DataTable, Select

from tests.hardening.hostile_text import IN_XML, assert_shown
from tests.hardening.test_n_h2_approver_sees_controls_visibly import (
    WARNING,
    approve_in_tmux,
    host,
    hostile_rule,
    wazuh_mcp,
)
from tests.tui.conftest import settle, text_of
from tests.write.conftest import connect, ok, settings
from tui.app import create_app
from wazuh_mcp import atomic
from wazuh_mcp.config import profiles
from wazuh_mcp.errors import ConfigurationError
from wazuh_mcp.writes.approvals import default_store

__all__ = ["host"]


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux (apt-get install tmux)")
async def test_adv1_a_long_rule_cannot_scroll_the_warning_off_before_the_question(host: dict[str, str]) -> None:
    comment = "\n".join(f"line {n} of a long comment" for n in range(300))
    rule = (
        f'<group name="local,sshd,"><!-- {comment} --><rule id="100230" level="0"><if_sid>5716</if_sid>'
        "<description>Ignore failed logins.</description></rule></group>"
    )
    async with connect(settings()) as client:
        asked = ok(await client.call_tool("create_rule", {"rule_xml": rule}))
    change_id = str(asked["change_id"])
    screen = await asyncio.to_thread(approve_in_tmux, host, change_id, (80, 24))
    question = [line for line in screen.splitlines() if line.strip()][-4:]
    assert any(WARNING in line for line in question), f"no warning next to the question:\n{screen}"
    assert default_store().get(change_id).state == "pending"


async def test_adv2_markup_in_a_made_up_tool_name_does_not_break_the_audit_screen(host: dict[str, str]) -> None:
    async with connect(settings()) as client:
        for name in ("[/x]", "[b]approval.approve[/b]", "[link=https://evil.example]x[/link]"):
            await client.call_tool(name, {})
    app = create_app(start="audit", cursor_blink=False)
    async with app.run_test(size=(140, 50)) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#audit-table", DataTable)
        assert table.row_count == 3
        tools = app.screen.query_one("#filter-tool", Select)
        tools.expanded = True  # the person opens the tool filter: every tool of the trail is drawn
        await settle(pilot)
        screen = app.export_screenshot().replace("&#160;", " ")
        assert "[/x]" in screen and "[b]approval.approve[/b]" in screen


async def test_adv2_markup_in_a_profile_name_does_not_break_connect(isolated_env: Path) -> None:
    (isolated_env / "config.toml").write_text(
        '[profiles."[/x]"]\nrole = "readonly"\n[profiles."lab\\u202e"]\nrole = "readonly"\n', encoding="utf-8"
    )
    app = create_app(start="connect", cursor_blink=False)
    async with app.run_test(size=(140, 50)) as pilot:
        await settle(pilot)
        profiles_select = app.screen.query_one("#profile", Select)
        profiles_select.expanded = True  # the person opens "Run against": every profile is drawn
        await settle(pilot)
        svg = app.export_screenshot().replace("&#160;", " ")
        assert "profile [/x]" in svg and "\u202e" not in svg
        assert_shown(text_of(app, "#target"), "Connect", multiline=True, visible=[])


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root to make another account's link")
def test_adv3_another_accounts_link_at_the_settings_path_is_not_followed(
    isolated_env: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    victim = tmp_path / "victim" / ".bashrc"
    victim.parent.mkdir()
    victim.write_text("# the user's own file\n", encoding="utf-8")
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o1777)
    planted = shared / "wazuh-mcp.toml"
    planted.symlink_to(victim)
    os.lchown(planted, 4242, 4242)  # made by another account
    monkeypatch.setenv("WAZUH_MCP_CONFIG", str(planted))
    with pytest.raises(ConfigurationError, match="symbolic link"):
        profiles.write_document({"profiles": {"lab": {"role": "readonly"}}})
    assert victim.read_text(encoding="utf-8") == "# the user's own file\n"
    assert planted.is_symlink()


def test_adv4_a_hard_link_at_the_target_leaves_the_other_name_alone(tmp_path: Path) -> None:
    """Held: a hard link is a regular file, and renaming over it replaces the name, never the shared content."""
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("theirs\n", encoding="utf-8")
    target = tmp_path / "settings.toml"
    os.link(elsewhere, target)
    atomic.write_text(target, "ours\n", 0o600)
    assert target.read_text() == "ours\n" and elsewhere.read_text() == "theirs\n"


async def test_adv4_sudo_user_changes_nothing(host: dict[str, str]) -> None:
    """Held: ``SUDO_USER``/``LOGNAME`` name nobody; the record says the uid's account."""
    import pwd

    change_id = await hostile_rule("x", rule_id=100231)
    me = pwd.getpwuid(os.getuid()).pw_name
    env = {**host, "SUDO_USER": "bob", "SUDO_UID": "4242", "LOGNAME": "bob", "USER": "bob"}
    assert wazuh_mcp(env, "reject", change_id, "--reason", "no").returncode == 0
    assert default_store().get(change_id).decided_by == me


def test_adv5_an_unexpected_errors_traceback_is_shown_through_the_sanitizer(
    isolated_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from wazuh_mcp.cli import main
    from wazuh_mcp.writes import approvals

    def broken(change_id: str, settings: object = None) -> None:
        raise ValueError(f"record field {IN_XML}")

    monkeypatch.setattr(approvals, "get_change", broken)
    assert main(["show", "ch-00000001"]) == 1
    err = capsys.readouterr().err
    assert "ValueError: record field" in err and "Traceback" in err
    assert_shown(err, "a defect's traceback", multiline=True, visible=["\\x1b[2K\\x1b[1A", "<U+202E>"])


def test_adv5_a_refused_setting_quotes_its_value_through_the_sanitizer(
    isolated_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from wazuh_mcp.cli import main

    monkeypatch.setenv("WAZUH_MCP_ROLE", f"admin{IN_XML}")
    monkeypatch.setenv("WAZUH_MCP_TOOL_TIMEOUT_S", f"5{IN_XML}")
    assert main(["pending"]) == 1
    err = capsys.readouterr().err
    assert "configuration_error" in err, err
    assert_shown(err, "a refused setting", multiline=True, visible=[])  # held: pydantic quotes no value here
