"""What differs per OS, tested here on Linux: double-click launchers, the no-terminal hint, keyring backend
names and failure messages. (Claude Desktop's config path per OS: tests/unit/test_clients.py.)"""

from __future__ import annotations

import configparser
import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import REPO
from wazuh_mcp.cli import NO_TERMINAL_HINT
from wazuh_mcp.config import secrets
from wazuh_mcp.setup import launchers


def desktop_exec_argv(value: str) -> list[str]:
    """Exec= as a desktop runs it, per the Desktop Entry spec: undo the string escapes (\\\\ → \\), then split
    on spaces outside double quotes, where a backslash makes the next character literal; %% is a literal %."""
    value = value.replace("\\\\", "\x00").replace("\\s", " ").replace("\x00", "\\")
    argv, current, quoted, chars = [], "", False, iter(value)
    for ch in chars:
        if quoted and ch == "\\":
            current += next(chars)
        elif ch == '"':
            quoted = not quoted
        elif ch == " " and not quoted:
            argv.append(current) if current else None
            current = ""
        else:
            current += ch
    argv.append(current) if current else None
    return [arg.replace("%%", "%") for arg in argv]


def fake_executable(where: Path) -> Path:
    """A wazuh-mcp 'executable' in a path with a space and a dollar sign (quoting must survive both)."""
    where.mkdir(parents=True)
    exe = where / "wazuh-mcp"
    exe.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m wazuh_mcp "$@"\n', encoding="utf-8")
    exe.chmod(0o755)
    return exe


def test_linux_desktop_entry_opens_a_terminal_on_the_executable(tmp_path: Path) -> None:
    exe = fake_executable(tmp_path / "My Apps $HOME")
    path = launchers.install(exe, platform="linux", home=tmp_path / "home", env={})
    assert path == tmp_path / "home" / ".local" / "share" / "applications" / "wazuh-mcp.desktop"
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read_string(path.read_text(encoding="utf-8"))
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application" and section["Terminal"] == "true"
    assert desktop_exec_argv(section["Exec"]) == [str(exe)]
    if shutil.which("desktop-file-validate"):
        done = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr


def test_xdg_data_home_is_honoured(tmp_path: Path) -> None:
    path = launchers.install(
        Path("/opt/wazuh-mcp"), platform="linux", home=tmp_path, env={"XDG_DATA_HOME": str(tmp_path / "d")}
    )
    assert path == tmp_path / "d" / "applications" / "wazuh-mcp.desktop"


def test_macos_command_file_runs_the_executable(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    exe = tmp_path / "Wazuh Apps" / "wazuh-mcp"
    exe.parent.mkdir()
    exe.write_text(f"#!/bin/sh\ntouch {shlex.quote(str(marker))}\n", encoding="utf-8")
    exe.chmod(0o755)
    path = launchers.install(exe, platform="darwin", home=tmp_path / "home")
    assert path == tmp_path / "home" / "Desktop" / "Wazuh MCP.command" and os.access(path, os.X_OK)
    subprocess.run([str(path)], check=True, timeout=30)  # what Terminal.app does with it
    assert marker.exists()


def test_windows_needs_no_launcher_file(tmp_path: Path) -> None:
    assert launchers.install(Path("C:/wazuh-mcp.exe"), platform="win32", home=tmp_path) is None
    spec = (REPO / "build.spec").read_text(encoding="utf-8")
    assert "console=True" in spec  # a double-clicked console program gets a console window


def test_no_terminal_prints_one_line_and_exits_nonzero_without_waiting(isolated_env: Path) -> None:
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "wazuh_mcp"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [NO_TERMINAL_HINT]
    assert time.monotonic() - started < 30


@pytest.mark.parametrize(
    ("platform", "missing", "locked"),
    [
        ("darwin", "login keychain", "security unlock-keychain"),
        ("win32", "Credential Manager", "Credential Manager"),
        ("linux", "Secret Service", "gnome-keyring-daemon --unlock"),
    ],
)
def test_keyring_messages_name_this_os_s_keyring(
    platform: str, missing: str, locked: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.platform", platform)
    assert missing in secrets.keyring_help() and locked in secrets.unlock_help()


@pytest.mark.parametrize(
    "module", ["keyring.backends.macOS", "keyring.backends.Windows", "keyring.backends.SecretService"]
)
def test_each_os_keyring_backend_ships_in_the_installed_keyring(module: str) -> None:
    """build.spec collects keyring.backends.*: each OS's backend must be there to be collected."""
    assert importlib.util.find_spec(module) is not None


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux (apt-get install tmux)")
def test_the_desktop_entry_s_command_in_a_terminal_is_the_launcher(tmp_path: Path) -> None:
    """Terminal=true: the desktop runs Exec inside a terminal emulator; tmux plays that terminal here."""
    exe = fake_executable(tmp_path / "My Apps")
    home = tmp_path / "home"
    path = launchers.install(exe, platform="linux", home=home, env={})
    assert path is not None
    argv = desktop_exec_argv(next(line[5:] for line in path.read_text().splitlines() if line.startswith("Exec=")))
    socket = f"wazuh-mcp-desktop-{os.getpid()}"
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONPATH": str(REPO)}
    env |= {"WAZUH_MCP_CONFIG": str(home / "config.toml"), "WAZUH_MCP_STATE_DIR": str(home / "state")}
    tmux = ["tmux", "-L", socket]
    subprocess.run(
        [*tmux, "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "120", "-y", "40"]
        + [arg for k, v in env.items() for arg in ("-e", f"{k}={v}")]
        + [shlex.join(argv)],
        check=True,
        timeout=30,
    )
    try:
        deadline, screen = time.monotonic() + 60, ""
        while "Not configured yet" not in screen:
            assert time.monotonic() < deadline, f"the launcher did not appear:\n{screen}"
            time.sleep(0.3)
            screen = subprocess.run([*tmux, "capture-pane", "-p", "-t", "t"], capture_output=True, text=True).stdout
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True, timeout=30, check=False)
