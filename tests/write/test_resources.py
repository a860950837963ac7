"""wazuh:// resource templates against the stand-in: content, TTL metadata, caching, not-found."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcp.client.client import Client
from mcp.shared.exceptions import MCPError
from mcp_types import TextResourceContents

from standin import manager_data as md
from standin.rules import RuleFile
from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, connect, ok
from tests.write.test_approvals import approve_now
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.server import resources
from wazuh_mcp.writes.approvals import default_store


async def read(client: Client, uri: str) -> tuple[Any, dict[str, Any]]:
    result = await client.read_resource(uri)
    content = result.contents[0]
    assert isinstance(content, TextResourceContents) and content.mime_type == "application/json"
    # The cache hint is on the result (where the tool reference promises it) and on the content.
    assert (result.meta or {}).get("ttl_seconds") == (content.meta or {}).get("ttl_seconds")
    return json.loads(content.text), dict(content.meta or {})


async def missing(client: Client, uri: str) -> str:
    with pytest.raises(MCPError) as info:
        await client.read_resource(uri)
    return info.value.message


async def test_templates_are_listed_with_their_ttl_and_nothing_is_enumerated(standin: StandinServer) -> None:
    async with connect() as client:
        assert (await client.list_resources()).resources == []
        templates = {t.uri_template: t for t in (await client.list_resource_templates()).resource_templates}
    assert {uri: (t.meta or {}).get("ttl_seconds") for uri, t in templates.items()} == {
        "wazuh://rules/{id}": 300,
        "wazuh://mitre/technique/{id}": 86400,
        "wazuh://agents/{id}/config": 300,
    }
    assert all(t.mime_type == "application/json" and t.description for t in templates.values())


async def test_rule_technique_and_agent_config(standin: StandinServer, audit_path: Path) -> None:
    async with connect() as client:
        rule, rule_meta = await read(client, "wazuh://rules/5716")
        config, config_meta = await read(client, "wazuh://agents/1/config")
    assert rule["id"] == 5716 and rule["relative_dirname"] == "ruleset/rules" and "sshd" in rule["groups"]
    assert rule["description"] and rule_meta == {"ttl_seconds": 300}
    assert config["agent"]["id"] == "001" and set(config) == {"agent", "active_configuration", "group_configuration"}
    assert config_meta == {"ttl_seconds": 300}
    assert set(config["group_configuration"]) == set(config["agent"]["groups"])
    assert [(e.tool, e.outcome) for e in iter_events(audit_path)] == [
        ("resource.rules", "ok"),
        ("resource.agent_config", "ok"),
    ]


async def test_agent_config_holds_the_sections_a_connected_agent_reports(standin: StandinServer) -> None:
    """The three sections come as a connected 4.14 agent reports them (the oracle's t4-ex-005..007 keys)."""
    async with connect() as client:
        config, _ = await read(client, "wazuh://agents/1/config")
    active = config["active_configuration"]
    client_section, syscheck = active["agent/client"]["client"], active["syscheck/syscheck"]["syscheck"]
    assert client_section["enrollment"]["agent_name"] == config["agent"]["name"]
    assert {"dir", "opts", "recursion_level"} <= set(syscheck["directories"][0]) and "file_limit" in syscheck
    assert all("logformat" in entry and "target" in entry for entry in active["logcollector/localfile"]["localfile"])


async def test_agent_config_an_agent_reports_is_cleaned_and_bounded(
    standin: StandinServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An agent reports its own configuration: a compromised one can put anything there. What reaches the
    model has no control or bidi characters and is bounded in entries, depth and text. (About 50 MB: the
    client refuses a larger answer whole, tests/backend/test_server_api.py.)"""
    planted = {
        "localfile": [{"logformat": "syslog\x1b[2K\u202e", "file": "/var/log/" + "a" * 10_000, "target": ["agent"]}]
        * 5000
        + [{"deep": [[[[[[[[[[["bottom"]]]]]]]]]]]}]
    }
    monkeypatch.setitem(md.AGENT_COMPONENTS, ("logcollector", "localfile"), planted)
    async with connect() as client:
        result = await client.read_resource("wazuh://agents/1/config")
    text = result.contents[0].text  # type: ignore[union-attr]
    assert len(text) < 500_000 and "\\u001b" not in text and "\\u202e" not in text and "\x1b" not in text
    entries = json.loads(text)["active_configuration"]["logcollector/localfile"]["localfile"]
    assert entries[0]["logformat"] == "syslog[2K" and len(entries[0]["file"]) <= 1000
    assert len(entries) <= 201 and entries[-1].endswith("left out")


async def test_mitre_technique(standin: StandinServer) -> None:
    async with connect() as client:
        technique, meta = await read(client, "wazuh://mitre/technique/T1110")
        unknown = await missing(client, "wazuh://mitre/technique/T9999")
    assert technique["id"] == "T1110" and "Credential Access" in technique["tactics"]
    assert meta == {"ttl_seconds": 86400}
    assert unknown.startswith("not_found:") and "T9999" in unknown


@pytest.mark.parametrize(
    "uri, words",
    [
        ("wazuh://rules/199999", "no rule '199999'"),
        ("wazuh://rules/abc", "no rule 'abc'"),
        ("wazuh://mitre/technique/bogus", "no MITRE technique 'bogus'"),
        ("wazuh://agents/999/config", "does not exist: 999"),
        ("wazuh://agents/x1/config", "no agent 'x1'"),
    ],
)
async def test_an_unknown_id_is_not_found(standin: StandinServer, uri: str, words: str) -> None:
    async with connect() as client:
        message = await missing(client, uri)
    assert message.startswith("not_found:") and words in message


async def test_reads_are_cached_for_the_ttl_and_not_found_is_never_cached(
    standin: StandinServer, monkeypatch: pytest.MonkeyPatch, audit_path: Path
) -> None:
    clock = [1000.0]
    monkeypatch.setattr("wazuh_mcp.server.resources.time.monotonic", lambda: clock[0])
    async with connect() as client:
        assert "no rule" in await missing(client, "wazuh://rules/100100")
        result = ok(await client.call_tool("create_rule", {"rule_xml": NEW_RULE}))
        await approve_now(default_store(), result["change_id"], standin)
        rule, _ = await read(client, "wazuh://rules/100100")  # approved a moment ago: visible at once
        assert rule["level"] == 10
        changed = NEW_RULE.replace('level="10"', 'level="12"')
        standin.state.ruleset.add(RuleFile("wazuh-mcp-100100.xml", "etc/rules", changed, uploaded=True))
        requests = standin.state.snapshot()["requests"]
        cached, _ = await read(client, "wazuh://rules/100100")
        assert cached["level"] == 10 and standin.state.snapshot()["requests"] == requests
        clock[0] += resources.RULE_TTL + 1
        fresh, _ = await read(client, "wazuh://rules/100100")
        assert fresh["level"] == 12
    reads = [(e.args["uri"], e.args["cached"], e.outcome) for e in iter_events(audit_path) if e.toolset == "resource"]
    assert reads == [
        ("wazuh://rules/100100", False, "error"),
        ("wazuh://rules/100100", False, "ok"),
        ("wazuh://rules/100100", True, "ok"),
        ("wazuh://rules/100100", False, "ok"),
    ]


async def test_an_undefined_role_reads_nothing(standin: StandinServer) -> None:
    from tests.write.conftest import settings

    async with connect(settings(role="intern")) as client:
        with pytest.raises(MCPError) as info:
            await client.read_resource("wazuh://rules/5716")
    assert info.value.message.startswith("forbidden:") and "'intern' is not defined" in info.value.message
