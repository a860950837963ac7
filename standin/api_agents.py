"""Agents and groups: ``/agents``, its summaries and views, ``/groups`` and group files.

Generation 5 lists agents with 5.0's fields (``AGENT_FIELDS_V5``: no manager, node or group-sync fields,
``os.type``) and takes 5.0's query parameters; it has no ``/agents/{agent_id}/group/is_sync``.
"""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from starlette.responses import Response

from standin.framework import V4_ONLY, Ctx, Endpoint, denied, per_generation
from standin.params import COMMON, INT64_MAX, LISTING, PAGING, ParamSpec, alnum, specs
from standin.problems import envelope, failed_item, group_failures, wazuh_error
from standin.query import Collection, ListQuery, get_path, parse_date, run, sort_items, timeframe_seconds
from standin.rbac import agent_resources
from standin.rules import to_json

Item = dict[str, Any]
AGENT_FIELDS = (
    "id",
    "name",
    "ip",
    "registerIP",
    "status",
    "status_code",
    "os.arch",
    "os.build",
    "os.codename",
    "os.major",
    "os.minor",
    "os.name",
    "os.platform",
    "os.uname",
    "os.version",
    "version",
    "manager",
    "node_name",
    "dateAdd",
    "lastKeepAlive",
    "group",
    "group_config_status",
    "configSum",
    "mergedSum",
    "disconnection_time",
)
AGENTS = Collection(
    fields=AGENT_FIELDS,
    required=("id",),
    list_fields=frozenset({"group"}),
    date_fields=frozenset({"dateAdd", "lastKeepAlive", "disconnection_time"}),
    version_fields=frozenset({"version"}),
)
AGENT_FIELDS_V5 = (
    "id",
    "name",
    "ip",
    "registerIP",
    "status",
    "status_code",
    "os.arch",
    "os.major",
    "os.minor",
    "os.name",
    "os.platform",
    "os.type",
    "os.version",
    "version",
    "dateAdd",
    "lastKeepAlive",
    "group",
    "disconnection_time",
)
"""5.0's ``Agent.fields`` (framework/wazuh/core/agent.py @58c8811b16), less ``internal_key`` which no answer shows."""
AGENTS_V5 = replace(AGENTS, fields=AGENT_FIELDS_V5)


def agents_collection(ctx: Ctx) -> Collection:
    return AGENTS_V5 if ctx.generation == 5 else AGENTS


GROUPS = Collection(fields=("name", "count", "mergedSum", "configSum"), required=("name",), wdb=False)
GROUP_FILES = Collection(fields=("filename", "hash"), required=("filename",), wdb=False)
AGENT_MESSAGES = (
    "All selected agents information was returned",
    "Some agents information was not returned",
    "No agent information was returned",
)
_HASHES = (
    "md5",
    "sha1",
    "sha224",
    "sha256",
    "sha384",
    "sha512",
    "blake2b",
    "blake2s",
    "sha3_224",
    "sha3_256",
    "sha3_384",
    "sha3_512",
)
_STATUSES = ("active", "pending", "never_connected", "disconnected")
_VERSION = re.compile(r"^(?:wazuh\s+)?v?(\d+\.\d+\.\d+)$", re.IGNORECASE)


def visible_agents(ctx: Ctx, action: str = "agent:read") -> list[Item]:
    grants = ctx.identity.grants
    return [
        a for a in ctx.state.fleet.agents if grants.allows_any(agent_resources(a["id"], a.get("group", [])), action)
    ]


def _older_than(seconds: int, now: datetime) -> Any:
    threshold = now - timedelta(seconds=seconds)

    def check(agent: Item) -> bool:
        if agent["id"] == "000":
            return False
        field = "dateAdd" if agent["status"] == "never_connected" else "lastKeepAlive"
        when = parse_date(agent.get(field))
        return when is not None and when < threshold

    return check


def _agent_filters(ctx: Ctx) -> dict[str, Any]:
    p = ctx.params
    version = p.get("version")
    if version is not None:
        match = _VERSION.match(version.strip())
        version = f"Wazuh v{match.group(1)}" if match else version
    shared = {
        "status": p.get("status"),
        "os.platform": p.get("os.platform"),
        "os.version": p.get("os.version"),
        "os.name": p.get("os.name"),
        "version": version,
        "group": p.get("group"),
        "name": p.get("name"),
        "ip": p.get("ip"),
        "registerIP": p.get("registerIP"),
    }
    if ctx.generation == 5:
        return {**shared, **{f: p.get(f) for f in ("os.type", "os.major", "os.minor", "os.arch")}}
    return {
        **shared,
        "manager": p.get("manager"),
        "node_name": p.get("node_name"),
        "group_config_status": p.get("group_config_status"),
    }


