"""alerts.*: Wazuh alerts from the Indexer (``wazuh-alerts-*``), newest first, compact and paged."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context
from pydantic import Field

from wazuh_mcp.errors import NotFound
from wazuh_mcp.models.alerts import (
    AgentCount,
    GetAlertResult,
    LevelCount,
    NameCount,
    RuleCount,
    SearchAlertsResult,
    SummarizeAlertsResult,
)
from wazuh_mcp.server.registry import tool
from wazuh_mcp.tools._alert_view import ALERT_SORT, ALERT_SOURCE, to_alert
from wazuh_mcp.tools._args import AgentId
from wazuh_mcp.tools._search import (
    Cursor,
    PageQuery,
    PageSize,
    TimeRange,
    aggregate,
    coverage,
    fetch_page,
    find_one,
    iso_ms,
    time_window,
    window_filter,
)
from wazuh_mcp.tools.mitre import TechniqueId

MinLevel = Annotated[
    int | None,
    Field(ge=0, le=15, description="Only alerts of this rule level and above (0..15; 12+ is high severity)."),
]
GET_ALERT_LOG_EXCERPT = 2000
SUMMARY_TOP = 10
_SHARD_SIZE = 500  # terms counts stay exact across the alerts template's 3 shards for realistic cardinalities
_BY_COUNT = [{"_count": "desc"}, {"_key": "asc"}]  # ties broken by key, so every engine lists the same order


def _level_filter(min_level: int | None) -> list[dict[str, Any]]:
    return [{"range": {"rule.level": {"gte": min_level}}}] if min_level is not None else []


def _agent_filter(agent_id: str | None) -> list[dict[str, Any]]:
    return [{"term": {"agent.id": agent_id}}] if agent_id is not None else []


async def alert_page(
    ctx: Context[Any, Any],
    tool_id: str,
    identity: dict[str, Any],
    filters: list[dict[str, Any]],
    *,
    time_range: str,
    size: int,
    cursor: str | None,
    must_not: list[dict[str, Any]] | None = None,
) -> SearchAlertsResult:
    """One newest-first page of compact alerts (shared by every alert-list tool)."""
    page = await fetch_page(
        ctx,
        PageQuery(
            tool=tool_id,
            kind="alerts",
            identity=identity,
            filters=filters,
            must_not=must_not or [],
            sort=ALERT_SORT,
            source=ALERT_SOURCE,
            size=size,
            cursor=cursor,
            time_range=time_range,
        ),
    )
    return SearchAlertsResult(alerts=[to_alert(hit) for hit in page.hits], **page.envelope())


@tool("alerts.search_alerts", title="Search alerts")
async def search_alerts(
    ctx: Context[Any, Any],
    time_range: TimeRange = "1h",
    min_level: MinLevel = None,
    agent_id: Annotated[AgentId | None, Field(description="Only alerts of this agent, e.g. '001'.")] = None,
    size: PageSize = 25,
    cursor: Cursor = None,
) -> SearchAlertsResult:
    """Search Wazuh alerts over the last `time_range`, optionally from `min_level` up and for one
    agent. Newest first; compact alerts (rule, agent, IPs, users, FIM file, log excerpt). Follow
    `next_cursor` for older alerts; for counts per rule/agent/tactic use summarize_alerts instead."""
    identity = {"min_level": min_level, "agent_id": agent_id}
    filters = _level_filter(min_level) + _agent_filter(agent_id)
    return await alert_page(
        ctx, "alerts.search_alerts", identity, filters, time_range=time_range, size=size, cursor=cursor
    )


@tool("alerts.get_alert", title="Get alert")
async def get_alert(
    ctx: Context[Any, Any],
    alert_id: Annotated[
        str, Field(min_length=1, max_length=128, description="Alert document id, as listed in an alert's `id`.")
    ],
) -> GetAlertResult:
    """Fetch one alert by its document id from any wazuh-alerts-* index, with a longer log excerpt.
    An unknown id is `not_found`."""
    hit, warnings = await find_one(ctx, "alerts", {"ids": {"values": [alert_id]}}, ALERT_SOURCE)
    if hit is None:
        raise NotFound(
            f"No alert with id {alert_id!r} in the alerts indices"
            + (f" that answered ({'; '.join(warnings)})." if warnings else "."),
            hint="Use the `id` of an alert returned by search_alerts or hunt_query.",
        )
    return GetAlertResult(alert=to_alert(hit, log_excerpt=GET_ALERT_LOG_EXCERPT), **coverage(warnings))


@tool("alerts.alerts_by_agent", title="Alerts by agent")
async def alerts_by_agent(
    ctx: Context[Any, Any],
    agent_id: AgentId,
    time_range: TimeRange = "24h",
    size: PageSize = 25,
    cursor: Cursor = None,
) -> SearchAlertsResult:
    """Alerts raised by one agent over the last `time_range`, newest first, compact and paged
    (follow `next_cursor`)."""
    return await alert_page(
        ctx,
        "alerts.alerts_by_agent",
        {"agent_id": agent_id},
        _agent_filter(agent_id),
        time_range=time_range,
        size=size,
        cursor=cursor,
    )


@tool("alerts.alerts_by_mitre", title="Alerts by MITRE technique")
async def alerts_by_mitre(
    ctx: Context[Any, Any],
    technique_id: TechniqueId,
    time_range: TimeRange = "24h",
    size: PageSize = 25,
    cursor: Cursor = None,
) -> SearchAlertsResult:
    """Alerts whose rule maps to a MITRE ATT&CK technique over the last `time_range`, newest first,
    compact and paged (follow `next_cursor`). A technique id (T1110) also matches its sub-techniques
    (T1110.001…); a sub-technique id matches only itself."""
    technique = technique_id.upper()
    fragment = (
        {"term": {"rule.mitre.id": technique}} if "." in technique else {"prefix": {"rule.mitre.id": technique}}
    )  # T-numbers have 4 digits: T1110 cannot prefix T11100
    return await alert_page(
        ctx,
        "alerts.alerts_by_mitre",
        {"technique_id": technique},
        [fragment],
        time_range=time_range,
        size=size,
        cursor=cursor,
    )


def _terms(field_name: str, size: int = SUMMARY_TOP, **extra: Any) -> dict[str, Any]:
    return {"terms": {"field": field_name, "size": size, "shard_size": _SHARD_SIZE, "order": _BY_COUNT, **extra}}


SUMMARY_AGGS: dict[str, Any] = {
    "rules": {
        **_terms("rule.id"),
        "aggs": {
            "description": {"terms": {"field": "rule.description", "size": 1}},
            "level": {"max": {"field": "rule.level"}},
        },
    },
    "agents": {**_terms("agent.id"), "aggs": {"name": {"terms": {"field": "agent.name", "size": 1}}}},
    "levels": {"terms": {"field": "rule.level", "size": 16, "order": {"_key": "desc"}}},
    "tactics": _terms("rule.mitre.tactic"),
    "techniques": _terms("rule.mitre.id"),
}


def _buckets(aggs: dict[str, Any], name: str) -> tuple[list[dict[str, Any]], bool]:
    agg = aggs.get(name) or {}
    return list(agg.get("buckets") or []), bool(agg.get("sum_other_doc_count"))


def _first_key(bucket: dict[str, Any], name: str) -> str | None:
    inner = (bucket.get(name) or {}).get("buckets") or []
    return str(inner[0]["key"]) if inner else None


@tool("alerts.summarize_alerts", title="Summarize alerts")
async def summarize_alerts(
    ctx: Context[Any, Any],
    time_range: TimeRange = "24h",
    min_level: MinLevel = None,
    agent_id: Annotated[AgentId | None, Field(description="Only alerts of this agent, e.g. '001'.")] = None,
) -> SummarizeAlertsResult:
    """Triage in one call: how many alerts in the last `time_range`, and the top 10 rules (id,
    description, level), agents, MITRE tactics and techniques by count, plus every rule level.
    Use it before paging through alerts with search_alerts."""
    window = time_window(time_range)
    query = {
        "bool": {"filter": [window_filter("timestamp", window), *_level_filter(min_level), *_agent_filter(agent_id)]}
    }
    answer = await aggregate(ctx, "alerts", query, SUMMARY_AGGS)
    total, aggs = answer.total, answer.aggs
    rules, cut_rules = _buckets(aggs, "rules")
    agents, cut_agents = _buckets(aggs, "agents")
    levels, _ = _buckets(aggs, "levels")
    tactics, cut_tactics = _buckets(aggs, "tactics")
    techniques, cut_techniques = _buckets(aggs, "techniques")
    return SummarizeAlertsResult(
        total=total,
        since=iso_ms(window[0]),
        until=iso_ms(window[1]),
        by_rule=[
            RuleCount(
                id=str(b["key"]),
                description=_first_key(b, "description"),
                level=_max_level(b),
                count=int(b["doc_count"]),
            )
            for b in rules
        ],
        by_agent=[AgentCount(id=str(b["key"]), name=_first_key(b, "name"), count=int(b["doc_count"])) for b in agents],
        by_level=[LevelCount(level=int(b["key"]), count=int(b["doc_count"])) for b in levels],
        by_tactic=[NameCount(name=str(b["key"]), count=int(b["doc_count"])) for b in tactics],
        by_technique=[NameCount(name=str(b["key"]), count=int(b["doc_count"])) for b in techniques],
        truncated=cut_rules or cut_agents or cut_tactics or cut_techniques,
        **coverage(answer.warnings),
    )


def _max_level(bucket: dict[str, Any]) -> int | None:
    value = (bucket.get("level") or {}).get("value")
    return int(value) if isinstance(value, int | float) else None


TOOLS = [search_alerts, get_alert, alerts_by_agent, alerts_by_mitre, summarize_alerts]
