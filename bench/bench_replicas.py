"""Team mode with the Indexer as the shared store (docs/team.md), on the real OpenSearch node:

1. the cost of one audit record through the Indexer sink (local file + op_type create) next to the file
   sink alone, p50/p95, interleaved in one run so both see the same load;
2. the records per second the Indexer sink sustains, one writer and four threads;
3. approvals per second across three ``serve --http`` replicas behind nginx (Keycloak tokens, the
   Server API stand-in): distinct changes approved concurrently through the front, each applied once.

    OPENSEARCH_PORT=9280 scripts/opensearch.sh start; scripts/keycloak.sh start
    python bench/bench_replicas.py --node http://127.0.0.1:9280 [--records 400] [--approvals 30]

Part 3 is skipped (and says so) without Keycloak.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from opensearchpy import OpenSearch

from standin.server import StandinServer
from tests.faults.proxy import FaultProxy
from tests.replicas.conftest import REPLICAS, Replica, free_port, nginx_front, replica_env
from tests.team.conftest import ISSUER, Keycloak, allow_run_as
from tests.write.conftest import NEW_RULE
from wazuh_mcp.backends.indexer import IndexerConfig
from wazuh_mcp.backends.indexer_docs import IndexerDocs
from wazuh_mcp.runtime.audit import Auditor, AuditSink, now_iso
from wazuh_mcp.runtime.audit_index import IndexedAuditSink

ACCEPT = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}


def pct(values: list[float], q: float) -> float:
    return sorted(values)[int(q * (len(values) - 1))] * 1000


def one_record(auditor: Auditor, number: int, toolset: str = "agents") -> float:
    started = time.perf_counter()
    tool = "approval.approve" if toolset == "approval" else "agents.list_agents"
    auditor.record(tool, toolset, args={"size": number}, ts=now_iso(), started=started)
    return time.perf_counter() - started


def sink_costs(docs: IndexerDocs, prefix: str, tmp: Path, records: int) -> None:
    plain = Auditor(AuditSink(tmp / "file" / "audit.jsonl"), session="bench", role="admin")
    sink = IndexedAuditSink(
        tmp / "indexed" / "audit.jsonl", docs=docs, prefix=prefix, replica="bench", max_bytes=10**8, backups=2
    )
    indexed = Auditor(sink, session="bench", role="admin")
    one_record(plain, 0), one_record(indexed, 0, "approval")  # first use: connections, the Indexer's newest seq
    costs: dict[str, list[float]] = {"file sink, a read": [], "Indexer sink, a read": [], "Indexer sink, a change": []}
    for number in range(records):
        costs["file sink, a read"].append(one_record(plain, number))
        costs["Indexer sink, a read"].append(one_record(indexed, number))
        costs["Indexer sink, a change"].append(one_record(indexed, number, "approval"))
    sink.flush()
    print(f"1. one audit record, {records} of each, interleaved (a change record is copied before the call goes on):")
    for name, values in costs.items():
        print(f"   {name:24} p50 {pct(values, 0.5):7.3f} ms   p95 {pct(values, 0.95):7.3f} ms")
    for threads in (1, 4):
        print(
            f"2. Indexer sink sustained, {threads} writer thread(s): {sustained(indexed, sink, threads):,.0f} records/s"
        )


def sustained(auditor: Auditor, sink: IndexedAuditSink, threads: int, seconds: float = 5.0) -> float:
    """Read records written back to back for ``seconds``, until the Indexer holds every one of them."""
    stop = time.perf_counter() + seconds
    counts = [0] * threads

    def writer(slot: int) -> None:
        while time.perf_counter() < stop:
            one_record(auditor, counts[slot])
            counts[slot] += 1

    workers = [threading.Thread(target=writer, args=(slot,)) for slot in range(threads)]
    began = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    sink.flush()  # the rate counts only what the Indexer took
    return sum(counts) / (time.perf_counter() - began)


def approvals(node_url: str, prefix: str, tmp: Path, count: int) -> None:
    try:
        httpx.get(f"{ISSUER}/.well-known/openid-configuration", timeout=5).raise_for_status()
    except httpx.HTTPError:
        print(f"3. skipped: no Keycloak at {ISSUER} (scripts/keycloak.sh start)")
        return
    keycloak = Keycloak(ISSUER)
    names = {"changes": f"{prefix}-changes", "audit": f"{prefix}-audit"}
    parts = urlsplit(node_url)
    with StandinServer(tls=True) as standin, FaultProxy((parts.hostname or "", parts.port or 9200)) as proxy:
        allow_run_as(standin, "analyst-b")
        allow_run_as(standin, "lead-dave", "administrator")
        replicas = []
        for name in REPLICAS:
            state = tmp / name
            state.mkdir(mode=0o700)
            replicas.append(Replica(name, free_port(), state, replica_env(name, state, standin, proxy, names)))
        for replica in replicas:
            replica.start()
        try:
            for replica in replicas:
                replica.wait_ready(time.monotonic() + 90)
            with nginx_front(tmp / "nginx", [r.port for r in replicas]) as (front, ca):
                asyncio.run(_approve_many(front, ca, keycloak, count))
        finally:
            for replica in replicas:
                replica.stop()


async def _approve_many(front: str, ca: Path, keycloak: Keycloak, count: int) -> None:
    import ssl

    bob, dave = keycloak.token("bob"), keycloak.token("dave")
    async with httpx.AsyncClient(verify=ssl.create_default_context(cafile=str(ca)), timeout=60) as client:

        async def ask(rule_id: int) -> str:
            params = {"name": "create_rule", "arguments": {"rule_xml": NEW_RULE.replace("100100", str(rule_id))}}
            answer = await client.post(
                f"{front}/mcp",
                json={"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params},
                headers={**ACCEPT, "Authorization": f"Bearer {bob}"},
            )
            result: dict[str, Any] = answer.json()["result"]
            return str(result["structuredContent"]["change_id"])

        ids = [await ask(100720 + n) for n in range(count)]
        began = time.perf_counter()
        answers = await asyncio.gather(
            *(
                client.post(f"{front}/approvals/{change_id}/approve", headers={"Authorization": f"Bearer {dave}"})
                for change_id in ids
            )
        )
        took = time.perf_counter() - began
    applied = sum(1 for a in answers if a.status_code == 200)
    for answer in answers:
        if answer.status_code != 200:
            print(f"   not applied: HTTP {answer.status_code} {answer.text[:200]}")
    print(
        f"3. approvals across 3 replicas behind nginx: {applied}/{count} distinct changes applied, "
        f"all at once, in {took:.2f} s = {applied / took:.1f} approvals/s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--node", default="http://127.0.0.1:9280")
    parser.add_argument("--records", type=int, default=400)
    parser.add_argument("--approvals", type=int, default=30)
    args = parser.parse_args()
    prefix = f"wazuh-mcp-bench{time.time_ns() % 10**8}"
    docs = IndexerDocs(IndexerConfig(url=args.node))
    admin = OpenSearch(hosts=[args.node])
    try:
        with tempfile.TemporaryDirectory() as folder:
            tmp = Path(folder)
            (tmp / "file").mkdir()
            (tmp / "indexed").mkdir()
            sink_costs(docs, f"{prefix}-audit", tmp, args.records)
            approvals(args.node, prefix, tmp, args.approvals)
    finally:
        admin.indices.delete(index=f"{prefix}-*", params={"ignore_unavailable": "true"})
        docs.close()
        admin.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
