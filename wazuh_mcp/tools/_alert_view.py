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
from wazuh_mcp.tools.event_view import COMPLIANCE, compliance_tags, dotted_parts, event_fields
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
TIGHT_URL = 100
"""The URL of an alert whose page is still over the page budget once its event is cut tight."""
PAGE_LIMIT = 12 * 1024
"""What a page of up to 25 alerts never exceeds (text bytes, and in proportion for larger pages): rather,
its largest alerts' events are left out."""
TAG_LIMIT, TAGS_MAX = 64, 10
"""Rule groups and MITRE entries: characters per entry and entries per list."""
PAGE_BYTES_PER_ALERT = 480
"""A page of alerts aims at this many bytes of JSON per alert (12 KB for the default 25): past it, the
largest alerts' log excerpts are cut to ``TIGHT_LOG_EXCERPT``, then left out where decoded fields carry
the event, then their events are cut to their family's tight budget (flagged ``event_cut``), and last (a page
of Wazuh 5.x findings may need it) their events left out and URLs cut to ``TIGHT_URL``, until it fits."""

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
    for part in dotted_parts(dotted):
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
        if _get(doc, name) is None:
            continue  # the usual case: most of a slot's fields belong to other decoders
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
    return _AlertReader(hit, listed=listed).render(
        log_excerpt=log_excerpt, tight=tight, description_limit=description_limit
    )


class _AlertReader:
    """One hit read once: a page that is over its budget renders an alert up to five times (log excerpt,
    description and event cut in turn), and all but those parts are the same each time."""

    __slots__ = ("_descriptions", "_events", "_fims", "_logs", "_rendered", "decoder", "fixed", "source", "who")

    def __init__(self, hit: dict[str, Any], *, listed: bool = True) -> None:
        source: dict[str, Any] = hit.get("_source") or {}
        self.source = source
        location = text(source, "location")
        src_ip = first_text(source, *SLOTS["src_ip"])
        src_user = first_text(source, *SLOTS["src_user"])
        dst_user = first_text(source, *SLOTS["dst_user"])
        host = first_text(source, *SLOTS["host"])
        self.who = (src_ip, src_user, dst_user, host)
        self.decoder = text(source, "decoder.name", 64)
        self.fixed: dict[str, Any] = {
            "id": str(hit.get("_id", "")),
            "timestamp": text(source, "timestamp", 64) or "",
            "agent": AlertAgent(
                id=text(source, "agent.id", 32) or "", **({} if listed else agent_info(hit).model_dump())
            ),
            "src_ip": src_ip,
            "src_port": text(source, "data.srcport", 16),
            "dst_ip": text(source, "data.dstip", 64),
            "dst_port": text(source, "data.dstport", 16),
            "src_user": src_user,
            "dst_user": dst_user,
            "event_id": text(source, WIN_EVENT_ID, 16),
            "host": host,
            "url": text(source, "data.url", 300),
            # A location that names one of the rule's groups ("rootcheck", "vulnerability-detector") says nothing more.
            "location": None if location in texts(source, "rule.groups") else location,
        }
        self._descriptions: dict[int, AlertRule] = {}
        self._events: dict[tuple[bool, str | None], tuple[dict[str, Any], bool]] = {}
        self._fims: dict[bool, FimDetail | None] = {}
        self._logs: dict[int, str | None] = {}
        self._rendered: dict[tuple[Any, ...], Alert] = {}

    def rule(self, description_limit: int) -> AlertRule:
        rule = self._descriptions.get(description_limit)
        if rule is None:
            source = self.source
            rule = self._descriptions[description_limit] = AlertRule(
                id=text(source, "rule.id", 32) or "",
                level=_level(source),
                description=text(source, "rule.description", description_limit),
            )
        return rule

    def render(
        self,
        *,
        log_excerpt: int = LOG_EXCERPT,
        tight: bool = False,
        description_limit: int = DESCRIPTION_LIMIT,
        bare: bool = False,
    ) -> Alert:
        source = self.source
        rule = self.rule(description_limit)
        description = rule.description
        if tight not in self._fims:
            self._fims[tight] = to_fim(source, tight=tight)
        fim = self._fims[tight]
        key = (tight, description)
        if key not in self._events:
            self._events[key] = event_fields(source.get("data"), shown={*self.who, description}, tight=tight)
        event, event_cut = self._events[key]
        if log_excerpt not in self._logs:
            self._logs[log_excerpt] = text(source, "full_log", log_excerpt) if log_excerpt > 0 else None
        # The event names its kind.
        decoder = None if self.decoder == GENERIC_DECODER or (tight and event) else self.decoder
        log = self._logs[log_excerpt]
        cut = event_cut or (tight and fim is not None)
        fixed = self.fixed
        if bare:  # the last resort of a page still over its budget: no event fields, a shorter URL
            cut, event = cut or bool(event), _NO_EVENT
            fixed = {**fixed, "url": text(source, "data.url", TIGHT_URL)}
        # A cut that changes nothing gives the same alert.
        same = (description, id(fim), id(event), cut, decoder, log, fixed["url"])
        alert = self._rendered.get(same)
        if alert is None:
            alert = self._rendered[same] = Alert(
                **fixed, rule=rule, decoder=decoder, event=event, event_cut=cut, fim=fim, log=log
            )
        return alert


