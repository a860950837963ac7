"""API info, login and run_as, manager and cluster endpoints.

Generation 5 (``StandinConfig(generation=5)``) answers as Wazuh 5.0.0 (branch 5.0.0 @58c8811b16, beta5):
``GET /`` reports the 5.0 spec's ``info``; there is no ``/manager/*`` and the cluster is never disabled
(Wazuh commit 06b5b530e5 removed the cluster ``disabled`` setting and error 3013), so a single manager
is a cluster of one master node (``node01``) whose ``/cluster/*`` endpoints all answer; ``PUT
/cluster/reload`` is new.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.responses import JSONResponse, PlainTextResponse, Response

from standin import estate
from standin.framework import V4_ONLY, V5_ONLY, Ctx, Endpoint
from standin.params import COMMON, LISTING, ParamSpec, specs
from standin.problems import ApiError, envelope, failed_item, wazuh_error
from standin.query import Collection, run

API_VERSION = estate.WAZUH_VERSION.removeprefix("Wazuh v")
API_VERSION_5 = estate.WAZUH_VERSION_5.removeprefix("Wazuh v")
API_INFO = {
    4: {
        "title": "Wazuh API REST",
        "revision": "rc1",
        "license_url": f"https://github.com/wazuh/wazuh/blob/v{API_VERSION}/LICENSE",
    },
    # Wazuh 5.0's default_controller.default_info returns its spec's ``info`` (api/api/spec/spec.yaml @58c8811b16:
    # version 5.0.0, x-revision beta5, license url .../v5.0.0-beta5/LICENSE).
    5: {
        "title": "Wazuh API REST",
        "revision": "beta5",
        "license_url": f"https://github.com/wazuh/wazuh/blob/v{API_VERSION_5}-beta5/LICENSE",
    },
}
DAEMONS = (
    "wazuh-agentlessd",
    "wazuh-analysisd",
    "wazuh-authd",
    "wazuh-csyslogd",
    "wazuh-execd",
    "wazuh-integratord",
    "wazuh-logcollector",
    "wazuh-maild",
    "wazuh-monitord",
    "wazuh-remoted",
    "wazuh-reportd",
    "wazuh-syscheckd",
    "wazuh-clusterd",
    "wazuh-modulesd",
    "wazuh-db",
    "wazuh-apid",
)
_STOPPED = {"wazuh-agentlessd", "wazuh-csyslogd", "wazuh-integratord", "wazuh-maild", "wazuh-reportd"}
NODES = Collection(fields=("name", "type", "version", "ip"), required=(), wdb=False)


def api_version(ctx: Ctx) -> str:
    """The version ``GET /`` reports (``StandinConfig.api_version`` overrides the generation's)."""
    return ctx.state.config.api_version or (API_VERSION_5 if ctx.generation == 5 else API_VERSION)


async def api_info(ctx: Ctx) -> dict[str, Any]:
    info = API_INFO[ctx.generation]
    return {
        "data": {
            "title": info["title"],
            "api_version": api_version(ctx),
            "revision": info["revision"],
            "license_name": "GPL 2.0",
            "license_url": info["license_url"],
            "hostname": ctx.state.fleet.hostname,
            "timestamp": ctx.now.strftime("%Y-%m-%dT%H:%M:%SZ"),
        },
        "error": 0,
    }


def _token_response(token: str, raw: bool) -> Response:
    if raw:
        return PlainTextResponse(token)
    return JSONResponse({"data": {"token": token}, "error": 0})


async def login(ctx: Ctx) -> Response:
    token = ctx.state.issuer.login(ctx.request.headers.get("authorization"))
    return _token_response(token, bool(ctx.params["raw"]))


async def login_run_as(ctx: Ctx) -> Response:
    body = await ctx.request.body()
    try:
        context = json.loads(body) if body else {}
    except ValueError:
        raise ApiError(400, "Invalid JSON body") from None
    if not isinstance(context, dict):
        raise ApiError(400, "The authorization context must be a JSON object")
    token = ctx.state.issuer.login_run_as(ctx.request.headers.get("authorization"), context)
    return _token_response(token, bool(ctx.params["raw"]))


async def users_me(ctx: Ctx) -> dict[str, Any]:
    """The user with its roles expanded into their policies and rules, as a real 4.14.7 answers (api-224)."""
    db = ctx.state.issuer.db
    user = db.user(ctx.identity.user)
    assert user is not None
    with db.lock:
        roles = [
            {
                "id": role.id,
                "name": role.name,
                "policies": [
                    {
                        "id": p.id,
                        "name": p.name,
                        "policy": {"actions": p.actions, "resources": p.resources, "effect": p.effect},
                    }
                    for pid in role.policies
                    if (p := db.policies.get(pid))
                ],
                "rules": [
                    {"id": r.id, "name": r.name, "rule": r.rule} for rid in role.rules if (r := db.rules.get(rid))
                ],
            }
            for rid in ctx.identity.roles
            if (role := db.roles.get(rid))
        ]
    item = {**user.item(), "roles": roles}
    return envelope([item], messages=("Current user information was returned",) * 3)


# --- manager ------------------------------------------------------------------------------------


def manager_info_item(ctx: Ctx) -> dict[str, Any]:
    if ctx.generation == 5:  # 5.0's Wazuh.to_dict (framework/wazuh/__init__.py @58c8811b16); the spec's path
        return {
            "path": "/var/wazuh-manager",
            "version": f"v{API_VERSION_5}",
            "type": "server",
            "max_agents": "unlimited",
            "tz_offset": "+0000",
            "tz_name": "UTC",
        }
    return {
        "path": "/var/ossec",
        "version": f"v{API_VERSION}",
        "type": "server",
        "max_agents": "unlimited",
        "openssl_support": "yes",
        "tz_offset": "+0000",
        "tz_name": "UTC",
        "uuid": "6f1c6f3e-4b5e-4d7c-9a8f-1d2e3c4b5a69",
    }


# The daemons a real manager reported "restarting" 3 s after PUT /manager/restart (the oracle's api-267),
# and the order the ``failed_daemons`` fault fails them in.
RESTARTING = ("wazuh-modulesd", "wazuh-analysisd", "wazuh-execd", "wazuh-db", "wazuh-remoted")
_FAILING = ("wazuh-analysisd", "wazuh-remoted", "wazuh-modulesd", "wazuh-db", "wazuh-execd")


def daemon_states(ctx: Ctx) -> dict[str, str]:
    restarting = ctx.state.restarting()
    out = {d: "stopped" if d in _STOPPED or restarting else "running" for d in DAEMONS}
    if not ctx.state.config.cluster:
        out["wazuh-clusterd"] = "stopped"
    for daemon in _FAILING[: ctx.state.faults.failed_daemons]:
        out[daemon] = "failed"
    return out


# Wazuh 5.0's daemons (framework/wazuh/core/cluster/utils.py get_manager_status @58c8811b16; the API daemon runs on
# the master only), the basic services a request needs (dapi.py: else error 1017), and the failing order.
DAEMONS_V5 = (
    "wazuh-manager-analysisd",
    "wazuh-manager-authd",
    "wazuh-manager-monitord",
    "wazuh-manager-remoted",
    "wazuh-manager-clusterd",
    "wazuh-manager-modulesd",
    "wazuh-manager-db",
)
RESTARTING_V5 = ("wazuh-manager-modulesd", "wazuh-manager-analysisd", "wazuh-manager-db", "wazuh-manager-remoted")
_FAILING_V5 = tuple(f"wazuh-manager-{d.removeprefix('wazuh-')}" for d in _FAILING)


def node_readiness(ctx: Ctx, node: str) -> dict[str, Any]:
    """5.0's ``GET /cluster/{node_id}/status`` item (``manager.get_status``): per daemon ``ready`` and ``running``,
    analysisd with the engine's content (spaces, IOC and geo databases), modulesd with its modules; the node is
    ready when every daemon is. The engine and modules entries follow the 5.0 spec's example (the reference has no
    recorded answer); their timestamps are the fleet's start."""
    node_type = next((n.type for n in ctx.state.fleet.nodes if n.name == node), "master")
    daemons = DAEMONS_V5 + (("wazuh-manager-apid",) if node_type == "master" else ())
    failing = set(_FAILING_V5[: ctx.state.faults.failed_daemons])
    stamp = int(ctx.state.fleet.started.timestamp())

    def content(**extra: Any) -> dict[str, Any]:
        return {"available": True, "status": "ready", "hash": f"{stamp:x}", "last_successful_update": stamp, **extra}

    out: dict[str, Any] = {}
    for daemon in daemons:
        running = daemon not in failing
        entry: dict[str, Any] = {"ready": running, "running": running}
        if daemon == "wazuh-manager-analysisd" and running:
            entry |= {
                "spaces": {
                    "standard": content(enabled=True),
                    "custom": {**content(enabled=False), "available": False, "hash": "", "last_successful_update": 0},
                },
                "ioc": {
                    k: content()
                    for k in ("connection", "url_domain", "url_full", "hash_md5", "hash_sha1", "hash_sha256")
                },
                "geo": {"city": content(), "asn": content()},
            }
        elif daemon == "wazuh-manager-modulesd" and running:
            entry["modules"] = {
                "vulnerability-detector": {**content(enabled=True), "offset": 0},
                "inventory-sync": {"available": True},
                "content-manager": {"available": True},
                "task-manager": {"available": True},
            }
        out[daemon] = entry
    return {"ready": all(e["ready"] for e in out.values()), **out}


def require_ready(ctx: Ctx) -> None:
    """During a restart, ``/manager/status`` is a 500 (error 1017) naming the daemons not ready, as recorded
    (5.0: the same check, in dapi.py, with its ``wazuh-manager-*`` basic services)."""
    if ctx.state.restarting():
        node = ctx.state.fleet.node_name
        restarting = RESTARTING_V5 if ctx.generation == 5 else RESTARTING
        names = ", ".join(f"{d}->restarting" for d in restarting)
        raise ApiError(
            500,
            f'Some Wazuh daemons are not ready yet in node "{node}" ({names})',
            code=1017,
            node=node,
            logfile="WAZUH_HOME/logs/api.log",
        )


async def manager_restart(ctx: Ctx) -> Response:
    ctx.state.record_restart("manager")
    body = envelope(
        ["manager"],  # as a real single node answers (the oracle's api-266), message included
        messages=(
            "Restart request sent to ",
            "Could not send restart request to some nodes",
            "Could not send restart request to any node",
        ),
    )
    return JSONResponse(body, status_code=202)


# --- cluster --------------------------------------------------------------------------------------


def require_cluster(ctx: Ctx) -> None:
    """4.x: error 3013 when the cluster is disabled (or restarting). 5.0 has no disabled cluster and no 3013."""
    if ctx.generation == 5:
        return
    if not ctx.state.config.cluster or ctx.state.restarting():
        raise wazuh_error(3013, node=ctx.state.fleet.node_name)


def _node_items(ctx: Ctx) -> list[dict[str, Any]]:
    items = [{"name": n.name, "type": n.type, "version": n.version, "ip": n.ip} for n in ctx.state.fleet.nodes]
    return [i for i in items if ctx.allows("cluster:read", f"node:id:{i['name']}")]


def _pick_nodes(ctx: Ctx, items: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    wanted = ctx.params.get("nodes_list")
    if not wanted:
        return items, []
    by_name = {i["name"]: i for i in items}
    missing = [n for n in wanted if n not in by_name]
    return [by_name[n] for n in wanted if n in by_name], ([failed_item(1730, missing)] if missing else [])


async def cluster_status(ctx: Ctx) -> dict[str, Any]:
    if ctx.generation == 5:  # 5.0's get_cluster_status: only whether wazuh-manager-clusterd runs
        return {"data": {"running": "no" if ctx.state.restarting() else "yes"}, "error": 0}
    enabled = "yes" if ctx.state.config.cluster else "no"
    running = "yes" if ctx.state.config.cluster and not ctx.state.restarting() else "no"
    return {"data": {"enabled": enabled, "running": running}, "error": 0}


async def cluster_nodes(ctx: Ctx) -> dict[str, Any]:
    require_cluster(ctx)
    items, failed = _pick_nodes(ctx, _node_items(ctx))
    page, total = run(items, NODES, ctx.list_query(type=ctx.params.get("type")))
    return envelope(
        page,
        total,
        failed=failed,
        messages=(
            "All selected nodes information was returned",
            "Some nodes information was not returned",
            "No node information was returned",
        ),
    )


async def cluster_healthcheck(ctx: Ctx) -> dict[str, Any]:
    require_cluster(ctx)
    fleet = ctx.state.fleet
    items, failed = _pick_nodes(ctx, _node_items(ctx))
    stamp = fleet.started.strftime("%Y-%m-%dT%H:%M:%S.000000Z")
    out = []
    for node in items:
        n_active = sum(1 for a in fleet.agents if a.get("node_name") == node["name"] and a["status"] == "active")
        # 5.0's master and worker to_dict (core/cluster/master.py @58c8811b16) no longer count active agents
        entry: dict[str, Any] = {"info": node if ctx.generation == 5 else {**node, "n_active_agents": n_active}}
        if node["type"] == "worker":
            entry["status"] = {
                "sync_integrity_free": True,
                "sync_agent_info_free": True,
                "last_keep_alive": stamp,
                "last_sync_integrity": {
                    "date_start_master": stamp,
                    "date_end_master": stamp,
                    "total_files": {"missing": 0, "extra": 0, "extra_valid": 0, "shared": 0},
                },
                "last_sync_agentinfo": {"date_start_master": stamp, "date_end_master": stamp, "n_synced_chunks": 1},
                "last_sync_agentgroup": {"date_start": stamp, "date_end": stamp, "n_synced_chunks": 1},
                "last_sync_full_agentgroup": {"date_start": stamp, "date_end": stamp, "n_synced_chunks": 1},
            }
        out.append(entry)
    return envelope(
        out,
        failed=failed,
        messages=(
            "Cluster healthcheck information was returned",
            "Some nodes healthcheck information was not returned",
            "No healthcheck information was returned",
        ),
    )


async def ruleset_sync(ctx: Ctx) -> dict[str, Any]:
    require_cluster(ctx)
    items, failed = _pick_nodes(ctx, _node_items(ctx))
    return envelope(
        [{"name": i["name"], "synced": True} for i in items],
        failed=failed,
        messages=(
            "Nodes ruleset synchronization status was successfully read",
            "Could not read ruleset synchronization status in some nodes",
            "Could not read ruleset synchronization status in any node",
        ),
    )


async def local_info(ctx: Ctx) -> dict[str, Any]:
    require_cluster(ctx)
    fleet = ctx.state.fleet
    node = next(n for n in fleet.nodes if n.name == fleet.node_name)
    return envelope(
        [{"node": node.name, "cluster": fleet.cluster_name, "type": node.type}],
        messages=("Selected node information was returned",) * 3,
    )


async def local_config(ctx: Ctx) -> dict[str, Any]:
    fleet = ctx.state.fleet
    enabled = ctx.state.config.cluster
    item = {
        "name": fleet.cluster_name,
        "node_name": fleet.node_name,
        "node_type": "master",
        "key": "c98b62a9b6169ac5f67dae55ae4a9088",
        "port": 1516,
        "bind_addr": "0.0.0.0",
        "nodes": [fleet.nodes[0].ip if fleet.nodes else "NODE_IP"],
        "hidden": "no",
        "disabled": not enabled,
    }
    if ctx.generation == 5:  # 5.0 has no ``disabled``; its default bind_addr is 127.0.0.1 (read_cluster_config)
        del item["disabled"]
        if not enabled:
            item["bind_addr"] = "127.0.0.1"
    return envelope([item], messages=("Current node cluster configuration was returned",) * 3)


_NODE_ACTION_MESSAGES = {
    (4, "restart"): (
        "Restart request sent to all specified nodes",
        "Could not send restart request to some specified nodes",
        "No restart request sent",
    ),
    # 5.0's manager.restart / manager.reload result kwargs (framework/wazuh/manager.py @58c8811b16)
    (5, "restart"): (
        "Restart request sent to all specified nodes",
        "Could not send restart request to some specified nodes",
        "Could not send restart request to any node",
    ),
    (5, "reload"): (
        "Reload request sent to all specified nodes",
        "Could not send reload request to some specified nodes",
        "Could not send reload request to any node",
    ),
}


def _node_action(ctx: Ctx, kind: str) -> Response:
    """``PUT /cluster/restart`` and (5.0) ``PUT /cluster/reload``: 202 naming the nodes reached, master first.
    A node ``nodes_list`` names that does not exist is silently left out, as 4.x's recorded restart does (5.0's
    controller says nothing else: the reference has no recorded 5.0 answer)."""
    require_cluster(ctx)
    wanted = ctx.params.get("nodes_list")
    names = [
        n.name
        for n in ctx.state.fleet.nodes
        if ctx.allows("cluster:restart", f"node:id:{n.name}") and (not wanted or n.name in wanted)
    ]
    if kind == "restart":
        ctx.state.record_restart("cluster")
    else:
        ctx.state.record_reload("cluster", names)
    body = envelope(names, messages=_NODE_ACTION_MESSAGES[ctx.generation, kind])
    return JSONResponse(body, status_code=202)


async def cluster_restart(ctx: Ctx) -> Response:
    return _node_action(ctx, "restart")


async def cluster_reload(ctx: Ctx) -> Response:
    return _node_action(ctx, "reload")


_NODES_LIST = ParamSpec("list", fmt="names")
ENDPOINTS = [
    Endpoint("GET", "/", api_info, COMMON),
    Endpoint(
        "POST",
        "/security/user/authenticate",
        login,
        specs(COMMON, raw=ParamSpec("bool", default=False)),
        authenticated=False,
    ),
    Endpoint(
        "GET",
        "/security/user/authenticate",
        login,
        specs(COMMON, raw=ParamSpec("bool", default=False)),
        authenticated=False,
        generations=V4_ONLY,
    ),
    Endpoint(
        "POST",
        "/security/user/authenticate/run_as",
        login_run_as,
        specs(COMMON, raw=ParamSpec("bool", default=False)),
        authenticated=False,
    ),
    Endpoint("GET", "/security/users/me", users_me, COMMON),
    Endpoint("PUT", "/manager/restart", manager_restart, COMMON, action="manager:restart", generations=V4_ONLY),
    Endpoint("GET", "/cluster/status", cluster_status, COMMON, action="cluster:status"),
    Endpoint(
        "GET", "/cluster/local/info", local_info, COMMON, action="cluster:read", scoped=True, resource_type="node:id"
    ),
    Endpoint(
        "GET",
        "/cluster/local/config",
        local_config,
        COMMON,
        action="cluster:read",
        scoped=True,
        resource_type="node:id",
    ),
    Endpoint(
        "GET",
        "/cluster/nodes",
        cluster_nodes,
        specs(LISTING, nodes_list=_NODES_LIST, type=ParamSpec(enum=("worker", "master"))),
        action="cluster:read",
        scoped=True,
        resource_type="node:id",
    ),
    Endpoint(
        "GET",
        "/cluster/healthcheck",
        cluster_healthcheck,
        specs(COMMON, nodes_list=_NODES_LIST),
        action="cluster:read",
        scoped=True,
        resource_type="node:id",
    ),
    Endpoint(
        "GET",
        "/cluster/ruleset/synchronization",
        ruleset_sync,
        specs(COMMON, nodes_list=_NODES_LIST),
        action="cluster:read",
        scoped=True,
        resource_type="node:id",
        generations=V4_ONLY,
    ),
    Endpoint(
        "PUT",
        "/cluster/restart",
        cluster_restart,
        specs(COMMON, nodes_list=_NODES_LIST),
        action="cluster:restart",
        scoped=True,
        resource_type="node:id",
    ),
    Endpoint(
        "PUT",
        "/cluster/reload",
        cluster_reload,
        specs(COMMON, nodes_list=_NODES_LIST),
        action="cluster:restart",
        scoped=True,
        resource_type="node:id",
        generations=V5_ONLY,
    ),
]
