"""alerts.* through the official MCP client, on every engine, against what the generator loaded."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from tests.engines import LoadedEngine
from tests.indexer.expect import alerts_in
from tests.indexer.support import audit_events, error_text, ok, serving


def ids(result: dict[str, Any], key: str = "alerts") -> list[str]:
    return [item["id"] for item in result[key]]


async def test_search_alerts_counts_the_window_and_lists_newest_first(at_anchor: LoadedEngine, tmp_path: Path) -> None:
    async with serving(at_anchor, tmp_path / "audit.jsonl") as (client, _):
        for time_range in ("15m", "1h", "24h", "7d"):
            expected = alerts_in(at_anchor, time_range)
            result = ok(await client.call_tool("search_alerts", {"time_range": time_range, "size": 25}))
            assert result["total"] == len(expected), time_range
            assert ids(result) == [d.id for d in expected[:25]], time_range
            assert result["truncated"] is (len(expected) > 25)
            assert bool(result["next_cursor"]) is (len(expected) > 25)
    assert {e["outcome"] for e in audit_events(tmp_path / "audit.jsonl")} == {"ok"}


async def test_search_alerts_filters_by_level_and_agent(at_anchor: LoadedEngine, tmp_path: Path) -> None:
    day = alerts_in(at_anchor, "24h")
    agent = Counter(d.source["agent"]["id"] for d in day).most_common(1)[0][0]
    async with serving(at_anchor, tmp_path / "audit.jsonl") as (client, _):
        high = ok(await client.call_tool("search_alerts", {"time_range": "24h", "min_level": 10, "size": 100}))
        expected_high = [d for d in day if d.source["rule"]["level"] >= 10]
        assert high["total"] == len(expected_high) > 0
        assert ids(high) == [d.id for d in expected_high[:100]]
        assert all(a["rule"]["level"] >= 10 for a in high["alerts"])
        mine = ok(
            await client.call_tool("search_alerts", {"time_range": "24h", "agent_id": str(int(agent)), "min_level": 3})
        )
        expected_mine = [d for d in day if d.source["agent"]["id"] == agent and d.source["rule"]["level"] >= 3]
        assert mine["total"] == len(expected_mine) > 0
        by_agent = ok(await client.call_tool("alerts_by_agent", {"agent_id": agent, "time_range": "24h"}))
        assert by_agent["total"] == sum(1 for d in day if d.source["agent"]["id"] == agent)
        assert {a["agent"]["id"] for a in by_agent["alerts"]} == {agent}


async def test_alerts_by_mitre_includes_sub_techniques(at_anchor: LoadedEngine, tmp_path: Path) -> None:
    week = alerts_in(at_anchor, "7d")
    techniques = Counter(t for d in week for t in d.values("rule.mitre.id"))
    sub = next(t for t, _ in techniques.most_common() if "." in t)
    parent = sub.split(".")[0]
    async with serving(at_anchor, tmp_path / "audit.jsonl") as (client, _):
        by_parent = ok(await client.call_tool("alerts_by_mitre", {"technique_id": parent, "time_range": "7d"}))
        by_sub = ok(await client.call_tool("alerts_by_mitre", {"technique_id": sub, "time_range": "7d"}))
    expected_parent = [d for d in week if any(t.split(".")[0] == parent for t in d.values("rule.mitre.id"))]
    expected_sub = [d for d in week if sub in d.values("rule.mitre.id")]
    assert by_parent["total"] == len(expected_parent) >= by_sub["total"] == len(expected_sub) > 0
    assert ids(by_sub) == [d.id for d in expected_sub[:25]]


async def test_compact_alert_shape(at_anchor: LoadedEngine, tmp_path: Path) -> None:
    week = alerts_in(at_anchor, "7d")
    fim = next(d for d in week if d.has("syscheck.sha256_after"))
    windows = next(d for d in week if d.values("data.win.eventdata.targetUserName"))
    ssh = next(d for d in week if d.has("data.srcip") and d.has("data.srcuser") and d.has("full_log"))
    async with serving(at_anchor, tmp_path / "audit.jsonl") as (client, _):
        got = {d.id: ok(await client.call_tool("get_alert", {"alert_id": d.id}))["alert"] for d in (fim, windows, ssh)}
    alert = got[fim.id]
    assert alert["fim"]["path"] == fim.source["syscheck"]["path"]
    assert alert["fim"]["sha256_after"] == fim.source["syscheck"]["sha256_after"]
    assert alert["timestamp"] == fim.source["timestamp"]
    assert alert["rule"]["id"] == fim.source["rule"]["id"] and alert["agent"]["id"] == fim.source["agent"]["id"]
    assert got[windows.id]["dst_user"] == windows.source["data"]["win"]["eventdata"]["targetUserName"]
    assert got[windows.id]["event_id"] == windows.source["data"]["win"]["system"]["eventID"]
    assert got[ssh.id]["src_ip"] == ssh.source["data"]["srcip"]
    assert got[ssh.id]["src_user"] == ssh.source["data"]["srcuser"]
    for shown in got.values():
        assert None not in shown.values()  # absent fields are left out, not sent as null
        assert len(shown.get("log", "")) <= 2000


async def test_get_alert_unknown_id_is_not_found(at_anchor: LoadedEngine, tmp_path: Path) -> None:
    async with serving(at_anchor, tmp_path / "audit.jsonl") as (client, _):
        text = error_text(await client.call_tool("get_alert", {"alert_id": "no-such-alert-id"}))
    assert text.startswith("not_found: No alert with id 'no-such-alert-id'")
    (event,) = audit_events(tmp_path / "audit.jsonl")
    assert event["error_code"] == "not_found" and event["tool"] == "alerts.get_alert"


async def test_summarize_alerts_matches_the_dataset(at_anchor: LoadedEngine, tmp_path: Path) -> None:
    day = alerts_in(at_anchor, "24h")
    async with serving(at_anchor, tmp_path / "audit.jsonl") as (client, _):
        summary = ok(await client.call_tool("summarize_alerts", {"time_range": "24h"}))
        high = ok(await client.call_tool("summarize_alerts", {"time_range": "24h", "min_level": 10}))
    assert summary["total"] == len(day)

    def top(counter: Counter[str], n: int = 10) -> list[tuple[str, int]]:
        return sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))[:n]

    rules = Counter(d.source["rule"]["id"] for d in day)
    assert [(r["id"], r["count"]) for r in summary["by_rule"]] == top(rules)
    for listed in summary["by_rule"]:
        texts = Counter(d.source["rule"]["description"] for d in day if d.source["rule"]["id"] == listed["id"])
        if len(texts) == 1:  # one text for every alert of the rule: that is the rule's
            assert listed["description"] == next(iter(texts)) and "descriptions" not in listed
        else:  # interpolated texts: never one of them as the rule's, the most frequent with counts
            assert "description" not in listed
            assert [(t["text"], t["count"]) for t in listed["descriptions"]] == top(texts, 3)
        assert listed["level"] == max(d.source["rule"]["level"] for d in day if d.source["rule"]["id"] == listed["id"])
    agents = Counter(d.source["agent"]["id"] for d in day)
    assert [(a["id"], a["count"]) for a in summary["by_agent"]] == top(agents)
    levels = Counter(d.source["rule"]["level"] for d in day)
    assert [(lv["level"], lv["count"]) for lv in summary["by_level"]] == sorted(levels.items(), reverse=True)
    tactics = Counter(t for d in day for t in d.values("rule.mitre.tactic"))
    assert [(t["name"], t["count"]) for t in summary["by_tactic"]] == top(tactics)
    techniques = Counter(t for d in day for t in d.values("rule.mitre.id"))
    assert [(t["id"], t["count"]) for t in summary["by_technique"]] == top(techniques)
    assert summary["truncated"] is (len(rules) > 10 or len(agents) > 10 or len(tactics) > 10 or len(techniques) > 10)
    assert high["total"] == sum(1 for d in day if d.source["rule"]["level"] >= 10)
