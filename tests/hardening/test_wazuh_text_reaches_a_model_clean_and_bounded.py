"""The layer under the inventory items (test_inventory_items_bounded): text a monitored host, a rule file or the
manager's own datasets write, read through the Server API, reached the model raw and whole.

- An agent's record (``list_agents``, ``get_agent``, the ``agent_posture`` prompt, ``wazuh://agents/{id}/config``):
  ``to_agent`` passed name, IP, OS name/version/platform, agent version, groups, keep-alive, node as sent —
  an agent reports its own OS and version, so a host could put ESC sequences, bidi overrides and a megabyte
  into every ``list_agents`` (measured before the fix: 1,702,207 characters for two agents given 100k-character
  fields; 1,834 after).
- A MITRE technique (``get_mitre_technique``, ``search_mitre``, ``wazuh://mitre/technique/{id}``): id, name,
  tactic names and URL passed as the manager's dataset holds them (only the description was cut).
- ``wazuh://agents/{id}/config``: the agent's active configuration (the agent reports it) and its groups'
  ``agent.conf`` blocks were quoted as sent, every string whole.
- ``wazuh://rules/{id}``: the rule as ``GET /rules`` lists it (description, groups, details from the rule
  file) was quoted as sent.

Each is now cleaned and bounded through ``untrusted.bound`` where it is read, on both generations' paths.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp.client.client import Client

from standin.server import DEMO_USERS, StandinServer
from tests.hardening.poisoned_answers import KEEP, poisoned_standin, unclean_or_long
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.build import build_server

LIMIT = 500
"""The longest string a model may read from one of these fields (descriptions are cut at 400)."""
ACTIVE_CONFIG = {
    "/agents/001/config/agent/client": {
        "client": {"server": [{"address": "manager", "port": 1514}], "notify_time": 10, "crypto_method": "aes"}
    },
    "/agents/001/config/syscheck/syscheck": {"syscheck": {"directories": [{"dir": "/etc"}], "ignore": ["/etc/mtab"]}},
    "/agents/001/config/logcollector/localfile": {"localfile": [{"location": "/var/log/auth.log"}]},
}


@pytest.fixture(scope="module", params=[4, 5], ids=["4.x", "5.x"])
def standin(request: pytest.FixtureRequest) -> Iterator[StandinServer]:
    with poisoned_standin(request.param, canned=ACTIVE_CONFIG) as server:
        yield server


@asynccontextmanager
async def connect(standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Client]:
    for key, value in {
        "WAZUH_MCP_API_URL": standin.url,
        "WAZUH_MCP_API_USER": "wazuh",
        "WAZUH_MCP_API_PASSWORD": DEMO_USERS["wazuh"].password,
        "WAZUH_MCP_API_CA_BUNDLE": str(standin.ca_path),
        "WAZUH_MCP_AUDIT_LOG": str(isolated_env / "audit.jsonl"),
    }.items():
        monkeypatch.setenv(key, value)
    async with Client(build_server(Settings.load(role="admin")), cache=None) as client:
        yield client


async def call(client: Client, tool: str, arguments: dict[str, Any]) -> Any:
    result = await client.call_tool(tool, arguments)
    text = " ".join(getattr(part, "text", "") for part in result.content)
    assert not result.is_error, text[:2000]
    return {"structured": result.structured_content, "text": json.loads(text), "length": len(text)}


async def resource(client: Client, uri: str) -> Any:
    contents = (await client.read_resource(uri)).contents
    return json.loads(getattr(contents[0], "text", ""))


async def test_an_agents_record_is_clean_and_bounded(
    standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with connect(standin, isolated_env, monkeypatch) as client:
        listed = await call(client, "list_agents", {"size": 2})
        one = await call(client, "get_agent", {"agent_id": "001"})
        prompt = (await client.get_prompt("agent-posture", {"agent_id": "001"})).messages[0].content
    assert listed["structured"]["agents"] and one["structured"]["agent"]["os"]
    problems = unclean_or_long(listed, LIMIT) + unclean_or_long(one, LIMIT)
    assert not problems, problems[:20]
    said = getattr(prompt, "text", "")
    assert "get_agent" in said
    raw = sorted({f"U+{ord(ch):04X}" for ch in said if not ch.isprintable() and ch != "\n"})
    assert not raw, raw  # the agent-posture prompt embeds get_agent's answer
    assert listed["length"] < 20_000, listed["length"]


async def test_a_mitre_technique_is_clean_and_bounded(
    standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with connect(standin, isolated_env, monkeypatch) as client:
        one = await call(client, "get_mitre_technique", {"technique_id": "T1110"})
        found = await call(client, "search_mitre", {"tactic": "TA0006", "size": 3})
        read = await resource(client, "wazuh://mitre/technique/T1110")
    assert one["structured"]["technique"]["tactics"] and found["structured"]["techniques"]
    problems = unclean_or_long([one, found, read], LIMIT)
    assert not problems, problems[:20]


async def test_an_agents_configuration_resource_is_clean_and_bounded(
    standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with connect(standin, isolated_env, monkeypatch) as client:
        read = await resource(client, "wazuh://agents/001/config")
    assert read["agent"]["id"] == "001"
    problems = unclean_or_long(read, LIMIT)
    assert not problems, problems[:20]
    assert len(json.dumps(read)) < 60_000


async def test_a_rule_resource_is_clean_and_bounded(
    standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if standin.config.generation == 5:
        pytest.skip("Wazuh 5.x has no /rules: the resource says so in words")
    async with connect(standin, isolated_env, monkeypatch) as client:
        read = await resource(client, "wazuh://rules/5716")
    assert read["id"] == 5716
    problems = unclean_or_long(read, LIMIT)
    assert not problems, problems[:20]


@pytest.mark.parametrize("generation", [4, 5], ids=["4.x", "5.x"])
async def test_a_cluster_nodes_record_is_clean_and_bounded(
    generation: int, isolated_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # node names stay: each is asked for by name (GET /cluster/{node}/status), which Wazuh checks
    with poisoned_standin(generation, cluster=True, keep=KEEP | {"name", "node"}) as cluster:
        async with connect(cluster, isolated_env, monkeypatch) as client:
            status = await call(client, "cluster_status", {})
    assert status["structured"]["nodes"], status["structured"]
    problems = unclean_or_long(status, LIMIT)
    assert not problems, problems[:20]
