"""fim.*: file-integrity monitoring events: 4.x's syscheck alerts, or 5.x's FIM findings (``wazuh-fim``
integration, the file under ECS ``file.*``), each read into the same event model."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from pydantic import Field

from wazuh_mcp.models.alerts import AlertAgent, FimDetail
from wazuh_mcp.models.fim import FimEvent, FimResult
from wazuh_mcp.runtime.registry import tool
from wazuh_mcp.tools._alert_index import AlertIndex
from wazuh_mcp.tools._alert_view import FIM_SOURCE, number, text, to_fim
from wazuh_mcp.tools._args import AgentId
from wazuh_mcp.tools._search import Cursor, PageQuery, PageSize, TimeRange, alert_index, check_cursor, fetch_page
from wazuh_mcp.untrusted import bound

FIM_EVENT_SOURCE = ["timestamp", "agent.id", "agent.name", "rule.id", "rule.level", "rule.description", *FIM_SOURCE]
FIM_INTEGRATION_V5 = "wazuh-fim"
"""The integration of Wazuh 5.x's FIM findings (the dashboard's FIM samples name it)."""


@dataclass(frozen=True)
class FimFields:
    """Where a generation keeps a FIM event's path, and what marks an event as FIM's."""

    path: str
    marker: dict[str, Any]


FIM_V4 = FimFields("syscheck.path", {"exists": {"field": "syscheck.path"}})
FIM_V5 = FimFields("file.path", {"term": {"wazuh.integration.name": FIM_INTEGRATION_V5}})


def fim_fields(index: AlertIndex) -> FimFields:
    return FIM_V5 if index.generation == 5 else FIM_V4


def to_fim_event(hit: dict[str, Any]) -> FimEvent:
    """A FIM alert (or a 5.x finding read as one: ``AlertIndex.as_alert``) as an event."""
    source: dict[str, Any] = hit.get("_source") or {}
    detail = to_fim(source) or FimDetail(path="", changed=[])
    return FimEvent(
        id=bound(str(hit.get("_id", "")), 512) or "",  # whoever indexed the document chose it
        timestamp=text(source, "timestamp") or "",
        agent=AlertAgent(id=text(source, "agent.id") or "", name=text(source, "agent.name")),
        rule_id=text(source, "rule.id") or "",
        level=number(source, "rule.level") or text(source, "rule.level") or 0,
        description=text(source, "rule.description"),
        file=detail,
    )


async def fim_page(
    ctx: Context[Any, Any],
    identity: dict[str, Any],
    filters: Callable[[AlertIndex, FimFields], list[dict[str, Any]]],
    *,
    time_range: str,
    size: int,
    cursor: str | None,
) -> FimResult:
    check_cursor(ctx, identity, time_range, cursor)  # before the generation probe asks the engine anything
    index = await alert_index(ctx)
    page = await fetch_page(
        ctx,
        PageQuery(
            kind=index.kind,
            identity=identity,
            filters=filters(index, fim_fields(index)),
            sort=index.sort,
            source=FIM_EVENT_SOURCE if index.generation == 4 else index.source,
            size=size,
            cursor=cursor,
            time_range=time_range,
            time_field=index.time_field,
        ),
    )
    return FimResult(events=[to_fim_event(index.as_alert(hit)) for hit in page.hits], **page.envelope())


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
    """File-integrity history of one path (every agent, or one): each added/modified/deleted event of the
    last `time_range`, newest first, with hashes, owner and who-data. Follow `next_cursor`."""

    def filters(index: AlertIndex, fim: FimFields) -> list[dict[str, Any]]:
        return [{"term": {fim.path: path}}, *index.agent_filter(agent_id)]

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
    """File-integrity changes on one agent (files and registry keys added, modified, deleted) of the last
    `time_range`, newest first. Follow `next_cursor`."""

    def filters(index: AlertIndex, fim: FimFields) -> list[dict[str, Any]]:
        return [*index.agent_filter(agent_id), fim.marker]

    return await fim_page(
        ctx,
        {"agent_id": agent_id},
        filters,
        time_range=time_range,
        size=size,
        cursor=cursor,
    )


TOOLS = [fim_history_for_path, fim_changes_by_agent]
