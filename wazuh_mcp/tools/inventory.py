"""inventory.*: an agent's other inventory kinds (agent_inventory) and its SCA results (agent_sca), on both
generations: Wazuh 4.x's Server API (``/syscollector/{agent}/<kind>``, ``/sca/{agent}``), Wazuh 5.x's Indexer
state (``wazuh-states-inventory-<kind>``, ``wazuh-states-sca``). The generation is told as the inventory tools
tell it (``agents._on_v5``: the Indexer's 5.x state index for the kind, else the Server API's version).
Processes, packages and ports keep their own tools (``agents``)."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context
from pydantic import Field

from wazuh_mcp.backends.indexer_shapes import IndexKind
from wazuh_mcp.errors import ConfigurationError, InvalidArgument
from wazuh_mcp.models.inventory import InventoryResult, ScaResult
from wazuh_mcp.runtime.context import deps
from wazuh_mcp.runtime.registry import tool
from wazuh_mcp.tools import _sca as sca
from wazuh_mcp.tools._args import AgentId, InventorySize, Offset
from wazuh_mcp.tools._inventory_kinds import KINDS, Kind
from wazuh_mcp.tools._inventory_v5 import TIEBREAK, agent_query, scan_time
from wazuh_mcp.tools._search import search, state_page
from wazuh_mcp.tools.agents import NO_INVENTORY, _on_v5, fetch_agent

_NEVER = "The {what} is unknown, not empty. It appears after the agent connects and its first {scan} finishes."


def _no_indexer(what: str, index: str) -> ConfigurationError:
    return ConfigurationError(
        f"The Server API is Wazuh 5.x, which has no {what} endpoint: Wazuh 5.x keeps it in the Indexer "
        f"({index}), and no Indexer is configured.",
        hint="Run `wazuh-mcp setup`, or set WAZUH_MCP_INDEXER_URL, WAZUH_MCP_INDEXER_USER and "
        "WAZUH_MCP_INDEXER_PASSWORD.",
    )


async def _v5(ctx: Context[Any, Any], index: IndexKind, what: str, shown: str) -> bool:
    """Whether to read Wazuh 5.x's state index; on 5.x without an Indexer, the error says where 5.x keeps it."""
    if not await _on_v5(ctx, index):
        return False
    app = deps(ctx)
    if app.backends.indexer is None and "indexer" not in app.backends.problems:
        raise _no_indexer(what, shown)
    return True


async def _unknown_agent_check(ctx: Context[Any, Any], agent_id: str) -> None:
    """An empty 5.x answer must not hide an unknown agent, when a Server API can say so."""
    if deps(ctx).backends.server_api is not None:
        await fetch_agent(ctx, agent_id)


@tool("inventory.agent_inventory", title="Agent inventory")
async def agent_inventory(
    ctx: Context[Any, Any],
    agent_id: AgentId,
    kind: Annotated[
        Kind,
        Field(description="networks: IPs; protocols: gateways, DHCP; files, registry: FIM's database."),
    ],
    size: InventorySize = 100,
    offset: Offset = 0,
) -> InventoryResult:
    """An agent's inventory of one kind, from its last syscollector scan. Paged with size/offset."""
    spec = KINDS[kind]
    if await _v5(ctx, spec.index, "/syscheck" if kind in ("files", "registry") else "/syscollector", spec.shown_index):
        return await _inventory_v5(ctx, kind, agent_id, size, offset)
    params = {"limit": size, "offset": offset, **dict(spec.params)} if spec.paged else {}
    try:
        page = await deps(ctx).server_api().page(spec.endpoint(agent_id), action=spec.action, params=params)
    except InvalidArgument as exc:
        if exc.upstream_code != NO_INVENTORY:
            raise
        await fetch_agent(ctx, agent_id)  # 2007 also answers for ids that exist nowhere: those stay not_found
        return InventoryResult(
            agent_id=agent_id,
            kind=kind,
            items=[],
            total=0,
            offset=offset,
            truncated=False,
            note=f"No {spec.scan} has reported for agent {agent_id} yet (Wazuh error {NO_INVENTORY}). "
            + _NEVER.format(what="inventory", scan=spec.scan),
        )
    items = page.items if spec.paged else page.items[offset : offset + size]
    total = page.total if spec.paged else len(page.items)
    note = None
    if not items and offset == 0:
        await fetch_agent(ctx, agent_id)  # an empty inventory must not hide an unknown agent
        note = f"The agent's last {spec.scan} reported no {kind}" + (
            " (hotfixes and registry exist on Windows only)." if kind in ("hotfixes", "registry") else "."
        )
    scan = (items[0].get("scan") or {}).get("time") if items else None
    return InventoryResult(
        agent_id=agent_id,
        kind=kind,
        items=[spec.v4(item) for item in items],
        total=total,
        offset=offset,
        truncated=offset + len(items) < total,
        scan_time=scan,
        note=note,
    )


async def _inventory_v5(ctx: Context[Any, Any], kind: Kind, agent_id: str, size: int, offset: int) -> InventoryResult:
    """One page of Wazuh 5.x's state of ``kind`` for the agent, in a stable order."""
    spec = KINDS[kind]
    # unmapped_type: the registry kind reads two indices, and only the values' maps registry.value
    sort = [
        {spec.sort: {"order": "asc", "missing": "_last"}},
        {spec.tiebreak: {"order": "asc", "missing": "_first", "unmapped_type": "keyword"}},
    ]
    if spec.tiebreak != "checksum.hash.sha1":
        sort.append(TIEBREAK)
    body = agent_query(agent_id, sort, [*spec.source, "state.modified_at"], size, offset)
    sources, total, note = await state_page(ctx, spec.index, body)
    if not sources and offset == 0:
        await _unknown_agent_check(ctx, agent_id)
        note = note or (
            f"No Wazuh 5.x inventory ({kind}) for agent {agent_id} in the Indexer: the agent does not exist, "
            "has not synced it yet, or has none of this kind (hotfixes and registry exist on Windows only). "
            + _NEVER.format(what="inventory", scan=spec.scan)
        )
    return InventoryResult(
        agent_id=agent_id,
        kind=kind,
        items=[spec.v5(source) for source in sources],
        total=total,
        offset=offset,
        truncated=offset + len(sources) < total,
        scan_time=scan_time(sources),
        note=note,
    )


