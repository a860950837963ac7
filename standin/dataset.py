"""The Indexer side of the stand-in: Wazuh 4.x alerts and 4.8+ vulnerability state for the estate.

Content is deterministic from ``seed`` (and ``count``/``days``); timestamps are offsets from ``now``,
so whenever the dataset is loaded the last hour has alerts (some of level 10 and above) and every
scenario appears in the last 24 hours. Documents carry their target index and a stable ``_id``::

    for doc in generate_alerts(build_estate(), now=datetime.now(UTC), count=5_000):
        client.index(index=doc.index, id=doc.id, body=doc.source)
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from standin.alerts_plan import plan
from standin.alerts_render import Renderer, cve_reference, cve_time, iso_timestamp
from standin.estate import MANAGER_NAME, Agent, Estate, Package, stable_hash
from standin.vulns_catalogue import Finding, findings

ALERTS_INDEX_PREFIX = "wazuh-alerts-4.x-"
ALERTS_PATTERN = "wazuh-alerts-*"
VULNS_INDEX = f"wazuh-states-vulnerabilities-{MANAGER_NAME}"
VULNS_PATTERN = "wazuh-states-vulnerabilities-*"

DEFAULT_DATASET_SEED = 20_261
FULL_ALERT_COUNT = 100_000
FULL_DAYS = 30
MIN_ALERT_COUNT = 1_000  # below this the anchored recent events would crowd out everything else
# The demo's slice. Measured on 2 cores (tests/indexer_bed/test_demo_sizing.py prints it): 6,000 alerts
# plus the 775 vulnerabilities load into osmem-server in about 4 s with its RSS near 270 MB, inside the
# "ready in about 5 s, under about 500 MB" budget with room for queries; a week keeps the timeline dense.
DEMO_ALERT_COUNT = 6_000
DEMO_DAYS = 7

# Which rule ids make up each scenario (tests check each one is present in the last 24 hours).
SCENARIO_RULES: Mapping[str, frozenset[str]] = {
    "ssh_auth": frozenset({"5715", "5501", "5502", "5760", "5716", "5503"}),
    "sudo": frozenset({"5402", "5401"}),
    "ssh_bruteforce": frozenset({"5710", "5712", "5720"}),
    "windows_logon": frozenset({"60106", "60122"}),
    "windows_bruteforce": frozenset({"60204"}),
    "web_attack": frozenset({"31101", "31103", "31106", "31151"}),
    "fim": frozenset({"550", "553", "554"}),
    "rootcheck": frozenset({"510", "516", "519"}),
    "vulnerability": frozenset({"23503", "23504", "23505", "23506"}),
    "agent_state": frozenset({"503", "504", "506", "5113"}),
    "packages": frozenset({"2902", "2903", "2932"}),
    "syslog": frozenset({"1002", "5104"}),
}


@dataclass(frozen=True, slots=True)
class IndexedDoc:
    """One document with the index it belongs to and its ``_id``."""

    index: str
    id: str
    source: dict[str, Any]

    def action(self) -> dict[str, Any]:
        """The ``helpers.bulk`` action for it."""
        return {"_index": self.index, "_id": self.id, "_source": self.source}


def alert_index(ts: datetime) -> str:
    """The daily index Filebeat's ``date_index_name`` processor picks (UTC day)."""
    return f"{ALERTS_INDEX_PREFIX}{ts.astimezone(UTC):%Y.%m.%d}"


def package_item_id(agent_id: str, package: Package) -> str:
    """Syscollector's ``item_id`` for a package: a SHA-1-sized hex id, stable per agent and package."""
    return stable_hash(agent_id, package.name, package.version, package.architecture, length=40)


def _utc(now: datetime) -> datetime:
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware (UTC)")
    return now.astimezone(UTC)


def _doc_id(key: str) -> str:
    """A 20-character URL-safe id of ``key`` (its parts joined by ``|``), the length and alphabet of
    OpenSearch's own auto ids."""
    return base64.urlsafe_b64encode(hashlib.sha1(key.encode()).digest()).decode()[:20]


