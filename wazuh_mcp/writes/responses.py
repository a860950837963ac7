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
from wazuh_mcp.agent_ids import MAX_GROUPS, is_agent_id, is_group_name
from wazuh_mcp.backends.api_generation import ApiGeneration
from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.backends.server_api_shapes import (
    action_items,
    envelope_data,
    envelope_objects,
    failed_agents,
    not_envelope,
    raise_failed_item,
)
from wazuh_mcp.config.settings import ResponseSettings
from wazuh_mcp.errors import Conflict, InvalidArgument, NotFound, WazuhMCPError
from wazuh_mcp.models.write import AgentTarget, ApiCall, Inverse, Outcome, PendingChange, ResponseKind
from wazuh_mcp.writes.ar_commands import ArCommand, Defined, read_defined, still_defined
from wazuh_mcp.writes.ar_commands import recorded as recorded_command
from wazuh_mcp.writes.generation_checks import check_generation, check_reach, reach_by_version

MANAGER_AGENT = "000"
MAX_ARGUMENTS = 8
_ARGUMENT = re.compile(r"[A-Za-z0-9_.:/@=+,%][A-Za-z0-9_.:/@=+,%-]{0,127}")
"""Active-response arguments reach a script on the agent: no spaces, quotes or shell metacharacters, and
no leading ``-`` (a script would read it as an option)."""
_COMMAND = re.compile(r"!?[A-Za-z0-9_.][A-Za-z0-9_.-]{0,63}")
_AGENT_ID = re.compile(r"[0-9]{3,8}")
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
AR_KINDS = frozenset(_NEVER_MANAGER)
"""The kinds that send ``PUT /active-response``: their command must be one the manager defines."""
_SETTING_HINT = (
    "Give the manager a <command> and an <active-response> block for it and restart the manager "
    "(docs/writes.md shows them), or set responses.{setting} to one of the names it defines."
)


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
            "with an <active-response> block; see docs/writes.md), e.g. [profiles.default.responses] "
            f'{setting} = "…".',
        )
    if not _COMMAND.fullmatch(value):
        raise InvalidArgument(f"responses.{setting} = {value!r} is not an active-response command name.")
    return value


def allowed_command(command: str, policy: ResponseSettings) -> str:
    """The allowlist's spelling of ``command`` (``firewall-drop`` matches ``!firewall-drop``), or a refusal."""
    if not _COMMAND.fullmatch(command):
        raise InvalidArgument(
            f"{command[:70]!r} is not an active-response command name (letters, digits, _ . -, not starting with -; "
            "optional leading !)."
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
                "(allowed: letters, digits and _ . : / @ = + , % -, not starting with -; no spaces, quotes or "
                "shell metacharacters).",
            )
    return list(arguments)


