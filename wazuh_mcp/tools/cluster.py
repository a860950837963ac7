"""cluster.*: cluster health from the Server API (``/cluster/status`` and ``/cluster/nodes``)."""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import Context

from wazuh_mcp.errors import WazuhMCPError
from wazuh_mcp.models.cluster import ClusterNode, ClusterStatusResult
from wazuh_mcp.runtime.context import deps
from wazuh_mcp.runtime.registry import tool

CLUSTER_NOT_RUNNING = 3013
"""Wazuh's answer to ``GET /cluster/nodes`` on a single-node manager (the usual deployment)."""


def _yes(value: Any) -> bool:
    return str(value).lower() in {"yes", "true", "enabled", "running"}


SINGLE_NODE = (
    "Single-node deployment: the manager answered and clustering is not configured, which is normal for one "
    "manager (not an outage)."
)
STOPPED = "Clustering is configured but not running: the cluster daemon is stopped or restarting."


def _single_node() -> ClusterStatusResult:
    return ClusterStatusResult(mode="single_node", summary=SINGLE_NODE, enabled=False, running=False, nodes=[])


def _running(nodes: list[ClusterNode]) -> ClusterStatusResult:
    workers = sum(1 for n in nodes if n.type == "worker")
    summary = f"Cluster running: {len(nodes)} node{'s' if len(nodes) != 1 else ''} connected ({workers} worker{'s' if workers != 1 else ''})."
    return ClusterStatusResult(mode="cluster", summary=summary, enabled=True, running=True, nodes=nodes)


@tool("cluster.status", title="Cluster status", name="cluster_status")
async def cluster_status(ctx: Context[Any, Any]) -> ClusterStatusResult:
    """Wazuh cluster health in words and fields: mode single_node (one manager, clustering not configured:
    the usual, healthy deployment), cluster (each node's name, type master/worker and status) or
    cluster_stopped. Poll it after restart_manager until every node is running."""
    api = deps(ctx).server_api()
    body = await api.request("GET", "/cluster/status", action="cluster:status")
    data = body.get("data") or {}
    enabled, running = _yes(data.get("enabled")), _yes(data.get("running"))
    if not enabled:
        return _single_node()
    if not running:
        return ClusterStatusResult(mode="cluster_stopped", summary=STOPPED, enabled=True, running=False, nodes=[])
    try:
        page = await api.page("/cluster/nodes", action="cluster:read", params={"limit": 500})
    except WazuhMCPError as exc:
        if exc.upstream_code == CLUSTER_NOT_RUNNING:  # stopped between the two calls
            return ClusterStatusResult(mode="cluster_stopped", summary=STOPPED, enabled=True, running=False, nodes=[])
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
    return _running(nodes)


TOOLS = [cluster_status]
