"""The dataset on its own: determinism, anchoring to now, coherence with the estate, document shapes."""

from __future__ import annotations

import ipaddress
import json
import re
from collections import Counter
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

import pytest

from standin.dataset import (
    DEMO_ALERT_COUNT,
    DEMO_DAYS,
    FULL_ALERT_COUNT,
    MIN_ALERT_COUNT,
    SCENARIO_RULES,
    VULNS_INDEX,
    IndexedDoc,
    alert_index,
    generate_alerts,
    generate_vulnerabilities,
    package_item_id,
)
from standin.estate import build_estate

NOW = datetime(2026, 11, 30, 10, 11, 12, 345000, tzinfo=UTC)
ESTATE = build_estate()
SLICES = [(MIN_ALERT_COUNT, 30), (DEMO_ALERT_COUNT, DEMO_DAYS), (FULL_ALERT_COUNT, 30)]
SEVERITIES = ["Low", "Medium", "High", "Critical"]


@cache
def alerts(count: int, days: int, now: datetime = NOW, seed: int = 20_261) -> tuple[IndexedDoc, ...]:
    return tuple(generate_alerts(ESTATE, now=now, count=count, days=days, seed=seed))


@cache
def vulns(now: datetime = NOW) -> tuple[IndexedDoc, ...]:
    return tuple(generate_vulnerabilities(ESTATE, now=now))


