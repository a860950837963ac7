"""How an MCP client gets a client id at the team's identity provider, against the real Keycloak as
scripts/keycloak.sh sets it up (docs/team.md, "Logging in"): the server's RFC 9728 metadata leads to an
issuer whose metadata offers registration (RFC 7591), anonymous registration takes loopback redirect URIs
only, and a client registered either way — by itself, or beforehand (wazuh-mcp-cli) — gets tokens the
server takes. Issue 26 item 13: Claude Code stopped at "Incompatible auth server: does not support dynamic
client registration"."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import anyio
import httpx
import jwt

from tests.team.conftest import AUDIENCE, ISSUER, Keycloak, TeamServer
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.setup.conncheck import Check, run_connection_test

REDIRECT = "http://localhost:53682/callback"
"""Where an MCP client on the analyst's machine listens for the code (RFC 8252 loopback)."""


def registration(redirect: str = REDIRECT) -> dict[str, Any]:
    """What Claude Code 2.1 sends to a registration endpoint (its DCR request, seen against this Keycloak)."""
    return {
        "client_name": "Claude Code (wazuh)",
        "redirect_uris": [redirect],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "token_endpoint_auth_method": "none",
    }


def code_flow(keycloak: Keycloak, client_id: str, user: str, redirect: str = REDIRECT) -> str:
    """An authorization-code flow with PKCE S256 as an MCP client runs it; returns the access token."""
    metadata = keycloak.metadata()
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    state = secrets.token_urlsafe(16)
    query = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": redirect,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "state": state,
    }
    back = keycloak.sign_in(f"{metadata['authorization_endpoint']}?{urlencode(query)}", user)
    answer = parse_qs(urlsplit(back).query)
    assert answer["state"] == [state], back
    response = httpx.post(
        metadata["token_endpoint"],
        data={
            "grant_type": "authorization_code",
            "code": answer["code"][0],
            "redirect_uri": redirect,
            "client_id": client_id,
            "code_verifier": verifier,
        },
        timeout=20,
    )
    response.raise_for_status()
    return str(response.json()["access_token"])


def tools_list(team: TeamServer, token: str) -> httpx.Response:
    return httpx.post(
        team.url,
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": "2025-11-25",
            "Authorization": f"Bearer {token}",
        },
        timeout=30,
    )


def test_the_servers_metadata_leads_to_an_issuer_that_offers_registration(team: TeamServer) -> None:
    """The discovery an MCP client does, step by step, from the 401 to the registration endpoint."""
    challenge = httpx.post(team.url, json={}, timeout=10).headers["www-authenticate"]
    resource_metadata = challenge.split('resource_metadata="')[1].split('"')[0]
    assert resource_metadata == f"{team.listener.url}/.well-known/oauth-protected-resource/mcp"
    document = httpx.get(resource_metadata, timeout=10).json()
    assert document["resource"] == team.url
    assert document["authorization_servers"] == [ISSUER], "exactly the tokens' iss: no trailing slash added"
    issuer = document["authorization_servers"][0]
    origin, _, path = issuer.partition("/realms/")
    found = httpx.get(f"{origin}/.well-known/oauth-authorization-server/realms/{path}", timeout=20).json()
    assert found["issuer"] == issuer
    assert found["registration_endpoint"].startswith(f"{issuer}/")
    assert "S256" in found["code_challenge_methods_supported"]
    assert "code" in found["response_types_supported"]


def test_a_client_registers_itself_and_its_users_tokens_reach_the_tools(keycloak: Keycloak, team: TeamServer) -> None:
    response = httpx.post(keycloak.metadata()["registration_endpoint"], json=registration(), timeout=20)
    assert response.status_code == 201, response.text
    client_id = response.json()["client_id"]
    token = code_flow(keycloak, client_id, "alice")
    claims = jwt.decode(token, options={"verify_signature": False})
    assert AUDIENCE in ([claims["aud"]] if isinstance(claims["aud"], str) else claims["aud"])
    assert (claims["azp"], claims["wazuh_user"], claims["groups"]) == (client_id, "analyst-a", ["soc-analysts"])
    answer = tools_list(team, token)
    assert answer.status_code == 200, answer.text
    assert answer.json()["result"]["tools"], "the analyst role lists tools"


