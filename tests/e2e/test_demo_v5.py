"""`wazuh-mcp serve --demo --wazuh 5` through the official MCP client, as an AI client runs it: every read tool
the server lists answers, and the Indexer's answers are those of Wazuh's own 5.x sample files
(``../shared/reference/wazuh5/samples/generated/``), counted here from the files themselves, not from our
loader or our generator; then the tour's 5.x script, told over the same session, says what those answers say.

One server for the whole module (its start and load are most of the cost): a test of ~30 s on a busy 2-core
machine. The demo moves the samples' clock so the newest finding is at its start; windows here are 30 days
(the samples span 30 days less a few hours), so every count is exact whatever second the calls run at.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from mcp.client.client import Client

from tests.e2e.support import Calls, demo_v5_params, read_tools
from wazuh_mcp import tour

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = Path(os.environ.get("WAZUH_MCP_SHARED", ROOT.parent / "shared")) / "reference" / "wazuh5"
GENERATED = REFERENCE / "samples" / "generated"
LEVELS = ("critical", "high", "medium", "low", "informational")
"""Wazuh 5.x's rule levels, highest first (the findings template's keyword values)."""
WINDOW = "30d"

pytestmark = pytest.mark.skipif(
    not (GENERATED / "findings-5.x-generated.ndjson").is_file(),
    reason="../shared/reference/wazuh5 (Wazuh 5.x's templates and samples) is not available",
)


def _lines(name: str) -> list[dict[str, Any]]:
    text = (GENERATED / name).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _when(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _techniques(finding: dict[str, Any]) -> list[str]:
    mitre = finding["wazuh"]["rule"].get("mitre") or {}
    return [str(t) for kind in ("technique", "subtechnique") for t in (mitre.get(kind) or {}).get("id") or []]


async def test_serve_demo_wazuh_5_answers_every_read_tool_from_wazuhs_5x_samples(serve_env: dict[str, str]) -> None:
    findings = sorted(
        (line["_source"] for line in _lines("findings-5.x-generated.ndjson")),
        key=lambda f: f["@timestamp"],
        reverse=True,
    )
    states = _lines("states-5.x-generated.ndjson")
    params = demo_v5_params(serve_env, REFERENCE.parents[1])  # where the demo reads the same files
    async with Client(params, read_timeout_seconds=180) as client:
        listed = (await client.list_tools()).tools
        reads = read_tools(listed)
        load = await tour.wait_for_data(client, lambda _: None, limit=240)
        assert load is not None and load["complete"] and load["wazuh"] == 5, load
        assert load["alerts_total"] == len(findings)
        calls = Calls(client)

        # Findings: levels by name, agents, the page's order and clock, one finding whole.
        summary = await calls.ok("summarize_alerts", {"time_range": WINDOW})
        assert summary["total"] == len(findings)
        levels = Counter(f["wazuh"]["rule"]["level"] for f in findings)
        assert [(b["level"], b["count"]) for b in summary["by_level"]] == [(n, levels[n]) for n in LEVELS if levels[n]]
        agents = Counter(f["wazuh"]["agent"]["id"] for f in findings)
        assert {b["id"]: b["count"] for b in summary["by_agent"]} == dict(agents)
        page = await calls.ok("search_alerts", {"time_range": WINDOW, "size": 25})
        assert page["total"] == len(findings)
        assert [a["rule"]["level"] for a in page["alerts"]] == [f["wazuh"]["rule"]["level"] for f in findings[:25]]
        newest, sample_newest = _when(page["alerts"][0]["timestamp"]), _when(findings[0]["@timestamp"])
        assert [_when(a["timestamp"]) - newest for a in page["alerts"]] == [
            _when(f["@timestamp"]) - sample_newest for f in findings[:25]
        ], "the demo moves the clock as a whole: the gaps between findings are the samples'"
        one = await calls.ok("get_alert", {"alert_id": page["alerts"][0]["id"]})
        assert one["alert"]["rule"]["description"] == findings[0]["wazuh"]["rule"]["title"]
        agent, count = agents.most_common(1)[0]
        assert (await calls.ok("alerts_by_agent", {"agent_id": agent, "time_range": WINDOW}))["total"] == count
        t1098 = [f for f in findings if any(t.startswith("T1098") for t in _techniques(f))]
        by_mitre = await calls.ok("alerts_by_mitre", {"technique_id": "T1098", "time_range": WINDOW})
        assert by_mitre["total"] == len(t1098) > 0

        # Hunts over findings and events, the fields, a pivot.
        ip = "67.43.156.15"
        from_ip = [f for f in findings if (f.get("source") or {}).get("ip") == ip]
        hunt = await calls.ok(
            "hunt_query", {"time_range": WINDOW, "must": [{"field": "source.ip", "op": "eq", "value": ip}]}
        )
        assert hunt["total"] == len(from_ip) > 0
        o365 = [f for f in findings if (f["wazuh"].get("integration") or {}).get("name") == "o365"]
        events = await calls.ok(
            "hunt_query",
            {
                "time_range": WINDOW,
                "events": True,
                "must": [{"field": "wazuh.integration.name", "op": "eq", "value": "o365"}],
            },
        )
        assert events["total"] == len(o365) > 0, "each finding's event is in wazuh-events-v5-*"
        fields = await calls.ok("hunt_fields", {"time_range": WINDOW})
        assert fields["total"] == len(findings)
        pivot = await calls.ok("pivot_by_ioc", {"kind": "ip", "value": ip, "time_range": WINDOW})
        anywhere = [f for f in findings if f'"{ip}"' in json.dumps(f)]
        assert len(from_ip) <= pivot["total"] <= len(anywhere)

        # FIM findings (integration wazuh-fim, the file under file.*).
        fim = [f for f in findings if (f["wazuh"].get("integration") or {}).get("name") == "wazuh-fim"]
        fim_agent, fim_count = Counter(f["wazuh"]["agent"]["id"] for f in fim).most_common(1)[0]
        changes = await calls.ok("fim_changes_by_agent", {"agent_id": fim_agent, "time_range": WINDOW})
        assert changes["total"] == fim_count
        path, path_count = Counter(f["file"]["path"] for f in fim).most_common(1)[0]
        history = await calls.ok("fim_history_for_path", {"path": path, "time_range": WINDOW})
        assert history["total"] == path_count

        # States: vulnerabilities and the agents' inventory, by the agent each document names.
        vulns = [s["_source"] for s in states if s["_index"] == "wazuh-states-vulnerabilities"]
        critical = [v for v in vulns if v["vulnerability"]["severity"] == "Critical"]
        found = await calls.ok("search_vulnerabilities", {"min_severity": "Critical", "size": 5})
        assert found["total"] == len(critical) > 0
        vuln_agent, vuln_count = Counter(v["wazuh"]["agent"]["id"] for v in vulns).most_common(1)[0]
        by_agent = await calls.ok("list_vulnerabilities_by_agent", {"agent_id": vuln_agent})
        assert by_agent["total"] == vuln_count
        for tool, kind in (("agent_processes", "processes"), ("agent_packages", "packages"), ("agent_ports", "ports")):
            docs = [s["_source"] for s in states if s["_index"] == f"wazuh-states-inventory-{kind}"]
            who, how_many = Counter(d["wazuh"]["agent"]["id"] for d in docs).most_common(1)[0]
            inventory = await calls.ok(tool, {"agent_id": who})
            assert len(inventory["items"]) == how_many, (tool, who)
        for kind in ("services", "users"):  # what 5.x adds to the inventory
            docs = [s["_source"] for s in states if s["_index"] == f"wazuh-states-inventory-{kind}"]
            who, how_many = Counter(d["wazuh"]["agent"]["id"] for d in docs).most_common(1)[0]
            inventory = await calls.ok("agent_inventory", {"agent_id": who, "kind": kind})
            assert inventory["total"] == how_many, (kind, who)
        sca = [s["_source"] for s in states if s["_index"] == "wazuh-states-sca"]
        # The generator's SCA documents name agents "agent25" (no agent id Wazuh gives): none is agent 001's.
        policies = await calls.ok("agent_sca", {"agent_id": "001"})
        assert policies["total"] == 0 == len([d for d in sca if d["wazuh"]["agent"]["id"] == "001"])

        # The 5.0 Server API stand-in: agents, MITRE, the cluster.
        fleet = await calls.ok("list_agents", {"size": 5})
        versions = {a["version"] for a in fleet["agents"] if a.get("version")}  # a never-connected one has none
        assert versions and all(v.startswith("Wazuh v5") for v in versions), versions
        agent = await calls.ok("get_agent", {"agent_id": "001"})
        assert agent["agent"]["id"] == "001"
        technique = await calls.ok("get_mitre_technique", {"technique_id": "T1098"})
        assert technique["technique"]["id"] == "T1098"
        await calls.ok("search_mitre", {"tactic": "Persistence", "size": 5})
        cluster = await calls.ok("cluster_status", {})
        assert cluster["summary"]
        assert calls.called == reads, f"read tools not run here: {sorted(reads - calls.called)}"

        said: list[str] = []
        steps = await tour.walk(client, {t.name for t in listed}, 5, said.append)
    check_tour_v5(steps, findings)


def check_tour_v5(steps: list[dict[str, Any]], findings: list[dict[str, Any]]) -> None:
    """The 5.x tour's sentences say what its results hold, in 5.x's words (levels by name, rule titles,
    integrations), and its 24 hours are the samples' newest day."""
    assert [(s["question"], s["tool"]) for s in steps] == [(q, name) for q, name, _ in tour.TOUR_V5]
    said = {s["tool"]: s["said"] for s in steps}  # list_agents: the mistake's (the later step)
    data = {s["tool"]: s["result"] for s in steps}
    failed = [s["tool"] for s in steps if "error" in (s["result"] or {})]
    assert failed == ["list_agents"], "only the mistake fails"
    assert said["list_agents"][-1].startswith("The server refused the call and said how to fix it: invalid_argument")
    assert said["cluster_status"] == [data["cluster_status"]["summary"]]
    summary = data["summarize_alerts"]
    newest = _when(findings[0]["@timestamp"])
    day = [f for f in findings if (newest - _when(f["@timestamp"])).total_seconds() < 24 * 3600 - 300]
    near = [f for f in findings if (newest - _when(f["@timestamp"])).total_seconds() < 24 * 3600]
    assert len(day) <= summary["total"] <= len(near)  # the calls run seconds after the load's "now"
    assert said["summarize_alerts"][0].startswith(f"{summary['total']:,} findings in the last 24 hours")
    by_level = ", ".join(f"{b['level']} {b['count']:,}" for b in summary["by_level"])
    assert said["summarize_alerts"][1] == f"By level: {by_level}."
    serious = sum(b["count"] for b in summary["by_level"] if b["level"] in ("critical", "high"))
    assert said["summarize_alerts"][2].startswith(f"{serious:,} findings high or critical")
    page = data["search_alerts"]
    assert {a["rule"]["level"] for a in page["alerts"]} <= {"critical", "high"}
    for line, alert in zip(said["search_alerts"][1:], page["alerts"], strict=True):
        assert line.startswith(f"  {alert['rule']['level']}: {alert['rule']['description']} on ")
    pivot = data[tour.SOURCE_PIVOT]
    assert said[tour.SOURCE_PIVOT][0].startswith(f"{pivot['hunt_source']['total']:,} findings of the last 7d")
    top = next(iter(pivot["hunt_source"]["outside"]))
    assert pivot["pivot"]["ip"] == top
    assert (
        f"Pivot on {top}: pivot_by_ioc finds it in {pivot['pivot']['total']:,} findings" in said[tour.SOURCE_PIVOT][2]
    )
    assert said["hunt_query"][0].startswith(f"{data['hunt_query']['total']:,} events in the last 24 hours")
    assert data["hunt_query"]["total"] == summary["total"], "one event per finding in the demo"
