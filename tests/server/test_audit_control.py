"""The red-team findings on the audit trail, replayed through a real MCP client against the HTTPS
stand-in: H2 (a flood of huge invalid arguments flushed the audit files), the error-flood limit,
fail closed (no call reaches Wazuh unaudited) and M6 (a made-up tool name spoofing the viewer)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp.client.client import Client

from standin.server import StandinServer
from tests.server.audit_support import server_for
from wazuh_mcp.runtime.audit import MAX_RECORD, AuditEvent, AuditSink, changes_path, iter_events
from wazuh_mcp.runtime.audit_chain import stream_files, verify

FLOOD = ["x" * 100] * 10000
"""The red team's argument: one 1 MB list where a string is expected."""


@pytest.fixture(scope="module")
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        yield server


def text(result: Any) -> str:
    return str(result.content[0].text)


def stream_bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in stream_files(path))


def approval_record() -> AuditEvent:
    return AuditEvent(
        ts="2026-11-30T00:00:00.000Z",
        tool="approval.approve",
        toolset="approval",
        args={"change_id": "c-1"},
        outcome="ok",
        duration_ms=3.0,
        change_id="c-1",
        decided_by="alice",
    )


async def test_h2_oversized_list_argument_cannot_flush_audit(standin: StandinServer, tmp_path: Path) -> None:
    """70 calls of get_agent(agent_id=[100 chars] * 10,000): before the fix each reply and each audit
    record carried the whole 1 MB repr, and 1 MB × 2 files of history held 2 calls. Now each record
    is bounded, and the approval recorded before the flood survives in both streams."""
    path = tmp_path / "audit.jsonl"
    AuditSink(path).write(approval_record())
    server = server_for(standin, path, audit_max_bytes=1024 * 1024, audit_backups=1, error_flood_burst=1000)
    async with Client(server) as client:
        replies = [await client.call_tool("get_agent", {"agent_id": FLOOD}) for _ in range(70)]
    assert all(text(r).startswith("invalid_argument:") for r in replies)
    assert max(len(text(r)) for r in replies) < 400
    assert "list of 10,000 items" in text(replies[0])
    recorded = list(iter_events(path))
    assert len(recorded) == 71 and recorded[0].tool == "approval.approve"  # nothing rotated away
    assert [e.tool for e in iter_events(changes_path(path))] == ["approval.approve"]
    assert max(len(line) for line in path.read_bytes().splitlines()) <= MAX_RECORD
    assert stream_bytes(path) < 71 * 2048
    flood = recorded[1]
    assert "sha256" in str(flood.args["agent_id"]) and "10000 items" in str(flood.args["agent_id"])
    assert verify(path).ok