_NO_EVENT: dict[str, Any] = {}
_LIMIT_MARGIN = 96


def _level(source: dict[str, Any]) -> int | str:
    """4.x's number, or 5.x's keyword (``informational`` … ``critical``) as the finding carries it."""
    found = number(source, "rule.level")
    if found is not None:
        return found
    return text(source, "rule.level", 16) or 0


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
    seen: dict[str, list[tuple[Any, ...]]] = {}
    for hit, alert in zip(hits, alerts, strict=True):
        into = merged.setdefault(alert.rule.id, {})
        source = hit.get("_source") or {}
        rule = source.get("rule")
        raw = (_get(source, "rule.groups"), _get(source, "rule.mitre.id"), *_compliance_raw(rule))
        known = seen.setdefault(alert.rule.id, [])
        if raw in known:
            continue  # the same tags as an alert of this rule already merged: merging them adds nothing
        known.append(raw)
        for key, values in _listed_rule_info(source).items():
            if key == "compliance":
                for framework, entries in values.items():
                    _merge(into.setdefault("compliance", {}).setdefault(framework, []), entries)
            else:
                _merge(into.setdefault(key, []), values)
    # An entry is only ever added with a value, so an empty merge is a rule that maps to nothing.
    return {rule_id: RuleInfo.model_validate(info) for rule_id, info in merged.items() if info}


def _compliance_raw(rule: Any) -> tuple[Any, ...]:
    return tuple(rule.get(tag) for tag in COMPLIANCE) if isinstance(rule, dict) else ()


def _listed_rule_info(source: dict[str, Any]) -> dict[str, Any]:
    """``rule_info(hit).model_dump()`` of a listed alert (no MITRE names; empty fields left out), without
    building the model for every alert of the page."""
    found = {
        "groups": tags(source, "rule.groups"),
        "mitre_ids": tags(source, "rule.mitre.id"),
        "compliance": compliance_tags(source),
    }
    return {key: value for key, value in found.items() if value}


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
    readers = [_AlertReader(hit) for hit in hits]
    alerts = [reader.render() for reader in readers]
    rules, agents = rules_of(hits, alerts), agents_of(hits, alerts)
    sizes = [_alert_size(alert) for alert in alerts]
    budget = PAGE_BYTES_PER_ALERT * max(len(hits), 1)
    # What no page of up to 25 alerts exceeds (12 KiB), less what ``overhead`` leaves out (commas, flags).
    limit = PAGE_LIMIT * max(len(hits), 25) // 25 - _LIMIT_MARGIN
    total = overhead + sum(sizes) + _rules_size(rules)
    total += json_size({k: v.model_dump(mode="json") for k, v in agents.items()})
    # First the log lines (decoded fields usually say what they say), then the rule descriptions (Wazuh
    # interpolates the event into many), then the rules' compliance tags (a page of 25 different rules
    # spends a fifth of its budget on them; get_alert has them), and only then the events.
    compliance_cut = False
    for log_excerpt, tight, description_limit, no_event in _STAGES:
        aim = limit if no_event else budget
        if tight and total > budget and not compliance_cut:
            bare = {rule_id: info.model_copy(update={"compliance": {}}) for rule_id, info in rules.items()}
            bare = {rule_id: info for rule_id, info in bare.items() if info.model_dump()}
            total -= _rules_size(rules) - _rules_size(bare)
            rules, compliance_cut = bare, True
        for index in sorted(range(len(alerts)), key=lambda i: -sizes[i]):
            if total <= aim:
                return AlertPage(alerts, rules, agents, compliance_cut)
            if log_excerpt == 0 and not _decoded(alerts[index]):
                continue  # a log line that nothing was decoded from is the whole alert
            smaller = readers[index].render(
                log_excerpt=log_excerpt, tight=tight, description_limit=description_limit, bare=no_event
            )
            if smaller is alerts[index]:
                continue  # this stage cuts nothing of it
            saved = sizes[index] - _alert_size(smaller)
            if saved > 0:
                total -= saved
                sizes[index] -= saved
                alerts[index] = smaller
    return AlertPage(alerts, rules, agents, compliance_cut)


_STAGES = (  # (log excerpt, event cut to its family's tight budget, description limit, event left out)
    (TIGHT_LOG_EXCERPT, False, DESCRIPTION_LIMIT, False),
    (0, False, DESCRIPTION_LIMIT, False),
    (0, False, TIGHT_DESCRIPTION_LIMIT, False),
    (0, True, TIGHT_DESCRIPTION_LIMIT, False),
    # Wazuh 5.x findings carry longer ids, keyword levels, URLs and ECS events: a page of them can still be
    # over after the tight events (14.7 KB on Wazuh's 5.x samples); past PAGE_LIMIT the largest then show no
    # event fields (get_alert has them).
    (0, True, TIGHT_DESCRIPTION_LIMIT, True),
)


def _rules_size(rules: dict[str, RuleInfo]) -> int:
    return json_size({k: v.model_dump(mode="json") for k, v in rules.items()})


def _decoded(alert: Alert) -> bool:
    return bool(alert.event or alert.fim or alert.src_ip or alert.src_user or alert.dst_user or alert.url)
