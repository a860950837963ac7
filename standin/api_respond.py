"""Response actions: ``PUT /active-response``, agent restarts and reloads, and group membership.

Each acts per agent, as Wazuh's framework does: an unknown agent fails with 1701, the manager's own
agent 000 with 1703, an agent that is not connected with 1707 (the request cannot reach it), an agent
the caller's RBAC does not cover with 4000; an active response then fails with 1750 for an agent whose
active response is disabled and with 1652 when the command is not spelled as the manager's ar.conf
spells it (``standin.ar_conf``: ``firewall-drop600``, not ``firewall-drop``), after the 1707 check as
recorded (``oracle/api_exchanges_agent.jsonl``); the others are affected and the answer is 200 with
``error`` 0, 2 (some failed) or 1 (all failed). Effects are visible to later reads and to tests:
an agent's groups change (``GET /agents``, ``GET /groups/{id}/agents``), a restarted agent's
``lastKeepAlive`` moves, and every active-response command sent is kept in ``StandinState.responses``.

Generation 5 restarts and reloads as Wazuh 5.0's ``agent.restart_agents``/``reload_agents`` do
(framework/wazuh/agent.py @58c8811b16): each queues a task for the agent whatever its connection
status (no 1707), an agent below v5.0.0 or with no version (never connected) fails with 1761, an
unknown one (agent 000 included: 5.0 has none) with 1701; affected ids are sorted. Without
``agents_list`` (5.0's default ``*``) every agent the caller may act on is targeted.
``PUT /agents/group/{group_id}/reload`` answers 404 (1710) for an unknown group and 200 with no
agent for an empty one, as the 5.0 controller does. There is no ``PUT /active-response`` in 5.0.
"""

from __future__ import annotations

import json
import re
from typing import Any

from standin import ar_conf
from standin.fleet import iso, merged_sum
from standin.framework import V4_ONLY, V5_ONLY, Ctx, Endpoint
from standin.params import COMMON, ParamSpec, specs
from standin.problems import ApiError, bad_request, envelope, group_failures, wazuh_error
from standin.rbac import agent_resources

Item = dict[str, Any]
AR_COMMAND = re.compile(r"^!?[\w\-.\\/:]+$")
"""The spec's ``active_response_command`` format (a command name, or ``!script`` for a script)."""
_AR_MESSAGES = (
    "AR command was sent to all agents",
    "AR command was not sent to some agents",
    "AR command was not sent to any agent",
)
_RESTART_MESSAGES = (
    "Restart command was sent to all agents",
    "Restart command was not sent to some agents",
    "Restart command was not sent to any agent",
)
_RELOAD_MESSAGES = (
    "Reload command was sent to all agents",
    "Reload command was not sent to some agents",
    "Reload command was not sent to any agent",
)
V5_AGENT = (5, 0, 0)
"""The oldest agent 5.0's restart and reload reach (older: error 1761)."""


def _targets(
    ctx: Ctx, ids: list[str], action: str, *, skip_manager: bool = False
) -> tuple[list[Item], list[tuple[str, int]]]:
    """The agents of ``ids`` the action can reach, and (id, code) for the others. As recorded, an
    active response silently skips agent 000 (no failed item), a restart names it (1703)."""
    fleet = ctx.state.fleet
    reached: list[Item] = []
    failures: list[tuple[str, int]] = []
    for agent_id in dict.fromkeys(ids):
        agent = fleet.agent(agent_id)
        if agent is None:
            failures.append((agent_id, 1701))
        elif not ctx.identity.grants.allows_any(agent_resources(agent_id, agent.get("group", [])), action):
            failures.append((agent_id, 4000))
        elif agent_id == "000":
            if not skip_manager:
                failures.append((agent_id, 1703))
        elif agent["status"] != "active":
            failures.append((agent_id, 1707))
        else:
            reached.append(agent)
    return reached, failures


