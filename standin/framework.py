"""The request pipeline every stand-in endpoint runs through, in the real API's order.

Per request: token (401) -> query parameters against the endpoint's spec (400) -> RBAC for
the endpoint's action (403) -> handler. Handlers raise ``ApiError`` for request-level
failures and return a dict (JSON 200) or a Response. Scoped actions (``agent:read`` on
``agent:id:*``...) are only pre-checked here ("may this identity do it anywhere?"); the
handler filters items per resource, as Wazuh's RBAC decorators do.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
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


@dataclass
class Ctx:
    request: Request
    state: StandinState
    params: dict[str, Any]
    identity: Identity
    path: dict[str, str] = field(default_factory=dict)

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
    """403 as Wazuh words it; the remediation names the action that was missing."""
    detail = f"Permission denied: Resource type: {resource_type}"
    return ApiError(
        403,
        detail,
        code=4000,
        title="Permission Denied",
        node=node,
        remediation=f"Action '{action}' is not allowed. {PERMISSION_REMEDIATION}",
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
    authenticated: bool = True
    path_formats: Mapping[str, str] = field(default_factory=dict)  # path parameter -> FORMATS key


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
                if not allowed:
                    raise denied(state.fleet.node_name, endpoint.action, endpoint.resource_type)
            ctx = Ctx(request, state, params, identity, dict(request.path_params))
            result = await endpoint.handler(ctx)
        except ApiError as exc:
            return exc.response()
        return result if isinstance(result, Response) else JSONResponse(result)

    return Route(endpoint.path, run, methods=[endpoint.method], name=f"{endpoint.method} {endpoint.path}")
