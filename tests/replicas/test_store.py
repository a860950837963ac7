"""The team store on the real OpenSearch node, without replicas: what the product relies on from the
engine (op_type create never overwrites, a stale if_seq_no is refused) and what it does with documents
someone else changed."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from opensearchpy import OpenSearch

from tests.replicas.conftest import node_url
from wazuh_mcp.backends.indexer import IndexerConfig
from wazuh_mcp.backends.indexer_docs import IndexerDocs
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.errors import Conflict, Tampered
from wazuh_mcp.models.write import PendingChange, Requester
from wazuh_mcp.runtime.audit import AuditEvent
from wazuh_mcp.runtime.audit_index import IndexedAuditSink, verify_indexed
from wazuh_mcp.setup.conncheck import run_connection_test
from wazuh_mcp.writes.change_records import IndexerRecords


@pytest.fixture
def docs(node: OpenSearch, names: dict[str, str]) -> Iterator[IndexerDocs]:
    client = IndexerDocs(IndexerConfig(url=node_url()))
    yield client
    client.close()


def change(change_id: str = "ch-0000abcd") -> PendingChange:
    return PendingChange(
        id=change_id,
        tool="write.restart_manager",
        kind="restart_manager",
        state="pending",
        tier="confirmation_required",
        created_at="2026-12-01T00:00:00.000Z",
        expires_at="2099-12-01T00:00:00.000Z",
        requested_by=Requester(subject="s-1"),
        target="manager",
        scope="manager",
        payload="manager",
        diff="restart manager\n",
        summary="restart the manager",
        change_sha256="x",
    )


def test_op_type_create_never_overwrites_on_the_real_node(docs: IndexerDocs, names: dict[str, str]) -> None:
    index = f"{names['audit']}-2026.12.01"
    docs.create(index, "r9-000000000001", {"line": "first"})
    with pytest.raises(Conflict, match=f"{index}/r9-000000000001"):
        docs.create(index, "r9-000000000001", {"line": "second"})
    held = docs.get(index, "r9-000000000001")
    assert held is not None and held.source == {"line": "first"}


def test_of_concurrent_claims_exactly_one_wins(docs: IndexerDocs, names: dict[str, str]) -> None:
    stores = [IndexerRecords(docs, index=names["changes"], replica=f"t{i}", lease_s=30) for i in range(12)]
    stores[0].create(change("ch-0000c1a1"))
    won, lost, inside, most = [], [], [0], [0]
    barrier = threading.Barrier(len(stores))
    guard = threading.Lock()

    def attempt(store: IndexerRecords) -> None:
        barrier.wait()
        try:
            with store.claim("ch-0000c1a1"):
                with guard:
                    inside[0] += 1
                    most[0] = max(most[0], inside[0])
                won.append(store.replica)
                time.sleep(0.3)  # held: every other attempt in this window must be refused
                with guard:
                    inside[0] -= 1
        except Conflict:
            lost.append(store.replica)

    threads = [threading.Thread(target=attempt, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most[0] == 1 and len(won) + len(lost) == len(stores)
    assert len(lost) >= len(stores) - 2, (won, lost)  # they raced: nearly all lost


def test_a_change_document_altered_in_the_indexer_is_refused_naming_it(
    docs: IndexerDocs, node: OpenSearch, names: dict[str, str]
) -> None:
    store = IndexerRecords(docs, index=names["changes"], replica="t1", lease_s=30)
    store.create(change("ch-0000bad1"))
    held = node.get(index=names["changes"], id="ch-0000bad1")["_source"]
    edited = json.loads(held["change"]) | {"state": "pending", "payload": "cluster"}
    node.index(index=names["changes"], id="ch-0000bad1", body=held | {"change": json.dumps(edited)}, refresh=True)
    # Tampering, named: never applied, never read as an outage (the integrity key decides, not the store).
    with pytest.raises(Tampered, match=f"{names['changes']}/ch-0000bad1 is not what wazuh-mcp wrote"):
        store.read("ch-0000bad1")
    with pytest.raises(Tampered), store.claim("ch-0000bad1"):
        pass


def test_an_audit_record_altered_in_the_indexer_fails_verify_naming_it(
    docs: IndexerDocs, node: OpenSearch, names: dict[str, str], tmp_path: Path
) -> None:
    sink = IndexedAuditSink(
        tmp_path / "audit.jsonl", docs=docs, prefix=names["audit"], replica="t7", max_bytes=10**6, backups=2
    )
    for number in range(5):
        sink.write(
            AuditEvent(
                ts="2026-12-01T10:00:00.000Z", tool=f"agents.t{number}", toolset="agents", outcome="ok", duration_ms=1.0
            )
        )
    sink.flush()  # reads are copied in the background; flush waits for the copy
    pattern = f"{names['audit']}-*"
    assert all(r.ok for r in verify_indexed(docs, pattern, replica="t7", local=sink.path) if r.replica == "t7")
    index = f"{names['audit']}-2026.12.01"
    third = node.get(index=index, id="t7-000000000003")["_source"]
    node.index(
        index=index, id="t7-000000000003", body=third | {"line": third["line"].replace("agents.t2", "agents.tX")}
    )
    report = next(r for r in verify_indexed(docs, pattern, replica="t7", local=sink.path) if r.replica == "t7")
    text = report.summary()
    assert not report.ok and f"{index}/t7-000000000003" in text and "edited" in text, text


async def test_the_connection_test_says_when_the_indexer_user_may_delete_audit_records(names: dict[str, str]) -> None:
    # The test node has no security plugin, so every user may delete: the check must say so (fail),
    # naming the index. The 403 a create-only role gives is untested here (docs/team.md says why).
    settings = Settings(indexer={"url": node_url()}, team={"store": "indexer", "audit_prefix": names["audit"]})
    report = await run_connection_test(settings, profile="replicas-test")
    check = next(c for c in report.checks if c.key == "team.audit_rights")
    assert check.status == "fail" and "HTTP 404" in check.detail and names["audit"] in check.detail, check


def test_a_deleted_or_moved_audit_record_in_the_indexer_is_named(
    docs: IndexerDocs, node: OpenSearch, names: dict[str, str], tmp_path: Path
) -> None:
    sink = IndexedAuditSink(
        tmp_path / "audit.jsonl", docs=docs, prefix=names["audit"], replica="t8", max_bytes=10**6, backups=2
    )
    for number in range(6):
        sink.write(
            AuditEvent(
                ts="2026-12-01T11:00:00.000Z", tool=f"agents.t{number}", toolset="agents", outcome="ok", duration_ms=1.0
            )
        )
    sink.flush()
    index = f"{names['audit']}-2026.12.01"
    node.delete(index=index, id="t8-000000000002", refresh=True)  # someone with delete rights
    fifth = node.get(index=index, id="t8-000000000005")["_source"]
    node.index(index=index, id="t8-000000000004", body=fifth, refresh=True)  # seq 5's record put in 4's place
    report = next(r for r in verify_indexed(docs, f"{names['audit']}-*", replica="t8") if r.replica == "t8")
    text = report.summary()
    assert "removed" in text and "between seq 1" in text, text
    assert f"moved: {index}/t8-000000000004 holds the record of seq 5" in text, text