def _listed(ctx: Ctx, *, active_only: bool = False) -> list[str]:
    """``agents_list``, or when it is absent every agent but 000 (Wazuh's default; wazuh-mcp never relies
    on it): for a restart only the active ones, as recorded (``PUT /agents/restart`` with no list and
    only never-connected agents answers no failed items)."""
    wanted = ctx.params.get("agents_list")
    if wanted:
        return list(wanted)
    return [
        a["id"] for a in ctx.state.fleet.agents if a["id"] != "000" and (a["status"] == "active" or not active_only)
    ]


async def _json_body(ctx: Ctx) -> Item:
    content_type = ctx.request.headers.get("content-type", "")
    if not content_type.startswith("application/json"):
        raise ApiError(
            406, "The body type is not the one specified in the content-type", code=6002, title="Wazuh Error"
        )
    try:
        body = json.loads(await ctx.request.body() or b"null")
    except ValueError:
        raise bad_request("Request body is not valid JSON") from None
    if not isinstance(body, dict):
        raise bad_request("None is not of type 'object'")
    return body


def _check_ar_body(body: Item) -> tuple[str, list[str], Item | None]:
    command = body.get("command")
    if command is None:
        raise bad_request("'command' is a required property")
    if not isinstance(command, str) or not AR_COMMAND.match(command):
        raise bad_request(
            f"'{command}' is not a 'active_response_command'. "
            "Failed validating 'format' in schema['properties']['command']"
        )
    arguments = body.get("arguments", [])
    if not isinstance(arguments, list) or not all(isinstance(a, str) for a in arguments):
        raise bad_request(f"{arguments!r} is not of type 'array' of 'string'")
    alert = body.get("alert")
    if alert is not None and not (isinstance(alert, dict) and isinstance(alert.get("data", {}), dict)):
        raise bad_request("'alert' is not of type 'object' with an object 'data'")
    extra = set(body) - {"command", "arguments", "alert"}
    if extra:
        raise bad_request(f"Additional properties are not allowed ({', '.join(sorted(extra))} were unexpected)")
    return command, arguments, alert


def _command_checks(ctx: Ctx, command: str, reached: list[Item]) -> tuple[list[Item], list[tuple[str, int]]]:
    """Wazuh's checks for each agent it can reach, in its order (``send_ar_message``): the agent's own
    active response disabled (1750), then the command not in ar.conf (1652; a ``!script`` skips it)."""
    defined = ar_conf.accepts(ar_conf.manager_sections(ctx.state.config.active_response), command)
    sent: list[Item] = []
    failures: list[tuple[str, int]] = []
    for agent in reached:
        if agent["id"] in ctx.state.ar_disabled_agents:
            failures.append((agent["id"], 1750))
        elif not defined:
            failures.append((agent["id"], 1652))
        else:
            sent.append(agent)
    return sent, failures


async def active_response(ctx: Ctx) -> Item:
    command, arguments, alert = _check_ar_body(await _json_body(ctx))
    reached, failures = _targets(ctx, _listed(ctx), "active-response:command", skip_manager=True)
    reached, refused = _command_checks(ctx, command, reached)
    failures += refused
    for agent in reached:
        ctx.state.record_response(
            {
                "agent_id": agent["id"],
                "command": command,
                "arguments": list(arguments),
                "alert": alert,
                "at": iso(ctx.now),
            }
        )
    return envelope([a["id"] for a in reached], failed=group_failures(failures), messages=_AR_MESSAGES)


def _restart(ctx: Ctx, ids: list[str]) -> Item:
    if ctx.generation == 5:
        return _task(ctx, ids, "restart")
    reached, failures = _targets(ctx, ids, "agent:restart")
    for agent in reached:
        agent["lastKeepAlive"] = iso(ctx.now)  # it reconnects at once: its keepalive moves
        ctx.state.record_agent_restart(agent["id"])
    return envelope([a["id"] for a in reached], failed=group_failures(failures), messages=_RESTART_MESSAGES)


