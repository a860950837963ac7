"""v24's "not done": a change record whose MAC does not verify was audited under the decision tried
(``approval.approve`` / ``conflict``), and ``pending`` skipped it with a log line and no audit record, although
the CHANGELOG says forged records are audited as ``approval.tamper``.

Now every way a person meets such a record — approve, reject, undo, the pending list — writes an
``approval.tamper`` record naming the step tried; the listing writes one per record per process, at most
``TAMPER_NOTES`` per store (then one that says the rest are only logged), so a store filled with forged records
cannot flood the audit trail.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

from standin.server import StandinServer
from tests.write.forge import edit_record, seal_as_key_holder
from tests.write.test_approvals import approve_now, requested
from wazuh_mcp import untrusted
from wazuh_mcp.errors import Tampered
from wazuh_mcp.runtime.audit import AuditEvent, iter_events
from wazuh_mcp.writes import approvals
from wazuh_mcp.writes.approvals import default_store, pending_dir, propose_undo
from wazuh_mcp.writes.change_records import FileRecords


def tamper_records(audit: Path) -> list[AuditEvent]:
    return [e for e in iter_events(audit) if e.tool == "approval.tamper"]


def decisions_after_request(audit: Path, change_id: str) -> list[str]:
    return [
        e.tool
        for e in iter_events(audit)
        if e.change_id == change_id and e.toolset == "approval" and e.tool != "approval.request"
    ]


async def forged() -> str:
    change_id = await requested()
    edit_record(change_id, lambda change: change.update(summary="harmless"))  # the seal no longer verifies
    return change_id


def approve(standin: StandinServer) -> Callable[[str], Coroutine[Any, Any, Any]]:
    return lambda change_id: approve_now(default_store(), change_id, standin)


async def reject(change_id: str) -> Any:
    return default_store().reject(change_id)


async def undo(change_id: str) -> Any:
    return await propose_undo(change_id)


async def approve_as_the_cli_does(change_id: str) -> Any:
    return await approvals.approve(change_id)


@pytest.mark.parametrize(
    "step, decide",
    [
        ("approval.approve", None),
        ("approval.approve", approve_as_the_cli_does),
        ("approval.reject", reject),
        ("approval.undo", undo),
    ],
    ids=["approve", "approve-cli-path", "reject", "undo"],
)
async def test_a_forged_record_is_audited_as_tampering_whatever_is_tried(
    standin: StandinServer,
    audit_path: Path,
    step: str,
    decide: Callable[[str], Coroutine[Any, Any, Any]] | None,
) -> None:
    change_id = await forged()
    with pytest.raises(Tampered, match="not what wazuh-mcp wrote"):
        await (decide or approve(standin))(change_id)
    assert decisions_after_request(audit_path, change_id) == ["approval.tamper"]
    [record] = tamper_records(audit_path)
    assert record.change_id == change_id and record.error_code == "conflict"
    assert record.args.get("step") == step and "not what wazuh-mcp wrote" in (record.error or "")
    assert standin.state.snapshot()["uploaded_files"] == []


async def test_pending_audits_a_forged_record_once(standin: StandinServer, audit_path: Path) -> None:
    change_id = await forged()
    assert default_store().list_pending() == []
    [record] = tamper_records(audit_path)
    assert record.change_id == change_id and record.args.get("step") == "approval.list"
    assert "not what wazuh-mcp wrote" in (record.error or "")
    default_store().list_pending()  # the same process lists again: no second record for the same record
    assert len(tamper_records(audit_path)) == 1


async def test_a_flood_of_forged_records_is_audited_within_a_bound(
    standin: StandinServer, audit_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(approvals, "TAMPER_NOTES", 5)
    change_id = await requested()
    envelope = json.loads((pending_dir() / f"{change_id}.json").read_text())
    for n in range(40):
        copy = f"ch-{n:08x}"
        body = envelope | {"id": copy, "change": envelope["change"] | {"id": copy}}
        (pending_dir() / f"{copy}.json").write_text(json.dumps(body))
    for _ in range(3):
        assert [c.id for c in default_store().list_pending()] == [change_id]
    records = tamper_records(audit_path)
    assert len(records) == 6  # five, then one that says the rest are only logged
    assert "only logged" not in (records[0].error or "") and "logged, not audited" in (records[-1].error or "")


HOSTILE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]")
"""Characters that act on a terminal (C0, C1, bidi, zero-width) and must not reach the audit's ``error`` raw."""


@pytest.mark.parametrize("forgery", ["unknown key id", "edited"])
async def test_a_tamper_record_shows_the_records_name_and_key_id_visibly_and_bounded(
    standin: StandinServer, audit_path: Path, forgery: str
) -> None:
    """adv6, "found, not fixed": the tamper refusal quoted the record's file name (whoever wrote the pending
    directory chose it) and ``kid[:16]`` raw into the audit's ``error``. Now both are shown as a person sees
    them (``\\x1b``, ``<U+202E>``) and bounded."""
    change_id = await requested()
    envelope = json.loads((pending_dir() / f"{change_id}.json").read_text())
    name = "ch-\x1b]0;owned\x07\u202egpj.exe\u200b" + "\x9b" * 40
    body = envelope | {"id": name, "change": envelope["change"] | {"id": name}}
    if forgery == "unknown key id":
        body["kid"] = "\x1b[2J\x1b[H\u202e" + "k" * 5000
    (pending_dir() / f"{name}.json").write_text(json.dumps(body))
    assert [c.id for c in default_store().list_pending()] == [change_id]
    [record] = tamper_records(audit_path)
    said = record.error or ""
    assert said and not HOSTILE.search(said), said
    assert "\\x1b]0;owned\\x07<U+202E>gpj.exe<U+200B>" in said  # the name as it is, every character visible
    if forgery == "unknown key id":
        assert "key id \\x1b[2J\\x1b[H<U+202E>" in said and "k" * 30 not in said  # bounded
    assert len(said) < 1200


TERMINAL = "\x9b2J \u202egpj.exe \u200b \u2066x\u2069 \ufeff \x7f \U000e0041"


async def test_a_change_file_holds_no_character_that_acts_on_a_terminal_and_old_files_still_verify(
    standin: StandinServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """advtext, "found, not fixed": change files were written with ensure_ascii=False (C1, bidi and zero-width
    characters of a summary or a rule raw in the file). They are now \\uXXXX escapes; the seal is over the
    parsed values (``change_records.canonical``), so files written the old way still verify."""
    change_id = await requested()
    change = default_store().get(change_id)
    seal_as_key_holder(change.model_copy(update={"summary": TERMINAL}))
    path = pending_dir() / f"{change_id}.json"
    text = path.read_text(encoding="utf-8")
    assert not HOSTILE.search(text) and "\u202e" not in text and "\\u202e" in text and "\\udb40\\udc41" in text
    assert FileRecords(pending_dir()).read(change_id).summary == TERMINAL  # its MAC verifies: the same values
    with monkeypatch.context() as old_writer:  # a version before the escaping
        old_writer.setattr(untrusted, "json_text_escaped", lambda text: text)
        seal_as_key_holder(change.model_copy(update={"summary": TERMINAL + " again"}))
    assert "\u202e" in path.read_text(encoding="utf-8")  # written the old way: raw
    assert FileRecords(pending_dir()).read(change_id).summary == TERMINAL + " again"
    assert default_store().get(change_id).summary == TERMINAL + " again"