def _pick_listed(ctx: Ctx, pool: list[Item]) -> tuple[list[Item], list[dict[str, Any]]]:
    """Apply ``agents_list`` as recorded: ids the caller may not read fail with 4000 (unknown ones too,
    for a caller who may not read every agent), unknown ids with 1701, and a 403 when the caller may
    read none of the listed agents."""
    wanted = ctx.params.get("agents_list")
    if not wanted:
        return pool, []
    visible = {a["id"] for a in pool}
    fleet = ctx.state.fleet
    failures: list[tuple[Any, int]] = []
    chosen: list[str] = []
    for agent_id in dict.fromkeys(wanted):
        if agent_id in visible:
            chosen.append(agent_id)
        elif fleet.agent(agent_id) is None and ctx.allows("agent:read", f"agent:id:{agent_id}"):
            failures.append((agent_id, 1701))
        else:
            failures.append((agent_id, 4000))
    if not chosen and all(code == 4000 for _, code in failures):
        raise denied(fleet.node_name, "agent:read", "agent:id")
    keep = set(chosen)
    return [a for a in pool if a["id"] in keep], group_failures(failures)


def _older_check(ctx: Ctx) -> Any:
    older = ctx.params.get("older_than")
    return _older_than(timeframe_seconds(older) or 0, ctx.now) if older else None


async def get_agents(ctx: Ctx) -> dict[str, Any]:
    pool, failed = _pick_listed(ctx, visible_agents(ctx))
    page, total = run(
        pool, agents_collection(ctx), ctx.list_query(**_agent_filters(ctx)), ctx.now, extra=_older_check(ctx)
    )
    return envelope(page, total, failed=failed, messages=AGENT_MESSAGES)


async def no_group(ctx: Ctx) -> dict[str, Any]:
    pool = [a for a in visible_agents(ctx) if a["id"] != "000" and not a.get("group")]
    page, total = run(pool, agents_collection(ctx), ctx.list_query(), ctx.now)
    return envelope(page, total, messages=AGENT_MESSAGES)


async def outdated(ctx: Ctx) -> dict[str, Any]:
    manager = ctx.state.fleet.agent("000") or {}  # 4.x: agent 000 carries it; 5.x lists no agent 000
    current = _version_tuple(manager.get("version") if ctx.generation == 4 else ctx.state.fleet.manager_version)
    pool = [
        a
        for a in visible_agents(ctx)
        if a["id"] != "000" and a.get("version") and _version_tuple(a["version"]) < current
    ]
    page, total = run(pool, agents_collection(ctx), ctx.list_query(), ctx.now)
    return envelope(page, total, messages=AGENT_MESSAGES)


def _version_tuple(version: Any) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", str(version or "")))


async def distinct(ctx: Ctx) -> dict[str, Any]:
    coll = agents_collection(ctx)
    fields = ctx.params.get("fields") or [f for f in coll.fields if f != "os.build"]
    bad = [f for f in fields if not coll.knows(f)]
    if bad:
        raise wazuh_error(1724, extra=str(bad))
    query = ctx.list_query()
    if query.offset > INT64_MAX:
        raise wazuh_error(2003, extra="offset out of range")
    matched, _ = run(visible_agents(ctx), coll, ListQuery(limit=10**9, q=query.q, search=query.search), ctx.now)
    groups: dict[tuple[str, ...], Item] = {}
    for agent in matched:
        values = []
        for name in fields:
            value = get_path(agent, name)
            values.append(value if value is not None else "N/A")
        key = tuple(repr(v) for v in values)
        if key not in groups:
            item: Item = {}
            for name, value in zip(fields, values, strict=True):
                _put(item, name, value)
            item["count"] = 0
            groups[key] = item
        groups[key]["count"] += 1
    items = list(groups.values())
    if query.sort:
        names, reverse = _distinct_sort(query.sort, coll)
        items = sort_items(items, names, reverse, coll)
    return envelope(items[query.offset : query.offset + query.limit], len(matched), messages=AGENT_MESSAGES)


def _distinct_sort(text: str, coll: Collection) -> tuple[list[str], bool]:
    reverse = text.strip().startswith("-")
    names = [n.strip() for n in text.strip().lstrip("+-").split(",") if n.strip()]
    for name in names:
        if name != "count" and not coll.knows(name):
            raise wazuh_error(1403, extra=name)
    return names, reverse


