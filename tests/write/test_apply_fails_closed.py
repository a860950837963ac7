"""Adversary round 5, "found, not fixed": the applier caught only ``WazuhMCPError`` before the send.

Any other exception while reading an oddly shaped manager answer (a ``KeyError`` in ``responses._target``, an
``AttributeError`` on a failed item in ``validate_configuration``, ``local_node`` reading a ``data`` that is not
an object) left the change ``applying`` with no ``approval.apply`` record until the lock's lease ran out, and it
then ended ``failed: … cannot be read back`` although nothing was sent.

Now the Server API client (and the shape helpers) refuse an answer that is not a Wazuh envelope as
``upstream_unavailable``: nothing was sent, so the change is pending again, audited, and a later approval
applies it. An exception nothing expected ends the change ``failed``, audited, saying whether anything had been
sent. The stand-in answers a malformed envelope for one path (``Faults.malformed_*``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from standin.faults import MALFORMED
from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, ask, uploads
from tests.write.test_approvals import approve_now, steps
from wazuh_mcp.errors import Conflict, UpstreamError, UpstreamUnavailable
from wazuh_mcp.writes import approvals, responses
from wazuh_mcp.writes.approvals import default_store, pending_dir

pytestmark = pytest.mark.usefixtures("responses_configured")


def nothing_sent(standin: StandinServer) -> bool:
    snapshot = standin.state.snapshot()
    return snapshot["responses"] == [] and snapshot["restarts"] == {"manager": 0, "cluster": 0} and not uploads(standin)


ISOLATE: tuple[str, dict[str, Any]] = ("isolate_agent", {"agent_id": "001"})
RESTART: tuple[str, dict[str, Any]] = ("restart_manager", {})
CREATE: tuple[str, dict[str, Any]] = ("create_rule", {"rule_xml": NEW_RULE})


def case_ids(cases: list[tuple[str, dict[str, Any], str, str]]) -> list[str]:
    """``<tool>-<shape>`` for each (tool, arguments, path, shape) case."""
    return [f"{tool}-{shape}" for tool, _, _, shape in cases]


MALFORMED_AT_APPLY = [
    # the reported forms: responses._target, validate_configuration's entry.get (local_node's data on 5.x:
    # tests/write/test_v5_restart_node.py)
    (*ISOLATE, "/agents", "item_without_id"),
    (*RESTART, "/manager/configuration/validation", "failed_not_object"),
    # their obvious variants
    (*ISOLATE, "/agents", "item_not_object"),
    (*ISOLATE, "/agents", "items_not_list"),
    (*ISOLATE, "/agents", "data_list"),
    (*ISOLATE, "/agents", "failed_not_object"),
    (*RESTART, "/manager/configuration/validation", "item_not_object"),
    (*RESTART, "/manager/configuration/validation", "total_not_count"),
    (*CREATE, "/rules/files/wazuh-mcp-100100.xml", "failed_not_object"),
    (*CREATE, "/rules/files/wazuh-mcp-100100.xml", "items_not_list"),
]


@pytest.mark.parametrize("tool, arguments, path, shape", MALFORMED_AT_APPLY, ids=case_ids(MALFORMED_AT_APPLY))
async def test_a_malformed_answer_before_the_send_leaves_the_change_pending_and_audited(
    standin: StandinServer, audit_path: Path, tool: str, arguments: dict[str, Any], path: str, shape: str
) -> None:
    change_id = await ask(tool, arguments)
    await malformed_then_applied(standin, audit_path, change_id, path, shape)


async def malformed_then_applied(
    standin: StandinServer, audit_path: Path, change_id: str, path: str, shape: str
) -> None:
    """The stand-in answers ``shape`` once for ``path`` while ``change_id`` is approved: refused in words, the
    change pending again and audited, nothing sent, no lock left; then approved and applied."""
    assert shape in MALFORMED
    standin.faults.set(malformed_next=1, malformed_path=path, malformed_shape=shape)
    with pytest.raises(UpstreamUnavailable, match="is not a Wazuh envelope") as refused:
        await approve_now(default_store(), change_id, standin)
    assert path in refused.value.message
    assert standin.faults.malformed_next == 0  # the fault was what the applier read
    change = default_store().get(change_id)
    assert change.state == "pending" and (change.reason or "").startswith("last attempt: ")
    assert steps(audit_path, change_id)[-2:] == [("approval.approve", "ok"), ("approval.apply", "upstream_unavailable")]
    assert nothing_sent(standin)
    assert not (pending_dir() / f"{change_id}.lock").exists()
    # Nothing is stuck: the next approval, with the manager answering as Wazuh does, applies it.
    assert (await approve_now(default_store(), change_id, standin)).state == "applied"


@pytest.mark.parametrize("error", [KeyError("id"), AttributeError("'str' object has no attribute 'get'"), TypeError()])
async def test_an_unexpected_error_before_the_send_fails_the_change_saying_nothing_was_sent(
    standin: StandinServer, audit_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    """Whatever raises before anything is sent (an answer of a shape no check knows, a bug): the change ends
    ``failed`` — not pending, so a person looks before it is asked again — audited, never left applying."""
    change_id = await ask(*ISOLATE)

    async def unexpected(*_: Any, **__: Any) -> None:
        raise error

    monkeypatch.setattr(responses, "check_targets", unexpected)
    with pytest.raises(UpstreamError, match="before anything was sent to Wazuh") as refused:
        await approve_now(default_store(), change_id, standin)
    assert type(error).__name__ in refused.value.message
    change = default_store().get(change_id)
    assert change.state == "failed" and "not applied" in (change.reason or "")
    assert steps(audit_path, change_id)[-2:] == [("approval.approve", "ok"), ("approval.apply", "upstream_error")]
    assert nothing_sent(standin) and not (pending_dir() / f"{change_id}.lock").exists()
    with pytest.raises(Conflict, match="already failed"):
        await approve_now(default_store(), change_id, standin)


async def test_an_unexpected_error_before_a_rule_upload_fails_the_change_saying_nothing_was_sent(
    standin: StandinServer, audit_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    change_id = await ask(*CREATE)

    async def unexpected(*_: Any, **__: Any) -> None:
        raise KeyError("sha")

    monkeypatch.setattr(approvals, "check_fresh", unexpected)
    with pytest.raises(UpstreamError, match="before anything was sent"):
        await approve_now(default_store(), change_id, standin)
    assert default_store().get(change_id).state == "failed"
    assert steps(audit_path, change_id)[-1] == ("approval.apply", "upstream_error")
    assert nothing_sent(standin)


async def test_an_unexpected_error_after_the_send_fails_the_change_saying_it_may_have_reached_wazuh(
    standin: StandinServer, audit_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The isolation was sent; reading Wazuh's answer then failed: it may have happened, so it is not sent
    again, and the words say so (not "nothing was sent")."""
    change_id = await ask(*ISOLATE)

    def unreadable(*_: Any) -> None:
        raise TypeError("list indices must be integers or slices, not str")

    monkeypatch.setattr(responses, "_outcome", unreadable)
    with pytest.raises(UpstreamError, match="after a request that changes Wazuh was sent"):
        await approve_now(default_store(), change_id, standin)
    change = default_store().get(change_id)
    assert change.state == "failed" and "cannot be read back" in (change.reason or "")
    assert "nothing was sent" not in (change.reason or "")
    assert len(standin.state.snapshot()["responses"]) == 1  # it did reach Wazuh
    assert steps(audit_path, change_id)[-1] == ("approval.apply", "upstream_error")
    assert not (pending_dir() / f"{change_id}.lock").exists()


