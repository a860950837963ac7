"""The Server API stand-in as an ASGI app: ``build_app(StandinConfig(...))``.

It answers the Wazuh 4.14 Server API's read endpoints (agents, groups, syscollector, MITRE,
rules, cluster, manager) plus login, run_as, rule uploads, restarts and response actions
(active response, agent restarts, group membership), with the spec's JSON
shapes, error codes and RBAC. With ``StandinConfig(generation=5)`` it answers as Wazuh 5.0.0's
Server API instead: only the operations 5.0 kept (``/manager/*``, ``/rules*``, ``/syscollector/*``,
``/active-response``... answer 404/405 as 5.0 does for an unknown route), the new ``reload``
operations, a cluster that is never disabled, 5.0's default RBAC and a fleet without agent 000. Around the routes sit the request-per-minute limit (429, error
6001) and the fault switches; ``/__standin__/*`` (only with ``control=True``) lets tests read
state and flip faults over HTTP. Nothing here prints: logs go through ``logging``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from standin import analysisd, estate, manager_data
from standin.api_agents import ENDPOINTS as AGENT_ENDPOINTS
from standin.api_core import ENDPOINTS as CORE_ENDPOINTS
from standin.api_decoders import ENDPOINTS as DECODER_ENDPOINTS
from standin.api_mitre import ENDPOINTS as MITRE_ENDPOINTS
from standin.api_nodes import ENDPOINTS as NODE_ENDPOINTS
from standin.api_respond import ENDPOINTS as RESPOND_ENDPOINTS
from standin.api_rules import ENDPOINTS as RULE_ENDPOINTS
from standin.api_sca import ENDPOINTS as SCA_ENDPOINTS
from standin.api_security import ENDPOINTS as SECURITY_ENDPOINTS
from standin.api_syscheck import ENDPOINTS as SYSCHECK_ENDPOINTS
from standin.api_syscollector import ENDPOINTS as SYSCOLLECTOR_ENDPOINTS
from standin.auth import DEMO_USERS, TokenIssuer
from standin.faults import Faults
from standin.fleet import Fleet, build_fleet
from standin.framework import DROP_ANSWER, GENERATIONS, Endpoint, make_route
from standin.mitre import MitreDb, load_mitre
from standin.problems import ApiError, wazuh_error
from standin.rules import Ruleset
from standin.security import SecurityDb

log = logging.getLogger(__name__)
CONTROL_PREFIX = "/__standin__/"


@dataclass
class StandinConfig:
    cluster: bool = False  # master + 2 workers; otherwise a single node (4.x cluster endpoints: error 3013)
    generation: int = 4
    """4: Wazuh 4.14.7's Server API (the default). 5: Wazuh 5.0.0's (``../shared/reference/wazuh5/server-api``)."""
    token_ttl_s: int = 900
    rate_limit_per_minute: int = 300
    control: bool = True  # expose /__standin__/faults and /__standin__/state
    seed: int = estate.DEFAULT_SEED
    agent_count: int = estate.DEFAULT_AGENT_COUNT
    fleet: Fleet | None = None  # e.g. tavern.tavern_fleet(); default: the estate's fleet
    mitre_sql: Path | None = None  # Wazuh's mitre.db test dump, merged into the curated techniques
    max_upload_size: int = 10 * 1024 * 1024
    rules_cache_s: float = 0.0
    """GET /rules lists an uploaded file's rules this long after the upload (a real manager: about 2 s)."""
    api_version: str | None = None  # what GET / reports instead of 4.14.7 (e.g. "5.0.0", for version checks)
    active_response: dict[str, Any] | None = None
    """ossec.conf's ``command`` and ``active-response`` sections (lists of dicts, ossec.conf's spelling) in
    place of the defaults: ar.conf, and so what ``PUT /active-response`` accepts, follows from them."""


