"""vulnerabilities.*: Wazuh 4.8+ vulnerability state from the Indexer (``wazuh-states-vulnerabilities*``).

Vulnerability documents have no single unique field (their ``_id`` is
``<agent>_<package hash>_<CVE>``), so the page order ends on the fields that make that id up.
Wazuh 5.x keeps the same state with the agent under ``wazuh.agent.*`` (its ``wazuh-states-vulnerabilities``
template); the tools read whichever layout the indices have, in the same result model.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args

from mcp.server.mcpserver import Context
from pydantic import AfterValidator, Field

from wazuh_mcp.errors import WazuhMCPError
from wazuh_mcp.models.common import excerpt
from wazuh_mcp.models.vulnerabilities import VulnerabilitiesResult, Vulnerability
from wazuh_mcp.runtime.registry import tool
from wazuh_mcp.tools._alert_view import text
from wazuh_mcp.tools._args import AgentId, require
from wazuh_mcp.tools._search import (
    Cursor,
    PageQuery,
    PageSize,
    check_cursor,
    count,
    fetch_page,
    time_window,
    vulnerabilities_generation,
    window_filter,
)

Severity = Literal["Low", "Medium", "High", "Critical"]
SEVERITIES: tuple[Severity, ...] = get_args(Severity)
"""Wazuh's severity names, lowest first."""
MinSeverity = Annotated[
    Severity | None, Field(description="Only this severity and above: Low, Medium, High or Critical.")
]
DESCRIPTION_EXCERPT = 200
CONDITION_EXCERPT = 120
VD_ALERTS_GROUP = "vulnerability-detector"

_VULN_FIELDS = [
    "vulnerability.id",
    "vulnerability.severity",
    "vulnerability.score.base",
    "vulnerability.description",
    "vulnerability.detected_at",
    "vulnerability.published_at",
    "vulnerability.reference",
    "package.name",
    "package.version",
    "vulnerability.scanner.condition",
]


@dataclass(frozen=True)
class VulnLayout:
    """Where a generation keeps the agent of a vulnerability record."""

    agent_id: str
    agent_name: str

    @property
    def source(self) -> list[str]:
        return [self.agent_id, self.agent_name, *_VULN_FIELDS]

    @property
    def sort(self) -> list[dict[str, Any]]:
        return [
            {"vulnerability.detected_at": {"order": "desc"}},
            {self.agent_id: {"order": "asc"}},
            {"vulnerability.id": {"order": "asc"}},
            # OS-level findings may lack package fields; "" keeps the sort values JSON strings (never null).
            {"package.name": {"order": "asc", "missing": ""}},
            {"package.version": {"order": "asc", "missing": ""}},
            {"package.architecture": {"order": "asc", "missing": ""}},
        ]


V4 = VulnLayout("agent.id", "agent.name")
V5 = VulnLayout("wazuh.agent.id", "wazuh.agent.name")


def _cve(value: str) -> str:
    upper = value.strip().upper()
    if not re.fullmatch(r"CVE-[0-9]{4}-[0-9]{4,7}", upper):
        raise ValueError("cve_id looks like CVE-2024-3094 (CVE-year-number)")
    return upper


CveId = Annotated[
    str, Field(min_length=9, max_length=20, description="CVE id, e.g. CVE-2024-3094."), AfterValidator(_cve)
]


def severity_filter(min_severity: Severity | None) -> list[dict[str, Any]]:
    """``min_severity`` and every severity above it (Wazuh stores the names, so a terms list)."""
    if min_severity is None:
        return []
    return [{"terms": {"vulnerability.severity": list(SEVERITIES[SEVERITIES.index(min_severity) :])}}]


def _first_url(references: str | None) -> str | None:
    """Wazuh stores several references as one comma-separated string; the first is the vendor's."""
    if not references:
        return None
    first = references.split(",")[0].strip()
    return first or None


_FIXED_IN = re.compile(r"Package less than ([^\s,;]{1,64})$")


def fixed_in(condition: str | None) -> str | None:
    """The first fixed version in Wazuh's condition text: "Package less than 2.4.1" → "2.4.1".

    Other conditions ("Package default status", "Package less than or equal to X", "Package
    unfixed") name no fixed version."""
    match = _FIXED_IN.fullmatch(condition.strip()) if condition else None
    return match.group(1) if match else None


