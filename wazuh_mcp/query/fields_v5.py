"""What the server knows about Wazuh 5.x finding and event fields, from Wazuh's own 5.x files.

Wazuh 5.x writes Wazuh Common Schema (ECS-based) documents: the manager's own fields move under
``wazuh.*`` and a log's meaning lands in ECS field sets (``source.ip``, ``user.name``, ``file.hash.sha256``).
Types come from ``template_types_v5`` (generated from the 5.x templates); this module adds the three facts
the tools need on top of them:

- **levels**: a 5.x rule's level is a keyword (``informational`` … ``critical``), never a number; a 4.x
  numeric level converts by the mapping of Wazuh's 4.x→5.x rule migration guide (``LEVEL_OF_4X``);
- **indicator fields**: which fields hold an IP, a user, a domain or a hash, derived from the template by
  ECS's naming rules, so a field WCS adds is pivoted on without an edit here;
- **4.x names**: the 5.x field that holds what a 4.x alert field held, so a 4.x name in a 5.x hunt gets an
  error naming its 5.x equivalent.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Literal

from wazuh_mcp.query.template_types_v5 import EVENTS_ONLY, FINDINGS

Level = Literal["informational", "low", "medium", "high", "critical"]
LEVELS: tuple[Level, ...] = ("informational", "low", "medium", "high", "critical")
"""Lowest first: Wazuh's 5.x rule levels."""

# Wazuh's rules-4x-to-5x migration guide (step 3): 0 disables the rule, 1-3 informational, 4-6 low, 7-9
# medium, 10-13 high, 14-16 critical.
_LEVEL_BANDS: tuple[tuple[int, Level], ...] = ((3, "informational"), (6, "low"), (9, "medium"), (13, "high"))


def level_of_4x(level: int) -> Level | None:
    """The 5.x level a 4.x numeric level becomes (None for 0: the guide disables such a rule)."""
    if not 0 <= level <= 16:
        raise ValueError(f"a Wazuh 4.x rule level is 0-16, not {level}")
    if level == 0:
        return None
    return next((name for top, name in _LEVEL_BANDS if level <= top), "critical")


def lowest_4x_level(level: Level) -> int:
    """The lowest 4.x number of a 5.x level's band (high: 10), for a keyword ``min_level`` on Wazuh 4.x."""
    tops = [0] + [top for top, _ in _LEVEL_BANDS]
    return tops[LEVELS.index(level)] + 1


def levels_at_least(level: Level) -> list[Level]:
    """The keyword values of a ``min_level`` filter on 5.x: a ``terms`` filter, never a range on a keyword."""
    return list(LEVELS[LEVELS.index(level) :])


# The manager's own identity fields: 4.x alert name -> 5.x finding field (MIGRATION-NOTES facts 5, 6, 9).
WAZUH_FIELDS_OF_4X: dict[str, str] = {
    "timestamp": "@timestamp",
    "agent.id": "wazuh.agent.id",
    "agent.name": "wazuh.agent.name",
    "agent.ip": "wazuh.agent.host.ip",
    "manager.name": "wazuh.cluster.node",
    "cluster.name": "wazuh.cluster.name",
    "cluster.node": "wazuh.cluster.node",
    "rule.id": "wazuh.rule.id",
    "rule.level": "wazuh.rule.level",
    "rule.description": "wazuh.rule.title",
    "rule.groups": "wazuh.rule.tags",
    "rule.mitre.id": "wazuh.rule.mitre.technique.id",
    "rule.mitre.technique": "wazuh.rule.mitre.technique.name",
    "rule.mitre.tactic": "wazuh.rule.mitre.tactic.name",
    "rule.pci_dss": "wazuh.rule.compliance.pci_dss",
    "rule.gdpr": "wazuh.rule.compliance.gdpr",
    "rule.hipaa": "wazuh.rule.compliance.hipaa",
    "rule.nist_800_53": "wazuh.rule.compliance.nist_800_53",
    "rule.tsc": "wazuh.rule.compliance.tsc",
    "decoder.name": "wazuh.integration.decoders",
    "location": "log.file.path",
    "full_log": "event.original",
    "data.srcip": "source.ip",
    "data.dstip": "destination.ip",
    "data.srcport": "source.port",
    "data.dstport": "destination.port",
    "data.srcuser": "source.user.name",
    "data.dstuser": "user.name",
    "data.url": "url.original",
    "data.protocol": "network.protocol",
    "syscheck.path": "file.path",
    "syscheck.md5_after": "file.hash.md5",
    "syscheck.sha1_after": "file.hash.sha1",
    "syscheck.sha256_after": "file.hash.sha256",
    "syscheck.uname_after": "file.owner",
    "syscheck.event": "event.action",
}

