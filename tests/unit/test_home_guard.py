"""scripts/home_guard.py, the real-home guard of scripts/test.sh (issue 26 item 8): a contributor who is also a
user ran `wazuh-mcp approve` in another terminal during `./scripts/test.sh --fast`, and the guard blamed "a test
or build step" without saying which files changed. It now names each file and how it changed, says another
wazuh-mcp process may have written them, and lists those running now.

The "real home" here is a temp HOME (a test never writes the real one); the other process is a real
`wazuh-mcp` run in it, as a user's would be."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import REPO

GUARD = [sys.executable, str(REPO / "scripts" / "home_guard.py")]


def user_env(home: Path) -> dict[str, str]:
    """A user's environment: no test overrides, so wazuh-mcp writes this HOME's folders."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAZUH_MCP_", "XDG_"))}
    return {
        **env,
        "HOME": str(home),
        "WAZUH_MCP_AUDIT_ANCHOR": "off",
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
    }


def snapshot(home: Path, tmp_path: Path) -> Path:
    before = tmp_path / "before.json"
    done = subprocess.run([*GUARD, "snapshot"], env=user_env(home), capture_output=True, text=True, check=True)
    before.write_text(done.stdout)
    return before


def check(home: Path, before: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*GUARD, "check", str(before)], env=user_env(home), capture_output=True, text=True)


def test_an_untouched_home_passes(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".local" / "state" / "wazuh-mcp").mkdir(parents=True)
    (home / ".local" / "state" / "wazuh-mcp" / "audit.jsonl").write_text("{}\n")
    before = snapshot(home, tmp_path)
    done = check(home, before)
    assert done.returncode == 0 and done.stderr == ""


def test_a_change_is_named_and_another_wazuh_mcp_process_is_suspected(tmp_path: Path) -> None:
    home = tmp_path / "home"
    state = home / ".local" / "state" / "wazuh-mcp"
    state.mkdir(parents=True)
    (state / "old.txt").write_text("x")
    before = snapshot(home, tmp_path)
    # A user's wazuh-mcp in "another terminal": a real serve, alive while the guard checks.
    serve = subprocess.Popen(
        [sys.executable, "-m", "wazuh_mcp", "serve"],
        env=user_env(home),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while not (state / "server.log").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        (state / "old.txt").unlink()
        done = check(home, before)
    finally:
        assert serve.stdin is not None
        serve.stdin.close()
        serve.wait(timeout=30)
    assert done.returncode == 1
    report = done.stderr
    assert f"new      {state / 'server.log'}" in report, report
    assert f"removed  {state / 'old.txt'}" in report
    assert "another wazuh-mcp process of yours" in report and "`wazuh-mcp approve`" in report
    assert f"pid {serve.pid}: " in report and "serve" in report.split(f"pid {serve.pid}: ")[1].splitlines()[0]


def test_with_no_other_process_the_report_says_a_test_wrote_it(tmp_path: Path) -> None:
    home = tmp_path / "home"
    before = snapshot(home, tmp_path)
    config = home / ".config" / "wazuh-mcp"
    config.mkdir(parents=True)
    (config / "config.toml").write_text("[profiles.x]\n")
    done = check(home, before)
    assert done.returncode == 1
    assert f"new      {config / 'config.toml'}" in done.stderr
    assert "No other wazuh-mcp process is running now" in done.stderr


def test_test_sh_uses_the_guard() -> None:
    script = (REPO / "scripts" / "test.sh").read_text()
    assert "scripts/home_guard.py snapshot" in script and "scripts/home_guard.py check" in script
