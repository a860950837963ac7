"""Which Wazuh wrote the indices: 4.x or 5.x, told apart so each is read in its own names.

Wazuh 5.x keeps events in ``wazuh-events-v5-*`` and findings in ``wazuh-findings-v5-*`` (no
``wazuh-alerts-*``), and its vulnerability state index ``wazuh-states-vulnerabilities`` moves the
agent under ``wazuh.agent.*`` (``../shared/reference/wazuh/indexer/states-vulnerabilities-template-
5.x-indexer-plugins.json``). A 4.x query on those finds nothing or fails on every shard; the tools
and the connection test use these probes to read 5.x's names instead. Both probes read mappings
only (the ``read`` privilege covers them) and cost one small request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from wazuh_mcp.backends.indexer_shapes import IndexKind
from wazuh_mcp.errors import ConfigurationError
from wazuh_mcp.untrusted import bound

V5_EVENT_PATTERNS = "wazuh-events-v5*,wazuh-findings-v5*"
V5_AGENT_FIELD = "wazuh.agent.id"
V4_AGENT_FIELD = "agent.id"


class FieldTypes(Protocol):
    async def field_types(
        self, kind: IndexKind, fields: list[str], pattern: str | None = None
    ) -> dict[str, dict[str, str]]: ...


@dataclass(frozen=True)
class Layout:
    """The indices under one kind's pattern, split by the Wazuh that wrote them."""

    v4: tuple[str, ...] = ()
    v5: tuple[str, ...] = ()

    @property
    def only_v5(self) -> bool:
        return bool(self.v5) and not self.v4


async def vulnerability_layout(indexer: FieldTypes, pattern: str | None = None) -> Layout:
    """Vulnerability-state indices with ``wazuh.agent.id`` and no ``agent.id`` are 5.x's."""
    types = await indexer.field_types("vulnerabilities", [V4_AGENT_FIELD, V5_AGENT_FIELD], pattern)
    v5 = sorted(index for index, fields in types.items() if V5_AGENT_FIELD in fields and V4_AGENT_FIELD not in fields)
    v4 = sorted(index for index in types if index not in v5)
    return Layout(v4=tuple(v4), v5=tuple(v5))


Generation = Literal[4, 5]


async def alerts_generation(indexer: FieldTypes) -> Generation:
    """Which Wazuh's alerts the alert tools read: 4.x's while the alerts pattern holds an index (a mixed
    Indexer keeps its 4.x history), else 5.x's findings when their streams exist, else 4.x (nothing yet)."""
    if await indexer.field_types("alerts", [V4_AGENT_FIELD]):
        return 4
    return 5 if await indexer.field_types("findings", [V5_AGENT_FIELD]) else 4


async def v5_event_indices(indexer: FieldTypes) -> list[str]:
    """5.x event and finding indices on this Indexer (any mapping: the names are 5.x's own)."""
    return sorted(await indexer.field_types("alerts", [V5_AGENT_FIELD], V5_EVENT_PATTERNS))


def _names(indices: list[str] | tuple[str, ...]) -> str:
    """Up to three index names, as the Indexer answered them: cleaned and cut (``untrusted.bound``)."""
    shown = ", ".join(bound(str(index), 120) or "?" for index in indices[:3])
    return shown + (f" and {len(indices) - 3} more" if len(indices) > 3 else "")


def wazuh5_alerts_error(indices: list[str]) -> ConfigurationError:
    return ConfigurationError(
        f"This Indexer holds Wazuh 5.x data ({_names(indices)}) and no wazuh-alerts-* index: Wazuh 5.x keeps "
        "events in wazuh-events-v5-* and findings in wazuh-findings-v5-* with another layout. The alert tools "
        "(search_alerts, get_alert, alerts_by_agent, alerts_by_mitre, summarize_alerts) read 5.x findings; "
        "this tool does not read 5.x yet (hunt, pivot and FIM tools).",
        hint="Use a Wazuh 4.8–4.14 deployment, or point indexer.alerts_pattern at the 4.x alerts indices if "
        "you run both.",
    )


def wazuh5_vulnerabilities_error(indices: list[str] | tuple[str, ...]) -> ConfigurationError:
    return ConfigurationError(
        f"The vulnerability state pattern mixes Wazuh 4.x and 5.x indices ({_names(indices)} is Wazuh 5.x's, "
        "agent fields under wazuh.agent.*): the vulnerability tools read one layout at a time, the 4.x one here.",
        hint="Point indexer.vulnerabilities_pattern at one generation's indices (4.x: "
        "wazuh-states-vulnerabilities-<cluster>; 5.x: wazuh-states-vulnerabilities).",
    )


def wazuh5_api_error(version: str, what: str) -> ConfigurationError:
    return ConfigurationError(
        f"The Server API is Wazuh {version} (5.x): {what} is not supported on Wazuh 5.x yet (this version of "
        "wazuh-mcp serves Wazuh 4.8 to 4.14).",
        hint="Use a Wazuh 4.8–4.14 manager for this tool.",
    )


def v5_index_warning(index: str) -> str:
    return (
        f"Index {bound(index, 120)}: Wazuh 5.x vulnerability state (wazuh.agent.*) under the same pattern as 4.x indices; "
        "its records are left out (point indexer.vulnerabilities_pattern at one generation's indices)."
    )


ALERT_FIELD_TYPES: dict[str, str] = {
    "timestamp": "date",
    "id": "keyword",
    "rule.id": "keyword",
    "rule.level": "long",
    "rule.groups": "keyword",
    "rule.description": "keyword",
    "rule.mitre.id": "keyword",
    "agent.id": "keyword",
    "agent.name": "keyword",
    "syscheck.path": "keyword",
}
"""What the tools sort, aggregate and filter on, as Wazuh's alerts template maps it. An index created
without the template (dynamic mapping: strings become ``text``) fails those requests on its shards."""
VULNERABILITY_FIELD_TYPES: dict[str, str] = {
    "agent.id": "keyword",
    "vulnerability.id": "keyword",
    "vulnerability.severity": "keyword",
    "vulnerability.detected_at": "date",
    "package.name": "keyword",
}


async def mapping_problems(indexer: FieldTypes, kind: IndexKind, expected: dict[str, str]) -> dict[str, list[str]]:
    """Index → "field is T (Wazuh maps it T')" for every index under the kind's pattern whose mapping of a
    field the tools need differs from Wazuh's template. A field an index lacks is not a problem."""
    types = await indexer.field_types(kind, list(expected))
    problems: dict[str, list[str]] = {}
    for index, fields in sorted(types.items()):
        wrong = [
            f"{name} is {fields[name]} (Wazuh maps it {want})"
            for name, want in expected.items()
            if fields.get(name, want) != want
        ]
        if wrong:
            problems[index] = wrong
    return problems
