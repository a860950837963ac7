"""The real launcher in a real terminal: `wazuh-mcp` with no arguments inside tmux, driven by keys only.

A newcomer's first ten minutes, end to end: fresh HOME, the wizard against the Server API stand-in
(HTTPS) and an Indexer, a green connection test, the passwords in a real Secret Service
(gnome-keyring in the session's own D-Bus), then Claude Desktop's config written from the
"Connect AI clients" screen. The screen is read back with `tmux capture-pane`.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from standin.server import StandinServer
from tests.tui.conftest import api_password

REPO = Path(__file__).resolve().parents[2]
NEEDED = ("tmux", "dbus-run-session", "gnome-keyring-daemon")
pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in NEEDED),
    reason=f"needs {', '.join(NEEDED)} (apt-get install tmux dbus gnome-keyring)",
)


class Tmux:
    """One private tmux server (its own socket), one session running the launcher."""

    def __init__(self, socket: str) -> None:
        self.socket = socket

    def run(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=30, check=True
        )
        return done.stdout

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "launcher")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.run("send-keys", "-t", "launcher", key)
            time.sleep(0.15)  # one key at a time, as a person types

    def type(self, text: str) -> None:
        self.run("send-keys", "-t", "launcher", "-l", text)
        time.sleep(0.2)

    def wait_for(self, text: str, seconds: float = 30) -> str:
        deadline = time.monotonic() + seconds
        while True:
            screen = self.screen()
            if text in screen:
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} did not appear on screen:\n{screen}")
            time.sleep(0.2)


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[tuple[Tmux, Path]]:
    home = tmp_path / "home"
    home.mkdir()
    env = {
        "HOME": str(home),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "WAZUH_MCP_CONFIG": str(home / ".config" / "wazuh-mcp" / "config.toml"),
        "WAZUH_MCP_STATE_DIR": str(home / ".local" / "state" / "wazuh-mcp"),
        "PYTHONPATH": str(REPO),
        "KEYRING_PW": "tmux-login",
    }
    launcher = (
        'echo -n "$KEYRING_PW" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; '
        f"exec {shlex.quote(sys.executable)} -m wazuh_mcp"  # Textual draws on stderr: leave it to the terminal
    )
    tmux = Tmux(f"wazuh-mcp-test-{os.getpid()}")
    tmux.run(
        "-f",
        "/dev/null",
        "new-session",
        "-d",
        "-s",
        "launcher",
        "-x",
        "120",
        "-y",
        "40",
        "-c",
        str(REPO),
        *(arg for key, value in env.items() for arg in ("-e", f"{key}={value}")),
        f"dbus-run-session -- bash -c {shlex.quote(launcher)}",
    )
    tmux.run("set-option", "-t", "launcher", "remain-on-exit", "on")  # to read the screen after it quits
    try:
        yield tmux, home
    finally:
        subprocess.run(["tmux", "-L", tmux.socket, "kill-server"], capture_output=True, timeout=30, check=False)


def test_newcomer_from_fresh_install_to_green_test_and_claude_desktop(
    tmux: tuple[Tmux, Path], standin: StandinServer, indexer_url: str
) -> None:
    term, home = tmux
    screen = term.wait_for("Not configured yet")
    assert "SecretService" in term.wait_for("Backend")

    term.keys("s")
    term.wait_for("1 Server API")
    term.keys("Tab", "Tab")  # profile name (kept: default), "use by default", then the URL
    term.type(standin.url)
    term.keys("Tab")
    term.type("wazuh")
    term.keys("Tab")
    term.type(api_password())
    term.keys("C-n")
    term.wait_for("Indexer URL")
    term.type(indexer_url)
    term.keys("Tab")
    term.type("admin")
    term.keys("Tab")
    term.type("indexer-pw")
    term.keys("C-n")
    term.wait_for("CA bundle")
    term.keys("Tab")  # past the verification switch
    term.type(str(standin.ca_path))
    term.keys("C-n")
    term.wait_for("Run connection test")
    term.keys("C-t")
    screen = term.wait_for("Connection test passed", seconds=60)
    assert "✔ Server API: log in" in screen and "Wazuh 4.14.7" in screen
    term.keys("C-s")
    term.wait_for("Saved profile default")

    term.keys("Escape")
    screen = term.wait_for("passed with warnings")  # the home screen shows the last test
    term.keys("c")
    term.wait_for("Add 'wazuh' to Claude Desktop")
    term.keys("C-w")
    term.wait_for("Restart Claude Desktop")
    term.keys("Escape")
    term.wait_for("Configuration")
    term.keys("q")
    deadline = time.monotonic() + 30
    while term.run("display-message", "-p", "-t", "launcher", "#{pane_dead}").strip() != "1":
        assert time.monotonic() < deadline, "the launcher did not quit"
        time.sleep(0.2)
    assert "Traceback" not in term.screen()

    config = json.loads((home / ".config" / "Claude" / "claude_desktop_config.json").read_text())
    entry = config["mcpServers"]["wazuh"]
    assert os.path.isabs(entry["command"]) and entry["args"][-1] == "serve"
    assert "env" not in entry and "indexer-pw" not in json.dumps(config)
    settings = tomllib.loads((home / ".config" / "wazuh-mcp" / "config.toml").read_text())
    assert settings["profiles"]["default"]["api"]["url"] == standin.url
    assert "indexer-pw" not in json.dumps(settings)
