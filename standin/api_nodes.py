"""Per-node read endpoints, shared by ``/manager/*`` (the node answering) and
``/cluster/{node_id}/*`` (any node of a cluster): configuration, component configuration,
API configuration, logs, statistics, daemon statistics, status, info, validation, and
``/agents/{agent_id}/config|stats|daemons`` which read an agent's own daemons.

Generation 5 has only the ``/cluster/{node_id}`` pages (no ``/manager/*``, no ``stats*``, no agent daemon
pages), with 5.0's wazuh-manager.conf sections, component pairs, ``wazuh-manager-*`` daemon and log names,
messages, and ``/status`` as 5.0's per-daemon readiness (``api_core.node_readiness``).
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from datetime import datetime, timedelta
from typing import Any

from starlette.responses import Response

from standin import ar_conf, loader
from standin import manager_data as md
from standin.api_core import daemon_states, manager_info_item, node_readiness, require_cluster, require_ready
from standin.framework import GENERATIONS, V4_ONLY, Ctx, Endpoint, Handler, per_generation, v4_only
from standin.params import COMMON, LISTING, ParamSpec, alnum, specs
from standin.problems import ApiError, envelope, failed_item, wazuh_error
from standin.query import Collection, run
from standin.rbac import agent_resources

Item = dict[str, Any]
LOGS = Collection(fields=("timestamp", "tag", "level", "description"), date_fields=frozenset({"timestamp"}), wdb=False)
SECTIONS = (
    "active-response",
    "agentless",
    "alerts",
    "auth",
    "client",
    "client_buffer",
    "cluster",
    "command",
    "email_alerts",
    "global",
    "integration",
    "labels",
    "localfile",
    "logging",
    "remote",
    "reports",
    "rootcheck",
    "ruleset",
    "sca",
    "socket",
    "syscheck",
    "syslog_output",
    "vulnerability-detection",
    "indexer",
    "aws-s3",
    "azure-logs",
    "cis-cat",
    "docker-listener",
    "open-scap",
    "osquery",
    "syscollector",
)
COMPONENTS = (
    "agent",
    "agentless",
    "analysis",
    "auth",
    "com",
    "csyslog",
    "integrator",
    "logcollector",
    "mail",
    "monitor",
    "request",
    "syscheck",
    "wazuh-db",
    "wmodules",
)
CONFIGURATIONS = tuple(sorted({c for _, c in md.VALID_PAIRS} | {"rules", "decoders", "rule_test"}))
# 5.0's wazuh-manager.conf sections, components and (component, configuration) pairs (its spec's ``section``,
# ``manager_component``, ``manager_configuration`` and the table in the latter's description).
SECTIONS_V5 = (
    "active-response",
    "alerts",
    "auth",
    "client",
    "client_buffer",
    "cluster",
    "command",
    "global",
    "logging",
    "remote",
    "reports",
    "socket",
    "vulnerability-detection",
    "indexer",
    "syscollector",
)
COMPONENTS_V5 = ("auth", "monitor", "request", "wazuh-manager-db", "wmodules")
CONFIGURATIONS_V5 = ("global", "auth", "internal", "remote", "wdb", "wmodules")
PAIRS_V5 = {
    ("auth", "auth"),
    ("monitor", "global"),
    ("monitor", "internal"),
    ("request", "global"),
    ("request", "remote"),
    ("request", "internal"),
    ("wazuh-manager-db", "internal"),
    ("wazuh-manager-db", "wdb"),
    ("wmodules", "wmodules"),
}
DAEMONS = ("wazuh-remoted", "wazuh-analysisd", "wazuh-db")
DAEMONS_V5 = ("wazuh-manager-remoted", "wazuh-manager-analysisd", "wazuh-manager-db")  # 5.0 spec's daemons_list
_INFO_MESSAGES = (
    "Information was successfully read",
    "Could not read information in some nodes",
    "Could not read information in any node",
)


# --- which node --------------------------------------------------------------------------------


def _node(ctx: Ctx) -> str | None:
    """The node a request targets; None when ``/cluster/{node_id}`` names no node (failed item 1730)."""
    fleet = ctx.state.fleet
    if "node_id" not in ctx.path:
        return fleet.node_name
    require_cluster(ctx)
    name = ctx.path["node_id"]
    if all(n.name != name for n in fleet.nodes):
        return None
    ctx.require("cluster:read", f"node:id:{name}", "node:id")
    return name


_SPECIFIED = " in specified node"
V5_MESSAGES: dict[str, tuple[str, str, str]] = {
    "/status": ("Node status was successfully read" + _SPECIFIED,) + ("Could not read node status" + _SPECIFIED,) * 2,
    "/info": (
        "Basic information was successfully read" + _SPECIFIED,
        "Could not read basic information in some nodes",
        "Could not read basic information",
    ),
    "/configuration": (
        "Configuration was successfully read" + _SPECIFIED,
        "Could not read configuration in some nodes",
        "Could not read configuration",
    ),
    "/configuration/{component}/{configuration}": (
        "Active configuration was successfully read" + _SPECIFIED,
        "Could not read active configuration in some nodes",
        "Could not read active configuration",
    ),
    "/logs": ("Logs were successfully read" + _SPECIFIED, "Could not read logs in some nodes", "Could not read logs"),
    "/logs/summary": (
        "Log was successfully summarized" + _SPECIFIED,
        "Could not summarize the log in some nodes",
        "Could not summarize the log",
    ),
    "/daemons/stats": (
        "Statistical information for each daemon was successfully read",
        "Could not read statistical information for some daemons",
        "Could not read statistical information for any daemon",
    ),
}
"""5.0's messages for the ``/cluster/{node_id}`` pages (framework/wazuh/manager.py and stats.py @58c8811b16;
a node is never named ``manager`` in 5.0, so each says "in specified node"). 4.x keeps the stand-in's own."""


