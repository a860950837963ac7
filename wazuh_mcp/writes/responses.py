"""Response actions on agents — restart, isolate, block an IP, run an allowlisted active response,
change group membership — planned here, approved by a person, sent exactly as planned.

A plan is built from validated arguments and what Wazuh says *now*: every agent it reaches (name,
OS, status, groups), the exact Server API requests, the caps it was checked against, and the
change that undoes it. ``respond.*`` tools record plans as pending changes; ``wazuh-mcp undo``
plans the inverse of an applied one. At approval (``wazuh_mcp.writes.approvals``) the record is
checked again: ``check_response_record`` rebuilds the requests from the recorded arguments under
the approver's settings (a command taken off the allowlist, or an edited record, is refused), and
``check_targets`` resolves the agents again — an agent gone, renamed, disconnected or moved, a
group that gained or lost members, refuses the approval with what changed.

Limits that hold whatever the settings say: never agent 000 (the manager) for isolation, blocks or
active responses; never ``agents_list=all`` (every request names its agents); never more agents
than ``responses.max_agents``; arguments and IPs checked before anything is sent.
"""

from __future__ import annotations

import ipaddress
import json
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from wazuh_mcp import untrusted
from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.backends.server_api_shapes import envelope_data, raise_failed_item
from wazuh_mcp.config.settings import ResponseSettings
from wazuh_mcp.errors import Conflict, InvalidArgument, NotFound, UpstreamUnavailable, WazuhMCPError
from wazuh_mcp.models.write import AgentTarget, ApiCall, Inverse, Outcome, PendingChange, ResponseKind

MANAGER_AGENT = "000"
MAX_ARGUMENTS = 8
_ARGUMENT = re.compile(r"[A-Za-z0-9_.:/@=+,%-]{1,128}")
"""Active-response arguments reach a script on the agent: no spaces, quotes or shell metacharacters."""
_COMMAND = re.compile(r"!?[A-Za-z0-9_.-]{1,64}")
_GROUP = re.compile(r"(?!^(\.{1,2}|all)$)[A-Za-z0-9_.-]{1,128}")
_SELECT = "id,name,os.name,os.platform,status,group"


def clean(value: Any, limit: int) -> str:
    """Text from Wazuh (agent names are chosen by the enrolling host): these records reach a model and a
    terminal, so it is bounded and made inert by ``wazuh_mcp.untrusted``."""
    return untrusted.bound(str(value), limit) or ""


_TOOLS: dict[ResponseKind, str] = {
    "restart_agents": "respond.restart_agents",
    "isolate_agent": "respond.isolate_agent",
    "release_agent": "respond.release_agent",
    "block_ip": "respond.block_ip",
    "unblock_ip": "respond.unblock_ip",
    "run_active_response": "respond.run_active_response",
    "add_agent_to_group": "respond.add_agent_to_group",
    "remove_agent_from_group": "respond.remove_agent_from_group",
}
RESPONSE_KINDS = frozenset(_TOOLS)
_NEVER_MANAGER = {"isolate_agent", "release_agent", "block_ip", "unblock_ip", "run_active_response"}


def tool_of(kind: ResponseKind) -> str:
    return _TOOLS[kind]


def kind_of(tool: str) -> ResponseKind:
    for kind, name in _TOOLS.items():
        if name == tool:
            return kind
    raise InvalidArgument(f"{tool} is not a response action.")


@dataclass(frozen=True)
class Plan:
    """Everything a pending response change records; built by ``plan``, never by hand."""

    kind: ResponseKind
    arguments: dict[str, Any]
    agents: list[AgentTarget]
    group: str | None
    requests: list[ApiCall]
    summary: str
    caps: list[str]
    inverse: Inverse | None = None
    lapse_after_s: int | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def tool(self) -> str:
        return tool_of(self.kind)

    @property
    def target(self) -> str:
        ids = ",".join(a.id for a in self.agents)
        return f"group {self.group} (agents {ids})" if self.group else f"agent(s) {ids}"


def describe_plan(
    requests: list[ApiCall], agents: list[AgentTarget], caps: list[str], inverse: Inverse | None, notes: list[str]
) -> str:
    """What ``show`` prints in place of a diff: the exact requests, every agent, the caps, the undo."""
    lines = ["Requests sent on approval, exactly:"] + [f"  {call.line()}" for call in requests]
    lines += ["Agents reached:"] + [f"  {agent.line()}" for agent in agents]
    lines += ["Checked against:"] + [f"  {cap}" for cap in caps]
    lines.append(f"Undo: {inverse.summary} (`wazuh-mcp undo`)" if inverse else "Undo: none — this cannot be reversed.")
    lines += notes
    return "\n".join(lines) + "\n"


