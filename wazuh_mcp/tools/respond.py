"""respond.*: restart and isolate agents, block an IP, run an allowlisted active response, change
group membership — each previewed, bounded, reversible where Wazuh allows it, and never sent on the
model's word.

Every tool only *plans* (``wazuh_mcp.writes.responses.plan``): it validates the arguments, resolves
every targeted agent as Wazuh knows it now (name, OS, status, groups), applies the caps and builds
the exact Server API requests; then it records a pending change and answers ``pending_approval``.
A person approves with ``wazuh-mcp approve <id>`` in another process, which re-checks the targets
and sends exactly those requests. There is no caller-attested tier for these tools.

Hidden unless writes are on and the role allows them (the registry's filter; default roles: only
``admin``).
"""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context
from pydantic import Field

from wazuh_mcp.models.write import ResponseKind, ResponseResult
from wazuh_mcp.runtime.context import deps
from wazuh_mcp.runtime.registry import tool
from wazuh_mcp.tools._args import AgentId
from wazuh_mcp.tools._changes import api_url, change_store, requester_of
from wazuh_mcp.writes.responses import plan

AgentIds = Annotated[
    list[AgentId],
    Field(min_length=1, max_length=100, description="Agent ids, e.g. ['001', '005']."),
]
Group = Annotated[
    str,
    Field(
        min_length=1,
        max_length=128,
        description="An agent group, e.g. 'default' (list_agents shows each agent's groups).",
    ),
]
SomeAgentIds = Annotated[
    Annotated[list[AgentId], Field(min_length=1, max_length=100)] | None,
    Field(description="Agent ids, e.g. ['001', '005'] (or give group)."),
]
SomeGroup = Annotated[
    Annotated[str, Field(min_length=1, max_length=128)] | None,
    Field(description="A Wazuh agent group: each of its agents."),
]
Ip = Annotated[str, Field(min_length=2, max_length=45, description="An IPv4 or IPv6 address.")]
_AFTER = (
    "Nothing was sent to Wazuh. Tell the user the change id, the agents and what it does; a person approves it "
    "outside this conversation with `wazuh-mcp approve {id}` (or rejects it). You cannot approve it yourself."
)


async def _propose(ctx: Context[Any, Any], kind: ResponseKind, arguments: dict[str, Any]) -> ResponseResult:
    app = deps(ctx)
    api = app.server_api()
    # asked now: what this manager's generation cannot take is refused before anything is recorded
    where = await app.api_generation(fresh=True)
    the_plan = await plan(kind, arguments, api, app.settings.responses, api_url(app, api), where)
    requester = requester_of(app, api)
    change = change_store(app).record_plan(the_plan, requester)
    return ResponseResult(
        status="pending_approval",
        tool=the_plan.tool,
        change_id=change.id,
        change_sha256=change.change_sha256,
        summary=the_plan.summary,
        agents=[a.line() for a in the_plan.agents],
        requests=[c.line() for c in the_plan.requests],
        caps=the_plan.caps,
        undo=the_plan.inverse.summary if the_plan.inverse else None,
        notes=the_plan.notes,
        expires_at=change.expires_at,
        approve_with=f"wazuh-mcp approve {change.id}",
        message=f"{the_plan.summary}: recorded as change {change.id}. " + _AFTER.format(id=change.id),
    )


@tool("respond.restart_agents", title="Restart agents", read_only=False, destructive=True, idempotent=False)
async def restart_agents(
    ctx: Context[Any, Any],
    agent_ids: AgentIds,
    reload: bool = False,
) -> ResponseResult:
    """Propose restarting the Wazuh agent on agent_ids (reload: 5.x reloads its config instead). Nothing
    is sent until a person approves the change_id."""
    return await _propose(ctx, "restart_agents", {"agent_ids": agent_ids, "reload": reload})


