"""The /dev/null write (issue 24, "Critical, from the first hour"): after a demo change was approved in the
launcher, every Save wrote the settings file to ``/dev/null``. ``demo_settings()`` set
``WAZUH_MCP_CONFIG=/dev/null`` in the launcher's own environment, and ``atomic.write_text`` then made a
temporary file in ``/dev`` and renamed it over ``/dev/null``: as root, ``/dev/null`` became an empty regular
file while the screen said "Saved … in /dev/null".

Now the demo's settings never reach ``os.environ`` (``Settings.load(read_file=False)``), and an atomic write
refuses a target that exists and is not a regular file: a device, a FIFO, a directory, a link. The tests
never aim at the real ``/dev/null``: ``os.devnull`` is pointed at a stand-in in the test's temp dir (a link
to ``/dev/null``, which the old code would have replaced by a regular file), and every test ends by checking
that the real ``/dev/null`` is still a character device.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Input

from tests.tui.conftest import MemoryKeyring, memory_keyring, settle, text_of
from tests.tui.test_playground import SIZE, pick, serve_module, wait_for
from tui.app import create_app
from tui.screens.approvals import ApprovalsScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.setup import SetupScreen
from wazuh_mcp import atomic
from wazuh_mcp.config import profiles
from wazuh_mcp.config.settings import config_path
from wazuh_mcp.demo import demo_settings
from wazuh_mcp.errors import ConfigurationError
from wazuh_mcp.writes.approvals import default_store

__all__ = ["memory_keyring"]  # the launcher's in-memory keyring fixture, used here too

RULE = (
    '<group name="local,wazuh-mcp,"><rule id="100311" level="10"><if_sid>5716</if_sid>'
    "<description>dev-null regression rule 100311.</description></rule></group>"
)


def is_char_device(path: str | Path) -> bool:
    return stat.S_ISCHR(os.stat(path).st_mode)


@pytest.fixture(autouse=True)
def real_dev_null_stays_a_device() -> Iterator[None]:
    assert is_char_device("/dev/null")
    yield
    assert is_char_device("/dev/null"), "the machine's /dev/null is no longer a character device"


@pytest.fixture
def null_stand_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``os.devnull`` as seen by this process: a link to ``/dev/null`` in the temp dir. The old code would
    have set ``WAZUH_MCP_CONFIG`` to it and renamed a settings file over it."""
    stand_in = tmp_path / "dev" / "null"
    stand_in.parent.mkdir()
    stand_in.symlink_to("/dev/null")
    monkeypatch.setattr(os, "devnull", str(stand_in))
    return stand_in


def untouched(stand_in: Path) -> bool:
    return stand_in.is_symlink() and os.readlink(stand_in) == "/dev/null" and is_char_device(stand_in)


