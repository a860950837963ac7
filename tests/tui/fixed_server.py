"""A two-tool stdio MCP server with fixed answers: the playground's snapshot must not change
whenever the real server gains a tool."""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations
from pydantic import Field

READ = ToolAnnotations(read_only_hint=True)  # as the real server marks its reads
server = MCPServer("fixed")


@server.tool(title="Cluster status", annotations=READ)
def cluster_status() -> dict[str, object]:
    """Wazuh cluster health: whether clustering is enabled and running, and each node."""
    return {"enabled": False, "running": False, "nodes": []}


@server.tool(title="List agents", annotations=READ)
def list_agents(
    status: Annotated[Literal["active", "disconnected"] | None, Field(description="Only agents in this state.")] = None,
    size: Annotated[int, Field(ge=1, le=500, description="Items per page (1..500).")] = 100,
    group: Annotated[str | None, Field(description="Only agents in this group.")] = None,
) -> dict[str, object]:
    """The fleet, paged: id, name, IP, status and OS of each agent."""
    return {"agents": [{"id": "001", "name": "web-01", "status": status or "active"}][:size], "total": 1}


if __name__ == "__main__":
    server.run("stdio")
