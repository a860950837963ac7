"""The same tool calls on osmem-server and on the real OpenSearch node, over the same slice of data,
give identical results (cursor tokens aside: each server signs its own; the pages they lead to are
compared too). Runs when the real node is configured; skipped with the reason otherwise."""

from __future__ import annotations

from collections import Counter
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest

from tests.engines import LoadedEngine
from tests.indexer.conftest import pin_clock
from tests.indexer.expect import alerts_in, vulnerabilities
from tests.indexer.support import serving

pytestmark = pytest.mark.opensearch


def _calls(engine: LoadedEngine) -> list[tuple[str, dict[str, Any]]]:
    week = alerts_in(engine, "7d")

    def common(field: str) -> str:
        return Counter(v for d in week for v in d.values(field)).most_common(1)[0][0]

    agent, srcip, path = common("agent.id"), common("data.srcip"), common("syscheck.path")
    vuln_agent = Counter(d.source["agent"]["id"] for d in vulnerabilities(engine)).most_common(1)[0][0]
    return [
        ("search_alerts", {"time_range": "24h", "size": 50}),
        ("search_alerts", {"time_range": "7d", "min_level": 7, "size": 100}),
        ("search_alerts", {"time_range": "3d", "agent_id": agent, "min_level": 3}),
        ("alerts_by_agent", {"agent_id": agent, "time_range": "7d", "size": 40}),
        ("alerts_by_mitre", {"technique_id": "T1110", "time_range": "7d"}),
        ("get_alert", {"alert_id": week[len(week) // 3].id}),
        ("get_alert", {"alert_id": "missing-alert"}),
        ("summarize_alerts", {"time_range": "24h"}),
        ("summarize_alerts", {"time_range": "7d", "min_level": 5}),
        ("hunt_fields", {"time_range": "7d"}),
        (
            "hunt_query",
            {
                "time_range": "7d",
                "must": [
                    {"field": "rule.level", "op": "gte", "value": 5},
                    {"field": "rule.groups", "op": "in", "value": ["authentication_failed", "web", "syscheck"]},
                ],
                "must_not": [{"field": "data.srcip", "op": "prefix", "value": "10."}],
                "size": 60,
            },
        ),
        (
            "hunt_query",
            {
                "time_range": "7d",
                "must": [
                    {"field": "@timestamp", "op": "lt", "value": week[len(week) // 2].source["@timestamp"]},
                    {"field": "rule.mitre.tactic", "op": "exists", "value": True},
                ],
            },
        ),
        ("pivot_by_ioc", {"kind": "ip", "value": srcip, "time_range": "7d"}),
        ("fim_history_for_path", {"path": path, "time_range": "7d"}),
        ("fim_changes_by_agent", {"agent_id": agent, "time_range": "7d"}),
        ("list_vulnerabilities_by_agent", {"agent_id": vuln_agent, "size": 20}),
        ("search_vulnerabilities", {"min_severity": "High", "size": 30}),
    ]


def _comparable(result: Any) -> tuple[bool, Any]:
    """The structured result with the cursor token replaced by whether there is one."""
    if result.is_error:
        return True, result.content[0].text
    data = dict(result.structured_content)
    if "next_cursor" in data:
        data["next_cursor"] = bool(data["next_cursor"])
    for key in ("since", "until"):  # both from the pinned clock: equal, but keep the comparison honest
        data.pop(key, None)
    return False, data


async def test_osmem_and_opensearch_answer_identically(
    differential_engines: tuple[LoadedEngine, LoadedEngine], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    left, right = differential_engines
    assert left.now == right.now and left.meta.alert_count == right.meta.alert_count
    pin_clock(monkeypatch, left.now)
    async with AsyncExitStack() as stack:
        osmem, _ = await stack.enter_async_context(serving(left, tmp_path / "osmem.jsonl"))
        real, _ = await stack.enter_async_context(serving(right, tmp_path / "real.jsonl"))
        calls, empty = _calls(left), 0
        for name, args in calls:
            a, b = await osmem.call_tool(name, args), await real.call_tool(name, args)
            assert _comparable(a) == _comparable(b), (name, args)
            empty += not a.is_error and not (a.structured_content.get("total") or a.structured_content.get("alert"))
            for _ in range(3):  # follow each side's own cursor: the next pages must be the same too
                if a.is_error or not a.structured_content.get("next_cursor"):
                    break
                a = await osmem.call_tool(name, {**args, "cursor": a.structured_content["next_cursor"]})
                b = await real.call_tool(name, {**args, "cursor": b.structured_content["next_cursor"]})
                assert _comparable(a) == _comparable(b), (name, args, "next page")
        assert empty == 0, "every call should find data, or the comparison proves little"
