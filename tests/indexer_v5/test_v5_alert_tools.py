"""The alert tools on Wazuh 5.x findings, through the official MCP client, on osmem and a real OpenSearch 3.x
node loaded with Wazuh's own 5.x templates and generated findings. Every expectation is computed from the
sample file (``../shared/reference/wazuh5/samples/generated/findings-5.x-generated.ndjson``), never from
our code: counts per level, agent and technique, newest-first order, and what a finding says."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from mcp.client.client import Client

from standin import indexer_load_v5
from tests.indexer.conftest import pin_clock
from tests.indexer.support import audit_events, connected, ok
from tests.indexer.test_wazuh_sample_views import PAGE_BUDGET, all_pages
from tests.indexer_v5.conftest import V5Engine
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.query.fields_v5 import LEVELS
from wazuh_mcp.setup.conncheck import run_connection_test

ORDER: dict[str, int] = {name: rank for rank, name in enumerate(LEVELS)}


def _findings(engine: V5Engine) -> list[dict[str, Any]]:
    found = [s for t, s in indexer_load_v5.sample_lines(engine.reference) if t.startswith("wazuh-findings-v5-")]
    return sorted(found, key=lambda s: s["@timestamp"], reverse=True)


def _as_of(findings: list[dict[str, Any]]) -> datetime:
    """A clock a second after the newest finding: every window is then exact."""
    newest = datetime.fromisoformat(findings[0]["@timestamp"].replace("Z", "+00:00"))
    return newest + timedelta(seconds=1)


@pytest.fixture
def findings(v5_engine: V5Engine, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    found = _findings(v5_engine)
    pin_clock(monkeypatch, _as_of(found))
    return found


@asynccontextmanager
async def on_v5(engine: V5Engine, audit: Path) -> AsyncIterator[Client]:
    # osmem aggregates 5.x's large documents slowly (seconds per aggregation on a busy 2-core machine).
    async with connected(engine.url, audit, timeout_s=180.0) as (client, _):
        yield client


def _in_days(findings: list[dict[str, Any]], days: int) -> list[dict[str, Any]]:
    since = _as_of(findings) - timedelta(days=days)
    return [f for f in findings if datetime.fromisoformat(f["@timestamp"].replace("Z", "+00:00")) >= since]


def _ids(finding: dict[str, Any], kind: str) -> list[str]:
    value = ((finding["wazuh"]["rule"].get("mitre") or {}).get(kind) or {}).get("id") or []
    return [str(v) for v in (value if isinstance(value, list) else [value])]


async def test_search_alerts_lists_findings_newest_first_with_their_keyword_levels(
    v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path
) -> None:
    week = _in_days(findings, 7)
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        page = ok(await client.call_tool("search_alerts", {"time_range": "7d", "size": 25}))
    assert page["total"] == len(week) > 25
    assert [a["timestamp"] for a in page["alerts"]] == [f["@timestamp"] for f in week[:25]]
    assert [a["rule"]["level"] for a in page["alerts"]] == [f["wazuh"]["rule"]["level"] for f in week[:25]]
    assert [a["agent"]["id"] for a in page["alerts"]] == [f["wazuh"]["agent"]["id"] for f in week[:25]]
    assert page["truncated"] and page["next_cursor"]
    assert {e["outcome"] for e in audit_events(tmp_path / "audit.jsonl")} == {"ok"}


@pytest.mark.parametrize(
    ("min_level", "lowest"), [("high", "high"), (12, "high"), (5, "low"), ("critical", "critical")]
)
async def test_min_level_is_a_keyword_set_on_5x_and_a_number_reads_by_the_migration_guide(
    v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path, min_level: int | str, lowest: str
) -> None:
    expected = [f for f in findings if ORDER[f["wazuh"]["rule"]["level"]] >= ORDER[lowest]]
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        page = ok(await client.call_tool("search_alerts", {"time_range": "30d", "min_level": min_level}))
    assert page["total"] == len(expected) > 0
    assert {a["rule"]["level"] for a in page["alerts"]} <= {name for name in LEVELS if ORDER[name] >= ORDER[lowest]}


async def test_alerts_by_agent_and_by_technique_count_what_the_findings_say(
    v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path
) -> None:
    agent, agent_count = Counter(f["wazuh"]["agent"]["id"] for f in findings).most_common(1)[0]
    subs = Counter(s for f in findings for s in _ids(f, "subtechnique"))
    sub = subs.most_common(1)[0][0]
    parent = sub.split(".")[0]
    by_parent = [
        f for f in findings if any(t.startswith(parent) for t in _ids(f, "technique") + _ids(f, "subtechnique"))
    ]
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        mine = ok(await client.call_tool("alerts_by_agent", {"agent_id": agent, "time_range": "30d"}))
        exact = ok(await client.call_tool("alerts_by_mitre", {"technique_id": sub, "time_range": "30d"}))
        family = ok(await client.call_tool("alerts_by_mitre", {"technique_id": parent, "time_range": "30d"}))
    assert mine["total"] == agent_count and {a["agent"]["id"] for a in mine["alerts"]} == {agent}
    assert exact["total"] == subs[sub]
    assert family["total"] == len(by_parent) >= exact["total"]


async def test_summarize_alerts_counts_levels_highest_first_agents_and_techniques(
    v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path
) -> None:
    levels = Counter(f["wazuh"]["rule"]["level"] for f in findings)
    agents = Counter(f["wazuh"]["agent"]["id"] for f in findings)
    techniques = Counter(t for f in findings for t in set(_ids(f, "technique")))
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        summary = ok(await client.call_tool("summarize_alerts", {"time_range": "30d"}))
    assert summary["total"] == len(findings)
    assert [(b["level"], b["count"]) for b in summary["by_level"]] == sorted(
        levels.items(), key=lambda item: -ORDER[item[0]]
    )
    assert {b["id"]: b["count"] for b in summary["by_agent"]} == dict(agents.most_common(10))
    assert {b["id"]: b["count"] for b in summary["by_technique"]}.items() <= dict(techniques).items()
    rule_levels: dict[str, set[str]] = {f["wazuh"]["rule"]["id"]: set() for f in findings}
    for f in findings:
        rule_levels[f["wazuh"]["rule"]["id"]].add(f["wazuh"]["rule"]["level"])
    for rule in summary["by_rule"]:
        assert rule["level"] == max(rule_levels[rule["id"]], key=ORDER.__getitem__)
    # What 5.x has more than 4.x: the integration that decoded each finding, and its category.
    integrations = Counter(f["wazuh"]["integration"]["name"] for f in findings)
    categories = Counter(f["wazuh"]["integration"]["category"] for f in findings)
    assert {b["name"]: b["count"] for b in summary["by_integration"]} == dict(integrations.most_common(10))
    assert {b["name"]: b["count"] for b in summary["by_category"]} == dict(categories.most_common(10))


async def test_get_alert_shows_the_finding_and_its_event_fields(
    v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path
) -> None:
    """The newest finding that names a source IP and a user: the compact view fills the same slots a 4.x
    alert does, the event keeps 5.x's own names, the log is event.original, the document is the finding."""
    target = next(f for f in findings if (f.get("source") or {}).get("ip") and (f.get("user") or {}).get("name"))
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        page = ok(
            await client.call_tool(
                "search_alerts", {"time_range": "30d", "agent_id": target["wazuh"]["agent"]["id"], "size": 100}
            )
        )
        listed = next(a for a in page["alerts"] if a["timestamp"] == target["@timestamp"])
        got = ok(await client.call_tool("get_alert", {"alert_id": listed["id"]}))
    alert = got["alert"]
    assert alert["rule"] == {
        "id": target["wazuh"]["rule"]["id"],
        "level": target["wazuh"]["rule"]["level"],
        "description": target["wazuh"]["rule"]["title"],
    }
    assert alert["src_ip"] == target["source"]["ip"]
    assert alert["dst_user"] == target["user"]["name"]
    # The event keeps 5.x's names (a value a slot above shows is not repeated): its sets are the finding's.
    assert alert["event"] and set(alert["event"]) <= set(target) | {"srcip", "srcport", "dstip", "dstport", "url"}
    assert all("original" not in (value if isinstance(value, dict) else {}) for value in alert["event"].values())
    assert target["event"]["original"].startswith(alert["log"].rstrip("…"))
    assert got["document"]["wazuh"]["rule"]["title"] == target["wazuh"]["rule"]["title"]
    assert set(got["rules"][alert["rule"]["id"]]["mitre_ids"]) >= set(_ids(target, "technique"))


