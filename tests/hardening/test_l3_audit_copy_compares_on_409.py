"""L-3 (round 4): the audit copier treated 409 as "already copied" without comparing the document.
Pre-creating a future id ``<replica>-<seq>`` silently dropped that record from the shared trail, and a
change's fail-closed check accepted it.

Replayed against the Indexer store on osmem-server (and the real OpenSearch node when
``WAZUH_MCP_TEST_OPENSEARCH_URL`` is set): the copier now reads the stored document on 409 and refuses —
naming it, as tampering — unless it holds this very record; a planted document with a high seq is not taken
as "copied" either; and ``audit --verify --indexer`` reports both.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from opensearchpy import OpenSearch

from standin.server import StandinServer
from tests.conftest import REPO
from tests.hardening.conftest import scratch_indices
from tests.write.test_approvals import api_for
from wazuh_mcp.backends.indexer import IndexerConfig
from wazuh_mcp.backends.indexer_docs import IndexerDocs
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.errors import AuditUnavailable
from wazuh_mcp.models.write import Requester
from wazuh_mcp.runtime import audit_chain
from wazuh_mcp.runtime.audit import AuditEvent, Auditor, AuditSink, bounded_record, now_iso
from wazuh_mcp.runtime.audit_index import IndexedAuditSink, doc_id, document, index_for
from wazuh_mcp.writes.approvals import default_store


@pytest.fixture
def prefix(indexer_url: str) -> Iterator[str]:
    yield from scratch_indices(indexer_url, "wazuh-mcp-l3")


def sink_for(tmp_path: Path, url: str, prefix: str) -> IndexedAuditSink:
    docs = IndexerDocs(IndexerConfig(url=url))
    return IndexedAuditSink(
        tmp_path / "state" / "audit.jsonl", docs=docs, prefix=prefix, replica="r1", max_bytes=10**7, backups=2
    )


def read_event(n: int) -> AuditEvent:
    return AuditEvent(ts="2026-12-05T10:00:00.000Z", tool="agents.list_agents", toolset="agents", outcome="ok",
                      duration_ms=1, args={"n": n})  # fmt: skip


def verify_indexer(tmp_path: Path, url: str, prefix: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ) | {
        "PYTHONPATH": str(REPO),
        "WAZUH_MCP_TEAM_STORE": "indexer",
        "WAZUH_MCP_INDEXER_URL": url,
        "WAZUH_MCP_TEAM_AUDIT_PREFIX": prefix,
        "WAZUH_MCP_TEAM_REPLICA_ID": "r1",
        "WAZUH_MCP_AUDIT_LOG": str(tmp_path / "state" / "audit.jsonl"),
    }
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "wazuh_mcp",
            "audit",
            "--verify",
            "--indexer",
            "--file",
            str(env["WAZUH_MCP_AUDIT_LOG"]),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("planted", ["junk line", "no line", "another replica's genuine record"])
def test_l3_a_future_id_created_ahead_makes_the_change_record_fail_closed(
    tmp_path: Path, indexer_url: str, prefix: str, planted: str
) -> None:
    sink = sink_for(tmp_path, indexer_url, prefix)
    for n in range(3):
        sink.write(read_event(n))
    sink.flush()
    client = OpenSearch(hosts=[indexer_url], timeout=30)
    future = (index_for(prefix, "2026-12-05T10:00:00.000Z"), doc_id("r1", 5))  # seq 5: the change record below
    body: dict[str, object] = {"replica": "r1", "seq": 5, "@timestamp": "2026-12-05T10:00:00.000Z"}
    if planted == "junk line":
        body["line"] = '{"tool":"agents.list_agents","seq":5}'
    elif planted == "another replica's genuine record":
        hit = client.get(index=future[0], id=doc_id("r1", 1))["_source"]
        body["line"] = hit["line"]
    client.index(index=future[0], id=future[1], body=body, refresh="true")

    sink.write(read_event(3))  # seq 4, a read: copied in the background
    auditor = Auditor(sink, session="s", role="admin")
    written = auditor.record(
        "approval.approve", "approval", args={"change_id": "ch-00000001"}, ts="2026-12-05T10:00:00.000Z", started=0.0
    )
    assert written is False  # seq 5, a change record: its copy was refused, so the call is refused
    with pytest.raises(Exception, match=rf"{future[0]}/{future[1]}.*not this replica's record"):
        sink.ready_for_change()
    held = client.get(index=future[0], id=future[1])["_source"]
    assert held == body  # never overwritten, never counted as copied
    report = verify_indexer(tmp_path, indexer_url, prefix)
    assert report.returncode == 1 and "FAILED" in report.stdout, report.stdout
    client.close()


def test_l3_a_planted_high_seq_is_not_taken_as_copied(tmp_path: Path, indexer_url: str, prefix: str) -> None:
    """Variant: a document far ahead (seq 999999, no line) must not make the copier believe it is done."""
    client = OpenSearch(hosts=[indexer_url], timeout=30)
    index = index_for(prefix, "2026-12-05T10:00:00.000Z")
    client.index(index=index, id=doc_id("r1", 999_999), body={"replica": "r1", "seq": 999_999}, refresh="true")
    sink = sink_for(tmp_path, indexer_url, prefix)
    for n in range(4):
        sink.write(read_event(n))
    sink.flush()
    client.indices.refresh(index=f"{prefix}-*")
    copied = client.search(index=f"{prefix}-*", body={"query": {"exists": {"field": "line"}}, "size": 50})
    assert sorted(h["_source"]["seq"] for h in copied["hits"]["hits"]) == [1, 2, 3, 4]
    report = verify_indexer(tmp_path, indexer_url, prefix)
    assert report.returncode == 1 and "holds no record" in report.stdout, report.stdout
    client.close()


# --- variants found when replaying L-3 by hand against `serve --http` (issue 24 closing check) --------------
#
# The copier refused a planted id, but (1) the approval whose own record hit it went on and sent the change
# (the refusal came from writing that record, after the fail-closed check, and was only logged); (2) the same
# bulk created the records after the planted id, so every later writer found a genuine record above it and
# passed the hole over: the next approval, in a fresh process, was applied; (3) a change request whose record
# hit it was answered ``pending_approval`` all the same.


def _team_env(monkeypatch: pytest.MonkeyPatch, url: str, prefix: str) -> None:
    for key, value in {
        "WAZUH_MCP_TEAM_STORE": "indexer",
        "WAZUH_MCP_INDEXER_URL": url,
        "WAZUH_MCP_TEAM_AUDIT_PREFIX": f"{prefix}-audit",  # apart from the changes index, as the defaults are
        "WAZUH_MCP_TEAM_CHANGES_INDEX": f"{prefix}-changes",
        "WAZUH_MCP_TEAM_REPLICA_ID": "r1",
        "WAZUH_MCP_ROLE": "admin",  # this host's person may approve restarts
    }.items():
        monkeypatch.setenv(key, value)


def _ask_restart(standin: StandinServer) -> str:
    """A team analyst's request (another person than this host's), recorded in the Indexer store."""
    asked = Requester(
        session="s1", role="admin", api_url=standin.url, channel="http", subject="sub-alice", analyst="alice"
    )
    change = default_store().prepare(
        tool="write.restart_manager",
        kind="restart_manager",
        tier="confirmation_required",
        requester=asked,
        target="manager",
        payload="manager",
        summary="Restart the Wazuh manager",
        scope="manager",
    )
    return change.id


@dataclass
class Planted:
    """A team change asked for, and the id the writer's next record will take created ahead of it (no line:
    what an index writer can do)."""

    change_id: str
    client: OpenSearch
    index: str
    id: str
    seq: int


@pytest.fixture
def planted(
    server_host: Path, standin: StandinServer, indexer_url: str, prefix: str, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Planted]:
    _team_env(monkeypatch, indexer_url, prefix)
    change_id = _ask_restart(standin)
    client = OpenSearch(hosts=[indexer_url], timeout=30)
    seq = audit_chain.last_sealed(Settings.load().audit_path).seq + 1  # type: ignore[union-attr]
    index, id_ = index_for(f"{prefix}-audit", now_iso()), doc_id("r1", seq)
    client.index(index=index, id=id_, body={"replica": "r1", "seq": seq}, refresh="true")
    yield Planted(change_id, client, index, id_, seq)
    client.close()


async def test_l3_the_approvals_own_record_planted_ahead_stops_it_before_wazuh(
    planted: Planted, standin: StandinServer
) -> None:
    restarts = standin.state.snapshot()["restarts"]["manager"]
    api = api_for(standin)
    try:
        for attempt in ("the approval whose record hits the planted id", "the next one, in a fresh store"):
            with pytest.raises(AuditUnavailable, match=rf"{planted.index}/{planted.id}"):
                await default_store().approve(planted.change_id, api, api_url=standin.url)
            assert standin.state.snapshot()["restarts"]["manager"] == restarts, attempt  # nothing sent
            assert default_store().get(planted.change_id).state == "pending", attempt
    finally:
        await api.aclose()
    # nothing was copied above the planted id, so no later writer can take the hole for copied
    above = planted.client.get(index=planted.index, id=doc_id("r1", planted.seq + 1), ignore=404)
    assert above.get("found") is not True
    held = planted.client.get(index=planted.index, id=planted.id)["_source"]
    assert held == {"replica": "r1", "seq": planted.seq}  # left as it was


def test_l3_a_request_whose_record_is_refused_is_not_answered_pending(planted: Planted, standin: StandinServer) -> None:
    refused = rf"{planted.index}/{planted.id}"
    with pytest.raises(AuditUnavailable, match=refused):
        _ask_restart(standin)  # the request whose own record hits the planted id
    with pytest.raises(AuditUnavailable, match=refused):
        _ask_restart(standin)  # and every request after it: nothing lands above the planted id


def test_l3_a_planted_id_below_a_copied_record_is_still_a_break(tmp_path: Path, indexer_url: str, prefix: str) -> None:
    """The state the old bulk left (or a race can): a genuine record copied above a planted id. A writer
    starting on it (another process, a restart) must not take the hole for copied."""
    sink = sink_for(tmp_path, indexer_url, prefix)
    for n in range(3):
        sink.write(read_event(n))
    sink.flush()
    client = OpenSearch(hosts=[indexer_url], timeout=30)
    index = index_for(prefix, "2026-12-05T10:00:00.000Z")
    client.index(index=index, id=doc_id("r1", 4), body={"replica": "r1", "seq": 4}, refresh="true")
    local = AuditSink(tmp_path / "state" / "audit.jsonl", max_bytes=10**7, backups=2)  # seq 4 and 5, not copied
    local.write(read_event(3))
    line = local._streams[local.path].append(bounded_record(read_event(4)))  # noqa: SLF001 - seq 5's sealed line
    seq, body = document("r1", line)
    client.index(index=index, id=doc_id("r1", seq), body=body, refresh="true")  # genuine, above the hole
    fresh = sink_for(tmp_path, indexer_url, prefix)
    with pytest.raises(AuditUnavailable, match=rf"{index}/{doc_id('r1', 4)}"):
        fresh.ready_for_change()
    client.close()
