"""Wazuh's own sample data in an engine, under Wazuh's real mappings, beside (never inside) the dataset.

Small and reusable: ``sample_alerts()`` reads ``../shared/reference/wazuh/samples/alerts-4.x-sample.ndjson``
(1,124 alerts from Wazuh's events generator, every quirk kept) and fills the ``{timestamp}``
placeholders back from an anchor, one second apart, newest first; ``SampleBed`` creates uniquely
named indices with the mappings of Wazuh's templates (created per index, so no global template of
the node changes), bulk-loads, and deletes them on exit. Expectations are computed from the file
with ``values()``; nothing here hard-codes a count.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from opensearchpy import OpenSearch, helpers

from tests.conftest import shared_dir

ALERTS_FILE = "reference/wazuh/samples/alerts-4.x-sample.ndjson"
VULN_HITS_FILE = "reference/wazuh/samples/states-vulnerabilities-hits-4.14.7.json"
ALERTS_TEMPLATE = "reference/wazuh/indexer/wazuh-template-4.14.7.json"
VULNS_TEMPLATE = "reference/wazuh/indexer/states-vulnerabilities-template-4.14.7.json"
VULNS_TEMPLATE_5X = "reference/wazuh/indexer/states-vulnerabilities-template-5.x-indexer-plugins.json"


def reference(relative: str) -> Path:
    """A file of Wazuh's reference tree; the test skips, saying why, when the tree is absent."""
    shared = shared_dir()
    if shared is None or not (shared / relative).is_file():
        pytest.skip(f"../shared/{relative} (Wazuh's own data) is not available")
    return shared / relative


def sample_alerts(now: datetime) -> list[dict[str, Any]]:
    """Wazuh's sample alerts, timestamps filled in: the first is ``now``, each next one second older."""
    docs: list[dict[str, Any]] = []
    for offset, line in enumerate(reference(ALERTS_FILE).read_text().splitlines()):
        if line.strip():
            stamp = (now - timedelta(seconds=offset)).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "+0000"
            docs.append(json.loads(line.replace('"{timestamp}"', json.dumps(stamp))))
    return docs


def vulnerability_hits() -> list[dict[str, Any]]:
    """The three real wazuh-states-vulnerabilities hits (``_index``, ``_id``, ``_source``)."""
    hits: list[dict[str, Any]] = json.loads(reference(VULN_HITS_FILE).read_text())["hits"]
    return hits


def values(doc: Any, dotted: str) -> list[Any]:
    """Every value at ``dotted`` in a document, through nested objects and lists (as the engine indexes them)."""
    current = [doc]
    for part in dotted.split("."):
        found: list[Any] = []
        for node in current:
            for item in node if isinstance(node, list) else [node]:
                if isinstance(item, dict) and part in item:
                    found.append(item[part])
        current = found
    flat: list[Any] = []
    for node in current:
        flat.extend(node if isinstance(node, list) else [node])
    return flat


def count_with(docs: list[dict[str, Any]], dotted: str, value: Any) -> int:
    """Documents holding ``value`` at ``dotted``."""
    return sum(1 for doc in docs if value in values(doc, dotted))


def alerts_index_body() -> dict[str, Any]:
    """Settings and mappings of Wazuh's alerts template, for one index."""
    template = json.loads(reference(ALERTS_TEMPLATE).read_text())
    return {"settings": template["settings"], "mappings": template["mappings"]}


def vulnerabilities_index_body(*, v5: bool = False) -> dict[str, Any]:
    template = json.loads(reference(VULNS_TEMPLATE_5X if v5 else VULNS_TEMPLATE).read_text())["template"]
    settings = dict(template.get("settings") or {})
    if isinstance(settings.get("index"), dict):
        settings["index"] = {k: v for k, v in settings["index"].items() if k != "codec"}  # zstd: not in integ-test zips
    return {"settings": settings, "mappings": template["mappings"]}


def as_wazuh5(source: dict[str, Any], mappings: dict[str, Any]) -> dict[str, Any]:
    """A 4.x vulnerability record in 5.x's layout: the agent under ``wazuh.agent``, and only the fields
    5.x's strict mapping has."""
    moved = {k: v for k, v in source.items() if k != "agent"}
    moved["wazuh"] = {**(source.get("wazuh") or {}), "agent": source.get("agent") or {}}
    return _prune(moved, mappings)


def _prune(doc: dict[str, Any], mapping: dict[str, Any]) -> dict[str, Any]:
    properties = mapping.get("properties") or {}
    kept: dict[str, Any] = {}
    for key, value in doc.items():
        if key in properties:
            sub = properties[key]
            kept[key] = _prune(value, sub) if isinstance(value, dict) and "properties" in sub else value
    return kept


@dataclass
class SampleBed:
    """Uniquely named indices on one engine; ``close()`` (or the context manager) deletes them."""

    url: str
    prefix: str = field(default_factory=lambda: f"t9bed-{os.getpid()}-{os.urandom(3).hex()}-")
    created: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.client = OpenSearch(hosts=[self.url], timeout=120)

    @property
    def alerts_pattern(self) -> str:
        return f"{self.prefix}wazuh-alerts-*"

    @property
    def vulnerabilities_pattern(self) -> str:
        return f"{self.prefix}wazuh-states-vulnerabilities*"

    def index(
        self, name: str, body: dict[str, Any] | None, docs: list[dict[str, Any]], ids: list[str] | None = None
    ) -> str:
        """Create ``<prefix><name>`` (with ``body``'s settings and mappings, or the engine's defaults when
        None) and load ``docs``; returns the full index name."""
        full = self.prefix + name
        self.client.indices.create(index=full, body=body or {"settings": {"number_of_shards": 1}})
        self.created.append(full)
        actions = [{"_index": full, "_source": doc, **({"_id": ids[i]} if ids else {})} for i, doc in enumerate(docs)]
        ok, errors = helpers.bulk(self.client, actions, refresh=True, raise_on_error=False)
        assert not errors, errors[:2]
        assert ok == len(docs)
        return full

    def close(self) -> None:
        for name in self.created:
            self.client.indices.delete(index=name, ignore_unavailable=True)
        self.client.close()

    def __enter__(self) -> SampleBed:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def sample_bed(url: str) -> Iterator[SampleBed]:
    """For fixtures: ``yield from sample_bed(url)``."""
    bed = SampleBed(url)
    try:
        yield bed
    finally:
        bed.close()