def _per_node(
    build: Any, messages: tuple[str, str, str] = _INFO_MESSAGES, v5_messages: tuple[str, str, str] | None = None
) -> Handler:
    async def handle(ctx: Ctx) -> Response | dict[str, Any]:
        if ctx.generation == 5 and v5_messages:
            return await answer(ctx, v5_messages)
        return await answer(ctx, messages)

    async def answer(ctx: Ctx, messages: tuple[str, str, str]) -> Response | dict[str, Any]:
        node = _node(ctx)
        if node is None:
            return envelope([], failed=[failed_item(1730, [ctx.path["node_id"]])], messages=messages)
        result = build(ctx, node)
        return result if isinstance(result, Response | dict) else envelope(result, messages=messages)

    return handle


def _ossec_conf(ctx: Ctx, node: str) -> Item:
    if ctx.generation == 5:  # wazuh-manager.conf: the sections 5.0 still reads (its spec's ``section``)
        conf = {k: v for k, v in _ossec_conf_4(ctx, node).items() if k in SECTIONS_V5}
        del conf["cluster"]["disabled"]
        return conf
    return _ossec_conf_4(ctx, node)


def _ossec_conf_4(ctx: Ctx, node: str) -> Item:
    conf = copy.deepcopy(md.OSSEC_CONF)
    conf.update(ar_conf.manager_sections(ctx.state.config.active_response))
    fleet = ctx.state.fleet
    node_type = next((n.type for n in fleet.nodes if n.name == node), "master")
    conf["cluster"].update(
        {
            "name": fleet.cluster_name,
            "node_name": node,
            "node_type": node_type,
            "disabled": "no" if ctx.state.config.cluster else "yes",
            "nodes": [fleet.nodes[0].ip] if fleet.nodes else ["NODE_IP"],
        }
    )
    return conf


def _to_xml(conf: Item) -> str:
    root = ET.Element("ossec_config")

    def add(parent: ET.Element, tag: str, value: Any) -> None:
        if isinstance(value, list):
            for item in value:
                add(parent, tag, item)
            return
        element = ET.SubElement(parent, tag)
        if isinstance(value, dict):
            for key, sub in value.items():
                if key == "item":
                    element.text = str(sub)
                else:
                    add(element, key, sub)
        else:
            element.text = str(value)

    for section, value in conf.items():
        add(root, section, value)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode") + "\n"


