"""`wazuh-mcp serve --demo --wazuh 5` where Wazuh's 5.x files are not (an installed release: they are not
bundled), through the official MCP client: it serves its built-in 5.x dataset instead of refusing, every read
tool the server lists answers, and the tour's 5.x script runs over the same session.

``WAZUH_MCP_SHARED`` points at an empty folder, so the demo cannot find ``reference/wazuh5`` whatever this
checkout has beside it. What the built-in documents are is checked against Wazuh's own templates elsewhere
(``tests/indexer_v5/test_builtin_v5.py``); here, that an analyst gets answers: no refusal, no empty result
where the fleet has data.
"""

from __future__ import annotations

from pathlib import Path

from mcp.client.client import Client

from tests.e2e.support import Calls, demo_v5_params, read_tools
from wazuh_mcp import tour

WINDOW = "7d"


async def test_serve_demo_wazuh_5_without_wazuhs_files_answers_every_read_tool_from_its_builtin_data(
    serve_env: dict[str, str], tmp_path: Path
) -> None:
    empty = tmp_path / "no-shared-here"
    empty.mkdir()
    async with Client(demo_v5_params(serve_env, empty), read_timeout_seconds=180) as client:
        listed = (await client.list_tools()).tools
        reads = read_tools(listed)
        load = await tour.wait_for_data(client, lambda _: None, limit=240)
        assert load is not None and load["complete"] and load["wazuh"] == 5, load
        assert load["dataset"] == "the built-in 5.x dataset"
        calls = Calls(client)
        ok = calls.ok

        summary = await ok("summarize_alerts", {"time_range": WINDOW})
        assert summary["total"] > 0 and summary["by_level"] and summary["by_integration"]
        assert {b["level"] for b in summary["by_level"]} <= {"critical", "high", "medium", "low", "informational"}
        page = await ok("search_alerts", {"time_range": WINDOW, "size": 5})
        assert page["alerts"]
        one = await ok("get_alert", {"alert_id": page["alerts"][0]["id"]})
        # a page over its byte budget cuts long descriptions ("…"); get_alert has the whole one
        shown = page["alerts"][0]["rule"]["description"]
        assert one["alert"]["rule"]["description"].startswith(shown.removesuffix("…")), (shown, one["alert"])
        agent = str(summary["by_agent"][0]["id"])
        assert (await ok("alerts_by_agent", {"agent_id": agent, "time_range": WINDOW}))["total"] == summary["by_agent"][
            0
        ]["count"]
        technique = str(summary["by_technique"][0]["id"])
        assert (await ok("alerts_by_mitre", {"technique_id": technique, "time_range": WINDOW}))["total"] > 0
        hunt = await ok(
            "hunt_query", {"time_range": WINDOW, "must": [{"field": "source.ip", "op": "exists", "value": True}]}
        )
        assert hunt["total"] > 0
        events = await ok(
            "hunt_query",
            {"time_range": WINDOW, "events": True, "must": [{"field": "wazuh.agent.id", "op": "eq", "value": agent}]},
        )
        assert events["total"] == summary["by_agent"][0]["count"], "each finding's event is in wazuh-events-v5-*"
        assert (await ok("hunt_fields", {"time_range": WINDOW}))["total"] == summary["total"]
        ip = str(hunt["alerts"][0]["src_ip"])
        assert (await ok("pivot_by_ioc", {"kind": "ip", "value": ip, "time_range": WINDOW}))["total"] > 0
        fim = await ok(
            "hunt_query",
            {"time_range": WINDOW, "must": [{"field": "wazuh.integration.name", "op": "eq", "value": "wazuh-fim"}]},
        )
        fim_agent = str(fim["alerts"][0]["agent"]["id"])
        changes = await ok("fim_changes_by_agent", {"agent_id": fim_agent, "time_range": WINDOW})
        assert changes["total"] > 0
        path = str(changes["events"][0]["file"]["path"])
        assert (await ok("fim_history_for_path", {"path": path, "time_range": WINDOW}))["total"] > 0

        vulns = await ok("search_vulnerabilities", {"min_severity": "Critical", "size": 5})
        assert vulns["total"] > 0
        vuln_agent = str(vulns["vulnerabilities"][0]["agent_id"])
        assert (await ok("list_vulnerabilities_by_agent", {"agent_id": vuln_agent}))["total"] > 0
        for tool in ("agent_processes", "agent_packages", "agent_ports"):
            assert (await ok(tool, {"agent_id": vuln_agent}))["items"], tool
        await ok("agent_inventory", {"agent_id": vuln_agent, "kind": "services"})  # not in the built-in data
        await ok("agent_sca", {"agent_id": vuln_agent})

        fleet = await ok("list_agents", {"size": 5})
        assert fleet["agents"]
        assert (await ok("get_agent", {"agent_id": vuln_agent}))["agent"]["id"] == vuln_agent
        assert (await ok("get_mitre_technique", {"technique_id": technique}))["technique"]["id"] == technique
        await ok("search_mitre", {"tactic": "Persistence", "size": 5})
        assert (await ok("cluster_status", {}))["summary"]
        assert calls.called == reads, f"read tools not run here: {sorted(reads - calls.called)}"

        steps = await tour.walk(client, {t.name for t in listed}, 5, lambda _: None)
    assert [(s["question"], s["tool"]) for s in steps] == [(q, name) for q, name, _ in tour.TOUR_V5]
    failed = [s["tool"] for s in steps if "error" in (s["result"] or {})]
    assert failed == ["list_agents"], "only the mistake fails"
    said = {s["tool"]: s["said"] for s in steps}
    assert said[tour.TOP_TECHNIQUE][0].endswith("more than any other."), said[tour.TOP_TECHNIQUE]
    assert "listens on" in said[tour.EXPOSED_AGENT][0], said[tour.EXPOSED_AGENT]
