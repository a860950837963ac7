"""The team-mode test bed: a real Keycloak (scripts/keycloak.sh), the Server API stand-in over HTTPS, and
``serve --http`` (``wazuh_mcp.server.http.prepare``) on a free loopback port in a thread.

Tokens come from Keycloak's token endpoint (password grant of the test realm's public client; the realm
is tests/team/realm-wazuh-soc.json). Without a Keycloak answering, every test here skips and says how to
start one.
"""

from __future__ import annotations

import html
import os
import re
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from standin.rbac import ROLE_IDS
from standin.security import RuleRec
from standin.server import DEMO_USERS, StandinServer
from tests.conftest import REPO
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.build import WazuhServer
from wazuh_mcp.server.http import MCP_PATH, Listener, prepare

ISSUER = os.environ.get("WAZUH_MCP_TEST_KEYCLOAK_ISSUER", "http://127.0.0.1:8280/realms/wazuh-soc")
ADMIN_FILE = Path(os.environ.get("WAZUH_MCP_TEST_KEYCLOAK_ADMIN", REPO / ".cache/keycloak/node-8280/admin-credentials"))
AUDIENCE = "wazuh-mcp"
ROLE_MAP = {"soc-leads": "admin", "soc-analysts": "analyst", "soc-viewers": "readonly"}
SERVICE_USER = "wazuh"


