"""The pending-change store's state machine, against the Server API stand-in over HTTPS."""

from __future__ import annotations

import asyncio
import json
import os
from datetime import timedelta
from pathlib import Path

import pytest

from standin.rules import RuleFile
from standin.server import DEMO_USERS, StandinServer
from tests.write.conftest import NEW_RULE, connect, ok, uploads
from tests.write.forge import edit_record
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.errors import Conflict, NotFound, Tampered, UpstreamUnavailable
from wazuh_mcp.models.write import PendingChange, Requester
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes.approvals import ChangeStore, default_store, pending_dir


def api_for(standin: StandinServer, url: str | None = None) -> ServerApi:
    return ServerApi(
        ServerApiConfig(
            url=url or standin.url,
            user="wazuh",
            password=DEMO_USERS["wazuh"].password,
            verify=str(standin.ca_path),
            timeout_s=5,
        )
    )


async def approve_now(store: ChangeStore, change_id: str, standin: StandinServer) -> PendingChange:
    api = api_for(standin)
    try:
        return await store.approve(change_id, api, api_url=standin.url)
    finally:
        await api.aclose()


async def requested(tool: str = "create_rule", arguments: dict[str, object] | None = None) -> str:
    async with connect() as client:
        result = ok(await client.call_tool(tool, arguments if arguments is not None else {"rule_xml": NEW_RULE}))
    assert result["status"] == "pending_approval"
    return str(result["change_id"])


def steps(audit: Path, change_id: str) -> list[tuple[str, str]]:
    return [
        (e.tool, e.error_code or "ok")
        for e in iter_events(audit)
        if e.change_id == change_id and e.toolset == "approval"
    ]


async def test_approve_applies_exactly_the_recorded_change_once(standin: StandinServer, audit_path: Path) -> None:
    change_id = await requested()
    store = default_store()
    assert [c.id for c in store.list_pending()] == [change_id]
    applied = await approve_now(store, change_id, standin)
    assert applied.state == "applied" and applied.result == "wrote etc/rules/wazuh-mcp-100100.xml"
    written = standin.state.ruleset.find("wazuh-mcp-100100.xml", "etc/rules")
    assert written is not None and written.content == NEW_RULE
    assert store.list_pending() == []
    with pytest.raises(Conflict, match="already applied"):
        await approve_now(store, change_id, standin)
    with pytest.raises(Conflict, match="already applied"):
        store.reject(change_id)
    assert uploads(standin) == ["etc/rules/wazuh-mcp-100100.xml"]
    assert steps(audit_path, change_id) == [
        ("approval.request", "ok"),
        ("approval.approve", "ok"),
        ("approval.apply", "ok"),
        ("approval.approve", "conflict"),
        ("approval.reject", "conflict"),
    ]
    approve_event = next(e for e in iter_events(audit_path) if e.tool == "approval.approve")
    assert approve_event.decided_by and approve_event.session and approve_event.session.startswith("cli-")


async def test_a_rejected_change_can_never_be_applied(standin: StandinServer, audit_path: Path) -> None:
    change_id = await requested()
    store = default_store()
    rejected = store.reject(change_id, reason="too broad")
    assert rejected.state == "rejected" and rejected.reason == "too broad"
    with pytest.raises(Conflict, match=r"rejected .*too broad"):
        await approve_now(store, change_id, standin)
    assert uploads(standin) == []
    assert steps(audit_path, change_id)[1:] == [("approval.reject", "ok"), ("approval.approve", "conflict")]


async def test_an_unknown_or_malformed_id_is_not_found_and_audited(standin: StandinServer, audit_path: Path) -> None:
    store = default_store()
    for change_id in ("ch-00000000", "../../etc/passwd", "ch-0000000a\n"):
        with pytest.raises(NotFound):
            await approve_now(store, change_id, standin)
    assert [(e.tool, e.error_code) for e in iter_events(audit_path)] == [("approval.approve", "not_found")] * 3


async def test_an_expired_change_is_refused_and_marked_expired(standin: StandinServer, audit_path: Path) -> None:
    store = default_store()
    past_due = ChangeStore(auditor=store.auditor, approver=store.approver, ttl=timedelta(seconds=-1))
    change = past_due.prepare(
        tool="write.restart_manager",
        kind="restart_manager",
        tier="confirmation_required",
        requester=Requester(session="s1", role="admin", api_url=standin.url),
        target="manager",
        payload="manager",
        summary="Restart the Wazuh manager",
        scope="manager",
    )
    store = default_store()
    assert store.get(change.id).state == "expired" and store.list_pending() == []
    with pytest.raises(Conflict, match="expired"):
        await approve_now(store, change.id, standin)
    record = json.loads((pending_dir() / f"{change.id}.json").read_text())
    assert record["change"]["state"] == "expired"
    assert not any(standin.state.snapshot()["restarts"].values())
    assert steps(audit_path, change.id) == [("approval.request", "ok"), ("approval.approve", "conflict")]