async def test_the_connection_test_counts_5x_findings_and_says_what_reads_them(
    v5_engine: V5Engine, findings: list[dict[str, Any]]
) -> None:
    """An Indexer with 5.x findings and no 4.x alerts: a warning with the findings' count, never "0 alerts"."""
    settings = Settings.load(profile="t", indexer={"url": v5_engine.url, "verify_tls": False})
    report = await run_connection_test(settings, profile="t")
    check = next(c for c in report.checks if c.key == "indexer.alerts")
    assert check.status == "warn", check.detail
    assert f"Wazuh 5.x: {len(findings)} finding(s)" in check.detail and "hunt, pivot and FIM tools read" in check.detail


async def test_every_25_finding_page_fits_the_4x_page_budget(
    v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path
) -> None:
    """Issue 27: a 25-alert page of 5.x findings costs at most what a 4.x page may (12 KiB of text), every
    finding of the 30 days listed once, in order; where a page had to leave an event out, it says so."""
    if v5_engine.name != "opensearch3":
        pytest.skip("paging every finding is measured on the real node (osmem adds nothing here)")
    month = _in_days(findings, 30)
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        pages = list(await all_pages(client, "search_alerts", {"time_range": "30d", "size": 25}))
    sizes = [len(text.encode()) for _, text in pages]
    assert max(sizes) <= PAGE_BUDGET, f"largest 25-finding page: {max(sizes)} bytes"
    listed = [a for page, _ in pages for a in page["alerts"]]
    assert [a["timestamp"] for a in listed] == [f["@timestamp"] for f in month]
    assert all(a.get("event_cut") for a in listed if not a.get("event") and _has_event(findings, a))


def _has_event(findings: list[dict[str, Any]], alert: dict[str, Any]) -> bool:
    """Whether the finding shown as ``alert`` carries event fields of its own (an ECS field set)."""
    shown = [f for f in findings if f["@timestamp"] == alert["timestamp"]]
    return any(key not in ("wazuh", "@timestamp", "data_stream", "agent", "event") for f in shown for key in f)