def manager_addresses(
    policy: ResponseSettings, api_url: str | None
) -> set[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    """The manager's own addresses, each in the one form ``canonical_address`` gives (so ``10.0.0.2``
    is found however a request spells it)."""
    addresses = set()
    for text in [*policy.manager_ips, urlsplit(api_url or "").hostname or ""]:
        try:
            addresses.add(canonical_address(text.strip()).checked)
        except InvalidArgument:
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


_ADDRESS_TEXT = re.compile(r"[0-9A-Fa-f:.]{2,45}")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
"""RFC 6052's well-known prefix: the last 32 bits are the IPv4 address behind a NAT64 gateway."""
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")
"""RFC 8215's local-use prefix: where the IPv4 address sits depends on the operator's prefix length."""
_IPV4_TRANSLATED = ipaddress.ip_network("::ffff:0:0:0/96")
"""RFC 2765's IPv4-translated form (``::ffff:0:a.b.c.d``)."""
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")
"""The deprecated IPv4-compatible form (``::a.b.c.d``, RFC 4291 2.5.5.1)."""
_SIX_TO_FOUR = ipaddress.ip_network("2002::/16")
"""RFC 3056's 6to4: bits 16–47 are the IPv4 address of the site's relay (``2002:7f00:1::1`` carries 127.0.0.1)."""
_TEREDO = ipaddress.ip_network("2001::/32")
"""RFC 4380's Teredo: bits 32–63 are the server's IPv4 address, the last 32 bits the client's, each bit flipped."""


@dataclass(frozen=True)
class Address:
    """A request's IP address after normalising: ``token`` is what may reach an active response,
    ``checked`` the address every rule is applied to (the IPv4 address an IPv6 form carries)."""

    token: str
    checked: ipaddress.IPv4Address | ipaddress.IPv6Address
    form: str
    """How it was written, in words, for refusals: "IPv4", "IPv6", "IPv4-mapped IPv6 (::ffff:a.b.c.d)"…"""
    also: tuple[ipaddress.IPv4Address, ...] = ()
    """Further IPv4 addresses the form carries, checked by the same rules (a Teredo address's server)."""

    def named(self, text: str, carried: ipaddress.IPv4Address | ipaddress.IPv6Address | None = None) -> str:
        shown = untrusted.bound(text, 60) or ""
        if self.form in ("IPv4", "IPv6"):
            return f"{shown!r} ({self.form})"
        return f"{shown!r} ({self.form}, carrying {carried or self.checked})"

    @property
    def every_checked(self) -> tuple[ipaddress.IPv4Address | ipaddress.IPv6Address, ...]:
        return (self.checked, *self.also)


def canonical_address(text: str) -> Address:
    """One address, normalised before any check (``ipaddress``): a zone id is refused; IPv4-mapped and
    IPv4-translated forms become the IPv4 address they carry (that is what the agent sees and what
    ``firewall-drop`` must block); NAT64 (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32: client and
    server) stay IPv6 but are checked as the IPv4 addresses they carry; forms whose IPv4 address cannot be told (the local-use NAT64 prefix, IPv4-compatible) are refused.
    Raises ``InvalidArgument`` naming the form refused and why."""
    shown = repr(untrusted.bound(text, 60) or "")
    if "%" in text:
        raise InvalidArgument(
            f"{shown} has an IPv6 zone id (the part after '%'); a zone id names an interface on one host, "
            "not an address to block, and is never passed on.",
            hint="Give the address without '%…', e.g. '2001:db8::1'.",
        )
    if not _ADDRESS_TEXT.fullmatch(text):
        raise InvalidArgument(
            f"{shown} is not an IP address: only hex digits, ':' and '.' (no spaces, brackets, ports or prefixes).",
            hint="Give one IPv4 or IPv6 address, e.g. '203.0.113.7' or '2001:db8::1'.",
        )
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        raise InvalidArgument(
            f"{shown} is not an IP address (IPv4 in dotted decimal without leading zeros, or IPv6).",
            hint="Give one IPv4 or IPv6 address, e.g. '203.0.113.7'.",
        ) from None
    if isinstance(address, ipaddress.IPv4Address):
        return Address(str(address), address, "IPv4")
    if address.ipv4_mapped is not None:
        return Address(str(address.ipv4_mapped), address.ipv4_mapped, "IPv4-mapped IPv6 (::ffff:a.b.c.d)")
    if address in _IPV4_TRANSLATED:
        carried = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        return Address(str(carried), carried, "IPv4-translated IPv6 (::ffff:0:a.b.c.d)")
    if address in _NAT64:
        return Address(str(address), ipaddress.IPv4Address(int(address) & 0xFFFFFFFF), "NAT64 IPv6 (64:ff9b::/96)")
    if address in _NAT64_LOCAL:
        raise InvalidArgument(
            f"{shown} is in the local-use NAT64 prefix 64:ff9b:1::/48, where the IPv4 address it carries depends "
            "on the operator's prefix length and cannot be checked; refused.",
            hint="Block the IPv4 address itself.",
        )
    if address in _SIX_TO_FOUR:  # stays IPv6 (what the agent sees), checked as its relay's IPv4 address
        relay = ipaddress.IPv4Address((int(address) >> 80) & 0xFFFFFFFF)
        return Address(str(address), relay, "6to4 IPv6 (2002::/16)")
    if address in _TEREDO:  # stays IPv6, checked as the client's IPv4 address and the server's
        client = ipaddress.IPv4Address((int(address) & 0xFFFFFFFF) ^ 0xFFFFFFFF)
        server = ipaddress.IPv4Address((int(address) >> 64) & 0xFFFFFFFF)
        return Address(str(address), client, "Teredo IPv6 (2001::/32)", also=(server,))
    if address in _IPV4_COMPATIBLE and int(address) > 1:
        raise InvalidArgument(
            f"{shown} is a deprecated IPv4-compatible IPv6 address (::a.b.c.d); refused.",
            hint="Block the IPv4 address itself.",
        )
    return Address(str(address), address, "IPv6")


def check_ip(text: str, policy: ResponseSettings, api_url: str | None) -> str:
    """The canonical token for ``text`` after every rule, or a refusal naming the form and the rule."""
    found = canonical_address(text)
    managers = manager_addresses(policy, api_url)
    for checked in found.every_checked:
        why = _never_blocked(checked)
        if why:
            raise InvalidArgument(f"{found.named(text, checked)} is {why} address; never blocked.")
        if checked in managers:
            raise InvalidArgument(
                f"{found.named(text, checked)} is an address of the Wazuh manager; blocking it would cut the agents "
                "off from it."
            )
    return found.token


def _never_blocked(checked: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    if checked.is_loopback:
        return "a loopback"
    if checked.is_unspecified:
        return "the unspecified"
    if checked.is_multicast:
        return "a multicast"
    if checked.is_link_local:
        return "a link-local"
    if checked == ipaddress.IPv4Address("255.255.255.255"):
        return "a broadcast"
    return None


def canonical_ip_token(value: Any) -> str:
    """A recorded address must already be its own canonical token (approval rebuilds requests from it)."""
    text = str(value)
    if canonical_address(text).token != text:
        raise InvalidArgument(f"{untrusted.bound(text, 60)!r} is not in canonical form.")
    return text


def check_group_name(group: str) -> str:
    if not is_group_name(group):
        raise InvalidArgument(
            f"{group[:60]!r} is not a Wazuh group name (letters, digits, _ . -, not starting with -)."
        )
    return group


# --- what Wazuh says now ---------------------------------------------------------------------------


def _target(item: dict[str, Any], where: str) -> AgentTarget:
    """One agent as ``GET /agents`` lists it (an object with an id: ``envelope_objects``); a part of another
    shape reads as absent, never as an exception. Its id goes into request paths (``/agents/{id}/config/…``,
    the change's requests): one that is not a Wazuh agent id refuses the answer (``UpstreamUnavailable``)."""
    if not is_agent_id(item["id"]):
        raise not_envelope(
            where, f"an agent's id {untrusted.shown(str(item['id']), limit=40)!r} is not a Wazuh agent id"
        )
    found = item.get("os")
    os_info: dict[str, Any] = found if isinstance(found, dict) else {}
    return AgentTarget(
        id=clean(item["id"], 16),
        name=clean(item.get("name", ""), 128),
        os=clean(os_info.get("name") or os_info.get("platform") or "", 64) or None,
        status=clean(item.get("status", "unknown"), 32),
        groups=_groups(item.get("group")),
    )


def _groups(found: Any) -> list[str]:
    """An agent's groups as the change lists them: each bounded, and at most ``MAX_GROUPS`` (Wazuh's own limit
    per agent, as ``list_agents`` keeps), then one entry saying how many more the answer named."""
    groups = found if isinstance(found, list) else [found] if found else []
    kept = [clean(g, 128) for g in groups[:MAX_GROUPS]]
    if len(groups) > MAX_GROUPS:
        kept.append(f"{untrusted.ELLIPSIS} {len(groups) - MAX_GROUPS} more left out")
    return kept


async def resolve_agents(api: ServerApiBackend, ids: list[str]) -> dict[str, AgentTarget]:
    """The agents of ``ids`` that exist now (unknown ids are absent)."""
    body = await api.request(
        "GET", "/agents", action="agent:read", params={"agents_list": ",".join(ids), "select": _SELECT, "limit": 500}
    )
    data = envelope_data(body, "/agents")
    for entry in data.get("failed_items") or []:
        if (entry.get("error") or {}).get("code") != 1701:
            raise_failed_item(entry)
    items = envelope_objects(data.get("affected_items") or [], "GET /agents", needs=("id",))
    return {target.id: target for target in (_target(item, "GET /agents") for item in items)}


async def agent_versions(api: ServerApiBackend, ids: list[str]) -> dict[str, str | None]:
    """Agent id → the Wazuh version it reports (None: never connected), for the agents of ``ids`` that exist."""
    body = await api.request(
        "GET", "/agents", action="agent:read", params={"agents_list": ",".join(ids), "select": "version", "limit": 500}
    )
    items = envelope_objects(envelope_data(body, "/agents").get("affected_items") or [], "GET /agents")
    return {
        str(item.get("id")): clean(item["version"], 64) if item.get("version") else None
        for item in items
        if isinstance(item, dict)
    }


async def group_members(api: ServerApiBackend, group: str, cap: int) -> list[AgentTarget]:
    """The agents of ``group`` (which must exist), refusing a group larger than ``cap``."""
    await require_group(api, group)
    body = await api.request(
        "GET", f"/groups/{group}/agents", action="agent:read", params={"select": _SELECT, "limit": cap + 1}
    )
    data = envelope_data(body, f"/groups/{group}/agents")
    listed = data.get("affected_items") or []
    # what the answer lists counts too: a total that says fewer than it lists never lets a change past the cap
    total = max(int(data.get("total_affected_items") or 0), len(listed))
    if total > cap:
        raise InvalidArgument(
            f"Group '{group}' has {total} agents; a change may reach at most {cap} (responses.max_agents).",
            hint="Name the agents (agent_ids) instead, in changes of at most the cap.",
        )
    where = f"GET /groups/{group}/agents"
    return [_target(item, where) for item in envelope_objects(listed, where, needs=("id",))]


async def require_group(api: ServerApiBackend, group: str) -> None:
    body = await api.request("GET", "/groups", action="group:read", params={"groups_list": group, "select": "name"})
    if not envelope_data(body, "/groups").get("affected_items"):
        listing = await api.request("GET", "/groups", action="group:read", params={"select": "name", "limit": 50})
        groups = envelope_objects(envelope_data(listing, "/groups").get("affected_items") or [], "GET /groups")
        names = ", ".join(clean(i.get("name"), 128) for i in groups)
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


_SETTINGS: dict[str, tuple[str, str]] = {
    "isolate_agent": ("isolation", "isolation_command"),
    "release_agent": ("releasing an isolation", "release_command"),
    "block_ip": ("blocking", "block_command"),
    "unblock_ip": ("lifting a block early", "unblock_command"),
}


def setting_command(kind: str, policy: ResponseSettings, defined: Defined) -> ArCommand:
    """The command a setting names (``isolation_command`` …), as the manager defines it, or a refusal."""
    what, setting = _SETTINGS[kind]
    configured = _configured(what, getattr(policy, setting), setting)
    timeout = policy.block_timeout_s if kind == "block_ip" else None
    return defined.resolve(
        configured, where=f"responses.{setting}", hint=_SETTING_HINT.format(setting=setting), timeout=timeout
    )


def configured_commands(policy: ResponseSettings, defined: Defined) -> tuple[list[str], list[str]]:
    """Every command the settings name, checked as a request checks it (the connection test): what
    each is sent as, and what is wrong with the others, in words."""
    sent: list[str] = []
    problems: list[str] = []
    checks: list[tuple[str, Any]] = [
        (f"responses.{setting}", lambda k=kind: setting_command(k, policy, defined))
        for kind, (_, setting) in _SETTINGS.items()
        if getattr(policy, setting)
    ]
    checks += [
        (
            f"responses.allowed_commands '{entry}'",
            lambda e=entry: defined.resolve(e, where="responses.allowed_commands", hint=""),
        )
        for entry in policy.allowed_commands
    ]
    for where, check in checks:
        try:
            sent.append(f"{where} → {check().name}")
        except InvalidArgument as exc:
            problems.append(exc.message)
    return sent, problems


def command_of(kind: ResponseKind, arguments: dict[str, Any], policy: ResponseSettings, defined: Defined) -> ArCommand:
    """The active-response command a plan of ``kind`` sends, spelled as the manager's ar.conf spells it."""
    if kind == "run_active_response":
        entry = allowed_command(str(arguments["command"]), policy)
        return defined.resolve(
            entry,
            where="responses.allowed_commands",
            hint="A person gives the manager a <command> and an <active-response> block for it (docs/writes.md); "
            "the model cannot.",
        )
    return setting_command(kind, policy, defined)


def build_requests(
    kind: ResponseKind,
    arguments: dict[str, Any],
    agents: list[AgentTarget],
    policy: ResponseSettings,
    defined: Defined | None = None,
) -> list[ApiCall]:
    """The exact requests for a plan (pure: the same inputs always give the same requests). An active
    response needs ``defined``, what the manager defines (``ar_commands``)."""
    ids = [a.id for a in agents]
    if not ids or MANAGER_AGENT in ids or not all(_AGENT_ID.fullmatch(i) for i in ids):
        raise InvalidArgument("A response request must name its agents by id (digits), and never agent 000.")
    if kind == "restart_agents":
        # Wazuh 5.0's PUT /agents/{id}/reload and /agents/reload (agent:reload) beside 4.x's and 5.0's restart
        verb, action = ("reload", "agent:reload") if arguments.get("reload") else ("restart", "agent:restart")
        if len(ids) == 1:
            return [ApiCall(method="PUT", path=f"/agents/{ids[0]}/{verb}", action=action)]
        return [ApiCall(method="PUT", path=f"/agents/{verb}", action=action, params={"agents_list": ",".join(ids)})]
    if kind in AR_KINDS:
        if defined is None:
            raise InvalidArgument("An active response is planned only with what the manager defines.")
        command = command_of(kind, arguments, policy, defined).name
        if kind in ("block_ip", "unblock_ip"):
            return [_ar_call(ids, command, [], canonical_ip_token(arguments["ip"]))]
        extra = check_arguments(list(arguments.get("arguments") or [])) if kind == "run_active_response" else []
        return [_ar_call(ids, command, extra, None)]
    group = check_group_name(str(arguments["group"]))
    path = f"/agents/{ids[0]}/group/{group}"
    if kind == "add_agent_to_group":
        return [ApiCall(method="PUT", path=path, action="agent:modify_group")]
    return [ApiCall(method="DELETE", path=path, action="agent:modify_group")]


def _caps(policy: ResponseSettings, kind: ResponseKind, command: ArCommand | None = None) -> list[str]:
    caps = [f"at most {policy.max_agents} agents per change (responses.max_agents)", "agents listed by id, never 'all'"]
    if kind in _NEVER_MANAGER:
        caps.append("never agent 000 (the manager)")
    if kind == "run_active_response":
        caps.append("command on the allowlist (responses.allowed_commands)")
    if command is not None and not command.script:
        caps.append(f"command {command.name} defined by the manager (its ar.conf)")
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
    where: ApiGeneration,
) -> Plan:
    """Validate, resolve the blast radius and build the requests; nothing is sent. ``where`` is the
    manager's generation: what it cannot take is refused first (``generation_checks``)."""
    check_generation(kind, where, reload=bool(arguments.get("reload")))
    cap = policy.max_agents
    args = dict(arguments)
    if not args.get("reload"):
        args.pop("reload", None)  # a restart's record stays as it was before reload existed
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
    defined = await _defined_for(kind, args, api, policy)
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
    if reach_by_version(kind, where):  # 5.x: who a restart reaches is not who 4.x reaches
        check_reach(agents, await agent_versions(api, [a.id for a in agents]))
    if defined is not None:
        await _some_agent_runs_active_responses(api, agents)
    return present(kind, args, agents, group, policy, defined)


async def _some_agent_runs_active_responses(api: ServerApiBackend, agents: list[AgentTarget]) -> None:
    """Refuse an active response that every connected target would refuse with 1750 (its own
    ossec.conf says ``<active-response><disabled>yes``): read from each agent's ``com/active-response``
    section until one runs them (usually the first). An answer that cannot be read refuses nothing."""
    disabled: list[str] = []
    for agent in (a for a in agents if a.status == "active"):
        try:
            body = await api.request("GET", f"/agents/{agent.id}/config/com/active-response", action="agent:read")
            section = (body.get("data") or {}).get("active-response") or {} if isinstance(body, dict) else {}
        except WazuhMCPError:
            return
        if not isinstance(section, dict) or section.get("disabled") != "yes":
            return
        disabled.append(f"{agent.id} {agent.name}")
    if disabled:
        raise InvalidArgument(
            f"Active response is disabled on every connected target ({', '.join(disabled)}): its own ossec.conf "
            "says <active-response><disabled>yes</disabled>, so Wazuh would answer 1750 and send nothing.",
            hint="Enable active response in the agent's ossec.conf (or its group's agent.conf), or target other agents.",
        )


async def _defined_for(
    kind: ResponseKind, args: dict[str, Any], api: ServerApiBackend, policy: ResponseSettings
) -> Defined | None:
    """What the manager defines, read at the request, when ``kind`` sends an active response: its
    command, and the command of its undo (an isolation nobody could release is refused), must be
    among them, or the request is refused now rather than answered 1652 after a person approved it."""
    if kind not in AR_KINDS:
        return None
    if kind in _SETTINGS:
        what, setting = _SETTINGS[kind]
        _configured(what, getattr(policy, setting), setting)  # unconfigured: say so before asking the manager
    if kind == "isolate_agent" and not policy.release_command:
        _no_release()
    defined = await read_defined(api)
    command_of(kind, args, policy, defined)
    undo = {"isolate_agent": "release_agent", "release_agent": "isolate_agent", "block_ip": "unblock_ip"}.get(kind)
    if undo == "unblock_ip" and not policy.unblock_command:
        undo = None  # a block without an early lift lapses by its timeout
    if undo:
        setting_command(undo, policy, defined)
    if kind == "unblock_ip":
        setting_command("block_ip", policy, defined)
    return defined


def _no_release() -> None:
    raise InvalidArgument(
        "Isolation is configured but releasing is not, so an isolated host could not be brought back.",
        hint="Set responses.release_command in the profile as well.",
    )


def present(
    kind: ResponseKind,
    args: dict[str, Any],
    agents: list[AgentTarget],
    group: str | None,
    policy: ResponseSettings,
    defined: Defined | None = None,
) -> Plan:
    """Everything a plan shows, from resolved targets, checked arguments and, for an active response,
    what the manager defines (pure: approval calls it again on the record and requires the same
    requests, words, caps and undo)."""
    if kind in ("add_agent_to_group", "remove_agent_from_group"):
        return _membership_plan(kind, args, agents[0], str(args["group"]), policy)
    notes = _reachable(agents)
    requests = build_requests(kind, args, agents, policy, defined)
    command = command_of(kind, args, policy, defined) if kind in AR_KINDS and defined is not None else None
    who = f"group {group} ({len(agents)} agents)" if group else ", ".join(f"{a.id} {a.name}" for a in agents)
    inverse, summary = _inverse_and_summary(kind, args, who, policy, command)
    lapse = command.lapse_s if command else None
    if lapse:
        notes.append(
            f"The agent undoes it by itself {lapse} s after it is applied (the <timeout> of the manager's "
            f"<active-response> block for {command.command if command else ''})."
        )
    if command is not None and command.script:
        notes.append(
            f"'{command.name}' runs active-response/bin/{command.command} on the agent with no timeout: Wazuh does "
            "not check that the script exists there, and nothing lapses by itself."
        )
    return Plan(kind, args, agents, group, requests, summary, _caps(policy, kind, command), inverse, lapse, notes)


def _inverse_and_summary(
    kind: ResponseKind, args: dict[str, Any], who: str, policy: ResponseSettings, command: ArCommand | None
) -> tuple[Inverse | None, str]:
    same_targets = {k: args[k] for k in ("agent_ids", "group") if args.get(k) is not None}
    sent = command.name if command else ""
    if kind == "restart_agents":
        if args.get("reload"):
            return None, f"Reload the Wazuh agent on {who} (its configuration, without a restart)"
        return None, f"Restart the Wazuh agent on {who}"
    if kind == "isolate_agent":
        if not policy.release_command:
            _no_release()
        back = Inverse(tool="respond.release_agent", arguments={"agent_id": args["agent_id"]}, summary=f"release {who}")
        return back, f"Isolate {who} from the network ({sent})"
    if kind == "release_agent":
        again = Inverse(
            tool="respond.isolate_agent", arguments={"agent_id": args["agent_id"]}, summary=f"isolate {who}"
        )
        return again, f"Release {who} from isolation ({sent})"
    if kind == "block_ip":
        undo = (
            Inverse(
                tool="respond.unblock_ip", arguments={"ip": args["ip"], **same_targets}, summary=f"unblock {args['ip']}"
            )
            if policy.unblock_command
            else None
        )
        return undo, f"Block {args['ip']} on {who} ({sent})"
    if kind == "unblock_ip":
        again = Inverse(
            tool="respond.block_ip", arguments={"ip": args["ip"], **same_targets}, summary=f"block {args['ip']}"
        )
        return again, f"Lift the block of {args['ip']} on {who} ({sent})"
    shown = " ".join([sent, *args.get("arguments", [])])
    return None, f"Run active response '{shown}' on {who}"


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
        if kind in ("block_ip", "unblock_ip"):
            check_ip(str(change.arguments.get("ip")), policy, change.requested_by.api_url)
        again = present(kind, change.arguments, change.agents, change.group, policy, _recorded_defined(change))
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


def _ar_names(change: PendingChange) -> list[str]:
    return [
        str(call.body.get("command"))
        for call in change.requests
        if call.path == "/active-response" and isinstance(call.body, dict)
    ]


def _recorded_defined(change: PendingChange) -> Defined | None:
    """The command the record sends, taken as defined: the checks at approval rebuild the requests with
    it (a setting that no longer names it refuses the approval); ``check_targets`` asks the manager."""
    if change.kind not in AR_KINDS:
        return None
    names = _ar_names(change)
    if len(names) != 1:
        raise Conflict(f"Change {change.id} holds {len(names)} active-response requests; a plan sends exactly one.")
    return recorded_command(names[0], change.lapse_after_s)


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
    gone = await still_defined(api, _ar_names(change)) if change.kind in AR_KINDS else []
    if gone:
        raise Conflict(
            f"The command of {change.id} changed since the request: {'; '.join(gone)}.",
            hint="Nothing was sent. Ask for the action again once the manager defines the command.",
        )


@dataclass(frozen=True)
class Sent:
    outcomes: list[Outcome]
    result: str

    @property
    def reached_any(self) -> bool:
        return any(o.affected for o in self.outcomes)


_GROUP_REMOVAL = re.compile(r"/agents/(\d{3,})/group/[^/]+")
_ONE_AGENT = re.compile(r"/agents/(\d{3,})/[a-z]+(?:/[^/]+)?")


def _asked(call: ApiCall) -> set[str]:
    """The agents a recorded request names: its ``agents_list``, or the one agent of its path."""
    listed = call.params.get("agents_list")
    if isinstance(listed, str):
        return set(listed.split(","))
    one = _ONE_AGENT.fullmatch(call.path)
    return {one.group(1)} if one else set()


def _check_accounted(call: ApiCall, where: str, affected: list[str], failed: list[dict[str, Any]]) -> None:
    """A real 4.14.7 answers an action on agents with each agent of the request once, in ``affected_items`` or
    ``failed_items`` (the oracle's api-099/101/113/114/118/119, t4-ex-035/041/043/047); it leaves out only
    agent 000 (api-120), which no plan sends. An answer naming an agent the request did not name, naming one
    twice (reached and failed, say), or leaving one out says nothing true about the agents asked: refused
    (``UpstreamUnavailable``), so the change is neither "applied" on its word nor "sent to no agent"."""
    asked = _asked(call)
    failed_ids = [i for entry in failed for i in entry.get("id") or []]
    strangers = [i for i in [*affected, *failed_ids] if not isinstance(i, str) or i not in asked]
    if strangers:
        said = untrusted.shown(str(strangers[0]), limit=40)
        raise not_envelope(where, f"it names agent {said!r}, which the request did not name")
    named = [*affected, *failed_ids]
    if len(set(named)) != len(named):  # once each: a list of one id repeated is not read line by line
        again = min(i for i in set(named) if named.count(i) > 1)
        raise not_envelope(where, f"it names agent {again} more than once (reached, or not, or both)")
    left_out = asked - set(affected) - set(failed_ids)
    if left_out:
        raise not_envelope(where, f"it says nothing about agent {', '.join(sorted(left_out))}")


def _outcome(call: ApiCall, body: Any) -> Outcome:
    """Which agents Wazuh says the request reached. An answer of another shape (no ``data``, no item lists,
    an empty object) says nothing about that: ``UpstreamUnavailable``, which the applier words as sent with
    its outcome unknown (``approvals._after_the_send``), never "sent to no agent"."""
    where = f"{call.method} {call.path}"
    removal = _GROUP_REMOVAL.fullmatch(call.path) if call.method == "DELETE" else None
    if removal and isinstance(body, dict) and "data" not in body:
        # DELETE /agents/{id}/group/{g} answers only a message and error 0 (the oracle's api-105); its failures
        # are HTTP 4xx. Anything else without data (``{}``, another error) is not that answer.
        error, message = body.get("error"), body.get("message")
        if type(error) is not int or error != 0 or not isinstance(message, str):
            raise not_envelope(where, "it has no 'data', and is not the message and error 0 a removal answers")
        # Wazuh's words, kept in the record and the audit: cleaned and bounded like every other answer's
        return Outcome(request=call.line(), affected=[removal.group(1)], message=clean(message, 200) or None)
    affected_items, failed_items = action_items(body, where)
    _check_accounted(call, where, affected_items, failed_items)
    failed = [clean(line, 200) for line in failed_agents(failed_items)]
    affected = [clean(i, 16) for i in affected_items]
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
