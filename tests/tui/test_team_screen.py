"""The team-server screen with Pilot: a profile switched to `serve --http`, checked against a real
identity provider's discovery document served over loopback HTTP, refused in words when nothing
listens, saved into the settings file, and `connect --url` one key away."""

from __future__ import annotations

import json
import socket
import threading
import tomllib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from textual.widgets import Input, RadioButton, Select

from tests.tui.conftest import on_screen, settle, text_of
from tests.tui.test_playground import wait_for
from tui.app import create_app
from tui.screens.connect import ConnectScreen
from wazuh_mcp.config.settings import Settings, config_path
from wazuh_mcp.setup.flow import ProfileInput, save_profile

SIZE = (120, 40)


class Provider(ThreadingHTTPServer):
    """An OIDC provider's public face: the discovery document and its key set (RFC 8414 / 7517 shapes)."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.issuer = f"http://127.0.0.1:{self.server_address[1]}/realms/soc"
        self.requests: list[str] = []


class _Handler(BaseHTTPRequestHandler):
    server: Provider

    def do_GET(self) -> None:
        self.server.requests.append(self.path)
        documents = {
            "/realms/soc/.well-known/openid-configuration": {
                "issuer": self.server.issuer,
                "jwks_uri": f"{self.server.issuer}/protocol/openid-connect/certs",
            },
            "/realms/soc/protocol/openid-connect/certs": {
                "keys": [{"kty": "RSA", "kid": "k1", "use": "sig", "alg": "RS256", "n": "sXch", "e": "AQAB"}]
            },
        }
        body = documents.get(self.path)
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(json.dumps(body or {"error": "not found"}).encode())

    def log_message(self, *_: object) -> None:  # keep the test output clean
        return


@pytest.fixture
def provider() -> Iterator[Provider]:
    server = Provider()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])  # closed again on exit: nothing listens there


def fill(app: object, **values: str) -> None:
    from textual.app import App

    assert isinstance(app, App)
    for field_id, value in values.items():
        app.screen.query_one(f"#{field_id}", Input).value = value


@pytest.fixture
def lab_profile() -> None:
    save_profile(
        ProfileInput(
            name="lab",
            api_url="https://wazuh.example.org:55000",
            api_user="svc",
            api_password="pw",
            extra={"oauth": {"leeway_s": 5.0}, "http": {"allowed_origins": ["https://console.soc.example"]}},
        )
    )


async def test_team_mode_is_checked_against_the_providers_discovery_document(
    provider: Provider, lab_profile: None
) -> None:
    app = create_app(start="home", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert "profile lab" in text_of(app, "#team-title")
        await pilot.press("ctrl+t")  # nothing filled in: refused where the person looks
        await settle(pilot)
        assert "Enter the issuer URL" in on_screen(app, "#issuer-error")
        assert app.focused is app.screen.query_one("#issuer")
        fill(app, issuer=provider.issuer, audience="wazuh-mcp", role_map="soc-leads=admin, soc-analysts=analyst")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: "Identity provider" in text_of(app, "#team-checks"), seconds=30)
        checks = text_of(app, "#team-checks")
        assert f"✔ Identity provider: discovery: {provider.issuer} publishes 1 signing key(s)" in checks
        assert "/realms/soc/.well-known/openid-configuration" in provider.requests

        fill(app, role_map="soc-leads=root")  # the model's own rules, on the field
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "Unknown role 'root'" in on_screen(app, "#role_map-error")
        fill(app, role_map="soc-leads=admin, soc-analysts=analyst", host="0.0.0.0")
        await pilot.press("ctrl+s")  # off loopback without a certificate: serve --http would refuse
        await settle(pilot)
        assert "Refusing plain HTTP on 0.0.0.0" in on_screen(app, "#tls_cert-error")
        fill(app, host="127.0.0.1", port="8799")
        app.screen.query_one("#default_role", Select).value = "readonly"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "✔ Saved [profiles.lab.oauth]" in text_of(app, "#team-result")

        await pilot.press("ctrl+g")  # connect --url, one key away
        await settle(pilot)
        assert isinstance(app.screen, ConnectScreen)
        assert "✖ Not in this client's file" in text_of(app, "#target")  # Claude Desktop, the first client
        assert "Settings > Connectors with the URL http://127.0.0.1:8799/mcp" in text_of(app, "#diff")
        cursor = next(b for b in app.screen.query(RadioButton) if b.name == "cursor")
        cursor.value = True  # Cursor: its entry is a url
        await settle(pilot)
        assert '"url": "http://127.0.0.1:8799/mcp"' in text_of(app, "#diff")
    saved = tomllib.loads(config_path().read_text())["profiles"]["lab"]
    assert saved["api"]["url"] == "https://wazuh.example.org:55000"  # the rest of the profile is kept
    settings = Settings.load(profile="lab")  # the server's own model reads back what was saved
    assert settings.oauth.issuer == provider.issuer and settings.oauth.audience == "wazuh-mcp"
    assert settings.oauth.role_map == {"soc-leads": "admin", "soc-analysts": "analyst"}
    assert settings.oauth.default_role == "readonly" and settings.http.port == 8799
    # what the screen does not show is kept as it was
    assert settings.oauth.leeway_s == 5.0 and settings.http.allowed_origins == ["https://console.soc.example"]


async def test_a_provider_that_refuses_the_connection_is_said_in_words(lab_profile: None) -> None:
    app = create_app(start="team", cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        issuer = f"http://127.0.0.1:{closed_port()}/realms/soc"
        fill(app, issuer=issuer, audience="wazuh-mcp")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: "Identity provider" in text_of(app, "#team-checks"), seconds=30)
        checks = text_of(app, "#team-checks")
        assert f"✖ Identity provider: discovery: Could not connect to the identity provider at {issuer}" in checks
        assert "refused or the host is unreachable" in checks and "ConnectError" not in checks
        assert "→ Check the issuer URL and port" in checks