# --- input checks (no I/O) ----------------------------------------------------------------------


def _bare(command: str) -> str:
    return command.removeprefix("!")


def _configured(name: str, value: str | None, setting: str) -> str:
    if not value:
        raise InvalidArgument(
            f"No active-response command is configured for {name}.",
            hint=f"Set responses.{setting} in the profile (the <command> name from the manager's ossec.conf, "
            "see docs/writes.md), e.g. [profiles.default.responses] "
            f'{setting} = "…".',
        )
    if not _COMMAND.fullmatch(value):
        raise InvalidArgument(f"responses.{setting} = {value!r} is not an active-response command name.")
    return value


def allowed_command(command: str, policy: ResponseSettings) -> str:
    """The allowlist's spelling of ``command`` (``firewall-drop`` matches ``!firewall-drop``), or a refusal."""
    if not _COMMAND.fullmatch(command):
        raise InvalidArgument(
            f"{command[:70]!r} is not an active-response command name (letters, digits, _ . -, optional leading !)."
        )
    for entry in policy.allowed_commands:
        if _bare(entry) == _bare(command):
            return entry
    allowed = ", ".join(policy.allowed_commands) or "none: every command is denied by default"
    raise InvalidArgument(
        f"Active-response command '{command}' is not on the allowlist (allowed: {allowed}).",
        hint="A person adds it to responses.allowed_commands in the profile; the model cannot.",
    )


def check_arguments(arguments: list[str]) -> list[str]:
    if len(arguments) > MAX_ARGUMENTS:
        raise InvalidArgument(f"At most {MAX_ARGUMENTS} arguments (got {len(arguments)}).")
    for value in arguments:
        if not _ARGUMENT.fullmatch(value):
            raise InvalidArgument(
                f"Argument {value[:40]!r} has characters an active-response script must not receive "
                "(allowed: letters, digits and _ . : / @ = + , % -; no spaces, quotes or shell metacharacters).",
            )
    return list(arguments)


