"""How an alert document becomes a compact ``Alert``: the fields fetched, the sort, the mapping.

Shared by alerts.*, hunt.* and fim.* (all three read ``wazuh-alerts-*``). ``ALERT_SOURCE`` is
sent as ``_source.includes`` so the engine returns only what ``to_alert`` reads.
"""

from __future__ import annotations

from typing import Any

from wazuh_mcp.models.alerts import Alert, AlertAgent, AlertRule, FimDetail
from wazuh_mcp.models.common import excerpt

LOG_EXCERPT = 300
"""Characters of ``full_log`` in a listed alert; get_alert shows more."""
DIFF_EXCERPT = 300

FIM_SOURCE = [
    "syscheck.path",
    "syscheck.event",
    "syscheck.changed_attributes",
    "syscheck.sha256_before",
    "syscheck.sha256_after",
    "syscheck.md5_after",
    "syscheck.size_after",
    "syscheck.uname_after",
    "syscheck.perm_after",
    "syscheck.mtime_after",
    "syscheck.audit.user.name",
    "syscheck.audit.process.name",
    "syscheck.diff",
]
# Windows event-channel alerts carry who/where in data.win.*, not in data.srcip/srcuser/dstuser.
WIN_IP, WIN_TARGET_USER, WIN_SUBJECT_USER, WIN_EVENT_ID = (
    "data.win.eventdata.ipAddress",
    "data.win.eventdata.targetUserName",
    "data.win.eventdata.subjectUserName",
    "data.win.system.eventID",
)
WINDOWS_SOURCE = [WIN_IP, WIN_TARGET_USER, WIN_SUBJECT_USER, WIN_EVENT_ID]
ALERT_SOURCE = [
    "timestamp",
    "rule.id",
    "rule.level",
    "rule.description",
    "rule.groups",
    "rule.mitre.id",
    "rule.mitre.tactic",
    "rule.mitre.technique",
    "agent.id",
    "agent.name",
    "agent.ip",
    "data.srcip",
    "data.srcport",
    "data.dstip",
    "data.dstport",
    "data.srcuser",
    "data.dstuser",
    "data.hostname",
    "data.url",
    "location",
    "decoder.name",
    "full_log",
    *FIM_SOURCE,
    *WINDOWS_SOURCE,
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


def text(doc: dict[str, Any], dotted: str) -> str | None:
    """A field as one string (the first one when the document holds a list)."""
    value = _get(doc, dotted)
    if isinstance(value, list):
        value = value[0] if value else None
    if value is None or isinstance(value, dict):
        return None
    result = str(value)
    return result if result else None


def first_text(doc: dict[str, Any], *dotted: str) -> str | None:
    """The first of these fields that holds a real value (Windows writes '-' for "none")."""
    for name in dotted:
        value = text(doc, name)
        if value is not None and value.strip() not in ("", "-"):
            return value
    return None


def texts(doc: dict[str, Any], dotted: str) -> list[str]:
    value = _get(doc, dotted)
    if value is None:
        return []
    items = value if isinstance(value, list) else [value]
    return [str(item) for item in items if item is not None and not isinstance(item, dict)]


def number(doc: dict[str, Any], dotted: str) -> int | None:
    value = _get(doc, dotted)
    if isinstance(value, list):
        value = value[0] if value else None
    try:
        return int(value) if value is not None and not isinstance(value, bool) else None
    except (TypeError, ValueError):
        return None


def to_fim(source: dict[str, Any]) -> FimDetail | None:
    path = text(source, "syscheck.path")
    if path is None:
        return None
    return FimDetail(
        path=path,
        event=text(source, "syscheck.event"),
        changed=texts(source, "syscheck.changed_attributes"),
        sha256_before=text(source, "syscheck.sha256_before"),
        sha256_after=text(source, "syscheck.sha256_after"),
        md5_after=text(source, "syscheck.md5_after"),
        size_after=number(source, "syscheck.size_after"),
        user_after=text(source, "syscheck.uname_after"),
        perm_after=text(source, "syscheck.perm_after"),
        mtime_after=text(source, "syscheck.mtime_after"),
        who=text(source, "syscheck.audit.user.name"),
        process=text(source, "syscheck.audit.process.name"),
        diff=excerpt(text(source, "syscheck.diff"), DIFF_EXCERPT) or None,
    )


def to_alert(hit: dict[str, Any], *, log_excerpt: int = LOG_EXCERPT) -> Alert:
    source: dict[str, Any] = hit.get("_source") or {}
    return Alert(
        id=str(hit.get("_id", "")),
        timestamp=text(source, "timestamp") or "",
        rule=AlertRule(
            id=text(source, "rule.id") or "",
            level=number(source, "rule.level") or 0,
            description=text(source, "rule.description"),
            groups=texts(source, "rule.groups"),
            mitre_ids=texts(source, "rule.mitre.id"),
            mitre_tactics=texts(source, "rule.mitre.tactic"),
            mitre_techniques=texts(source, "rule.mitre.technique"),
        ),
        agent=AlertAgent(
            id=text(source, "agent.id") or "", name=text(source, "agent.name"), ip=text(source, "agent.ip")
        ),
        src_ip=first_text(source, "data.srcip", WIN_IP),
        src_port=text(source, "data.srcport"),
        dst_ip=text(source, "data.dstip"),
        dst_port=text(source, "data.dstport"),
        src_user=first_text(source, "data.srcuser", WIN_SUBJECT_USER),
        dst_user=first_text(source, "data.dstuser", WIN_TARGET_USER),
        event_id=text(source, WIN_EVENT_ID),
        host=text(source, "data.hostname"),
        url=text(source, "data.url"),
        location=text(source, "location"),
        decoder=text(source, "decoder.name"),
        fim=to_fim(source),
        log=excerpt(text(source, "full_log"), log_excerpt) or None,
    )
