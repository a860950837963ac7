from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Any

import pytest

from wazuh_mcp.runtime.audit import (
    MAX_RECORD,
    AuditEvent,
    AuditSink,
    bounded_record,
    iter_events,
    now_iso,
    parse_line,
    redact,
)


def event(n: int = 0, **extra: object) -> AuditEvent:
    return AuditEvent(
        ts="2026-11-30T00:00:00.000Z",
        tool="agents.get_agent",
        toolset="agents",
        args={"agent_id": f"{n:03d}"},
        outcome="ok",
        duration_ms=1.5,
        **extra,
    )


def test_redact_masks_secret_keys_at_any_depth() -> None:
    out = redact({"password": "hunter2", "nested": {"api_token": "abc", "ok": 1}, "list": [{"Authorization": "x"}]})
    assert out == {"password": "***", "nested": {"api_token": "***", "ok": 1}, "list": [{"Authorization": "***"}]}


def test_redact_summarises_long_strings_and_lists() -> None:
    out = redact({"rule_xml": "x" * 5000, "ids": list(range(80))})
    assert out["rule_xml"].startswith("x" * 256)
    assert "5000 chars, sha256" in out["rule_xml"]
    assert len(out["ids"]) == 51 and out["ids"][-1].startswith("… 30 more [80 items, sha256 ")
    assert out["ids"][-1].endswith(
        hashlib.sha256(json.dumps(list(range(80)), separators=(",", ":")).encode()).hexdigest() + "]"
    )


def test_sink_writes_one_json_line_per_event_with_mode_0600(tmp_path: Path) -> None:
    sink = AuditSink(tmp_path / "audit.jsonl")
    sink.write(event(1))
    sink.write(event(2, error_code="not_found", error="Agent 002 does not exist."))
    lines = (tmp_path / "audit.jsonl").read_text().splitlines()
    assert [json.loads(line)["args"]["agent_id"] for line in lines] == ["001", "002"]
    assert (tmp_path / "audit.jsonl").stat().st_mode & 0o777 == 0o600


def test_sink_rotates_by_size_and_keeps_backups(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path, max_bytes=4096, backups=2)
    for n in range(200):
        sink.write(event(n))
    assert path.stat().st_size <= 4096
    assert (tmp_path / "audit.jsonl.1").exists() and (tmp_path / "audit.jsonl.2").exists()
    assert not (tmp_path / "audit.jsonl.3").exists()
    newest = [e.args["agent_id"] for e in iter_events(path) if e.toolset != "audit"]  # audit.rotate opens a file
    assert newest[-1] == "199"
    assert next(iter_events(path)).tool == "audit.rotate"


def test_reader_skips_torn_and_foreign_lines(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    good = event(7).model_dump_json()
    path.write_text(f'{good}\nnot json\n{{"tool": 1}}\n{good[:20]}')
    assert [e.args["agent_id"] for e in iter_events(path)] == ["007"]
    assert parse_line("") is None


def test_h2_every_record_field_is_bounded_whoever_builds_the_event(tmp_path: Path) -> None:
    """A writer that builds AuditEvent itself (not through ``finished``) still cannot write a huge line."""
    from wazuh_mcp.runtime.audit import MAX_RECORD, sha256_of

    huge = "e" * 1_000_000
    sink = AuditSink(tmp_path / "audit.jsonl")
    sink.write(
        AuditEvent(
            ts="2026-11-30T00:00:00.000Z",
            tool="t" * 10_000,
            toolset="agents",
            args={"agent_id": ["x" * 100] * 10_000},
            outcome="error",
            error_code="invalid_argument",
            error=huge,
            duration_ms=1,
            wazuh_user="u" * 10_000,
            **{"note": huge, "k" * 5000: 1},
        )
    )
    [line] = (tmp_path / "audit.jsonl").read_bytes().splitlines()
    assert len(line) <= MAX_RECORD
    [recorded] = iter_events(tmp_path / "audit.jsonl")
    assert recorded.error is not None and recorded.error.endswith(f"[1000000 chars, sha256 {sha256_of(huge)}]")
    assert len(recorded.tool) < 400 and recorded.args["_sha256"]  # the args became one summary


def test_lone_surrogates_from_a_caller_are_recorded_as_valid_utf8(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    AuditSink(path).write(event(1, error="bad \udfff"))
    path.read_bytes().decode("utf-8")  # strict: no invalid bytes written
    [recorded] = iter_events(path)
    assert recorded.error == "bad \udfff"


def test_h2_text_that_grows_when_encoded_still_fits_a_record(tmp_path: Path) -> None:
    """256 control characters are 1,536 bytes of JSON, 256 emoji 1,024 bytes of UTF-8: still bounded."""
    from wazuh_mcp.runtime.audit import MAX_RECORD

    nasty = "\x01" * 256
    AuditSink(tmp_path / "audit.jsonl").write(
        AuditEvent(
            ts="2026-11-30T00:00:00.000Z",
            tool=nasty,
            toolset=nasty,
            args={f"{n}": "\U0001f600" * 250 for n in range(4)},
            outcome="error",
            error="\x02" * 1024,
            duration_ms=1,
            wazuh_user=nasty,
            indexer_user=nasty,
            role=nasty,
            session=nasty,
            change_id=nasty,
            decided_by=nasty,
            requested_tool=nasty,
        )
    )
    [line] = (tmp_path / "audit.jsonl").read_bytes().splitlines()
    assert len(line) <= MAX_RECORD
    assert [e.outcome for e in iter_events(tmp_path / "audit.jsonl")] == ["error"]


@pytest.mark.parametrize("extras", [0, 30])
@pytest.mark.parametrize("key_chars", [10, 300])
def test_a_record_is_within_its_bound_whatever_its_writer_passes(extras: int, key_chars: int) -> None:
    """adv7: the line is escaped after its fields are cut by characters, and a bidi or tag character is written
    as 6 or 12 bytes: a writer passing many long fields and extra fields with such keys reached 14 KB. The last
    cut summarises the largest fields (never what Wazuh's rules read) until the line fits."""
    invisible = "\x01\u202e" * 300 + "\U000e0041" * 300  # C0, bidi override, a tag character
    fields = {
        name: invisible
        for name in (
            *("analyst", "change_id", "client", "decided_by", "error", "indexer_user", "requested_tool"),
            *("role", "session", "subject", "wazuh_user"),
        )
    }
    extra: dict[str, Any] = {
        f"x{n}-" + "\U000e0041" * key_chars: {f"k{m}": invisible for m in range(5)} for n in range(extras)
    }
    event = AuditEvent.finished(
        tool="tool\U000e0041" * 300,
        toolset="s" * 3000,
        args={"a\u202e" * 300: [invisible] * 10},
        ts=now_iso(),
        started=time.perf_counter(),
        error_code="internal",
        **fields,
        **extra,
    )
    line = bounded_record(event)
    assert len(line) <= MAX_RECORD - 200  # room for the seal
    record = json.loads(line)
    assert record["outcome"] == "error" and record["error_code"] == "internal" and record["tool"].startswith("tool")
    assert not any(ch in line.decode() for ch in "\x01\u202e\U000e0041")