def to_vulnerability(hit: dict[str, Any], layout: VulnLayout = V4) -> Vulnerability:
    source: dict[str, Any] = hit.get("_source") or {}
    condition = text(source, "vulnerability.scanner.condition")
    score = ((source.get("vulnerability") or {}).get("score") or {}).get("base")
    return Vulnerability(
        cve=text(source, "vulnerability.id") or "",
        severity=text(source, "vulnerability.severity") or "",
        score=float(score) if isinstance(score, int | float) and not isinstance(score, bool) else None,
        agent_id=text(source, layout.agent_id) or "",
        agent_name=text(source, layout.agent_name),
        package=text(source, "package.name"),
        version=text(source, "package.version"),
        description=excerpt(text(source, "vulnerability.description"), DESCRIPTION_EXCERPT) or None,
        detected_at=text(source, "vulnerability.detected_at"),
        published_at=text(source, "vulnerability.published_at"),
        reference=_first_url(text(source, "vulnerability.reference")),
        condition=excerpt(condition, CONDITION_EXCERPT),
        fixed_in=fixed_in(condition),
    )


async def vulnerability_page(
    ctx: Context[Any, Any],
    identity: dict[str, Any],
    filters: Callable[[VulnLayout], list[dict[str, Any]]],
    size: int,
    cursor: str | None,
) -> VulnerabilitiesResult:
    check_cursor(ctx, identity, None, cursor)  # before the layout probe asks the engine anything
    layout = V5 if await vulnerabilities_generation(ctx) == 5 else V4
    page = await fetch_page(
        ctx,
        PageQuery(
            kind="vulnerabilities",
            identity=identity,
            filters=filters(layout),
            sort=layout.sort,
            source=layout.source,
            size=size,
            cursor=cursor,
        ),
    )
    note = await _empty_state_note(ctx) if page.total == 0 and cursor is None and layout is V4 else None
    return VulnerabilitiesResult(
        vulnerabilities=[to_vulnerability(hit, layout) for hit in page.hits], note=note, **page.envelope()
    )


async def _empty_state_note(ctx: Context[Any, Any]) -> str | None:
    """When nothing matched because no vulnerability state is indexed at all, but the alerts show
    vulnerability-detector findings (pre-4.8 managers, or a state index not shipped), say so."""
    try:
        state, _ = await count(ctx, "vulnerabilities", {"match_all": {}})
        if state:
            return None
        window = time_window("30d")
        query = {"bool": {"filter": [window_filter("timestamp", window), {"term": {"rule.groups": VD_ALERTS_GROUP}}]}}
        alerts, _ = await count(ctx, "alerts", query)
    except WazuhMCPError:  # the note is a hint; the answer stands without it
        return None
    if not alerts:
        return None
    return (
        f"No vulnerability state is indexed (the vulnerabilities index pattern holds no records), but {alerts} "
        f"vulnerability-detector alert(s) exist in the last 30 days (Wazuh before 4.8, or the state index is not "
        f"shipped). Search them with hunt_query: rule.groups = {VD_ALERTS_GROUP}, or data.vulnerability.cve."
    )


@tool("vulnerabilities.list_vulnerabilities_by_agent", title="Vulnerabilities of an agent")
async def list_vulnerabilities_by_agent(
    ctx: Context[Any, Any],
    agent_id: AgentId,
    min_severity: MinSeverity = None,
    size: PageSize = 25,
    cursor: Cursor = None,
) -> VulnerabilitiesResult:
    """Current vulnerability state of one agent (Wazuh 4.8+): CVE, severity, CVSS score, affected
    package and version, detection time. Most recently detected first; follow `next_cursor`."""

    def filters(layout: VulnLayout) -> list[dict[str, Any]]:
        return [{"term": {layout.agent_id: agent_id}}, *severity_filter(min_severity)]

    return await vulnerability_page(
        ctx,
        {"agent_id": agent_id, "min_severity": min_severity},
        filters,
        size,
        cursor,
    )


@tool("vulnerabilities.search_vulnerabilities", title="Search vulnerabilities")
async def search_vulnerabilities(
    ctx: Context[Any, Any],
    cve_id: Annotated[
        CveId | None, Field(description="Only this CVE, e.g. CVE-2024-3094: which agents have it.")
    ] = None,
    min_severity: MinSeverity = None,
    size: PageSize = 25,
    cursor: Cursor = None,
) -> VulnerabilitiesResult:
    """Search vulnerability state across all agents by CVE id and/or minimum severity (at least one
    is required). Most recently detected first; follow `next_cursor`."""
    require(
        cve_id is not None or min_severity is not None,
        "search_vulnerabilities needs cve_id or min_severity (or both); for one agent's list use "
        "list_vulnerabilities_by_agent.",
    )
    filters = ([{"term": {"vulnerability.id": cve_id}}] if cve_id else []) + severity_filter(min_severity)
    return await vulnerability_page(
        ctx,
        {"cve_id": cve_id, "min_severity": min_severity},
        lambda _: filters,
        size,
        cursor,
    )


TOOLS = [list_vulnerabilities_by_agent, search_vulnerabilities]
