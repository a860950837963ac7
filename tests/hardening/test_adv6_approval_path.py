"""Adversary round 6 on the approval-path fixes (branch "fixes"): the variants that still got through.

- A restart or a response action whose answer was lost or unreadable AFTER the request went out (a malformed
  envelope, a timeout, a 5xx) ended ``failed`` with only the transport's words ("… is not a Wazuh envelope"),
  which read as "nothing happened": the person re-asks and the action runs twice. The words now say the request
  was sent and that whether Wazuh carried it out cannot be read back.
- ``wazuh-mcp show`` (``get_change``) of a forged record refused it and wrote no audit record.
- A forged record found while resolving a change left ``applying`` (``ChangeStore._resolve``) was refused
  without an ``approval.tamper`` record.
- ``local_node`` fell back to the RAW node name when the cleaned one was empty (a name made only of bidi,
  zero-width or control characters): the raw text reached the summary the model and the approver read.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from standin.server import StandinServer
from tests.write.conftest import RESPONSES, ask, point_at
from tests.write.forge import edit_record
from tests.write.test_approvals import approve_now, steps
from tests.write.test_interrupted import left_applying_by_a_dead_applier
from wazuh_mcp.backends import server_api, server_api_shapes
from wazuh_mcp.backends.api_generation import local_node
from wazuh_mcp.errors import ConfigurationError, Conflict, Tampered, UpstreamTimeout, UpstreamUnavailable, WazuhMCPError
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes import approvals
from wazuh_mcp.writes.approvals import default_store


@pytest.fixture
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:  # one per test: its counts are this test's
        yield server


@pytest.fixture(autouse=True)
def audit_path(standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """WAZUH_MCP_* at the stand-in, with the response commands configured; the audit log's path."""
    (isolated_env / "config.toml").write_text(RESPONSES, encoding="utf-8")
    return Path(point_at(standin, isolated_env, monkeypatch)["WAZUH_MCP_AUDIT_LOG"])


