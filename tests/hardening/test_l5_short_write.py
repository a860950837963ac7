"""L5: a short write at disk-full was later reported as "edited", not "torn".

A real short write: the writer runs in a child process under ``RLIMIT_FSIZE`` (the kernel writes up to the
limit and returns the short count, as on a full disk). The writer takes the partial line back, the record is
refused (the call would be), and the chain stays whole. A line cut short that nobody could take back (a
writer killed mid-line) is reported as ``torn`` — never as ``edited`` — once the next record follows it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink
from wazuh_mcp.runtime.audit_chain import verify

SHORT = """
import resource, signal, sys
from pathlib import Path
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write returns short (then EFBIG) instead of killing us
path = Path(sys.argv[1])
sink = AuditSink(path)
def event(n, pad=0):
    return AuditEvent(ts="2026-12-01T10:00:00.000Z", tool="agents.list_agents", toolset="agents",
                      outcome="ok", duration_ms=1, args={"n": n, "pad": "x" * pad})
for n in range(3):
    sink.write(event(n))
size = path.stat().st_size
resource.setrlimit(resource.RLIMIT_FSIZE, (size + 120, resource.RLIM_INFINITY))
try:
    sink.write(event(3, pad=200))
except OSError as exc:
    print("refused:", exc)
"""


def event(n: int) -> AuditEvent:
    return AuditEvent(
        ts="2026-12-01T10:00:00.000Z", tool="agents.list_agents", toolset="agents", outcome="ok", duration_ms=1
    ).model_copy(update={"args": {"n": n}})


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_l5_a_short_write_is_taken_back_and_the_chain_stays_whole(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", SHORT, str(path)], env=env, capture_output=True, text=True, timeout=60, check=True
    )
    assert "refused: [Errno 28] short write" in done.stdout, done.stdout + done.stderr
    assert path.read_bytes().endswith(b"\n")  # the partial line was truncated away
    sink = AuditSink(path)  # the disk has room again: the next record chains on
    sink.write(event(4))
    report = verify(path)
    assert report.ok, report.summary()
    assert report.records == 4


def test_l5_a_line_cut_short_is_torn_not_edited(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path)
    for n in range(3):
        sink.write(event(n))
    whole, head = path.read_bytes(), (tmp_path / "audit.jsonl.head").read_bytes()
    sink.write(event(3))
    cut = path.read_bytes()[len(whole) :]
    # A writer killed mid-line: half a record, no newline, and the head never updated for it.
    path.write_bytes(whole + cut[: len(cut) // 2])
    (tmp_path / "audit.jsonl.head").write_bytes(head)
    AuditSink(path).write(event(4))  # the next process appends
    report = verify(path)
    kinds = [p.kind for p in report.problems]
    assert kinds == ["torn"], report.summary()
    assert "cut short while being written" in report.summary()
    # the record after the torn line is intact and chained to the last whole one
    assert report.records == 4