REMOVE: tuple[str, dict[str, Any]] = ("remove_agent_from_group", {"agent_id": "001", "group": "webservers"})
UNREADABLE_AFTER_THE_SEND = [
    # adv6, "found, not fixed": no data on PUT /active-response (an IndexError), {} on a group removal ("sent to
    # no agent", a Conflict about an answer that is not Wazuh's)
    (*ISOLATE, "/active-response", "no_data"),
    (*REMOVE, "/agents/001/group/webservers", "empty"),
    # their obvious variants
    (*ISOLATE, "/active-response", "empty"),
    (*ISOLATE, "/active-response", "data_null"),
    (*ISOLATE, "/active-response", "data_string"),
    (*ISOLATE, "/active-response", "data_list"),
    (*ISOLATE, "/active-response", "no_affected"),
    (*ISOLATE, "/active-response", "items_not_list"),
    (*ISOLATE, "/active-response", "affected_not_id"),
    (*ISOLATE, "/active-response", "failed_missing"),
    (*ISOLATE, "/active-response", "failed_not_list"),
    (*REMOVE, "/agents/001/group/webservers", "error_no_message"),
    (*REMOVE, "/agents/001/group/webservers", "data_null"),
    (*REMOVE, "/agents/001/group/webservers", "no_affected"),
]