def _put(item: Item, name: str, value: Any) -> None:
    parts = name.split(".")
    for part in parts[:-1]:
        item = item.setdefault(part, {})
    item[parts[-1]] = value


async def summary(ctx: Ctx) -> dict[str, Any]:
    pool, _ = _pick_listed(ctx, visible_agents(ctx))
    agents = [a for a in pool if a["id"] != "000"]
    status = {
        s: sum(1 for a in agents if a["status"] == s) for s in ("active", "disconnected", "never_connected", "pending")
    }
    os_counts: dict[str, int] = {}
    group_counts: dict[str, int] = {}
    for agent in agents:
        platform = get_path(agent, "os.platform")
        if platform:
            os_counts[platform] = os_counts.get(platform, 0) + 1
        for group in agent.get("group", []):
            group_counts[group] = group_counts.get(group, 0) + 1
    return {
        "data": {"status": status, "os": dict(sorted(os_counts.items())), "groups": dict(sorted(group_counts.items()))},
        "message": "Showing the summary of agents",
        "error": 0,
    }


async def summary_status(ctx: Ctx) -> dict[str, Any]:
    agents = [a for a in visible_agents(ctx) if a["id"] != "000"]
    connection = {
        s: sum(1 for a in agents if a["status"] == s) for s in ("active", "disconnected", "never_connected", "pending")
    }
    if ctx.generation == 5:  # 5.0 has no group-configuration sync status
        return {"data": {"connection": {**connection, "total": len(agents)}}, "error": 0}
    synced = sum(1 for a in agents if a.get("group_config_status") == "synced")
    return {
        "data": {
            "connection": {**connection, "total": len(agents)},
            "configuration": {"synced": synced, "not_synced": len(agents) - synced, "total": len(agents)},
        },
        "error": 0,
    }


async def summary_os(ctx: Ctx) -> dict[str, Any]:
    platforms = sorted({p for a in visible_agents(ctx) if a["id"] != "000" and (p := get_path(a, "os.platform"))})
    return envelope(
        platforms,
        messages=(
            "Showing the operative system of all specified agents",
            "Could not get the operative system of some agents",
            "Could not get the operative system of the agents",
        ),
    )


def _one_agent(ctx: Ctx) -> tuple[Item | None, list[dict[str, Any]]]:
    agent_id = ctx.path["agent_id"]
    agent = ctx.state.fleet.agent(agent_id)
    if agent is None:
        return None, [failed_item(1701, [agent_id])]
    if agent_id == "000":
        return None, [failed_item(1703, [agent_id])]
    if not ctx.identity.grants.allows_any(agent_resources(agent_id, agent.get("group", [])), "agent:read"):
        return None, [failed_item(4000, [agent_id])]
    return agent, []


async def agent_key(ctx: Ctx) -> dict[str, Any]:
    agent, failed = _one_agent(ctx)
    items = [{"id": agent["id"], "key": ctx.state.fleet.keys[agent["id"]]}] if agent else []
    return envelope(
        items,
        failed=failed,
        messages=(
            "Obtained keys for all selected agents",
            "Some agent keys were not obtained",
            "No agent keys were obtained",
        ),
    )


async def agent_sync(ctx: Ctx) -> dict[str, Any]:
    agent, failed = _one_agent(ctx)
    items = [{"id": agent["id"], "synced": agent.get("group_config_status") == "synced"}] if agent else []
    return envelope(
        items,
        failed=failed,
        messages=(
            "Sync info was returned for all selected agents",
            "Sync info was not returned for some selected agents",
            "No sync info was returned",
        ),
    )


# --- groups ---------------------------------------------------------------------------------------


def _checksum(content: str, algorithm: str | None) -> str:
    return hashlib.new(algorithm or "md5", content.encode()).hexdigest()


def _group_items(ctx: Ctx) -> list[Item]:
    fleet = ctx.state.fleet
    algorithm = ctx.params.get("hash")
    out = []
    for name, files in sorted(fleet.groups.items()):
        if not ctx.allows("group:read", f"group:id:{name}"):
            continue
        count = sum(1 for a in fleet.agents if name in a.get("group", []))
        out.append(
            {
                "name": name,
                "count": count,
                "mergedSum": _checksum(files["merged.mg"], algorithm),
                "configSum": _checksum(files["agent.conf"], algorithm),
            }
        )
    return out


