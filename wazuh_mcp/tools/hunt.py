"""hunt.*: structured hunts over alerts. Clauses from an allowlist, never raw DSL (see ``hunt_grammar``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from pydantic import Field

from wazuh_mcp.errors import InvalidArgument
from wazuh_mcp.models.hunt import (
    FieldCount,
    HuntFieldInfo,
    HuntFieldsResult,
    HuntQueryResult,
    PivotResult,
)
from wazuh_mcp.query import fields_v5
from wazuh_mcp.query.fields import HASH_LENGTH, IocKind
from wazuh_mcp.query.fields import ioc_fields as fields_of_kind
from wazuh_mcp.query.hunt_grammar import (
    FIELDS,
    FIELDS_V5,
    Allowlist,
    HuntClause,
    any_field,
    build_query,
    check_clause_counts,
    check_value,
)
from wazuh_mcp.query.template_types_v5 import FINDINGS, UNINDEXED
from wazuh_mcp.runtime.registry import tool
from wazuh_mcp.tools._alert_index import AlertIndex, events_of
from wazuh_mcp.tools._search import (
    Cursor,
    PageSize,
    TimeRange,
    aggregate,
    alert_index,
    check_cursor,
    coverage,
    iso_ms,
    time_window,
    window_filter,
)
from wazuh_mcp.tools.alerts import alert_page, alert_page_counted

LISTED_V5 = tuple(name for name in fields_v5.listed_fields(FINDINGS, UNINDEXED) if name in FIELDS_V5)


def allowlist(index: AlertIndex) -> Allowlist:
    """The hunt fields of the generation the Indexer holds."""
    return FIELDS_V5 if index.generation == 5 else FIELDS


def ioc_fields(kind: IocKind, value: str, generation: int = 4) -> tuple[str, ...]:
    """The fields to search for ``value``; a hash is MD5, SHA-1 or SHA-256 by its length."""
    algorithm = HASH_LENGTH.get(len(value.strip()))
    if kind == "hash" and algorithm is None:
        raise InvalidArgument(
            "Invalid arguments for pivot_by_ioc: 'value': a hash is MD5 (32 hex characters), SHA-1 (40) or "
            f"SHA-256 (64); got {len(value.strip())} characters."
        )
    if generation == 5:
        names = [name for name in fields_v5.ioc_fields(kind) if name in FIELDS_V5]
        if kind == "hash":  # related.hash holds every algorithm
            names = [name for name in names if name.endswith(f".{algorithm}") or name == "related.hash"]
        return tuple(names)
    return fields_of_kind(kind, algorithm) if kind == "hash" else fields_of_kind(kind)


def _normalized(clauses: list[HuntClause]) -> list[dict[str, Any]]:
    """Clauses as the engine will see them ('7' and '007' are the same agent, so the same cursor query).
    Each is checked by the generation that has its field; the hunt checks it again against the Indexer's."""
    return [
        {
            "field": c.field,
            "op": c.op,
            "value": check_value(c.field, c.op, c.value, FIELDS_V5 if c.field in FIELDS_V5 else FIELDS),
        }
        for c in clauses
    ]


async def run_hunt(
    ctx: Context[Any, Any],
    identity: dict[str, Any],
    must: list[HuntClause],
    must_not: list[HuntClause],
    *,
    time_range: str,
    size: int,
    cursor: str | None,
    events: bool = False,
) -> HuntQueryResult:
    check_clause_counts(must, must_not)  # the limits, before any engine call
    negative: list[dict[str, Any]] = []
    filters = _clause_filters("hunt_query", must, must_not, negative)
    if not events:
        page = await alert_page(
            ctx, identity, filters, must_not=negative, time_range=time_range, size=size, cursor=cursor, index=None
        )
        return HuntQueryResult(**dict(page))
    check_cursor(ctx, identity, time_range, cursor)  # before the generation probe asks the engine anything
    index = events_of(await alert_index(ctx))
    page = await alert_page(
        ctx, identity, filters(index), must_not=negative, time_range=time_range, size=size, cursor=cursor, index=index
    )
    note = None
    if page.total == 0 and cursor is None and index.generation == 4:
        note = (
            "No archived event matched. Wazuh 4.x indexes every event (not only alerts) only when the manager "
            "writes archives.json (ossec.conf: <logall_json>yes</logall_json>) and Filebeat ships it "
            "(filebeat.yml: archives: enabled: true) into wazuh-archives-4.x-*."
        )
    return HuntQueryResult(**dict(page), note=note)


def _clause_filters(
    tool_name: str, must: list[HuntClause], must_not: list[HuntClause], negative: list[dict[str, Any]]
) -> Callable[[AlertIndex], list[dict[str, Any]]]:
    """The clauses' filters for the generation the Indexer holds (its ``must_not`` fragments go to
    ``negative``): known only after the cursor check and the generation probe."""

    def filters(index: AlertIndex) -> list[dict[str, Any]]:
        try:
            boolean = build_query(must, must_not, fields=allowlist(index))["bool"]
        except InvalidArgument as exc:  # a field of the other generation: say which name this one uses
            raise InvalidArgument(f"Invalid arguments for {tool_name}: {exc.message}.") from None
        negative.extend(boolean.get("must_not") or [])
        return list(boolean["filter"])

    return filters


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
    events: Annotated[bool, Field(description="Every event, not only alerts (5.x events; 4.x archives).")] = False,
) -> HuntQueryResult:
    """Hunt over alerts with clauses {field, op, value}: every `must` clause holds, no `must_not` clause
    does (at most 20 in all). Fields: hunt_fields lists them with types, operators and how many alerts carry
    each (agent, rule, MITRE, IPs, users, Windows, cloud, FIM…). No free text or DSL.
    Newest first; follow `next_cursor`."""
    identity = {"must": _normalized(must), "must_not": _normalized(must_not), **({"events": True} if events else {})}
    return await run_hunt(ctx, identity, must, must_not, time_range=time_range, size=size, cursor=cursor, events=events)