@dataclass
class StandinState:
    """Everything the routes read and the tests inspect; one per app."""

    config: StandinConfig
    fleet: Fleet
    mitre: MitreDb
    ruleset: Ruleset
    issuer: TokenIssuer
    faults: Faults
    restarts: dict[str, int] = field(default_factory=lambda: {"manager": 0, "cluster": 0})
    reloads: list[str] = field(default_factory=list)
    """Every node a ``PUT /cluster/reload`` reached, in order (generation 5)."""
    agent_reloads: dict[str, int] = field(default_factory=dict)
    """Agent id -> reloads sent to it (generation 5's ``PUT /agents/.../reload``)."""
    last_restart: float | None = None
    responses: list[dict[str, Any]] = field(default_factory=list)
    """Every active-response command sent, one entry per agent reached (``PUT /active-response``)."""
    agent_restarts: dict[str, int] = field(default_factory=dict)
    ar_disabled_agents: set[str] = field(default_factory=set)
    """Agents whose own ossec.conf says ``<active-response><disabled>yes`` (set by a test): Wazuh answers 1750."""
    upload_modes: list[tuple[str, bool]] = field(default_factory=list)
    """Every ``PUT /rules/files`` that reached the upload checks: (path, overwrite), in order (tests read it)."""
    manager_log: list[dict[str, Any]] = field(default_factory=list)
    """Lines the manager wrote to its log since the app started, oldest first (a restart's rule loading)."""
    config_error: str | None = None
    """Set by a test: ``/manager/configuration/validation`` then reports this error (Wazuh error 1908)."""
    requests: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _recent: deque[float] = field(default_factory=deque, repr=False)

    def record_restart(self, kind: str) -> None:
        lines = analysisd.restart_log(self.ruleset, manager_data.ruleset_lists(), datetime.now(UTC))
        with self._lock:
            self.restarts[kind] += 1
            self.last_restart = time.monotonic()
            self.manager_log += lines

    def record_reload(self, kind: str, targets: list[str]) -> None:
        """A reload reached ``targets``: nodes (``kind`` "cluster") or agents ("agent")."""
        with self._lock:
            if kind == "cluster":
                self.reloads += targets
            else:
                for agent_id in targets:
                    self.agent_reloads[agent_id] = self.agent_reloads.get(agent_id, 0) + 1

    def record_response(self, entry: dict[str, Any]) -> None:
        with self._lock:
            self.responses.append(entry)

    def record_agent_restart(self, agent_id: str) -> None:
        with self._lock:
            self.agent_restarts[agent_id] = self.agent_restarts.get(agent_id, 0) + 1

    def restarting(self) -> bool:
        window = self.faults.restart_window_s
        return bool(window and self.last_restart is not None and time.monotonic() - self.last_restart < window)

    def over_limit(self) -> bool:
        """Count this request; True when it exceeds the per-minute limit (a sliding minute)."""
        now = time.monotonic()
        with self._lock:
            self.requests += 1
            while self._recent and now - self._recent[0] >= 60:
                self._recent.popleft()
            if len(self._recent) >= self.config.rate_limit_per_minute:
                return True
            self._recent.append(now)
            return False

    def snapshot(self) -> dict[str, Any]:
        return {
            "restarts": dict(self.restarts),
            "agent_restarts": dict(self.agent_restarts),
            "reloads": list(self.reloads),
            "agent_reloads": dict(self.agent_reloads),
            "generation": self.config.generation,
            "responses": list(self.responses),
            "uploaded_files": self.ruleset.uploads(),
            "upload_modes": [list(m) for m in self.upload_modes],
            "faults": self.faults.snapshot(),
            "requests": self.requests,
            "token_generation": self.issuer.generation,
            "cluster": self.config.cluster,
        }


class GuardMiddleware:
    """Control routes, the rate limit and the fault switches, before any route runs."""

    def __init__(self, app: ASGIApp, state: StandinState) -> None:
        self.app, self.state = app, state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if path.startswith(CONTROL_PREFIX):
            if not self.state.config.control:
                await ApiError(404, "Not found").response()(scope, receive, send)
                return
            await self.app(scope, receive, send)
            return
        state = self.state
        if state.over_limit():
            await wazuh_error(6001, status=429).response()(scope, receive, send)
            return
        if state.faults.latency_s:
            await asyncio.sleep(state.faults.latency_s)
        fault = state.faults.take()
        if fault == "drop":
            await _drop(send)
            return
        if fault == "garbage":
            await Response("<html><body>502 Bad Gateway</body></html>\x00\xff", media_type="text/html")(
                scope, receive, send
            )
            return
        if fault == "fail":
            status = state.faults.fail_status
            await ApiError(status, "Fault injected by the stand-in").response()(scope, receive, send)
            return
        if (malformed := state.faults.take_malformed(path)) is not None:
            await JSONResponse(malformed)(scope, receive, send)
            return
        await self.app(scope, receive, _dropping(scope, send))


def _dropping(scope: Scope, send: Send) -> Send:
    """``send``, unless the handler marked its answer lost (``DROP_ANSWER``): then the connection drops."""

    async def send_or_drop(message: Message) -> None:
        if not scope.get(DROP_ANSWER):
            await send(message)
        elif message["type"] == "http.response.start":
            await _drop(send)

    return send_or_drop


