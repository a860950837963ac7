"""The official MCP client over stdio against `wazuh-mcp serve --demo`, as an AI client runs it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters

from standin.server import DEMO_USERS
from wazuh_mcp.runtime.audit import iter_events

CORE_TOOLS = {
    "list_agents",
    "get_agent",
    "agent_processes",
    "agent_packages",
    "agent_ports",
    "get_mitre_technique",
    "search_mitre",
    "cluster_status",
}


async def test_demo_answers_core_tools_and_audits_each_call_once(
    demo_params: StdioServerParameters, serve_env: dict[str, str]
) -> None:
    calls: list[tuple[str, dict[str, Any]]] = [
        ("list_agents", {"status": "active", "size": 5}),
        ("get_agent", {"agent_id": "1"}),
        ("agent_packages", {"agent_id": "001", "size": 3}),
        ("get_mitre_technique", {"technique_id": "T1110"}),
        ("search_mitre", {"tactic": "Credential Access", "size": 5}),
        ("cluster_status", {}),
        ("get_agent", {"agent_id": "999"}),
        ("list_agents", {"size": 600}),
        ("get_agent", {"agent_id": "001", "bogus": 1}),
    ]
    async with Client(demo_params) as client:
        listed = {tool.name for tool in (await client.list_tools()).tools}
        assert listed >= CORE_TOOLS
        results = [await client.call_tool(name, args) for name, args in calls]

    agents = results[0].structured_content
    assert agents is not None and agents["agents"] and all(a["status"] == "active" for a in agents["agents"])
    assert len(agents["agents"]) <= 5 and agents["total"] >= len(agents["agents"])
    assert results[1].structured_content["agent"]["id"] == "001"  # '1' is normalised to Wazuh's '001'
    assert results[2].structured_content["items"] and results[2].structured_content["agent_id"] == "001"
    technique = results[3].structured_content["technique"]
    assert technique["id"] == "T1110" and "Credential Access" in technique["tactics"]
    assert all("Credential Access" in t["tactics"] for t in results[4].structured_content["techniques"])
    cluster = results[5].structured_content or {}
    assert (cluster["mode"], cluster["enabled"], cluster["running"], cluster["nodes"]) == (
        "single_node",
        False,
        False,
        [],
    )

    not_found, too_big, extra = results[6], results[7], results[8]
    assert not_found.is_error and not_found.content[0].text.startswith("not_found:")  # type: ignore[union-attr]
    assert too_big.is_error and too_big.content[0].text.startswith("invalid_argument:")  # type: ignore[union-attr]
    assert "'size'" in too_big.content[0].text and "500" in too_big.content[0].text  # type: ignore[union-attr]
    assert extra.is_error and "bogus" in extra.content[0].text  # type: ignore[union-attr]

    events = list(iter_events(Path(serve_env["WAZUH_MCP_AUDIT_LOG"])))
    assert [e.tool for e in events] == [
        "agents.list_agents",
        "agents.get_agent",
        "agents.agent_packages",
        "mitre.get_mitre_technique",
        "mitre.search_mitre",
        "cluster.status",
        "agents.get_agent",
        "agents.list_agents",
        "agents.get_agent",
    ]
    assert [e.error_code for e in events[-3:]] == ["not_found", "invalid_argument", "invalid_argument"]
    assert all(e.outcome == "ok" for e in events[:6])
    assert all(e.duration_ms >= 0 for e in events)
    # the Server API user on each call that reached it; the two refused calls reached no backend
    assert [e.wazuh_user for e in events] == ["wazuh"] * 7 + [None, None]
    text = Path(serve_env["WAZUH_MCP_AUDIT_LOG"]).read_text()
    # No credential in the audit: no auth header, no token (the demo password equals the user name,
    # so it is checked in the arguments only).
    assert "Bearer " not in text and "Basic " not in text and "eyJ" not in text
    assert not any(DEMO_USERS["wazuh"].password in json.dumps(e.args) for e in events)
    for line in text.splitlines():
        json.loads(line)