async def test_h2_huge_argument_names_and_nested_values_are_bounded_too(standin: StandinServer, tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    names = {f"k{n}{'y' * 5000}": n for n in range(200)}
    nested: Any = "leaf"
    for _ in range(100):
        nested = [nested, "x" * 300]
    async with Client(server_for(standin, path)) as client:
        many_names = await client.call_tool("get_agent", {"agent_id": "001", **names})
        deep = await client.call_tool("get_agent", {"agent_id": nested})
    assert len(text(many_names)) < 600 and "195 more" in text(many_names)
    assert len(text(deep)) < 400
    for line in path.read_bytes().splitlines():
        assert len(line) <= MAX_RECORD
    assert verify(path).ok


async def test_error_flood_is_answered_rate_limited_and_costs_few_records(
    standin: StandinServer, tmp_path: Path
) -> None:
    path = tmp_path / "audit.jsonl"
    server = server_for(standin, path, error_flood_burst=5, error_flood_per_minute=1)
    async with Client(server) as client:
        replies = [await client.call_tool("get_agent", {"agent_id": "bad id"}) for _ in range(200)]
    codes = [text(r).split(":", 1)[0] for r in replies]
    assert codes[:5] == ["invalid_argument"] * 5 and set(codes[5:]) == {"rate_limited"}
    assert "Retry in 60 s" in text(replies[5])
    recorded = list(iter_events(path))
    # 5 failures, the first refusal, and one summary of the 194 refusals after it (written at shutdown).
    assert [e.error_code for e in recorded] == ["invalid_argument"] * 5 + ["rate_limited", "rate_limited"]
    assert recorded[-1].tool == "audit.rate_limited" and recorded[-1].args["refused_calls"] == 194
    assert recorded[-1].args["tools"] == {"agents.get_agent": 194}


async def test_upstream_failures_do_not_count_as_an_error_flood(standin: StandinServer, tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    server = server_for(standin, path, error_flood_burst=2, error_flood_per_minute=1)
    async with Client(server) as client:
        await client.call_tool("cluster_status", {})
        standin.faults.set(fail_next=6, fail_status=503)
        try:
            failed = [await client.call_tool("get_agent", {"agent_id": "001"}) for _ in range(3)]
        finally:
            standin.faults.reset()
        after = await client.call_tool("get_agent", {"agent_id": "001"})
    assert {text(r).split(":", 1)[0] for r in failed} == {"upstream_unavailable"}
    assert not after.is_error


async def test_a_call_whose_record_cannot_be_written_is_refused_before_wazuh(
    standin: StandinServer, tmp_path: Path
) -> None:
    state = tmp_path / "state"
    state.mkdir()
    server = server_for(standin, state / "audit.jsonl")
    async with Client(server) as client:
        assert not (await client.call_tool("cluster_status", {})).is_error
        before = standin.state.requests
        os.rename(state, tmp_path / "moved")
        state.write_text("a file where the audit directory was")  # the audit log cannot be opened now
        refused = await client.call_tool("get_agent", {"agent_id": "001"})
        assert standin.state.requests == before  # it never reached the Server API
        state.unlink()
        os.rename(tmp_path / "moved", state)
        # The sink stays closed until a record lands: this call's refusal is that record, then calls resume.
        still_refused = await client.call_tool("get_agent", {"agent_id": "001"})
        again = await client.call_tool("get_agent", {"agent_id": "001"})
    assert text(refused).startswith("configuration_error: Refused before reaching Wazuh: the audit record")
    assert "audit.jsonl" in text(refused) and "Not a directory" in text(refused)
    assert text(still_refused).startswith("configuration_error: Refused before reaching Wazuh")
    assert not again.is_error
    recorded = list(iter_events(state / "audit.jsonl"))
    assert [e.error_code for e in recorded] == [None, "configuration_error", None]  # the lost one is in server.log
    assert verify(state / "audit.jsonl").ok


async def test_a_result_whose_record_was_lost_is_withheld_and_later_calls_refused(
    standin: StandinServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills during a call: its answer is not sent unaudited, and until a record can be
    written again nothing reaches Wazuh."""
    path = tmp_path / "audit.jsonl"
    server = server_for(standin, path)
    real_write = os.write
    full = {"on": False}

    def write(fd: int, data: bytes) -> int:  # ENOSPC for audit lines only: a real full disk cannot be made here
        if full["on"] and data.startswith(b'{"ts"'):
            raise OSError(28, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr("wazuh_mcp.runtime.audit.os.write", write)
    async with Client(server) as client:
        await client.call_tool("cluster_status", {})
        full["on"] = True
        withheld = await client.call_tool("get_agent", {"agent_id": "001"})
        before = standin.state.requests
        refused = await client.call_tool("get_agent", {"agent_id": "001"})
        assert standin.state.requests == before
        full["on"] = False
        await client.call_tool("get_agent", {"agent_id": "001"})  # its refusal record is written: healthy again
        healthy = await client.call_tool("get_agent", {"agent_id": "001"})
    assert text(withheld).startswith("configuration_error: The result of get_agent is withheld")
    assert "001" not in text(withheld)
    assert text(refused).startswith("configuration_error: Refused before reaching Wazuh")
    assert "No space left on device" in text(refused)
    assert not healthy.is_error


async def test_m6_unknown_tool_name_is_bounded_and_escaped(standin: StandinServer, tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    forged = "approval.approve\x1b[2J\u202e\n2026-11-30T00:00:00Z write.create_rule ok" + "z" * 5000
    async with Client(server_for(standin, path)) as client:
        spoof = await client.call_tool("approval.approve", {})
        junk = await client.call_tool(forged, {})
    [first, second] = list(iter_events(path))
    assert (first.tool, first.toolset, first.requested_tool) == ("unknown", "unknown", "approval.approve")
    assert first.shown_tool() == "unknown tool 'approval.approve'"
    assert second.tool == "unknown" and second.requested_tool is not None
    assert len(second.requested_tool) <= 64
    assert "\n" not in second.requested_tool and "\x1b" not in second.requested_tool
    assert "\u202e" not in second.requested_tool and "\\x1b" in second.requested_tool
    assert [e.tool for e in iter_events(changes_path(path))] == []  # not an approval, not a change
    for reply in (spoof, junk):
        assert "\x1b" not in text(reply) and "\n" not in text(reply).split(". Tools on")[0]
    assert len(text(junk)) < 1500
