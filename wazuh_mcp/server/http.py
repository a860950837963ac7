"""``wazuh-mcp serve --http``: the MCP Streamable HTTP transport (the SDK's) on uvicorn, for a team.

- Loopback by default. Elsewhere it needs TLS (``http.tls_cert``/``http.tls_key``) or an explicit
  ``http.allow_plaintext`` (a TLS-terminating proxy in front), and an issuer: no unauthenticated team
  server. The listener's terms (address, TLS, plaintext allowed, issuer) are one audit record.
- With ``oauth.issuer`` set every request needs a bearer token the SDK's middleware checks with
  ``JwksTokenVerifier``; the SDK answers 401 with ``WWW-Authenticate`` and serves the RFC 9728
  protected-resource metadata naming the issuer.
- Stateless (the SDK's ``stateless_http`` with JSON answers): no MCP session lives in a process, so
  any replica behind a load balancer can answer any request. What stays per process is caches only:
  the JWKS, Wazuh tokens per user, role exposures.
- Host/Origin checks against DNS rebinding (the SDK's transport security): on loopback only loopback
  Host and Origin values pass. A request without ``Origin`` passes: non-browser MCP clients send none,
  and a rebinding page cannot forge the ``Host`` check.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import signal
import socket
import sys
import time
from dataclasses import dataclass
from types import FrameType
from typing import Any
from urllib.parse import urlparse

import anyio
import uvicorn
from mcp.server.auth.settings import AuthSettings
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette

from wazuh_mcp.config.settings import Settings
from wazuh_mcp.errors import ConfigurationError
from wazuh_mcp.runtime.audit import Auditor, AuditSink, now_iso
from wazuh_mcp.runtime.first_answer import FirstAnswer
from wazuh_mcp.server.approve_http import add_approval_route
from wazuh_mcp.server.build import BackendFactory, WazuhServer, build_server
from wazuh_mcp.server.oauth import JwksTokenVerifier
from wazuh_mcp.server.stdio import DemoParts

log = logging.getLogger(__name__)

MCP_PATH = "/mcp"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Listener:
    host: str
    port: int
    tls: bool

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'https' if self.tls else 'http'}://{host}:{self.port}"


def check_listener(settings: Settings, host: str) -> None:
    """Refuse what would expose Wazuh to the network unprotected (see the module docstring)."""
    http, oauth = settings.http, settings.oauth
    if bool(http.tls_cert) != bool(http.tls_key):
        raise ConfigurationError(
            "http.tls_cert and http.tls_key go together.",
            hint="Set both WAZUH_MCP_HTTP_TLS_CERT and WAZUH_MCP_HTTP_TLS_KEY (PEM files), or neither.",
        )
    if is_loopback(host):
        return
    if not http.tls_cert and not http.allow_plaintext:
        raise ConfigurationError(
            f"Refusing plain HTTP on {host}: tokens and Wazuh data would cross the network in clear.",
            hint="Set WAZUH_MCP_HTTP_TLS_CERT and WAZUH_MCP_HTTP_TLS_KEY, or, behind a TLS-terminating proxy, "
            "WAZUH_MCP_HTTP_ALLOW_PLAINTEXT=true (recorded in the audit).",
        )
    if not oauth.issuer:
        raise ConfigurationError(
            f"Refusing to listen on {host} without an identity provider: anyone reaching it would act as "
            "the service account.",
            hint="Set WAZUH_MCP_OAUTH_ISSUER and WAZUH_MCP_OAUTH_AUDIENCE (docs/team.md), or listen on 127.0.0.1.",
        )


def transport_security(settings: Settings, listener: Listener) -> TransportSecuritySettings:
    extra = list(settings.http.allowed_origins)
    if is_loopback(listener.host):
        return TransportSecuritySettings(
            allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
            allowed_origins=[
                f"{scheme}://{h}:*" for scheme in ("http", "https") for h in ("127.0.0.1", "localhost", "[::1]")
            ]
            + extra,
        )
    hosts = {f"{listener.host}:{listener.port}"}
    if settings.http.public_url:
        public = urlparse(settings.http.public_url)
        if public.netloc:
            hosts |= {public.netloc, public.hostname or public.netloc}
            extra.append(f"{public.scheme}://{public.netloc}")
    return TransportSecuritySettings(allowed_hosts=sorted(hosts), allowed_origins=extra)


def auth_options(settings: Settings, listener: Listener) -> dict[str, Any]:
    """``MCPServer`` keyword arguments for the resource server, or {} without an issuer."""
    oauth = settings.oauth
    if not oauth.issuer:
        return {}
    resource = (settings.http.public_url or listener.url).rstrip("/")
    if not resource.endswith(MCP_PATH):
        resource += MCP_PATH
    return {
        "auth": AuthSettings(
            issuer_url=oauth.issuer,
            resource_server_url=resource,
            required_scopes=oauth.required_scopes or None,
            # The verifier checks ``aud`` itself (the provider's audience need not be this URL).
            validate_token_resource=False,
        ),
        "token_verifier": JwksTokenVerifier(oauth),
    }


def http_app(server: WazuhServer, settings: Settings, listener: Listener) -> Starlette:
    return server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        stateless_http=True,
        json_response=True,
        transport_security=transport_security(settings, listener),
        host=listener.host,
    )


def audit_listen(settings: Settings, listener: Listener, *, demo: bool) -> None:
    plaintext_remote = not listener.tls and not is_loopback(listener.host)
    auditor = Auditor(AuditSink.from_settings(settings), session=f"http-{os.getpid()}", role=settings.role)
    auditor.record(
        "server.listen",
        "server",
        args={
            "url": listener.url,
            "tls": listener.tls,
            "plaintext_allowed": plaintext_remote,
            "issuer": settings.oauth.issuer,
            "demo": demo,
        },
        ts=now_iso(),
        started=time.perf_counter(),
    )


class _Server(uvicorn.Server):
    """A signal (SIGTERM from a service manager, Ctrl-C) shuts down gracefully and the process exits 0;
    stock uvicorn re-raises the signal afterwards, so the exit status would read as a crash."""

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.should_exit and sig == signal.SIGINT:
            self.force_exit = True  # a second Ctrl-C: stop waiting for open requests
        self.should_exit = True


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the app is built (the metadata needs the real port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ConfigurationError(
            f"Cannot listen on {host}:{port}: {exc.strerror or exc}.",
            hint="Pick another port with --port (0: any free one), or stop what holds it.",
        ) from exc
    sock.listen(128)
    sock.setblocking(False)
    return sock


def prepare(
    settings: Settings,
    *,
    host: str,
    port: int,
    backends: BackendFactory | None = None,
    profile: str = "default",
    first_answer: FirstAnswer | None = None,
) -> tuple[uvicorn.Server, socket.socket, WazuhServer, Listener]:
    """Everything ``serve --http`` runs, ready to serve (tests and the bench run it in-process)."""
    check_listener(settings, host)
    sock = bind(host, port)
    listener = Listener(host, sock.getsockname()[1], tls=settings.http.tls_cert is not None)
    options = auth_options(settings, listener)
    server = build_server(settings, backends=backends, profile=profile, first_answer=first_answer, **options)
    if "token_verifier" in options:
        add_approval_route(server, options["token_verifier"])
    app = http_app(server, settings, listener)
    tls: dict[str, Any] = {}
    if settings.http.tls_cert and settings.http.tls_key:
        tls = {"ssl_certfile": str(settings.http.tls_cert), "ssl_keyfile": str(settings.http.tls_key)}
    config = uvicorn.Config(app, log_config=None, access_log=False, timeout_graceful_shutdown=2, lifespan="on", **tls)
    return _Server(config), sock, server, listener


def run_http(*, demo: DemoParts | None, profile: str | None, host: str | None, port: int | None) -> int:
    factory: BackendFactory | None = None
    gate: FirstAnswer | None = None
    if demo is not None:
        (settings, factory, gate), name = demo, "demo"
    else:
        from wazuh_mcp.config.settings import selected_profile

        name = selected_profile(profile)
        settings = Settings.load(profile=name)
    uv, sock, _, listener = prepare(
        settings,
        host=host or settings.http.host,
        port=settings.http.port if port is None else port,
        backends=factory,
        profile=name,
        first_answer=gate,
    )
    audit_listen(settings, listener, demo=demo is not None)
    auth = f"tokens from {settings.oauth.issuer}" if settings.oauth.issuer else "no authentication (loopback)"
    print(f"wazuh-mcp: serving MCP on {listener.url}{MCP_PATH} ({auth})", file=sys.stderr, flush=True)
    anyio.run(uv.serve, [sock])
    return 0
