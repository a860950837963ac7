"""Resources and the role allowlist (reported fixed last round, and was not): a role allowed only
``cluster.status`` read ``wazuh://agents/001/config`` and ``wazuh://rules/5716``; only an undefined role was
refused. A role now reads a resource only if it may call a tool that reads the same data — through the
official MCP client, for this process's role (stdio) and for a team caller's role over HTTP, and also when
the answer is already cached from a reader who was allowed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp.client.client import Client
from mcp.shared.exceptions import MCPError

from standin.server import StandinServer
from tests.hardening.approvals_bed import ROLES, team_on, token
from tests.hardening.local_idp import LocalIdp
from tests.server.audit_support import server_for
from tests.team.conftest import TeamServer
from tests.team.test_team_server import analyst
from wazuh_mcp.runtime.audit import iter_events

AGENT = "wazuh://agents/001/config"
RULE = "wazuh://rules/5716"
TECHNIQUE = "wazuh://mitre/technique/T1110"
READABLE = {  # role → the resources its tools read the same data as
    "cluster_only": set(),
    "agents_only": {AGENT},
    "writer": {RULE},  # create_rule / update_rule read GET /rules
    "analyst": {AGENT, RULE, TECHNIQUE},  # agents.*, alerts.summarize_alerts, mitre.*
    "admin": {AGENT, RULE, TECHNIQUE},
    "intern": set(),  # not defined at all
}
ALL_ROLES = ROLES | {"analyst": ["alerts.*", "agents.*", "mitre.*"]}


async def readable(client: Client) -> set[str]:
    found = set()
    for uri in (AGENT, RULE, TECHNIQUE):
        try:
            await client.read_resource(uri)
        except MCPError as exc:
            assert exc.message.startswith("forbidden:"), exc.message
            continue
        found.add(uri)
    return found


@pytest.mark.parametrize("role", list(READABLE))
async def test_resources_follow_the_local_roles_tools(
    role: str,
    standin: StandinServer,
    tmp_path: Path,
) -> None:
    audit = tmp_path / "audit.jsonl"
    server = server_for(standin, audit, role=role, role_tool_allowlist=ALL_ROLES)
    async with Client(server) as client:
        assert await readable(client) == READABLE[role]
    refused = [e for e in iter_events(audit) if e.toolset == "resource" and e.error_code == "forbidden"]
    assert len(refused) == 3 - len(READABLE[role])  # each refusal audited


@pytest.fixture(scope="module")
def team(idp: LocalIdp, standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    with team_on(tmp_path_factory.mktemp("resources"), idp, standin) as running:
        yield running


async def test_resources_follow_the_team_callers_role_even_from_the_cache(idp: LocalIdp, team: TeamServer) -> None:
    async with analyst(team.url, token(idp, "sub-lead", "soc-leads")) as lead:
        assert await readable(lead) == {AGENT, RULE, TECHNIQUE}  # now cached for 300 s
    async with analyst(team.url, token(idp, "sub-ops", "cluster_only")) as ops:
        assert await readable(ops) == set()
        assert (await ops.list_tools()).tools  # the role itself works: it has its one tool
    async with analyst(team.url, token(idp, "sub-agents", "agents_only")) as agents:
        assert await readable(agents) == {AGENT}