@pytest.fixture
def default_config_place(isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No ``WAZUH_MCP_CONFIG`` (as for the person who found it): the settings file's platform place, under a
    temp ``XDG_CONFIG_HOME``."""
    monkeypatch.delenv("WAZUH_MCP_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(isolated_env / "xdg"))
    where = config_path()
    assert where.is_relative_to(isolated_env / "xdg"), where
    return where


async def test_dev_null_save_after_approving_a_demo_change_in_the_launcher(
    default_config_place: Path, null_stand_in: Path, memory_keyring: MemoryKeyring
) -> None:
    app = create_app(start="home", serve_argv=serve_module, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await wait_for(pilot, lambda: "connected" in text_of(app, "#session-status"))
        pick(app, "create_rule")
        await settle(pilot)
        app.screen.query_one("#arg-rule_xml", Input).value = RULE
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: "waits for a person's approval" in text_of(app, "#result-note"))
        change_id = next(c.id for c in default_store().list_pending())
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, ApprovalsScreen)
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.click("#yes")
        await wait_for(pilot, lambda: "applied" in text_of(app, "#approval-result"), seconds=30)
        assert "WAZUH_MCP_CONFIG" not in os.environ, "the demo's settings reached the launcher's environment"

        while not isinstance(app.screen, HomeScreen):  # Approvals, the playground, then home
            await pilot.press("escape")
            await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        for field_id, value in {
            "name": "lab",
            "api_url": "https://wazuh.example:55000",
            "api_user": "wazuh",
            "api_password": "pw-lab",
        }.items():
            app.screen.query_one(f"#{field_id}", Input).value = value
        await pilot.press("ctrl+s")
        await settle(pilot)
        saved = text_of(app, "#save-result")
        assert "Saved profile" in saved and "lab" in saved and str(default_config_place) in saved, saved
        assert "null" not in saved
    assert default_store().get(change_id).state == "applied"
    assert default_config_place.is_file() and "[profiles.lab" in default_config_place.read_text()
    assert untouched(null_stand_in)


def test_dev_null_demo_settings_leave_the_environment_alone(default_config_place: Path, null_stand_in: Path) -> None:
    before = dict(os.environ)
    default_config_place.parent.mkdir(parents=True)
    default_config_place.write_text('[profiles.demo]\nrole = "readonly"\n', encoding="utf-8")
    settings = demo_settings()
    assert dict(os.environ) == before
    assert settings.role != "readonly"  # the settings file is not read for the demo
    assert config_path() == default_config_place


@pytest.mark.parametrize("kind", ["fifo", "link-to-char-device", "dangling-link", "directory"])
def test_dev_null_save_to_something_not_a_regular_file_is_refused(
    isolated_env: Path, monkeypatch: pytest.MonkeyPatch, null_stand_in: Path, kind: str
) -> None:
    """``WAZUH_MCP_CONFIG`` naming what is not a regular file: refused in words, left exactly as it was."""
    target = isolated_env / f"config-{kind}"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "link-to-char-device":
        target.symlink_to(null_stand_in)  # a link to the stand-in, itself a link to /dev/null
    elif kind == "dangling-link":
        target.symlink_to(isolated_env / "elsewhere" / "config.toml")
    else:
        target.mkdir()
    before = os.lstat(target)
    monkeypatch.setenv("WAZUH_MCP_CONFIG", str(target))
    with pytest.raises(ConfigurationError, match="not a regular file") as refused:
        profiles.write_document({"profiles": {"lab": {"role": "readonly"}}})
    assert str(target) in refused.value.message and "Nothing was changed" in refused.value.message
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino, after.st_size) == (before.st_mode, before.st_ino, before.st_size)
    assert not (isolated_env / "elsewhere").exists()
    assert [p.name for p in isolated_env.iterdir() if p.name.startswith(".config-")] == []  # no temp file left
    assert untouched(null_stand_in)


def test_dev_null_a_settings_link_to_a_regular_file_is_written_through(
    isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dotfile manager's link keeps working: the file it points at is replaced, the link stays."""
    real = isolated_env / "dotfiles" / "wazuh-mcp.toml"
    real.parent.mkdir()
    real.write_text("# mine\n", encoding="utf-8")
    link = isolated_env / "config.toml"
    link.symlink_to(real)
    monkeypatch.setenv("WAZUH_MCP_CONFIG", str(link))
    profiles.write_document({"profiles": {"lab": {"role": "readonly"}}})
    assert link.is_symlink() and "[profiles.lab]" in real.read_text()


@pytest.mark.parametrize("exclusive", [False, True])
@pytest.mark.parametrize("kind", ["fifo", "link-to-char-device", "link-to-regular-file", "directory"])
def test_dev_null_atomic_write_refuses_what_is_not_a_regular_file(
    tmp_path: Path, null_stand_in: Path, kind: str, exclusive: bool
) -> None:
    target = tmp_path / "target"
    regular = tmp_path / "regular"
    regular.write_text("kept\n", encoding="utf-8")
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "link-to-char-device":
        target.symlink_to(null_stand_in)
    elif kind == "link-to-regular-file":
        target.symlink_to(regular)
    else:
        target.mkdir()
    before = os.lstat(target)
    with pytest.raises(atomic.NotARegularFile, match="not a regular file"):
        atomic.write_text(target, "new\n", 0o600, exclusive=exclusive)
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert regular.read_text() == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["dev", "regular", "target"])
    assert untouched(null_stand_in)


def test_dev_null_atomic_write_still_replaces_a_regular_file(tmp_path: Path) -> None:
    target = tmp_path / "settings.toml"
    atomic.write_text(target, "one\n", 0o600)
    atomic.write_text(target, "two\n", 0o600)
    assert target.read_text() == "two\n" and stat.S_IMODE(target.stat().st_mode) == 0o600
    with pytest.raises(FileExistsError):
        atomic.write_text(target, "three\n", 0o600, exclusive=True)
    assert target.read_text() == "two\n"
