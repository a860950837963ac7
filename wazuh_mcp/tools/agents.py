"""agents.*: the fleet, from the Wazuh Server API, and its syscollector inventory: the Server API's
``/syscollector`` on Wazuh 4.x, the Indexer's ``wazuh-states-inventory-*`` on Wazuh 5.x."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from mcp.server.mcpserver import Context
from pydantic import Field

from wazuh_mcp.agent_ids import MAX_GROUPS
from wazuh_mcp.backends.indexer_shapes import IndexKind
from wazuh_mcp.backends.server_api_shapes import no_agent_on_v5, no_agent_readable
from wazuh_mcp.errors import ConfigurationError, InvalidArgument, NotFound
from wazuh_mcp.models.agents import (
    Agent,
    AgentResult,
    AgentsResult,
    PackageInventoryResult,
    PackageItem,
    PortInventoryResult,
    PortItem,
    ProcessInventoryResult,
    ProcessItem,
)
from wazuh_mcp.models.common import excerpt
from wazuh_mcp.runtime.context import deps
from wazuh_mcp.runtime.registry import tool
from wazuh_mcp.tools import _inventory_v5 as v5
from wazuh_mcp.tools._args import AgentId, InventorySize, Offset
from wazuh_mcp.tools._inventory_v5 import text
from wazuh_mcp.tools._search import inventory_in_v5_index, state_page

NO_INVENTORY = 2007
"""Wazuh's "Error retrieving data from Wazuh DB": the agent has no inventory database yet (never scanned)."""
AGENT_FIELDS = "id,name,ip,status,os.name,os.version,os.platform,version,group,lastKeepAlive,dateAdd,node_name"
AGENT_FIELDS_V5 = AGENT_FIELDS.removesuffix(",node_name")
"""Wazuh 5.0's ``Agent.fields`` has no ``node_name`` (``framework/wazuh/core/agent.py``): selecting it is refused."""


async def agent_fields(ctx: Context[Any, Any]) -> str:
    """The ``select`` of an agent read on this manager's generation."""
    return AGENT_FIELDS_V5 if (await deps(ctx).api_generation()).v5 else AGENT_FIELDS


def to_agent(item: dict[str, Any]) -> Agent:
    """An agent as ``GET /agents`` lists it, every string cleaned and bounded: an agent reports its own OS and
    version, and a record the manager keeps can hold what a host or a registration wrote."""
    found = item.get("os")
    os_info: dict[str, Any] = found if isinstance(found, dict) else {}
    os_text = " ".join(p for p in (text(os_info.get("name"), 64), text(os_info.get("version"), 64)) if p) or None
    groups = item.get("group") or []
    return Agent(
        id=text(item.get("id"), 16) or "",
        name=text(item.get("name"), 128) or "",
        ip=text(item.get("ip"), 64),
        status=text(item.get("status"), 32) or "unknown",
        os=os_text,
        platform=text(os_info.get("platform"), 64),
        version=text(item.get("version"), 64),
        groups=[
            g for g in (text(x, 128) for x in (groups if isinstance(groups, list) else [groups])[:MAX_GROUPS]) if g
        ],
        last_keepalive=text(item.get("lastKeepAlive"), 40),
        registered=text(item.get("dateAdd"), 40),
        node=text(item.get("node_name"), 128),
    )


async def fetch_agent(ctx: Context[Any, Any], agent_id: str) -> Agent:
    """One agent by id; ``not_found`` when Wazuh does not know it (shared with prompts/resources)."""
    page = (
        await deps(ctx)
        .server_api()
        .page("/agents", action="agent:read", params={"agents_list": agent_id, "select": await agent_fields(ctx)})
    )
    if not page.items:
        raise NotFound(f"Agent {agent_id} does not exist.", hint="Use list_agents to see the agent ids.")
    return to_agent(page.items[0])


@tool("agents.list_agents", title="List agents")
async def list_agents(
    ctx: Context[Any, Any],
    status: Annotated[
        Literal["active", "disconnected", "pending", "never_connected"] | None,
        Field(description="Only agents in this connection state."),
    ] = None,
    group: Annotated[str | None, Field(min_length=1, max_length=64, description="Only agents in this group.")] = None,
    size: InventorySize = 100,
    offset: Offset = 0,
) -> AgentsResult:
    """List Wazuh agents (id, name, IP, status, OS, groups, last keep-alive), optionally filtered by
    status or group. Paged: `truncated` tells whether more agents match; raise `offset` to see them."""
    page = (
        await deps(ctx)
        .server_api()
        .page(
            "/agents",
            action="agent:read",
            params={
                "status": status,
                "group": group,
                "limit": size,
                "offset": offset,
                "select": await agent_fields(ctx),
                "sort": "+id",
            },
        )
    )
    note = None
    if page.total == 0 and status is None and group is None:
        identity = deps(ctx).server_api().identity
        if not (await deps(ctx).api_generation()).v5:  # 4.x always lists its manager, agent 000
            raise no_agent_readable(identity)
        note = no_agent_on_v5(identity)
    agents = [to_agent(item) for item in page.items]
    return AgentsResult(
        agents=agents, total=page.total, offset=offset, truncated=offset + len(agents) < page.total, note=note
    )