async def test_a_change_whose_target_file_changed_is_stale_and_fails(standin: StandinServer, audit_path: Path) -> None:
    new = NEW_RULE.replace("100100", "100001").replace("local,sshd,wazuh-mcp,", "local,syslog,sshd,")
    change_id = await requested("update_rule", {"rule_id": 100001, "rule_xml": new})
    current = standin.state.ruleset.find("local_rules.xml", "etc/rules")
    assert current is not None
    edited = current.content.replace('level="5"', 'level="6"')
    standin.state.ruleset.add(RuleFile("local_rules.xml", "etc/rules", edited))  # someone edited it meanwhile
    store = default_store()
    with pytest.raises(Conflict, match="changed after this change was requested"):
        await approve_now(store, change_id, standin)
    after = standin.state.ruleset.find("local_rules.xml", "etc/rules")
    assert after is not None and after.content == edited  # nothing applied
    assert store.get(change_id).state == "failed" and "stale" in (store.get(change_id).reason or "")
    with pytest.raises(Conflict, match="already failed"):
        await approve_now(store, change_id, standin)
    assert steps(audit_path, change_id)[1:] == [
        ("approval.approve", "ok"),
        ("approval.apply", "conflict"),
        ("approval.approve", "conflict"),
    ]


async def test_a_rule_id_taken_meanwhile_makes_a_create_stale(standin: StandinServer) -> None:
    change_id = await requested()
    taken = NEW_RULE.replace("wazuh-mcp,", "other,")
    standin.state.ruleset.add(RuleFile("team_rules.xml", "etc/rules", taken, uploaded=True))
    with pytest.raises(Conflict, match=r"100100 \(etc/rules/team_rules.xml\)"):
        await approve_now(default_store(), change_id, standin)
    assert standin.state.ruleset.find("wazuh-mcp-100100.xml", "etc/rules") is None


async def test_an_altered_record_is_never_applied(standin: StandinServer) -> None:
    change_id = await requested()
    edit_record(change_id, lambda data: data.update(payload=data["payload"].replace('level="10"', 'level="0"')))
    with pytest.raises(Tampered, match="not what wazuh-mcp wrote"):
        await approve_now(default_store(), change_id, standin)
    assert uploads(standin) == []
    with pytest.raises(Tampered):  # never read as a change to decide
        default_store().get(change_id)


async def test_a_change_is_applied_only_to_the_wazuh_it_was_prepared_for(standin: StandinServer) -> None:
    change_id = await requested()
    store = default_store()
    with StandinServer(tls=True) as other:
        with pytest.raises(Conflict, match="prepared against"):
            await approve_now(store, change_id, other)
        assert uploads(other) == []
    assert store.get(change_id).state == "pending"


async def test_an_unreachable_wazuh_leaves_the_change_pending(standin: StandinServer, audit_path: Path) -> None:
    change_id = await requested()
    store = default_store()
    unreachable = api_for(standin, url="https://127.0.0.1:9")
    try:
        with pytest.raises(UpstreamUnavailable):
            await store.approve(change_id, unreachable, api_url=standin.url)
    finally:
        await unreachable.aclose()
    change = store.get(change_id)
    assert change.state == "pending" and (change.reason or "").startswith("last attempt:")
    assert (await approve_now(store, change_id, standin)).state == "applied"
    assert [s for s, _ in steps(audit_path, change_id)] == [
        "approval.request",
        "approval.approve",
        "approval.apply",
        "approval.approve",
        "approval.apply",
    ]


async def test_concurrent_approvals_apply_once(standin: StandinServer) -> None:
    change_id = await requested()
    standin.faults.latency_s = 0.3  # widen the window in which both try
    store_a, store_b = default_store(), default_store()
    outcomes = await asyncio.gather(
        approve_now(store_a, change_id, standin), approve_now(store_b, change_id, standin), return_exceptions=True
    )
    standin.faults.latency_s = 0
    assert sorted(type(o).__name__ for o in outcomes) == ["Conflict", "PendingChange"]
    assert uploads(standin) == ["etc/rules/wazuh-mcp-100100.xml"]
    assert not (pending_dir() / f"{change_id}.lock").exists()


async def test_a_held_lock_refuses_a_second_decision(standin: StandinServer) -> None:
    change_id = await requested()
    (pending_dir() / f"{change_id}.lock").write_text(f"{os.getppid()}\n")  # a process that runs
    with pytest.raises(Conflict, match="being decided by another process"):
        default_store().reject(change_id)
    assert default_store().get(change_id).state == "pending"


async def test_restart_is_applied_on_approval(standin: StandinServer) -> None:
    change_id = await requested("restart_manager", {})
    applied = await approve_now(default_store(), change_id, standin)
    assert applied.state == "applied" and "restart requested on manager" in (applied.result or "")
    assert standin.state.snapshot()["restarts"]["manager"] == 1


def test_list_skips_unreadable_records(isolated_env: Path) -> None:
    store = default_store(Settings.load())
    store.dir.mkdir(parents=True)
    (store.dir / "ch-deadbeef.json").write_text("{not json")
    assert store.list_changes() == []