@tool("hunt.pivot_by_ioc", title="Pivot on an IOC")
async def pivot_by_ioc(
    ctx: Context[Any, Any],
    kind: Annotated[
        IocKind,
        Field(description="hash (MD5, SHA-1 or SHA-256, by length), ip, user, or domain (a host or DNS name)."),
    ],
    value: Annotated[str, Field(min_length=1, max_length=256, description="The indicator.")],
    time_range: TimeRange = "24h",
    size: PageSize = 25,
    cursor: Cursor = None,
) -> PivotResult:
    """Alerts holding an indicator in any field where Wazuh or an integration stores its kind (Windows,
    AWS, Office 365, GCP, Azure, GitHub, osquery, FIM who-data, VirusTotal…), newest first; the first page
    counts them per field (`fields`). Follow `next_cursor`."""
    try:  # a value no field of either generation can hold is refused before any engine call
        _pivot_query(kind, value, 4)
    except InvalidArgument:
        if kind in ("ip", "hash"):  # what an IP or a digest is does not depend on the generation
            raise
        _pivot_query(kind, value, 5)
    fields: list[str] = []
    aggs: dict[str, Any] = {}

    def filters(index: AlertIndex) -> list[dict[str, Any]]:
        query, fitting = _pivot_query(kind, value, index.generation)
        fields.extend(fitting)
        if cursor is None:
            aggs.update({f"f{i}": {"filter": term} for i, term in enumerate(query["bool"]["should"])})
        return [query]

    page, counted = await alert_page_counted(
        ctx,
        {"kind": kind, "value": _pivot_value(kind, value)},
        filters,
        time_range=time_range,
        size=size,
        cursor=cursor,
        aggs=aggs,
        index=None,
    )
    counts = [
        FieldCount(field=name, alerts=int((counted.get(f"f{i}") or {}).get("doc_count", 0)))
        for i, name in enumerate(fields)
    ]
    return PivotResult(**dict(page), fields=[c for c in counts if c.alerts])


def _pivot_query(kind: IocKind, value: str, generation: int) -> tuple[dict[str, Any], list[str]]:
    """The ``should`` over every field of ``kind`` that can hold ``value`` on this generation, and those fields."""
    candidates = ioc_fields(kind, value, generation)
    allowed = FIELDS_V5 if generation == 5 else FIELDS
    try:
        return any_field(candidates, value, allowed)
    except ValueError:
        reason = f"{value[:80]!r} fits none of the {kind} fields"
        try:
            check_value(candidates[0], "eq", value, allowed)
        except ValueError as exc:  # the primary field's own rule says best what is wrong
            reason = str(exc)
        raise InvalidArgument(f"Invalid arguments for pivot_by_ioc: 'value': {reason}.") from None


def _pivot_value(kind: IocKind, value: str) -> str:
    """The indicator as the cursor's identity holds it, the same on either generation ('007'/'7' agents
    aside, which pivots do not take): the primary 4.x field's normal form where it has one."""
    try:
        query, _ = _pivot_query(kind, value, 4)
    except InvalidArgument:
        return value.strip()
    return str(next(iter(query["bool"]["should"][0]["term"].values())))


@tool("hunt.hunt_fields", title="Hunt fields")
async def hunt_fields(ctx: Context[Any, Any], time_range: TimeRange = "24h") -> HuntFieldsResult:
    """Every field hunt_query accepts: its type, operators, an example, what it holds, and how many alerts
    of the last `time_range` carry it (hunt the populated ones). Wazuh 5.x: the main WCS fields; hunt_query
    takes every WCS field."""
    window = time_window(time_range)
    index = await alert_index(ctx)
    specs = list(FIELDS.values()) if index.generation == 4 else [FIELDS_V5[name] for name in LISTED_V5]
    aggs = {f"f{i}": {"filter": _present(spec.name, spec.mapping)} for i, spec in enumerate(specs)}
    query = {"bool": {"filter": [window_filter(index.time_field, window)]}}
    answer = await aggregate(ctx, index.kind, query, aggs)
    fields = [
        HuntFieldInfo(
            field=spec.name,
            type=spec.type,
            ops=list(spec.ops),
            example=spec.example,
            description=spec.description,
            alerts_with_field=int((answer.aggs.get(f"f{i}") or {}).get("doc_count", 0)),
        )
        for i, spec in enumerate(specs)
    ]
    return HuntFieldsResult(
        total=answer.total,
        since=iso_ms(window[0]),
        until=iso_ms(window[1]),
        fields=fields,
        **coverage(answer.warnings),
    )


def _present(field_name: str, mapping: str) -> dict[str, Any]:
    """``exists``, and for keyword fields not ``""``: Wazuh writes empty strings (``location: ""``) that
    ``exists`` counts. A ``term`` on "" would fail on a number, date or ip field, which cannot hold it."""
    exists = {"exists": {"field": field_name}}
    if mapping != "keyword":
        return exists
    return {"bool": {"filter": [exists], "must_not": [{"term": {field_name: ""}}]}}


TOOLS = [hunt_query, pivot_by_ioc, hunt_fields]