def when(doc: IndexedDoc) -> datetime:
    return datetime.strptime(doc.source["@timestamp"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)


def within(docs: Iterable[IndexedDoc], delta: timedelta, now: datetime = NOW) -> list[IndexedDoc]:
    return [d for d in docs if when(d) >= now - delta]


def digest(docs: Iterable[IndexedDoc]) -> str:
    return json.dumps([(d.index, d.id, d.source) for d in docs], sort_keys=True)


# --- determinism ---------------------------------------------------------------------------------------


def test_same_seed_and_now_give_identical_documents() -> None:
    first = list(generate_alerts(ESTATE, now=NOW, count=2_000, days=7))
    second = list(generate_alerts(ESTATE, now=NOW, count=2_000, days=7))
    assert digest(first) == digest(second)
    assert digest(generate_vulnerabilities(ESTATE, now=NOW)) == digest(generate_vulnerabilities(ESTATE, now=NOW))


def test_another_seed_gives_other_documents() -> None:
    assert digest(alerts(2_000, 7)) != digest(alerts(2_000, 7, seed=7))


def test_shifting_now_by_whole_days_only_moves_the_timestamps() -> None:
    later = NOW + timedelta(days=3)
    before, after = alerts(2_000, 7), alerts(2_000, 7, now=later)
    assert [d.id for d in before] == [d.id for d in after]
    assert [(d.source["rule"]["id"], d.source["agent"]["id"]) for d in before] == [
        (d.source["rule"]["id"], d.source["agent"]["id"]) for d in after
    ]
    assert all(when(b) + timedelta(days=3) == when(a) for b, a in zip(before, after, strict=True))


def test_exact_count_unique_ids_and_daily_indices() -> None:
    for count, days in SLICES:
        docs = alerts(count, days)
        assert len(docs) == count
        assert len({d.id for d in docs}) == count
        assert all(d.index == alert_index(when(d)) for d in docs)
        assert all(re.fullmatch(r"[A-Za-z0-9_-]{20}", d.id) for d in docs)


def test_too_small_a_slice_or_a_naive_now_is_refused() -> None:
    with pytest.raises(ValueError):
        next(generate_alerts(ESTATE, now=NOW, count=MIN_ALERT_COUNT - 1))
    with pytest.raises(ValueError):
        next(generate_alerts(ESTATE, now=NOW.replace(tzinfo=None)))


# --- anchored to now -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "days"), SLICES, ids=["min", "demo", "full"])
def test_every_scenario_in_the_last_24_hours(count: int, days: int) -> None:
    recent = {d.source["rule"]["id"] for d in within(alerts(count, days), timedelta(hours=24))}
    missing = [name for name, rules in SCENARIO_RULES.items() if not rules & recent]
    assert missing == []
    # The ones a triage demo leans on are there individually, not just by scenario.
    assert {"5712", "5720", "60204", "31106", "31151", "550", "553", "554", "23506", "5402", "60106"} <= recent


@pytest.mark.parametrize(("count", "days"), SLICES, ids=["min", "demo", "full"])
def test_the_last_hour_has_alerts_some_of_level_10_or_more(count: int, days: int) -> None:
    last_hour = within(alerts(count, days), timedelta(hours=1))
    assert len(last_hour) >= 20
    assert sum(d.source["rule"]["level"] >= 10 for d in last_hour) >= 3
    assert {d.source["rule"]["id"] for d in last_hour} >= {"5712", "5720", "23506"}


def test_times_lie_within_the_window_and_shape_a_day() -> None:
    docs = alerts(FULL_ALERT_COUNT, 30)
    assert all(NOW - timedelta(days=30) <= when(d) <= NOW for d in docs)
    assert [when(d) for d in docs] == sorted(when(d) for d in docs)
    # People log in during the day: 09-17 UTC sees far more sshd successes than 00-05 UTC.
    hours = Counter(when(d).hour for d in docs if d.source["rule"]["id"] == "5715")
    assert sum(hours[h] for h in range(9, 17)) > 3 * sum(hours[h] for h in range(0, 5)) * 8 / 5


def test_bursts_brute_force_comes_from_a_few_repeating_public_addresses() -> None:
    docs = [d for d in alerts(FULL_ALERT_COUNT, 30) if d.source["rule"]["id"] in ("5710", "5712", "5760")]
    sources = Counter(d.source["data"]["srcip"] for d in docs if "GeoLocation" in d.source)
    assert 5 <= len(sources) <= 12
    assert sources.most_common(1)[0][1] > len(docs) / 10


# --- coherence with the estate ---------------------------------------------------------------------------


def test_alerts_belong_to_estate_agents_that_could_send_them() -> None:
    for doc in alerts(FULL_ALERT_COUNT, 30):
        agent = ESTATE.agent(doc.source["agent"]["id"])
        assert agent is not None and agent.name == doc.source["agent"]["name"]
        assert doc.source["agent"].get("ip") == (None if agent.id == "000" else agent.ip)
        assert agent.status in ("active", "disconnected")
        if agent.status == "disconnected":  # nothing after it went quiet
            assert when(doc) <= NOW - timedelta(minutes=agent.last_keepalive_minutes_ago or 0)


def test_vulnerable_packages_are_in_the_agents_inventory() -> None:
    docs = vulns()
    assert len(docs) > 300
    for doc in docs:
        agent = ESTATE.agent(doc.source["agent"]["id"])
        assert agent is not None and agent.packages and agent.name == doc.source["agent"]["name"]
        package = doc.source["package"]
        if doc.source["vulnerability"]["category"] == "OS":
            assert package["name"] == f"{agent.os.name} {agent.os.version}"
            assert doc.id == f"{agent.id}_{agent.os.name}_{doc.source['vulnerability']['id']}"
            continue
        owned = [
            p
            for p in agent.packages
            if (p.name, p.version, p.architecture, p.format)
            == (package["name"], package["version"], package["architecture"], package["type"])
        ]
        assert len(owned) == 1, (agent.id, package)
        assert doc.id == f"{agent.id}_{package_item_id(agent.id, owned[0])}_{doc.source['vulnerability']['id']}"
        assert doc.index == VULNS_INDEX


def test_min_severity_thresholds_each_cut_something() -> None:
    severities = Counter(d.source["vulnerability"]["severity"] for d in vulns())
    at_least = [sum(severities[s] for s in SEVERITIES[i:]) for i in range(4)]
    assert all(severities[s] > 0 for s in SEVERITIES)
    assert at_least[0] > at_least[1] > at_least[2] > at_least[3] > 0
    for doc in vulns():  # the label follows the CVSS 3 bands
        score = doc.source["vulnerability"]["score"]["base"]
        band = "Critical" if score >= 9 else "High" if score >= 7 else "Medium" if score >= 4 else "Low"
        assert doc.source["vulnerability"]["severity"] == band


def test_vulnerability_alerts_agree_with_the_state_index() -> None:
    state = {
        (d.source["agent"]["id"], d.source["package"]["name"], d.source["vulnerability"]["id"]): d.source[
            "vulnerability"
        ]
        for d in vulns()
    }
    rule_for = {"Low": "23503", "Medium": "23504", "High": "23505", "Critical": "23506"}
    seen = 0
    for doc in alerts(FULL_ALERT_COUNT, 30):
        if "vulnerability-detector" not in doc.source["rule"]["groups"]:
            continue
        v = doc.source["data"]["vulnerability"]
        found = state[(doc.source["agent"]["id"], v["package"]["name"], v["cve"])]
        assert v["severity"] == found["severity"] and doc.source["rule"]["id"] == rule_for[v["severity"]]
        assert doc.source["@timestamp"] == found["detected_at"]
        seen += 1
    assert seen > 100


# --- document shapes -------------------------------------------------------------------------------------


def _keys(source: dict[str, Any], prefix: str = "") -> Iterable[str]:
    for key, value in source.items():
        if isinstance(value, dict) and key != "location":
            yield from _keys(value, f"{prefix}{key}.")
        else:
            yield prefix + key


def test_alert_shape_matches_what_a_manager_writes() -> None:
    for doc in alerts(DEMO_ALERT_COUNT, DEMO_DAYS):
        s = doc.source
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000", s["timestamp"])
        assert s["timestamp"][:23] == s["@timestamp"][:23]
        assert re.fullmatch(r"\d{10}\.\d+", s["id"])
        rule = s["rule"]
        assert isinstance(rule["id"], str) and isinstance(rule["level"], int) and isinstance(rule["firedtimes"], int)
        assert not {"filename", "relative_dirname", "status", "details"} & rule.keys()  # not a Server API rule
        if "mitre" in rule:
            assert len(rule["mitre"]["id"]) == len(rule["mitre"]["technique"]) and rule["mitre"]["tactic"]
        assert s["manager"]["name"] == "wazuh-manager" and s["decoder"]["name"]
        data = s.get("data", {})
        src = data.get("srcip") or data.get("win", {}).get("eventdata", {}).get("ipAddress")
        if "GeoLocation" in s:  # only public sources get a GeoIP lookup (Filebeat's pipeline fields)
            assert src and ipaddress.ip_address(src).is_global
        elif src and src != "-":
            assert ipaddress.ip_address(src).is_private


def test_brute_force_alerts_carry_mitre_credential_access() -> None:
    for doc in alerts(DEMO_ALERT_COUNT, DEMO_DAYS):
        if doc.source["rule"]["id"] in ("5712", "5720", "60204"):
            assert doc.source["rule"]["mitre"] == {
                "id": ["T1110"],
                "tactic": ["Credential Access"],
                "technique": ["Brute Force"],
            }
            assert doc.source["rule"]["level"] == 10 and doc.source["rule"]["frequency"] == 8


def test_fim_alerts_have_before_and_after_state() -> None:
    fim = [d.source for d in alerts(DEMO_ALERT_COUNT, DEMO_DAYS) if "syscheck" in d.source]
    assert {s["syscheck"]["event"] for s in fim} == {"added", "modified", "deleted"}
    for s in fim:
        sc = s["syscheck"]
        assert re.fullmatch(r"[0-9a-f]{64}", sc["sha256_after"]) and sc["path"]
        if sc["event"] == "modified":
            assert sc["sha256_before"] != sc["sha256_after"] and sc["changed_attributes"]
    paths = {s["syscheck"]["path"] for s in fim}
    assert "/etc/ssh/sshd_config" in paths and "c:\\windows\\system32\\drivers\\etc\\hosts" in paths


def test_vulnerability_documents_only_use_fields_of_the_strict_template() -> None:
    from standin.indexer_load import templates

    mapping = templates("bundled").vulnerabilities["template"]["mappings"]

    def allowed(properties: dict[str, Any], prefix: str = "") -> Iterable[str]:
        for key, value in properties.items():
            if "properties" in value:
                yield from allowed(value["properties"], f"{prefix}{key}.")
            else:
                yield prefix + key

    fields = set(allowed(mapping["properties"]))
    for doc in vulns():
        assert set(_keys(doc.source)) <= fields
