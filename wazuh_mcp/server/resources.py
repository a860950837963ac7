"""Resources: three URI templates a client can attach as context. ``resources/list`` stays empty —
rules, techniques and agents are too many to enumerate.

    wazuh://rules/{id}              a rule from GET /rules (definition, groups, compliance)   ttl 300 s
                                    (Wazuh 5.x has no /rules: refused in words naming where its rules are)
    wazuh://mitre/technique/{id}    an ATT&CK technique from Wazuh's bundled dataset           ttl 86400 s
    wazuh://agents/{id}/config      the agent, its active configuration and its groups' agent.conf  ttl 300 s

The demo (``serve --demo``) adds one static resource, listed by ``resources/list``:

    wazuh://demo/load               how far the demo's data load got (phase, alerts loaded of total)

Each read is JSON with ``_meta.ttl_seconds`` (also on the template), and is served from an
in-process cache for that long. Only successful reads are cached: a rule approved a moment ago
must show up on the next read, so "not found" is never remembered. An id that cannot exist is
"not found" too. Reads are audited (``resource.*``). A role reads a resource only if it may call a tool
that reads the same data (``READERS``: the agent tools for an agent's configuration, the rule tools for
a rule, the MITRE tools for a technique) — the caller's role in team mode, this process's otherwise,
checked before the cache — except ``wazuh://demo/load``, which reads nothing from Wazuh (only this process's loader) and is polled
by the launcher while the demo loads: auditing each poll would bury the calls in the audit view.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError

from wazuh_mcp.agent_ids import is_group_name
from wazuh_mcp.backends.protocols import LoadProgress
from wazuh_mcp.errors import (
    ConfigurationError,
    ErrorCode,
    Forbidden,
    NotFound,
    UpstreamUnavailable,
    WazuhMCPError,
)
from wazuh_mcp.runtime.audit import now_iso
from wazuh_mcp.runtime.context import AppContext, deps
from wazuh_mcp.untrusted import bound_tree, shown

RULE_TTL = 300
TECHNIQUE_TTL = 86_400
AGENT_CONFIG_TTL = 300
MAX_CACHED = 512
AGENT_CONFIG_SECTIONS = (("agent", "client"), ("syscheck", "syscheck"), ("logcollector", "localfile"))
"""``GET /agents/{id}/config/{component}/{configuration}`` sections in the snapshot: how the agent
connects, what file integrity monitoring watches, and which logs it collects. Only a connected
agent can report them; the shared ``agent.conf`` of its groups (``GET /groups/{id}/configuration``)
is what the manager pushes to it either way."""
MAX_GROUPS = 5
"""Groups of the agent whose shared ``agent.conf`` is read (only names ``agent_ids.is_group_name`` accepts)."""
QUOTED_TEXT = 400
QUOTED_ITEMS = 50
QUOTED_DEPTH = 8
"""A Wazuh answer a resource quotes whole (a rule, an agent's configuration): each string at most
``QUOTED_TEXT`` characters, each list or object at most ``QUOTED_ITEMS`` entries, ``QUOTED_DEPTH`` levels."""

_RULE_ID = re.compile(r"[0-9]{1,7}")
READERS: dict[str, tuple[str, ...]] = {
    "rules": ("write.create_rule", "write.update_rule", "alerts.summarize_alerts"),
    "mitre_technique": ("mitre.get_mitre_technique", "mitre.search_mitre"),
    "agent_config": ("agents.get_agent",),
}
"""Resource kind → the tools that read the same data from Wazuh (GET /rules, the MITRE dataset,
GET /agents): a role allowed one of them may read the resource."""

Loader = Callable[[Context[Any, Any], str], Awaitable[Any]]


def _json(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, default=str)


async def read_cached(ctx: Context[Any, Any], kind: str, uri: str, ttl: int, load: Callable[[], Awaitable[Any]]) -> str:
    """The JSON text for ``uri``: from the cache while fresh, else loaded (and cached if found)."""
    app = deps(ctx)
    started, ts = time.perf_counter(), now_iso()
    cache = app.resource_cache
    hit = cache.get(uri)
    cached = bool(hit and hit[0] > time.monotonic())
    code: ErrorCode | None = "internal"  # until proven otherwise: a bug is recorded too
    error: WazuhMCPError | None = None
    with app.auditor.tracking() as used:
        try:
            app.auditor.ready()  # fail closed: no read reaches Wazuh (or the cache) that could not be audited
            _require_reader(app, kind)  # before the cache: a cached read is still a read
            if hit and cached:
                code = None
                return hit[1]
            text = _json(await load())
            if len(cache) >= MAX_CACHED:
                cache.pop(min(cache, key=lambda k: cache[k][0]))
            cache[uri] = (time.monotonic() + ttl, text)
            code = None
            return text
        except WazuhMCPError as exc:
            error, code = exc, exc.code
            if isinstance(exc, NotFound):
                raise ResourceNotFoundError(exc.render()) from exc
            raise ResourceError(exc.render()) from exc
        except anyio.get_cancelled_exc_class():
            code = "cancelled"
            raise
        finally:
            app.auditor.record(
                f"resource.{kind}",
                "resource",
                args={"uri": uri, "cached": cached},
                ts=ts,
                started=started,
                used=used,
                error_code=code,
                error=str(error) if error else ("read crashed; see server log" if code == "internal" else None),
            )


def _require_reader(app: AppContext, kind: str) -> None:
    """Refuse unless the caller's role may call a tool that reads what resource ``kind`` shows."""
    from wazuh_mcp.runtime.caller import CALLER
    from wazuh_mcp.runtime.registry import role_allows

    caller = CALLER.get()  # team mode: the verified analyst's role, not the process's
    role = caller.role if caller else app.settings.role
    patterns = app.settings.role_tool_allowlist.get(role or "")
    if patterns is None:
        raise Forbidden(
            f"Role '{role}' is not defined, so it may read nothing.",
            hint="Set WAZUH_MCP_ROLE or role in the settings file.",
        )
    readers = READERS[kind]
    if not any(role_allows(patterns, tool) for tool in readers):
        raise Forbidden(
            f"Role '{role}' may not read this resource: it is allowed none of the tools that read the same "
            f"data ({', '.join(readers)}).",
            hint="A role that may call one of those tools reads it (role_tool_allowlist).",
        )


def quoted(value: Any) -> Any:
    """``value`` (JSON from Wazuh) as a resource quotes it: a rule file, a host's configuration or a record
    wrote its text, so every key and string is cleaned and cut and every list and object shortened, with how
    much was left out said in place (``untrusted.bound_tree``)."""
    return bound_tree(value, text=QUOTED_TEXT, items=QUOTED_ITEMS, depth=QUOTED_DEPTH)


def _not_found(what: str, value: str, hint: str) -> NotFound:
    return NotFound(f"There is no {what} '{value}'.", hint=hint)


async def load_rule(ctx: Context[Any, Any], rule_id: str) -> dict[str, Any]:
    # The loaders import their tools on first read: `serve` answers `initialize` without the tool modules.
    from wazuh_mcp.writes.rule_files import fetch_rule

    if not _RULE_ID.fullmatch(rule_id):
        raise _not_found("rule", rule_id, "Rule ids are numbers, e.g. wazuh://rules/5716.")
    where = await deps(ctx).api_generation()
    if where.v5:  # 5.0 has no /rules: said in words rather than as the 404 of a route that is gone
        raise ConfigurationError(
            f"The Server API is Wazuh {where.version}, which has no /rules: Wazuh 5.x rules are Sigma-style YAML "
            "in the Indexer's Content Manager (standard, draft, test and custom spaces), with ids the system assigns "
            "(UUIDs): the numeric ids of 4.x have no one-to-one successor.",
            hint="Read a 5.x rule in the Wazuh dashboard, or by searching the Indexer's wazuh-threatintel-rules "
            "index; a finding names its rule in wazuh.rule.id and wazuh.rule.title.",
        )
    rule = await fetch_rule(deps(ctx).server_api(), int(rule_id))
    if rule is None:
        raise _not_found("rule", rule_id, "Check the id; custom rules are 100000-120000.")
    shown: dict[str, Any] = quoted({k: v for k, v in rule.items() if v not in ([], {}, None, "")})
    return shown  # a rule file wrote it: cleaned and bounded like any other answer


async def load_technique(ctx: Context[Any, Any], technique_id: str) -> dict[str, Any]:
    from wazuh_mcp.tools.mitre import TECHNIQUE_ID_PATTERN, fetch_technique

    if not re.fullmatch(TECHNIQUE_ID_PATTERN, technique_id):
        raise _not_found("MITRE technique", technique_id, "Ids look like T1110 or T1110.001.")
    return (await fetch_technique(ctx, technique_id)).model_dump(mode="json")


async def load_agent_config(ctx: Context[Any, Any], agent_id: str) -> dict[str, Any]:
    from wazuh_mcp.agent_ids import agent_id as parse_agent_id
    from wazuh_mcp.tools.agents import fetch_agent

    try:
        normalised = parse_agent_id(agent_id)
    except ValueError:
        raise _not_found("agent", agent_id, "Agent ids are numbers, e.g. wazuh://agents/001/config.") from None
    agent = await fetch_agent(ctx, normalised)
    if agent.id != normalised:  # the path below is built from the id asked for, checked: never the answer's text
        raise UpstreamUnavailable(
            f"The Server API answered for agent {normalised} with agent {shown(agent.id, limit=40)!r}; "
            "its configuration is not read."
        )
    api = deps(ctx).server_api()
    sections: dict[str, Any] = {}
    where = await deps(ctx).api_generation()
    if where.v5:  # 5.0 dropped /agents/{id}/config/*: said once, not as three 404s
        sections["unavailable"] = (
            f"The Server API is Wazuh {where.version}, which has no per-agent active configuration "
            "(GET /agents/{agent_id}/config/… is gone in 5.0): the group configuration below is what the manager "
            "pushes to the agent; its local ossec.conf is read on the host."
        )
    for component, configuration in () if where.v5 else AGENT_CONFIG_SECTIONS:
        key = f"{component}/{configuration}"
        try:
            body = await api.request(
                "GET", f"/agents/{normalised}/config/{component}/{configuration}", action="agent:read"
            )
            sections[key] = quoted(body.get("data", body))  # the agent reports its own configuration
        except WazuhMCPError as exc:  # a disconnected agent cannot report its active config
            sections[key] = {"unavailable": exc.render()}
    shared: dict[str, Any] = {}
    for group in agent.groups[:MAX_GROUPS]:
        if not is_group_name(group):  # the agent's record names it: never a path of our own making
            shared[group] = {"unavailable": "not a name Wazuh gives a group; not asked for"}
            continue
        try:
            page = await api.page(f"/groups/{group}/configuration", action="group:read", params={"limit": 20})
            shared[group] = quoted(page.items)
        except WazuhMCPError as exc:
            shared[group] = {"unavailable": exc.render()}
    return {
        "agent": agent.model_dump(mode="json", exclude_none=True),
        "active_configuration": sections,
        "group_configuration": shared,
    }


def register_resources(server: MCPServer[Any]) -> None:
    """Add the three templates to ``server`` (called by ``build_server``)."""

    @server.resource(
        "wazuh://rules/{id}",
        name="rule",
        title="Wazuh rule",
        mime_type="application/json",
        meta={"ttl_seconds": RULE_TTL},
        description="One Wazuh detection rule from GET /rules: level, description, groups, the "
        "file it lives in, its definition (details), compliance tags and MITRE ids.",
    )
    async def rule(id: str, ctx: Context[Any, Any]) -> str:
        return await read_cached(ctx, "rules", f"wazuh://rules/{id}", RULE_TTL, lambda: load_rule(ctx, id))

    @server.resource(
        "wazuh://mitre/technique/{id}",
        name="mitre_technique",
        title="MITRE ATT&CK technique",
        mime_type="application/json",
        meta={"ttl_seconds": TECHNIQUE_TTL},
        description="One ATT&CK technique (T1110 or T1110.001) from Wazuh's bundled dataset: name, "
        "tactics, description excerpt, platforms.",
    )
    async def technique(id: str, ctx: Context[Any, Any]) -> str:
        return await read_cached(
            ctx, "mitre_technique", f"wazuh://mitre/technique/{id}", TECHNIQUE_TTL, lambda: load_technique(ctx, id)
        )

    @server.resource(
        "wazuh://agents/{id}/config",
        name="agent_config",
        title="Agent configuration",
        mime_type="application/json",
        meta={"ttl_seconds": AGENT_CONFIG_TTL},
        description="An agent, its active configuration (client connection, file integrity "
        "monitoring, log collection; connected agents only) and the shared agent.conf "
        "blocks of its groups.",
    )
    async def agent_config(id: str, ctx: Context[Any, Any]) -> str:
        return await read_cached(
            ctx, "agent_config", f"wazuh://agents/{id}/config", AGENT_CONFIG_TTL, lambda: load_agent_config(ctx, id)
        )


DEMO_LOAD_URI = "wazuh://demo/load"


def register_demo_resources(server: MCPServer[Any], current: Callable[[], LoadProgress | None]) -> None:
    """Add ``wazuh://demo/load`` (called by ``build_server`` for the demo only). The SDK gives a static
    resource no Context, so ``current`` reaches the running session's loader."""

    @server.resource(
        DEMO_LOAD_URI,
        name="demo_load",
        title="Demo data load",
        mime_type="application/json",
        description="How far the demo's embedded data load got: phase (starting, recent = the last 24 "
        "hours are searchable, vulnerabilities, all), alerts_loaded of alerts_total, complete, failed. "
        "Until complete, answers reaching further back than 24 hours are partial.",
    )
    async def demo_load() -> str:
        load = current()
        if load is None:
            raise ResourceNotFoundError("This server loads no demo data.")
        return _json(load.snapshot())
