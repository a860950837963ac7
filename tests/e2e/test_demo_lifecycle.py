"""`serve --demo` leaves no process behind when the client goes away: right after initialize
(the stand-ins still starting, or the embedded Indexer still loading), after real use, or on SIGTERM;
and it says nothing alarming."""

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


def start(env: dict[str, str]) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        SERVE_DEMO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True
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
    if ending == "sigterm":
        proc.send_signal(signal.SIGTERM)
    if not proc.stdin.closed:
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