def _version(agent: Item) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", str(agent.get("version") or "")))


def _task(ctx: Ctx, ids: list[str], kind: str) -> Item:
    """5.0's restart or reload of ``ids``: a task per eligible agent, failures by code."""
    action = f"agent:{kind}"
    fleet = ctx.state.fleet
    reached: list[str] = []
    failures: list[tuple[str, int]] = []
    for agent_id in dict.fromkeys(ids):
        agent = fleet.agent(agent_id)
        if agent is None:
            failures.append((agent_id, 1701))
        elif not ctx.identity.grants.allows_any(agent_resources(agent_id, agent.get("group", [])), action):
            failures.append((agent_id, 4000))
        elif _version(agent) < V5_AGENT:
            failures.append((agent_id, 1761))
        else:
            reached.append(agent_id)
    reached.sort(key=int)
    if kind == "restart":
        for agent_id in reached:
            ctx.state.record_agent_restart(agent_id)
    else:
        ctx.state.record_reload("agent", reached)
    messages = _RESTART_MESSAGES if kind == "restart" else _RELOAD_MESSAGES
    return envelope(reached, failed=group_failures(failures), messages=messages)


def _every_agent(ctx: Ctx, action: str) -> list[str]:
    """5.0's ``agents_list=*``: every agent the caller may act on (the others are left out, not failed)."""
    return [
        a["id"]
        for a in ctx.state.fleet.agents
        if ctx.identity.grants.allows_any(agent_resources(a["id"], a.get("group", [])), action)
    ]


async def restart_agents(ctx: Ctx) -> Item:
    if ctx.generation == 5:
        return _task(ctx, ctx.params.get("agents_list") or _every_agent(ctx, "agent:restart"), "restart")
    return _restart(ctx, _listed(ctx, active_only=True))


async def reload_agents(ctx: Ctx) -> Item:
    return _task(ctx, ctx.params.get("agents_list") or _every_agent(ctx, "agent:reload"), "reload")


async def reload_agent(ctx: Ctx) -> Item:
    return _task(ctx, [ctx.path["agent_id"]], "reload")


async def reload_group(ctx: Ctx) -> Item:
    group = ctx.path["group_id"]
    if group not in ctx.state.fleet.groups:
        raise wazuh_error(1710, status=404, node=ctx.state.fleet.node_name)
    members = [a["id"] for a in ctx.state.fleet.agents if group in a.get("group", [])]
    allowed = set(_every_agent(ctx, "agent:reload"))
    # 5.0 lists the group's agents under RBAC first, then reloads those (``force``: no failed item for the others)
    return _task(ctx, [m for m in members if m in allowed], "reload")


async def restart_agent(ctx: Ctx) -> Item:
    return _restart(ctx, [ctx.path["agent_id"]])


def _group_change(ctx: Ctx) -> tuple[Item | None, str, list[tuple[str, int]]]:
    """The agent and group of a membership change, or the per-agent failure Wazuh reports."""
    agent_id, group = ctx.path["agent_id"], ctx.path["group_id"]
    fleet = ctx.state.fleet
    if group not in fleet.groups:
        raise wazuh_error(1710, status=404, node=fleet.node_name)
    ctx.require("group:modify_assignments", f"group:id:{group}", "group:id")
    agent = fleet.agent(agent_id)
    if agent is None:
        return None, group, [(agent_id, 1701)]
    if agent_id == "000":
        return None, group, [(agent_id, 1703)]
    if not ctx.identity.grants.allows_any(agent_resources(agent_id, agent.get("group", [])), "agent:modify_group"):
        return None, group, [(agent_id, 4000)]
    return agent, group, []


