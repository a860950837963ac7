"""OsmemEngine: starts on loopback, keeps our stdout clean, and leaves no process behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from opensearchpy import OpenSearch

from standin.engine import OsmemEngine

REPO = Path(__file__).resolve().parents[2]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie still answers kill(0); it is gone as far as we care once it stopped running.
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def wait_gone(pid: int, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return False


def test_start_answer_stop() -> None:
    with OsmemEngine() as engine:
        assert engine.url.startswith("http://127.0.0.1:")
        assert OpenSearch(hosts=[engine.url]).info()["version"]["distribution"] == "opensearch"
        pid = engine.pid
        assert pid is not None and alive(pid)
        rss = engine.rss_bytes()
        assert rss is None or rss > 0
    assert wait_gone(pid)
    assert not engine.running


def test_stop_is_idempotent_and_restart_gets_a_new_process() -> None:
    engine = OsmemEngine().start()
    first = engine.pid
    engine.stop()
    engine.stop()
    engine.start()
    try:
        assert engine.pid != first and engine.running
    finally:
        engine.stop()


def test_log_file_receives_its_stderr(tmp_path: Path) -> None:
    log = tmp_path / "osmem.log"
    with OsmemEngine(log_path=log):
        pass
    assert log.exists()


CHILD = textwrap.dedent("""
    import os, sys
    from standin.engine import OsmemEngine
    engine = OsmemEngine().start()
    sys.stderr.write(f"PID {engine.pid}\\n")
    sys.stderr.flush()
    sys.stdout.write("only-this-line\\n")
    sys.stdout.flush()
    if sys.argv[1] == "exit":
        os._exit(3)  # no cleanup at all: atexit, finally and __exit__ are skipped
    sys.stdin.readline()  # wait to be killed
""")


@pytest.mark.parametrize("death", ["exit", "sigkill"])
def test_engine_dies_with_its_parent(death: str) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, death],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None and proc.stdout is not None
    line = proc.stderr.readline()
    assert line.startswith("PID "), line
    pid = int(line.split()[1])
    assert proc.stdout.readline() == "only-this-line\n"
    if death == "sigkill":
        proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    assert proc.stdout.read() == ""  # the engine never wrote to its parent's stdout
    proc.stdout.close()
    proc.stderr.close()
    if proc.stdin:
        proc.stdin.close()
    assert wait_gone(pid), f"osmem-server {pid} outlived its parent ({death})"
