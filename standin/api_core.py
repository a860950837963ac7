"""API info, login and run_as, manager and cluster endpoints."""

from __future__ import annotations

import json
from typing import Any

from starlette.responses import JSONResponse, PlainTextResponse, Response

from standin import estate
from standin.framework import Ctx, Endpoint
from standin.params import COMMON, LISTING, ParamSpec, specs
from standin.problems import ApiError, envelope, failed_item, wazuh_error
from standin.query import Collection, run

API_VERSION = estate.WAZUH_VERSION.removeprefix("Wazuh v")
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


async def api_info(ctx: Ctx) -> dict[str, Any]:
    return {
        "data": {
            "title": "Wazuh API REST",
            "api_version": ctx.state.config.api_version or API_VERSION,
            "revision": "rc1",
            "license_name": "GPL 2.0",
            "license_url": f"https://github.com/wazuh/wazuh/blob/v{API_VERSION}/LICENSE",
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
    user = ctx.state.issuer.db.user(ctx.identity.user)
    assert user is not None
    item = {**user.item(), "roles": list(ctx.identity.roles)}
    return envelope([item], messages=("Current user information was returned",) * 3)


# --- manager ------------------------------------------------------------------------------------


def manager_info_item(ctx: Ctx) -> dict[str, Any]:
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


def daemon_states(ctx: Ctx) -> dict[str, str]:
    restarting = ctx.state.restarting()
    out = {d: "stopped" if d in _STOPPED or restarting else "running" for d in DAEMONS}
    if not ctx.state.config.cluster:
        out["wazuh-clusterd"] = "stopped"
    return out


async def manager_restart(ctx: Ctx) -> Response:
    ctx.state.record_restart("manager")
    body = envelope(
        [ctx.state.fleet.node_name],
        messages=(
            "Restart request sent to all specified nodes",
            "Could not send restart request to some nodes",
            "Could not send restart request to any node",
        ),
    )
    return JSONResponse(body, status_code=202)


# --- cluster --------------------------------------------------------------------------------------


def require_cluster(ctx: Ctx) -> None:
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
        entry: dict[str, Any] = {"info": {**node, "n_active_agents": n_active}}
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
    return envelope([item], messages=("Current node cluster configuration was returned",) * 3)


async def cluster_restart(ctx: Ctx) -> Response:
    require_cluster(ctx)
    wanted = ctx.params.get("nodes_list")
    names = [
        n.name
        for n in ctx.state.fleet.nodes
        if ctx.allows("cluster:restart", f"node:id:{n.name}") and (not wanted or n.name in wanted)
    ]
    ctx.state.record_restart("cluster")
    body = envelope(
        names,
        messages=(
            "Restart request sent to all specified nodes",
            "Could not send restart request to some specified nodes",
            "No restart request sent",
        ),
    )
    return JSONResponse(body, status_code=202)


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
    ),
    Endpoint(
        "POST",
        "/security/user/authenticate/run_as",
        login_run_as,
        specs(COMMON, raw=ParamSpec("bool", default=False)),
        authenticated=False,
    ),
    Endpoint("GET", "/security/users/me", users_me, COMMON),
    Endpoint("PUT", "/manager/restart", manager_restart, COMMON, action="manager:restart"),
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
]
