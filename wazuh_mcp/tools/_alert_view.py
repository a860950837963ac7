"""How an alert document becomes a compact ``Alert``: the fields fetched, the sort, the mapping.

Shared by alerts.*, hunt.* and fim.* (all three read ``wazuh-alerts-*``). ``ALERT_SOURCE`` is
sent as ``_source.includes`` so the engine returns only what ``to_alert`` reads.

Every string here comes from a monitored host or from a rule that interpolates one, so every value
passes through ``wazuh_mcp.untrusted.bound`` (control and bidi characters removed, length cut), and
lists are cut to a few items: one planted alert costs a page at most ``MAX_ALERT_BYTES``.

The event (``data.*``) is shown per decoder family (``event_view.FAMILIES``): the fields an analyst
reads for that kind of event, then, for anything else, the first scalars under ``data`` up to a
byte budget. ``get_alert`` adds the whole document, flattened, up to a larger budget.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from wazuh_mcp.models.alerts import AgentInfo, Alert, AlertAgent, AlertRule, FimDetail, RuleInfo
from wazuh_mcp.query.fields import SLOTS
from wazuh_mcp.tools.event_view import COMPLIANCE, compliance_tags, event_fields
from wazuh_mcp.untrusted import bound

LOG_EXCERPT = 240
"""Characters of ``full_log`` in a listed alert; get_alert shows more."""
TIGHT_LOG_EXCERPT = 100
"""The log excerpt of an alert whose page would be over the page budget."""
DIFF_EXCERPT = 300
DESCRIPTION_LIMIT = 180
TIGHT_DESCRIPTION_LIMIT = 90
"""Characters of a rule description (Wazuh interpolates event fields into some)."""
VALUE_LIMIT = 200
"""Characters of any other single field of a listed alert."""
TAG_LIMIT, TAGS_MAX = 64, 10
"""Rule groups and MITRE entries: characters per entry and entries per list."""
PAGE_BYTES_PER_ALERT = 480
"""A page of alerts aims at this many bytes of JSON per alert (12 KB for the default 25): past it, the
largest alerts' log excerpts are cut to ``TIGHT_LOG_EXCERPT``, then left out where decoded fields carry
the event, then their events are cut to their family's tight budget (flagged ``event_cut``), until it fits."""

FIM_SOURCE = [
    "syscheck.path",
    "syscheck.event",
    "syscheck.changed_attributes",
    "syscheck.sha256_before",
    "syscheck.sha256_after",
    "syscheck.md5_after",
    "syscheck.sha1_after",
    "syscheck.size_after",
    "syscheck.uname_after",
    "syscheck.perm_after",
    "syscheck.mtime_after",
    "syscheck.audit.user.name",
    "syscheck.audit.process.name",
    "syscheck.diff",
]
WIN_EVENT_ID = "data.win.system.eventID"
ALERT_SOURCE = [
    "timestamp",
    "id",
    "rule.id",
    "rule.level",
    "rule.description",
    "rule.groups",
    "rule.mitre.id",
    "rule.mitre.tactic",
    "rule.mitre.technique",
    *(f"rule.{tag}" for tag in COMPLIANCE),
    "agent.id",
    "agent.name",
    "agent.ip",
    "data",  # the event view picks its fields per decoder family
    "location",
    "decoder.name",
    "full_log",
    *FIM_SOURCE,
]
ALERT_SORT: list[dict[str, Any]] = [
    {"timestamp": {"order": "desc"}},
    # Wazuh's own alert id ("<epoch>.<offset in alerts.json>") is unique per manager and mapped as
    # keyword with doc values; sorting on _id instead needs fielddata, which OpenSearch deprecates.
    {"id": {"order": "desc", "unmapped_type": "keyword"}},
]


def _get(doc: dict[str, Any], dotted: str) -> Any:
    value: Any = doc
    for part in dotted.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def raw_text(doc: dict[str, Any], dotted: str) -> str | None:
    """A field as one unbounded string (the first one when the document holds a list), for comparisons."""
    value = _get(doc, dotted)
    if isinstance(value, list):
        value = value[0] if value else None
    if value is None or isinstance(value, dict | list):
        return None
    result = str(value)
    return result if result else None


def text(doc: dict[str, Any], dotted: str, limit: int = VALUE_LIMIT) -> str | None:
    """A field as one bounded, cleaned string (the first one when the document holds a list)."""
    return bound(raw_text(doc, dotted), limit) or None


def first_text(doc: dict[str, Any], *dotted: str) -> str | None:
    """The first of these fields that holds a real value (Windows writes '-' for "none")."""
    for name in dotted:
        value = text(doc, name)
        if value is not None and value.strip() not in ("", "-"):
            return value
    return None


def texts(doc: dict[str, Any], dotted: str) -> list[str]:
    """Every value of a field, unbounded (for expectations and comparisons)."""
    value = _get(doc, dotted)
    if value is None:
        return []
    items = value if isinstance(value, list) else [value]
    return [str(item) for item in items if item is not None and not isinstance(item, dict | list)]