@tool("agents.get_agent", title="Get agent")
async def get_agent(ctx: Context[Any, Any], agent_id: AgentId) -> AgentResult:
    """Fetch one Wazuh agent by id: status, IP, OS, agent version, groups, last keep-alive.
    An unknown id is `not_found`."""
    return AgentResult(agent=await fetch_agent(ctx, agent_id))


InventoryKind = v5.InventoryKind
_SELECT: dict[InventoryKind, str] = {
    "processes": "pid,ppid,name,cmd,argvs,euser,state,vm_size,resident,nlwp,start_time,scan.time",
    "packages": "name,version,vendor,architecture,format,description,install_time,scan.time",
    "ports": "protocol,local.ip,local.port,remote.ip,remote.port,state,pid,process,scan.time",
}


def _int(value: Any) -> int | None:
    try:
        return int(value) if value is not None and value != "" else None
    except (TypeError, ValueError):
        return None


def _text(value: Any) -> str | None:
    """A syscollector string, bounded and cleaned (a monitored host names its processes and packages), or
    None for what Wazuh stores when it has none: a single space (``" "``, the recorded ``install_time``/
    ``location`` of a deb package, the ``process`` of a port no process holds) or an empty string. A pid
    Wazuh sends as a string (``"10"``) is read by ``_int``."""
    return text(value)


def _process(item: dict[str, Any]) -> ProcessItem:
    return ProcessItem(
        pid=_int(item.get("pid")),
        ppid=_int(item.get("ppid")),
        name=_text(item.get("name")),
        cmd=excerpt(item.get("cmd"), 200) or None,
        args=excerpt(item.get("argvs"), 200) or None,
        user=_text(item.get("euser")),
        state=_text(item.get("state")),
        vm_size_kb=_int(item.get("vm_size")),
        resident_kb=_int(item.get("resident")),
        threads=_int(item.get("nlwp")),
        started=_int(item.get("start_time")),
    )


def _package(item: dict[str, Any]) -> PackageItem:
    return PackageItem(
        name=_text(item.get("name")),
        version=_text(item.get("version")),
        vendor=_text(item.get("vendor")),
        architecture=_text(item.get("architecture")),
        format=_text(item.get("format")),
        description=excerpt(item.get("description"), 120) or None,
        installed=_text(item.get("install_time")),
    )


def _port(item: dict[str, Any]) -> PortItem:
    local, remote = item.get("local") or {}, item.get("remote") or {}
    return PortItem(
        protocol=_text(item.get("protocol")),
        local_ip=_text(local.get("ip")),
        local_port=_int(local.get("port")),
        remote_ip=_text(remote.get("ip")),
        remote_port=_int(remote.get("port")),
        state=_text(item.get("state")),
        pid=_int(item.get("pid")),
        process=_text(item.get("process")),
    )


async def _on_v5(ctx: Context[Any, Any], kind: IndexKind) -> bool:
    """Whether this agent inventory is Wazuh 5.x's, by one rule: the Indexer holds Wazuh 5.x's
    ``wazuh-states-inventory-<kind>`` (``_search.inventory_in_v5_index``) → 5.x; otherwise the Server API's
    generation (``AppContext.api_generation``) decides, so a 5.x manager whose agents have not synced yet is
    still read as 5.x. The Indexer is asked first because it holds the answer and works without a Server API."""
    if await inventory_in_v5_index(ctx, kind):
        return True
    return (await deps(ctx).api_generation()).v5


InventoryResult = TypeVar("InventoryResult", ProcessInventoryResult, PackageInventoryResult, PortInventoryResult)


