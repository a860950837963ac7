"""N-M3: a lease was honoured whatever its length. A revision with ``lease_until = 9999-12-31T23:59:59Z``
blocked approve (409 "being decided by replica mcp-9/1 right now") and reject of that change until it expired.

Now a lease further ahead than ``lease_s`` (plus a few seconds of clock skew), or held by a process of this
replica that no longer runs, counts as run out (the change is taken over and resolved from Wazuh's state
first, ``writes/interrupted.py``); and a lease written into the document by anyone without the integrity key
is tampering (the MAC). The same for the file store's lock file. Replayed on the Indexer store on
osmem-server (and the real node when ``WAZUH_MCP_TEST_OPENSEARCH_URL`` is set) against the HTTPS Server API
stand-in, with ``wazuh-mcp reject`` as a real process for the file store.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from opensearchpy import OpenSearch

from standin.server import StandinServer
from tests.conftest import REPO
from tests.hardening.conftest import scratch_indices
from tests.write.test_approvals import api_for
from wazuh_mcp.backends.indexer import IndexerConfig
from wazuh_mcp.backends.indexer_docs import IndexerDocs
from wazuh_mcp.errors import Conflict, Tampered
from wazuh_mcp.models.write import Requester
from wazuh_mcp.runtime.audit import Auditor, AuditSink
from wazuh_mcp.writes.approval_policy import Approver
from wazuh_mcp.writes.approvals import ChangeStore, pending_dir
from wazuh_mcp.writes.change_records import FileRecords, IndexerRecords

FOREVER = "9999-12-31T23:59:59.000Z"


def dead_pid() -> int:
    """The pid of a process that ran and ended."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, check=True)
    return int(done.stdout)


@pytest.fixture
def index(indexer_url: str) -> Iterator[str]:
    yield from scratch_indices(indexer_url, "wazuh-mcp-nm3")


def store_on(records: object, tmp_path: Path) -> ChangeStore:
    approver = Approver(person="bob", role="admin", allowed=("*",), channel="http", subject="sub-bob", names=("bob",))
    auditor = Auditor(AuditSink(tmp_path / "audit.jsonl"), session="s", role="admin")
    return ChangeStore(auditor=auditor, approver=approver, records=records)  # type: ignore[arg-type]


def ask_restart(store: ChangeStore, standin: StandinServer) -> str:
    requester = Requester(session="s1", role="admin", api_url=standin.url, subject="sub-alice", analyst="alice")
    change = store.prepare(
        tool="write.restart_manager",
        kind="restart_manager",
        tier="confirmation_required",
        requester=requester,
        target="manager",
        payload="manager",
        summary="Restart the Wazuh manager",
        scope="manager",
    )
    return change.id


def lease_written_by(records: IndexerRecords, change_id: str, owner: str, until: str) -> None:
    """A sealed revision carrying a lease (a replica with another lease_s, or whoever holds the key)."""
    doc = records.docs.get(records.index, change_id)
    assert doc is not None
    change = records.read(change_id)
    body = records._body(change, doc, lease_until=until)  # noqa: SLF001 - the store's own sealing
    body["lease_owner"] = owner
    from wazuh_mcp.config import integrity
    from wazuh_mcp.writes.change_records import sealed

    body.pop("mac")
    records.docs.replace(doc, sealed({k: v for k, v in body.items() if k != "kid"}, integrity.require("x")))


def test_n_m3_the_reported_edit_is_tampering_not_a_lease(tmp_path: Path, indexer_url: str, index: str) -> None:
    docs = IndexerDocs(IndexerConfig(url=indexer_url))
    records = IndexerRecords(docs, index=index, replica="r1", lease_s=120)
    store = store_on(records, tmp_path)
    with StandinServer(tls=True) as standin:
        change_id = ask_restart(store, standin)
    client = OpenSearch(hosts=[indexer_url], timeout=30)
    source = client.get(index=index, id=change_id)["_source"]
    client.index(index=index, id=change_id, body=source | {"lease_owner": "mcp-9/1", "lease_until": FOREVER})
    fresh = store_on(IndexerRecords(docs, index=index, replica="r1", lease_s=120), tmp_path)
    with pytest.raises(Tampered, match=rf"{index}/{change_id}.*not what wazuh-mcp wrote"):
        fresh.reject(change_id)
    client.close()


