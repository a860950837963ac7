"""The launcher inside the built executable, in a real terminal (tmux), driven by keys as a person would
after a double-click: home → demo → a tool call → the audit view shows that call. A fresh HOME, no
keyring, a system PATH only: what the .desktop entry starts (Terminal=true runs Exec in a terminal)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

BINARY = os.environ.get("WAZUH_MCP_TEST_BINARY", "")
pytestmark = [
    pytest.mark.skipif(not BINARY or not Path(BINARY).is_file(), reason="no built binary (WAZUH_MCP_TEST_BINARY)"),
    pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux (apt-get install tmux)"),
]


class Terminal:
    def __init__(self, socket: str) -> None:
        self.tmux = ["tmux", "-L", socket]

    def run(self, *args: str) -> str:
        return subprocess.run([*self.tmux, *args], capture_output=True, text=True, timeout=30, check=True).stdout

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "w")

    def key(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.run("send-keys", "-t", "w", key)
            time.sleep(0.3)

    def wait_for(self, text: str, seconds: float = 90) -> str:
        deadline = time.monotonic() + seconds
        while text not in (screen := self.screen()):
            assert time.monotonic() < deadline, f"{text!r} did not appear:\n{screen}"
            time.sleep(0.3)
        return screen


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[tuple[Terminal, Path]]:
    home = tmp_path / "home"
    home.mkdir()
    term = Terminal(f"wazuh-mcp-binary-{os.getpid()}")
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"}
    term.run(
        "-f", "/dev/null", "new-session", "-d", "-s", "w", "-x", "120", "-y", "40", "-c", str(home),
        # env -i: tmux would otherwise pass on this test process's environment; a desktop gives only these.
        shlex.join(["env", "-i", *(f"{k}={v}" for k, v in env.items()), BINARY]),
    )  # fmt: skip
    term.run("set-option", "-t", "w", "remain-on-exit", "on")
    try:
        yield term, home
    finally:
        subprocess.run([*term.tmux, "kill-server"], capture_output=True, timeout=30, check=False)


def test_home_demo_tool_call_then_the_audit_view_shows_it(terminal: tuple[Terminal, Path]) -> None:
    term, home = terminal
    term.wait_for("Not configured yet")
    term.key("d")
    term.wait_for("connected")
    # The tool list opens on list_agents, read tools first (alphabetical), then the write tools the launcher's
    # demo offers; cluster_status is above it: walk up until it is the one shown, as a person would.
    for _ in range(25):
        if "cluster_status — Cluster status" in term.screen():
            break
        term.key("Up")
    term.wait_for("cluster_status — Cluster status")
    term.key("C-r")
    term.wait_for("single_node")  # the structured result, as the model sees it
    term.key("Escape")
    term.wait_for("Not configured yet")
    term.key("a")
    screen = term.wait_for("cluster.status")
    assert "ok" in screen.split("cluster.status", 1)[1].splitlines()[0]
    assert "Traceback" not in screen
    assert "cluster.status" in (home / ".local" / "state" / "wazuh-mcp" / "audit.jsonl").read_text(encoding="utf-8")
