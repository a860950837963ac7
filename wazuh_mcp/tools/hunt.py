"""hunt.*: structured hunts over alerts. Clauses from an allowlist, never raw DSL (see ``hunt_grammar``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import anyio
from mcp.server.mcpserver import Context
from pydantic import Field

from wazuh_mcp.errors import InvalidArgument, WazuhMCPError
from wazuh_mcp.models.hunt import FieldCount, HuntFieldInfo, HuntFieldsResult, HuntQueryResult, PivotResult
from wazuh_mcp.query.hunt_grammar import FIELDS, HuntClause, build_query, check_value
from wazuh_mcp.runtime.registry import tool
from wazuh_mcp.tools._search import (
    Cursor,
    PageSize,
    TimeRange,
    aggregate,
    count,
    coverage,
    iso_ms,
    time_window,
    window_filter,
)
from wazuh_mcp.tools.alerts import alert_page

IocKind = Literal["hash", "ip", "user", "domain"]
_GUARDDUTY = "data.aws.service.action."
_AWS_NIC = "data.aws.resource.instanceDetails.networkInterfaces."
IOC_FIELDS: dict[str, tuple[str, ...]] = {
    # primary field first, then every other field where Wazuh stores that kind of value
    "ip": (
        "data.srcip",
        "data.dstip",
        "data.win.eventdata.ipAddress",
        "data.aws.sourceIPAddress",
        "data.aws.srcaddr",
        "data.aws.dstaddr",
        f"{_GUARDDUTY}portProbeAction.portProbeDetails.remoteIpDetails.ipAddressV4",
        f"{_GUARDDUTY}awsApiCallAction.remoteIpDetails.ipAddressV4",
        f"{_GUARDDUTY}networkConnectionAction.remoteIpDetails.ipAddressV4",
        f"{_AWS_NIC}publicIp",
        "agent.ip",
    ),
    "user": (
        "data.srcuser",
        "data.dstuser",
        "data.win.eventdata.targetUserName",
        "data.win.eventdata.subjectUserName",
        "data.aws.resource.accessKeyDetails.userName",
    ),
    "domain": ("data.hostname", f"{_AWS_NIC}publicDnsName", f"{_AWS_NIC}privateDnsName"),
    "md5": ("syscheck.md5_after", "syscheck.md5_before"),
    "sha1": ("syscheck.sha1_after", "syscheck.sha1_before"),
    "sha256": ("syscheck.sha256_after", "syscheck.sha256_before"),
}
"""Where Wazuh stores each kind of indicator, primary field first. A hash's kind comes from its length.
OR stays outside the grammar: the other fields are counted one query each, never joined in a ``should``."""
_HASH_BY_LENGTH = {32: "md5", 40: "sha1", 64: "sha256"}


def ioc_fields(kind: IocKind, value: str) -> tuple[str, ...]:
    """The fields to search for ``value``; a hash is MD5, SHA-1 or SHA-256 by its length."""
    if kind != "hash":
        return IOC_FIELDS[kind]
    algorithm = _HASH_BY_LENGTH.get(len(value.strip()))
    if algorithm is None:
        raise InvalidArgument(
            "Invalid arguments for pivot_by_ioc: 'value': a hash is MD5 (32 hex characters), SHA-1 (40) or "
            f"SHA-256 (64); got {len(value.strip())} characters."
        )
    return IOC_FIELDS[algorithm]


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
    """Hunt over alerts with structured clauses {field, op, value}: `must` clauses all hold, `must_not`
    clauses none (at most 20 in total). Fields come from an allowlist of alert fields where Wazuh stores
    what analysts pivot on (agent.id, rule.id, rule.level, rule.groups, rule.mitre.id, data.srcip,
    data.srcuser, data.win.eventdata.*, data.win.system.eventID, data.audit.*, AWS addresses,
    data.vulnerability.cve, syscheck.path and hashes, @timestamp…); call hunt_fields for each field's
    type, operators and how many alerts carry it.
    Operators: eq, ne, in (list of 1..100), exists (value true), prefix (3+ characters); gt/gte/lt/lte
    only on rule.level and @timestamp. No free-text or DSL. Newest first; follow `next_cursor`."""
    identity = {"must": _normalized(must), "must_not": _normalized(must_not)}
    return await run_hunt(ctx, identity, must, must_not, time_range=time_range, size=size, cursor=cursor)


@tool("hunt.pivot_by_ioc", title="Pivot on an IOC")
async def pivot_by_ioc(
    ctx: Context[Any, Any],
    kind: Annotated[
        IocKind,
        Field(
            description="hash (MD5, SHA-1 or SHA-256 of a file, by its length), ip (an IP address), user (a "
            "user name) or domain (a host or DNS name)."
        ),
    ],
    value: Annotated[
        str, Field(min_length=1, max_length=256, description="The indicator, e.g. an IP address or a hex digest.")
    ],
    time_range: TimeRange = "24h",
    size: PageSize = 25,
    cursor: Cursor = None,
) -> PivotResult:
    """Alerts that carry an indicator of compromise, newest first, from the kind's primary field
    (ip → data.srcip, user → data.srcuser, domain → data.hostname, hash → syscheck.md5_after, sha1_after or
    sha256_after by its length).
    The first page also counts, in `elsewhere`, the alerts holding the indicator in every other field
    where Wazuh stores that kind of value (destination IP, Windows ipAddress/targetUserName, AWS
    GuardDuty/CloudTrail/VPC addresses and names, _before hashes…): run hunt_query on a field with a
    count to list those alerts. Follow `next_cursor` for older alerts of the primary field."""
    fields = ioc_fields(kind, value)
    primary = fields[0]
    try:
        normalized = check_value(primary, "eq", value)
    except ValueError as exc:
        raise InvalidArgument(f"Invalid arguments for pivot_by_ioc: 'value': {exc}.") from None
    clause = HuntClause.model_validate({"field": primary, "op": "eq", "value": normalized})
    page = await run_hunt(
        ctx,
        {"kind": kind, "value": normalized},
        [clause],
        [],
        time_range=time_range,
        size=size,
        cursor=cursor,
    )
    elsewhere: list[FieldCount] = []
    warnings = list(page.warnings)
    if cursor is None:
        elsewhere, more = await _count_elsewhere(ctx, fields[1:], normalized, time_range)
        warnings += more
    return PivotResult(
        alerts=page.alerts,
        rules=page.rules,
        agents=page.agents,
        field=primary,
        elsewhere=elsewhere,
        total=page.total,
        truncated=page.truncated,
        next_cursor=page.next_cursor,
        **coverage(warnings),
    )


async def _count_elsewhere(
    ctx: Context[Any, Any], fields: tuple[str, ...], value: Any, time_range: str
) -> tuple[list[FieldCount], list[str]]:
    """One count query per field, concurrently; each a grammar ``term`` inside the time window."""
    window = window_filter("timestamp", time_window(time_range))
    counts: dict[str, int] = {}
    warnings: list[str] = []

    async def one(field_name: str) -> None:
        try:
            clause = HuntClause.model_validate({"field": field_name, "op": "eq", "value": value})
        except ValueError:  # the value does not fit this field's type
            return
        try:
            counts[field_name], more = await count(ctx, "alerts", build_query([clause], filters=[window]))
        except WazuhMCPError as exc:  # one field's count failing must not lose the page (or raise a group)
            warnings.append(f"Could not count {field_name}: {exc.code}: {exc.message}")
            return
        warnings.extend(more)

    async with anyio.create_task_group() as group:
        for field_name in fields:
            group.start_soon(one, field_name)
    return [FieldCount(field=f, alerts=counts[f]) for f in fields if f in counts], warnings


@tool("hunt.hunt_fields", title="Hunt fields")
async def hunt_fields(ctx: Context[Any, Any], time_range: TimeRange = "24h") -> HuntFieldsResult:
    """The hunt allowlist: each field hunt_query accepts, its type (keyword, ip, long, date), the
    operators it takes, an example value, and how many alerts in the last `time_range` carry it with
    a non-empty value — so a hunt targets fields that are actually populated here."""
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
