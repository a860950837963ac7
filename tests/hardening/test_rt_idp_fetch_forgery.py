"""Own round (issue 24 item 9): the identity-provider fetches of the connection test and of ``serve --http``
as a request forger.

Whoever answers at the issuer's URL (the provider, or anyone on the path of a plain-HTTP hop) writes the
discovery document that names where the signing keys are fetched from. Found and fixed here:

- rt_jwks_downgrade: an ``https`` issuer whose discovery document names an ``http://`` key set (here one on
  another loopback port) was fetched: keys over plain HTTP sign any token. Now refused, nothing fetched.
- rt_idp_body_unbounded: the discovery document and key set were read whole, whatever their size. Now a body
  over 1 MiB is refused unread.
- rt_idp_issuer_echo: a discovery document's wrong ``issuer`` was echoed whole into the error the connection
  test keeps and shows. Now bounded.
- rt_redirect_credentials (holds): a redirect from the provider or the Server API login is not followed, so
  neither the fetch nor the Server API password reaches the host a redirect names.
"""

from __future__ import annotations

import json
import ssl
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from standin.tls import make_tls_files
from wazuh_mcp.backends.jwks import fetch_jwks
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.errors import WazuhMCPError
from wazuh_mcp.setup.conncheck import run_connection_test

MAX_DOCUMENT_BYTES = 1024 * 1024  # a real discovery document or key set is a few KB
Route = Callable[[BaseHTTPRequestHandler], None]


@dataclass
class Host:
    """A loopback HTTP(S) server that records every request (path and headers) and answers by route."""

    url: str = ""
    seen: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    routes: dict[str, Route] = field(default_factory=dict)


