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
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from opensearchpy import OpenSearch

from standin.engine import OsmemEngine
from tests.conftest import REPO
from wazuh_mcp.backends.indexer import IndexerConfig
from wazuh_mcp.backends.indexer_docs import IndexerDocs
from wazuh_mcp.runtime.audit import AuditEvent, Auditor
from wazuh_mcp.runtime.audit_index import IndexedAuditSink, doc_id, index_for


@pytest.fixture(scope="module", params=["osmem", "opensearch"])
def indexer_url(request: pytest.FixtureRequest) -> Iterator[str]:
    if request.param == "opensearch":
        url = os.environ.get("WAZUH_MCP_TEST_OPENSEARCH_URL")
        if not url:
            pytest.skip("real OpenSearch node not configured (WAZUH_MCP_TEST_OPENSEARCH_URL)")
        yield url
        return
    with OsmemEngine() as engine:
        yield engine.url


@pytest.fixture
def prefix(indexer_url: str) -> Iterator[str]:
    chosen = f"wazuh-mcp-l3-{os.getpid()}-{time.time_ns() % 10**9}"
    yield chosen
    client = OpenSearch(hosts=[indexer_url], timeout=30)
    client.indices.delete(index=f"{chosen}-*", params={"ignore_unavailable": "true"})
    client.close()


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
