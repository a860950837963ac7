"""Two analysts, one ``serve --http``: the official MCP client over Streamable HTTP with real Keycloak tokens."""

from __future__ import annotations

import base64
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import httpx2
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from standin.server import StandinServer
from tests.team.conftest import ISSUER, Keycloak, TeamServer, run_team_server, team_settings
from tests.write.conftest import NEW_RULE
from wazuh_mcp.config.settings import OAuthSettings
from wazuh_mcp.server.oauth import JwksTokenVerifier

SAME_CALL = ("list_agents", {"size": 3})


@asynccontextmanager
async def analyst(url: str, token: str | None) -> AsyncIterator[Client]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=30) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        yield client


def claims(token: str) -> dict[str, Any]:
    return jwt.decode(token, options={"verify_signature": False})


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def post_mcp(team: TeamServer, token: str | None, **headers: str) -> httpx.Response:
    """A raw JSON-RPC tools/list, to see the HTTP status a client gets."""
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return httpx.post(
        team.url,
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18", **headers},
        timeout=20,
    )


# --- attribution ------------------------------------------------------------------------------------------


async def test_two_analysts_reach_wazuh_as_their_own_users(keycloak: Keycloak, team: TeamServer) -> None:
    tokens = {user: keycloak.token(user) for user in ("alice", "bob")}
    logins_before = len(team.standin.state.issuer.run_as_log)
    for user, token in tokens.items():
        async with analyst(team.url, token) as client:
            result = await client.call_tool(*SAME_CALL)
            assert not result.is_error, (user, result.content)
    # The stand-in saw one run_as login per analyst, each with that analyst's claim as the auth context.
    logins = team.standin.state.issuer.run_as_log[logins_before:]
    wanted = {claims(t)["wazuh_user"] for t in tokens.values()}
    assert {ctx["username"] for _, ctx in logins} == wanted == {"analyst-a", "analyst-b"}
    assert all(api_user == "wazuh" for api_user, _ in logins)
    # Our audit names each analyst: subject, Wazuh user, role and client.
    records = [r for r in team.audit() if r["tool"] == "agents.list_agents"][-2:]
    by_subject = {r["subject"]: r for r in records}
    for user, token in tokens.items():
        record = by_subject[claims(token)["sub"]]
        assert record["wazuh_user"] == f"wazuh as {claims(token)['wazuh_user']}"
        assert record["client"] == "wazuh-mcp-test" and record["analyst"] == user
    assert by_subject[claims(tokens["alice"])["sub"]]["role"] == "analyst"
    assert by_subject[claims(tokens["bob"])["sub"]]["role"] == "admin"


async def test_one_cached_wazuh_token_per_analyst(keycloak: Keycloak, team: TeamServer) -> None:
    token = keycloak.token("alice")
    async with analyst(team.url, token) as client:
        await client.call_tool(*SAME_CALL)
        before = len(team.standin.state.issuer.run_as_log)
        for _ in range(3):
            assert not (await client.call_tool(*SAME_CALL)).is_error
    assert len(team.standin.state.issuer.run_as_log) == before  # reused, not a login per call


async def test_absent_claim_uses_the_service_account(keycloak: Keycloak, team: TeamServer) -> None:
    token = keycloak.token("carol")  # carol has no wazuh_user attribute
    assert "wazuh_user" not in claims(token)
    before = len(team.standin.state.issuer.run_as_log)
    async with analyst(team.url, token) as client:
        assert not (await client.call_tool(*SAME_CALL)).is_error
    assert len(team.standin.state.issuer.run_as_log) == before  # no run_as: the plain service login
    record = [r for r in team.audit() if r["tool"] == "agents.list_agents"][-1]
    assert record["wazuh_user"] == "wazuh" and record["subject"] == claims(token)["sub"]
    assert record["role"] == "readonly"


