"""Following the audit JSONL: tail first, growth, torn lines, rotation by the real AuditSink, truncation."""

from __future__ import annotations

from pathlib import Path

from tui.audit_tail import AuditTail
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink
from wazuh_mcp.runtime.audit_chain import BREAK_TOOL


def event(n: int, outcome: str = "ok") -> AuditEvent:
    return AuditEvent(
        ts=f"2026-01-30T10:00:{n % 60:02d}.000Z",
        tool=f"agents.tool_{n}",
        toolset="agents",
        args={"n": n},
        outcome=outcome,
        duration_ms=float(n),
    )


def numbers(events: list[AuditEvent]) -> list[int]:
    return [e.args["n"] for e in events if e.tool != "audit.rotate"]  # a rotation opens each new file


def test_tail_first_then_growth(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path)
    for n in range(10):
        sink.write(event(n))
    tail = AuditTail(path)
    assert numbers(tail.load_tail(3)) == [7, 8, 9] and tail.truncated_head
    assert not tail.changed() and tail.read_new() == []
    sink.write(event(10))
    sink.write(event(11))
    assert tail.changed()
    assert numbers(tail.read_new()) == [10, 11]
    assert not tail.changed()


def test_missing_file_then_created(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    tail = AuditTail(path)
    assert tail.load_tail(10) == [] and not tail.changed()
    AuditSink(path).write(event(1))
    assert tail.changed() and numbers(tail.read_new()) == [1]


def test_torn_last_line_waits_for_its_newline_and_garbage_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    good = event(1).model_dump_json() + "\n"
    path.write_text(good + "not json at all\n" + '{"ts": "2026-01-30T10:00:02.000Z", "tool": "x"}\n' + good[:30])
    tail = AuditTail(path)
    assert numbers(tail.load_tail(10)) == [1]
    assert tail.skipped == 2
    with path.open("a") as fh:  # the writer finishes the line: it is read then, once
        fh.write(good[30:])
    assert numbers(tail.read_new()) == [1]
    assert tail.read_new() == []


def test_follows_across_rotation_without_losing_lines(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path, max_bytes=4096, backups=3)
    tail = AuditTail(path)
    tail.load_tail(100)
    seen: list[int] = []
    for n in range(200):  # ~150 bytes per record: several rotations
        sink.write(event(n))
        if n % 7 == 0:
            seen += numbers(tail.read_new())
    seen += numbers(tail.read_new())
    assert path.with_name("audit.jsonl.1").exists()
    assert seen == list(range(200))


def test_truncated_in_place_starts_over(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path)
    for n in range(5):
        sink.write(event(n))
    tail = AuditTail(path)
    tail.load_tail(10)
    path.write_text("")
    sink.write(event(99))
    # The writer finds its head ahead of the emptied file and says so first (docs/security.md, H1).
    new = tail.read_new()
    assert [e.tool for e in new][:1] == [BREAK_TOOL]
    assert numbers(new[1:]) == [99]


def test_a_100k_record_file_is_read_from_its_tail(tmp_path: Path) -> None:
    """Only the end of the file is read (timing: bench/bench_audit_tail.py)."""
    path = tmp_path / "audit.jsonl"
    line = event(1).model_dump_json() + "\n"
    path.write_text(line * 100_000)
    tail = AuditTail(path)
    events = tail.load_tail(5000)
    assert len(events) == 5000
    assert tail.truncated_head  # the read window stopped well before the start of the file