def tags(doc: dict[str, Any], dotted: str) -> list[str]:
    """A list field for display: at most ``TAGS_MAX`` entries of at most ``TAG_LIMIT`` characters."""
    values = texts(doc, dotted)
    shown = [b for b in (bound(v, TAG_LIMIT) for v in values[:TAGS_MAX]) if b]
    return [*shown, f"+{len(values) - TAGS_MAX} more"] if len(values) > TAGS_MAX else shown


def number(doc: dict[str, Any], dotted: str) -> int | None:
    value = _get(doc, dotted)
    if isinstance(value, list):
        value = value[0] if value else None
    try:
        return int(value) if value is not None and not isinstance(value, bool) else None
    except (TypeError, ValueError, OverflowError):
        return None


def to_fim(source: dict[str, Any], *, tight: bool = False) -> FimDetail | None:
    """What a FIM alert says about the file; ``tight`` keeps the path, event, SHA-256, owner and who-data
    (the other digests, size, mode and times are in get_alert)."""
    path = text(source, "syscheck.path", 400)
    if path is None:
        return None
    full = not tight
    return FimDetail(
        path=path,
        event=text(source, "syscheck.event"),
        changed=tags(source, "syscheck.changed_attributes") if full else [],
        sha256_before=text(source, "syscheck.sha256_before") if full else None,
        sha256_after=text(source, "syscheck.sha256_after"),
        md5_after=text(source, "syscheck.md5_after") if full else None,
        sha1_after=text(source, "syscheck.sha1_after") if full else None,
        size_after=number(source, "syscheck.size_after") if full else None,
        user_after=text(source, "syscheck.uname_after"),
        perm_after=text(source, "syscheck.perm_after") if full else None,
        mtime_after=text(source, "syscheck.mtime_after") if full else None,
        who=text(source, "syscheck.audit.user.name"),
        process=text(source, "syscheck.audit.process.name"),
        diff=bound(raw_text(source, "syscheck.diff"), DIFF_EXCERPT if full else DIFF_EXCERPT // 3, keep_newlines=True)
        or None,
    )


GENERIC_DECODER = "json"  # Wazuh's JSON decoder: names no log format, so the view leaves it out


def to_alert(
    hit: dict[str, Any],
    *,
    listed: bool = True,
    log_excerpt: int = LOG_EXCERPT,
    tight: bool = False,
    description_limit: int = DESCRIPTION_LIMIT,
) -> Alert:
    """The compact alert. ``listed``: the agent's name and IP are left to the page's ``agents``; ``tight``:
    the event cut to its family's tight budget."""
    source: dict[str, Any] = hit.get("_source") or {}
    location = text(source, "location")
    description = text(source, "rule.description", description_limit)
    decoder = text(source, "decoder.name", 64)
    src_ip = first_text(source, *SLOTS["src_ip"])
    src_user = first_text(source, *SLOTS["src_user"])
    dst_user = first_text(source, *SLOTS["dst_user"])
    host = first_text(source, *SLOTS["host"])
    fim = to_fim(source, tight=tight)
    event, event_cut = event_fields(
        source.get("data"), shown={src_ip, src_user, dst_user, host, description}, tight=tight
    )
    return Alert(
        id=str(hit.get("_id", "")),
        timestamp=text(source, "timestamp", 64) or "",
        rule=AlertRule(
            id=text(source, "rule.id", 32) or "",
            level=number(source, "rule.level") or 0,
            description=description,
        ),
        agent=AlertAgent(id=text(source, "agent.id", 32) or "", **({} if listed else agent_info(hit).model_dump())),
        src_ip=src_ip,
        src_port=text(source, "data.srcport", 16),
        dst_ip=text(source, "data.dstip", 64),
        dst_port=text(source, "data.dstport", 16),
        src_user=src_user,
        dst_user=dst_user,
        event_id=text(source, WIN_EVENT_ID, 16),
        host=host,
        url=text(source, "data.url", 300),
        # A location that names one of the rule's groups ("rootcheck", "vulnerability-detector") says nothing more.
        location=None if location in texts(source, "rule.groups") else location,
        decoder=None if decoder == GENERIC_DECODER or (tight and event) else decoder,  # the event names its kind
        event=event,
        event_cut=event_cut or (tight and fim is not None),
        fim=fim,
        log=text(source, "full_log", log_excerpt) if log_excerpt > 0 else None,
    )


def rule_info(hit: dict[str, Any], *, mitre_names: bool = False) -> RuleInfo:
    """Groups, MITRE and compliance of the hit's rule; tactic and technique names only on request (a page
    lists the technique ids, which name both; the mitre tools and summarize_alerts resolve them)."""
    source: dict[str, Any] = hit.get("_source") or {}
    return RuleInfo(
        groups=tags(source, "rule.groups"),
        mitre_ids=tags(source, "rule.mitre.id"),
        mitre_tactics=tags(source, "rule.mitre.tactic") if mitre_names else [],
        mitre_techniques=tags(source, "rule.mitre.technique") if mitre_names else [],
        compliance=compliance_tags(source),
    )


def agent_info(hit: dict[str, Any]) -> AgentInfo:
    source: dict[str, Any] = hit.get("_source") or {}
    return AgentInfo(name=text(source, "agent.name", 128), ip=text(source, "agent.ip", 64))


def agents_of(hits: list[dict[str, Any]], alerts: list[Alert]) -> dict[str, AgentInfo]:
    """Name and IP of each agent on a page, once per agent id (the newest alert's copy)."""
    agents: dict[str, AgentInfo] = {}
    for hit, alert in zip(hits, alerts, strict=True):
        if alert.agent.id not in agents:
            agents[alert.agent.id] = agent_info(hit)
    return {agent_id: info for agent_id, info in agents.items() if info.model_dump(exclude_none=True)}


def rules_of(hits: list[dict[str, Any]], alerts: list[Alert]) -> dict[str, RuleInfo]:
    """What each rule on a page maps to, once per rule id (rules that map to nothing left out).

    A rule's groups and tags are the same in all its alerts as long as the manager's ruleset does not
    change; where the page's alerts of one rule differ (an upgrade, or Wazuh's own sample data), the
    entries are merged, in order of first appearance.
    """
    merged: dict[str, dict[str, Any]] = {}
    for hit, alert in zip(hits, alerts, strict=True):
        into = merged.setdefault(alert.rule.id, {})
        for key, values in rule_info(hit).model_dump().items():
            if key == "compliance":
                for framework, entries in values.items():
                    _merge(into.setdefault("compliance", {}).setdefault(framework, []), entries)
            else:
                _merge(into.setdefault(key, []), values)
    rules = {rule_id: RuleInfo.model_validate(info) for rule_id, info in merged.items()}
    return {rule_id: info for rule_id, info in rules.items() if info.model_dump()}


def _merge(known: list[Any], values: list[Any]) -> None:
    known.extend(v for v in values if v not in known and len(known) < TAGS_MAX)


@dataclass(frozen=True)
class AlertPage:
    alerts: list[Alert]
    rules: dict[str, RuleInfo]
    agents: dict[str, AgentInfo]
    compliance_cut: bool = False


def json_size(value: Any) -> int:
    """Bytes of ``value`` as the server sends it (compact JSON, UTF-8)."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def _alert_size(alert: Alert) -> int:
    return json_size(alert.model_dump(mode="json"))


def alert_page_view(hits: list[dict[str, Any]], *, overhead: int = 0) -> AlertPage:
    """Compact alerts for one page, with the page's rule and agent maps, fitted to the page budget.

    ``overhead``: bytes the result adds around them (total, cursor…). Every event is shown in full
    first; when the page is over ``PAGE_BYTES_PER_ALERT`` per alert, the largest ones are cut back.
    """
    alerts = [to_alert(hit) for hit in hits]
    rules, agents = rules_of(hits, alerts), agents_of(hits, alerts)
    sizes = [_alert_size(alert) for alert in alerts]
    budget = PAGE_BYTES_PER_ALERT * max(len(hits), 1)
    total = overhead + sum(sizes) + _rules_size(rules)
    total += json_size({k: v.model_dump(mode="json") for k, v in agents.items()})
    # First the log lines (decoded fields usually say what they say), then the rule descriptions (Wazuh
    # interpolates the event into many), then the rules' compliance tags (a page of 25 different rules
    # spends a fifth of its budget on them; get_alert has them), and only then the events.
    compliance_cut = False
    for log_excerpt, tight, description_limit in _STAGES:
        if tight and total > budget:
            bare = {rule_id: info.model_copy(update={"compliance": {}}) for rule_id, info in rules.items()}
            bare = {rule_id: info for rule_id, info in bare.items() if info.model_dump()}
            total -= _rules_size(rules) - _rules_size(bare)
            rules, compliance_cut = bare, True
        for index in sorted(range(len(alerts)), key=lambda i: -sizes[i]):
            if total <= budget:
                return AlertPage(alerts, rules, agents, compliance_cut)
            if log_excerpt == 0 and not _decoded(alerts[index]):
                continue  # a log line that nothing was decoded from is the whole alert
            smaller = to_alert(hits[index], log_excerpt=log_excerpt, tight=tight, description_limit=description_limit)
            saved = sizes[index] - _alert_size(smaller)
            if saved > 0:
                total -= saved
                sizes[index] -= saved
                alerts[index] = smaller
    return AlertPage(alerts, rules, agents, compliance_cut)


_STAGES = (  # (log excerpt, event cut to its family's tight budget, description limit)
    (TIGHT_LOG_EXCERPT, False, DESCRIPTION_LIMIT),
    (0, False, DESCRIPTION_LIMIT),
    (0, False, TIGHT_DESCRIPTION_LIMIT),
    (0, True, TIGHT_DESCRIPTION_LIMIT),
)


def _rules_size(rules: dict[str, RuleInfo]) -> int:
    return json_size({k: v.model_dump(mode="json") for k, v in rules.items()})


def _decoded(alert: Alert) -> bool:
    return bool(alert.event or alert.fim or alert.src_ip or alert.src_user or alert.dst_user or alert.url)