async def test_no_argument_or_header_chooses_the_wazuh_user(keycloak: Keycloak, team: TeamServer) -> None:
    token = keycloak.token("carol")
    before = len(team.standin.state.issuer.run_as_log)
    async with (
        httpx2.AsyncClient(
            headers={"Authorization": f"Bearer {token}", "X-Wazuh-User": "analyst-a", "run_as": "analyst-a"}, timeout=30
        ) as http,
        Client(streamable_http_client(team.url, http_client=http)) as client,
    ):
        refused = await client.call_tool("list_agents", {"size": 1, "run_as": "analyst-a"})
        assert refused.is_error and "Unknown argument" in refused.content[0].text  # type: ignore[union-attr]
        assert not (await client.call_tool(*SAME_CALL)).is_error
    assert len(team.standin.state.issuer.run_as_log) == before


async def test_a_wazuh_user_wazuh_refuses_is_forbidden_with_the_reason(keycloak: Keycloak, tmp_path: Any) -> None:
    # A stand-in where analyst-b has no auth-context rule: Wazuh gives the run_as token no role.
    with StandinServer(tls=True) as bare, run_team_server(team_settings(tmp_path), bare) as team:
        async with analyst(team.url, keycloak.token("bob")) as client:
            result = await client.call_tool(*SAME_CALL)
    text = result.content[0].text  # type: ignore[union-attr]
    assert result.is_error and text.startswith("forbidden:") and "wazuh as analyst-b" in text


# --- roles ------------------------------------------------------------------------------------------------


async def test_role_mapping_shows_in_tools_list(keycloak: Keycloak, team: TeamServer) -> None:
    seen: dict[str, set[str]] = {}
    for user in ("alice", "bob", "carol"):
        async with analyst(team.url, keycloak.token(user)) as client:
            seen[user] = {tool.name for tool in (await client.list_tools()).tools}
    assert "create_rule" in seen["bob"] and "create_rule" not in seen["alice"]  # admin vs analyst (writes on)
    assert "hunt_query" in seen["alice"] and "hunt_query" not in seen["carol"]  # analyst vs readonly
    assert seen["carol"] < seen["alice"] < seen["bob"]
    async with analyst(team.url, keycloak.token("alice")) as client:
        hidden = await client.call_tool("create_rule", {"rule_xml": NEW_RULE})
    assert hidden.is_error and hidden.content[0].text.startswith("forbidden:")  # type: ignore[union-attr]


# --- bad tokens --------------------------------------------------------------------------------------------


def forged(token: str, **changes: Any) -> str:
    """Alice's real claims, altered, re-signed with a key the provider never had (same kid)."""
    header = jwt.get_unverified_header(token)
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return jwt.encode({**claims(token), **changes}, key, algorithm="RS256", headers={"kid": header["kid"]})


def unsigned(token: str) -> str:
    header = _b64(json.dumps({"alg": "none", "typ": "JWT", "kid": jwt.get_unverified_header(token)["kid"]}).encode())
    return f"{header}.{_b64(json.dumps({**claims(token), 'wazuh_user': 'admin'}).encode())}."


def hmac_with_public_key(keycloak: Keycloak, token: str) -> str:
    """The algorithm-confusion attack: HS256 "signed" with the provider's public key as the secret."""
    jwks = httpx.get(f"{keycloak.issuer}/protocol/openid-connect/certs", timeout=10).json()
    public = json.dumps(jwks["keys"][0]).encode()
    header = {"alg": "HS256", "kid": jwt.get_unverified_header(token)["kid"]}
    segments = [_b64(json.dumps(header).encode()), _b64(json.dumps(claims(token)).encode())]
    import hashlib
    import hmac

    signature = hmac.new(public, ".".join(segments).encode(), hashlib.sha256).digest()
    return ".".join([*segments, _b64(signature)])


