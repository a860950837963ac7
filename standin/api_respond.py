"""Response actions: ``PUT /active-response``, agent restarts and group membership.

Each acts per agent, as Wazuh's framework does: an unknown agent fails with 1701, the manager's own
agent 000 with 1703, an agent that is not connected with 1707 (the request cannot reach it), an agent
the caller's RBAC does not cover with 4000; the others are affected and the answer is 200 with
``error`` 0, 2 (some failed) or 1 (all failed). Effects are visible to later reads and to tests:
an agent's groups change (``GET /agents``, ``GET /groups/{id}/agents``), a restarted agent's
``lastKeepAlive`` moves, and every active-response command sent is kept in ``StandinState.responses``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from standin.fleet import iso, merged_sum
from standin.framework import Ctx, Endpoint
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


def _targets(ctx: Ctx, ids: list[str], action: str) -> tuple[list[Item], list[tuple[str, int]]]:
    """The agents of ``ids`` the action can reach, and (id, code) for the others."""
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
            failures.append((agent_id, 1703))
        elif agent["status"] != "active":
            failures.append((agent_id, 1707))
        else:
            reached.append(agent)
    return reached, failures


def _listed(ctx: Ctx) -> list[str]:
    """``agents_list``, or every agent when it is absent (Wazuh's default; wazuh-mcp never relies on it)."""
    wanted = ctx.params.get("agents_list")
    return list(wanted) if wanted else [a["id"] for a in ctx.state.fleet.agents if a["id"] != "000"]


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


async def active_response(ctx: Ctx) -> Item:
    command, arguments, alert = _check_ar_body(await _json_body(ctx))
    reached, failures = _targets(ctx, _listed(ctx), "active-response:command")
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
    reached, failures = _targets(ctx, ids, "agent:restart")
    for agent in reached:
        agent["lastKeepAlive"] = iso(ctx.now)  # it reconnects at once: its keepalive moves
        ctx.state.record_agent_restart(agent["id"])
    return envelope([a["id"] for a in reached], failed=group_failures(failures), messages=_RESTART_MESSAGES)


async def restart_agents(ctx: Ctx) -> Item:
    return _restart(ctx, _listed(ctx))


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


def _set_groups(agent: Item, groups: list[str]) -> None:
    agent["group"] = groups
    if agent["status"] in ("active", "disconnected"):
        agent["mergedSum"] = merged_sum(tuple(groups))
    agent["group_config_status"] = "not synced"  # the agent has not pulled the new shared config yet


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
            _set_groups(agent, [group] if ctx.params.get("force_single_group") else [*current, group])
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
    _set_groups(agent, remaining or ["default"])  # an agent in no group goes back to 'default', as in Wazuh
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
]
