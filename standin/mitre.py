"""The MITRE ATT&CK database behind ``/mitre/*``.

Two sources, merged: a curated set of real Enterprise techniques (T-numbers, names, tactics,
sub-technique links) that every stand-in carries, and, when Wazuh's test dump of ``mitre.db``
is at hand (``reference/wazuh/mitre/mitre-db-schema-and-subset.test.sql``), its rows loaded
through sqlite3. Tactic STIX ids are ATT&CK's own; the curated techniques' STIX ids are
stand-in ids (uuid5 of the T-number), stable across runs. A technique present in both keeps
the dump's row.
"""

from __future__ import annotations

import logging
import sqlite3
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)
Item = dict[str, Any]
ATTACK = "https://attack.mitre.org"
_NAMESPACE = uuid.UUID("9c1e7b52-3f0e-4f5c-9a53-6f6a8d2b7e11")
_CURATED_TIME = "2020-10-19T00:00:00.000000Z"  # the curated rows' created/modified stamp

# (TA id, STIX id suffix, name, short name)
TACTICS: tuple[tuple[str, str, str, str], ...] = (
    ("TA0043", "daa4cbb1-b4f4-4723-a824-7f1efd6e0592", "Reconnaissance", "reconnaissance"),
    ("TA0042", "d679bca2-e57d-4935-8650-8031c87a4400", "Resource Development", "resource-development"),
    ("TA0001", "ffd5bcee-6e16-4dd2-8eca-7b3beedf33ca", "Initial Access", "initial-access"),
    ("TA0002", "4ca45d45-df4d-4613-8980-bac22d278fa5", "Execution", "execution"),
    ("TA0003", "5bc1d813-693e-4823-9961-abf9af4b0e92", "Persistence", "persistence"),
    ("TA0004", "5e29b093-294e-49e9-a803-dab3d73b77dd", "Privilege Escalation", "privilege-escalation"),
    ("TA0005", "78b23412-0651-46d7-a540-170a1ce8bd5a", "Defense Evasion", "defense-evasion"),
    ("TA0006", "2558fd61-8c75-4730-94c4-11926db2a263", "Credential Access", "credential-access"),
    ("TA0007", "c17c5845-175e-4421-9713-829d0573dbc9", "Discovery", "discovery"),
    ("TA0008", "7141578b-e50b-4dcc-bfa4-08a8dd689e9e", "Lateral Movement", "lateral-movement"),
    ("TA0009", "d108ce10-2419-4cf9-a774-46161d6c6cfe", "Collection", "collection"),
    ("TA0011", "f72804c5-f15a-449e-a5da-2eecd181f813", "Command and Control", "command-and-control"),
    ("TA0010", "9a4e74ab-5008-408c-84bf-a10dfbc53462", "Exfiltration", "exfiltration"),
    ("TA0040", "5569339b-94c2-49ee-afb3-2222936582c8", "Impact", "impact"),
)

# (T-number, name, tactic short names); a dotted number is a sub-technique of its parent.
TECHNIQUES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("T1110", "Brute Force", ("credential-access",)),
    ("T1110.001", "Password Guessing", ("credential-access",)),
    ("T1110.002", "Password Cracking", ("credential-access",)),
    ("T1110.003", "Password Spraying", ("credential-access",)),
    ("T1110.004", "Credential Stuffing", ("credential-access",)),
    ("T1078", "Valid Accounts", ("defense-evasion", "persistence", "privilege-escalation", "initial-access")),
    ("T1078.001", "Default Accounts", ("defense-evasion", "persistence", "privilege-escalation", "initial-access")),
    ("T1078.003", "Local Accounts", ("defense-evasion", "persistence", "privilege-escalation", "initial-access")),
    ("T1021", "Remote Services", ("lateral-movement",)),
    ("T1021.001", "Remote Desktop Protocol", ("lateral-movement",)),
    ("T1021.002", "SMB/Windows Admin Shares", ("lateral-movement",)),
    ("T1021.004", "SSH", ("lateral-movement",)),
    ("T1059", "Command and Scripting Interpreter", ("execution",)),
    ("T1059.001", "PowerShell", ("execution",)),
    ("T1059.003", "Windows Command Shell", ("execution",)),
    ("T1059.004", "Unix Shell", ("execution",)),
    ("T1548", "Abuse Elevation Control Mechanism", ("privilege-escalation", "defense-evasion")),
    ("T1548.003", "Sudo and Sudo Caching", ("privilege-escalation", "defense-evasion")),
    ("T1105", "Ingress Tool Transfer", ("command-and-control",)),
    ("T1190", "Exploit Public-Facing Application", ("initial-access",)),
    ("T1562", "Impair Defenses", ("defense-evasion",)),
    ("T1562.001", "Disable or Modify Tools", ("defense-evasion",)),
    ("T1070", "Indicator Removal", ("defense-evasion",)),
    ("T1070.004", "File Deletion", ("defense-evasion",)),
    ("T1053", "Scheduled Task/Job", ("execution", "persistence", "privilege-escalation")),
    ("T1053.003", "Cron", ("execution", "persistence", "privilege-escalation")),
    ("T1098", "Account Manipulation", ("persistence", "privilege-escalation")),
    ("T1136", "Create Account", ("persistence",)),
    ("T1543", "Create or Modify System Process", ("persistence", "privilege-escalation")),
    ("T1068", "Exploitation for Privilege Escalation", ("privilege-escalation",)),
    ("T1210", "Exploitation of Remote Services", ("lateral-movement",)),
    ("T1003", "OS Credential Dumping", ("credential-access",)),
    ("T1046", "Network Service Discovery", ("discovery",)),
    ("T1082", "System Information Discovery", ("discovery",)),
    ("T1087", "Account Discovery", ("discovery",)),
    ("T1486", "Data Encrypted for Impact", ("impact",)),
    ("T1489", "Service Stop", ("impact",)),
    ("T1531", "Account Access Removal", ("impact",)),
    ("T1071", "Application Layer Protocol", ("command-and-control",)),
    ("T1041", "Exfiltration Over C2 Channel", ("exfiltration",)),
    ("T1005", "Data from Local System", ("collection",)),
    ("T1595", "Active Scanning", ("reconnaissance",)),
    ("T1583", "Acquire Infrastructure", ("resource-development",)),
    ("T1112", "Modify Registry", ("defense-evasion",)),
    ("T1222", "File and Directory Permissions Modification", ("defense-evasion",)),
    ("T1556", "Modify Authentication Process", ("credential-access", "defense-evasion", "persistence")),
)


