"""Prompts pre-fetch through the audited tool path and degrade clearly when a pre-fetch fails."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from mcp.shared.exceptions import MCPError

from standin.server import StandinServer
from tests.write.conftest import connect
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.server.prompts import UNTRUSTED


async def prompt_text(name: str, arguments: dict[str, str] | None = None) -> str:
    async with connect() as client:
        listed = {p.name for p in (await client.list_prompts()).prompts}
        assert listed == {"investigate-alert", "triage-last-hour", "agent-posture"}
        result = await client.get_prompt(name, arguments)
    assert len(result.messages) == 1 and result.messages[0].role == "user"
    return result.messages[0].content.text  # type: ignore[union-attr]


def embedded(text: str, tool: str) -> object:
    match = re.search(rf"### {tool}\(.*?\)\n```json\n(.*?)\n```", text, re.S)
    assert match, f"no {tool} block in the prompt"
    return json.loads(match.group(1))


async def test_agent_posture_embeds_the_agent_and_names_failed_pre_fetches(
    standin: StandinServer, audit_path: Path
) -> None:
    text = await prompt_text("agent-posture", {"agent_id": "1"})
    assert text.startswith("Assess the security posture of Wazuh agent 001.")
    agent = embedded(text, "get_agent")
    assert isinstance(agent, dict) and agent["agent"]["id"] == "001"
    assert UNTRUSTED in text
    # No Indexer is configured here: those pre-fetches fail, and the message says which and why.
    assert "- alerts_by_agent failed: configuration_error:" in text
    assert "- list_vulnerabilities_by_agent failed: configuration_error:" in text
    assert "unpatched Critical and High vulnerabilities" in text
    events = [(e.tool.removeprefix("prompt."), e.outcome) for e in iter_events(audit_path)]
    assert events == [
        ("agents.get_agent", "ok"),
        ("alerts.alerts_by_agent", "error"),
        ("vulnerabilities.list_vulnerabilities_by_agent", "error"),
        ("agent-posture", "ok"),
    ]


async def test_investigate_alert_without_the_alert_says_so(standin: StandinServer) -> None:
    text = await prompt_text("investigate-alert", {"alert_id": "1700000000.12345"})
    assert "- get_alert failed:" in text and "No context could be pre-fetched." in text
    assert "Recommend the next SOC actions" in text


async def test_triage_last_hour_uses_summarize_alerts_when_it_exists(standin: StandinServer, audit_path: Path) -> None:
    text = await prompt_text("triage-last-hour")
    tools = [e.tool for e in iter_events(audit_path)]
    assert tools.pop() == "prompt.triage-last-hour"  # the prompt's own record follows its pre-fetches
    assert tools[-1] == "alerts.search_alerts"
    if "alerts.summarize_alerts" in tools:
        assert tools == ["alerts.summarize_alerts", "alerts.search_alerts"]
        assert "- summarize_alerts failed:" in text
    assert "Cluster the alerts by MITRE ATT&CK tactic" in text


@pytest.mark.parametrize(
    "name, arguments",
    [
        ("agent-posture", {"agent_id": "abc"}),
        ("investigate-alert", {"alert_id": "x" * 200}),
        ("investigate-alert", {"alert_id": "a b"}),
    ],
)
async def test_bad_prompt_arguments_are_invalid_params(
    standin: StandinServer, audit_path: Path, name: str, arguments: dict[str, str]
) -> None:
    async with connect() as client:
        with pytest.raises(MCPError) as info:
            await client.get_prompt(name, arguments)
    assert info.value.code == -32602 and ("agent_id" in info.value.message or "alert_id" in info.value.message)
    # the refusal is audited like a refused tool call
    assert [(e.tool, e.error_code) for e in iter_events(audit_path)] == [(f"prompt.{name}", "invalid_argument")]