async def get_groups(ctx: Ctx) -> dict[str, Any]:
    items = _group_items(ctx)
    failed: list[dict[str, Any]] = []
    wanted = ctx.params.get("groups_list")
    if wanted:
        known = {i["name"] for i in items}
        missing = [g for g in wanted if g not in known]
        failed = [failed_item(1710, missing)] if missing else []
        items = [i for i in items if i["name"] in wanted]
    page, total = run(items, GROUPS, ctx.list_query())
    return envelope(
        page,
        total,
        failed=failed,
        messages=(
            "All selected groups information was returned",
            "Some groups information was not returned",
            "No group information was returned",
        ),
    )


def _group_or_404(ctx: Ctx) -> dict[str, str]:
    group = ctx.path["group_id"]
    files = ctx.state.fleet.groups.get(group)
    if files is None:
        raise wazuh_error(1710, status=404, node=ctx.state.fleet.node_name)
    ctx.require("group:read", f"group:id:{group}", "group:id")
    return files


async def group_agents(ctx: Ctx) -> dict[str, Any]:
    _group_or_404(ctx)
    group = ctx.path["group_id"]
    pool = [a for a in visible_agents(ctx) if group in a.get("group", [])]
    page, total = run(pool, agents_collection(ctx), ctx.list_query(status=ctx.params.get("status")), ctx.now)
    return envelope(page, total, messages=AGENT_MESSAGES)


async def group_files(ctx: Ctx) -> dict[str, Any]:
    group = ctx.path["group_id"]
    files = ctx.state.fleet.groups.get(group)
    messages = (
        "All selected groups files were returned",
        "Some groups files were not returned",
        "No groups files were returned",
    )
    if files is None:
        return envelope([], failed=[failed_item(1710, [group])], messages=messages)
    ctx.require("group:read", f"group:id:{group}", "group:id")
    items = [
        {"filename": name, "hash": _checksum(content, ctx.params.get("hash"))}
        for name, content in sorted(files.items())
    ]
    page, total = run(items, GROUP_FILES, ctx.list_query())
    return envelope(page, total, messages=messages)


async def group_file(ctx: Ctx) -> Response | dict[str, Any]:
    files = _group_or_404(ctx)
    name = ctx.path["file_name"]
    if name not in files:
        raise wazuh_error(1006, node=ctx.state.fleet.node_name)
    content = files[name]
    if ctx.params.get("raw"):
        media = "application/xml; charset=utf-8" if name.endswith(".conf") else "text/plain; charset=utf-8"
        return Response(content, media_type=media)
    data: Any
    if name == "agent.conf":
        data = _agent_conf_blocks(content)
    elif name == "merged.mg":
        data = content
    else:
        data = [line for line in content.splitlines() if line.strip()]
    return {"data": data, "error": 0}


def _agent_conf_blocks(content: str) -> list[Item]:
    root = ET.fromstring(f"<root>{content}</root>")
    blocks = []
    for block in root.iter("agent_config"):
        config = to_json(block)
        filters = (
            {k[1:]: v for k, v in config.items() if isinstance(config, dict) and k.startswith("@")}
            if isinstance(config, dict)
            else {}
        )
        body = {k: v for k, v in config.items() if not k.startswith("@")} if isinstance(config, dict) else {}
        blocks.append({"filters": filters, "config": body})
    return blocks


async def group_configuration(ctx: Ctx) -> dict[str, Any]:
    files = _group_or_404(ctx)
    blocks = _agent_conf_blocks(files["agent.conf"])
    offset, limit = ctx.params["offset"], ctx.params["limit"]
    return {
        "data": {"affected_items": blocks[offset : offset + limit], "total_affected_items": len(blocks)},
        "error": 0,
    }