def technique_stix_id(external_id: str) -> str:
    return f"attack-pattern--{uuid.uuid5(_NAMESPACE, external_id)}"


def _iso(value: str | None) -> str | None:
    return value.replace(" ", "T") + "Z" if value else None


@dataclass
class MitreDb:
    """The /mitre/* collections as API-shaped items, each sorted by STIX id like mitre.db."""

    metadata: list[Item] = field(default_factory=list)
    techniques: list[Item] = field(default_factory=list)
    tactics: list[Item] = field(default_factory=list)
    mitigations: list[Item] = field(default_factory=list)
    groups: list[Item] = field(default_factory=list)
    software: list[Item] = field(default_factory=list)
    references: list[Item] = field(default_factory=list)

    def technique_by_external_id(self, external_id: str) -> Item | None:
        return next((t for t in self.techniques if t.get("external_id") == external_id), None)


def _prune(item: Item) -> Item:
    return {k: v for k, v in item.items() if v is not None}


def _curated_tactics() -> list[Item]:
    return [
        {
            "id": f"x-mitre-tactic--{suffix}",
            "name": name,
            "short_name": short,
            "description": f"The adversary's {name.lower()} objective in ATT&CK Enterprise.",
            "created_time": _CURATED_TIME,
            "modified_time": _CURATED_TIME,
            "techniques": [],
            "references": [],
            "external_id": ta,
            "source": "mitre-attack",
            "url": f"{ATTACK}/tactics/{ta}",
        }
        for ta, suffix, name, short in TACTICS
    ]


def _curated_techniques(tactic_ids: dict[str, str]) -> list[Item]:
    out = []
    for number, name, tactics in TECHNIQUES:
        parent = number.split(".")[0] if "." in number else None
        path = number.replace(".", "/")
        out.append(
            _prune(
                {
                    "id": technique_stix_id(number),
                    "name": name,
                    "description": f"Adversaries may use {name.lower()} ({number}); see the ATT&CK page for details.",
                    "created_time": _CURATED_TIME,
                    "modified_time": _CURATED_TIME,
                    "mitre_version": "1.0",
                    "mitre_detection": f"Monitor for activity consistent with {name.lower()}.",
                    "network_requirements": 0,
                    "remote_support": 0,
                    "deprecated": 0,
                    "subtechnique_of": technique_stix_id(parent) if parent else None,
                    "tactics": [tactic_ids[t] for t in tactics],
                    "mitigations": [],
                    "software": [],
                    "groups": [],
                    "references": [],
                    "external_id": number,
                    "source": "mitre-attack",
                    "url": f"{ATTACK}/techniques/{path}",
                }
            )
        )
    return out