def test_bad_tokens_are_refused_with_a_challenge(keycloak: Keycloak, team: TeamServer) -> None:
    alice = keycloak.token("alice")
    short = keycloak.token("alice", client="wazuh-mcp-short")  # the realm gives this client 2 s tokens
    # Keycloak names its issuer after the Host it was asked on: same keys, another issuer.
    wrong_issuer = keycloak.token("alice", issuer=ISSUER.replace("127.0.0.1", "localhost"))
    assert claims(wrong_issuer)["iss"] != ISSUER
    bad: dict[str, str | None] = {
        "none": None,
        "wrong_audience": keycloak.token("alice", client="other-service"),
        "wrong_issuer": wrong_issuer,
        "alg_none": unsigned(alice),
        "re_signed": forged(alice, wazuh_user="admin"),
        "hs256_public_key": hmac_with_public_key(keycloak, alice),
        "malformed": "not-a-jwt",
        "oversized": "a" * 20_000,
    }
    time.sleep(max(0.0, claims(short)["exp"] - time.time() + 1.1))
    bad["expired"] = short
    for name, token in bad.items():
        answer = post_mcp(team, token)
        assert answer.status_code == 401, (name, answer.status_code, answer.text[:200])
        challenge = answer.headers["www-authenticate"]
        assert challenge.startswith("Bearer ") and "resource_metadata=" in challenge, name
    assert post_mcp(team, alice).status_code == 200  # and the server still serves
    verifier = team.server.token_verifier
    assert isinstance(verifier, JwksTokenVerifier)
    for reason in ("audience", "issuer", "algorithm", "signature", "expired", "oversized"):
        assert verifier.refusals.get(reason), (reason, verifier.refusals)


async def test_refused_token_never_reaches_a_tool(keycloak: Keycloak, team: TeamServer) -> None:
    before = len(team.audit())
    with pytest.raises(Exception):  # noqa: B017 - the client's error type for a 401 is not the point
        async with analyst(team.url, forged(keycloak.token("alice"))) as client:
            await client.call_tool(*SAME_CALL)
    assert [r for r in team.audit()[before:] if r["tool"] == "agents.list_agents"] == []


def test_protected_resource_metadata_names_the_issuer(team: TeamServer) -> None:
    challenge = post_mcp(team, None).headers["www-authenticate"]
    metadata_url = challenge.split('resource_metadata="')[1].split('"')[0]
    document = httpx.get(metadata_url, timeout=10).json()
    assert document["resource"] == team.url
    assert document["authorization_servers"] == [ISSUER]


def test_foreign_origin_and_host_are_refused_on_loopback(keycloak: Keycloak, team: TeamServer) -> None:
    token = keycloak.token("alice")
    assert post_mcp(team, token, Origin="http://evil.example").status_code == 403
    assert post_mcp(team, token, Host="evil.example").status_code in (403, 421)
    assert post_mcp(team, token, Origin=f"http://127.0.0.1:{team.listener.port}").status_code == 200


# --- key rotation ------------------------------------------------------------------------------------------


def test_rotated_signing_key_is_followed(keycloak: Keycloak, team: TeamServer) -> None:
    verifier = team.server.token_verifier
    assert isinstance(verifier, JwksTokenVerifier)
    old = keycloak.token("alice")
    assert post_mcp(team, old).status_code == 200
    keycloak.rotate_signing_key()
    new = keycloak.token("alice")
    assert jwt.get_unverified_header(new)["kid"] != jwt.get_unverified_header(old)["kid"]
    time.sleep(1.1)  # the test server's jwks_min_refresh_s
    refreshes = verifier.refreshes
    assert post_mcp(team, new).status_code == 200
    assert verifier.refreshes == refreshes + 1
    assert post_mcp(team, old).status_code == 200  # the old key is still published, so its tokens still pass


async def test_unknown_key_ids_refetch_at_most_once_per_interval(keycloak: Keycloak) -> None:
    verifier = JwksTokenVerifier(OAuthSettings(issuer=ISSUER, audience="wazuh-mcp", jwks_min_refresh_s=600))
    assert await verifier.verify_token(keycloak.token("alice")) is not None
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    for n in range(20):
        made_up = jwt.encode({"sub": "x"}, key, "RS256", headers={"kid": f"made-up-{n}"})
        assert await verifier.verify_token(made_up) is None
    assert verifier.refreshes == 1 and verifier.refusals["unknown_key"] == 20


# --- four eyes ---------------------------------------------------------------------------------------------


def approve_over_http(team: TeamServer, token: str, change_id: str) -> httpx.Response:
    url = f"{team.listener.url}/approvals/{change_id}/approve"
    return httpx.post(url, headers={"Authorization": f"Bearer {token}"}, timeout=30)


