"""The Wazuh Server API client (port 55000): the only code that speaks HTTP to wazuh-manager.

One pooled ``httpx.AsyncClient`` per process. Authentication is Wazuh's JWT flow:
``POST /security/user/authenticate`` with Basic auth (or ``…/authenticate/run_as`` with the
configured auth context as JSON), token cached and renewed ahead of its ``exp``; a 401
``Invalid token``/``Token expired`` triggers one re-login that concurrent callers share.

Team mode (``serve --http``) attributes calls to the analyst: the server sets ``ATTRIBUTION`` from the
verified bearer token around each call, and the login becomes ``run_as`` with ``{"username": <the
analyst's Wazuh user>}``, so Wazuh's own audit names the analyst. One cached token per Wazuh user; an
attribution without a user is the plain service-account login (never the configured ``run_as``).

Wazuh answers in an envelope, ``{"data": {"affected_items", "total_affected_items",
"failed_items", ...}, "error": 0|1|2}``: 0 all good, 1 everything failed, 2 partial. Failed
items carry Wazuh error codes (1701 = agent does not exist). Errors outside the envelope are
problem+json. Both are translated here into ``wazuh_mcp.errors``; nothing above this module
sees httpx.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import re
import ssl
import time
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

import httpx

from wazuh_mcp import untrusted
from wazuh_mcp.backends.limiter import CallLimiter

# Re-exported: the httpx-free parts live in server_api_shapes (what serve imports before `initialize`).
from wazuh_mcp.backends.server_api_shapes import ATTRIBUTION as ATTRIBUTION
from wazuh_mcp.backends.server_api_shapes import FILE_MISSING_CODES as FILE_MISSING_CODES
from wazuh_mcp.backends.server_api_shapes import NOT_FOUND_CODES as NOT_FOUND_CODES
from wazuh_mcp.backends.server_api_shapes import RULE_DOES_NOT_EXIST as RULE_DOES_NOT_EXIST
from wazuh_mcp.backends.server_api_shapes import Attribution as Attribution
from wazuh_mcp.backends.server_api_shapes import Page as Page
from wazuh_mcp.backends.server_api_shapes import api_identity, check_envelope, wazuh_words
from wazuh_mcp.backends.server_api_shapes import envelope_data as envelope_data
from wazuh_mcp.backends.server_api_shapes import envelope_items as envelope_items
from wazuh_mcp.backends.server_api_shapes import failed_code as failed_code
from wazuh_mcp.backends.server_api_shapes import raise_failed_item as raise_failed_item
from wazuh_mcp.backends.server_api_shapes import raise_rule_file_failure as raise_rule_file_failure
from wazuh_mcp.errors import (
    ConfigurationError,
    Forbidden,
    InvalidArgument,
    NotFound,
    RateLimited,
    Unauthenticated,
    UpstreamError,
    UpstreamTimeout,
    UpstreamUnavailable,
    WazuhMCPError,
)

log = logging.getLogger(__name__)

RENEW_MARGIN_S = 60.0
"""Renew the JWT this long before it expires, so a call never starts with a dying token."""
DEFAULT_TOKEN_LIFETIME_S = 900.0


@dataclass
class _Session:
    """One Wazuh login: its token and when to renew it."""

    run_as: dict[str, Any] | None
    token: str | None = None
    expires_at: float = 0.0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


MAX_SESSIONS = 512
"""Cached logins per process (one per Wazuh user); past this the oldest is dropped and re-made on use."""


@dataclass(frozen=True)
class ServerApiConfig:
    url: str
    user: str
    password: str
    verify: bool | str = True
    """True, False, or the path of a CA bundle."""
    timeout_s: float = 15.0
    max_concurrency: int = 4
    """Requests in flight at once; more wait their turn up to the tool call's deadline."""
    run_as: dict[str, Any] | None = None
    password_hint: str = (
        "Check the Server API user and password: `wazuh-mcp setup` stores the password in the OS keyring; "
        "WAZUH_MCP_API_PASSWORD, when set, wins over it."
    )
    """What to do when the login is refused: the factory says where this password came from."""