def load_mitre(sql_path: Path | None = None) -> MitreDb:
    """The curated database, extended with the mitre.db dump at ``sql_path`` when it exists."""
    tactics = _curated_tactics()
    db = MitreDb(
        metadata=[{"key": "db_version", "value": "1"}, {"key": "mitre_version", "value": "2.0"}], tactics=tactics
    )
    tactic_ids = {t["short_name"]: t["id"] for t in tactics}
    curated = _curated_techniques(tactic_ids)
    if sql_path is not None and sql_path.is_file():
        try:
            _load_sql(db, sql_path)
        except sqlite3.Error as exc:  # a broken dump must not take the stand-in down
            log.warning("mitre dump %s not loaded: %s", sql_path, exc)
    known = {t.get("external_id") for t in db.techniques}
    db.techniques.extend(t for t in curated if t["external_id"] not in known)
    _link_tactics(db)
    for collection in (db.techniques, db.tactics, db.mitigations, db.groups, db.software):
        collection.sort(key=lambda item: item["id"])
    return db


def _link_tactics(db: MitreDb) -> None:
    by_id = {t["id"]: t for t in db.tactics}
    for tactic in db.tactics:
        tactic["techniques"] = []
    for technique in db.techniques:
        for tactic_id in technique.get("tactics", []):
            if tactic_id in by_id:
                by_id[tactic_id]["techniques"].append(technique["id"])


def _load_sql(db: MitreDb, sql_path: Path) -> None:  # noqa: C901 - one pass over Wazuh's SQL dump, table by table; split, it would pass half a dozen maps around
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(sql_path.read_text(encoding="utf-8"))
        conn.row_factory = sqlite3.Row

        def rows(sql: str) -> list[Item]:
            return [dict(r) for r in conn.execute(sql)]

        db.metadata = [{"key": r["key"], "value": r["value"]} for r in rows("SELECT * FROM metadata")]
        refs: dict[str, list[Item]] = {}
        external: dict[str, Item] = {}
        for r in rows("SELECT * FROM reference"):
            item = _prune(
                {
                    "id": r["id"],
                    "source": r["source"],
                    "external_id": r["external_id"],
                    "url": r["url"],
                    "description": r["description"],
                    "type": r["type"],
                }
            )
            db.references.append(item)
            if r["source"] == "mitre-attack":
                external[r["id"]] = {"external_id": r["external_id"], "source": "mitre-attack", "url": r["url"]}
            else:
                refs.setdefault(r["id"], []).append(
                    _prune({"source": r["source"], "url": r["url"], "description": r["description"]})
                )
        links: dict[str, dict[str, list[str]]] = {}

        def link(owner: str, kind: str, target: str) -> None:
            links.setdefault(owner, {}).setdefault(kind, []).append(target)

        for r in rows("SELECT tactic_id, tech_id FROM phase"):
            link(r["tech_id"], "tactics", r["tactic_id"])
        for r in rows("SELECT source_id, target_id FROM mitigate"):
            link(r["target_id"], "mitigations", r["source_id"])
            link(r["source_id"], "techniques", r["target_id"])
        for r in rows("SELECT source_id, source_type, target_id, target_type FROM use"):
            link(r["source_id"], "techniques" if r["target_type"] == "technique" else r["target_type"], r["target_id"])
            link(r["target_id"], "groups" if r["source_type"] == "group" else r["source_type"], r["source_id"])

        def common(r: Item, kinds: tuple[str, ...]) -> Item:
            item = {
                "id": r["id"],
                "name": r["name"],
                "description": r["description"],
                "created_time": _iso(r["created_time"]),
                "modified_time": _iso(r["modified_time"]),
                "mitre_version": r.get("mitre_version"),
                "deprecated": r.get("deprecated"),
            }
            for kind in kinds:
                item[kind] = links.get(r["id"], {}).get(kind, [])
            item["references"] = refs.get(r["id"], [])
            item.update(external.get(r["id"], {}))
            return _prune(item)

        for r in rows("SELECT * FROM technique"):
            item = common(r, ("tactics", "mitigations", "software", "groups"))
            item.update(
                _prune(
                    {
                        "mitre_detection": r["mitre_detection"],
                        "network_requirements": r["network_requirements"],
                        "remote_support": r["remote_support"],
                        "subtechnique_of": r["subtechnique_of"],
                    }
                )
            )
            db.techniques.append(item)
        db.mitigations = [common(r, ("techniques",)) for r in rows("SELECT * FROM mitigation")]
        db.groups = [common(r, ("software", "techniques")) for r in rows('SELECT * FROM "group"')]
        db.software = [common(r, ("groups", "techniques")) for r in rows("SELECT * FROM software")]
        curated = {t["id"]: t for t in db.tactics}
        tactics = []
        for r in rows("SELECT * FROM tactic"):
            item = common(r, ())
            item.pop("mitre_version", None)
            item.pop("deprecated", None)
            item["short_name"] = r["short_name"]
            for key in ("external_id", "source", "url"):  # the dump has no tactic references
                item.setdefault(key, curated.get(r["id"], {}).get(key))
            tactics.append(_prune(item))
        db.tactics = tactics
    finally:
        conn.close()