def _configuration(ctx: Ctx, node: str) -> Response | list[Item] | dict[str, Any]:
    conf = _ossec_conf(ctx, node)
    if ctx.params.get("raw"):
        return Response(_to_xml(conf), media_type="application/xml; charset=utf-8")
    section, wanted = ctx.params.get("section"), ctx.params.get("field")
    if section is None:
        return [conf]
    if section not in conf:
        return envelope([], failed=[failed_item(1102, [node], extra=section)], messages=_INFO_MESSAGES)
    value = conf[section]
    if wanted is not None:
        if not isinstance(value, dict) or wanted not in value:
            return envelope(
                [], failed=[failed_item(1103, [node], extra=f"{section}.{wanted}")], messages=_INFO_MESSAGES
            )
        value = {wanted: value[wanted]}
    return [{section: value}]


def _analysisd(ctx: Ctx, pair: tuple[str, str]) -> Item | None:
    """analysisd's own answers about active responses, computed from the configuration (``ar_conf``)."""
    sections = ar_conf.manager_sections(ctx.state.config.active_response)
    if pair == ("analysis", "active_response"):
        return ar_conf.analysisd_active_response(sections)
    if pair == ("analysis", "command"):
        return ar_conf.analysisd_commands(sections)
    return None


def _check_pair(ctx: Ctx) -> tuple[str, str]:
    component, configuration = ctx.path["component"], ctx.path["configuration"]
    if ctx.generation == 5:
        if component not in COMPONENTS_V5:
            raise ApiError(400, f"'{component}' is not one of {list(COMPONENTS_V5)}")
        if configuration not in CONFIGURATIONS_V5:
            raise ApiError(400, f"'{configuration}' is not one of {list(CONFIGURATIONS_V5)}")
        if (component, configuration) not in PAIRS_V5:
            raise wazuh_error(1128, extra=f"{component}/{configuration}")
        return ("wazuh-db" if component == "wazuh-manager-db" else component), configuration
    if component not in COMPONENTS:
        raise ApiError(400, f"'{component}' is not one of {list(COMPONENTS)}")
    if configuration not in CONFIGURATIONS:
        raise ApiError(400, f"'{configuration}' is not one of {list(CONFIGURATIONS)}")
    return component, configuration


def _component(ctx: Ctx, node: str) -> list[Item]:
    pair = _check_pair(ctx)
    if pair not in md.VALID_PAIRS:
        raise wazuh_error(1128, extra=f"{pair[0]}/{pair[1]}")
    if pair == ("logcollector", "socket"):
        return []
    if pair == ("com", "cluster"):
        return [{"cluster": _ossec_conf(ctx, node)["cluster"]}]
    found = _analysisd(ctx, pair) or md.MANAGER_COMPONENTS.get(pair)
    if found is None:
        raise wazuh_error(1128, extra=f"{pair[0]}/{pair[1]} is not available on a manager")
    return [copy.deepcopy(found)]


def _node_log(ctx: Ctx, node: str) -> list[Item]:
    """The node's ``ossec.log``, newest first: what it wrote since the app started (a restart's rule loading),
    then the generated history (5.0: ``wazuh-manager.log``, its daemons' lines)."""
    logs = [*reversed(ctx.state.manager_log), *md.node_logs(node, ctx.state.fleet.started)]
    return md.v5_logs(logs) if ctx.generation == 5 else logs


def _logs(ctx: Ctx, node: str) -> dict[str, Any]:
    logs = _node_log(ctx, node)
    page, total = run(logs, LOGS, ctx.list_query(tag=ctx.params.get("tag"), level=ctx.params.get("level")), ctx.now)
    messages = (
        V5_MESSAGES["/logs"]
        if ctx.generation == 5
        else ("Logs were successfully read", "Could not read logs in some nodes", "Could not read logs in any node")
    )
    return envelope(page, total, messages=messages)


def _stats(ctx: Ctx, node: str) -> list[Item]:
    fleet = ctx.state.fleet
    day = ctx.params.get("date") or fleet.started.strftime("%Y-%m-%d")
    try:
        when = datetime.strptime(day, "%Y-%m-%d").date()
    except ValueError:
        raise ApiError(400, f"'{day}' is not a 'date'") from None
    recent = timedelta(days=1) <= fleet.started.date() - when <= timedelta(days=30)
    if not recent and day not in fleet.stats_days:
        raise wazuh_error(1308, extra=f"no statistics for {day}", node=node)
    return md.daily_stats(node, day, fleet.stats_days.get(day, 24))