def _jwt_expiry(token: str) -> float | None:
    """``exp`` from the token's payload (not verified: the server does that)."""
    try:
        payload = token.split(".")[1]
        payload += "=" * (-len(payload) % 4)
        exp = json.loads(base64.urlsafe_b64decode(payload)).get("exp")
        return float(exp) if exp is not None else None
    except (IndexError, ValueError, TypeError):
        return None


_URL_HINT = "Set api.url (WAZUH_MCP_API_URL, or `wazuh-mcp setup`) to the manager's https://<host>:55000."
_TOKEN = re.compile(r"[A-Za-z0-9_.=+/-]+")
"""What a JWT (base64url parts and dots) is made of: the only token sent back in a header."""


MAX_ANSWER_BYTES = 64 << 20
"""The largest answer read (decoded): far above any page Wazuh gives (500 agents are a few hundred KB, a rule file
at most 2 MB); past it an answer is refused, never held whole in memory."""
_REBUILT = frozenset({"content-encoding", "content-length", "transfer-encoding"})
"""Headers that describe the body as it travelled: the response rebuilt from the decoded bytes leaves them out."""


def _netloc(url: str) -> str:
    try:
        return urllib.parse.urlsplit(url).netloc
    except ValueError:  # a URL urllib cannot split: httpx's own check says what is wrong with it
        return ""


def shown_url(url: str) -> str:
    """``url`` for messages: any ``user:password@`` written into api.url left out, controls shown, bounded."""
    return untrusted.shown(untrusted.without_credentials(url), limit=200)


def _ssl_context(verify: bool | str) -> ssl.SSLContext | bool:
    if isinstance(verify, str):
        return ssl.create_default_context(cafile=verify)
    return verify


