"""The audit trail as a control: sealed records, the chain across rotation and processes, and
``verify`` naming a removed, reordered, edited or truncated record (each damage done by hand,
the way someone covering their tracks would)."""

from __future__ import annotations

import json
import multiprocessing
import re
from pathlib import Path

import pytest

from wazuh_mcp.runtime import audit, audit_chain
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink, changes_path, iter_events
from wazuh_mcp.runtime.audit_chain import head_path, keys, read_head, stream_files, unseal, verify


def event(n: int, tool: str = "agents.get_agent", toolset: str = "agents") -> AuditEvent:
    return AuditEvent(
        ts="2026-11-30T00:00:00.000Z",
        tool=tool,
        toolset=toolset,
        args={"agent_id": f"{n:03d}"},
        outcome="ok",
        duration_ms=1.5,
    )


def write(path: Path, count: int, **sink: int) -> AuditSink:
    audit = AuditSink(path, **sink)
    for n in range(1, count + 1):
        audit.write(event(n))
    return audit


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines(keepends=True)


def test_records_are_sealed_and_chained_and_readers_still_parse_them(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    write(path, 3)
    seals = [unseal(line.encode()) for line in lines(path)]
    assert [s.seq for s in seals if s] == [1, 2, 3] and all(s and s.intact for s in seals)
    assert seals[1] and seals[0] and seals[1].prev == seals[0].hash
    assert [e.seq for e in iter_events(path)] == [1, 2, 3]
    head = read_head(path)
    assert head is not None and (head.seq, head.hash) == (3, seals[2].hash if seals[2] else "")
    report = verify(path)
    assert report.ok and report.records == 3 and "OK" in report.summary()


def test_audit_verify_detects_removed_record(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    write(path, 5)
    kept = lines(path)
    path.write_text("".join(kept[:2] + kept[3:]))  # seq 3 deleted
    report = verify(path)
    assert not report.ok
    assert [(p.kind, p.where) for p in report.problems] == [("removed", "audit.jsonl:3")]
    assert "between seq 2" in report.problems[0].detail and "seq 4" in report.problems[0].detail


def test_audit_verify_detects_reordered_record(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    write(path, 5)
    kept = lines(path)
    kept[1], kept[2] = kept[2], kept[1]
    path.write_text("".join(kept))
    report = verify(path)
    assert [p.kind for p in report.problems] == ["reordered"]
    assert "seq 2 comes after seq 3" in report.problems[0].detail


def test_audit_verify_detects_edited_record(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    write(path, 4)
    kept = lines(path)
    kept[1] = kept[1].replace('"agent_id":"002"', '"agent_id":"666"')
    path.write_text("".join(kept))
    report = verify(path)
    assert [(p.kind, p.where) for p in report.problems] == [("edited", "audit.jsonl:2")]


def test_audit_verify_detects_edited_record_whose_hash_was_recomputed(tmp_path: Path) -> None:
    """An editor who re-seals the changed record still breaks the link from the next one."""
    from wazuh_mcp.runtime.audit_chain import Head, seal

    path = tmp_path / "audit.jsonl"
    write(path, 4)
    kept = lines(path)
    first = unseal(kept[0].encode())
    assert first is not None
    forged = json.loads(kept[1])
    forged["args"]["agent_id"] = "666"
    body = json.dumps(
        {k: v for k, v in forged.items() if k not in ("seq", "prev", "kid", "hash")}, separators=(",", ":")
    )
    # Without the integrity key: a plain seal inside a keyed chain is a forgery, and the link breaks.
    kept[1] = seal(body.encode(), Head(first.seq, first.hash))[0].decode()
    path.write_text("".join(kept))
    assert [(p.kind, p.where) for p in verify(path).problems] == [
        ("forged", "audit.jsonl:2"),
        ("edited", "audit.jsonl:2"),
    ]
    # Even one who holds the key cannot re-seal a record without breaking the next one's link.
    kept[1] = seal(body.encode(), Head(first.seq, first.hash), keys().current)[0].decode()
    path.write_text("".join(kept))
    report = verify(path)
    assert [(p.kind, p.where) for p in report.problems] == [("edited", "audit.jsonl:2")]
    assert "replaced" in report.problems[0].detail


def test_audit_verify_detects_records_cut_from_the_end_and_the_start(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    write(path, 6)
    kept = lines(path)
    path.write_text("".join(kept[2:4]))  # the first two and the last two gone
    kinds = [(p.kind, p.detail) for p in verify(path).problems]
    assert [k for k, _ in kinds] == ["removed", "removed"]
    assert "oldest 2" in kinds[0][1] and "newest 2" in kinds[1][1]


def test_audit_verify_detects_an_unsealed_line_pasted_in(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    write(path, 3)
    kept = lines(path)
    forged = event(9, tool="write.create_rule", toolset="write").model_dump_json(exclude_none=True) + "\n"
    path.write_text("".join([*kept[:2], forged, kept[2]]))
    assert [p.kind for p in verify(path).problems] == ["inserted"]


def test_the_chain_continues_across_rotation_and_rotation_is_not_removal(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    write(path, 300, max_bytes=4096, backups=2)
    files = stream_files(path)
    assert [f.name for f in files] == ["audit.jsonl.2", "audit.jsonl.1", "audit.jsonl"]
    report = verify(path)
    assert report.ok, report.summary()
    head = read_head(path)
    assert head is not None and report.first_seq == head.floor + 1 > 1 and report.last_seq == head.seq
    assert "left through rotation" in report.summary()
    assert next(iter_events(path)).tool == "audit.rotate"  # each file starts with the rotation that made it
    # A whole backup deleted by hand is not rotation: the gap shows, and the backups the rotation left.
    (tmp_path / "audit.jsonl.1").unlink()
    kinds = [(p.kind, p.where) for p in verify(path).problems]
    assert ("removed", "backups") in kinds and {kind for kind, _ in kinds} == {"removed"}, kinds


def test_a_deleted_head_is_reported_and_a_lagging_head_does_not_fork_the_chain(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    audit = write(path, 1)
    lagging = head_path(path).read_bytes()
    audit.write(event(2))
    audit.write(event(3))
    head_path(path).write_bytes(lagging)  # a writer died before updating the head
    audit.write(event(4))
    assert verify(path).ok
    head_path(path).unlink()
    assert [p.kind for p in verify(path).problems] == ["head"]


def _write_from_process(path: str, start: int) -> None:
    audit = AuditSink(Path(path))
    for n in range(start, start + 100):
        audit.write(event(n))


def test_writers_in_several_processes_share_one_chain(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_write_from_process, args=(str(path), 1000 * i)) for i in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert [w.exitcode for w in workers] == [0, 0, 0]
    report = verify(path)
    assert report.ok, report.summary()
    assert report.records == 300


def test_change_records_also_go_to_the_changes_stream_which_read_noise_never_rotates(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    audit = AuditSink(path, max_bytes=4096, backups=1)
    audit.write(event(1, tool="approval.approve", toolset="approval"))
    audit.write(event(2, tool="write.create_rule", toolset="write"))
    for n in range(500):
        audit.write(event(n))
    assert {e.toolset for e in iter_events(path)} == {"audit", "agents"}  # rotated out of the main stream…
    kept = [e.tool for e in iter_events(changes_path(path))]
    assert kept == ["approval.approve", "write.create_rule"]  # …but kept in their own
    assert verify(changes_path(path)).ok and verify(path).ok


# advtext, "found, not fixed": the lines were written with ensure_ascii=False, so C1 controls (U+009B is CSI in
# some terminals), bidi and zero-width characters from attacker-controlled values were in the file raw, acting on
# the terminal of whoever runs `tail` or `less` on it. They are now \uXXXX escapes: the same JSON values.
TERMINAL = "\x9b2J \x1b[31m \u202egpj.exe \u200b \u2066x\u2069 \ufeff \x7f \U000e0041 \u00ad"
ACTING = "[\x7f-\x9f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\U000e0000-\U000e007f]"


def hostile(n: int) -> AuditEvent:
    return event(n).model_copy(update={"args": {"agent_id": TERMINAL, "n": n}, "error": f"refused {TERMINAL}"})


def test_a_line_holds_no_character_that_acts_on_a_terminal_and_reads_back_the_same(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path)
    sink.write(hostile(1))
    sink.write(hostile(2).model_copy(update={"error": TERMINAL * 400}))  # the slow path: cut to its bound
    text = path.read_text(encoding="utf-8")
    assert not re.search(ACTING, text), [c for c in text if re.fullmatch(ACTING, c)]
    assert "\\u009b2J" in text and "\\u202e" in text and "\\udb40\\udc41" in text  # escaped, not dropped
    first = next(iter_events(path))
    assert first.args["agent_id"] == TERMINAL and first.error == f"refused {TERMINAL}"  # the same values
    assert json.loads(text.splitlines()[0])["args"]["agent_id"] == TERMINAL
    assert all(len(line.encode()) <= 8192 for line in text.splitlines())  # MAX_RECORD, escapes counted
    report = verify(path)
    assert report.ok and report.records == 2, report.summary()


def test_lines_written_before_the_escaping_still_verify_and_the_chain_goes_on(tmp_path: Path) -> None:
    """A trail written by a version that wrote these characters raw: its seals are over its own bytes, so
    it verifies as it is, and new (escaped) records chain after it."""
    path = tmp_path / "audit.jsonl"
    with pytest.MonkeyPatch.context() as old_writer:
        old_writer.setattr(audit, "json_text_escaped", lambda text: text)
        old_writer.setattr(audit_chain, "json_text_escaped", lambda text: text)
        write(path, 0).write(hostile(1))
    assert "\u202e" in path.read_text(encoding="utf-8")  # written the old way: raw
    AuditSink(path).write(hostile(2))
    first, second = path.read_text(encoding="utf-8").splitlines()
    assert "\u202e" in first and "\u202e" not in second and "\\u202e" in second
    assert [e.args["agent_id"] for e in iter_events(path)] == [TERMINAL, TERMINAL]
    report = verify(path)
    assert report.ok and report.records == 2, report.summary()
