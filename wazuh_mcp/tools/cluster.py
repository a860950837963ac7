"""cluster.*: cluster health from the Server API (``/cluster/status``, ``/cluster/nodes``) and each
manager's daemons (``/manager/status`` on a single node, ``/cluster/{node}/status`` on a cluster).

A real 4.14.7 manager reports a daemon as ``failed`` in those answers, and answers 500 with error
1017 while its daemons restart (both recorded in ``reference/wazuh/oracle``); either is said in
words, since a failed ``wazuh-analysisd`` means no detection at all."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from mcp.server.mcpserver import Context

from wazuh_mcp.errors import WazuhMCPError
from wazuh_mcp.models.cluster import ClusterNode, ClusterStatusResult
from wazuh_mcp.runtime.context import deps
from wazuh_mcp.runtime.registry import tool
from wazuh_mcp.untrusted import bound

CLUSTER_NOT_RUNNING = 3013
"""Wazuh's answer to ``GET /cluster/nodes`` on a single-node manager (the usual deployment)."""
DAEMONS_NOT_READY = 1017
"""Wazuh's 500 while the daemons restart ("Some Wazuh daemons are not ready yet")."""
MAX_NODES_CHECKED = 50
CONSEQUENCES = {
    "wazuh-analysisd": "no events are analysed, so no alerts are raised",
    "wazuh-remoted": "agents cannot send events",
    "wazuh-db": "agent and inventory data cannot be read or written",
    "wazuh-modulesd": "modules (vulnerability detection, inventory, SCA…) do not run",
    "wazuh-execd": "active responses cannot run",
}


def _yes(value: Any) -> bool:
    return str(value).lower() in {"yes", "true", "enabled", "running"}


SINGLE_NODE = (
    "Single-node deployment: the manager answered and clustering is not configured, which is normal for one "
    "manager (not an outage)."
)
STOPPED = "Clustering is configured but not running: the cluster daemon is stopped or restarting."


def _single_node_result() -> ClusterStatusResult:
    return ClusterStatusResult(mode="single_node", summary=SINGLE_NODE, enabled=False, running=False, nodes=[])


def _running(nodes: list[ClusterNode], failed: list[str]) -> ClusterStatusResult:
    workers = sum(1 for n in nodes if n.type == "worker")
    summary = f"Cluster running: {len(nodes)} node{'s' if len(nodes) != 1 else ''} connected ({workers} worker{'s' if workers != 1 else ''})."
    restarting = [n.name for n in nodes if n.status == "restarting"]
    if restarting:
        summary += f" Restarting, daemons not ready yet: {', '.join(restarting)}."
    return ClusterStatusResult(
        mode="cluster",
        summary=summary + _failure_words(failed),
        enabled=True,
        running=True,
        nodes=nodes,
        failed_daemons=failed,
    )


def _failure_words(failed: list[str]) -> str:
    if not failed:
        return ""
    daemons = [entry.rsplit(": ", 1)[-1] for entry in failed]
    effects = list(dict.fromkeys(CONSEQUENCES[d] for d in daemons if d in CONSEQUENCES))
    words = f" FAILED daemon{'s' if len(failed) != 1 else ''}: {', '.join(failed)}"
    return words + (f" ({'; '.join(effects)})." if effects else ".") + " Restart the manager once the cause is fixed."


async def _daemons(api: Any, path: str, action: str) -> tuple[list[str], bool]:
    """The daemons ``path`` reports as failed, and whether it said the daemons are restarting (1017)."""
    try:
        body = await api.request("GET", path, action=action)
    except WazuhMCPError as exc:
        if exc.upstream_code == DAEMONS_NOT_READY:
            return [], True
        raise
    items = (body.get("data") or {}).get("affected_items") or []
    states = items[0] if items and isinstance(items[0], dict) else {}
    return sorted(
        (bound(str(name), 64) or "") for name, state in states.items() if str(state).lower() == "failed"
    ), False


async def _single_node(api: Any) -> ClusterStatusResult:
    failed, restarting = await _daemons(api, "/manager/status", "manager:read")
    if restarting:
        summary = "Single-node deployment; the manager is restarting (its daemons are not ready yet)."
    elif failed:
        summary = "Single-node deployment, but the manager is not healthy." + _failure_words(failed)
    else:
        return _single_node_result()
    return ClusterStatusResult(
        mode="single_node", summary=summary, enabled=False, running=False, nodes=[], failed_daemons=failed
    )


@tool("cluster.status", title="Cluster status", name="cluster_status")
async def cluster_status(ctx: Context[Any, Any]) -> ClusterStatusResult:
    """Wazuh cluster health: mode single_node (one manager: the usual, healthy case), cluster (each node's
    name, type and status) or cluster_stopped. Poll it after restart_manager until every node runs."""
    api = deps(ctx).server_api()
    body = await api.request("GET", "/cluster/status", action="cluster:status")
    data = body.get("data") or {}
    enabled, running = _yes(data.get("enabled")), _yes(data.get("running"))
    if not enabled:
        return await _single_node(api)
    if not running:
        return ClusterStatusResult(mode="cluster_stopped", summary=STOPPED, enabled=True, running=False, nodes=[])
    try:
        page = await api.page("/cluster/nodes", action="cluster:read", params={"limit": 500})
    except WazuhMCPError as exc:
        if exc.upstream_code == CLUSTER_NOT_RUNNING:  # stopped between the two calls
            return ClusterStatusResult(mode="cluster_stopped", summary=STOPPED, enabled=True, running=False, nodes=[])
        raise
    nodes: list[ClusterNode] = []
    failed: list[str] = []
    for index, n in enumerate(page.items):
        name = bound(str(n.get("name")), 128) or ""
        status = "running"
        if index < MAX_NODES_CHECKED:
            down, restarting = await _daemons(api, f"/cluster/{quote(name, safe='')}/status", "cluster:read")
            failed += [f"{name}: {daemon}" for daemon in down]
            status = "restarting" if restarting else "failed" if down else "running"
        nodes.append(
            ClusterNode(name=name, type=str(n.get("type", "")), status=status, version=n.get("version"), ip=n.get("ip"))
        )
    return _running(nodes, failed)


TOOLS = [cluster_status]
