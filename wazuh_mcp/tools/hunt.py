"""hunt.*: structured hunts over alerts. Clauses from an allowlist, never raw DSL (see ``hunt_grammar``)."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context
from pydantic import Field

from wazuh_mcp.errors import InvalidArgument
from wazuh_mcp.models.hunt import FieldCount, HuntFieldInfo, HuntFieldsResult, HuntQueryResult, PivotResult
from wazuh_mcp.query.fields import HASH_LENGTH, IocKind
from wazuh_mcp.query.fields import ioc_fields as fields_of_kind
from wazuh_mcp.query.hunt_grammar import FIELDS, HuntClause, any_field, build_query, check_value
from wazuh_mcp.runtime.registry import tool
from wazuh_mcp.tools._search import (
    Cursor,
    PageSize,
    TimeRange,
    aggregate,
    coverage,
    iso_ms,
    time_window,
    window_filter,
)
from wazuh_mcp.tools.alerts import alert_page, alert_page_counted


def ioc_fields(kind: IocKind, value: str) -> tuple[str, ...]:
    """The fields to search for ``value``; a hash is MD5, SHA-1 or SHA-256 by its length."""
    if kind != "hash":
        return fields_of_kind(kind)
    algorithm = HASH_LENGTH.get(len(value.strip()))
    if algorithm is None:
        raise InvalidArgument(
            "Invalid arguments for pivot_by_ioc: 'value': a hash is MD5 (32 hex characters), SHA-1 (40) or "
            f"SHA-256 (64); got {len(value.strip())} characters."
        )
    return fields_of_kind(kind, algorithm)


def _normalized(clauses: list[HuntClause]) -> list[dict[str, Any]]:
    """Clauses as the engine will see them ('7' and '007' are the same agent, so the same cursor query)."""
    return [{"field": c.field, "op": c.op, "value": check_value(c.field, c.op, c.value)} for c in clauses]


async def run_hunt(
    ctx: Context[Any, Any],
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
    """Hunt over alerts with clauses {field, op, value}: every `must` clause holds, no `must_not` clause
    does (at most 20 in all). Fields: the allowlist hunt_fields lists with types, operators and how many
    alerts carry each (agent, rule, MITRE, source/destination IPs and users, Windows, audit, AWS, GitHub,
    Office 365, GCP, MS Graph, osquery, VirusTotal, Docker, YARA, FIM, vulnerabilities). No free text or
    DSL. Newest first; follow `next_cursor`."""
    identity = {"must": _normalized(must), "must_not": _normalized(must_not)}
    return await run_hunt(ctx, identity, must, must_not, time_range=time_range, size=size, cursor=cursor)


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
    candidates = ioc_fields(kind, value)
    try:
        query, fields = any_field(candidates, value)
    except ValueError:
        reason = f"{value[:80]!r} fits none of the {kind} fields"
        try:
            check_value(candidates[0], "eq", value)
        except ValueError as exc:  # the primary field's own rule says best what is wrong
            reason = str(exc)
        raise InvalidArgument(f"Invalid arguments for pivot_by_ioc: 'value': {reason}.") from None
    terms = query["bool"]["should"]
    normalized = next(iter(terms[0]["term"].values()))
    aggs = {f"f{i}": {"filter": term} for i, term in enumerate(terms)} if cursor is None else None
    page, counted = await alert_page_counted(
        ctx,
        {"kind": kind, "value": normalized},
        [query],
        time_range=time_range,
        size=size,
        cursor=cursor,
        aggs=aggs,
    )
    counts = [
        FieldCount(field=name, alerts=int((counted.get(f"f{i}") or {}).get("doc_count", 0)))
        for i, name in enumerate(fields)
    ]
    return PivotResult(**dict(page), fields=[c for c in counts if c.alerts])


@tool("hunt.hunt_fields", title="Hunt fields")
async def hunt_fields(ctx: Context[Any, Any], time_range: TimeRange = "24h") -> HuntFieldsResult:
    """Every field hunt_query accepts: its type, operators, an example, what it holds, and how many alerts
    of the last `time_range` carry it (hunt the populated ones)."""
    window = time_window(time_range)
    specs = list(FIELDS.values())
    aggs = {f"f{i}": {"filter": _present(spec.name, spec.mapping)} for i, spec in enumerate(specs)}
    query = {"bool": {"filter": [window_filter("timestamp", window)]}}
    answer = await aggregate(ctx, "alerts", query, aggs)
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