_AGENT_PARAMS = specs(
    LISTING,
    agents_list=ParamSpec("list", fmt="numbers"),
    status=ParamSpec("list", enum=_STATUSES, lower=True),
    older_than=ParamSpec(fmt="timeframe"),
    **{"os.platform": alnum(), "os.version": alnum(), "os.name": alnum()},
    manager=alnum(),
    version=alnum(),
    group=ParamSpec(fmt="group_names"),
    node_name=ParamSpec(fmt="names"),
    name=alnum(),
    ip=alnum(),
    registerIP=alnum(),
    group_config_status=ParamSpec(enum=("synced", "not synced")),
)
_AGENT_PARAMS_V5 = {
    **{k: v for k, v in _AGENT_PARAMS.items() if k not in ("manager", "node_name", "group_config_status")},
    "os.version": ParamSpec(fmt="alphanumeric_symbols"),
    **{"os.type": alnum(), "os.arch": alnum(), "os.major": ParamSpec(fmt="numbers")},
    "os.minor": ParamSpec(fmt="numbers"),
}
"""GET /agents's query parameters in the 5.0 spec."""
_NO_DISTINCT = {k: v for k, v in LISTING.items() if k != "distinct"}
_HASH = ParamSpec(enum=_HASHES)
_AGENT_ID = {"agent_id": "numbers"}
_GROUP_ID = {"group_id": "group_names"}
ENDPOINTS = [
    *per_generation(
        Endpoint(
            "GET",
            "/agents",
            get_agents,
            _AGENT_PARAMS,
            action="agent:read",
            scoped=True,
            resource_type="agent:id",
            empty_when_denied=True,
        ),
        _AGENT_PARAMS_V5,
    ),
    Endpoint(
        "GET", "/agents/no_group", no_group, _NO_DISTINCT, action="agent:read", scoped=True, resource_type="agent:id"
    ),
    Endpoint(
        "GET", "/agents/outdated", outdated, _NO_DISTINCT, action="agent:read", scoped=True, resource_type="agent:id"
    ),
    Endpoint(
        "GET",
        "/agents/stats/distinct",
        distinct,
        specs(
            COMMON,
            PAGING,
            fields=ParamSpec("list", fmt="names"),
            sort=ParamSpec(fmt="sort"),
            search=ParamSpec(fmt="search"),
            q=ParamSpec(fmt="query"),
        ),
        action="agent:read",
        scoped=True,
        resource_type="agent:id",
    ),
    Endpoint(
        "GET",
        "/agents/summary",
        summary,
        specs(COMMON, agents_list=ParamSpec("list", fmt="numbers")),
        action="agent:read",
        scoped=True,
        resource_type="agent:id",
    ),
    Endpoint(
        "GET", "/agents/summary/os", summary_os, COMMON, action="agent:read", scoped=True, resource_type="agent:id"
    ),
    Endpoint(
        "GET",
        "/agents/summary/status",
        summary_status,
        COMMON,
        action="agent:read",
        scoped=True,
        resource_type="agent:id",
    ),
    Endpoint(
        "GET",
        "/agents/{agent_id}/key",
        agent_key,
        COMMON,
        action="agent:read",
        scoped=True,
        resource_type="agent:id",
        path_formats=_AGENT_ID,
    ),
    Endpoint(
        "GET",
        "/agents/{agent_id}/group/is_sync",
        agent_sync,
        COMMON,
        action="agent:read",
        scoped=True,
        resource_type="agent:id",
        path_formats=_AGENT_ID,
        generations=V4_ONLY,
    ),
    Endpoint(
        "GET",
        "/groups",
        get_groups,
        specs(LISTING, groups_list=ParamSpec("list", fmt="group_names"), hash=_HASH),
        action="group:read",
        scoped=True,
        resource_type="group:id",
        empty_when_denied=True,
    ),
    Endpoint(
        "GET",
        "/groups/{group_id}/agents",
        group_agents,
        specs(LISTING, status=ParamSpec("list", enum=_STATUSES, lower=True)),
        action="agent:read",
        scoped=True,
        resource_type="agent:id",
        path_formats=_GROUP_ID,
    ),
    Endpoint(
        "GET",
        "/groups/{group_id}/files",
        group_files,
        specs(LISTING, hash=_HASH),
        action="group:read",
        scoped=True,
        resource_type="group:id",
        path_formats=_GROUP_ID,
    ),
    *per_generation(
        Endpoint(
            "GET",
            "/groups/{group_id}/files/{file_name}",
            group_file,
            specs(
                COMMON,
                raw=ParamSpec("bool", default=False),
                type=ParamSpec("list", enum=("conf", "rootkit_files", "rootkit_trojans", "rcl")),
            ),
            action="group:read",
            scoped=True,
            resource_type="group:id",
            path_formats={**_GROUP_ID, "file_name": "alphanumeric"},
        ),
        specs(COMMON, raw=ParamSpec("bool", default=False), type=ParamSpec("list", enum=("conf", "rcl"))),
    ),
    Endpoint(
        "GET",
        "/groups/{group_id}/configuration",
        group_configuration,
        specs(COMMON, PAGING),
        action="group:read",
        scoped=True,
        resource_type="group:id",
        path_formats=_GROUP_ID,
    ),
]
