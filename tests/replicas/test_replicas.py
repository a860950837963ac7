"""Three ``serve --http`` replicas, nothing shared but Wazuh: pending changes and the audit in the real
OpenSearch node, approvals through any replica, exactly once, and the trail verified from the Indexer."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from typing import Any

import httpx
import pytest

from tests.replicas.conftest import LEASE_S, Bed, Replica
from tests.team.test_team_server import analyst
from tests.write.conftest import NEW_RULE

ACCEPT = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}


def rule_xml(rule_id: int) -> str:
    """Wazuh's sample rule of tests/write (the 8-failed-logins rule) under another id in the custom range."""
    return NEW_RULE.replace('id="100100"', f'id="{rule_id}"')


def call(client: httpx.Client, url: str, token: str, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """One JSON-RPC tools/call (the server is stateless: no session to open)."""
    answer = client.post(
        f"{url}/mcp",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": arguments}},
        headers={**ACCEPT, "Authorization": f"Bearer {token}"},
    )
    answer.raise_for_status()
    result: dict[str, Any] = answer.json()["result"]
    return result


def request_change(bed: Bed, via: str, rule_id: int) -> str:
    with bed.client() as client:
        result = call(client, via, bed.keycloak.token("bob"), "create_rule", {"rule_xml": rule_xml(rule_id)})
    assert not result.get("isError"), result
    change_id = result["structuredContent"]["change_id"]
    assert isinstance(change_id, str)
    return change_id


def approve(client: httpx.Client, via: str, token: str, change_id: str) -> httpx.Response:
    return client.post(f"{via}/approvals/{change_id}/approve", headers={"Authorization": f"Bearer {token}"})


def cli(replica: Replica, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", *args],
        env=replica.env,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


async def test_a_change_asked_on_one_replica_is_seen_and_applied_through_another(bed: Bed) -> None:
    r1, r2, r3 = bed.replicas.values()
    async with analyst(f"{r1.url}/mcp", bed.keycloak.token("bob")) as client:  # the official MCP client
        result = await client.call_tool("create_rule", {"rule_xml": rule_xml(100710)})
    assert not result.is_error, result.content
    change_id = (result.structured_content or {})["change_id"]
    listed = cli(r2, "pending")  # another replica's process, another state dir
    assert listed.returncode == 0 and change_id in listed.stdout, listed.stderr
    with bed.client() as client:
        own = approve(client, r3.url, bed.keycloak.token("bob"), change_id)
        assert own.status_code == 403 and "four eyes" in own.text  # the requester, on a third replica
        done = approve(client, r3.url, bed.keycloak.token("dave"), change_id)
    assert done.status_code == 200, done.text
    assert done.json()["state"] == "applied"
    assert bed.uploads.counts["etc/rules/wazuh-mcp-100710.xml"] == 1
    assert any(r.get("tool") == "approval.request" and r.get("change_id") == change_id for r in r1.audit())
    assert any(r.get("tool") == "approval.apply" and r.get("change_id") == change_id for r in r3.audit())


async def test_twenty_concurrent_approvals_over_the_replicas_apply_it_once(bed: Bed) -> None:
    change_id = request_change(bed, bed.front, 100711)
    token = bed.keycloak.token("dave")
    bed.standin.state.faults.latency_s = 0.2  # widen the window in which they all try

    async def one(client: httpx.AsyncClient) -> httpx.Response:
        return await client.post(
            f"{bed.front}/approvals/{change_id}/approve", headers={"Authorization": f"Bearer {token}"}
        )

    try:
        async with httpx.AsyncClient(verify=bed.tls, timeout=60) as client:
            answers = await asyncio.gather(*(one(client) for _ in range(20)))
    finally:
        bed.standin.state.faults.latency_s = 0
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [409] * 19, [(a.status_code, a.text[:120]) for a in answers]
    assert bed.uploads.counts["etc/rules/wazuh-mcp-100711.xml"] == 1
    # nginx spread them: every replica refused or applied some of them (its audit says so)
    deciders = {
        name
        for name, replica in bed.replicas.items()
        if any(r.get("tool") == "approval.approve" and r.get("change_id") == change_id for r in replica.audit())
    }
    assert deciders == set(bed.replicas), deciders


async def killed_mid_approval(bed: Bed, rule_id: int, *, kill_when: str) -> None:
    """dave approves through r1; r1 is SIGKILLed (while talking to Wazuh, or the moment its upload reached
    it); r2 must refuse while r1's lease runs, and r3, after it, resolves the change from Wazuh's state."""
    r1, r2, r3 = bed.replicas.values()
    change_id = request_change(bed, r2.url, rule_id)
    token = bed.keycloak.token("dave")
    path = f"etc/rules/wazuh-mcp-{rule_id}.xml"
    if kill_when == "uploaded":
        bed.uploads.hooks[path] = r1.kill
    bed.standin.state.faults.latency_s = 0.8  # every Server API answer: the approval takes seconds
    try:
        async with httpx.AsyncClient(timeout=30) as client:
            pending = asyncio.ensure_future(
                client.post(f"{r1.url}/approvals/{change_id}/approve", headers={"Authorization": f"Bearer {token}"})
            )
            if kill_when == "talking":
                await asyncio.sleep(1.2)  # r1 holds the lease and is reading from Wazuh
                r1.kill()
            with pytest.raises(httpx.HTTPError):
                await pending
    finally:
        bed.standin.state.faults.latency_s = 0
    assert r1.proc is not None
    r1.proc.wait(10)  # dead (wait, not poll: the kill hook's thread may still be reaping it)
    with bed.client() as client:
        held = approve(client, r2.url, token, change_id)
        assert held.status_code == 409 and "r1" in held.text  # the dead replica's lease still runs
        await asyncio.sleep(LEASE_S + 0.5)
        resolved = approve(client, r3.url, token, change_id)  # resolved from what Wazuh holds
        again = approve(client, r2.url, token, change_id)
    assert again.status_code == 409 and "already applied" in again.text, again.text
    assert bed.uploads.counts[path] == 1  # exactly once, whoever sent it
    resolve = [r for r in r3.audit() if r.get("tool") == "approval.resolve" and r.get("change_id") == change_id]
    assert resolve and "r1/" in str(resolve[0]["args"]), r3.audit()[-3:]  # the lease of the dead r1, resolved
    if kill_when == "uploaded":  # found applied: nothing sent again
        assert resolved.status_code == 409 and "already applied" in resolved.text, resolved.text
    else:  # nothing had reached Wazuh: back to pending, applied by this approval
        assert resolved.status_code == 200, resolved.text
    r1.start()  # the same state dir: its chain goes on
    r1.wait_ready(time.monotonic() + 60)


async def test_a_replica_killed_before_its_change_reached_wazuh_leaves_it_to_another(bed: Bed) -> None:
    await killed_mid_approval(bed, 100712, kill_when="talking")


async def test_a_replica_killed_right_after_its_upload_never_has_it_sent_twice(bed: Bed) -> None:
    await killed_mid_approval(bed, 100715, kill_when="uploaded")


def test_with_the_indexer_down_writes_are_refused_and_reads_answer(bed: Bed) -> None:
    change_id = request_change(bed, bed.front, 100713)
    token = bed.keycloak.token("dave")
    with bed.proxy.fault("reset"), bed.client() as client:
        read = call(client, bed.front, token, "list_agents", {"size": 2})
        assert not read.get("isError"), read
        write = call(client, bed.front, bed.keycloak.token("bob"), "create_rule", {"rule_xml": rule_xml(100714)})
        assert write.get("isError") and "Indexer" in write["content"][0]["text"], write
        refused = approve(client, bed.front, token, change_id)
        assert refused.status_code >= 400 and "Indexer" in refused.text, refused.text
    assert bed.uploads.counts["etc/rules/wazuh-mcp-100713.xml"] == 0
    with bed.client() as client:  # back up: the change was never lost, and applies now
        assert approve(client, bed.front, token, change_id).status_code == 200
    assert bed.uploads.counts["etc/rules/wazuh-mcp-100713.xml"] == 1


def test_every_replicas_audit_is_in_the_indexer_and_verifies(bed: Bed) -> None:
    for replica in bed.replicas.values():
        checked = cli(replica, "audit", "--verify", "--indexer")
        assert checked.returncode == 0, checked.stdout + checked.stderr
        for name in bed.replicas:
            assert f"OK Indexer copy of replica {name}:" in checked.stdout, checked.stdout


def test_deleting_a_replicas_local_files_shows_in_verify_from_the_indexer(bed: Bed) -> None:
    r3 = bed.replicas["r3"]
    r3.stop()
    for file in r3.state.glob("audit*"):
        file.unlink()
    checked = cli(r3, "audit", "--verify", "--indexer")
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "removed locally" in checked.stdout and "gone from" in checked.stdout, checked.stdout
