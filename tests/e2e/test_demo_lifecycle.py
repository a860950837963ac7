"""`serve --demo` leaves no process behind when the client goes away: right after initialize
(the stand-ins still starting, or the embedded Indexer still loading), after real use, or on SIGTERM;
and it says nothing alarming. SIGTERM ends `serve` (plain and --demo) promptly while the client's stdin
is still open (issue 26 item 4: it used to run on until stdin closed)."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

import pytest

from bench.jsonrpc_probe import initialize_request
from tests.e2e.support import SERVE_DEMO


def engines_of(pid: int) -> list[int]:
    """osmem-server processes started by ``pid`` (they carry ``--parent-pid <pid>``)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"--parent-pid" in argv and argv[argv.index(b"--parent-pid") + 1] == str(pid).encode():
            found.append(int(proc.name))
    return found


def wait_gone(pid: int, timeout_s: float = 10) -> list[int]:
    deadline = time.monotonic() + timeout_s
    while (left := engines_of(pid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


SIGTERM_EXIT_S = 5.0
"""How long a SIGTERM'd serve may take to exit with stdin open: the lifespan unwinds (the demo's engines
stop) well within it; before the fix it never exited until stdin closed."""


def start(env: dict[str, str], argv: list[str] = SERVE_DEMO) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(__import__("json").dumps(initialize_request()) + "\n")
    proc.stdin.flush()
    assert '"id":1' in proc.stdout.readline().replace(" ", "")
    return proc


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find child processes")
@pytest.mark.parametrize("ending", ["eof-at-once", "eof-while-loading", "eof-after-use", "sigterm"])
def test_no_engine_survives_the_session(serve_env: dict[str, str], ending: str, tmp_path: Path) -> None:
    scratch = tmp_path / "tmp"  # where the stand-in puts its TLS files: left empty by a clean stop
    scratch.mkdir()
    proc = start({**serve_env, "TMPDIR": str(scratch)})
    assert proc.stdin is not None and proc.stdout is not None
    if ending == "eof-at-once":  # the stand-ins are still starting in their threads
        proc.stdin.close()
    else:
        deadline = time.monotonic() + 10
        while not engines_of(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert engines_of(proc.pid), "the demo should have started its embedded Indexer"
    if ending == "eof-after-use":
        proc.stdin.write(
            '{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
            '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_alerts",'
            '"arguments":{"time_range":"1h","size":1}}}\n'
        )
        proc.stdin.flush()
        assert '"id":2' in proc.stdout.readline().replace(" ", "")
    if ending == "sigterm":  # stdin stays open, as a supervisor's or a person's `kill PID` leaves it
        code, stderr = stop_with_sigterm(proc)
    else:
        proc.stdin.close()
        assert proc.stderr is not None
        try:
            code = proc.wait(timeout=30)
            stderr = proc.stderr.read()
        finally:  # pipes closed even when the exit code is wrong, so no later test sees them unclosed
            proc.stdout.close()
            proc.stderr.close()
    assert wait_gone(proc.pid) == []
    assert list(scratch.iterdir()) == [], "the Server API stand-in's TLS files outlived the session"
    assert code == 0, stderr[-2000:]
    assert "Traceback" not in stderr, stderr[-2000:]


def stop_with_sigterm(proc: subprocess.Popen[str]) -> tuple[int, str]:
    """SIGTERM with the client's stdin still open; the exit must come within ``SIGTERM_EXIT_S``."""
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    sent = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    try:
        code = proc.wait(timeout=SIGTERM_EXIT_S)
        took = time.monotonic() - sent
    except subprocess.TimeoutExpired:
        code, took = -1, SIGTERM_EXIT_S
    finally:
        proc.stdin.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        stderr = proc.stderr.read()
        proc.stdout.close()
        proc.stderr.close()
    assert code != -1, f"serve still running {SIGTERM_EXIT_S:.0f} s after SIGTERM with stdin open"
    assert took < SIGTERM_EXIT_S
    return code, stderr


def test_plain_serve_exits_on_sigterm_with_stdin_open(serve_env: dict[str, str]) -> None:
    """`serve` with no Wazuh configured, initialized and idle, as Claude Desktop leaves it between calls."""
    proc = start(serve_env, [*SERVE_DEMO[:-1]])
    code, stderr = stop_with_sigterm(proc)
    assert code == 0, stderr[-2000:]
    assert "Traceback" not in stderr, stderr[-2000:]
