"""hunt.*: structured hunts over alerts. Clauses from an allowlist, never raw DSL (see ``hunt_grammar``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context
from pydantic import Field

from wazuh_mcp.errors import InvalidArgument
from wazuh_mcp.models.hunt import HuntFieldInfo, HuntFieldsResult, HuntQueryResult
from wazuh_mcp.query.hunt_grammar import FIELDS, HuntClause, build_query, check_value
from wazuh_mcp.server.context import deps
from wazuh_mcp.server.registry import tool
from wazuh_mcp.tools._search import Cursor, PageSize, TimeRange, iso_ms, time_window, window_filter
from wazuh_mcp.tools.alerts import alert_page

IocKind = Literal["hash", "ip", "user", "domain"]
IOC_FIELDS: dict[IocKind, str] = {
    "hash": "syscheck.sha256_after",
    "ip": "data.srcip",
    "user": "data.srcuser",
    "domain": "data.hostname",
}
"""The primary field per IOC kind. OR is deliberately outside the grammar: probe the secondary
field (data.dstip, data.dstuser) with hunt_query."""


def _normalized(clauses: list[HuntClause]) -> list[dict[str, Any]]:
    """Clauses as the engine will see them ('7' and '007' are the same agent, so the same cursor query)."""
    return [{"field": c.field, "op": c.op, "value": check_value(c.field, c.op, c.value)} for c in clauses]


async def run_hunt(
    ctx: Context[Any, Any],
    tool_id: str,
    identity: dict[str, Any],
    must: list[HuntClause],
    must_not: list[HuntClause],
    *,
    time_range: str,
    size: int,
    cursor: str | None,
) -> HuntQueryResult:
    boolean = build_query(must, must_not)["bool"]  # checks the clause limits, before any engine call
    page = await alert_page(
        ctx,
        tool_id,
        identity,
        boolean["filter"],
        must_not=boolean.get("must_not"),
        time_range=time_range,
        size=size,
        cursor=cursor,
    )
    return HuntQueryResult(**dict(page))


@tool("hunt.hunt_query", title="Hunt query")
async def hunt_query(
    ctx: Context[Any, Any],
    time_range: TimeRange,
    must: Annotated[
        list[HuntClause],
        Field(min_length=1, max_length=20, description="Conditions that must all hold (AND). At least one."),
    ],
    must_not: Annotated[list[HuntClause], Field(max_length=20, description="Conditions that must not hold.")] = [],  # noqa: B006 - pydantic copies defaults; a tuple would change the JSON schema type
    size: PageSize = 25,
    cursor: Cursor = None,
) -> HuntQueryResult:
    """Hunt over alerts with structured clauses {field, op, value}: `must` clauses all hold, `must_not`
    clauses none (at most 20 in total). Fields come from an allowlist of 23 alert fields (agent.id,
    rule.id, rule.level, rule.mitre.id, data.srcip, data.srcuser, syscheck.path, syscheck.sha256_after,
    @timestamp…); call hunt_fields for each field's type, operators and how many alerts carry it.
    Operators: eq, ne, in (list of 1..100), exists (value true), prefix (3+ characters); gt/gte/lt/lte
    only on rule.level and @timestamp. No free-text or DSL. Newest first; follow `next_cursor`."""
    identity = {"must": _normalized(must), "must_not": _normalized(must_not)}
    return await run_hunt(
        ctx, "hunt.hunt_query", identity, must, must_not, time_range=time_range, size=size, cursor=cursor
    )


@tool("hunt.pivot_by_ioc", title="Pivot on an IOC")
async def pivot_by_ioc(
    ctx: Context[Any, Any],
    kind: Annotated[
        IocKind,
        Field(
            description="hash (SHA-256 of a file, FIM), ip (source IP), user (source "
            "user) or domain (host name in the event)."
        ),
    ],
    value: Annotated[
        str, Field(min_length=1, max_length=256, description="The indicator, e.g. an IP address or a 64-hex SHA-256.")
    ],
    time_range: TimeRange = "24h",
    size: PageSize = 25,
    cursor: Cursor = None,
) -> HuntQueryResult:
    """Alerts that carry an indicator of compromise, newest first. Searches the primary field of the
    kind: hash → syscheck.sha256_after, ip → data.srcip, user → data.srcuser, domain → data.hostname.
    For the other side (data.dstip, data.dstuser) run hunt_query with that field. Follow
    `next_cursor` for older alerts."""
    field_name = IOC_FIELDS[kind]
    try:
        normalized = check_value(field_name, "eq", value)
    except ValueError as exc:
        raise InvalidArgument(f"Invalid arguments for pivot_by_ioc: 'value': {exc}.") from None
    clause = HuntClause.model_validate({"field": field_name, "op": "eq", "value": normalized})
    return await run_hunt(
        ctx,
        "hunt.pivot_by_ioc",
        {"kind": kind, "value": normalized},
        [clause],
        [],
        time_range=time_range,
        size=size,
        cursor=cursor,
    )


@tool("hunt.hunt_fields", title="Hunt fields")
async def hunt_fields(ctx: Context[Any, Any], time_range: TimeRange = "24h") -> HuntFieldsResult:
    """The hunt allowlist: each field hunt_query accepts, its type (keyword, ip, long, date), the
    operators it takes, an example value, and how many alerts in the last `time_range` carry it —
    so a hunt targets fields that are actually populated here."""
    window = time_window(time_range)
    specs = list(FIELDS.values())
    aggs = {f"f{i}": {"filter": {"exists": {"field": spec.name}}} for i, spec in enumerate(specs)}
    query = {"bool": {"filter": [window_filter("timestamp", window)]}}
    total, result = await deps(ctx).indexer().aggregate("alerts", query, aggs)
    fields = [
        HuntFieldInfo(
            field=spec.name,
            type=spec.type,
            ops=list(spec.ops),
            example=spec.example,
            description=spec.description,
            alerts_with_field=int((result.get(f"f{i}") or {}).get("doc_count", 0)),
        )
        for i, spec in enumerate(specs)
    ]
    return HuntFieldsResult(total=total, since=iso_ms(window[0]), until=iso_ms(window[1]), fields=fields)


TOOLS = [hunt_query, pivot_by_ioc, hunt_fields]
