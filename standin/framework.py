"""The request pipeline every stand-in endpoint runs through, in the real API's order.

Per request: token (401) -> query parameters against the endpoint's spec (400) -> RBAC for
the endpoint's action (403) -> handler. Handlers raise ``ApiError`` for request-level
failures and return a dict (JSON 200) or a Response. Scoped actions (``agent:read`` on
``agent:id:*``...) are only pre-checked here ("may this identity do it anywhere?"); the
handler filters items per resource, as Wazuh's RBAC decorators do.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from standin.auth import ANONYMOUS, Identity
from standin.params import FORMATS, ParamSpec, parse_params
from standin.problems import PERMISSION_REMEDIATION, ApiError, bad_request
from standin.query import ListQuery
from standin.rbac import ANY

if TYPE_CHECKING:
    from standin.app import StandinState

log = logging.getLogger(__name__)
Handler = Callable[["Ctx"], Awaitable[Response | dict[str, Any]]]
GENERATIONS = (4, 5)
"""The Server API generations the stand-in answers as: 4 (Wazuh 4.14.7, the default) and 5 (Wazuh 5.0.0)."""
V4_ONLY = (4,)
"""An operation Wazuh 5.0 removed (``../shared/reference/wazuh5/server-api/endpoints-4.14.7-vs-5.0.0.md``)."""
V5_ONLY = (5,)
"""An operation Wazuh 5.0 added (the ``reload`` family)."""
DROP_ANSWER = "standin.drop_answer"
"""Set in the request's scope by a handler whose answer must be lost: the connection drops mid-answer."""


@dataclass
class Ctx:
    request: Request
    state: StandinState
    params: dict[str, Any]
    identity: Identity
    path: dict[str, str] = field(default_factory=dict)

    @property
    def generation(self) -> int:
        """4 or 5: which Wazuh Server API the stand-in answers as (``StandinConfig.generation``)."""
        return self.state.config.generation

    @property
    def now(self) -> datetime:
        return datetime.now(UTC)

    def allows(self, action: str, resource: str = ANY) -> bool:
        return self.identity.grants.allows(action, resource)

    def require(self, action: str, resource: str = ANY, resource_type: str = "*:*") -> None:
        if not self.allows(action, resource):
            raise denied(self.state.fleet.node_name, action, resource_type)

    def list_query(self, **filters: Any) -> ListQuery:
        p = self.params
        return ListQuery(
            offset=p.get("offset") or 0,
            limit=p.get("limit") or 500,
            sort=p.get("sort"),
            search=p.get("search"),
            select=p.get("select"),
            q=p.get("q"),
            distinct=bool(p.get("distinct")),
            filters={k: v for k, v in filters.items() if v is not None},
        )


def denied(node: str, action: str, resource_type: str = "*:*") -> ApiError:
    """403 as a real 4.14.7 words it (recorded: the RBAC check runs before any node is chosen, so
    ``dapi_errors`` names ``unknown-node``; ``action`` is kept for the stand-in's log)."""
    detail = f"Permission denied: Resource type: {resource_type}"
    log.debug("RBAC denied %s on %s (node %s)", action, resource_type, node)
    return ApiError(
        403, detail, code=4000, title="Permission Denied", node="unknown-node", remediation=PERMISSION_REMEDIATION
    )


@dataclass(frozen=True)
class Endpoint:
    method: str
    path: str
    handler: Handler
    params: Mapping[str, ParamSpec]
    action: str | None = None  # RBAC action; resourceless unless ``scoped``
    scoped: bool = False
    resource_type: str = "*:*"
    empty_when_denied: bool = False
    """A caller without the action at all gets an empty listing, not a 403 (recorded for GET /agents, /groups)."""
    authenticated: bool = True
    path_formats: Mapping[str, str] = field(default_factory=dict)  # path parameter -> FORMATS key
    generations: tuple[int, ...] = GENERATIONS
    """The Server API generations that have this operation; on the others its path is unknown (404/405)."""


def per_generation(endpoint: Endpoint, v5_params: Mapping[str, ParamSpec]) -> list[Endpoint]:
    """An operation 5.0 kept with other query parameters: the 4.x endpoint and its 5.0 twin (same handler)."""
    return [replace(endpoint, generations=V4_ONLY), replace(endpoint, params=v5_params, generations=V5_ONLY)]


def v4_only(endpoints: Iterable[Endpoint]) -> list[Endpoint]:
    """``endpoints``, marked as gone in Wazuh 5.0 (a whole family: ``/rules*``, ``/syscollector/*``...)."""
    return [replace(e, generations=V4_ONLY) for e in endpoints]


def make_route(endpoint: Endpoint) -> Route:
    async def run(request: Request) -> Response:
        state: StandinState = request.app.state.standin
        try:
            identity = (
                state.issuer.identify(request.headers.get("authorization")) if endpoint.authenticated else ANONYMOUS
            )
            for name, fmt in endpoint.path_formats.items():
                value = request.path_params.get(name, "")
                if not FORMATS[fmt].match(value):
                    raise bad_request(
                        f"'{value}' is not a '{fmt}'. Failed validating 'format' in schema['properties']['{name}']"
                    )
            params = parse_params(request.query_params, endpoint.params)
            if endpoint.action is not None:
                grants = identity.grants
                allowed = grants.has_action(endpoint.action) if endpoint.scoped else grants.allows(endpoint.action)
                if not allowed and not endpoint.empty_when_denied:
                    raise denied(state.fleet.node_name, endpoint.action, endpoint.resource_type)
            ctx = Ctx(request, state, params, identity, dict(request.path_params))
            result = await endpoint.handler(ctx)
        except ApiError as exc:
            return exc.response()
        return result if isinstance(result, Response) else JSONResponse(result)

    return Route(endpoint.path, run, methods=[endpoint.method], name=f"{endpoint.method} {endpoint.path}")