def generate_alerts(
    estate: Estate,
    *,
    now: datetime,
    days: int = FULL_DAYS,
    count: int = FULL_ALERT_COUNT,
    seed: int = DEFAULT_DATASET_SEED,
) -> Iterator[IndexedDoc]:
    """``count`` alerts over the ``days`` before ``now``, oldest first."""
    if count < MIN_ALERT_COUNT:
        raise ValueError(f"count must be at least {MIN_ALERT_COUNT}")
    if days < 1:
        raise ValueError("days must be at least 1")
    now = _utc(now)
    # The day's shape is drawn for the hour, not the second: every run within one clock hour draws the same
    # alerts at the same distances from now (the same counts in any window), and the shape is off by < 1 h.
    tod = now.hour * 3600
    specs = plan(estate, now_tod_s=tod, days=days, count=count, seed=seed, findings=findings(estate, seed))
    renderer = Renderer(now, seed)
    id_prefix = f"alert|{seed}|{days}|{count}|"  # the key's parts but the position, joined once
    for position, spec in enumerate(specs):
        source = renderer.render(spec)
        # The daily index from the alert's own UTC timestamp (alert_index's, without a datetime per alert).
        day = source["timestamp"][:10].replace("-", ".")
        yield IndexedDoc(ALERTS_INDEX_PREFIX + day, _doc_id(f"{id_prefix}{position}"), source)


# --- vulnerability state (wazuh-states-vulnerabilities-*, 4.8+; the template is dynamic: strict) ----

_SOURCES = {
    "ubuntu": "Canonical Security Tracker",
    "debian": "Debian Security Tracker",
    "rhel": "Red Hat CVE Database",
    "centos": "Red Hat CVE Database",
}


def _host_os(agent: Agent) -> dict[str, str]:
    os_info = agent.os
    short = os_info.version.split(" ")[0]
    out = {
        "full": f"{os_info.name} {os_info.version}",
        "name": os_info.name,
        "platform": os_info.platform,
        "type": {"windows": "windows", "darwin": "macos"}.get(os_info.family, os_info.platform),
        "version": short,
    }
    if os_info.family != "windows":
        out["kernel"] = os_info.uname.split("|")[2].strip()
    return out


def _package(agent: Agent, package: Package | None, now: datetime) -> dict[str, Any]:
    if package is None:
        return {
            "architecture": "x86_64",
            "name": f"{agent.os.name} {agent.os.version}",
            "type": "windows",
            "version": agent.os.version,
        }
    out: dict[str, Any] = {
        "architecture": package.architecture,
        "description": package.description,
        "name": package.name,
        "type": package.format,
        "version": package.version,
    }
    if package.size:
        out["size"] = package.size * 1024 if package.format in ("deb", "rpm") else package.size
    if package.format != "deb":  # dpkg keeps no install time
        installed = (now - timedelta(days=package.install_days_ago)).replace(
            hour=9, minute=14, second=21, microsecond=0
        )
        out["installed"] = iso_timestamp(installed)
    return out


def _vulnerability_doc(f: Finding, now: datetime) -> IndexedDoc:
    agent, cve = f.agent, f.cve
    item = agent.os.name if f.package is None else package_item_id(agent.id, f.package)
    source = {
        "agent": {
            "id": agent.id,
            "name": agent.name,
            "type": "Wazuh",
            "version": (agent.version or "Wazuh v4.14.7").removeprefix("Wazuh "),
        },
        "host": {"os": _host_os(agent)},
        "package": _package(agent, f.package, now),
        "vulnerability": {
            "category": "OS" if f.package is None else "Packages",
            "classification": "CVSS",
            "description": cve.description,
            "detected_at": iso_timestamp(now - timedelta(seconds=f.detected_ago_s)),
            "enumeration": "CVE",
            "id": cve.id,
            "published_at": f"{cve.published.isoformat()}T{cve_time(cve.id)}Z",
            "reference": cve_reference(cve.id, agent, os_level=f.package is None),
            "scanner": {
                "condition": f.condition,
                "reference": f"https://cti.wazuh.com/vulnerabilities/cves/{cve.id}",
                "source": _SOURCES.get(agent.os.platform, "National Vulnerability Database"),
                "vendor": "Wazuh",
            },
            "score": {"base": cve.score, "version": cve.cvss_version},
            "severity": cve.severity,
            "under_evaluation": False,
        },
        "wazuh": {"cluster": {"name": MANAGER_NAME}, "schema": {"version": "1.0.0"}},
    }
    return IndexedDoc(VULNS_INDEX, f"{agent.id}_{item}_{cve.id}", source)


def generate_vulnerabilities(
    estate: Estate, *, now: datetime, seed: int = DEFAULT_DATASET_SEED
) -> Iterator[IndexedDoc]:
    """The scanner's current findings for every agent with an inventory, most recently detected first."""
    now = _utc(now)
    for finding in findings(estate, seed):
        yield _vulnerability_doc(finding, now)
