"""cluster.*: cluster health from the Server API (``/cluster/status``, ``/cluster/nodes``) and each
manager's daemons (``/manager/status`` on a single node, ``/cluster/{node}/status`` on a cluster; on
Wazuh 5.x, which has no ``/manager/*`` and runs one manager as a one-node cluster, always the latter).

A real 4.14.7 manager reports a daemon as ``failed`` in those answers, and answers 500 with error
1017 while its daemons restart (both recorded in ``reference/wazuh/oracle``); either is said in
words, since a failed ``wazuh-analysisd`` means no detection at all."""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import Context

from wazuh_mcp.backends.api_generation import node_path
from wazuh_mcp.backends.server_api_shapes import envelope_objects, not_envelope
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


OPTIONAL_V5 = frozenset({"wazuh-manager-authd"})
"""Wazuh 5.x daemons a healthy manager may run without: authd serves agent enrollment only (the 5.0 spec's own
example of ``/cluster/{node}/status`` shows it not running on a ready manager otherwise)."""


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
    daemons = [entry.rsplit(": ", 1)[-1].replace("wazuh-manager-", "wazuh-") for entry in failed]  # 5.x names
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


def _v5_daemons(states: dict[str, Any]) -> tuple[list[str], list[str], list[str]]:
    """Wazuh 5.x's ``/cluster/{node}/status`` item: (daemons that should run and do not, optional daemons not
    running, daemons running but not ready), each name bounded. 5.x reports ``{"running", "ready"}`` per
    daemon and no "failed" (``framework/wazuh/manager.py``, ``get_status``)."""
    down: list[str] = []
    off: list[str] = []
    waiting: list[str] = []
    for name, state in states.items():
        if not isinstance(state, dict):
            continue  # the node-level "ready"
        daemon = bound(str(name), 64) or ""
        if state.get("running") is not True:
            (off if daemon in OPTIONAL_V5 else down).append(daemon)
        elif state.get("ready") is False:
            waiting.append(daemon)
    return sorted(down), sorted(off), sorted(waiting)


async def _v5_node(api: Any, name: str) -> tuple[str, list[str], list[str], list[str]]:
    """One 5.x node: its status word, and its daemons down, optional ones off, and not ready."""
    try:
        body = await api.request("GET", f"{node_path(name)}/status", action="cluster:read")
    except WazuhMCPError as exc:
        if exc.upstream_code == DAEMONS_NOT_READY:
            return "restarting", [], [], []
        raise
    items = (body.get("data") or {}).get("affected_items") or []
    down, off, waiting = _v5_daemons(items[0] if items and isinstance(items[0], dict) else {})
    return ("failed" if down else "starting" if waiting else "running"), down, off, waiting


async def _cluster_v5(api: Any, version: str) -> ClusterStatusResult:
    """Wazuh 5.x: every manager is a cluster node (one alone is a one-node cluster, ``node01`` by default), so
    ``/cluster/status`` says only whether the cluster daemon runs; each node's daemons come from
    ``/cluster/{node}/status`` (5.0 has no ``/manager/status``)."""
    body = await api.request("GET", "/cluster/status", action="cluster:status")
    if not _yes((body.get("data") or {}).get("running")):
        return ClusterStatusResult(
            mode="cluster_stopped",
            summary=f"Wazuh {version}: the cluster daemon (wazuh-manager-clusterd) is not running; on 5.x every "
            "manager runs it, so the manager is stopped, restarting or unhealthy.",
            enabled=True,
            running=False,
            nodes=[],
        )
    page = await api.page("/cluster/nodes", action="cluster:read", params={"limit": 500})
    nodes: list[ClusterNode] = []
    failed: list[str] = []
    notes: list[str] = []
    for index, (n, said) in enumerate(_listed_nodes(page.items)):
        name = bound(said, 128) or ""
        status = "running"
        if index < MAX_NODES_CHECKED:
            status, down, off, waiting = await _v5_node(api, said)
            failed += [f"{name}: {daemon}" for daemon in down]
            notes += [f"{name}: {daemon} not ready yet" for daemon in waiting]
            notes += [f"{name}: {daemon} not running (off unless enrollment is used)" for daemon in off]
        nodes.append(_node(n, name, status))
    result = _running(nodes, failed)
    if len(nodes) == 1:  # one manager: the usual deployment, which 5.x runs as a one-node cluster
        deployment = (
            f"Single-node deployment (Wazuh {version}: one manager, node {nodes[0].name}, a one-node cluster as 5.x "
            "runs it"
        )
        state = {
            "restarting": "); the manager is restarting (its daemons are not ready yet).",
            "failed": "), but the manager is not healthy." + _failure_words(failed),
        }.get(nodes[0].status, "; not an outage).")
        result = result.model_copy(update={"mode": "single_node", "summary": deployment + state})
    if notes:
        result = result.model_copy(update={"summary": f"{result.summary} Also: {'; '.join(notes[:10])}."})
    return result


def _listed_nodes(items: list[Any]) -> list[tuple[dict[str, Any], str]]:
    """``GET /cluster/nodes``' items with each node's name as the answer wrote it: what its own
    ``/cluster/{node}/status`` is asked with (``node_path``), never the cleaned name shown, which could be
    another node's. An item that is not an object with a text name refuses the answer."""
    where = "GET /cluster/nodes"
    nodes = envelope_objects(items, where, needs=("name",))
    for item in nodes:
        if not isinstance(item["name"], str):
            raise not_envelope(where, "a node's 'name' is not text")
    return [(item, item["name"]) for item in nodes]


def _node(item: dict[str, Any], name: str, status: str) -> ClusterNode:
    """A node as ``GET /cluster/nodes`` lists it: its type, version and address cleaned and bounded as its name is."""

    def said(key: str, limit: int) -> str | None:
        value = item.get(key)
        return bound(str(value), limit) if value is not None else None

    return ClusterNode(
        name=name, type=said("type", 32) or "", status=status, version=said("version", 64), ip=said("ip", 64)
    )


@tool("cluster.status", title="Cluster status", name="cluster_status")
async def cluster_status(ctx: Context[Any, Any]) -> ClusterStatusResult:
    """Wazuh cluster health: mode single_node (one manager: the usual, healthy case), cluster (each node's
    name, type and status) or cluster_stopped. Poll it after restart_manager until every node runs."""
    app = deps(ctx)
    api = app.server_api()
    where = await app.api_generation()
    if where.v5:
        return await _cluster_v5(api, where.version)
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
    for index, (n, said) in enumerate(_listed_nodes(page.items)):
        name = bound(said, 128) or ""
        status = "running"
        if index < MAX_NODES_CHECKED:
            down, restarting = await _daemons(api, f"{node_path(said)}/status", "cluster:read")
            failed += [f"{name}: {daemon}" for daemon in down]
            status = "restarting" if restarting else "failed" if down else "running"
        nodes.append(_node(n, name, status))
    return _running(nodes, failed)


TOOLS = [cluster_status]