def manager_addresses(
    policy: ResponseSettings, api_url: str | None
) -> set[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    addresses = set()
    for text in [*policy.manager_ips, urlsplit(api_url or "").hostname or ""]:
        try:
            addresses.add(ipaddress.ip_address(text))
        except ValueError:
            continue  # a host name: its addresses are not known here; list them in responses.manager_ips
    return addresses


async def cluster_node_addresses(api: ServerApiBackend) -> list[str]:
    """The manager nodes' own addresses (``GET /cluster/nodes``); none on a single node (error 3013)."""
    try:
        page = await api.page("/cluster/nodes", action="cluster:read", params={"limit": 500, "select": "ip"})
    except WazuhMCPError as exc:
        if exc.upstream_code in (3013, 4000) or exc.code == "forbidden":  # single node, or not allowed to look
            return []
        raise
    return [str(node.get("ip")) for node in page.items if node.get("ip")]


def check_ip(text: str, policy: ResponseSettings, api_url: str | None) -> str:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        raise InvalidArgument(f"{text[:60]!r} is not an IP address.", hint="Give one IPv4 or IPv6 address.") from None
    if address.is_loopback or address.is_unspecified or address.is_multicast or address.is_link_local:
        raise InvalidArgument(f"{address} is a loopback, unspecified, multicast or link-local address; never blocked.")
    if address in manager_addresses(policy, api_url):
        raise InvalidArgument(
            f"{address} is an address of the Wazuh manager; blocking it would cut the agents off from it."
        )
    return str(address)


def check_group_name(group: str) -> str:
    if not _GROUP.fullmatch(group):
        raise InvalidArgument(f"{group[:60]!r} is not a Wazuh group name (letters, digits, _ . -).")
    return group


# --- what Wazuh says now ---------------------------------------------------------------------------


def _target(item: dict[str, Any]) -> AgentTarget:
    os_info = item.get("os") or {}
    return AgentTarget(
        id=str(item["id"]),
        name=clean(item.get("name", ""), 128),
        os=clean(os_info.get("name") or os_info.get("platform") or "", 64) or None,
        status=clean(item.get("status", "unknown"), 32),
        groups=[clean(g, 128) for g in item.get("group") or []],
    )


async def resolve_agents(api: ServerApiBackend, ids: list[str]) -> dict[str, AgentTarget]:
    """The agents of ``ids`` that exist now (unknown ids are absent)."""
    body = await api.request(
        "GET", "/agents", action="agent:read", params={"agents_list": ",".join(ids), "select": _SELECT, "limit": 500}
    )
    data = envelope_data(body, "/agents")
    for entry in data.get("failed_items") or []:
        if (entry.get("error") or {}).get("code") != 1701:
            raise_failed_item(entry)
    return {target.id: target for target in map(_target, data.get("affected_items") or [])}


async def group_members(api: ServerApiBackend, group: str, cap: int) -> list[AgentTarget]:
    """The agents of ``group`` (which must exist), refusing a group larger than ``cap``."""
    await require_group(api, group)
    body = await api.request(
        "GET", f"/groups/{group}/agents", action="agent:read", params={"select": _SELECT, "limit": cap + 1}
    )
    data = envelope_data(body, f"/groups/{group}/agents")
    total = int(data.get("total_affected_items") or 0)
    if total > cap:
        raise InvalidArgument(
            f"Group '{group}' has {total} agents; a change may reach at most {cap} (responses.max_agents).",
            hint="Name the agents (agent_ids) instead, in changes of at most the cap.",
        )
    return [_target(item) for item in data.get("affected_items") or []]


async def require_group(api: ServerApiBackend, group: str) -> None:
    body = await api.request("GET", "/groups", action="group:read", params={"groups_list": group, "select": "name"})
    if not envelope_data(body, "/groups").get("affected_items"):
        listing = await api.request("GET", "/groups", action="group:read", params={"select": "name", "limit": 50})
        names = ", ".join(str(i.get("name")) for i in envelope_data(listing, "/groups").get("affected_items") or [])
        raise NotFound(f"Group '{group}' does not exist.", hint=f"Existing groups: {names or 'none'}.")


async def _agents_by_id(api: ServerApiBackend, ids: list[str], kind: ResponseKind, cap: int) -> list[AgentTarget]:
    ids = list(dict.fromkeys(ids))
    if not ids:
        raise InvalidArgument("Name at least one agent.")
    if MANAGER_AGENT in ids:
        if kind == "restart_agents":
            raise InvalidArgument("Agent 000 is the manager itself.", hint="Use restart_manager to restart it.")
        if kind in _NEVER_MANAGER:
            raise InvalidArgument("Agent 000 is the Wazuh manager; it is never isolated, blocked or sent commands.")
        raise InvalidArgument("Agent 000 is the Wazuh manager; its group membership cannot change.")
    if len(ids) > cap:
        raise InvalidArgument(
            f"{len(ids)} agents named; a change may reach at most {cap} (responses.max_agents).",
            hint="Split the action into several changes.",
        )
    found = await resolve_agents(api, ids)
    missing = [i for i in ids if i not in found]
    if missing:
        raise NotFound(f"No agent {', '.join(missing)}.", hint="list_agents shows the agents that exist.")
    return [found[i] for i in ids]


def _reachable(agents: list[AgentTarget]) -> list[str]:
    """Refuse a change no agent would receive; otherwise the notes naming those that will not."""
    if all(a.status != "active" for a in agents):
        listed = ", ".join(f"{a.id} ({a.status})" for a in agents)
        raise InvalidArgument(
            f"No targeted agent is connected ({listed}); Wazuh would send nothing.",
            hint="Wait until the agent reconnects (get_agent shows its status).",
        )
    return [
        f"Will not receive it (not connected): {a.id} {a.name} ({a.status})" for a in agents if a.status != "active"
    ]


# --- the requests ---------------------------------------------------------------------------------


def _ar_call(ids: list[str], command: str, arguments: list[str], srcip: str | None) -> ApiCall:
    body: dict[str, Any] = {"command": command, "arguments": list(arguments)}
    if srcip is not None:
        body["alert"] = {"data": {"srcip": srcip}}  # firewall-drop reads the address from the alert
    return ApiCall(
        method="PUT",
        path="/active-response",
        action="active-response:command",
        params={"agents_list": ",".join(ids)},
        body=body,
    )


def build_requests(
    kind: ResponseKind, arguments: dict[str, Any], agents: list[AgentTarget], policy: ResponseSettings
) -> list[ApiCall]:
    """The exact requests for a plan (pure: the same inputs always give the same requests)."""
    ids = [a.id for a in agents]
    if not ids or MANAGER_AGENT in ids or "all" in ids:
        raise InvalidArgument("A response request must name its agents, and never agent 000.")
    if kind == "restart_agents":
        if len(ids) == 1:
            return [ApiCall(method="PUT", path=f"/agents/{ids[0]}/restart", action="agent:restart")]
        return [
            ApiCall(method="PUT", path="/agents/restart", action="agent:restart", params={"agents_list": ",".join(ids)})
        ]
    if kind == "isolate_agent":
        return [_ar_call(ids, _configured("isolation", policy.isolation_command, "isolation_command"), [], None)]
    if kind == "release_agent":
        return [
            _ar_call(ids, _configured("releasing an isolation", policy.release_command, "release_command"), [], None)
        ]
    if kind == "block_ip":
        return [_ar_call(ids, _configured("blocking", policy.block_command, "block_command"), [], arguments["ip"])]
    if kind == "unblock_ip":
        command = _configured("lifting a block early", policy.unblock_command, "unblock_command")
        return [_ar_call(ids, command, [], arguments["ip"])]
    if kind == "run_active_response":
        command = allowed_command(str(arguments["command"]), policy)
        return [_ar_call(ids, command, check_arguments(list(arguments.get("arguments") or [])), None)]
    group = check_group_name(str(arguments["group"]))
    path = f"/agents/{ids[0]}/group/{group}"
    if kind == "add_agent_to_group":
        return [ApiCall(method="PUT", path=path, action="agent:modify_group")]
    return [ApiCall(method="DELETE", path=path, action="agent:modify_group")]


def _caps(policy: ResponseSettings, kind: ResponseKind) -> list[str]:
    caps = [f"at most {policy.max_agents} agents per change (responses.max_agents)", "agents listed by id, never 'all'"]
    if kind in _NEVER_MANAGER:
        caps.append("never agent 000 (the manager)")
    if kind == "run_active_response":
        caps.append("command on the allowlist (responses.allowed_commands)")
    if kind in ("block_ip", "unblock_ip"):
        caps.append("not a loopback, link-local, multicast or manager address")
    return caps


# --- planning -------------------------------------------------------------------------------------


async def plan(
    kind: ResponseKind,
    arguments: dict[str, Any],
    api: ServerApiBackend,
    policy: ResponseSettings,
    api_url: str | None,
) -> Plan:
    """Validate, resolve the blast radius and build the requests; nothing is sent."""
    cap = policy.max_agents
    args = dict(arguments)
    group: str | None = None
    if kind in ("add_agent_to_group", "remove_agent_from_group"):
        membership = check_group_name(str(args["group"]))
        agents = await _agents_by_id(api, [str(args["agent_id"])], kind, cap)
        await require_group(api, membership)
        return present(kind, {"agent_id": agents[0].id, "group": membership}, agents, None, policy)
    if kind in ("block_ip", "unblock_ip"):
        nodes = await cluster_node_addresses(api)
        own = policy.model_copy(update={"manager_ips": [*policy.manager_ips, *nodes]})
        args["ip"] = check_ip(str(args["ip"]), own, api_url)
    if kind == "run_active_response":
        allowed_command(str(args["command"]), policy)
        args["arguments"] = check_arguments(list(args.get("arguments") or []))
    if args.get("group") is not None:
        if args.get("agent_ids"):
            raise InvalidArgument("Give agent_ids or group, not both.")
        group = check_group_name(str(args["group"]))
        agents = await group_members(api, group, cap)
        if not agents:
            raise InvalidArgument(f"Group '{group}' has no agents.")
        if any(a.id == MANAGER_AGENT for a in agents):
            raise InvalidArgument(f"Group '{group}' holds agent 000 (the manager); name the agents instead.")
    else:
        ids = args.get("agent_ids") or ([args["agent_id"]] if args.get("agent_id") else [])
        agents = await _agents_by_id(api, [str(i) for i in ids], kind, cap)
    return present(kind, args, agents, group, policy)


def present(
    kind: ResponseKind,
    args: dict[str, Any],
    agents: list[AgentTarget],
    group: str | None,
    policy: ResponseSettings,
) -> Plan:
    """Everything a plan shows, from resolved targets and checked arguments (pure: approval calls it
    again on the record and requires the same requests, words, caps and undo)."""
    if kind in ("add_agent_to_group", "remove_agent_from_group"):
        return _membership_plan(kind, args, agents[0], str(args["group"]), policy)
    notes = _reachable(agents)
    requests = build_requests(kind, args, agents, policy)
    who = f"group {group} ({len(agents)} agents)" if group else ", ".join(f"{a.id} {a.name}" for a in agents)
    inverse, summary, lapse = _inverse_and_summary(kind, args, who, policy)
    if lapse:
        notes.append(f"The block lapses on its own {lapse} s after it is applied (the command's ossec.conf timeout).")
    return Plan(kind, args, agents, group, requests, summary, _caps(policy, kind), inverse, lapse, notes)


def _inverse_and_summary(
    kind: ResponseKind, args: dict[str, Any], who: str, policy: ResponseSettings
) -> tuple[Inverse | None, str, int | None]:
    same_targets = {k: args[k] for k in ("agent_ids", "group") if args.get(k) is not None}
    if kind == "restart_agents":
        return None, f"Restart the Wazuh agent on {who}", None
    if kind == "isolate_agent":
        if not policy.release_command:
            raise InvalidArgument(
                "Isolation is configured but releasing is not, so an isolated host could not be brought back.",
                hint="Set responses.release_command in the profile as well.",
            )
        back = Inverse(tool="respond.release_agent", arguments={"agent_id": args["agent_id"]}, summary=f"release {who}")
        return back, f"Isolate {who} from the network ({policy.isolation_command})", None
    if kind == "release_agent":
        again = Inverse(
            tool="respond.isolate_agent", arguments={"agent_id": args["agent_id"]}, summary=f"isolate {who}"
        )
        return again, f"Release {who} from isolation ({policy.release_command})", None
    if kind == "block_ip":
        undo = (
            Inverse(
                tool="respond.unblock_ip", arguments={"ip": args["ip"], **same_targets}, summary=f"unblock {args['ip']}"
            )
            if policy.unblock_command
            else None
        )
        return undo, f"Block {args['ip']} on {who} ({policy.block_command})", policy.block_timeout_s
    if kind == "unblock_ip":
        again = Inverse(
            tool="respond.block_ip", arguments={"ip": args["ip"], **same_targets}, summary=f"block {args['ip']}"
        )
        return again, f"Lift the block of {args['ip']} on {who} ({policy.unblock_command})", None
    command = allowed_command(str(args["command"]), policy)
    shown = " ".join([command, *args.get("arguments", [])])
    return None, f"Run active response '{shown}' on {who}", None


def _membership_plan(
    kind: ResponseKind, args: dict[str, Any], agent: AgentTarget, group: str, policy: ResponseSettings
) -> Plan:
    notes: list[str] = []
    if kind == "add_agent_to_group":
        if group in agent.groups:
            raise InvalidArgument(f"Agent {agent.id} is already in group '{group}'.")
        inverse = Inverse(
            tool="respond.remove_agent_from_group",
            arguments={"agent_id": agent.id, "group": group},
            summary=f"remove {agent.id} from {group}",
        )
        summary = f"Add agent {agent.id} {agent.name} to group '{group}' (it receives that group's configuration)"
    else:
        if group not in agent.groups:
            raise InvalidArgument(
                f"Agent {agent.id} is not in group '{group}' (its groups: {', '.join(agent.groups) or 'none'})."
            )
        inverse = Inverse(
            tool="respond.add_agent_to_group",
            arguments={"agent_id": agent.id, "group": group},
            summary=f"add {agent.id} back to {group}",
        )
        summary = f"Remove agent {agent.id} {agent.name} from group '{group}'"
        if agent.groups == [group]:
            notes.append("It is the agent's only group: Wazuh puts it back in 'default'.")
    args = {"agent_id": agent.id, "group": group}
    requests = build_requests(kind, args, [agent], policy)
    caps = ["one agent, never agent 000", "the group exists (GET /groups)"]
    return Plan(kind, args, [agent], None, requests, summary, caps, inverse, None, notes)


# --- at approval ------------------------------------------------------------------------------


def check_response_record(change: PendingChange, policy: ResponseSettings) -> None:
    """The requests the record holds are the ones its arguments give under the approver's settings."""
    kind = change.kind
    if kind not in RESPONSE_KINDS or change.tool != tool_of(kind):
        raise Conflict(f"Change {change.id} is a {kind} recorded for tool {change.tool}.")
    if len(change.agents) > policy.max_agents:
        raise Conflict(f"Change {change.id} reaches {len(change.agents)} agents; the cap is now {policy.max_agents}.")
    try:
        again = present(kind, change.arguments, change.agents, change.group, policy)
    except InvalidArgument as exc:
        raise Conflict(f"Change {change.id} no longer passes the checks under these settings: {exc.message}") from None
    except (KeyError, TypeError, ValueError, IndexError):  # arguments no tool call could have given
        raise Conflict(
            f"Change {change.id} holds arguments no request could have had; it will not be applied."
        ) from None
    if again.requests != change.requests:
        raise Conflict(
            f"Change {change.id} holds requests its arguments do not give under these settings "
            "(the command or a setting changed since the request, or the record was edited)."
        )
    shown = describe_plan(again.requests, again.agents, again.caps, again.inverse, again.notes)
    if (again.summary, again.target, again.inverse, again.lapse_after_s, shown) != (
        change.summary,
        change.target,
        change.inverse,
        change.lapse_after_s,
        change.diff,
    ):
        raise Conflict(
            f"Change {change.id} does not show what it does (its summary, targets, undo or request listing differ "
            "from what its arguments give under these settings)."
        )


def _difference(before: AgentTarget, after: AgentTarget | None) -> str | None:
    if after is None:
        return f"agent {before.id} ({before.name}) no longer exists"
    changes = [
        f"{name} {getattr(before, name)!r} → {getattr(after, name)!r}"
        for name in ("name", "os", "status", "groups")
        if getattr(before, name) != getattr(after, name)
    ]
    return f"agent {before.id}: {', '.join(changes)}" if changes else None


async def check_targets(api: ServerApiBackend, change: PendingChange, cap: int) -> None:
    """Resolve the targets again; any difference from the request refuses the approval (``Conflict``)."""
    recorded = {a.id: a for a in change.agents}
    differences: list[str] = []
    if change.group:
        try:
            members = {a.id: a for a in await group_members(api, change.group, cap)}
        except (NotFound, InvalidArgument) as exc:
            raise Conflict(f"The targets of {change.id} changed: {exc.message}") from None
        gained = sorted(set(members) - set(recorded))
        differences += [f"group {change.group} gained agent {i} ({members[i].name})" for i in gained]
        now = members
    else:
        now = await resolve_agents(api, list(recorded))
    differences += [d for a in change.agents if (d := _difference(a, now.get(a.id)))]
    if differences:
        raise Conflict(
            f"The targets of {change.id} changed since the request: {'; '.join(differences)}.",
            hint="Nothing was sent. Ask for the action again: a new request shows the current targets.",
        )


@dataclass(frozen=True)
class Sent:
    outcomes: list[Outcome]
    result: str

    @property
    def reached_any(self) -> bool:
        return any(o.affected for o in self.outcomes)


def _outcome(call: ApiCall, body: Any) -> Outcome:
    if not isinstance(body, dict):
        raise UpstreamUnavailable(f"The Server API answer to {call.method} {call.path} is not a Wazuh envelope.")
    data = body.get("data")
    if not isinstance(data, dict):  # DELETE /agents/{id}/group/{g} answers only a message
        agent = call.path.split("/")[2]
        return Outcome(
            request=call.line(), affected=[agent] if body.get("error") == 0 else [], message=body.get("message")
        )
    failed = [
        f"{clean(agent_id, 16)}: {entry.get('error', {}).get('code')} {clean(entry.get('error', {}).get('message', ''), 120)}"
        for entry in data.get("failed_items") or []
        for agent_id in entry.get("id") or []
    ]
    affected = [clean(i, 16) for i in data.get("affected_items") or []]
    return Outcome(request=call.line(), affected=affected, failed=failed, message=clean(body.get("message") or "", 200))


async def send(api: ServerApiBackend, change: PendingChange) -> Sent:
    """Send exactly the recorded requests, in order; each answer's per-agent result is kept."""
    outcomes: list[Outcome] = []
    for call in change.requests:
        content = json.dumps(call.body).encode() if call.body is not None else None
        headers = {"Content-Type": "application/json"} if call.body is not None else None
        body = await api.request(
            call.method, call.path, action=call.action, params=dict(call.params), content=content, headers=headers
        )
        outcomes.append(_outcome(call, body))
    affected = sorted({a for o in outcomes for a in o.affected})
    failed = [f for o in outcomes for f in o.failed]
    result = f"sent to {', '.join(affected) or 'no agent'}"
    if failed:
        result += f"; not sent to {'; '.join(failed)}"
    return Sent(outcomes, result)
