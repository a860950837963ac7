"""`wazuh-mcp serve --demo --wazuh 5` where Wazuh's 5.x files are not (an installed release: they are not
bundled), through the official MCP client: it serves its built-in 5.x dataset instead of refusing, every read
tool the server lists answers (every inventory kind, FIM state and SCA results among them), and the tour's 5.x
script runs over the same session.

``WAZUH_MCP_SHARED`` points at an empty folder, so the demo cannot find ``reference/wazuh5`` whatever this
checkout has beside it. What the built-in documents are is checked against Wazuh's own templates elsewhere
(``tests/indexer_v5/test_builtin_v5.py``); here, that an analyst gets answers: no refusal, no empty result
where the fleet has data.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from mcp.client.client import Client

from standin.dataset_v5 import builtin_documents
from tests.e2e.support import Calls, check_changed_files, demo_v5_params, read_tools
from wazuh_mcp import tour
from wazuh_mcp.demo import v5_schema
from wazuh_mcp.tools._inventory_kinds import KINDS

WINDOW = "7d"


def _get(doc: dict[str, Any], path: str) -> Any:
    for part in path.split("."):
        doc = doc.get(part) if isinstance(doc, dict) else None  # type: ignore[assignment]
    return doc


async def _inventory_fim_and_sca_answer(calls: Calls) -> None:
    """Every agent_inventory kind, and agent_sca, answer the built-in states of an agent that has them: as many
    items as the built-in dataset holds for it (built here the same way; the fleet's inventory, FIM database
    and SCA results do not move with the clock), the FIM files those of the agent's state."""
    docs = builtin_documents(datetime.now(UTC), v5_schema())
    held: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for target, source in docs.states:
        held.setdefault((target, str(_get(source, "wazuh.agent.id"))), []).append(source)
    for kind, spec in KINDS.items():
        index = "wazuh-states-" + (spec.index if spec.index.startswith("fim-") else f"inventory-{spec.index}")
        mine = sorted({agent for target, agent in held if target.startswith(index)})
        assert mine, f"the built-in dataset holds no {kind}"
        agent = mine[0]
        expected = sum(len(v) for (target, a), v in held.items() if a == agent and target.startswith(index))
        answer = await calls.ok("agent_inventory", {"agent_id": agent, "kind": kind, "size": 500})
        assert answer["items"] and answer["total"] == expected, (kind, agent, expected, answer)
        if kind == "files":
            paths = {_get(d, "file.path") for d in held[("wazuh-states-fim-files", agent)]}
            assert {item["path"] for item in answer["items"]} == paths
            assert all(item["sha256"] and item["owner"] for item in answer["items"]), answer["items"]
    sca = sorted(held, key=lambda key: key[1])
    agent = next(a for target, a in sca if target == "wazuh-states-sca")
    checks = held[("wazuh-states-sca", agent)]
    policies = (await calls.ok("agent_sca", {"agent_id": agent}))["policies"]
    assert [p["policy_id"] for p in policies] == [_get(checks[0], "policy.id")]
    said = {"Passed": "passed", "Failed": "failed", "Not applicable": "not_applicable"}
    for spelled, key in said.items():
        assert policies[0][key] == sum(1 for c in checks if _get(c, "check.result") == spelled), (key, policies)
    failed = await calls.ok("agent_sca", {"agent_id": agent, "policy_id": policies[0]["policy_id"], "result": "failed"})
    assert failed["total"] == policies[0]["failed"]
    assert all(c["result"] == "failed" and c["title"] and c["remediation"] for c in failed["checks"]), failed


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
        await _inventory_fim_and_sca_answer(calls)

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
    changed = next(s["result"] for s in steps if s["tool"] == tour.CHANGED_FILES)
    check_changed_files(changed, said[tour.CHANGED_FILES])  # the built-in data has FIM findings and SCA state