class ServerApi:
    """Async Wazuh Server API client. Create one per process; ``aclose()`` on shutdown."""

    def __init__(self, config: ServerApiConfig, *, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.config = config
        if "@" in _netloc(config.url):
            # httpx would send them as Basic auth on every request, over the bearer token (Wazuh then answers
            # "No authorization token provided"), and they would be kept wherever the URL is.
            raise ConfigurationError(
                "The Server API URL holds a user or password (user:password@host).",
                hint="Remove them from api.url (WAZUH_MCP_API_URL): the user goes in api.user, the password in "
                "the OS keyring (`wazuh-mcp setup`) or WAZUH_MCP_API_PASSWORD.",
            )
        try:
            self._client = httpx.AsyncClient(
                base_url=config.url.rstrip("/"),
                verify=_ssl_context(config.verify),
                timeout=httpx.Timeout(config.timeout_s),
                limits=httpx.Limits(max_connections=20, max_keepalive_connections=10),
                transport=transport,
                headers={"User-Agent": "wazuh-mcp"},
            )
        except httpx.InvalidURL as exc:
            raise ConfigurationError(
                f"The Server API URL {shown_url(config.url)} is not a URL ({untrusted.shown(str(exc), limit=120)}).",
                hint=_URL_HINT,
            ) from None
        self._sessions: dict[str, _Session] = {}
        self.logins = 0
        """How many times we authenticated (tests check that re-logins are shared)."""
        self.slots = CallLimiter(
            "The Wazuh Server API",
            config.max_concurrency,
            setting="api.max_concurrency",
            fallback_wait_s=config.timeout_s,
        )

    def _current(self) -> tuple[str, dict[str, Any] | None]:
        """The session key and run_as body for the current call's attribution."""
        attribution = ATTRIBUTION.get()
        if attribution is None:
            return "configured", self.config.run_as
        if attribution.wazuh_user is None:
            return "service", None
        return f"user:{attribution.wazuh_user}", {"username": attribution.wazuh_user}

    def _session(self) -> _Session:
        key, run_as = self._current()
        session = self._sessions.get(key)
        if session is None:
            if len(self._sessions) >= MAX_SESSIONS:
                self._sessions.pop(next(iter(self._sessions)))
            session = self._sessions[key] = _Session(run_as)
        return session

    @property
    def identity(self) -> str:
        """Who Wazuh's own audit will see for the current call: the run_as user, else the API user."""
        return api_identity(self.config.user, self._current()[1])

    async def aclose(self) -> None:
        await self._client.aclose()

    # --- authentication -----------------------------------------------------------------

    async def _login(self, session: _Session) -> str:
        auth = httpx.BasicAuth(self.config.user, self.config.password)
        if session.run_as:
            request = self._build("POST", "/security/user/authenticate/run_as", json=session.run_as)
        else:
            request = self._build("POST", "/security/user/authenticate")
        response = await self._send(request, auth=auth)
        if response.status_code == 401:
            raise Unauthenticated(
                f"The Server API refused user '{self.config.user}' (wrong user or password).",
                hint=self.config.password_hint,
            )
        body = self._json(response)
        if response.status_code >= 400:
            self._raise_problem(response, body, "security:login")
        data = body.get("data") if isinstance(body, dict) else None
        token = data.get("token") if isinstance(data, dict) else None
        # sent back in every request's Authorization header: a JWT's characters only (a control, a space or a
        # non-ASCII character there would fail in httpx, not as an answer of the wrong shape)
        if not isinstance(token, str) or not _TOKEN.fullmatch(token):
            raise UpstreamUnavailable("The Server API login answer carried no token; is this a Wazuh Server API?")
        self.logins += 1
        expiry = _jwt_expiry(token)
        session.token = token
        session.expires_at = expiry if expiry is not None else time.time() + DEFAULT_TOKEN_LIFETIME_S
        return token

    async def _valid_token(self, stale: str | None = None) -> str:
        """A token that is not ``stale`` and not about to expire; logs in at most once for everyone waiting
        (per Wazuh user: analysts never share a token)."""
        session = self._session()
        async with session.lock:
            fresh_enough = time.time() < session.expires_at - RENEW_MARGIN_S
            if session.token is not None and session.token != stale and fresh_enough:
                return session.token
            return await self._login(session)

    # --- requests -----------------------------------------------------------------------

    def _build(self, method: str, path: str, **parts: Any) -> httpx.Request:
        """The request, or a refusal in words when httpx cannot make a URL of it (``httpx.InvalidURL``: a control
        character in the path or the query): nothing is sent."""
        try:
            return self._client.build_request(method, path, **parts)
        except httpx.InvalidURL as exc:
            raise InvalidArgument(
                f"The request {method} {untrusted.shown(path, limit=200)} was not sent: httpx cannot make a URL of "
                f"it ({untrusted.shown(str(exc), limit=120)}).",
                hint="Nothing reached Wazuh. A value in the path or the query (an id, a name) holds a character no "
                "URL may carry; Wazuh's ids and names never do.",
            ) from None

    async def _send(self, request: httpx.Request, auth: httpx.Auth | None = None) -> httpx.Response:
        try:
            streamed = await self._client.send(request, auth=auth, stream=True)
            try:
                content = await self._bounded(streamed)
            finally:
                await streamed.aclose()
            headers = [(k, v) for k, v in streamed.headers.multi_items() if k.lower() not in _REBUILT]
            return httpx.Response(streamed.status_code, headers=headers, content=content, request=request)
        except httpx.TimeoutException as exc:
            raise UpstreamTimeout(
                f"The Server API did not answer within {self.config.timeout_s:g} s ({request.method} {request.url.path}).",
                hint="Check the manager's load, or raise api.timeout_s.",
            ) from exc
        except httpx.ConnectError as exc:
            raise self._connect_error(exc) from exc
        except (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError) as exc:
            raise UpstreamUnavailable(
                f"The Server API dropped the connection ({request.method} {request.url.path})."
            ) from exc
        except httpx.UnsupportedProtocol as exc:
            raise ConfigurationError(
                f"The Server API URL {shown_url(self.config.url)} does not start with https:// (or http://).",
                hint=_URL_HINT,
            ) from exc
        except httpx.LocalProtocolError as exc:
            raise UpstreamUnavailable(
                f"The request {request.method} {request.url.path} could not be written as HTTP "
                f"({untrusted.shown(str(exc), limit=120)}).",
                hint="Check api.url (a proxy or a scheme that is not the manager's) and that the manager "
                "answers HTTP/1.1.",
            ) from exc
        except httpx.HTTPError as exc:
            raise UpstreamUnavailable(f"Could not talk to the Server API: {type(exc).__name__}.") from exc

    @staticmethod
    async def _bounded(response: httpx.Response) -> bytes:
        """The answer's decoded bytes, refused past ``MAX_ANSWER_BYTES`` (announced or read) without reading on."""
        where = f"{response.request.method} {untrusted.shown(response.request.url.path, limit=200)}"
        refused = UpstreamUnavailable(
            f"The Server API answer to {where} is larger than {MAX_ANSWER_BYTES >> 20} MiB, more than any Wazuh "
            "answer; it was not read.",
            hint="Check that api.url reaches the Wazuh Server API itself (not a proxy's page or a stream).",
        )
        announced = response.headers.get("content-length", "")
        if announced.isdigit() and int(announced) > MAX_ANSWER_BYTES:
            raise refused
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > MAX_ANSWER_BYTES:
                raise refused
            chunks.append(chunk)
        return b"".join(chunks)

    def _connect_error(self, exc: httpx.ConnectError) -> WazuhMCPError:
        text, url = str(exc), shown_url(self.config.url)  # never a user:password@ written into api.url
        if "CERTIFICATE_VERIFY_FAILED" in text or "certificate verify failed" in text:
            return UpstreamUnavailable(
                f"The Server API at {url} presented a certificate this machine does not trust.",
                hint="Set api.ca_bundle to the PEM of the CA that signed it (Wazuh installs a self-signed "
                "root-ca.pem), or, only for a lab, turn api.verify_tls off.",
            )
        if "Name or service not known" in text or "nodename nor servname" in text or "getaddrinfo" in text:
            return UpstreamUnavailable(
                f"The Server API host in {url} does not resolve.", hint="Check the URL's host name."
            )
        return UpstreamUnavailable(
            f"Could not connect to the Server API at {url} (refused or unreachable).",
            hint="Check that wazuh-manager is running and port 55000 is reachable.",
        )

    @staticmethod
    def _json(response: httpx.Response) -> Any:
        try:
            return response.json()
        except (ValueError, RecursionError) as exc:  # RecursionError: nested deeper than the reader recurses
            raise UpstreamUnavailable(
                f"The Server API answered HTTP {response.status_code} with a body that is not JSON."
            ) from exc

    async def request(
        self,
        method: str,
        path: str,
        *,
        action: str,
        params: dict[str, Any] | None = None,
        content: bytes | None = None,
        headers: dict[str, str] | None = None,
        accept_text: bool = False,
    ) -> Any:
        """One authenticated call. ``action`` is the RBAC action it needs (named in a 403 error).
        Returns parsed JSON (or the text body when ``accept_text`` and the answer is not JSON).
        At most ``max_concurrency`` run at once (login and re-login included)."""
        async with self.slots.slot():
            return await self._request(method, path, action, params, content, headers, accept_text)

    async def _request(
        self,
        method: str,
        path: str,
        action: str,
        params: dict[str, Any] | None,
        content: bytes | None,
        headers: dict[str, str] | None,
        accept_text: bool,
    ) -> Any:
        clean = {k: v for k, v in (params or {}).items() if v is not None}
        token = await self._valid_token()
        for attempt in (1, 2):
            request = self._build(
                method,
                path,
                params=clean,
                content=content,
                headers={**(headers or {}), "Authorization": f"Bearer {token}"},
            )
            response = await self._send(request)
            if response.status_code == 401 and attempt == 1 and self._token_refused(response):
                token = await self._valid_token(stale=token)
                continue
            break
        if accept_text and response.status_code < 400 and "json" not in response.headers.get("content-type", ""):
            return response.text
        body = self._json(response)
        if response.status_code >= 400:
            self._raise_problem(response, body, action)
        if not isinstance(body, dict):
            raise UpstreamUnavailable("The Server API answered with JSON that is not a Wazuh envelope.")
        check_envelope(body, f"{method} {path}")
        return body

    @staticmethod
    def _token_refused(response: httpx.Response) -> bool:
        try:
            detail = str(response.json().get("detail", ""))
        except (ValueError, AttributeError, RecursionError):
            return False
        return "token" in detail.lower()

    def _raise_problem(self, response: httpx.Response, body: Any, action: str) -> None:
        status = response.status_code
        # Wazuh's problem+json can quote what a caller, a host or a file wrote: cleaned and cut before any model
        # reads it in an error.
        detail = wazuh_words(body.get("detail") or body.get("title") or "") if isinstance(body, dict) else ""
        code = body.get("error") if isinstance(body, dict) else None
        where = wazuh_words(f"{response.request.method} {response.request.url.path}", 300)
        wazuh_code = code if isinstance(code, int) and not isinstance(code, bool) else None
        code = wazuh_code if wazuh_code is not None else wazuh_words(code, 32) or None
        if status == 400:
            if wazuh_code in NOT_FOUND_CODES:
                raise NotFound(detail or f"Not found ({where}).", upstream_code=wazuh_code)
            raise InvalidArgument(
                f"The Server API rejected {where}: {detail or 'bad request'} (Wazuh error {code}).",
                upstream_code=wazuh_code,
            )
        if status == 401:
            raise Unauthenticated(
                f"The Server API refused our credentials for {where}: {detail}.",
                hint="Check the API user and password with `wazuh-mcp setup`.",
            )
        if status == 403:
            raise Forbidden(
                f"Wazuh RBAC denied {where}: the API user '{self.identity}' lacks the action '{action}' "
                f"({detail or 'permission denied'}).",
                hint=f"Grant a role with '{action}' to this user in Wazuh (Server management > Security).",
            )
        if status == 404:
            raise NotFound(detail or f"Not found ({where}).")
        if status == 429:
            raise RateLimited(
                "The Server API's per-minute request limit was reached.",
                hint="Wait a minute, or raise max_request_per_minute in the manager's api.yaml.",
            )
        if status >= 500:
            raise UpstreamUnavailable(
                f"The Server API failed on {where} (HTTP {status}): {detail or 'server error'}.",
                upstream_code=wazuh_code,  # e.g. 1017, daemons not ready during a restart
            )
        raise UpstreamError(f"The Server API answered HTTP {status} on {where}: {detail}.")

    async def page(self, path: str, *, action: str, params: dict[str, Any] | None = None) -> Page:
        """GET an envelope and return its items; an all-failed answer raises (1701 → not found)."""
        body = await self.request("GET", path, action=action, params=params)
        return self.parse_envelope(body, where=path)

    @staticmethod
    def parse_envelope(body: dict[str, Any], *, where: str) -> Page:
        data = body.get("data")
        if not isinstance(data, dict):
            raise UpstreamUnavailable(f"The Server API answer for {where} has no 'data' object.")
        items = data.get("affected_items") or []
        failed = data.get("failed_items") or []
        total = data.get("total_affected_items", len(items))
        if body.get("error") == 1 and failed and not items:
            raise_failed_item(failed[0])
        return Page(items=list(items), total=int(total), failed=list(failed))
