"""The dataset as loaded into each engine (osmem-server always; the real node when configured)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from opensearchpy.exceptions import RequestError

from standin.dataset import SCENARIO_RULES, VULNS_INDEX
from tests.engines import LoadedEngine
from tests.indexer_bed.queries import count, field_types, rule_ids, since


def test_every_document_is_there(engine: LoadedEngine) -> None:
    client = engine.client()
    assert count(client, engine.alerts_pattern) == engine.meta.alert_count == len(engine.expected_alerts())
    vulns = engine.expected_vulnerabilities()
    assert count(client, engine.vulnerabilities_pattern) == engine.meta.vulnerability_count == len(vulns)
    # Spot-check ids and placement: the first, the last and one in the middle of the timeline.
    expected = engine.expected_alerts()
    for doc in (expected[0], expected[len(expected) // 2], expected[-1], vulns[0]):
        got = client.get(index=engine.meta.index_prefix + doc.index, id=doc.id)
        assert got["_source"] == doc.source


def test_every_scenario_in_the_last_24_hours(engine: LoadedEngine) -> None:
    recent = rule_ids(engine.client(), engine.alerts_pattern, since(engine.now, timedelta(hours=24)))
    assert [name for name, rules in SCENARIO_RULES.items() if not rules & recent.keys()] == []


def test_the_last_hour_is_busy_and_serious(engine: LoadedEngine) -> None:
    client = engine.client()
    last_hour = since(engine.now, timedelta(hours=1))
    assert count(client, engine.alerts_pattern, last_hour) >= 20
    serious = {"bool": {"filter": [last_hour, {"range": {"rule.level": {"gte": 10}}}]}}
    assert count(client, engine.alerts_pattern, serious) >= 3


def test_counts_by_rule_match_the_generator(engine: LoadedEngine) -> None:
    expected: dict[str, int] = {}
    for doc in engine.expected_alerts():
        expected[doc.source["rule"]["id"]] = expected.get(doc.source["rule"]["id"], 0) + 1
    assert rule_ids(engine.client(), engine.alerts_pattern, {"match_all": {}}) == expected


def test_newest_first_sort_on_timestamp(engine: LoadedEngine) -> None:
    hits = engine.client().search(
        index=engine.alerts_pattern,
        body={"size": 5, "sort": [{"timestamp": "desc"}, {"id": "desc"}], "query": {"match_all": {}}},
    )["hits"]["hits"]
    newest = sorted(engine.expected_alerts(), key=lambda d: (d.source["timestamp"], d.source["id"]))[-5:][::-1]
    assert [h["_id"] for h in hits] == [d.id for d in newest]


def test_field_types_are_wazuhs(engine: LoadedEngine) -> None:
    types = field_types(engine.client(), engine.alerts_pattern)
    assert types["timestamp"] == "date|date_optional_time||epoch_millis"
    assert types["@timestamp"] == "date"
    assert types["rule.level"] == types["rule.firedtimes"] == "long"
    assert types["rule.id"] == types["rule.description"] == types["rule.groups"] == "keyword"
    assert types["agent.ip"] == types["data.srcip"] == types["data.srcport"] == "keyword"
    assert types["full_log"] == "text"
    assert types["syscheck.size_after"] == "long"
    assert types["GeoLocation.location"] == "geo_point"
    assert types["data.win.eventdata.ipAddress"] == "keyword"


def test_the_vulnerability_index_is_strict(engine: LoadedEngine) -> None:
    client = engine.client()
    doc = dict(engine.expected_vulnerabilities()[0].source) | {"not_in_template": "x"}
    with pytest.raises(RequestError) as raised:
        client.index(index=engine.meta.index_prefix + VULNS_INDEX, id="strictness-probe", body=doc)
    assert "strict" in str(raised.value)
