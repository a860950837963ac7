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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, TypeAdapter

from wazuh_mcp.models.alerts import AgentInfo, Alert, AlertAgent, AlertRule, FimDetail, RuleInfo
from wazuh_mcp.query.fields import SLOTS
from wazuh_mcp.tools._json_text import encoder
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


_PARTS: dict[str, tuple[str, ...]] = {}
"""``dotted_parts`` of the paths this module reads (a fixed set), without a call per lookup."""


def _parts_of(dotted: str) -> tuple[str, ...]:
    parts = _PARTS.get(dotted)
    if parts is None:
        parts = dotted_parts(dotted)
        if len(_PARTS) < 512:
            _PARTS[dotted] = parts
    return parts


def _get(doc: dict[str, Any], dotted: str) -> Any:
    value: Any = doc
    for part in _PARTS.get(dotted) or _parts_of(dotted):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def _at(doc: dict[str, Any], parts: tuple[str, ...]) -> Any:
    value: Any = doc
    for part in parts:
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def _as_text(value: Any) -> str | None:
    """``raw_text`` of a value already looked up."""
    if isinstance(value, list):
        value = value[0] if value else None
    if value is None or isinstance(value, dict | list):
        return None
    result = str(value)
    return result if result else None


def raw_text(doc: dict[str, Any], dotted: str) -> str | None:
    """A field as one unbounded string (the first one when the document holds a list), for comparisons."""
    return _as_text(_get(doc, dotted))


def text(doc: dict[str, Any], dotted: str, limit: int = VALUE_LIMIT) -> str | None:
    """A field as one bounded, cleaned string (the first one when the document holds a list)."""
    # ``bound(_as_text(_get(doc, dotted)), limit) or None`` in one call: a page reads ~20 fields per alert.
    value: Any = doc
    for part in _PARTS.get(dotted) or _parts_of(dotted):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    if isinstance(value, list):
        value = value[0] if value else None
    if value is None or isinstance(value, dict | list):
        return None
    return bound(value if isinstance(value, str) else str(value), limit) or None


def _slot_paths(slot: str) -> tuple[tuple[str | None, tuple[str, ...]], ...]:
    """A slot's fields in order, each as the key under ``data`` it needs (None: not under ``data``) and its path."""
    found = _SLOT_PATHS.get(slot)
    if found is None:
        found = _SLOT_PATHS[slot] = tuple(
            (parts[1] if parts[0] == "data" and len(parts) > 1 else None, parts)
            for parts in (dotted_parts(name) for name in SLOTS[slot])
        )
    return found


_SLOT_PATHS: dict[str, tuple[tuple[str | None, tuple[str, ...]], ...]] = {}


def slot_text(doc: dict[str, Any], slot: str) -> str | None:
    """The first field of a ``SLOTS`` entry (src_ip, src_user, dst_user, host) that holds a real value
    (Windows writes '-' for "none")."""
    data = doc.get("data")
    keys = data if isinstance(data, dict) else {}
    for key, parts in _SLOT_PATHS.get(slot) or _slot_paths(slot):
        if key is not None and key not in keys:
            continue  # the usual case: most of a slot's fields belong to other decoders' events
        found = _at(doc, parts)
        if found is None:
            continue
        value = bound(_as_text(found), VALUE_LIMIT) or None
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
        diff=_diff(source, tight),
    )


