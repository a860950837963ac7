"""What every paged Indexer tool shares: the time_range type, page size, cursor, and one page fetch.

A page is one ``_search``: the tool's filters inside one ``bool`` (plus the time window), a
sort ending on a unique field (so ``search_after`` neither skips nor repeats a hit), ``size+1``
hits (the extra one only tells whether a next page exists, so the last page never hands out a
cursor to an empty page), ``_source.includes`` limited to what the result model shows, and an
exact ``total``. Cursors are opaque and signed (``wazuh_mcp.query.cursors``) and are checked before the
engine is called.

Every Indexer request of a tool goes through ``search`` here, which turns what the engine admits it
left out (failed shards, a timeout) into ``warnings`` for the result's ``partial``/``warnings``
fields (``models.common.Coverage``), and tells Wazuh 5.x apart (``backends.layout``) instead of
answering "nothing found".
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context
from pydantic import AfterValidator, BeforeValidator, Field

from wazuh_mcp.backends.indexer_shapes import TEMPLATE_FIX, IndexKind, shard_warnings, total_hits
from wazuh_mcp.backends.layout import (
    V5_AGENT_FIELD,
    Layout,
    alerts_generation,
    v5_event_indices,
    v5_index_warning,
    vulnerability_layout,
    wazuh5_alerts_error,
    wazuh5_vulnerabilities_error,
)
from wazuh_mcp.errors import UpstreamError, WazuhMCPError
from wazuh_mcp.runtime.context import current_tool, deps
from wazuh_mcp.tools._alert_index import ALERTS_V4, FINDINGS_V5, AlertIndex

log = logging.getLogger(__name__)

MAX_WINDOW = timedelta(days=30)
_UNITS = {"m": timedelta(minutes=1), "h": timedelta(hours=1), "d": timedelta(days=1)}
TIME_RANGE_PATTERN = r"^[0-9]{1,5}[mhd]$"


def _time_range(value: str) -> str:
    # fullmatch on the value as given: no strip(), so "1h\n" or " 1h" is refused as the schema's pattern says.
    match = re.fullmatch(r"([0-9]{1,5})([mhd])", value.lower())
    if match is None or int(match.group(1)) == 0:
        raise ValueError("time_range is a positive whole number and a unit m, h or d, e.g. '15m', '24h' or '7d'")
    amount, unit = int(match.group(1)), match.group(2)
    if amount * _UNITS[unit] > MAX_WINDOW:
        raise ValueError("time_range is at most 30d (720h, 43200m)")
    return f"{amount}{unit}"


TimeRange = Annotated[
    str,
    Field(
        description="How far back, e.g. 15m, 24h, 7d (at most 30d).",
        json_schema_extra={"pattern": TIME_RANGE_PATTERN},
    ),
    AfterValidator(_time_range),
]
"""``<int><m|h|d>`` up to 30 days; the one definition every Indexer tool uses."""

PageSize = Annotated[
    int,
    Field(
        ge=1,
        le=100,
        description="Results per page.",
    ),
]


def _cursor(value: Any) -> Any:
    """A cursor is the opaque string a page handed out; a list (raw ``search_after`` values, as some
    tool references type it) or any other JSON gets one short, specific refusal instead of union noise."""
    if value is None or isinstance(value, str):
        return value
    raise ValueError(
        f"cursor must be the next_cursor string from the previous page, not a JSON {_json_type(value)}; "
        "omit it for the first page"
    )


def _json_type(value: Any) -> str:
    return {list: "array", dict: "object", bool: "boolean", int: "number", float: "number"}.get(type(value), "value")


Cursor = Annotated[
    Annotated[str, Field(max_length=2048)] | None,
    BeforeValidator(_cursor),
    Field(
        description="next_cursor of the previous page (same other arguments).",
    ),
]


def utc_now() -> datetime:
    """The clock every time window is measured from (tests pin it to the dataset's anchor)."""
    return datetime.now(UTC)


def time_window(time_range: str, now: datetime | None = None) -> tuple[int, int]:
    """``[now - time_range, now]`` in epoch milliseconds."""
    amount, unit = int(time_range[:-1]), time_range[-1]
    until = now or utc_now()
    since = until - amount * _UNITS[unit]
    return int(since.timestamp() * 1000), int(until.timestamp() * 1000)


def window_filter(field_name: str, window: tuple[int, int]) -> dict[str, Any]:
    return {"range": {field_name: {"gte": window[0], "lte": window[1], "format": "epoch_millis"}}}


def iso_ms(epoch_ms: int) -> str:
    return datetime.fromtimestamp(epoch_ms / 1000, UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{epoch_ms % 1000:03d}Z"


@dataclass(frozen=True)
class PageQuery:
    """One paged question to the Indexer, as a tool states it."""

    kind: IndexKind
    identity: dict[str, Any]
    """The normalised arguments that define the result set (all but size and cursor)."""
    filters: list[dict[str, Any]]
    sort: list[dict[str, Any]]
    source: list[str]
    size: int
    cursor: str | None = None
    time_range: str | None = None
    """Pins a window on ``time_field`` when set."""
    time_field: str = "timestamp"
    must_not: list[dict[str, Any]] = field(default_factory=list)
    tool: str | None = None
    """Canonical tool id in the cursor's fingerprint; None: the running tool (``context.current_tool``)."""
    aggs: dict[str, Any] | None = None
    """Aggregations computed over the whole result set in the same request (e.g. a pivot's per-field counts)."""


@dataclass(frozen=True)
class HitPage:
    hits: list[dict[str, Any]]
    total: int
    next_cursor: str
    warnings: list[str] = field(default_factory=list)
    aggregations: dict[str, Any] = field(default_factory=dict)

    @property
    def truncated(self) -> bool:
        return bool(self.next_cursor)

    def envelope(self) -> dict[str, Any]:
        """The ``Page`` fields of a result model (paging and coverage), to splat into it."""
        return {
            "total": self.total,
            "truncated": self.truncated,
            "next_cursor": self.next_cursor,
            **coverage(self.warnings),
        }


def coverage(warnings: list[str]) -> dict[str, Any]:
    """``partial``/``warnings`` of a result model (``models.common.Coverage``)."""
    return {"partial": bool(warnings), "warnings": list(dict.fromkeys(warnings))}


LAYOUT_TTL_S = 300.0
"""How long a probe of which Wazuh wrote the indices is trusted (indices appear daily)."""


async def _vulnerability_layout(ctx: Context[Any, Any]) -> Layout:
    app = deps(ctx)
    cached = app.vulnerability_layout
    if cached is not None and time.monotonic() - cached[0] < LAYOUT_TTL_S:
        return cached[1]
    try:
        layout = await vulnerability_layout(app.indexer())
    except WazuhMCPError as exc:  # a role without the mapping privilege still gets its answers, 4.x assumed
        log.info("Could not read the vulnerability indices' mappings (%s); assuming Wazuh 4.x", exc.code)
        layout = Layout()
    app.vulnerability_layout = (time.monotonic(), layout)
    return layout


async def vulnerabilities_generation(ctx: Context[Any, Any]) -> Literal[4, 5]:
    """5 when every vulnerability-state index is Wazuh 5.x's (agent under ``wazuh.agent.*``); a mix is read
    in 4.x's names, with a warning naming each 5.x index."""
    return 5 if (await _vulnerability_layout(ctx)).only_v5 else 4


async def inventory_in_v5_index(ctx: Context[Any, Any], kind: IndexKind) -> bool:
    """Whether the Indexer (when configured and reachable) holds an index under the inventory pattern for
    ``kind`` with ``wazuh.agent.id``: Wazuh 5.x's ``wazuh-states-inventory-<kind>``, which 4.x never writes.
    Probed every few minutes (an upgrade shows up meanwhile); False without the mapping privilege."""
    app = deps(ctx)
    if app.backends.indexer is None or "indexer" in app.backends.problems:
        return False
    cached = app.inventory_v5.get(kind)
    if cached is None or time.monotonic() - cached[0] >= LAYOUT_TTL_S:
        try:
            held = bool(await app.indexer().field_types(kind, [V5_AGENT_FIELD]))
        except WazuhMCPError:  # no mapping privilege or no Indexer reachable: the Server API decides
            held = False
        cached = app.inventory_v5[kind] = (time.monotonic(), held)
    return cached[1]


async def alert_index(ctx: Context[Any, Any]) -> AlertIndex:
    """Wazuh 4.x's alerts or Wazuh 5.x's findings, whichever this Indexer holds (probed every few minutes:
    an upgrade's first findings stream appears while the server runs)."""
    app = deps(ctx)
    cached = app.alerts_generation
    if cached is None or time.monotonic() - cached[0] >= LAYOUT_TTL_S:
        try:
            generation = await alerts_generation(app.indexer())
        except WazuhMCPError as exc:  # without the mapping privilege the 4.x answers (or errors) stand
            log.info("Could not read the alert indices' mappings (%s); assuming Wazuh 4.x", exc.code)
            generation = 4
        cached = app.alerts_generation = (time.monotonic(), generation)
    return FINDINGS_V5 if cached[1] == 5 else ALERTS_V4


async def search(ctx: Context[Any, Any], kind: IndexKind, body: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """One ``_search`` and the warnings that say what it left out.

    Wazuh 5.x data is ``configuration_error`` naming 5.x: alerts when the pattern matches no index but
    5.x event indices exist; vulnerabilities when every state index is 5.x's (a mix answers, with a
    warning naming each 5.x index).
    """
    indexer = deps(ctx).indexer()
    layout = await _vulnerability_layout(ctx) if kind == "vulnerabilities" else Layout()
    mixed = bool(layout.v5) and not layout.only_v5  # only 5.x: the tool asked in 5.x's names
    try:
        response = await indexer.search(kind, body)
    except UpstreamError:
        if mixed:  # the 4.x indices failed too: say 5.x first
            raise wazuh5_vulnerabilities_error(layout.v5) from None
        raise
    warnings = shard_warnings(response, fix=TEMPLATE_FIX[kind])
    if mixed:
        warnings = [w for w in warnings if not w.startswith(tuple(f"Index {i}:" for i in layout.v5))]
        failed = {
            str(f.get("index")) for f in (response.get("_shards") or {}).get("failures") or [] if isinstance(f, dict)
        }
        warnings += [v5_index_warning(index) for index in layout.v5 if index in failed]
    if kind == "alerts" and _shard_count(response) == 0:
        try:
            v5 = await v5_event_indices(indexer)
        except WazuhMCPError:  # the probe is a diagnosis; without it the empty answer stands
            v5 = []
        if v5:
            raise wazuh5_alerts_error(v5)
    return response, warnings


async def state_page(
    ctx: Context[Any, Any], kind: IndexKind, body: dict[str, Any]
) -> tuple[list[dict[str, Any]], int, str | None]:
    """One page of state documents (5.x inventory, FIM, SCA): their sources, the exact total, and the
    coverage warnings as one note (None when complete)."""
    response, warnings = await search(ctx, kind, body)
    hits = response["hits"].get("hits") or []
    return [hit.get("_source") or {} for hit in hits], total_hits(response), " ".join(warnings) or None


def _shard_count(response: dict[str, Any]) -> int | None:
    shards = response.get("_shards")
    total = shards.get("total") if isinstance(shards, dict) else None
    return total if isinstance(total, int) else None


@dataclass(frozen=True)
class Aggregated:
    total: int
    aggs: dict[str, Any]
    warnings: list[str]


async def aggregate(ctx: Context[Any, Any], kind: IndexKind, query: dict[str, Any], aggs: dict[str, Any]) -> Aggregated:
    """Exact match count and the ``aggregations`` of one size-0 search, with its coverage warnings."""
    response, warnings = await search(ctx, kind, {"size": 0, "track_total_hits": True, "query": query, "aggs": aggs})
    return Aggregated(total_hits(response), dict(response.get("aggregations") or {}), warnings)


async def find_one(
    ctx: Context[Any, Any], kind: IndexKind, query: dict[str, Any], source: list[str] | None = None
) -> tuple[dict[str, Any] | None, list[str]]:
    """The first hit of ``query`` (or None) and the coverage warnings: a "not found" from an answer
    with failed shards is not a real "not found"."""
    body: dict[str, Any] = {"size": 1, "query": query}
    if source is not None:
        body["_source"] = {"includes": source}
    response, warnings = await search(ctx, kind, body)
    hits = response["hits"].get("hits") or []
    return (hits[0] if hits else None), warnings


async def count(ctx: Context[Any, Any], kind: IndexKind, query: dict[str, Any]) -> tuple[int, list[str]]:
    """Exact number of matches of ``query`` and the coverage warnings."""
    response, warnings = await search(ctx, kind, {"size": 0, "track_total_hits": True, "query": query})
    return total_hits(response), warnings


def search_body(query: PageQuery, window: tuple[int, int] | None, after: list[Any] | None) -> dict[str, Any]:
    filters = ([window_filter(query.time_field, window)] if window else []) + query.filters
    boolean: dict[str, Any] = {"filter": filters}
    if query.must_not:
        boolean["must_not"] = query.must_not
    body: dict[str, Any] = {
        "size": query.size + 1,
        "track_total_hits": True,
        "sort": query.sort,
        "_source": {"includes": query.source},
        "query": {"bool": boolean},
    }
    if after is not None:
        body["search_after"] = after
    if query.aggs:
        body["aggs"] = query.aggs
    return body


def _fingerprint(ctx: Context[Any, Any], tool: str | None, identity: dict[str, Any], time_range: str | None) -> str:
    return deps(ctx).cursors.fingerprint(tool or current_tool(), {**identity, "time_range": time_range})


def check_cursor(ctx: Context[Any, Any], identity: dict[str, Any], time_range: str | None, cursor: str | None) -> None:
    """``invalid_argument`` for a cursor that is not this query's, before anything asks the engine (a tool that
    probes the Indexer before its page, as the alert tools do for the Wazuh generation, calls it first)."""
    if cursor:
        deps(ctx).cursors.decode(cursor, fingerprint=_fingerprint(ctx, None, identity, time_range))


async def fetch_page(ctx: Context[Any, Any], query: PageQuery) -> HitPage:
    """One page of hits. A bad cursor is ``invalid_argument`` before the engine is called."""
    codec = deps(ctx).cursors  # signed with this session's key
    fingerprint = _fingerprint(ctx, query.tool, query.identity, query.time_range)
    after: list[Any] | None = None
    window = time_window(query.time_range) if query.time_range else None
    if query.cursor:
        position = codec.decode(query.cursor, fingerprint=fingerprint)
        after, window = position.after, position.window
    response, warnings = await search(ctx, query.kind, search_body(query, window, after))
    hits = list(response["hits"].get("hits") or [])
    more = len(hits) > query.size
    hits = hits[: query.size]
    next_cursor = ""
    if more and hits:
        next_cursor = codec.encode(fingerprint=fingerprint, after=list(hits[-1].get("sort") or []), window=window)
    return HitPage(
        hits=hits,
        total=total_hits(response),
        next_cursor=next_cursor,
        warnings=warnings,
        aggregations=dict(response.get("aggregations") or {}),
    )