PolicyId = Annotated[
    str | None,
    Field(
        min_length=1,
        max_length=64,
        pattern=r"^\w[\w.-]*$",
        description="Show this policy's checks.",
    ),
]


@tool("inventory.agent_sca", title="Agent SCA")
async def agent_sca(
    ctx: Context[Any, Any],
    agent_id: AgentId,
    policy_id: PolicyId = None,
    result: sca.ScaOutcome | None = None,
    size: InventorySize = 25,
    offset: Offset = 0,
) -> ScaResult:
    """An agent's SCA (CIS hardening) results: its policies with pass/fail counts, or one policy's
    checks. Paged with size/offset."""
    if result is not None and policy_id is None:
        raise InvalidArgument(
            "`result` filters one policy's checks: give `policy_id` too (omit both to list policies)."
        )
    if await _v5(ctx, "sca", "/sca", "wazuh-states-sca"):
        return await _sca_v5(ctx, agent_id, policy_id, result, size, offset)
    return await _sca_v4(ctx, agent_id, policy_id, result, size, offset)


async def _sca_v5(
    ctx: Context[Any, Any],
    agent_id: str,
    policy_id: str | None,
    result: sca.ScaOutcome | None,
    size: int,
    offset: int,
) -> ScaResult:
    if policy_id is None:
        response, warnings = await search(ctx, "sca", sca.policies_query(agent_id, size, offset))
        policies, total, synced = sca.policies_v5(response, offset)
        note = " ".join(warnings) or None
        if total == 0 and offset == 0:
            await _unknown_agent_check(ctx, agent_id)
            note = note or (
                f"No Wazuh 5.x SCA results for agent {agent_id} in the Indexer: the agent does not exist, or has "
                "not synced them yet (SCA runs at start and every 12 hours by default). The assessment is "
                "unknown, not clean."
            )
        return ScaResult(
            agent_id=agent_id,
            policies=policies[:size],
            total=total,
            offset=offset,
            truncated=offset + len(policies[:size]) < total,
            scan_time=synced,
            note=note,
        )
    sources, total, note = await state_page(ctx, "sca", sca.checks_query(agent_id, policy_id, result, size, offset))
    if not sources and offset == 0:
        await _unknown_agent_check(ctx, agent_id)
        note = note or _no_checks(agent_id, policy_id, result)
    return ScaResult(
        agent_id=agent_id,
        policy_id=policy_id,
        checks=[sca.check_v5(source) for source in sources],
        total=total,
        offset=offset,
        truncated=offset + len(sources) < total,
        scan_time=scan_time(sources),
        note=note,
    )


def _no_checks(agent_id: str, policy_id: str, result: str | None) -> str:
    if result is not None:
        return f"No check of policy {policy_id} on agent {agent_id} has the result '{result}'."
    return (
        f"Agent {agent_id} has no SCA checks for policy '{policy_id}': agent_sca without policy_id lists the "
        "policies it was assessed against."
    )


async def _sca_v4(
    ctx: Context[Any, Any],
    agent_id: str,
    policy_id: str | None,
    result: sca.ScaOutcome | None,
    size: int,
    offset: int,
) -> ScaResult:
    path = f"/sca/{agent_id}" if policy_id is None else f"/sca/{agent_id}/checks/{policy_id}"
    params: dict[str, Any] = {"limit": size, "offset": offset, "result": result}
    try:
        page = await deps(ctx).server_api().page(path, action="sca:read", params=params)
    except InvalidArgument as exc:
        if exc.upstream_code != NO_INVENTORY:
            raise
        await fetch_agent(ctx, agent_id)
        return ScaResult(
            agent_id=agent_id,
            policy_id=policy_id,
            total=0,
            offset=offset,
            truncated=False,
            note=f"No SCA scan has reported for agent {agent_id} yet (Wazuh error {NO_INVENTORY}). "
            + _NEVER.format(what="assessment", scan="SCA scan"),
        )
    note = None
    if not page.items and offset == 0:
        await fetch_agent(ctx, agent_id)
        note = (
            f"No SCA results for agent {agent_id}: SCA has not finished a scan on it yet, or is disabled "
            "(the <sca> block of its configuration); the assessment is unknown, not clean."
            if policy_id is None
            else _no_checks(agent_id, policy_id, result)
        )
    if policy_id is None:
        policies = [sca.policy_v4(item) for item in page.items]
        scans = [p.scan_end for p in policies if p.scan_end]
        return ScaResult(
            agent_id=agent_id,
            policies=policies,
            total=page.total,
            offset=offset,
            truncated=offset + len(policies) < page.total,
            scan_time=max(scans) if scans else None,
            note=note,
        )
    return ScaResult(
        agent_id=agent_id,
        policy_id=policy_id,
        checks=[sca.check_v4(item) for item in page.items],
        total=page.total,
        offset=offset,
        truncated=offset + len(page.items) < page.total,
        note=note,
    )


TOOLS = [agent_inventory, agent_sca]