@contextmanager
def host(tls_dir: Path | None = None) -> Iterator[Host]:
    state = Host()

    class Handler(BaseHTTPRequestHandler):
        def _any(self) -> None:
            state.seen.append((self.path, {k.lower(): v for k, v in self.headers.items()}))
            route = state.routes.get(self.path.split("?")[0])
            if route is None:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            route(self)

        do_GET = do_POST = _any

        def log_message(self, *_: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    scheme = "http"
    if tls_dir is not None:
        files = make_tls_files(tls_dir)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(files.cert_path, files.key_path)
        httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
        scheme = "https"
    state.url = f"{scheme}://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()


def send_json(document: Any, status: int = 200) -> Route:
    body = json.dumps(document).encode()

    def route(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    return route


def redirect(to: str, status: int = 307) -> Route:
    def route(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(status)
        handler.send_header("Location", to)
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    return route


KEYS = {"keys": [{"kty": "RSA", "kid": "k", "n": "AQAB", "e": "AQAB"}]}


@pytest.fixture
def trusted_tls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The https provider's CA is trusted the way the server's account trusts one (SSL_CERT_FILE)."""
    tls_dir = tmp_path / "tls"
    tls_dir.mkdir()
    return tls_dir


def _trust(tls_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(tls_dir / "ca.pem"))


def _settings(issuer: str, **oauth: Any) -> Settings:
    return Settings.model_validate({"oauth": {"issuer": issuer, "audience": "wazuh-mcp", **oauth}})


async def test_rt_jwks_downgrade_discovered_http_keys_are_not_fetched(
    trusted_tls: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with host(trusted_tls) as idp, host() as plain:
        _trust(trusted_tls, monkeypatch)
        assert (trusted_tls / "ca.pem").exists(), "make_tls_files writes the CA as ca.pem"
        plain.routes["/keys"] = send_json(KEYS)
        idp.routes["/.well-known/openid-configuration"] = send_json(
            {"issuer": idp.url, "jwks_uri": plain.url + "/keys"}
        )
        # the https provider itself is trusted: the same discovery with https keys is fetched (the bed works)
        idp.routes["/keys"] = send_json(KEYS)
        with pytest.raises(WazuhMCPError) as refused:
            await fetch_jwks(idp.url, None)
        assert "not https" in refused.value.message
        assert plain.seen == [], "the plain-HTTP key set was fetched"
        # variant: the configured jwks_url is http:// under an https issuer
        with pytest.raises(WazuhMCPError):
            await fetch_jwks(idp.url, plain.url + "/keys")
        assert plain.seen == []
        # variant: another scheme altogether
        with pytest.raises(WazuhMCPError):
            await fetch_jwks(idp.url, "file:///etc/passwd")
        # the control: https keys under an https issuer are fetched
        url, document = await fetch_jwks(idp.url, idp.url + "/keys")
        assert document == KEYS and url == idp.url + "/keys"
        # and through the connection test, as the team screen runs it
        report = await run_connection_test(_settings(idp.url), profile="default")
        idp_check = next(c for c in report.checks if c.key == "idp")
        assert idp_check.status == "fail" and "not https" in idp_check.detail
        assert plain.seen == []


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
async def test_rt_idp_body_unbounded_is_refused_unread(declared: bool) -> None:
    size = MAX_DOCUMENT_BYTES * 8

    def huge(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        if declared:
            handler.send_header("Content-Length", str(size))
        else:
            handler.send_header("Transfer-Encoding", "chunked")
        handler.end_headers()
        chunk = b'{"pad": "' + b"a" * (size - 20) + b'"}'
        try:
            if declared:
                handler.wfile.write(chunk)
            else:
                for i in range(0, len(chunk), 65536):
                    part = chunk[i : i + 65536]
                    handler.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
                handler.wfile.write(b"0\r\n\r\n")
        except OSError:  # the client stopped reading: that is the fix
            pass

    with host() as idp:
        idp.routes["/.well-known/openid-configuration"] = huge
        with pytest.raises(WazuhMCPError) as refused:
            await fetch_jwks(idp.url, None)
        assert "larger than" in refused.value.message
        idp.routes["/.well-known/openid-configuration"] = send_json({"issuer": idp.url, "jwks_uri": idp.url + "/k"})
        idp.routes["/k"] = huge
        with pytest.raises(WazuhMCPError) as refused:
            await fetch_jwks(idp.url, None)
        assert "larger than" in refused.value.message


async def test_rt_idp_issuer_echo_is_bounded() -> None:
    planted = "\x1b[2K\x1b[1A\u202e" + "A" * 200_000
    with host() as idp:
        idp.routes["/.well-known/openid-configuration"] = send_json({"issuer": planted, "jwks_uri": idp.url + "/k"})
        report = await run_connection_test(_settings(idp.url), profile="default")
    check = next(c for c in report.checks if c.key == "idp")
    assert check.status == "fail"
    assert len(check.detail) < 1000, f"the provider's issuer was echoed whole ({len(check.detail)} chars)"
    assert "\x1b" not in check.detail and "\u202e" not in check.detail


@pytest.mark.parametrize("status", [301, 302, 307, 308])
async def test_rt_redirect_credentials_not_sent_to_redirected_host(status: int) -> None:
    with host() as idp, host() as elsewhere:
        elsewhere.routes["/.well-known/openid-configuration"] = send_json(
            {"issuer": idp.url, "jwks_uri": elsewhere.url + "/k"}
        )
        idp.routes["/.well-known/openid-configuration"] = redirect(
            elsewhere.url + "/.well-known/openid-configuration", status
        )
        with pytest.raises(WazuhMCPError):
            await fetch_jwks(idp.url, None)
        assert elsewhere.seen == [], "the provider's redirect was followed"

        # the Server API login of the connection test: the password must not follow a redirect
        api = idp
        api.routes["/security/user/authenticate"] = redirect(elsewhere.url + "/security/user/authenticate", status)
        api.routes["/"] = redirect(elsewhere.url + "/", status)
        settings = Settings.model_validate({"api": {"url": api.url, "user": "wazuh"}})
        report = await run_connection_test(settings, profile="default", api_password="s3cret-Redirected-9")
        login = next(c for c in report.checks if c.key == "api.login")
        assert login.status == "fail"
        assert elsewhere.seen == [], "the Server API login followed a redirect"
        assert any("authorization" in headers for _, headers in api.seen), "the bed sent no login at all"
        assert "s3cret-Redirected-9" not in json.dumps(report.to_json())

        # the Indexer's search of the connection test: its Basic credentials must not follow a redirect either
        for path in ("/wazuh-alerts-*/_search", "/wazuh-states-vulnerabilities*/_search"):
            api.routes[path] = redirect(elsewhere.url + path, status)
        settings = Settings.model_validate({"indexer": {"url": api.url, "user": "admin"}})
        report = await run_connection_test(settings, profile="default", indexer_password="Idx-Redirected-7")
        alerts = next(c for c in report.checks if c.key == "indexer.alerts")
        assert alerts.status == "fail" and str(status) in alerts.detail
        assert elsewhere.seen == [], "the Indexer search followed a redirect"
        assert "Idx-Redirected-7" not in json.dumps(report.to_json())


@pytest.mark.parametrize(
    ("issuer", "jwks_url"),
    [
        ("http://idp.invalid/realms/team", None),  # plain-HTTP issuer on another machine
        ("http://idp.invalid/realms/team", "https://idp.invalid/certs"),
        ("http://127.0.0.1:9/realms/team", "http://keys.invalid/certs"),  # loopback issuer, remote http keys
    ],
    ids=["issuer", "issuer-with-https-keys", "keys"],
)
async def test_rt_idp_plain_http_off_the_machine_is_refused_before_any_fetch(issuer: str, jwks_url: str | None) -> None:
    """rt_idp_plain_http: an ``http://`` issuer (or key set) on another machine was fetched: whoever is on the
    path answers with their own keys. Refused in words before any connection (``.invalid`` names resolve
    nowhere, so nothing leaves this machine even if the check regressed)."""
    with pytest.raises(WazuhMCPError) as refused:
        await fetch_jwks(issuer, jwks_url)
    assert "not https" in refused.value.message
    report = await run_connection_test(_settings(issuer, jwks_url=jwks_url), profile="default")
    check = next(c for c in report.checks if c.key == "idp")
    assert check.status == "fail" and "not https" in check.detail
