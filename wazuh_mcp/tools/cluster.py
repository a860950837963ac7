"""cluster.*: cluster health from the Server API (``/cluster/status`` and ``/cluster/nodes``)."""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import Context

from wazuh_mcp.errors import WazuhMCPError
from wazuh_mcp.models.cluster import ClusterNode, ClusterStatusResult
from wazuh_mcp.server.context import deps
from wazuh_mcp.server.registry import tool

CLUSTER_NOT_RUNNING = 3013
"""Wazuh's answer to ``GET /cluster/nodes`` on a single-node manager (the usual deployment)."""


def _yes(value: Any) -> bool:
    return str(value).lower() in {"yes", "true", "enabled", "running"}


@tool("cluster.status", title="Cluster status", name="cluster_status")
async def cluster_status(ctx: Context[Any, Any]) -> ClusterStatusResult:
    """Wazuh cluster health: whether clustering is enabled and running, and each node's name, type
    (master/worker) and status. A single-node manager reports enabled=false, running=false, nodes=[].
    Poll it after restart_manager until every node is running."""
    api = deps(ctx).server_api()
    body = await api.request("GET", "/cluster/status", action="cluster:status")
    data = body.get("data") or {}
    enabled, running = _yes(data.get("enabled")), _yes(data.get("running"))
    if not (enabled and running):
        return ClusterStatusResult(enabled=enabled, running=running, nodes=[])
    try:
        page = await api.page("/cluster/nodes", action="cluster:read", params={"limit": 500})
    except WazuhMCPError as exc:
        if exc.upstream_code == CLUSTER_NOT_RUNNING:  # stopped between the two calls
            return ClusterStatusResult(enabled=False, running=False, nodes=[])
        raise
    nodes = [
        ClusterNode(
            name=str(n.get("name")),
            type=str(n.get("type", "")),
            status="running",
            version=n.get("version"),
            ip=n.get("ip"),
        )
        for n in page.items
    ]
    return ClusterStatusResult(enabled=enabled, running=running, nodes=nodes)


TOOLS = [cluster_status]
