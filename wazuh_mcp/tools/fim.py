"""fim.*: file-integrity monitoring events, read from the alerts index (syscheck alerts)."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context
from pydantic import Field

from wazuh_mcp.models.alerts import AlertAgent, FimDetail
from wazuh_mcp.models.fim import FimEvent, FimResult
from wazuh_mcp.runtime.registry import tool
from wazuh_mcp.tools._alert_view import ALERT_SORT, FIM_SOURCE, number, text, to_fim
from wazuh_mcp.tools._args import AgentId
from wazuh_mcp.tools._search import Cursor, PageQuery, PageSize, TimeRange, fetch_page

FIM_EVENT_SOURCE = ["timestamp", "agent.id", "agent.name", "rule.id", "rule.level", "rule.description", *FIM_SOURCE]


def to_fim_event(hit: dict[str, Any]) -> FimEvent:
    source: dict[str, Any] = hit.get("_source") or {}
    detail = to_fim(source) or FimDetail(path="", changed=[])
    return FimEvent(
        id=str(hit.get("_id", "")),
        timestamp=text(source, "timestamp") or "",
        agent=AlertAgent(id=text(source, "agent.id") or "", name=text(source, "agent.name")),
        rule_id=text(source, "rule.id") or "",
        level=number(source, "rule.level") or 0,
        description=text(source, "rule.description"),
        file=detail,
    )


async def fim_page(
    ctx: Context[Any, Any],
    identity: dict[str, Any],
    filters: list[dict[str, Any]],
    *,
    time_range: str,
    size: int,
    cursor: str | None,
) -> FimResult:
    page = await fetch_page(
        ctx,
        PageQuery(
            kind="alerts",
            identity=identity,
            filters=filters,
            sort=ALERT_SORT,
            source=FIM_EVENT_SOURCE,
            size=size,
            cursor=cursor,
            time_range=time_range,
        ),
    )
    return FimResult(events=[to_fim_event(hit) for hit in page.hits], **page.envelope())


@tool("fim.fim_history_for_path", title="FIM history of a path")
async def fim_history_for_path(
    ctx: Context[Any, Any],
    path: Annotated[
        str,
        Field(
            min_length=1,
            max_length=1024,
            description="Exact file path (or registry key) as Wazuh records it, e.g. /etc/passwd.",
        ),
    ],
    time_range: TimeRange = "24h",
    agent_id: Annotated[AgentId | None, Field(description="Only this agent's events.")] = None,
    size: PageSize = 25,
    cursor: Cursor = None,
) -> FimResult:
    """File-integrity history of one path: every added/modified/deleted event over the last
    `time_range` (on every agent, or one), newest first, with hashes, owner, permissions and who-data
    when audited. Follow `next_cursor` for older events."""
    filters: list[dict[str, Any]] = [{"term": {"syscheck.path": path}}]
    if agent_id is not None:
        filters.append({"term": {"agent.id": agent_id}})
    return await fim_page(
        ctx,
        {"path": path, "agent_id": agent_id},
        filters,
        time_range=time_range,
        size=size,
        cursor=cursor,
    )


@tool("fim.fim_changes_by_agent", title="FIM changes on an agent")
async def fim_changes_by_agent(
    ctx: Context[Any, Any],
    agent_id: AgentId,
    time_range: TimeRange = "24h",
    size: PageSize = 25,
    cursor: Cursor = None,
) -> FimResult:
    """Recent file-integrity changes on one agent (files and registry keys added, modified, deleted)
    over the last `time_range`, newest first. Follow `next_cursor` for older events."""
    filters = [{"term": {"agent.id": agent_id}}, {"exists": {"field": "syscheck.path"}}]
    return await fim_page(
        ctx,
        {"agent_id": agent_id},
        filters,
        time_range=time_range,
        size=size,
        cursor=cursor,
    )


TOOLS = [fim_history_for_path, fim_changes_by_agent]