@dataclass
class Keycloak:
    issuer: str

    @property
    def base(self) -> str:
        return self.issuer.split("/realms/")[0]

    def token(self, user: str, *, client: str = "wazuh-mcp-test", issuer: str | None = None) -> str:
        response = httpx.post(
            f"{issuer or self.issuer}/protocol/openid-connect/token",
            data={"grant_type": "password", "client_id": client, "username": user, "password": f"{user}-test-only"},
            timeout=20,
        )
        response.raise_for_status()
        return str(response.json()["access_token"])

    def sign_in(self, authorization_url: str, user: str, *, callback: str = "http://localhost") -> str:
        """What a person does in the browser: open the authorization URL, sign in as ``user`` (password
        ``<user>-test-only``), grant consent if Keycloak asks; returns where Keycloak then sends the browser
        (the client's loopback callback with ``code`` and ``state``), without following it."""
        cookies: dict[str, str] = {}
        with httpx.Client(follow_redirects=False, timeout=20) as browser:

            def keep(response: httpx.Response) -> httpx.Response:
                # Keycloak marks its login cookies Secure even on http://127.0.0.1; a browser on localhost
                # sends them, httpx's jar would not: keep them by hand.
                for header in response.headers.get_list("set-cookie"):
                    name, _, rest = header.partition("=")
                    cookies[name.strip()] = rest.split(";", 1)[0]
                browser.headers["cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
                return response

            response = keep(browser.get(authorization_url))
            for _ in range(10):
                if response.is_redirect:
                    location = str(response.url.join(response.headers["location"]))
                    if location.startswith(callback):
                        return location
                    response = keep(browser.get(location))
                    continue
                form = re.search(r'<form[^>]*action="([^"]+)"', response.text)
                if response.status_code != 200 or form is None:
                    raise AssertionError(f"Keycloak answered {response.status_code}: {response.text[:1500]}")
                action = str(response.url.join(html.unescape(form.group(1))))
                fields = (
                    {"username": user, "password": f"{user}-test-only", "credentialId": ""}
                    if 'name="username"' in response.text
                    else {"accept": "Yes"}  # the consent screen of a client that registered itself
                )
                response = keep(browser.post(action, data=fields))
        raise AssertionError("Keycloak never sent the browser back to the client")

    def metadata(self) -> dict[str, Any]:
        """The authorization server metadata an MCP client finds for the issuer (RFC 8414 path insertion,
        the first place the 2025-11-25 authorization spec has a client look)."""
        origin, _, path = self.issuer.partition("/realms/")
        response = httpx.get(f"{origin}/.well-known/oauth-authorization-server/realms/{path}", timeout=20)
        response.raise_for_status()
        return dict(response.json())

    def admin(self) -> httpx.Client:
        """An admin REST client (master realm's bootstrap admin, whose password the script wrote)."""
        name, password = ADMIN_FILE.read_text().split()[:2]
        response = httpx.post(
            f"{self.base}/realms/master/protocol/openid-connect/token",
            data={"grant_type": "password", "client_id": "admin-cli", "username": name, "password": password},
            timeout=20,
        )
        response.raise_for_status()
        token = response.json()["access_token"]
        return httpx.Client(
            base_url=f"{self.base}/admin/realms/wazuh-soc", headers={"Authorization": f"Bearer {token}"}
        )

    def rotate_signing_key(self) -> None:
        """Add a new RSA key with a higher priority: Keycloak signs new tokens with it from now on."""
        with self.admin() as admin:
            realm_id = admin.get("").json()["id"]
            keys = admin.get("/keys").json()["keys"]
            top = max(k.get("providerPriority", 0) for k in keys if k.get("algorithm") == "RS256")
            response = admin.post(
                "/components",
                json={
                    "name": f"rotated-{time.time_ns()}",
                    "providerId": "rsa-generated",
                    "providerType": "org.keycloak.keys.KeyProvider",
                    "parentId": realm_id,
                    "config": {
                        "priority": [str(top + 10)],
                        "keySize": ["2048"],
                        "active": ["true"],
                        "enabled": ["true"],
                        "algorithm": ["RS256"],
                    },
                },
            )
            response.raise_for_status()


@pytest.fixture(scope="session")
def keycloak() -> Keycloak:
    try:
        answer = httpx.get(f"{ISSUER}/.well-known/openid-configuration", timeout=5)
    except httpx.HTTPError:
        answer = None
    if answer is None or answer.status_code != 200:
        pytest.skip(f"no Keycloak at {ISSUER}: start one with scripts/keycloak.sh start (needs java 21+ and mvn)")
    return Keycloak(ISSUER)


@dataclass
class TeamServer:
    url: str
    """The MCP endpoint."""
    listener: Listener
    server: WazuhServer
    standin: StandinServer
    audit_path: Path

    def audit(self) -> list[dict[str, Any]]:
        import json

        return [json.loads(line) for line in self.audit_path.read_text().splitlines() if line.strip()]


def standin_backends(standin: StandinServer) -> Any:
    @asynccontextmanager
    async def factory() -> AsyncIterator[Backends]:
        api = ServerApi(
            ServerApiConfig(
                url=standin.url,
                user=SERVICE_USER,
                password=DEMO_USERS[SERVICE_USER].password,
                verify=str(standin.ca_path),
            )
        )
        try:
            yield Backends(server_api=api)
        finally:
            await api.aclose()

    def open_backends() -> AbstractAsyncContextManager[Backends]:
        return factory()

    return open_backends


def allow_run_as(standin: StandinServer, wazuh_user: str, role: str = "readonly") -> None:
    """What a Wazuh admin does for a new analyst: an auth-context rule mapping the user to a role."""
    db = standin.state.issuer.db
    rule_id = db.next_id(db.rules)
    db.rules[rule_id] = RuleRec(rule_id, f"team_{wazuh_user}", {"MATCH": {"username": wazuh_user}})
    db.roles[ROLE_IDS[role]].rules.append(rule_id)


def team_settings(tmp: Path, **overrides: Any) -> Settings:
    oauth = {"issuer": ISSUER, "audience": AUDIENCE, "role_map": ROLE_MAP, "leeway_s": 0, "jwks_min_refresh_s": 1}
    oauth.update(overrides.pop("oauth", {}))
    return Settings(
        oauth=oauth, writes=True, audit_log=tmp / "audit.jsonl", api={"url": "https://standin"}, **overrides
    )


@contextmanager
def run_team_server(settings: Settings, standin: StandinServer) -> Iterator[TeamServer]:
    """``serve --http`` in a thread of this process (so tests can read the stand-in's log)."""
    uv, sock, server, listener = prepare(
        settings, host="127.0.0.1", port=0, backends=standin_backends(standin), profile="team-test"
    )
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, name="team-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not uv.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("serve --http did not start")
        time.sleep(0.02)
    try:
        yield TeamServer(listener.url + MCP_PATH, listener, server, standin, settings.audit_path)
    finally:
        uv.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture(scope="module")
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        allow_run_as(server, "analyst-b")
        allow_run_as(server, "lead-dave", "administrator")
        yield server


@pytest.fixture(scope="module")
def team(keycloak: Keycloak, standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    # Pending changes go to <state dir>/pending, read from the environment at each step: the server thread
    # and a test's approver see the same directory (each test's own, from tests/conftest.py).
    with run_team_server(team_settings(tmp_path_factory.mktemp("team")), standin) as running:
        yield running