def _diff(source: dict[str, Any], tight: bool) -> str | None:
    return (
        bound(raw_text(source, "syscheck.diff"), DIFF_EXCERPT // 3 if tight else DIFF_EXCERPT, keep_newlines=True)
        or None
    )


def _tight_fim(full: FimDetail, source: dict[str, Any]) -> FimDetail:
    """``to_fim(source, tight=True)`` from ``to_fim(source)``: the fields both keep, and the shorter diff."""
    return FimDetail(
        path=full.path,
        event=full.event,
        changed=[],
        sha256_after=full.sha256_after,
        user_after=full.user_after,
        who=full.who,
        process=full.process,
        diff=_diff(source, tight=True),
    )


_UNREAD: Any = object()

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
    """One hit read once: a page that is over its budget tries an alert up to five times (log excerpt,
    description and event cut in turn), and all but those parts are the same each time. A try is a
    ``_Variant`` (what differs) whose JSON size is the fixed fields' bytes plus its own parts' bytes: the
    ``Alert`` model is built once, for the variant the page keeps."""

    __slots__ = (
        "_descriptions",
        "_dumped",
        "_event_memo",
        "_events",
        "_fims",
        "_fixed_bytes",
        "_logs",
        "_models",
        "_sizes",
        "_variants",
        "decoder",
        "fixed",
        "source",
        "who",
    )

    def __init__(self, hit: dict[str, Any], *, listed: bool = True) -> None:
        source: dict[str, Any] = hit.get("_source") or {}
        self.source = source
        location = text(source, "location")
        src_ip = slot_text(source, "src_ip")
        src_user = slot_text(source, "src_user")
        dst_user = slot_text(source, "dst_user")
        host = slot_text(source, "host")
        self.who = (src_ip, src_user, dst_user, host)
        self.decoder = text(source, "decoder.name", 64)
        self.fixed: dict[str, Any] = {
            "id": bound(str(hit.get("_id", "")), 512) or "",  # whoever indexed it chose it
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
        self._event_memo: dict[Any, Any] = {}
        self._fims: dict[bool, FimDetail | None] = {}
        self._logs: dict[int, str | None] = {}
        self._variants: dict[tuple[Any, ...], _Variant] = {}
        self._models: dict[_Variant, Alert] = {}
        self._sizes: dict[_Variant, int] = {}
        self._dumped: dict[int, int] = {}
        self._fixed_bytes: tuple[int, int] | None = None

    @property
    def rule_id(self) -> str:
        return self.rule(DESCRIPTION_LIMIT).id

    @property
    def agent_id(self) -> str:
        agent: AlertAgent = self.fixed["agent"]
        return agent.id

    def rule(self, description_limit: int) -> AlertRule:
        rule = self._descriptions.get(description_limit)
        if rule is None:
            source = self.source
            known = next(iter(self._descriptions.values()), None)  # the id and level are the same in each
            rule = self._descriptions[description_limit] = AlertRule(
                id=known.id if known else text(source, "rule.id", 32) or "",
                level=known.level if known else _level(source),
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
        return self.alert(
            self.variant(log_excerpt=log_excerpt, tight=tight, description_limit=description_limit, bare=bare)
        )

    def variant(
        self,
        *,
        log_excerpt: int = LOG_EXCERPT,
        tight: bool = False,
        description_limit: int = DESCRIPTION_LIMIT,
        bare: bool = False,
    ) -> _Variant:
        """The parts of the alert that a cut changes; the same object for a cut that changes nothing."""
        source = self.source
        rule = self.rule(description_limit)
        description = rule.description
        if tight not in self._fims:
            full = self._fims.get(False, _UNREAD)
            if tight and full is not _UNREAD:  # the tight one keeps a part of the full one
                self._fims[tight] = None if full is None else _tight_fim(full, source)
            else:
                self._fims[tight] = to_fim(source, tight=tight)
        fim = self._fims[tight]
        key = (tight, description)
        if key not in self._events:
            self._events[key] = event_fields(
                source.get("data"), shown={*self.who, description}, tight=tight, memo=self._event_memo
            )
        event, event_cut = self._events[key]
        if log_excerpt not in self._logs:
            self._logs[log_excerpt] = text(source, "full_log", log_excerpt) if log_excerpt > 0 else None
        # The event names its kind.
        decoder = None if self.decoder == GENERIC_DECODER or (tight and event) else self.decoder
        log = self._logs[log_excerpt]
        cut = event_cut or (tight and fim is not None)
        url = self.fixed["url"]
        if bare:  # the last resort of a page still over its budget: no event fields, a shorter URL
            cut, event = cut or bool(event), _NO_EVENT
            url = text(source, "data.url", TIGHT_URL)
        same = (description, id(fim), id(event), cut, decoder, log, url)
        found = self._variants.get(same)
        if found is None:
            found = self._variants[same] = _Variant(rule, decoder, event, cut, fim, log, url)
        return found

    def alert(self, variant: _Variant) -> Alert:
        alert = self._models.get(variant)
        if alert is None:
            fixed = self.fixed if variant.url == self.fixed["url"] else {**self.fixed, "url": variant.url}
            alert = self._models[variant] = Alert(
                **fixed,
                rule=variant.rule,
                decoder=variant.decoder,
                event=variant.event,
                event_cut=variant.cut,
                fim=variant.fim,
                log=variant.log,
            )
        return alert

    def size(self, variant: _Variant) -> int:
        """``_alert_size(self.alert(variant))``, from each field's bytes: compact JSON is ``{`` and ``}``, each
        field shown (``"key":value``), and a comma between two."""
        size = self._sizes.get(variant)
        if size is None:
            if self._fixed_bytes is None:
                fixed = {key: value for key, value in self.fixed.items() if key != "url" and value is not None}
                fixed["agent"] = self.fixed["agent"].model_dump(mode="json")
                self._fixed_bytes = (_field_bytes(fixed), len(fixed))
            total, fields = self._fixed_bytes
            shown: dict[str, Any] = {"url": variant.url, "decoder": variant.decoder, "log": variant.log}
            if variant.cut:
                shown["event_cut"] = True
            shown = {key: value for key, value in shown.items() if value is not None}
            total += _field_bytes(shown)
            fields += len(shown)
            for part in (variant.rule, variant.fim):
                if part is not None:
                    total += self._model_bytes(part)
                    fields += 1
            if variant.event:
                total += len('"event":') + _event_bytes(variant.event)
                fields += 1
            size = self._sizes[variant] = 2 + total + fields - 1
        return size

    def _model_bytes(self, part: AlertRule | FimDetail) -> int:
        found = self._dumped.get(id(part))
        if found is None:
            name = "rule" if isinstance(part, AlertRule) else "fim"
            found = self._dumped[id(part)] = len(name) + 3 + model_size(part)
        return found


class _Variant:
    """What one try of an alert shows beyond its fixed fields (compared by identity: ``variant`` hands out
    one object per distinct try). Never changed once made; a plain class, as a frozen dataclass costs five
    times as much to build and a page makes up to 150."""

    __slots__ = ("cut", "decoder", "event", "fim", "log", "rule", "url")

    def __init__(
        self,
        rule: AlertRule,
        decoder: str | None,
        event: dict[str, Any],
        cut: bool,
        fim: FimDetail | None,
        log: str | None,
        url: str | None,
    ) -> None:
        self.rule, self.decoder, self.event, self.cut, self.fim, self.log, self.url = (
            rule,
            decoder,
            event,
            cut,
            fim,
            log,
            url,
        )


_EVENT: TypeAdapter[dict[str, Any]] = TypeAdapter(dict[str, Any])
_FINITE = encoder(compact=True, allow_nan=False)


def _event_bytes(event: dict[str, Any]) -> int:
    """``json_size`` of the event as the model dumps it: its JSON values as they are, but for a float that is
    not finite, which the dump (pydantic's JSON mode) turns into ``null``."""
    try:
        return len(_FINITE(event).encode())
    except ValueError:  # NaN or an infinity
        return json_size(_EVENT.dump_python(event, mode="json"))


def _field_bytes(fields: dict[str, Any]) -> int:
    """Bytes of the ``"key":value`` pairs of ``fields`` in compact JSON, without braces and commas."""
    return json_size(fields) - 1 - len(fields) if fields else 0


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


def agents_of(hits: list[dict[str, Any]], agent_ids: list[str]) -> dict[str, AgentInfo]:
    """Name and IP of each agent on a page, once per agent id (the newest alert's copy)."""
    agents: dict[str, AgentInfo] = {}
    for hit, agent_id in zip(hits, agent_ids, strict=True):
        if agent_id not in agents:
            agents[agent_id] = agent_info(hit)
    return {agent_id: info for agent_id, info in agents.items() if info.model_dump(exclude_none=True)}


def rules_of(hits: list[dict[str, Any]], rule_ids: list[str]) -> dict[str, RuleInfo]:
    """What each rule on a page maps to, once per rule id (rules that map to nothing left out).

    A rule's groups and tags are the same in all its alerts as long as the manager's ruleset does not
    change; where the page's alerts of one rule differ (an upgrade, or Wazuh's own sample data), the
    entries are merged, in order of first appearance.
    """
    merged: dict[str, dict[str, Any]] = {}
    seen: dict[str, list[tuple[Any, ...]]] = {}
    for hit, rule_id in zip(hits, rule_ids, strict=True):
        into = merged.setdefault(rule_id, {})
        source = hit.get("_source") or {}
        rule = source.get("rule")
        raw = (_get(source, "rule.groups"), _get(source, "rule.mitre.id"), *_compliance_raw(rule))
        known = seen.setdefault(rule_id, [])
        if raw in known:
            continue  # the same tags as an alert of this rule already merged: merging them adds nothing
        known.append(raw)
        for key, values in _listed_rule_info_of(raw, source).items():
            if key == "compliance":
                for framework, entries in values.items():
                    _merge(into.setdefault("compliance", {}).setdefault(framework, []), entries)
            else:
                _merge(into.setdefault(key, []), values)
    # An entry is only ever added with a value, so an empty merge is a rule that maps to nothing.
    return {rule_id: RuleInfo.model_validate(info) for rule_id, info in merged.items() if info}


def _compliance_raw(rule: Any) -> tuple[Any, ...]:
    return tuple(rule.get(tag) for tag in COMPLIANCE) if isinstance(rule, dict) else ()


_RULE_INFOS: dict[str, dict[str, Any]] = {}
_RULE_INFOS_MAX, _RULE_KEY_MAX = 1024, 2048
"""Rules whose tags ``rules_of`` keeps between calls (a page's rules repeat on the next), and the longest key kept:
a rule's tags take a few hundred characters; crafted alerts with ever new tags cost at most a few MB."""


def _listed_rule_info_of(raw: tuple[Any, ...], source: dict[str, Any]) -> dict[str, Any]:
    """``_listed_rule_info(source)``, kept per distinct tag values (``raw``, keyed by its ``repr``, which tells
    ``1``, ``1.0``, ``True`` and ``"1"`` apart as their text does) across pages; the result is shared, so
    never changed by the caller."""
    key = repr(raw)
    if len(key) > _RULE_KEY_MAX:
        return _listed_rule_info(source)
    found = _RULE_INFOS.get(key)
    if found is None:
        found = _listed_rule_info(source)
        if len(_RULE_INFOS) >= _RULE_INFOS_MAX:
            _RULE_INFOS.clear()
        _RULE_INFOS[key] = found
    return found


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


_COMPACT = encoder(compact=True)
"""``json.dumps(value, separators=(",", ":"), ensure_ascii=False)``."""


def json_size(value: Any) -> int:
    """Bytes of ``value`` as the server sends it (compact JSON, UTF-8)."""
    return len(_COMPACT(value).encode())


def _alert_size(alert: Alert) -> int:
    return json_size(alert.model_dump(mode="json"))


def alert_page_view(hits: list[dict[str, Any]], *, overhead: int = 0) -> AlertPage:
    """Compact alerts for one page, with the page's rule and agent maps, fitted to the page budget.

    ``overhead``: bytes the result adds around them (total, cursor…). Every event is shown in full
    first; when the page is over ``PAGE_BYTES_PER_ALERT`` per alert, the largest ones are cut back.
    """
    readers = [_AlertReader(hit) for hit in hits]
    shown = [reader.variant() for reader in readers]
    rules = rules_of(hits, [reader.rule_id for reader in readers])
    agents = agents_of(hits, [reader.agent_id for reader in readers])
    sizes = [reader.size(variant) for reader, variant in zip(readers, shown, strict=True)]
    budget = PAGE_BYTES_PER_ALERT * max(len(hits), 1)
    # What no page of up to 25 alerts exceeds (12 KiB), less what ``overhead`` leaves out (commas, flags).
    limit = PAGE_LIMIT * max(len(hits), 25) // 25 - _LIMIT_MARGIN
    total = overhead + sum(sizes) + _map_size(rules)
    total += _map_size(agents)
    # First the log lines (decoded fields usually say what they say), then the rule descriptions (Wazuh
    # interpolates the event into many), then the rules' compliance tags (a page of 25 different rules
    # spends a fifth of its budget on them; get_alert has them), and only then the events.
    compliance_cut = False
    for log_excerpt, tight, description_limit, no_event in _STAGES:
        aim = limit if no_event else budget
        if tight and total > budget and not compliance_cut:
            bare = {rule_id: info.model_copy(update={"compliance": {}}) for rule_id, info in rules.items()}
            bare = {rule_id: info for rule_id, info in bare.items() if info.model_dump()}
            total -= _map_size(rules) - _map_size(bare)
            rules, compliance_cut = bare, True
        for index in sorted(range(len(shown)), key=lambda i: -sizes[i]):
            if total <= aim:
                break
            if log_excerpt == 0 and not _decoded(shown[index], readers[index]):
                continue  # a log line that nothing was decoded from is the whole alert
            reader = readers[index]
            smaller = reader.variant(
                log_excerpt=log_excerpt, tight=tight, description_limit=description_limit, bare=no_event
            )
            if smaller is shown[index]:
                continue  # this stage cuts nothing of it
            saved = sizes[index] - reader.size(smaller)
            if saved > 0:
                total -= saved
                sizes[index] -= saved
                shown[index] = smaller
        else:
            continue
        break
    alerts = [reader.alert(variant) for reader, variant in zip(readers, shown, strict=True)]
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


def _map_size(models: Mapping[str, BaseModel]) -> int:
    """``json_size`` of a page's map of models (its rules, its agents) as the result dumps it: ``{"key":model,…}``."""
    return 1 + sum(json_size(key) + 2 + model_size(model) for key, model in models.items()) if models else 2


def model_size(model: BaseModel) -> int:
    """Bytes of a result model as the server sends it (pydantic's compact JSON, what ``json_size`` of its dump
    gives for the view's models, which hold no float)."""
    return len(model.__pydantic_serializer__.to_json(model))


def _decoded(variant: _Variant, reader: _AlertReader) -> bool:
    fixed = reader.fixed
    return bool(
        variant.event or variant.fim or fixed["src_ip"] or fixed["src_user"] or fixed["dst_user"] or variant.url
    )
