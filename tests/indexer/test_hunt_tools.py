"""hunt.* through the MCP client on every engine: results equal the grammar's meaning over the loaded data."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.engines import LoadedEngine
from tests.indexer.expect import Doc, alerts_in, hunt
from tests.indexer.support import ok, serving
from wazuh_mcp.query.fields import HASH_LENGTH, ioc_fields
from wazuh_mcp.query.hunt_grammar import FIELDS


def _common(week: list[Doc], field: str) -> str:
    return Counter(v for d in week for v in d.values(field)).most_common(1)[0][0]


async def test_hunt_queries_match_the_reference_semantics(at_anchor: LoadedEngine, tmp_path: Path) -> None:
    week = alerts_in(at_anchor, "7d")
    srcip, group, agent = _common(week, "data.srcip"), _common(week, "rule.groups"), _common(week, "agent.id")
    middle = week[len(week) // 2].source["@timestamp"]
    hunts: list[tuple[list[dict[str, Any]], list[dict[str, Any]]]] = [
        ([{"field": "data.srcip", "op": "eq", "value": srcip}], []),
        (
            [{"field": "rule.level", "op": "gte", "value": 7}, {"field": "rule.level", "op": "lt", "value": 12}],
            [{"field": "rule.groups", "op": "eq", "value": group}],
        ),
        (
            [
                {"field": "rule.groups", "op": "in", "value": [group, "sshd", "web"]},
                {"field": "agent.id", "op": "ne", "value": int(agent)},
            ],
            [],
        ),
        (
            [{"field": "syscheck.path", "op": "exists", "value": True}],
            [{"field": "syscheck.event", "op": "eq", "value": "modified"}],
        ),
        (
            [{"field": "location", "op": "prefix", "value": "/var/log"}],
            [{"field": "data.srcip", "op": "exists", "value": True}],
        ),
        (
            [
                {"field": "@timestamp", "op": "lte", "value": middle},
                {"field": "rule.mitre.tactic", "op": "exists", "value": True},
            ],
            [],
        ),
        ([{"field": "data.srcip", "op": "prefix", "value": srcip.rsplit(".", 1)[0] + "."}], []),
    ]
    async with serving(at_anchor, tmp_path / "audit.jsonl") as (client, _):
        for must, must_not in hunts:
            expected = hunt(week, must, must_not)
            args = {"time_range": "7d", "must": must, "must_not": must_not, "size": 50}
            result = ok(await client.call_tool("hunt_query", args))
            assert result["total"] == len(expected), (must, must_not)
            assert [a["id"] for a in result["alerts"]] == [d.id for d in expected[:50]], (must, must_not)
            assert expected or must[0]["field"] == "syscheck.path", "each hunt should find something"


@pytest.mark.parametrize(
    ("kind", "field"), [("ip", "data.srcip"), ("user", "data.srcuser"), ("hash", "syscheck.sha256_after")]
)
async def test_pivot_by_ioc_searches_every_field_of_the_kind(
    at_anchor: LoadedEngine, tmp_path: Path, kind: str, field: str
) -> None:
    week = alerts_in(at_anchor, "7d")
    value = _common(week, field)
    async with serving(at_anchor, tmp_path / "audit.jsonl") as (client, _):
        result = ok(
            await client.call_tool(
                "pivot_by_ioc", {"kind": kind, "value": value.upper() if kind == "hash" else value, "time_range": "7d"}
            )
        )
    fields = ioc_fields(kind, HASH_LENGTH.get(len(value)))  # type: ignore[arg-type]
    expected = [d for d in week if any(value in d.values(f) for f in fields)]
    assert result["total"] == len(expected) > 0
    assert [a["id"] for a in result["alerts"]] == [d.id for d in expected[:25]]
    counts = {c["field"]: c["alerts"] for c in result["fields"]}
    assert counts == {f: n for f in fields if (n := sum(1 for d in week if value in d.values(f)))}


async def test_hunt_fields_counts_populated_fields(at_anchor: LoadedEngine, tmp_path: Path) -> None:
    day = alerts_in(at_anchor, "24h")
    async with serving(at_anchor, tmp_path / "audit.jsonl") as (client, counting):
        result = ok(await client.call_tool("hunt_fields", {"time_range": "24h"}))
        assert counting.calls == 2  # which Wazuh the Indexer holds, then one aggregation for all 23 fields
    assert result["total"] == len(day)
    assert [f["field"] for f in result["fields"]] == list(FIELDS)
    for info in result["fields"]:
        assert info["alerts_with_field"] == sum(1 for d in day if d.has(info["field"])), info["field"]
        assert info["type"] == FIELDS[info["field"]].type and info["ops"] == list(FIELDS[info["field"]].ops)
    populated = {f["field"] for f in result["fields"] if f["alerts_with_field"]}
    assert {"agent.id", "rule.id", "rule.level", "data.srcip", "syscheck.path", "@timestamp"} <= populated