def lost_after_a_put(error: WazuhMCPError, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The Server API client as it meets an answer lost after Wazuh got the request: every PUT reaches the
    stand-in (which carries it out), then reading its answer fails with ``error``. Returns the PUTs sent."""
    sent: list[str] = []
    real = server_api_shapes.check_envelope

    def check(body: Any, where: str) -> None:
        real(body, where)
        if where.startswith("PUT "):
            sent.append(where)
            raise error

    monkeypatch.setattr(server_api, "check_envelope", check)
    return sent


LOST = [
    ("isolate", UpstreamUnavailable("The Server API answer for PUT /active-response is not a Wazuh envelope.")),
    ("isolate", UpstreamTimeout("The Server API did not answer within 30 s.")),
    ("restart", UpstreamUnavailable("The Server API answer for PUT /manager/restart is not a Wazuh envelope.")),
]


@pytest.mark.parametrize("what, error", LOST, ids=["isolate-malformed", "isolate-timeout", "restart-malformed"])
async def test_an_answer_lost_after_the_send_is_not_reported_as_if_nothing_was_sent(
    standin: StandinServer,
    audit_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    what: str,
    error: WazuhMCPError,
) -> None:
    tool, arguments = ("isolate_agent", {"agent_id": "001"}) if what == "isolate" else ("restart_manager", {})
    change_id = await ask(tool, arguments)
    sent = lost_after_a_put(error, monkeypatch)
    with pytest.raises(type(error)) as refused:
        await approve_now(default_store(), change_id, standin)
    assert len(sent) == 1  # the request went out, and the stand-in carried it out
    snapshot = standin.state.snapshot()
    assert len(snapshot["responses"]) == 1 if what == "isolate" else snapshot["restarts"]["manager"] == 1
    change = default_store().get(change_id)
    assert change.state == "failed"  # never sent again by a later approval
    for words in (change.reason or "", str(refused.value)):
        assert "was sent to Wazuh" in words and "cannot be read back" in words, words
    assert steps(audit_path, change_id)[-1] == ("approval.apply", error.code)


async def test_showing_a_forged_record_is_audited_as_tampering(audit_path: Path) -> None:
    change_id = await ask("isolate_agent", {"agent_id": "001"})
    edit_record(change_id, lambda change: change.update(summary="harmless"))
    for _ in range(3):  # what `wazuh-mcp show` calls; the launcher's playground polls it
        with pytest.raises(Tampered):
            approvals.get_change(change_id)
    [record] = [e for e in iter_events(audit_path) if e.tool == "approval.tamper"]
    assert record.change_id == change_id and record.args.get("step") == "approval.show"


async def test_a_forged_record_met_while_resolving_an_interrupted_change_is_audited_as_tampering(
    standin: StandinServer, audit_path: Path
) -> None:
    change_id = await ask("isolate_agent", {"agent_id": "001"})
    left_applying_by_a_dead_applier(change_id)  # a stale lock: the next approval resolves it first
    edit_record(change_id, lambda change: change.update(summary="harmless"))
    with pytest.raises(Tampered):
        await approve_now(default_store(), change_id, standin)  # as the attested tier calls it
    [record] = [e for e in iter_events(audit_path) if e.tool == "approval.tamper"]
    assert record.change_id == change_id and record.args.get("step") == "approval.approve"
    assert standin.state.snapshot()["responses"] == []


class OneNode:
    """A Server API whose ``GET /cluster/local/info`` names the node ``name`` (what a 5.x manager, or whoever
    answers for it, may say)."""

    identity = "wazuh"

    def __init__(self, name: str) -> None:
        self.name = name

    async def request(self, method: str, path: str, **_: Any) -> Any:
        assert (method, path) == ("GET", "/cluster/local/info")
        items = [{"node": self.name, "type": "master", "name": "wazuh"}]
        return {"data": {"affected_items": items, "total_affected_items": 1, "failed_items": []}, "error": 0}


@pytest.mark.parametrize("name", ["\u202e\u200b", "\x1b\x07", "\U000e0041\U000e0042", "  "])
async def test_a_node_name_with_nothing_printable_is_refused_never_used_raw(name: str) -> None:
    with pytest.raises(ConfigurationError) as refused:
        await local_node(OneNode(name))  # type: ignore[arg-type]
    assert name not in str(refused.value)


async def test_a_record_nested_too_deep_for_python_neither_crashes_listing_nor_show(standin: StandinServer) -> None:
    """A file in the pending directory holding JSON nested deeper than Python recurses raised RecursionError
    (not a ValueError) out of the store: ``wazuh-mcp pending`` and ``show`` crashed with a traceback, and every
    restart approval (which lists the applied rule changes) ended failed on it."""
    change_id = await ask("isolate_agent", {"agent_id": "001"})
    (approvals.pending_dir() / "ch-deadbeef.json").write_text("[" * 100_000 + "]" * 100_000)
    assert [c.id for c in approvals.list_pending()] == [change_id]
    with pytest.raises(Conflict, match="unreadable"):
        approvals.get_change("ch-deadbeef")
    restart = await ask("restart_manager", {})
    assert (await approve_now(default_store(), restart, standin)).state == "applied"


HOSTILE_ID = "ch-" + "\x1b[2J\u202e\u200b" * 5000


@pytest.mark.parametrize("step", ["approve", "reject", "undo", "show"])
async def test_a_hostile_change_id_reaches_neither_the_audit_nor_the_refusal_raw(audit_path: Path, step: str) -> None:
    """The id a person types (or a team analyst posts) is refused as "not a change id"; the refusal and its audit
    record named it raw: ESC, bidi and zero-width characters, hundreds of characters long."""
    decide = {
        "approve": lambda: approvals.approve(HOSTILE_ID),
        "reject": lambda: _async(approvals.reject, HOSTILE_ID),
        "undo": lambda: approvals.propose_undo(HOSTILE_ID),
        "show": lambda: _async(approvals.get_change, HOSTILE_ID),
    }[step]
    with pytest.raises(WazuhMCPError) as refused:
        await decide()
    assert refused.value.message.isprintable() and len(refused.value.message) < 500
    events = list(iter_events(audit_path))
    assert events or step == "show"  # a decision's refusal is audited
    for event in events:
        for named in (event.change_id, event.args.get("change_id"), event.error):
            assert named is None or (str(named).isprintable() and len(str(named)) < 500), repr(named)[:80]


async def _async(call: Any, *args: Any) -> Any:
    return call(*args)