def _daemon_stats(ctx: Ctx, node: str) -> list[Item]:
    if ctx.generation == 5:  # 5.0 names its daemons wazuh-manager-*; the metrics keep 4.x's shape (5.0 spec)
        wanted = ctx.params.get("daemons_list") or list(DAEMONS_V5)
        return [
            {**md.daemon_stats(DAEMONS[DAEMONS_V5.index(name)], ctx.state.fleet.started), "name": name}
            for name in dict.fromkeys(wanted)
        ]
    wanted = ctx.params.get("daemons_list") or list(DAEMONS)
    return [md.daemon_stats(name, ctx.state.fleet.started) for name in dict.fromkeys(wanted)]


def _api_config(ctx: Ctx, node: str) -> list[Item]:
    config = copy.deepcopy(md.API_CONFIG)
    config["access"]["max_request_per_minute"] = ctx.state.config.rate_limit_per_minute
    return [{"node_name": node, "node_api_config": config}]


async def version_check(ctx: Ctx) -> dict[str, Any]:
    """The manager's update check; disabled in the default configuration (``update_check: no``)."""
    info = manager_info_item(ctx)
    return {
        "data": {
            "uuid": info["uuid"],
            "current_version": info["version"],
            "update_check": False,
            "last_check_date": "",
            "last_available_major": {},
            "last_available_minor": {},
            "last_available_patch": {},
        },
        "error": 0,
    }


# --- the cluster-wide variants ---------------------------------------------------------------------


def _all_nodes(ctx: Ctx, action: str) -> tuple[list[str], list[dict[str, Any]]]:
    fleet = ctx.state.fleet
    if "nodes_list" not in ctx.params:  # a /manager/* call: the API names its own node "manager"
        return ["manager"], []
    require_cluster(ctx)
    names = [n.name for n in fleet.nodes if ctx.allows(action, f"node:id:{n.name}")]
    wanted = ctx.params.get("nodes_list")
    if not wanted:
        return names, []
    missing = [n for n in wanted if n not in names]
    return [n for n in wanted if n in names], ([failed_item(1730, missing)] if missing else [])


async def cluster_api_config(ctx: Ctx) -> dict[str, Any]:
    nodes, failed = _all_nodes(ctx, "cluster:read_api_config")
    return envelope(
        [i for n in nodes for i in _api_config(ctx, n)],
        failed=failed,
        messages=("API configuration was successfully read",) * 3,
    )


async def manager_api_config(ctx: Ctx) -> dict[str, Any]:
    return envelope(
        _api_config(ctx, ctx.state.fleet.node_name), messages=("API configuration was successfully read",) * 3
    )


def _status(ctx: Ctx, node: str) -> list[dict[str, Any]]:
    require_ready(ctx)
    return [node_readiness(ctx, node) if ctx.generation == 5 else daemon_states(ctx)]


async def validation(ctx: Ctx) -> dict[str, Any]:
    nodes, failed = _all_nodes(ctx, "cluster:read")
    broken = ctx.state.config_error or loader.validation_message(ctx.state.ruleset.loader_errors())
    if broken:  # every node shares the configuration that failed to parse
        failed = [*failed, failed_item(1908, nodes, extra=broken)]
        nodes = []
    return envelope(
        [{"name": n, "status": "OK"} for n in nodes],
        failed=failed,
        messages=(
            "Validation was successfully checked",
            "Could not check validation in some nodes",
            "Could not check validation",
        ),
    )


async def analysisd_reload(ctx: Ctx) -> dict[str, Any]:
    nodes, failed = _all_nodes(ctx, "cluster:restart")
    return envelope(
        [{"name": n, "msg": "Ruleset reload request sent successfully"} for n in nodes],
        failed=failed,
        messages=(
            "Reload request sent to all specified nodes",
            "Could not send reload request to some specified nodes",
            "No reload request sent",
        ),
    )


# --- an agent's own daemons ---------------------------------------------------------------------


def _agent_for_request(ctx: Ctx, missing_status: int = 200) -> tuple[Item | None, dict[str, Any] | None]:
    agent_id = ctx.path["agent_id"]
    agent = ctx.state.fleet.agent(agent_id)
    if agent is None:
        if missing_status == 404:
            raise wazuh_error(1701, status=404, node=ctx.state.fleet.node_name)
        return None, envelope([], failed=[failed_item(1701, [agent_id])])
    if not ctx.identity.grants.allows_any(agent_resources(agent_id, agent.get("group", [])), "agent:read"):
        return None, envelope([], failed=[failed_item(4000, [agent_id])])
    return agent, None