@pytest.mark.parametrize(
    "tool, arguments, path, shape",
    UNREADABLE_AFTER_THE_SEND,
    ids=case_ids(UNREADABLE_AFTER_THE_SEND),
)
async def test_an_answer_without_the_data_a_write_needs_is_refused_as_sent_with_its_outcome_unknown(
    standin: StandinServer, audit_path: Path, tool: str, arguments: dict[str, Any], path: str, shape: str
) -> None:
    """The request that changes Wazuh went out; its answer does not say which agents it reached. That is a
    shape refusal (``upstream_unavailable``) saying the request was sent and how to check — not an unexpected
    IndexError, and not a definite "Wazuh sent it to no agent"."""
    change_id = await ask(tool, arguments)
    standin.faults.set(malformed_next=1, malformed_path=path, malformed_shape=shape)
    with pytest.raises(UpstreamUnavailable, match="is not a Wazuh envelope") as refused:
        await approve_now(default_store(), change_id, standin)
    assert standin.faults.malformed_next == 0  # the fault was the answer to the request that was sent
    said = refused.value.message
    assert path in said and "unexpected" not in said and "no agent" not in said
    assert "The request was sent to Wazuh" in said and "check the manager and the agents" in said
    change = default_store().get(change_id)
    assert change.state == "failed" and change.reason == said
    assert steps(audit_path, change_id)[-1] == ("approval.apply", "upstream_unavailable")
    assert not (pending_dir() / f"{change_id}.lock").exists()


NOT_THE_AGENTS_ASKED = [
    # adv7: an answer of the right shape naming agents the request did not name, or leaving the one it named
    # out, was read as done ("sent to 999", "sent to ") or as a definite "sent to no agent"
    (*ISOLATE, "/active-response", "affected_other"),
    (*ISOLATE, "/active-response", "affected_blank"),
    (*ISOLATE, "/active-response", "failed_other"),
    (*ISOLATE, "/active-response", "reached_and_failed"),
    (*ISOLATE, "/active-response", "accounts_for_none"),
    (*ISOLATE, "/active-response", "failed_twice"),
    (*REMOVE, "/agents/001/group/webservers", "affected_other"),
    (*REMOVE, "/agents/001/group/webservers", "accounts_for_none"),
]


@pytest.mark.parametrize("tool, arguments, path, shape", NOT_THE_AGENTS_ASKED, ids=case_ids(NOT_THE_AGENTS_ASKED))
async def test_an_answer_about_other_agents_than_the_request_named_is_refused_as_sent_with_its_outcome_unknown(
    standin: StandinServer, audit_path: Path, tool: str, arguments: dict[str, Any], path: str, shape: str
) -> None:
    """A real 4.14.7 accounts for every agent of the request, once, in ``affected_items`` or ``failed_items``
    (the oracle's api-099/101/113/114/118/119, t4-ex-035/041/043/047); it silently leaves out only agent 000
    (api-120), which no plan sends. An answer naming others, or leaving one out, says nothing true about the
    agents asked: not "applied", not "sent to no agent", but sent with its outcome unknown."""
    change_id = await ask(tool, arguments)
    standin.faults.set(malformed_next=1, malformed_path=path, malformed_shape=shape)
    with pytest.raises(UpstreamUnavailable, match="is not a Wazuh envelope") as refused:
        await approve_now(default_store(), change_id, standin)
    assert standin.faults.malformed_next == 0
    said = refused.value.message
    assert path in said and "unexpected" not in said and "no agent" not in said
    assert "The request was sent to Wazuh" in said and "check the manager and the agents" in said
    change = default_store().get(change_id)
    assert change.state == "failed" and change.reason == said and change.result is None
    assert steps(audit_path, change_id)[-1] == ("approval.apply", "upstream_unavailable")