def test_anonymous_registration_takes_loopback_and_claude_connector_redirects_only(keycloak: Keycloak) -> None:
    endpoint = keycloak.metadata()["registration_endpoint"]
    for redirect in ("https://evil.example/callback", "http://10.0.0.5:53682/callback", "https://claude.ai.evil/cb"):
        response = httpx.post(endpoint, json=registration(redirect), timeout=20)
        assert response.status_code == 403, (redirect, response.text)
        assert "Trusted Hosts" in response.text
    for redirect in ("http://127.0.0.1:1234/cb", "https://claude.ai/api/mcp/auth_callback"):
        assert httpx.post(endpoint, json=registration(redirect), timeout=20).status_code == 201, redirect


def test_the_pre_registered_client_signs_in_with_pkce_on_any_loopback_port(
    keycloak: Keycloak, team: TeamServer
) -> None:
    """``connect --client-id wazuh-mcp-cli``: for providers without registration, or admins who want one client."""
    token = code_flow(keycloak, "wazuh-mcp-cli", "bob", redirect="http://localhost:41234/callback")
    assert jwt.decode(token, options={"verify_signature": False})["azp"] == "wazuh-mcp-cli"
    assert tools_list(team, token).status_code == 200
    query = urlencode({"response_type": "code", "client_id": "wazuh-mcp-cli", "redirect_uri": REDIRECT})
    no_pkce = httpx.get(f"{keycloak.metadata()['authorization_endpoint']}?{query}", timeout=20)
    refused = parse_qs(urlsplit(no_pkce.headers["location"]).query)  # Keycloak sends the error to the client
    assert refused["error"] == ["invalid_request"] and "code_challenge_method" in refused["error_description"][0]


# --- the connection test tells the admin what analysts' clients will meet ------------------------------------


def idp_check(issuer: str) -> Check:
    settings = Settings(oauth={"issuer": issuer, "audience": AUDIENCE})
    report = anyio.run(lambda: run_connection_test(settings, profile="team"))
    return {c.key: c for c in report.checks}["idp.clients"]


def test_the_connection_test_says_clients_can_register_at_keycloak(keycloak: Keycloak) -> None:
    check = idp_check(keycloak.issuer)
    assert check.status == "ok", check
    assert f"register themselves at {keycloak.metadata()['registration_endpoint']}" in check.detail


class _Discovery(BaseHTTPRequestHandler):
    """A provider's discovery document (``document`` of the server, its ``issuer`` filled in) and key set."""

    server: Any

    def do_GET(self) -> None:
        issuer = f"http://127.0.0.1:{self.server.server_address[1]}/realms/soc"
        documents = {
            "/realms/soc/.well-known/openid-configuration": {
                "issuer": issuer,
                "jwks_uri": f"{issuer}/certs",
                **self.server.document,
            },
            "/realms/soc/certs": {"keys": [{"kty": "RSA", "kid": "k1", "use": "sig", "n": "sXch", "e": "AQAB"}]},
        }
        body = json.dumps(documents.get(self.path, {})).encode()
        self.send_response(200 if self.path in documents else 404)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_: object) -> None:
        return


def provider_check(document: dict[str, Any]) -> Check:
    server: Any = ThreadingHTTPServer(("127.0.0.1", 0), _Discovery)
    server.document = document
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        return idp_check(f"http://127.0.0.1:{server.server_address[1]}/realms/soc")
    finally:
        server.shutdown()
        server.server_close()


def test_the_connection_test_warns_when_clients_cannot_register_and_says_what_to_give_them() -> None:
    """The admin learns before any analyst does what Claude Code met in issue 26 item 13."""
    check = provider_check({"code_challenge_methods_supported": ["S256"]})  # as Entra ID or Google: no endpoint
    assert check.status == "warn"
    assert "Incompatible auth server" in check.detail and "--client-id" in (check.hint or "")
    cimd = provider_check({"client_id_metadata_document_supported": True})
    assert cimd.status == "ok" and "client ID metadata documents" in cimd.detail
    plain = provider_check({"registration_endpoint": "https://idp/reg", "code_challenge_methods_supported": ["plain"]})
    assert plain.status == "fail" and "S256" in plain.detail
