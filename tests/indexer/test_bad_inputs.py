"""Every bad input of the issue is refused with a message naming the rule, before the engine is
called, and audited as invalid_argument."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.engines import LoadedEngine
from tests.indexer.support import audit_events, error_text, ok, serving

CLAUSE = {"field": "rule.id", "op": "eq", "value": "5710"}

BAD_CALLS: list[tuple[str, dict[str, Any], str]] = [
    ("search_alerts", {"time_range": "31d"}, "time_range is at most 30d"),
    ("search_alerts", {"time_range": "2w"}, "a unit m, h or d"),
    ("search_alerts", {"time_range": "now-1h"}, "a unit m, h or d"),
    ("search_alerts", {"size": 0}, "greater than or equal to 1"),
    ("search_alerts", {"size": 101}, "less than or equal to 100"),
    ("search_alerts", {"min_level": 16}, "less than or equal to 15"),
    ("search_alerts", {"agent_id": "web-01"}, "agent ids are numeric"),
    ("search_alerts", {"cursor": "x" * 2049}, "at most 2048 characters"),
    ("search_alerts", {"cursor": "not-a-cursor"}, "cursor is not a next_cursor issued by this server"),
    ("search_alerts", {"query": "rule.level:>10"}, "Unknown argument(s) for search_alerts: 'query'"),
    ("get_alert", {"alert_id": ""}, "at least 1 character"),
    ("get_alert", {"alert_id": "x" * 129}, "at most 128 characters"),
    ("alerts_by_agent", {}, "'agent_id' is required"),
    ("alerts_by_mitre", {"technique_id": "1110"}, "String should match pattern"),
    ("summarize_alerts", {"time_range": "0d"}, "positive whole number"),
    ("list_vulnerabilities_by_agent", {"agent_id": "1", "min_severity": "Severe"}, "Input should be 'Low'"),
    ("search_vulnerabilities", {}, "needs cve_id or min_severity"),
    ("search_vulnerabilities", {"cve_id": "CVE-2024-1"}, "CVE-year-number"),
    ("fim_history_for_path", {"path": ""}, "at least 1 character"),
    ("fim_changes_by_agent", {"agent_id": "1", "time_range": "90d"}, "at most 30d"),
    ("hunt_query", {"must": [CLAUSE]}, "'time_range' is required"),
    ("hunt_query", {"time_range": "1h", "must": []}, "at least 1 item"),
    ("hunt_query", {"time_range": "1h", "must": [CLAUSE] * 21}, "at most 20 items"),
    (
        "hunt_query",
        {"time_range": "1h", "must": [CLAUSE] * 11, "must_not": [CLAUSE] * 10},
        "at most 20 clauses in must and must_not together",
    ),
    (
        "hunt_query",
        {"time_range": "1h", "must": [{"field": "full_log", "op": "eq", "value": "x"}]},
        "'full_log' is not a hunt field; hunt_fields lists them",
    ),
    (
        "hunt_query",
        {"time_range": "1h", "must": [{"field": "rule.id", "op": "regexp", "value": "57.*"}]},
        "Input should be 'eq'",
    ),
    (
        "hunt_query",
        {"time_range": "1h", "must": [{"field": "rule.id", "op": "gte", "value": "5710"}]},
        "range operators (gt/gte/lt/lte) apply only to number and time fields",
    ),
    (
        "hunt_query",
        {"time_range": "1h", "must": [{"field": "rule.id", "op": "in", "value": [str(i) for i in range(101)]}]},
        "list of 1..100",
    ),
    (
        "hunt_query",
        {"time_range": "1h", "must": [{"field": "rule.id", "op": "exists", "value": False}]},
        "'exists' takes the value true",
    ),
    (
        "hunt_query",
        {"time_range": "1h", "must": [{"field": "syscheck.path", "op": "prefix", "value": "/e"}]},
        "at least 3 characters",
    ),
    (
        "hunt_query",
        {"time_range": "1h", "must": [{"field": "rule.level", "op": "eq", "value": "ten"}]},
        "not an integer",
    ),
    (
        "hunt_query",
        {"time_range": "1h", "must": [{"field": "@timestamp", "op": "gte", "value": "now-1d"}]},
        "not an ISO-8601 time",
    ),
    (
        "hunt_query",
        {"time_range": "1h", "must": [{"field": "rule.id", "op": "eq", "value": {"script": {"source": "1"}}}]},
        "valid string",
    ),
    ("hunt_query", {"time_range": "1h", "must": [{**CLAUSE, "boost": 3}]}, "Extra inputs are not permitted"),
    ("hunt_query", {"time_range": "1h", "must": [CLAUSE], "must_not": [{**CLAUSE, "op": "ne"}]}, "double negative"),
    ("pivot_by_ioc", {"kind": "hash", "value": "abc"}, "SHA-256 (64); got 3 characters"),
    ("pivot_by_ioc", {"kind": "hash", "value": "g" * 32}, "MD5 digests: 32 hex characters"),
    (  # L6 (issue 10): its UTC form is in the year 10000; it was an OverflowError answered `internal`
        "hunt_query",
        {"time_range": "1h", "must": [{"field": "@timestamp", "op": "gte", "value": "9999-12-31T23:59:59-14:00"}]},
        "outside the years 1970..9999",
    ),
    (
        "hunt_query",
        {"time_range": "1h", "must": [{"field": "data.aws.srcaddr", "op": "prefix", "value": "10.0."}]},
        "OpenSearch ip field",
    ),
    ("pivot_by_ioc", {"kind": "ip", "value": "10.0.0.*"}, "is not one"),
    ("pivot_by_ioc", {"kind": "url", "value": "http://x"}, "Input should be 'hash'"),
    ("hunt_fields", {"time_range": "45d"}, "at most 30d"),
]


@pytest.mark.parametrize(("tool", "args", "phrase"), BAD_CALLS, ids=[f"{t}-{p[:30]}" for t, _, p in BAD_CALLS])
async def test_bad_input_is_refused_before_the_engine(
    engine: LoadedEngine, tmp_path: Path, tool: str, args: dict[str, Any], phrase: str
) -> None:
    audit = tmp_path / "audit.jsonl"
    async with serving(engine, audit) as (client, counting):
        text = error_text(await client.call_tool(tool, args))
        assert counting.calls == 0
    assert text.startswith("invalid_argument: "), text
    assert phrase in text, text
    (event,) = audit_events(audit)
    assert event["error_code"] == "invalid_argument" and event["outcome"] == "error"
    assert event["tool"].endswith("." + tool)


async def test_a_cursor_only_continues_its_own_query(engine: LoadedEngine, tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    async with serving(engine, audit) as (client, counting):
        first = ok(await client.call_tool("search_alerts", {"time_range": "24h", "size": 5}))
        cursor = first["next_cursor"]
        # The page, after the one probe of which Wazuh's alerts the Indexer holds (kept for the session).
        assert cursor and counting.calls == 2
        served = counting.calls
        refusals = [
            ("search_alerts", {"time_range": "24h", "min_level": 3, "cursor": cursor}, "different query"),
            ("search_alerts", {"time_range": "12h", "cursor": cursor}, "different query"),
            ("alerts_by_agent", {"agent_id": "1", "time_range": "24h", "cursor": cursor}, "different query"),
            ("search_alerts", {"time_range": "24h", "cursor": cursor[:-2]}, "not a next_cursor"),
            ("search_alerts", {"time_range": "24h", "cursor": "A" + cursor[1:]}, "not a next_cursor"),
        ]
        for tool, args, phrase in refusals:
            text = error_text(await client.call_tool(tool, args))
            assert text.startswith("invalid_argument: ") and phrase in text, text
        assert counting.calls == served
        # and the genuine cursor still works, with another page size
        ok(await client.call_tool("search_alerts", {"time_range": "24h", "size": 7, "cursor": cursor}))
    codes = [e.get("error_code") for e in audit_events(audit)]
    assert codes == [None] + ["invalid_argument"] * len(refusals) + [None]