async def agent_config(ctx: Ctx) -> dict[str, Any]:
    pair = _check_pair(ctx)
    agent, _ = _agent_for_request(ctx, missing_status=404)
    assert agent is not None
    if pair not in md.VALID_PAIRS:
        raise wazuh_error(1128, extra=f"{pair[0]}/{pair[1]}")
    if agent["id"] == "000":
        if pair == ("com", "cluster"):
            return {
                "data": {
                    **_ossec_conf(ctx, ctx.state.fleet.node_name)["cluster"],
                    "port": 1516,
                    "disabled": not ctx.state.config.cluster,
                },
                "error": 0,
            }
        found = _analysisd(ctx, pair) or md.MANAGER_COMPONENTS.get(pair)
    else:
        if agent["status"] != "active":
            raise wazuh_error(1740, node=ctx.state.fleet.node_name)  # as recorded for a never-connected agent
        found = md.agent_component(pair, agent)
        if pair == ("com", "active-response") and agent["id"] in ctx.state.ar_disabled_agents:
            found = {"active-response": {"disabled": "yes"}}
    if pair == ("logcollector", "socket"):
        found = {}
    if found is None:
        raise wazuh_error(1128, extra=f"{pair[0]}/{pair[1]} is not available on agent {agent['id']}")
    return {"data": copy.deepcopy(found), "error": 0}


async def agent_daemon_stats(ctx: Ctx) -> dict[str, Any]:
    agent, answer = _agent_for_request(ctx)
    if answer is not None:
        return answer
    assert agent is not None
    if agent["id"] == "000":
        return envelope([], failed=[failed_item(1703, ["000"])])
    if agent["status"] != "active":
        return envelope([], failed=[failed_item(1707, [agent["id"]])])
    wanted = ctx.params.get("daemons_list") or ["wazuh-remoted", "wazuh-analysisd"]
    items = [md.agent_daemon_stats(name, ctx.state.fleet.started, int(agent["id"])) for name in dict.fromkeys(wanted)]
    return envelope(items, messages=("Statistical information for each daemon was successfully read",) * 3)


async def agent_component_stats(ctx: Ctx) -> dict[str, Any]:
    component = ctx.path["component"]
    if component not in ("logcollector", "agent"):
        raise ApiError(400, f"'{component}' is not one of ['logcollector', 'agent']")
    agent, answer = _agent_for_request(ctx)
    if answer is not None:
        return answer
    assert agent is not None
    messages = ("Statistical information for each agent was successfully read",) * 3
    if agent["id"] == "000":
        if component == "agent":
            return envelope([], failed=[failed_item(1310, ["000"])], messages=messages)
        return envelope([md.logcollector_stats(ctx.state.fleet.started)], messages=messages)
    version = tuple(int(p) for p in str(agent.get("version", "0")).split("v")[-1].split(".") if p.isdigit())
    if version < (4, 2, 0):
        return envelope([], failed=[failed_item(1735, [agent["id"]])], messages=messages)
    if agent["status"] != "active":
        return envelope([], failed=[failed_item(1707, [agent["id"]])], messages=messages)
    if component == "agent":
        return envelope([md.agent_state(agent)], messages=messages)
    return envelope([md.agent_logcollector_stats(ctx.state.fleet.started)], messages=messages)


# --- routing --------------------------------------------------------------------------------------

_DATE = ParamSpec(fmt="date")
_LOG_PARAMS = specs(
    LISTING,
    limit=ParamSpec("int", minimum=1, maximum=500, default=500),
    tag=alnum(),
    level=ParamSpec(enum=("critical", "debug", "debug2", "error", "info", "warning")),
)
_CONF = specs(
    COMMON, raw=ParamSpec("bool", default=False), section=ParamSpec(enum=SECTIONS), field=ParamSpec(fmt="names")
)
_DAEMONS = specs(COMMON, daemons_list=ParamSpec("list", enum=DAEMONS))
_NODES_LIST = specs(COMMON, nodes_list=ParamSpec("list", fmt="names"))
V5_PARAMS: dict[str, dict[str, ParamSpec]] = {
    "/daemons/stats": specs(COMMON, daemons_list=ParamSpec("list", enum=DAEMONS_V5)),
    "/configuration": {**_CONF, "section": ParamSpec(enum=SECTIONS_V5)},
    "/logs": {**_LOG_PARAMS, "tag": ParamSpec(fmt="alphanumeric_symbols")},
}
"""The query parameters of the ``/cluster/{node_id}`` pages whose parameters 5.0 changed (its spec)."""


