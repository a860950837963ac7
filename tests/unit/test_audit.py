from __future__ import annotations

import json
from pathlib import Path

from wazuh_mcp.server.audit import AuditEvent, AuditSink, iter_events, parse_line, redact


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
    assert len(out["ids"]) == 51 and out["ids"][-1] == "… 30 more"


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
    newest = [e.args["agent_id"] for e in iter_events(path)]
    assert newest[-1] == "199"


def test_reader_skips_torn_and_foreign_lines(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    good = event(7).model_dump_json()
    path.write_text(f'{good}\nnot json\n{{"tool": 1}}\n{good[:20]}')
    assert [e.args["agent_id"] for e in iter_events(path)] == ["007"]
    assert parse_line("") is None