async def _drop(send: Send) -> None:
    """Promise a body and send only part of it: the server must cut the connection."""
    start: Message = {
        "type": "http.response.start",
        "status": 200,
        "headers": [(b"content-type", b"application/json"), (b"content-length", b"4096")],
    }
    await send(start)
    await send({"type": "http.response.body", "body": b'{"data": {"affected_it', "more_body": False})


async def _control_faults(request: Request) -> Response:
    state: StandinState = request.app.state.standin
    try:
        body = json.loads(await request.body() or b"{}")
        if not isinstance(body, dict):
            raise ValueError("the body must be a JSON object")
        if body.pop("reset", False):
            state.faults.reset()
        if body.pop("expire_tokens", False):
            state.issuer.revoke_all()
        state.faults.set(**body)
    except ValueError as exc:
        return JSONResponse({"error": str(exc)}, status_code=400)
    return JSONResponse(state.faults.snapshot())


async def _control_state(request: Request) -> Response:
    return JSONResponse(request.app.state.standin.snapshot())


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.app.state.standin.config.generation == 5 and exc.status_code in (404, 405):
        # Wazuh's http_error_handler (api/api/error_handler.py, unchanged from 4.14.7 to 5.0.0, both on connexion
        # 3.1.0): the title is the HTTP reason, the detail "<status>: <reason>". A real 4.14.7 answered an unknown
        # route so (the oracle's api-095, api-178); the 405 follows from the same handler (no recording).
        return ApiError(exc.status_code, f"{exc.status_code}: {exc.detail}", title=str(exc.detail)).response()
    if exc.status_code == 405:
        return ApiError(405, "Specified method is invalid for this resource").response()
    if exc.status_code == 404:
        return ApiError(
            404,
            "The requested URL was not found on the server. If you entered the URL manually "
            "please check your spelling and try again.",
            title="Not Found",
        ).response()
    return ApiError(exc.status_code, str(exc.detail)).response()


def build_state(config: StandinConfig, faults: Faults | None = None) -> StandinState:
    if config.generation not in GENERATIONS:
        raise ValueError(f"generation must be one of {GENERATIONS}, not {config.generation!r}")
    fleet = config.fleet or build_fleet(
        config.seed, config.agent_count, cluster=config.cluster, generation=config.generation
    )
    return StandinState(
        config=config,
        fleet=fleet,
        mitre=load_mitre(config.mitre_sql),
        ruleset=Ruleset.default(),
        issuer=TokenIssuer(ttl_s=config.token_ttl_s, db=SecurityDb.default(DEMO_USERS, config.generation)),
        faults=faults or Faults(),
    )


ALL_ENDPOINTS = (
    *CORE_ENDPOINTS,
    *AGENT_ENDPOINTS,
    *RESPOND_ENDPOINTS,
    *SYSCOLLECTOR_ENDPOINTS,
    *SCA_ENDPOINTS,
    *SYSCHECK_ENDPOINTS,
    *MITRE_ENDPOINTS,
    *RULE_ENDPOINTS,
    *DECODER_ENDPOINTS,
    *NODE_ENDPOINTS,
    *SECURITY_ENDPOINTS,
)


def endpoints(generation: int = 4) -> tuple[Endpoint, ...]:
    """The operations the stand-in serves as Wazuh ``generation``'s Server API."""
    return tuple(e for e in ALL_ENDPOINTS if generation in e.generations)


ENDPOINTS = endpoints(4)
"""Every Server API endpoint the 4.x stand-in serves; tests/standin/test_spec_conformance.py requests each one
(a new endpoint is checked against Wazuh's OpenAPI spec without editing the test). ``endpoints(5)``: the 5.0
ones, checked by tests/standin/test_spec_conformance_v5.py against the 5.0 spec."""


def build_app(config: StandinConfig | None = None, *, faults: Faults | None = None) -> Starlette:
    """A fresh stand-in app (its own fleet, ruleset, tokens and faults)."""
    config = config or StandinConfig()
    state = build_state(config, faults)
    routes = [make_route(e) for e in endpoints(config.generation)]
    routes += [
        Route(CONTROL_PREFIX + "faults", _control_faults, methods=["POST"]),
        Route(CONTROL_PREFIX + "state", _control_state, methods=["GET"]),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: _http_error})
    app.state.standin = state
    app.add_middleware(GuardMiddleware, state=state)
    log.debug(
        "stand-in app built: generation %d, %d agents, cluster=%s, started %s",
        config.generation,
        len(state.fleet.agents),
        config.cluster,
        datetime.now(UTC).isoformat(),
    )
    return app
