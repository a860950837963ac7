"""Wazuh 5.x findings shown as the alerts of 4.x: one reading of a finding, so every alert tool's result
model, page budget and sanitising stay the ones ``_alert_view`` already has.

A 5.x finding is an event (Wazuh Common Schema: ECS field sets plus ``wazuh.*``) that matched a rule.
``as_alert_hit`` reads it into the shape ``_alert_view.to_alert`` reads: the manager's fields under their
4.x names (``fields_v5.WAZUH_FIELDS_OF_4X``, read backwards), the raw log as ``full_log``, a FIM finding's
``file.*`` as ``syscheck.*``, and every other ECS field set, as stored, under ``data`` — so the compact
view's ``event`` shows a 5.x event's own fields (``source.ip``, ``user.name``, ``cloud.region``…) by the
names a hunt on 5.x uses. The level stays Wazuh 5.x's keyword. ``get_alert`` shows the finding itself.
"""

from __future__ import annotations

from typing import Any

from wazuh_mcp.query.fields_v5 import WAZUH_FIELDS_OF_4X

FINDING_SORT: list[dict[str, Any]] = [
    {"@timestamp": {"order": "desc"}},
    # Findings carry no unique keyword of their own (event.id is absent from most): the document id breaks
    # ties, which OpenSearch 3.x still sorts on (fielddata on _id, deprecated but on by default).
    {"_id": {"order": "desc"}},
]
FINDING_SOURCE = ["*"]
"""A finding's fields are its event's: every one may be the one that matters, and the view bounds them."""

# Top-level keys that are not event data: the manager's own (read into 4.x names), the raw log, the time.
_NOT_EVENT = frozenset({"wazuh", "@timestamp", "data_stream", "agent"})
_FIM_INTEGRATION = "wazuh-fim"
_FIM_FIELDS = {
    "syscheck.path": "file.path",
    "syscheck.sha256_after": "file.hash.sha256",
    "syscheck.sha1_after": "file.hash.sha1",
    "syscheck.md5_after": "file.hash.md5",
    "syscheck.size_after": "file.size",
    "syscheck.uname_after": "file.owner",
    "syscheck.mtime_after": "file.mtime",
    "syscheck.perm_after": "file.mode",
}
# The 5.x field of each 4.x name the compact alert reads (the rest of the table serves hunts and errors).
_VIEW_FIELDS = (
    "timestamp",
    "agent.id",
    "agent.name",
    "agent.ip",
    "rule.id",
    "rule.level",
    "rule.description",
    "rule.groups",
    "rule.mitre.tactic",
    "rule.mitre.technique",
    "location",
    "full_log",
    "data.srcip",
    "data.srcport",
    "data.dstip",
    "data.dstport",
    "data.srcuser",
    "data.dstuser",
    "data.url",
)


def _get(doc: dict[str, Any], dotted: str) -> Any:
    value: Any = doc
    for part in dotted.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def _put(doc: dict[str, Any], dotted: str, value: Any) -> None:
    *parents, last = dotted.split(".")
    for part in parents:
        doc = doc.setdefault(part, {})
    doc[last] = value


def _mitre_ids(rule: Any) -> list[str]:
    """Technique and sub-technique ids together, as a 4.x rule lists them in ``rule.mitre.id``."""
    mitre = rule.get("mitre") if isinstance(rule, dict) else None
    ids: list[str] = []
    for kind in ("technique", "subtechnique"):
        found = _get(mitre, f"{kind}.id") if isinstance(mitre, dict) else None
        ids += [str(v) for v in (found if isinstance(found, list) else [found]) if v is not None]
    return ids


def as_alert_hit(hit: dict[str, Any]) -> dict[str, Any]:
    """The hit with its ``_source`` read as a 4.x alert's (the id and index kept)."""
    finding: dict[str, Any] = hit.get("_source") or {}
    event = {key: value for key, value in finding.items() if key not in _NOT_EVENT}
    if isinstance(event.get("event"), dict):
        event["event"] = {k: v for k, v in event["event"].items() if k != "original"}  # shown as the log
    alert: dict[str, Any] = {"data": event}  # the 4.x slots (data.srcip…) are added beside the 5.x fields
    for name in _VIEW_FIELDS:
        value = _get(finding, WAZUH_FIELDS_OF_4X[name])
        if value is not None:
            _put(alert, name, value)
    rule = _get(finding, "wazuh.rule")
    if ids := _mitre_ids(rule):
        _put(alert, "rule.mitre.id", ids)
    compliance = _get(finding, "wazuh.rule.compliance")
    for framework, entries in (compliance or {}).items() if isinstance(compliance, dict) else ():
        _put(alert, f"rule.{framework}", entries)
    integration = _get(finding, "wazuh.integration") or {}
    if isinstance(integration, dict) and integration.get("name"):
        _put(alert, "decoder.name", integration["name"])
    if isinstance(integration, dict) and integration.get("name") == _FIM_INTEGRATION:
        for name, field in _FIM_FIELDS.items():
            if (value := _get(finding, field)) is not None:
                _put(alert, name, value)
        if action := _get(finding, "event.action"):
            _put(alert, "syscheck.event", str(action).removeprefix("file-"))
    return {**hit, "_source": alert}
