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
- Slow clients cannot hold connections: a request's headers must arrive within ``http.header_timeout_s``
  (``_TimedH11``: uvicorn itself has no such limit, only a keep-alive one), its body within
  ``http.body_timeout_s`` (``_Guard``, else 408), and ``GET /mcp`` — the stream for server-initiated
  messages, which a stateless server never sends — is ``405`` at once instead of a stream held open.
"""

from __future__ import annotations

import asyncio
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
from mcp.server.auth.routes import create_protected_resource_routes
from mcp.server.auth.settings import AuthSettings
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette
from uvicorn.protocols.http.h11_impl import H11Protocol

from wazuh_mcp.config.settings import Settings
from wazuh_mcp.errors import ConfigurationError
from wazuh_mcp.runtime.audit import Auditor, AuditSink, now_iso
from wazuh_mcp.runtime.collector import pace_for_serving
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
    app = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        stateless_http=True,
        json_response=True,
        transport_security=transport_security(settings, listener),
        host=listener.host,
    )
    auth = server.settings.auth
    advertised = _advertised_scopes(settings)
    if auth is not None and auth.resource_server_url is not None and advertised != (auth.required_scopes or []):
        # The SDK names only the required scopes in the RFC 9728 document; oauth.scopes are advertised too.
        ours = create_protected_resource_routes(auth.resource_server_url, [auth.issuer_url], advertised or None)
        paths = {route.path for route in ours}
        app.router.routes[:] = ours + [r for r in app.router.routes if getattr(r, "path", None) not in paths]
    return app


def _advertised_scopes(settings: Settings) -> list[str]:
    """``scopes_supported`` of the protected-resource metadata: the required scopes, then ``oauth.scopes``."""
    oauth = settings.oauth
    return list(dict.fromkeys([*oauth.required_scopes, *oauth.scopes]))


class _TimedH11(H11Protocol):
    """uvicorn's h11 protocol with a deadline on each request's headers (a slowloris client sending a
    header line now and then held the connection for ever). Armed when the connection opens and after
    each answer; disarmed when a request's headers are complete."""

    header_timeout_s = 10.0
    _header_timer: asyncio.TimerHandle | None = None
    _armed_for: object = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def handle_events(self) -> None:
        super().handle_events()
        if self._header_timer is not None and self.cycle is not self._armed_for:
            self._disarm()  # a new request cycle: its headers are in

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._armed_for = self.cycle
        self._header_timer = self.loop.call_later(self.header_timeout_s, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()


MAX_BODY_BYTES = 1 << 20
"""The largest request body read (413 past it, announced or not): the MCP SDK buffers a whole body before it
parses the JSON, and the largest real message (a 64 KiB rule file, escaped) is well below this."""


class _Guard:
    """ASGI wrapper: ``GET /mcp`` is 405 (stateless: no server-initiated stream), and a request body must
    arrive within ``body_timeout_s`` once the application starts reading it (else 408) and hold at most
    ``MAX_BODY_BYTES`` (else 413, before the application has buffered it)."""

    def __init__(self, app: Any, body_timeout_s: float) -> None:
        self.app = app
        self.body_timeout_s = body_timeout_s

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] == "GET" and scope["path"].rstrip("/") == MCP_PATH:
            await _plain(send, 405, b"This stateless server sends no stream; POST JSON-RPC to /mcp.", allow=b"POST")
            return
        announced = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if not announced.isdigit() or int(announced) > MAX_BODY_BYTES:
            await _plain(send, 413, b"The request body is larger than this server reads.")
            return
        deadline: float | None = None
        body_done = False
        timed_out = False
        received = 0

        async def timed_receive() -> Any:
            nonlocal deadline, body_done, timed_out, received
            if body_done:
                return await receive()
            if deadline is None:
                deadline = anyio.current_time() + self.body_timeout_s
            with anyio.move_on_after(max(0.0, deadline - anyio.current_time())):
                message = await receive()
                body_done = message.get("type") != "http.request" or not message.get("more_body", False)
                received += len(message.get("body") or b"")
                if received <= MAX_BODY_BYTES:
                    return message
                # Larger than announced (chunked): stop here, before the application buffers more.
                timed_out = body_done = True
                log.info("request body over %d bytes; answered 413", MAX_BODY_BYTES)
                await _plain(send, 413, b"The request body is larger than this server reads.")
                return {"type": "http.request", "body": b"", "more_body": False}
            # Too slow: answer 408 here; the application is handed the body as ended (what it then answers
            # goes nowhere), so it stops reading without logging a disconnect as a crash.
            timed_out = body_done = True
            log.info("request body not received within %.0f s; answered 408", self.body_timeout_s)
            await _plain(send, 408, b"The request body did not arrive in time.")
            return {"type": "http.request", "body": b"", "more_body": False}

        async def guarded_send(message: dict[str, Any]) -> None:
            if not timed_out:  # after our 408 the application's own answer has nowhere to go
                await send(message)

        await self.app(scope, timed_receive, guarded_send)


async def _plain(send: Any, status: int, text: bytes, allow: bytes | None = None) -> None:
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(text)).encode())]
    if allow is not None:
        headers.append((b"allow", allow))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": text})


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
    pace_for_serving()
    check_listener(settings, host)
    sock = bind(host, port)
    listener = Listener(host, sock.getsockname()[1], tls=settings.http.tls_cert is not None)
    options = auth_options(settings, listener)
    server = build_server(
        settings, backends=backends, profile=profile, first_answer=first_answer, transport="http", **options
    )
    if "token_verifier" in options:
        add_approval_route(server, options["token_verifier"])
    app = _Guard(http_app(server, settings, listener), settings.http.body_timeout_s)
    tls: dict[str, Any] = {}
    if settings.http.tls_cert and settings.http.tls_key:
        tls = {"ssl_certfile": str(settings.http.tls_cert), "ssl_keyfile": str(settings.http.tls_key)}
    protocol = type("TimedH11", (_TimedH11,), {"header_timeout_s": settings.http.header_timeout_s})
    config = uvicorn.Config(
        app,
        http=protocol,
        log_config=None,
        access_log=False,
        timeout_graceful_shutdown=2,
        lifespan="on",
        **tls,
    )
    return _Server(config), sock, server, listener


def run_http(*, demo: DemoParts | None, profile: str | None, host: str | None, port: int | None) -> int:
    factory: BackendFactory | None = None
    gate: FirstAnswer | None = None
    if demo is not None:
        (settings, factory, gate), name = demo, "demo"
    else:
        from wazuh_mcp.config.profiles import missing_profile
        from wazuh_mcp.config.settings import selected_profile

        name = selected_profile(profile)
        settings = Settings.load(profile=name)
        if problem := missing_profile(name):
            print(f"wazuh-mcp: {problem} Serving with the WAZUH_MCP_* variables and defaults only.", file=sys.stderr)
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