@pytest.mark.parametrize(
    "owner, until",
    [
        ("mcp-9/1", FOREVER),  # the report's lease, sealed
        ("mcp-9/1", "far"),  # an hour ahead with lease_s = 120
        ("r1/dead", "soon"),  # this replica's own process, gone
    ],
)
async def test_n_m3_a_lease_too_long_or_of_a_dead_process_counts_as_run_out(
    tmp_path: Path, indexer_url: str, index: str, owner: str, until: str
) -> None:
    docs = IndexerDocs(IndexerConfig(url=indexer_url))
    records = IndexerRecords(docs, index=index, replica="r1", lease_s=120)
    store = store_on(records, tmp_path)
    with StandinServer(tls=True) as standin:
        change_id = ask_restart(store, standin)
        if owner.endswith("/dead"):
            owner = f"r1/{dead_pid()}"
        moment = {
            "far": datetime.now(UTC) + timedelta(hours=1),
            "soon": datetime.now(UTC) + timedelta(seconds=60),
        }.get(until)
        when = moment.isoformat(timespec="milliseconds").replace("+00:00", "Z") if moment else until
        lease_written_by(records, change_id, owner, when)
        fresh = IndexerRecords(docs, index=index, replica="r1", lease_s=120)
        assert not fresh.held_elsewhere(change_id)
        api = api_for(standin)
        try:
            applied = await store_on(fresh, tmp_path).approve(change_id, api, api_url=standin.url)
        finally:
            await api.aclose()
        assert applied.state == "applied" and standin.state.snapshot()["restarts"]["manager"] == 1


async def test_n_m3_a_live_lease_within_lease_s_still_holds(tmp_path: Path, indexer_url: str, index: str) -> None:
    docs = IndexerDocs(IndexerConfig(url=indexer_url))
    records = IndexerRecords(docs, index=index, replica="r1", lease_s=120)
    store = store_on(records, tmp_path)
    with StandinServer(tls=True) as standin:
        change_id = ask_restart(store, standin)
    soon = (datetime.now(UTC) + timedelta(seconds=60)).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    lease_written_by(records, change_id, "r2/77", soon)
    fresh = IndexerRecords(docs, index=index, replica="r1", lease_s=120)
    with pytest.raises(Conflict, match="being decided by replica r2/77"):
        store_on(fresh, tmp_path).reject(change_id)


# --- the file store's lock ----------------------------------------------------------------------


def reject_by_cli(change_id: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", "reject", change_id, "--reason", "n-m3"],
        env=dict(os.environ) | {"PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )


@pytest.mark.parametrize("lock", ["from the future", "dead process", "live process", "being created"])
def test_n_m3_file_lock_from_the_future_or_of_a_dead_process_is_taken_over(tmp_path: Path, lock: str) -> None:
    store = store_on(FileRecords(pending_dir()), tmp_path)
    with StandinServer(tls=True) as standin:
        change_id = ask_restart(store, standin)
    path = pending_dir() / f"{change_id}.lock"
    if lock == "dead process":
        path.write_text(f"{dead_pid()}\n")
    elif lock == "being created":
        # Found when replaying N-M3 (issue 24 closing check): between creating the lock and writing its pid, a
        # lock is empty, and an empty lock was read as "pid 0, not running" and taken over, so under load two
        # `wazuh-mcp approve` at once both went on and sent the change twice
        # (tests/write/test_e2e_approval.py::test_two_people_approving_at_once_apply_it_once failed so).
        path.write_text("")
    else:
        path.write_text(f"{os.getppid()}\n")  # a process that runs
    if lock == "from the future":
        os.utime(path, (253402300799, 253402300799))  # 9999-12-31T23:59:59Z
    done = reject_by_cli(change_id)
    if lock in ("live process", "being created"):
        assert done.returncode == 1 and "being decided by another process" in done.stderr, done.stderr
    else:
        assert done.returncode == 0 and "Rejected" in done.stdout, (done.stdout, done.stderr)
