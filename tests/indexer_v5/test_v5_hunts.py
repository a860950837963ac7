"""Hunts and pivots on Wazuh 5.x findings, through the official MCP client, on osmem and a real OpenSearch 3.x
node loaded with Wazuh's own 5.x templates and generated findings. Expectations are computed from the sample
file: which findings hold an indicator anywhere (every leaf, whatever its field), how many carry a field."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.indexer.support import audit_events, ok
from tests.indexer_v5.conftest import V5Engine
from tests.indexer_v5.test_v5_alert_tools import findings, on_v5

__all__ = ["findings"]


def _leaves(document: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(document, dict):
        for key, value in document.items():
            yield from _leaves(value, f"{prefix}{key}.")
    elif isinstance(document, list):
        for item in document:
            yield from _leaves(item, prefix)
    else:
        yield prefix[:-1], document


def _holding(findings: list[dict[str, Any]], value: str) -> list[dict[str, Any]]:
    """Findings with a field whose whole value is ``value`` (the raw log, which merely mentions it, aside)."""
    return [f for f in findings if any(v == value and k != "event.original" for k, v in _leaves(f))]


def _most_common(findings: list[dict[str, Any]], field: str) -> tuple[str, int]:
    values = Counter(str(v) for f in findings for k, v in _leaves(f) if k == field)
    return values.most_common(1)[0]


async def test_pivot_on_an_ip_finds_every_finding_holding_it_in_any_field(
    v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path
) -> None:
    ip, _ = _most_common(findings, "source.ip")
    expected = _holding(findings, ip)
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        page = ok(await client.call_tool("pivot_by_ioc", {"kind": "ip", "value": ip, "time_range": "30d"}))
    assert page["total"] == len(expected) > 0
    per_field = Counter(k for f in expected for k, v in set(_leaves(f)) if v == ip and k != "event.original")
    assert {c["field"]: c["alerts"] for c in page["fields"]} == dict(per_field)


async def test_pivot_on_a_user_and_a_hash(v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path) -> None:
    user, _ = _most_common(findings, "user.name")
    digest, _ = _most_common(findings, "file.hash.sha256")
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        by_user = ok(await client.call_tool("pivot_by_ioc", {"kind": "user", "value": user, "time_range": "30d"}))
        by_hash = ok(
            await client.call_tool("pivot_by_ioc", {"kind": "hash", "value": digest.upper(), "time_range": "30d"})
        )
    assert by_user["total"] == len(_holding(findings, user)) > 0
    assert by_hash["total"] == len(_holding(findings, digest)) > 0


async def test_hunt_query_takes_wcs_fields_and_keyword_levels(
    v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path
) -> None:
    agent, _ = _most_common(findings, "wazuh.agent.id")
    expected = [
        f
        for f in findings
        if f["wazuh"]["agent"]["id"] == agent and f["wazuh"]["rule"]["level"] in ("high", "critical")
    ]
    must = [
        {"field": "wazuh.agent.id", "op": "eq", "value": agent},
        {"field": "wazuh.rule.level", "op": "in", "value": ["High", "critical"]},
    ]
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        page = ok(await client.call_tool("hunt_query", {"time_range": "30d", "must": must, "size": 100}))
    assert page["total"] == len(expected) > 0
    assert {a["rule"]["level"] for a in page["alerts"]} <= {"high", "critical"}


async def test_a_4x_field_in_a_5x_hunt_names_its_5x_home(v5_engine: V5Engine, tmp_path: Path) -> None:
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        answer = await client.call_tool(
            "hunt_query", {"time_range": "30d", "must": [{"field": "data.srcip", "op": "eq", "value": "10.0.0.1"}]}
        )
        level = await client.call_tool(
            "hunt_query", {"time_range": "30d", "must": [{"field": "wazuh.rule.level", "op": "gte", "value": 10}]}
        )
    assert answer.is_error
    text = answer.content[0].text  # type: ignore[union-attr]
    assert "'data.srcip' is a Wazuh 4.x alert field" in text and "'source.ip'" in text
    assert level.is_error and "range operators" in level.content[0].text  # type: ignore[union-attr]
    assert [e["outcome"] for e in audit_events(tmp_path / "audit.jsonl")] == ["error", "error"]


async def test_hunt_fields_counts_the_findings_carrying_each_listed_field(
    v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path
) -> None:
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        listed = ok(await client.call_tool("hunt_fields", {"time_range": "30d"}))
    counts = {f["field"]: f["alerts_with_field"] for f in listed["fields"]}
    assert listed["total"] == len(findings)
    for field in ("source.ip", "user.name", "wazuh.rule.level", "file.path", "wazuh.integration.category"):
        carrying = sum(1 for f in findings if any(k == field and v not in (None, "") for k, v in _leaves(f)))
        assert counts[field] == carrying, field
    assert "data.srcip" not in counts and all(f["description"] for f in listed["fields"] if f["field"] == "source.ip")


async def test_an_events_hunt_reads_5x_events_streams(
    v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path
) -> None:
    """The bed's events are its findings without the rule (as Wazuh documents a finding: its event, enriched)."""
    from tests.indexer_v5.test_v5_alert_tools import _in_days

    week = _in_days(findings, 7)
    ip, _ = _most_common(findings, "source.ip")
    with_ip = [f for f in findings if (f.get("source") or {}).get("ip") == ip]
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        every = [{"field": "wazuh.agent.id", "op": "exists", "value": True}]
        page = ok(await client.call_tool("hunt_query", {"time_range": "7d", "must": every, "events": True}))
        hunted = ok(
            await client.call_tool(
                "hunt_query",
                {"time_range": "30d", "must": [{"field": "source.ip", "op": "eq", "value": ip}], "events": True},
            )
        )
    assert page["total"] == len(week) > 25 and page["next_cursor"]
    assert [e["timestamp"] for e in page["alerts"]] == [f["@timestamp"] for f in week[:25]]
    assert {e["rule"]["id"] for e in page["alerts"]} == {""}  # an event matched no rule yet
    assert hunted["total"] == len(with_ip) > 0 and "note" not in page
