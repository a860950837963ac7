"""Where the alert tools read, and by which names: Wazuh 4.x's alerts or Wazuh 5.x's findings.

One ``AlertIndex`` per generation holds what differs between them for a tool that lists or counts alerts:
the index kind, the field names its filters, sorts and aggregations use, how a ``min_level`` becomes a
filter (a range on 4.x's number; a ``terms`` on 5.x's keyword, never a range), and how a hit is read into
the 4.x alert shape the shared view (``_alert_view``) renders. Which one applies is found from the Indexer
(``backends.layout.alerts_generation``) by ``_search.alert_index``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from wazuh_mcp.backends.indexer_shapes import IndexKind
from wazuh_mcp.query.fields_v5 import LEVELS, Level, level_of_4x, levels_at_least, lowest_4x_level
from wazuh_mcp.tools._alert_view import ALERT_SORT, ALERT_SOURCE
from wazuh_mcp.tools._finding_view import FINDING_SORT, FINDING_SOURCE, as_alert_hit

AnyLevel = int | Level
"""A ``min_level`` as either generation states it: 4.x's number or 5.x's keyword."""


def _same(hit: dict[str, Any]) -> dict[str, Any]:
    return hit


@dataclass(frozen=True)
class AlertIndex:
    generation: Literal[4, 5]
    kind: IndexKind
    time_field: str
    agent_field: str
    agent_name_field: str
    rule_field: str
    description_field: str
    level_field: str
    tactic_field: str
    technique_fields: tuple[str, ...]
    """The technique ids (5.x keeps sub-techniques in a field of their own)."""
    sort: list[dict[str, Any]]
    source: list[str]
    as_alert: Callable[[dict[str, Any]], dict[str, Any]]
    """A hit as the alert view reads it."""
    integration_field: str | None = None
    """5.x: the integration that decoded the event (aws-cloudtrail, wazuh-fim…); 4.x has no such field."""
    category_field: str | None = None
    """5.x: the integration's category (Cloud Services, System Activity…), the suffix of the findings stream."""

    def level_filter(self, min_level: AnyLevel | None) -> list[dict[str, Any]]:
        """4.x: a range on the number (a keyword is its band's lowest number, e.g. high = 10); 5.x: the
        keywords from it up (a number is read by Wazuh's migration guide: 10-13 is high)."""
        if min_level is None:
            return []
        if self.generation == 4:
            number = lowest_4x_level(min_level) if isinstance(min_level, str) else min_level
            return [{"range": {self.level_field: {"gte": number}}}]
        keyword = min_level if isinstance(min_level, str) else level_of_4x(min_level) or LEVELS[0]
        return [{"terms": {self.level_field: levels_at_least(keyword)}}]

    def agent_filter(self, agent_id: str | None) -> list[dict[str, Any]]:
        return [{"term": {self.agent_field: agent_id}}] if agent_id is not None else []

    def technique_filter(self, technique: str) -> dict[str, Any]:
        """A sub-technique exactly; a technique with its sub-techniques (T-numbers have 4 digits: T1110
        cannot prefix T11100)."""
        match = "term" if "." in technique else "prefix"
        fragments = [{match: {field: technique}} for field in self.technique_fields]
        return fragments[0] if len(fragments) == 1 else {"bool": {"should": fragments, "minimum_should_match": 1}}


def events_of(index: AlertIndex) -> AlertIndex:
    """Every event of the same generation, read as its alerts are: 4.x's archives (Wazuh's alerts template
    covers ``wazuh-archives-4.x-*``: an archived event is an alert whose rule may be absent), 5.x's events (a
    finding is an event that matched a rule, so an event reads as a finding without ``wazuh.rule``)."""
    return replace(index, kind="events" if index.generation == 5 else "archives")


ALERTS_V4 = AlertIndex(
    generation=4,
    kind="alerts",
    time_field="timestamp",
    agent_field="agent.id",
    agent_name_field="agent.name",
    rule_field="rule.id",
    description_field="rule.description",
    level_field="rule.level",
    tactic_field="rule.mitre.tactic",
    technique_fields=("rule.mitre.id",),
    sort=ALERT_SORT,
    source=ALERT_SOURCE,
    as_alert=_same,
)
FINDINGS_V5 = AlertIndex(
    generation=5,
    kind="findings",
    time_field="@timestamp",
    agent_field="wazuh.agent.id",
    agent_name_field="wazuh.agent.name",
    rule_field="wazuh.rule.id",
    description_field="wazuh.rule.title",
    level_field="wazuh.rule.level",
    tactic_field="wazuh.rule.mitre.tactic.name",
    technique_fields=("wazuh.rule.mitre.technique.id", "wazuh.rule.mitre.subtechnique.id"),
    sort=FINDING_SORT,
    source=FINDING_SOURCE,
    as_alert=as_alert_hit,
    integration_field="wazuh.integration.name",
    category_field="wazuh.integration.category",
)
