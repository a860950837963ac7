"""The team bed the approval findings (H2, M4, M5, L2, L3, resources) are replayed on: ``serve --http`` on
uvicorn (tests/team/conftest.run_team_server) against the HTTPS Server API stand-in, tokens from the local
identity provider (tests/hardening/local_idp.py: real HTTP JWKS), the official MCP client, and the CLI's own
approval functions for ``wazuh-mcp approve`` / ``undo`` at the server host.

Roles: ``admin`` (``*``), ``writer`` (``write.*``), ``responder`` (``respond.*``), ``cluster_only``
(``cluster.status``), ``agents_only`` (``agents.*``). Groups map to them one to one, plus ``soc-leads`` → admin.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from standin.server import StandinServer
from tests.hardening.local_idp import LocalIdp
from tests.team.conftest import TeamServer, run_team_server, team_settings
from tests.team.test_team_server import analyst

PROFILE = "team-test"
ROLES = {
    "admin": ["*"],
    "writer": ["write.*"],
    "responder": ["respond.*"],
    "cluster_only": ["cluster.status"],
    "agents_only": ["agents.*"],
}
ROLE_MAP = {"soc-leads": "admin", **{role: role for role in ROLES}}
RESPONSES = {
    "isolation_command": "wazuh-mcp-isolate",
    "release_command": "wazuh-mcp-release",
    "unblock_command": "wazuh-mcp-unblock",
    "manager_ips": ["10.10.0.2"],
}
CONFIG = f"""
[profiles.{PROFILE}]
role = "admin"

[profiles.{PROFILE}.role_tool_allowlist]
{chr(10).join(f"{role} = {patterns!r}".replace("'", '"') for role, patterns in ROLES.items())}

[profiles.{PROFILE}.responses]
isolation_command = "wazuh-mcp-isolate"
release_command = "wazuh-mcp-release"
unblock_command = "wazuh-mcp-unblock"
manager_ips = ["10.10.0.2"]
"""
"""What `wazuh-mcp approve` / `undo` read at the server host: the same roles and response settings."""


def bed_settings(tmp: Path, idp: LocalIdp) -> Any:
    return team_settings(
        tmp,
        oauth={"issuer": idp.issuer, "role_map": ROLE_MAP, "leeway_s": 5},
        role_tool_allowlist=ROLES,
        responses=RESPONSES,
    )


def team_on(tmp: Path, idp: LocalIdp, standin: StandinServer) -> Any:
    return run_team_server(bed_settings(tmp, idp), standin)


def token(idp: LocalIdp, sub: str, group: str, **claims: Any) -> str:
    return idp.token(sub, groups=[group], **claims)


async def call(team: TeamServer, bearer: str, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    async with analyst(team.url, bearer) as client:
        result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return dict(result.structured_content)


async def ask_isolation(team: TeamServer, bearer: str, agent_id: str = "001") -> str:
    answer = await call(team, bearer, "isolate_agent", {"agent_id": agent_id})
    assert answer["status"] == "pending_approval"
    return str(answer["change_id"])


async def ask_rule(team: TeamServer, bearer: str, rule_id: int) -> str:
    from tests.write.conftest import NEW_RULE

    answer = await call(team, bearer, "create_rule", {"rule_xml": NEW_RULE.replace("100100", str(rule_id))})
    assert answer["status"] == "pending_approval"
    return str(answer["change_id"])


def approve_over_http(team: TeamServer, bearer: str, change_id: str) -> httpx.Response:
    url = f"{team.listener.url}/approvals/{change_id}/approve"
    return httpx.post(url, headers={"Authorization": f"Bearer {bearer}"}, timeout=30)


def isolations(standin: StandinServer, command: str = "wazuh-mcp-isolate") -> int:
    return sum(1 for r in standin.state.snapshot()["responses"] if command in str(r))
