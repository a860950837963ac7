"""Replay Wazuh's own integration expectations (tavern files) against the running stand-in.

Every stage whose request the stand-in serves must pass. Stages are skipped only with a
reason: the endpoint is not modelled, or (listed below) the expectation needs data or
behaviour of Wazuh's test environment that the stand-in does not reproduce. A floor per file
keeps coverage from quietly shrinking.
"""

from __future__ import annotations

import base64
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.routing import Match

from standin.app import StandinConfig
from standin.auth import DEMO_USERS
from standin.server import StandinServer
from tests.standin.conftest import login
from tests.standin.tavern import seed_security, tavern_fleet
from tests.standin.tavern_replay import Replayer, StageResult, load_tests

# file stem -> minimum number of replayed (passed) stages: what the stand-in reaches today.
# Not replayed: agent upgrades (writes), ossec.conf uploads, and MITRE expectations that need the
# full ATT&CK database (the bundled dump has 50 rows per table).
FLOORS: dict[str, int] = {
    "default": 1,  # of 1
    "agent_GET": 392,  # of 400
    "syscollector": 482,  # of 484 (2 skipped upstream)
    "mitre": 90,  # of 115
    "cluster": 154,  # of 160
    "security_POST": 56,  # of 56
    "rule": 139,  # of 139
    "manager": 94,  # of 110
}

# (test name prefix, stage name) -> why the stand-in does not replay it; stage "*" = whole test
_FULL_MITRE = "counts matches in the full ATT&CK database; the stand-in carries Wazuh's 50-row test subset"
_CONF_UPLOAD = "uploads an ossec.conf from Wazuh's test fixtures; the stand-in's node configuration is read-only"
SKIPS: dict[tuple[str, str], str] = {
    ("PUT /cluster/{node_id}/configuration", "*"): _CONF_UPLOAD,
    ("PUT /manager/configuration", "*"): _CONF_UPLOAD,
    ("GET /manager/version/check with update_check enabled", "*"): _CONF_UPLOAD,
    ("GET /manager/version/check with update_check service error", "*"): _CONF_UPLOAD,
    **{
        ("GET /mitre/" + kind, stage): _FULL_MITRE
        for kind, noun in (
            ("mitigations", "mitigations"),
            ("references", "references"),
            ("techniques", "techniques"),
            ("groups", "groups"),
            ("software", "softwares"),
        )
        for stage in (f"Search in {noun}", f"Search {noun} using offset and limit")
    },
    **{
        (
            "GET /mitre/" + kind,
            f"Filter {noun} using q parameter (complex query)",
        ): "expects a record (by creation time or source) that only the full ATT&CK database has"
        for kind, noun in (
            ("mitigations", "mitigations"),
            ("references", "references"),
            ("techniques", "techniques"),
            ("software", "softwares"),
        )
    },
}

NEW_RULES = """<group name="local,custom,">
  <rule id="100100" level="5">
    <if_sid>5716</if_sid>
    <srcip>10.0.0.66</srcip>
    <description>sshd: authentication failed from a watched address.</description>
    <group>authentication_failed,pci_dss_10.2.4,</group>
  </rule>
</group>
"""
RULES_WITH_SYNTAX_ERROR = '<group name="local,">\n  <rule id="100101" level="3">\n</group>\n'


_STIX_ID = re.compile(
    r"\b(?:attack-pattern|course-of-action|intrusion-set|malware|tool|x-mitre-tactic)--"
    r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"
)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def skipper(mitre_ids: set[str]) -> Callable[[str, str, dict[str, Any] | None], str | None]:
    def reason(test: str, stage: str, spec: dict[str, Any] | None) -> str | None:
        """By name first (``spec`` None), then by what the formatted stage expects."""
        if spec is None:
            return next(
                (why for (prefix, name), why in SKIPS.items() if test.startswith(prefix) and name in ("*", stage)), None
            )
        # Expectations naming ATT&CK objects outside Wazuh's 50-row test dump need the full mitre.db.
        wanted = {m for text in _strings(spec["response"].get("json")) for m in _STIX_ID.findall(text)}
        missing = sorted(wanted - mitre_ids)
        if missing:
            return "needs ATT&CK objects absent from the mitre.db test subset (full database not bundled)"
        return None

    return reason


@pytest.fixture(scope="module")
def tavern_server(shared: Path) -> Iterator[StandinServer]:
    config = StandinConfig(
        cluster=True,
        fleet=tavern_fleet(),
        rate_limit_per_minute=10**6,
        mitre_sql=shared / "reference/wazuh/mitre/mitre-db-schema-and-subset.test.sql",
    )
    with StandinServer(tls=False, config=config) as server:
        yield server


def _basic(user: str) -> str:
    return base64.b64encode(f"{user}:{DEMO_USERS[user].password}".encode()).decode()


@pytest.mark.parametrize("stem", list(FLOORS))
def test_replay(stem: str, shared: Path) -> None:
    path = shared / f"reference/wazuh/server-api/tavern-expectations/test_{stem}_endpoints.tavern.yaml"
    config = StandinConfig(
        cluster=True,
        fleet=tavern_fleet(),
        rate_limit_per_minute=10**6,
        mitre_sql=shared / "reference/wazuh/mitre/mitre-db-schema-and-subset.test.sql",
    )
    with StandinServer(tls=False, config=config) as server, httpx.Client(timeout=10) as client:
        seed_security(server.state.issuer.db)
        client.base_url = httpx.URL(server.url)
        variables = {
            "protocol": "http",
            "host": "127.0.0.1",
            "balanced_port": server.port,
            "master_port": server.port,
            "test_login_token": login(client),
            "basic_auth": _basic("analyst"),
            "basic_auth_context": _basic("wazuh-wui"),
            "new_rules": NEW_RULES,
            "new_rules_with_syntax_error": RULES_WITH_SYNTAX_ERROR,
            "empty_file_xml": "",
        }
        routes = server.app.router.routes

        def served(method: str, url_path: str) -> bool:
            scope = {"type": "http", "path": url_path, "method": method, "root_path": ""}
            return any(route.matches(scope)[0] == Match.FULL for route in routes)

        db = server.state.mitre
        ids = {
            i["id"] for kind in (db.techniques, db.tactics, db.mitigations, db.groups, db.software) for i in kind
        } | {r["id"] for r in db.references}
        replayer = Replayer(client, variables, served, skipper(ids))
        results: list[StageResult] = [r for test in load_tests(path) for r in replayer.run(test)]
    counts = Counter(r.outcome for r in results)
    skipped = Counter(r.reason for r in results if r.outcome == "skipped")
    print(
        f"\n{stem}: replayed {counts['passed'] + counts['failed']} (passed {counts['passed']}, "
        f"failed {counts['failed']}), skipped {counts['skipped']}",
        file=sys.stderr,
    )
    for reason, n in skipped.most_common():
        print(f"  skipped {n}: {reason}", file=sys.stderr)
    failures = [f"{r.test} / {r.stage}: {r.reason}" for r in results if r.outcome == "failed"]
    assert not failures, "\n".join(failures)
    assert counts["passed"] >= FLOORS[stem], f"replayed {counts['passed']} < floor {FLOORS[stem]}"
