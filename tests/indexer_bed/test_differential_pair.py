"""differential_engines: the same slice, the same templates and index names on both engines."""

from __future__ import annotations

from tests.engines import DIFF_PREFIX, LoadedEngine
from tests.indexer_bed.queries import count, rule_ids


def test_both_sides_hold_the_same_dataset(differential_engines: tuple[LoadedEngine, LoadedEngine]) -> None:
    osmem, real = differential_engines
    assert (osmem.name, real.name) == ("osmem", "opensearch")
    assert osmem.meta == real.meta and osmem.meta.index_prefix.startswith(DIFF_PREFIX)
    assert osmem.alerts_pattern == real.alerts_pattern == f"{osmem.meta.index_prefix}wazuh-alerts-*"
    for side in (osmem, real):
        es = side.client()
        assert count(es, side.alerts_pattern) == side.meta.alert_count
        assert count(es, side.vulnerabilities_pattern) == side.meta.vulnerability_count
    assert rule_ids(osmem.client(), osmem.alerts_pattern, {"match_all": {}}) == rule_ids(
        real.client(), real.alerts_pattern, {"match_all": {}}
    )
