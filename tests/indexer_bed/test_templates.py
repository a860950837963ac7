"""Our own templates give every field the dataset emits the same type as Wazuh's real templates do."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from opensearchpy import OpenSearch

from standin.dataset import ALERTS_PATTERN, MIN_ALERT_COUNT, generate_alerts, generate_vulnerabilities
from standin.engine import OsmemEngine
from standin.estate import build_estate
from standin.indexer_load import (
    bulk_load,
    client,
    drop_dataset,
    load_templates,
    templates,
    wazuh_reference_dir,
)
from tests.engines import OPENSEARCH_URL_ENV
from tests.indexer_bed.queries import field_types, leaf_fields

needs_reference = pytest.mark.skipif(
    wazuh_reference_dir() is None, reason="Wazuh's reference templates (../shared/reference/wazuh) are absent"
)
NOW = datetime.now(UTC)
ESTATE = build_estate()


def test_bundled_templates_are_valid_bodies() -> None:
    ours = templates("bundled")
    assert ours.origin == "bundled"
    assert "_comment" not in ours.alerts and "_comment" not in ours.vulnerabilities
    assert ours.alerts["index_patterns"] == ["wazuh-alerts-4.x-*", "wazuh-archives-4.x-*"]
    assert ours.vulnerabilities["template"]["mappings"]["dynamic"] == "strict"


@needs_reference
def test_bundled_vulnerability_mapping_is_wazuhs() -> None:
    assert (
        templates("bundled").vulnerabilities["template"]["mappings"]
        == templates("wazuh").vulnerabilities["template"]["mappings"]
    )


def _engines() -> Iterator[tuple[str, str]]:
    yield "osmem", ""
    if os.environ.get(OPENSEARCH_URL_ENV):
        yield "opensearch", os.environ[OPENSEARCH_URL_ENV]


@needs_reference
@pytest.mark.parametrize("name", [n for n, _ in _engines()])
def test_alert_field_types_match_wazuhs_template(name: str) -> None:
    """Load the same slice under both templates (side by side, by prefix) and compare each emitted field."""
    url = dict(_engines())[name]
    osmem = OsmemEngine().start() if name == "osmem" else None
    url = osmem.url if osmem else url
    alerts = list(generate_alerts(ESTATE, now=NOW, count=MIN_ALERT_COUNT, days=7))
    vulns = list(generate_vulnerabilities(ESTATE, now=NOW))
    es: OpenSearch = client(url)
    ours_prefix, theirs_prefix = f"ours-{os.getpid()}-", f"theirs-{os.getpid()}-"
    try:
        for prefix, source in ((ours_prefix, "bundled"), (theirs_prefix, "wazuh")):
            load_templates(url, source=source, index_prefix=prefix)  # type: ignore[arg-type]
            counts = bulk_load(url, alerts, vulns, index_prefix=prefix)
            assert counts.errors == 0, f"{counts.errors} documents failed under the {source} templates on {name}"
        ours, theirs = field_types(es, ours_prefix + ALERTS_PATTERN), field_types(es, theirs_prefix + ALERTS_PATTERN)
        emitted = set().union(*(leaf_fields(d.source) for d in alerts))
        differences = {f: (ours.get(f), theirs.get(f)) for f in sorted(emitted) if ours.get(f) != theirs.get(f)}
        assert differences == {}, json.dumps(differences, indent=1)
    finally:
        if osmem:
            osmem.stop()
        else:
            for prefix in (ours_prefix, theirs_prefix):
                drop_dataset(url, index_prefix=prefix)
