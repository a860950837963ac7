"""A Wazuh user whose role names an action that does not exist reads nothing, and is told so.

Recorded on a real 4.14.7 manager (``reference/wazuh/oracle``, api-231..237): Wazuh accepts a policy
with the action ``agents:read`` (the real one is ``agent:read``), and its user's ``GET /agents``
answers 200 with no agent at all. The stand-in now does the same; list_agents must not report that
as "no agents".
"""

from __future__ import annotations

import ssl
from pathlib import Path

import httpx
import pytest
from mcp.client.client import Client

from standin.server import DEMO_USERS, StandinServer
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.build import build_server

PASSWORD = "Oracle-Ro-2026!"


def _restricted_user(standin: StandinServer) -> None:
    """As the recording did it: a user, a policy with a bogus action, a role linking them."""
    context = ssl.create_default_context(cafile=str(standin.ca_path))
    with httpx.Client(base_url=standin.url, verify=context, timeout=10) as http:
        login = http.post("/security/user/authenticate", auth=("wazuh", DEMO_USERS["wazuh"].password))
        http.headers["Authorization"] = f"Bearer {login.json()['data']['token']}"
        user = http.post("/security/users", json={"username": "oracle_ro", "password": PASSWORD}).json()
        policy = {"actions": ["agents:read"], "resources": ["agent:id:001"], "effect": "allow"}
        created = http.post("/security/policies", json={"name": "oracle_agents_read_001", "policy": policy}).json()
        role = http.post("/security/roles", json={"name": "oracle_role"}).json()
        user_id, role_id = user["data"]["affected_items"][0]["id"], role["data"]["affected_items"][0]["id"]
        policy_id = created["data"]["affected_items"][0]["id"]
        http.post(f"/security/roles/{role_id}/policies", params={"policy_ids": policy_id}).raise_for_status()
        http.post(f"/security/users/{user_id}/roles", params={"role_ids": role_id}).raise_for_status()


async def test_a_user_who_may_read_no_agent_is_told_so(isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with StandinServer(tls=True) as standin:
        _restricted_user(standin)
        monkeypatch.setenv("WAZUH_MCP_API_URL", standin.url)
        monkeypatch.setenv("WAZUH_MCP_API_USER", "oracle_ro")
        monkeypatch.setenv("WAZUH_MCP_API_PASSWORD", PASSWORD)
        monkeypatch.setenv("WAZUH_MCP_API_CA_BUNDLE", str(standin.ca_path))
        monkeypatch.setenv("WAZUH_MCP_AUDIT_LOG", str(isolated_env / "audit.jsonl"))
        async with Client(build_server(Settings.load()), cache=None) as client:
            listing = await client.call_tool("list_agents", {})
            filtered = await client.call_tool("list_agents", {"status": "disconnected"})
    text = listing.content[0].text  # type: ignore[union-attr]
    assert listing.is_error and text.startswith("forbidden:")
    assert "not even the manager (000)" in text and "'oracle_ro'" in text and "agents:read" in text
    assert not filtered.is_error  # a filter can match nothing: that stays an empty answer