IocKind = Literal["hash", "ip", "user", "domain"]

# ECS naming rules, applied to the generated template: an ``ip``-typed field other than a network's own
# addressing (netmask, gateway, broadcast), and a party's ``address`` (ECS: "an IP address or a domain";
# Wazuh's AWS and Azure samples put the IP there); a user's name, e-mail or id in any user field set (and
# ``related.user``); a DNS domain or host name (a user's or group's ``domain`` is a directory, not DNS); a
# file hash of the three algorithms the pivots take.
_NOT_AN_INDICATOR_IP = re.compile(r"^network\.(netmask|gateway|broadcast)$")
_ADDRESS = re.compile(r"^(source|destination|client|server)\.address$")
_USER = re.compile(r"(^|\.)user\.(name|email|id)$|^related\.user$")
_DOMAIN = re.compile(r"(^|\.)(domain|hostname)$|^host\.name$|^dns\.question\.name$|^dns\.answers\.name$")
_DIRECTORY = re.compile(r"(^|\.)(user|group|changes|effective|target)\.domain$")
_HASH = re.compile(r"(^|\.)hash\.(md5|sha1|sha256)$|^related\.hash$")
# Fields that name the product's own machinery, never an indicator of an event (the CPU, the geo label,
# a case's assignee, the IoC feed's own records are searched by the IoC tools, not pivoted on).
_MACHINERY = re.compile(r"(^|\.)(cpu|geo)\.|^wazuh\.(case|agent\.host\.cpu)\.")


def _kind(name: str, mapping: str) -> IocKind | None:
    if _MACHINERY.search(name):
        return None
    if mapping == "ip":
        return None if _NOT_AN_INDICATOR_IP.match(name) else "ip"
    if mapping != "keyword":
        return None
    if _ADDRESS.match(name):
        return "ip"
    if _DIRECTORY.search(name):
        return None
    for kind, pattern in (("hash", _HASH), ("user", _USER), ("domain", _DOMAIN)):
        if pattern.search(name):
            return kind  # type: ignore[return-value]
    return None


@cache
def ioc_fields(kind: IocKind) -> tuple[str, ...]:
    """Every 5.x finding or event field that holds an indicator of ``kind``, sorted."""
    fields = {**FINDINGS, **EVENTS_ONLY}
    return tuple(sorted(name for name, mapping in fields.items() if _kind(name, mapping) == kind))


_LISTED = re.compile(r"^wazuh\.(rule|agent|integration|cluster)\.")
_HUNTED_TYPES = ("keyword", "ip", "long", "integer", "short", "byte", "date")


def listed_fields(findings: dict[str, str], unindexed: frozenset[str]) -> tuple[str, ...]:
    """The fields hunt_fields lists on 5.x, from a findings type table: the manager's own (rule, agent,
    integration, cluster; not the agent's host hardware), every indicator field, and each 4.x alert field's
    5.x home. hunt_query accepts every typed field of the templates; these are the ones worth naming."""
    names = {n for n in findings if _LISTED.match(n) and not n.startswith("wazuh.agent.host.")}
    names |= {n for n in findings if _kind(n, findings[n]) is not None}
    names |= set(WAZUH_FIELDS_OF_4X.values())
    return tuple(sorted(n for n in names if findings.get(n) in _HUNTED_TYPES and n not in unindexed))


def field_type(name: str) -> str | None:
    """The 5.x mapping of a finding or event field; None when no 5.x template maps it."""
    return FINDINGS.get(name) or EVENTS_ONLY.get(name)


def equivalent_of_4x(name: str) -> str | None:
    """The 5.x field holding what the 4.x alert field ``name`` held, when there is one."""
    return WAZUH_FIELDS_OF_4X.get(name)