async def _request_rule(team: TeamServer, token: str, rule_id: int) -> str:
    async with analyst(team.url, token) as client:
        result = await client.call_tool("create_rule", {"rule_xml": NEW_RULE.replace("100100", str(rule_id))})
    assert not result.is_error, result.content
    assert result.structured_content is not None and result.structured_content["status"] == "pending_approval"
    return str(result.structured_content["change_id"])


async def test_four_eyes_over_http(keycloak: Keycloak, team: TeamServer) -> None:
    bob = keycloak.token("bob")  # soc-leads → admin: may request and approve
    change_id = await _request_rule(team, bob, 100201)
    own = approve_over_http(team, bob, change_id)
    assert own.status_code == 403 and "four eyes" in own.json()["message"]
    assert approve_over_http(team, "not-a-token", change_id).status_code == 401
    alice = keycloak.token("alice")  # analyst: not allowed the write tools, so not an approver either
    assert approve_over_http(team, alice, change_id).status_code == 403
    uploads_before = len(list(team.standin.state.ruleset.uploads()))
    second = keycloak.token("dave")  # another soc-lead (Wazuh user lead-dave, an administrator there)
    approved = approve_over_http(team, second, change_id)
    assert approved.status_code == 200, approved.text
    assert approved.json()["state"] == "applied" and approved.json()["decided_by"] == "dave"
    assert len(list(team.standin.state.ruleset.uploads())) == uploads_before + 1
    steps = [r for r in team.audit() if r.get("change_id") == change_id]
    refused = [r for r in steps if r["tool"] == "approval.approve" and r["outcome"] == "error"]
    assert refused and refused[0]["error_code"] == "forbidden"
    done = [r for r in steps if r["tool"] == "approval.approve" and r["outcome"] == "ok"]
    assert done and done[0]["decided_by"] == "dave"
    assert approve_over_http(team, second, change_id).status_code == 409  # applied once


async def test_the_cli_approver_must_be_another_person(keycloak: Keycloak, team: TeamServer) -> None:
    from wazuh_mcp.errors import Forbidden
    from wazuh_mcp.runtime.audit import Auditor, AuditSink
    from wazuh_mcp.writes.approvals import ChangeStore

    change_id = await _request_rule(team, keycloak.token("bob"), 100202)
    # `wazuh-mcp approve` run by an OS user named like the requester is the requester.
    store = ChangeStore(auditor=Auditor(AuditSink(team.audit_path), session="cli-test", role="admin"), person="bob")
    with pytest.raises(Forbidden, match="four eyes"):
        await store.approve(change_id, None, api_url=None)  # type: ignore[arg-type]  # refused before any call


async def test_a_flood_of_unauthenticated_requests_is_refused_and_the_server_keeps_serving(
    keycloak: Keycloak, team: TeamServer
) -> None:
    import anyio

    statuses: list[int] = []
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    headers = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}
    async with httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=50)) as http:

        async def one(n: int) -> None:
            bearer = {"Authorization": f"Bearer junk-{n}"} if n % 2 else {}
            statuses.append((await http.post(team.url, json=body, headers={**headers, **bearer})).status_code)

        async with anyio.create_task_group() as group:
            for n in range(300):
                group.start_soon(one, n)
        answer = await http.post(
            team.url, json=body, headers={**headers, "Authorization": f"Bearer {keycloak.token('alice')}"}
        )
    assert statuses == [401] * 300
    assert answer.status_code == 200


async def test_a_team_caller_cannot_attest_their_own_change(
    keycloak: Keycloak, standin: StandinServer, tmp_path: Any
) -> None:
    settings = team_settings(tmp_path, write_tiers={"write.create_rule": "caller_attested"})
    uploads_before = len(list(standin.state.ruleset.uploads()))
    with run_team_server(settings, standin) as team:
        async with analyst(team.url, keycloak.token("bob")) as client:
            rule = {"rule_xml": NEW_RULE.replace("100100", "100203"), "confirm": True}
            result = await client.call_tool("create_rule", rule)
    text = result.content[0].text  # type: ignore[union-attr]
    assert result.is_error and text.startswith("forbidden:") and "four eyes" in text
    assert len(list(standin.state.ruleset.uploads())) == uploads_before
