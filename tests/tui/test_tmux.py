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


def start_launcher(tmp_path: Path, *args: str, size: tuple[int, int] = (120, 40)) -> tuple[Tmux, Path]:
    """``wazuh-mcp [args]`` in a fresh HOME inside its own tmux server, with a real Secret Service."""
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
    command = shlex.join([sys.executable, "-m", "wazuh_mcp", *args])
    launcher = (
        'echo -n "$KEYRING_PW" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; '
        f"exec {command}"  # Textual draws on stderr: leave it to the terminal
    )
    tmux = Tmux(f"wazuh-mcp-test-{os.getpid()}-{size[0]}")
    tmux.run(
        "-f",
        "/dev/null",
        "new-session",
        "-d",
        "-s",
        "launcher",
        "-x",
        str(size[0]),
        "-y",
        str(size[1]),
        "-c",
        str(REPO),
        *(arg for key, value in env.items() for arg in ("-e", f"{key}={value}")),
        f"dbus-run-session -- bash -c {shlex.quote(launcher)}",
    )
    tmux.run("set-option", "-t", "launcher", "remain-on-exit", "on")  # to read the screen after it quits
    return tmux, home


def stop(tmux: Tmux) -> None:
    subprocess.run(["tmux", "-L", tmux.socket, "kill-server"], capture_output=True, timeout=30, check=False)


def wait_for_exit(term: Tmux, seconds: float = 30) -> int:
    """The launcher's exit status, once its pane is dead."""
    deadline = time.monotonic() + seconds
    while True:
        dead, _, status = term.run(
            "display-message", "-p", "-t", "launcher", "#{pane_dead} #{pane_dead_status}"
        ).partition(" ")
        if dead.strip() == "1":
            return int(status)
        assert time.monotonic() < deadline, f"the launcher did not quit:\n{term.screen()}"
        time.sleep(0.2)


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[tuple[Tmux, Path]]:
    term, home = start_launcher(tmp_path)
    try:
        yield term, home
    finally:
        stop(term)


SIZES = pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])


def test_newcomer_from_fresh_install_to_green_test_and_claude_desktop(
    tmux: tuple[Tmux, Path], standin: StandinServer, indexer_url: str
) -> None:
    term, home = tmux
    screen = term.wait_for("Not configured yet")
    assert "SecretService" in term.wait_for("Backend")

    term.keys("s")
    term.wait_for("1 Server API")
    time.sleep(1)  # a loaded machine paints the step before its first focus settles; a person reads first
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
    assert wait_for_exit(term) == 0
    assert "Traceback" not in term.screen()

    config = json.loads((home / ".config" / "Claude" / "claude_desktop_config.json").read_text())
    entry = config["mcpServers"]["wazuh"]
    assert os.path.isabs(entry["command"]) and entry["args"][-1] == "serve"
    assert "env" not in entry and "indexer-pw" not in json.dumps(config)
    settings = tomllib.loads((home / ".config" / "wazuh-mcp" / "config.toml").read_text())
    assert settings["profiles"]["default"]["api"]["url"] == standin.url
    assert "indexer-pw" not in json.dumps(settings)


@SIZES
def test_empty_required_fields_are_shown_and_focused(tmp_path: Path, size: tuple[int, int]) -> None:
    """Next, then Save, with nothing filled in: each says what is wrong under the field, the cursor there."""
    term, _ = start_launcher(tmp_path, size=size)
    try:
        term.wait_for("Not configured yet")
        term.keys("s")
        term.wait_for("1 Server API")
        for key in ("C-n", "C-s"):
            term.keys(key)
            screen = term.wait_for("3 fields to fix in step 1 (Server API).")
            assert "Enter the Server API URL." in screen
        term.type("https://wazuh.example.org:55000")  # the cursor is on the URL: what is typed lands there
        term.keys("C-n")
        screen = term.wait_for("2 fields to fix in step 1")
        assert "https://wazuh.example.org:55000" in screen and "Enter the Server API URL." not in screen
        capture(f"empty-required-{size[0]}x{size[1]}", screen)
    finally:
        stop(term)


@SIZES
def test_a_demo_change_is_proposed_and_approved_without_leaving_the_launcher(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    term, home = start_launcher(tmp_path, size=size)
    try:
        term.wait_for("Not configured yet")
        term.keys("d")
        term.wait_for("● connected", seconds=90)
        for _ in range(60):  # down the tool list to create_rule, as a person would
            if "create_rule — " in term.screen():
                break
            term.keys("Down")
            time.sleep(0.5)  # the form is rebuilt for each highlighted tool
        assert "create_rule — " in term.screen()
        term.keys("Tab")  # the first field: rule_xml
        term.type(
            '<group name="local,wazuh-mcp,"><rule id="100320" level="10"><if_sid>5716</if_sid>'
            "<description>tmux demo rule 100320.</description></rule></group>"
        )
        term.keys("C-r")
        screen = term.wait_for("waits for a person", seconds=60)
        capture(f"demo-proposed-{size[0]}x{size[1]}", screen)
        term.keys("Escape", "C-o")  # home, then Approvals: the demo keeps running
        screen = term.wait_for("still running")
        capture(f"demo-approvals-{size[0]}x{size[1]}", screen)
        term.keys("a")
        term.wait_for("and apply it now?")
        term.keys("y")
        screen = term.wait_for("applied", seconds=60)
        assert "✔ ch-" in screen
        capture(f"demo-approved-{size[0]}x{size[1]}", screen)
        term.keys("Escape", "q")
        assert wait_for_exit(term) == 0
        assert "Traceback" not in term.screen()
    finally:
        stop(term)
    state = home / ".local" / "state" / "wazuh-mcp"
    assert not (state / "demo.json").exists(), "the demo ended with the launcher, the clean way"
    changes = [json.loads(p.read_text()) for p in (state / "pending").glob("ch-*.json")]
    assert [c["state"] for c in changes] == ["applied"]


@SIZES
def test_ctrl_c_leaves_the_audit_view(tmp_path: Path, size: tuple[int, int]) -> None:
    term, _ = start_launcher(tmp_path, "audit", size=size)
    try:
        screen = term.wait_for("calls/min")
        capture(f"audit-{size[0]}x{size[1]}", screen)
        term.keys("slash")  # even from the filter box
        term.keys("C-c")
        assert wait_for_exit(term) == 0
    finally:
        stop(term)


def capture(name: str, screen: str) -> None:
    """Keep the screen as text when asked (WAZUH_MCP_TEST_CAPTURES=<dir>), for reports and review."""
    folder = os.environ.get("WAZUH_MCP_TEST_CAPTURES")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / f"{name}.txt").write_text(screen)