async def _inventory(
    ctx: Context[Any, Any],
    kind: InventoryKind,
    agent_id: str,
    size: int,
    offset: int,
    result: type[InventoryResult],
    to_item: Callable[[dict[str, Any]], Any],
) -> InventoryResult:
    """One page of an agent's syscollector inventory, shaped as ``result`` (shared by the three inventory tools)."""
    if await _on_v5(ctx, kind):
        return await _inventory_v5(ctx, kind, agent_id, size, offset, result)
    try:
        page = (
            await deps(ctx)
            .server_api()
            .page(
                f"/syscollector/{agent_id}/{kind}",
                action="syscollector:read",
                params={"limit": size, "offset": offset, "select": _SELECT[kind]},
            )
        )
    except InvalidArgument as exc:
        if exc.upstream_code != NO_INVENTORY:
            raise
        await fetch_agent(ctx, agent_id)  # 2007 also answers for ids that exist nowhere: those stay not_found
        return result(
            agent_id=agent_id,
            items=[],
            total=0,
            offset=offset,
            truncated=False,
            note=f"No syscollector scan has reported for agent {agent_id} yet (Wazuh error {NO_INVENTORY}): the "
            "inventory is unknown, not empty. It appears after the agent connects and its first scan finishes "
            "(wodle syscollector, hourly by default).",
        )
    if not page.items and offset == 0:
        await fetch_agent(ctx, agent_id)  # an empty inventory must not hide an unknown agent
    scan = (page.items[0].get("scan") or {}).get("time") if page.items else None
    return result(
        agent_id=agent_id,
        items=[to_item(item) for item in page.items],
        total=page.total,
        offset=offset,
        truncated=offset + len(page.items) < page.total,
        scan_time=scan,
    )


_V5_ITEM: dict[InventoryKind, Callable[[dict[str, Any]], Any]] = {
    "processes": v5.process,
    "packages": v5.package,
    "ports": v5.port,
}


async def _inventory_v5(
    ctx: Context[Any, Any],
    kind: InventoryKind,
    agent_id: str,
    size: int,
    offset: int,
    result: type[InventoryResult],
) -> InventoryResult:
    """One page of Wazuh 5.x's inventory state for the agent (``wazuh-states-inventory-<kind>``)."""
    app = deps(ctx)
    if app.backends.indexer is None and "indexer" not in app.backends.problems:
        raise ConfigurationError(
            f"The Server API is Wazuh {(await app.api_generation()).version} (5.x), which has no /syscollector: Wazuh 5.x keeps "
            f"the agent inventory in the Indexer (wazuh-states-inventory-{kind}), and no Indexer is configured.",
            hint="Run `wazuh-mcp setup`, or set WAZUH_MCP_INDEXER_URL, WAZUH_MCP_INDEXER_USER and "
            "WAZUH_MCP_INDEXER_PASSWORD.",
        )
    sources, total, note = await state_page(ctx, kind, v5.query(kind, agent_id, size, offset))
    if not sources and offset == 0:
        if app.backends.server_api is not None:
            await fetch_agent(ctx, agent_id)  # an empty inventory must not hide an unknown agent
        note = note or (
            f"No Wazuh 5.x inventory ({kind}) for agent {agent_id} in the Indexer: the agent does not exist, or "
            "has not synced its inventory yet (it does after its first syscollector scan). The inventory is "
            "unknown, not empty."
        )
    return result(
        agent_id=agent_id,
        items=[_V5_ITEM[kind](source) for source in sources],
        total=total,
        offset=offset,
        truncated=offset + len(sources) < total,
        scan_time=v5.scan_time(sources),
        note=note,
    )


@tool("agents.agent_processes", title="Agent processes")
async def agent_processes(
    ctx: Context[Any, Any], agent_id: AgentId, size: InventorySize = 100, offset: Offset = 0
) -> ProcessInventoryResult:
    """Running processes on an agent, from its last syscollector scan (pid, parent, name, command,
    user, memory). Paged with size/offset; `truncated` tells whether more exist."""
    return await _inventory(ctx, "processes", agent_id, size, offset, ProcessInventoryResult, _process)


@tool("agents.agent_packages", title="Agent packages")
async def agent_packages(
    ctx: Context[Any, Any], agent_id: AgentId, size: InventorySize = 100, offset: Offset = 0
) -> PackageInventoryResult:
    """Installed packages on an agent, from its last syscollector scan (name, version, vendor,
    architecture, format). Paged with size/offset; `truncated` tells whether more exist."""
    return await _inventory(ctx, "packages", agent_id, size, offset, PackageInventoryResult, _package)


@tool("agents.agent_ports", title="Agent open ports")
async def agent_ports(
    ctx: Context[Any, Any], agent_id: AgentId, size: InventorySize = 100, offset: Offset = 0
) -> PortInventoryResult:
    """Open and listening network ports on an agent, from its last syscollector scan (protocol,
    local/remote address and port, state, owning process). Paged with size/offset; `truncated`
    tells whether more exist."""
    return await _inventory(ctx, "ports", agent_id, size, offset, PortInventoryResult, _port)


TOOLS = [list_agents, get_agent, agent_processes, agent_packages, agent_ports]
