"""Wazuh's own sample data is the judge: hunts, pivots, partial answers and 5.x, on both engines.

Every expectation is computed from ``../shared/reference/wazuh/samples/`` (see ``sample_bed``); the
cases osmem cannot show (it fails a request whole where OpenSearch answers with failed shards) run
on the real node only.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from mcp.client.client import Client

from standin.engine import OsmemEngine
from tests.engines import NO_NODE_REASON, OPENSEARCH_URL_ENV
from tests.indexer.conftest import pin_clock
from tests.indexer.sample_bed import (
    SampleBed,
    alerts_index_body,
    as_wazuh5,
    count_with,
    sample_alerts,
    values,
    vulnerabilities_index_body,
    vulnerability_hits,
)
from tests.indexer.support import CountingIndexer, connected, error_text, make_server, ok
from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.indexer_shapes import IndexKind
from wazuh_mcp.query.fields import HASH_LENGTH, ioc_fields
from wazuh_mcp.query.hunt_grammar import FIELDS

GUARDDUTY_PROBE_IP = "data.aws.service.action.portProbeAction.portProbeDetails.remoteIpDetails.ipAddressV4"
AWS_KEY_USER = "data.aws.resource.accessKeyDetails.userName"
AWS_PUBLIC_DNS = "data.aws.resource.instanceDetails.networkInterfaces.publicDnsName"


@dataclass(frozen=True)
class Bed:
    engine: str
    url: str
    bed: SampleBed
    now: datetime
    docs: list[dict[str, Any]]


def _real_url() -> str:
    url = os.environ.get(OPENSEARCH_URL_ENV)
    if not url:
        pytest.skip(NO_NODE_REASON)
    return url


@pytest.fixture(scope="module", params=["osmem", pytest.param("opensearch", marks=pytest.mark.opensearch)])
def sample(request: pytest.FixtureRequest) -> Iterator[Bed]:
    """Wazuh's 1,124 sample alerts in one index with Wazuh's alerts mappings, on osmem or the real node."""
    now = datetime.now(UTC).replace(microsecond=0)
    docs = sample_alerts(now)
    osmem = OsmemEngine().start() if request.param == "osmem" else None
    url = osmem.url if osmem else _real_url()
    bed = SampleBed(url)
    try:
        bed.index("wazuh-alerts-4.x-sample", alerts_index_body(), docs)
        yield Bed(request.param, url, bed, now, docs)
    finally:
        bed.close()
        if osmem:
            osmem.stop()


def _most_common(docs: list[dict[str, Any]], field: str) -> str:
    counts = Counter(str(v) for d in docs for v in set(map(str, values(d, field))))
    return counts.most_common(1)[0][0]


async def _call(sample: Bed, tmp_path: Path, tool: str, args: dict[str, Any], **patterns: str) -> Any:
    config = {
        "alerts_pattern": sample.bed.alerts_pattern,
        "vulnerabilities_pattern": sample.bed.vulnerabilities_pattern,
    }
    async with connected(sample.url, tmp_path / "audit.jsonl", timeout_s=30.0, **{**config, **patterns}) as (client, _):
        return await client.call_tool(tool, args)


@pytest.mark.parametrize(
    ("kind", "field"),
    [("ip", GUARDDUTY_PROBE_IP), ("user", AWS_KEY_USER), ("domain", AWS_PUBLIC_DNS)],
    ids=["guardduty-remote-ip", "aws-key-user", "aws-dns-name"],
)
async def test_pivot_lists_the_ioc_wherever_wazuh_stores_it(
    sample: Bed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str, field: str
) -> None:
    """Issue 9: the GuardDuty remote IP (10 alerts in the sample), ec2-user (8), the AWS DNS name (10) gave 0;
    issue 19: they came back only as counts. Now one page lists every alert holding it in any field."""
    pin_clock(monkeypatch, sample.now)
    value = _most_common(sample.docs, field)
    result = ok(await _call(sample, tmp_path, "pivot_by_ioc", {"kind": kind, "value": value, "size": 100}))
    fields = ioc_fields(kind)  # type: ignore[arg-type]
    holding = [d for d in sample.docs if any(value in values(d, f) for f in fields)]
    assert result["total"] == len(holding) > 0
    assert len(result["alerts"]) == min(len(holding), 100)
    counts = {c["field"]: c["alerts"] for c in result["fields"]}
    assert counts == {f: n for f in fields if (n := count_with(sample.docs, f, value))}
    assert counts[field] == count_with(sample.docs, field, value) > 0


async def test_pivot_by_hash_length(sample: Bed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_clock(monkeypatch, sample.now)
    for field, length in (("syscheck.md5_after", 32), ("syscheck.sha1_after", 40), ("syscheck.sha256_after", 64)):
        digest = _most_common(sample.docs, field)
        call = await _call(sample, tmp_path, "pivot_by_ioc", {"kind": "hash", "value": digest.upper()})
        if len(digest) != length:  # Wazuh's sample has a 60-character "SHA-256": refused, saying why
            assert f"got {len(digest)} characters" in error_text(call)
            continue
        result = ok(call)
        fields = ioc_fields("hash", HASH_LENGTH[length])
        assert result["total"] == sum(1 for d in sample.docs if any(digest in values(d, f) for f in fields)) > 0
        assert {c["field"] for c in result["fields"]} == {f for f in fields if count_with(sample.docs, f, digest)}


def _present(doc: dict[str, Any], field: str, keyword: bool) -> bool:
    found = [v for v in values(doc, field) if v is not None]
    return bool(found) and not (keyword and any(v == "" for v in found))


async def test_hunt_fields_counts_each_field_and_treats_empty_text_as_absent(
    sample: Bed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, sample.now)
    result = ok(await _call(sample, tmp_path, "hunt_fields", {"time_range": "24h"}))
    assert result["total"] == len(sample.docs)
    assert "partial" not in result
    got = {f["field"]: f["alerts_with_field"] for f in result["fields"]}
    assert list(got) == list(FIELDS)
    for name, spec in FIELDS.items():
        expected = sum(1 for d in sample.docs if _present(d, name, spec.mapping == "keyword"))
        assert got[name] == expected, name
    # Wazuh writes location "" on most sample alerts: present by `exists`, absent here.
    assert got["location"] < sum(1 for d in sample.docs if values(d, "location"))


@pytest.mark.parametrize(
    "field", ["data.audit.exe", "data.vulnerability.cve", "data.vulnerability.package.name", "rule.groups"]
)
async def test_hunt_on_fields_wazuh_fills(
    sample: Bed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, field: str
) -> None:
    pin_clock(monkeypatch, sample.now)
    value = _most_common(sample.docs, field)
    args = {"time_range": "24h", "must": [{"field": field, "op": "eq", "value": value}], "size": 5}
    result = ok(await _call(sample, tmp_path, "hunt_query", args))
    assert result["total"] == count_with(sample.docs, field, value) > 0


async def test_vulnerability_tools_point_at_vulnerability_alerts_when_no_state_is_indexed(
    sample: Bed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, sample.now)
    result = ok(
        await _call(sample, tmp_path, "search_vulnerabilities", {"min_severity": "Low"})
    )  # the bed's vulnerability pattern matches no index
    assert result["total"] == 0
    detector = sum(1 for d in sample.docs if "vulnerability-detector" in values(d, "rule.groups"))
    assert f"{detector} vulnerability-detector alert(s)" in result["note"]


async def test_when_every_index_lacks_wazuhs_mapping_the_error_names_them(
    sample: Bed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """All shards failed (and osmem's whole-request failure): upstream_error naming the index and field."""
    pin_clock(monkeypatch, sample.now)
    bad = sample.bed.index("bare-wazuh-alerts-4.x-x", None, sample.docs[:20])
    pattern = f"{sample.bed.prefix}bare-wazuh-alerts-*"
    text = error_text(await _call(sample, tmp_path, "search_alerts", {"time_range": "24h"}, alerts_pattern=pattern))
    assert text.startswith("upstream_error: ")
    assert f"Index {bad}: it lacks Wazuh's mapping for `" in text and "alerts template" in text


# --- what only the real node shows: answers with failed shards ---------------------------------------


@pytest.fixture(scope="module")
def real_bed() -> Iterator[SampleBed]:
    bed = SampleBed(_real_url())
    try:
        yield bed
    finally:
        bed.close()


@pytest.mark.opensearch
async def test_alerts_index_without_wazuhs_template_makes_every_tool_say_partial(
    real_bed: SampleBed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 9: one alerts index created without Wazuh's template beside a good one; every tool said the
    good index's numbers as if complete."""
    now = datetime.now(UTC).replace(microsecond=0)
    pin_clock(monkeypatch, now)
    docs = sample_alerts(now)
    good = real_bed.index("wazuh-alerts-4.x-good", alerts_index_body(), docs)
    bad = real_bed.index("wazuh-alerts-4.x-bad", None, docs[:200])
    agent = _most_common(docs, "agent.id")
    calls: list[tuple[str, dict[str, Any], int]] = [
        ("search_alerts", {"time_range": "24h"}, len(docs)),
        ("alerts_by_agent", {"agent_id": agent}, count_with(docs, "agent.id", agent)),
        ("summarize_alerts", {"time_range": "24h"}, len(docs)),  # a failed shard drops its hits from the count too
        ("hunt_query", {"time_range": "24h", "must": [{"field": "rule.level", "op": "gte", "value": 0}]}, len(docs)),
        (
            "fim_changes_by_agent",
            {"agent_id": "001"},
            sum(1 for d in docs if d["agent"]["id"] == "001" and values(d, "syscheck.path")),
        ),
    ]
    bed = Bed("opensearch", real_bed.url, real_bed, now, docs)
    for tool, args, total in calls:
        result = ok(await _call(bed, tmp_path, tool, args))
        assert result["partial"] is True, tool
        assert result["total"] == total, tool
        (warning,) = [w for w in result["warnings"] if bad in w]
        assert "lacks Wazuh's mapping for `" in warning and "reindex" in warning, warning
        assert not any(good in w for w in result["warnings"]), tool
    # A complete answer carries neither field.
    clean = ok(await _call(bed, tmp_path, "search_alerts", {"time_range": "24h"}, alerts_pattern=good))
    assert "partial" not in clean and "warnings" not in clean


def _vuln_bed(bed: SampleBed) -> tuple[str, str, list[dict[str, Any]]]:
    hits = vulnerability_hits()
    sources = [h["_source"] for h in hits]
    v4 = bed.index(
        "wazuh-states-vulnerabilities-jammy", vulnerabilities_index_body(), sources, [h["_id"] for h in hits]
    )
    body5 = vulnerabilities_index_body(v5=True)
    _no_scaled_float(body5["mappings"])
    v5 = bed.index("wazuh-states-vulnerabilities", body5, [as_wazuh5(s, body5["mappings"]) for s in sources])
    return v4, v5, sources


def _no_scaled_float(mapping: dict[str, Any]) -> None:
    """OpenSearch's integ-test distribution lacks the mapper-extras module (scaled_float, used by one agent CPU
    field of 5.x's template, which no record here carries): map it as float. Nothing the tools read changes."""
    for spec in (mapping.get("properties") or {}).values():
        if spec.get("type") == "scaled_float":
            spec.clear()
            spec["type"] = "float"
        _no_scaled_float(spec)


@pytest.mark.opensearch
async def test_wazuh_4_and_5_vulnerability_indices_under_one_pattern(real_bed: SampleBed, tmp_path: Path) -> None:
    """Issue 9: 3 of 6 records, silently. Now the 4.x records come with a warning naming the 5.x index."""
    _, v5, sources = _vuln_bed(real_bed)
    bed = Bed("opensearch", real_bed.url, real_bed, datetime.now(UTC), [])
    result = ok(await _call(bed, tmp_path, "search_vulnerabilities", {"min_severity": "Low"}))
    assert result["total"] == len(sources)
    assert result["partial"] is True
    assert [w for w in result["warnings"] if v5 in w and "Wazuh 5.x" in w]
    by_cve = {v["cve"]: v for v in result["vulnerabilities"]}
    for source in sources:  # the fixed version, where Wazuh's condition names one
        condition = source["vulnerability"]["scanner"]["condition"]
        row = by_cve[source["vulnerability"]["id"]]
        assert row["condition"] == condition
        prefix = "Package less than "
        assert row.get("fixed_in") == (condition[len(prefix) :] if condition.startswith(prefix) else None)
    # Only 5.x state: read in 5.x's names (the agent under wazuh.agent.*), the same records and model.
    for source in sources:
        agent = source["agent"]["id"]
        mine = ok(
            await _call(bed, tmp_path, "list_vulnerabilities_by_agent", {"agent_id": agent}, vulnerabilities_pattern=v5)
        )
        expected = sorted(s["vulnerability"]["id"] for s in sources if s["agent"]["id"] == agent)
        assert sorted(v["cve"] for v in mine["vulnerabilities"]) == expected
        assert {v["agent_id"] for v in mine["vulnerabilities"]} == {agent}
        assert {v["agent_name"] for v in mine["vulnerabilities"]} == {source["agent"]["name"]}
        assert "partial" not in mine


@pytest.mark.opensearch
async def test_wazuh_5_events_without_alerts_indices_is_a_configuration_error(
    real_bed: SampleBed, tmp_path: Path
) -> None:
    """5.x has wazuh-events-v5-* and no wazuh-alerts-*: the alert tools say Wazuh 5.x, not "0 alerts"."""
    name = f"wazuh-events-v5-{os.getpid()}-{os.urandom(3).hex()}"
    client = real_bed.client
    client.indices.create(
        index=name,
        body={
            "mappings": {
                "properties": {"wazuh": {"properties": {"agent": {"properties": {"id": {"type": "keyword"}}}}}}
            }
        },
    )
    try:
        bed = Bed("opensearch", real_bed.url, real_bed, datetime.now(UTC), [])
        nothing = f"{real_bed.prefix}none-wazuh-alerts-*"  # like a 5.x node: no 4.x alerts index at all
        text = error_text(await _call(bed, tmp_path, "search_alerts", {"time_range": "1h"}, alerts_pattern=nothing))
        assert text.startswith("configuration_error: ") and "Wazuh 5.x" in text and name in text
    finally:
        client.indices.delete(index=name, ignore_unavailable=True)


class RecordingIndexer(CountingIndexer):
    """The real Indexer, keeping every search body the engine received."""

    def __init__(self, inner: Indexer) -> None:
        super().__init__(inner)
        self.bodies: list[dict[str, Any]] = []

    async def search(self, kind: IndexKind, body: dict[str, Any]) -> dict[str, Any]:
        self.bodies.append(body)
        return await super().search(kind, body)


def _fragments(node: Any) -> Iterator[str]:
    """Every query clause type under a query (bool's lists walked); ``should`` only as the pivot's any-of."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "bool":
                assert set(value) <= {"filter", "must_not", "should", "minimum_should_match"}, value
                if "should" in value:  # any_field: one term per field, the same value, at least one
                    assert value["minimum_should_match"] == 1 and set(value) == {"should", "minimum_should_match"}
                    assert {json.dumps(next(iter(t["term"].values()))) for t in value["should"]} == {
                        json.dumps(next(iter(value["should"][0]["term"].values())))
                    }
                for key2, clauses in value.items():
                    if key2 != "minimum_should_match":
                        for clause in clauses:
                            yield from _fragments(clause)
            else:
                yield key


async def test_pivot_reaches_the_engine_only_as_grammar_fragments(
    sample: Bed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One query for the page and the per-field counts; terms inside the window: the grammar's promise stands."""
    pin_clock(monkeypatch, sample.now)
    indexer = RecordingIndexer(
        Indexer(IndexerConfig(url=sample.url, timeout_s=30.0, alerts_pattern=sample.bed.alerts_pattern))
    )
    value = _most_common(sample.docs, GUARDDUTY_PROBE_IP)
    try:
        async with Client(make_server(indexer, tmp_path / "audit.jsonl")) as client:
            ok(await client.call_tool("pivot_by_ioc", {"kind": "ip", "value": value}))
    finally:
        await indexer.aclose()
    assert len(indexer.bodies) == 1
    body = indexer.bodies[0]
    assert set(_fragments(body["query"])) <= {"term", "terms", "range", "exists", "prefix"}
    for agg in body["aggs"].values():
        assert set(agg) == {"filter"} and set(_fragments(agg["filter"])) == {"term"}