def _endpoints() -> list[Endpoint]:
    pages: list[tuple[str, Any, dict[str, ParamSpec]]] = [
        ("/status", _status, COMMON),
        ("/info", lambda ctx, node: [manager_info_item(ctx)], COMMON),
        ("/configuration", _configuration, _CONF),
        ("/configuration/{component}/{configuration}", _component, COMMON),
        ("/logs", _logs, _LOG_PARAMS),
        ("/logs/summary", lambda ctx, node: md.log_summary(_node_log(ctx, node)), COMMON),
        ("/stats", _stats, specs(COMMON, date=_DATE)),
        ("/stats/hourly", lambda ctx, node: md.hourly_stats(node), COMMON),
        ("/stats/weekly", lambda ctx, node: md.weekly_stats(node), COMMON),
        ("/stats/analysisd", lambda ctx, node: [md.analysisd_stats(node)], COMMON),
        ("/stats/remoted", lambda ctx, node: [md.remoted_stats(node)], COMMON),
        ("/daemons/stats", _daemon_stats, _DAEMONS),
    ]
    out = []
    for suffix, build, params in pages:
        handler = _per_node(build, v5_messages=V5_MESSAGES.get(suffix))
        manager_params = (
            specs(params, distinct=ParamSpec("bool", default=False)) if suffix == "/configuration" else params
        )
        out.append(
            Endpoint("GET", f"/manager{suffix}", handler, manager_params, action="manager:read", generations=V4_ONLY)
        )
        node_page = Endpoint(
            "GET",
            f"/cluster/{{node_id}}{suffix}",
            handler,
            params,
            action="cluster:read",
            scoped=True,
            resource_type="node:id",
            path_formats={"node_id": "names"},
            generations=V4_ONLY if suffix.startswith("/stats") else GENERATIONS,
        )
        out += per_generation(node_page, V5_PARAMS[suffix]) if suffix in V5_PARAMS else [node_page]
    agent_path = {"agent_id": "numbers"}
    out += v4_only(
        [
            Endpoint("GET", "/manager/api/config", manager_api_config, COMMON, action="manager:read_api_config"),
            Endpoint(
                "GET",
                "/manager/version/check",
                version_check,
                specs(COMMON, force_query=ParamSpec("bool", default=False)),
            ),
            Endpoint("GET", "/manager/configuration/validation", validation, COMMON, action="manager:read"),
            Endpoint("PUT", "/manager/analysisd/reload", analysisd_reload, COMMON, action="manager:restart"),
            Endpoint(
                "PUT",
                "/cluster/analysisd/reload",
                analysisd_reload,
                _NODES_LIST,
                action="cluster:restart",
                scoped=True,
                resource_type="node:id",
            ),
            Endpoint(
                "GET",
                "/agents/{agent_id}/config/{component}/{configuration}",
                agent_config,
                COMMON,
                action="agent:read",
                scoped=True,
                resource_type="agent:id",
                path_formats=agent_path,
            ),
            Endpoint(
                "GET",
                "/agents/{agent_id}/daemons/stats",
                agent_daemon_stats,
                specs(COMMON, daemons_list=ParamSpec("list", enum=("wazuh-analysisd", "wazuh-remoted"))),
                action="agent:read",
                scoped=True,
                resource_type="agent:id",
                path_formats=agent_path,
            ),
            Endpoint(
                "GET",
                "/agents/{agent_id}/stats/{component}",
                agent_component_stats,
                COMMON,
                action="agent:read",
                scoped=True,
                resource_type="agent:id",
                path_formats=agent_path,
            ),
        ]
    )
    out += [
        Endpoint(
            "GET",
            "/cluster/api/config",
            cluster_api_config,
            _NODES_LIST,
            action="cluster:read_api_config",
            scoped=True,
            resource_type="node:id",
        ),
        Endpoint(
            "GET",
            "/cluster/configuration/validation",
            validation,
            _NODES_LIST,
            action="cluster:read",
            scoped=True,
            resource_type="node:id",
        ),
    ]
    return out


ENDPOINTS = _endpoints()