def _set_groups(ctx: Ctx, agent: Item, groups: list[str]) -> None:
    agent["group"] = groups
    if agent["status"] in ("active", "disconnected") and ctx.generation == 4:  # 5.x agents have no mergedSum
        agent["mergedSum"] = merged_sum(tuple(groups))
    # group_config_status is left as it was: a connected agent still reads "synced" right after (t4-ex-044)


async def add_to_group(ctx: Ctx) -> Item:
    agent, group, failures = _group_change(ctx)
    messages = (
        f"All selected agents were assigned to {group}",
        f"Some agents were not assigned to {group}",
        "No agents were assigned to the group",
    )
    if agent is not None:
        current = list(agent.get("group", []))
        if group in current:
            failures = [(agent["id"], 1751)]
        else:
            _set_groups(ctx, agent, [group] if ctx.params.get("force_single_group") else [*current, group])
    affected = [agent["id"]] if agent is not None and not failures else []
    return envelope(affected, failed=group_failures(failures), messages=messages)


async def remove_from_group(ctx: Ctx) -> Item:
    agent, group, failures = _group_change(ctx)
    node = ctx.state.fleet.node_name
    if failures:
        code = failures[0][1]
        raise wazuh_error(code, status=404 if code == 1701 else 403 if code == 4000 else 400, node=node)
    assert agent is not None
    current = list(agent.get("group", []))
    if group not in current:
        raise wazuh_error(1734, node=node)
    remaining = [g for g in current if g != group]
    _set_groups(ctx, agent, remaining or ["default"])  # an agent in no group goes back to 'default', as in Wazuh
    return {"message": f"Agent '{agent['id']}' removed from '{group}'.", "error": 0}


_AGENTS_LIST = specs(COMMON, agents_list=ParamSpec("list", fmt="numbers"))
_AGENT_ID = {"agent_id": "numbers"}
_MEMBERSHIP = {"agent_id": "numbers", "group_id": "group_names"}
ENDPOINTS = [
    Endpoint(
        "PUT",
        "/active-response",
        active_response,
        _AGENTS_LIST,
        action="active-response:command",
        scoped=True,
        resource_type="agent:id",
        generations=V4_ONLY,
    ),
    Endpoint(
        "PUT",
        "/agents/restart",
        restart_agents,
        _AGENTS_LIST,
        action="agent:restart",
        scoped=True,
        resource_type="agent:id",
    ),
    Endpoint(
        "PUT",
        "/agents/{agent_id}/restart",
        restart_agent,
        COMMON,
        action="agent:restart",
        scoped=True,
        resource_type="agent:id",
        path_formats=_AGENT_ID,
    ),
    Endpoint(
        "PUT",
        "/agents/{agent_id}/group/{group_id}",
        add_to_group,
        specs(COMMON, force_single_group=ParamSpec("bool", default=False)),
        action="agent:modify_group",
        scoped=True,
        resource_type="agent:id",
        path_formats=_MEMBERSHIP,
    ),
    Endpoint(
        "DELETE",
        "/agents/{agent_id}/group/{group_id}",
        remove_from_group,
        COMMON,
        action="agent:modify_group",
        scoped=True,
        resource_type="agent:id",
        path_formats=_MEMBERSHIP,
    ),
    Endpoint(
        "PUT",
        "/agents/reload",
        reload_agents,
        _AGENTS_LIST,
        action="agent:reload",
        scoped=True,
        resource_type="agent:id",
        generations=V5_ONLY,
    ),
    Endpoint(
        "PUT",
        "/agents/{agent_id}/reload",
        reload_agent,
        COMMON,
        action="agent:reload",
        scoped=True,
        resource_type="agent:id",
        path_formats=_AGENT_ID,
        generations=V5_ONLY,
    ),
    Endpoint(
        "PUT",
        "/agents/group/{group_id}/reload",
        reload_group,
        COMMON,
        action="agent:reload",
        scoped=True,
        resource_type="agent:id",
        path_formats={"group_id": "group_names"},
        generations=V5_ONLY,
    ),
]