@tool("respond.isolate_agent", title="Isolate agent", read_only=False, destructive=True, idempotent=False)
async def isolate_agent(ctx: Context[Any, Any], agent_id: AgentId) -> ResponseResult:
    """Propose isolating one host from the network (never agent 000; release_agent undoes it). Sent only
    once a person approves the change_id."""
    return await _propose(ctx, "isolate_agent", {"agent_id": agent_id})


@tool("respond.release_agent", title="Release isolated agent", read_only=False, destructive=True, idempotent=False)
async def release_agent(ctx: Context[Any, Any], agent_id: AgentId) -> ResponseResult:
    """Propose lifting the network isolation of one host. Sent only once a person approves the
    change_id."""
    return await _propose(ctx, "release_agent", {"agent_id": agent_id})


@tool("respond.block_ip", title="Block IP on agents", read_only=False, destructive=True, idempotent=False)
async def block_ip(
    ctx: Context[Any, Any], ip: Ip, agent_ids: SomeAgentIds = None, group: SomeGroup = None
) -> ResponseResult:
    """Propose blocking ip on agent_ids or on every agent of group, with Wazuh's firewall-drop (or
    responses.block_command). Never loopback, link-local, multicast, the manager's address or agent 000; it
    lapses after the command's timeout if one is set. Sent only once a person approves the change_id."""
    return await _propose(ctx, "block_ip", {"ip": ip, "agent_ids": agent_ids, "group": group})


@tool("respond.unblock_ip", title="Unblock IP on agents", read_only=False, destructive=True, idempotent=False)
async def unblock_ip(
    ctx: Context[Any, Any], ip: Ip, agent_ids: SomeAgentIds = None, group: SomeGroup = None
) -> ResponseResult:
    """Propose lifting a block of ip on agent_ids or group. Sent only once a person approves the
    change_id."""
    return await _propose(ctx, "unblock_ip", {"ip": ip, "agent_ids": agent_ids, "group": group})


@tool("respond.run_active_response", title="Run active response", read_only=False, destructive=True, idempotent=False)
async def run_active_response(
    ctx: Context[Any, Any],
    command: Annotated[
        str,
        Field(
            min_length=1, max_length=65, description="A command on responses.allowed_commands, e.g. 'restart-wazuh'."
        ),
    ],
    agent_ids: SomeAgentIds = None,
    group: SomeGroup = None,
    arguments: Annotated[
        list[Annotated[str, Field(max_length=128)]],
        Field(max_length=8, description="Arguments for the command: letters, digits and _ . : / @ = + , % - only."),
    ] = [],  # noqa: B006 - pydantic copies defaults; the schema needs a list default
) -> ResponseResult:
    """Propose running an active-response command of responses.allowed_commands (none by default) on
    agent_ids or every agent of group; never agent 000. Sent only once a person approves the change_id."""
    return await _propose(
        ctx, "run_active_response", {"command": command, "agent_ids": agent_ids, "group": group, "arguments": arguments}
    )


@tool("respond.add_agent_to_group", title="Add agent to group", read_only=False, destructive=True, idempotent=False)
async def add_agent_to_group(ctx: Context[Any, Any], agent_id: AgentId, group: Group) -> ResponseResult:
    """Propose adding agent_id to an existing group (it then gets the group's shared configuration).
    Sent only once a person approves the change_id."""
    return await _propose(ctx, "add_agent_to_group", {"agent_id": agent_id, "group": group})


@tool(
    "respond.remove_agent_from_group",
    title="Remove agent from group",
    read_only=False,
    destructive=True,
    idempotent=False,
)
async def remove_agent_from_group(ctx: Context[Any, Any], agent_id: AgentId, group: Group) -> ResponseResult:
    """Propose removing agent_id from group (one left in no group goes back to 'default'). Nothing is sent
    until a person approves the change_id."""
    return await _propose(ctx, "remove_agent_from_group", {"agent_id": agent_id, "group": group})


TOOLS = [
    restart_agents,
    isolate_agent,
    release_agent,
    block_ip,
    unblock_ip,
    run_active_response,
    add_agent_to_group,
    remove_agent_from_group,
]
