"""Wazuh's own sample alerts under Wazuh's real template, on osmem-server and on the real node.

``../shared/reference/wazuh/samples/alerts-4.x-sample.ndjson`` holds 1,124 alerts from Wazuh's events
generator with ``"{timestamp}"`` placeholders. They are loaded as they are — every quirk kept: the
90 documents whose ``rule`` is a pasted Server API rule object (an integer ``rule.id``, extra keys
``filename``, ``relative_dirname``, ``status``, ``details``), the pre-4.8 vulnerability shape, the
one Wazuh alert ``id`` shared by every document — with only the placeholders filled: line ``i`` is
``i * SPACING`` before the anchor (so file order is newest first, and no two alerts tie on time).

Expectations are computed from the file (``SampleBed.docs``), never from what a tool answered.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from opensearchpy import helpers

from standin.engine import OsmemEngine
from standin.indexer_load import ALERTS_TEMPLATE, VULNS_TEMPLATE, client, load_templates
from tests.conftest import shared_dir
from tests.engines import NO_NODE_REASON, OPENSEARCH_URL_ENV
from tests.indexer.expect import Doc

SAMPLE = Path("reference") / "wazuh" / "samples" / "alerts-4.x-sample.ndjson"
SPACING = timedelta(seconds=45)  # 1,124 alerts over 14 hours: all inside a 24h window
NO_SHARED_REASON = "Wazuh's reference data (../shared/reference/wazuh) is not present; the sample bed needs it"


def sample_path() -> Path | None:
    base = shared_dir()
    return base / SAMPLE if base is not None and (base / SAMPLE).is_file() else None


def wazuh_timestamp(ts: datetime) -> str:
    return ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ts.microsecond // 1000:03d}+0000"


def doc_id(line: int) -> str:
    """A 20-character id like the ones the Indexer assigns (derived from the line, so tests can name it)."""
    return base64.urlsafe_b64encode(hashlib.sha1(f"wazuh-sample-{line}".encode()).digest())[:20].decode()


def read_sample(path: Path, now: datetime) -> list[Doc]:
    """The sample's documents with their placeholders filled, in file order (newest first)."""
    docs = []
    for line, raw in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if not raw.strip():
            continue
        ts = now - (line + 1) * SPACING
        source = json.loads(raw.replace('"{timestamp}"', json.dumps(wazuh_timestamp(ts))))
        source["@timestamp"] = ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ts.microsecond // 1000:03d}Z"
        docs.append(Doc(doc_id(line), source))
    return docs


@dataclass(frozen=True)
class SampleBed:
    name: str  # "osmem" | "opensearch"
    url: str
    prefix: str
    now: datetime
    docs: list[Doc]

    @property
    def alerts_pattern(self) -> str:
        return f"{self.prefix}wazuh-alerts-*"

    @property
    def vulnerabilities_pattern(self) -> str:
        return f"{self.prefix}wazuh-states-vulnerabilities-*"

    # what tests.indexer.support.engine_config reads
    auth = None
    verify = True


def load_sample(url: str, prefix: str, docs: list[Doc]) -> None:
    """Wazuh's templates (patterns prefixed), then the documents into their daily indices."""
    load_templates(url, source="wazuh", index_prefix=prefix)
    es = client(url)
    actions = (
        {
            "_op_type": "index",
            "_index": f"{prefix}wazuh-alerts-4.x-{d.source['timestamp'][:10].replace('-', '.')}",
            "_id": d.id,
            "_source": d.source,
        }
        for d in docs
    )
    ok, errors = helpers.bulk(es, actions, chunk_size=500, raise_on_error=False, request_timeout=120)
    if errors:
        raise AssertionError(f"{len(errors)} sample documents failed to index, e.g. {json.dumps(errors[0])[:600]}")
    es.indices.refresh(index=f"{prefix}wazuh-alerts-*")
    if ok != len(docs):
        raise AssertionError(f"indexed {ok} of {len(docs)} sample documents")


def drop_sample(url: str, prefix: str) -> None:
    es = client(url)
    es.indices.delete(index=f"{prefix}wazuh-alerts-*", ignore_unavailable=True, allow_no_indices=True)
    es.indices.delete_template(name=prefix + ALERTS_TEMPLATE, ignore=[404])
    es.indices.delete_index_template(name=prefix + VULNS_TEMPLATE, ignore=[404])


@pytest.fixture(scope="module", params=["osmem", pytest.param("opensearch", marks=pytest.mark.opensearch)])
def sample_bed(request: pytest.FixtureRequest) -> Iterator[SampleBed]:
    path = sample_path()
    if path is None:
        pytest.skip(NO_SHARED_REASON)
    now = datetime.now(UTC).replace(microsecond=0)
    docs = read_sample(path, now)
    if request.param == "osmem":
        with OsmemEngine() as osmem:
            load_sample(osmem.url, "", docs)
            yield SampleBed("osmem", osmem.url, "", now, docs)
        return
    url = os.environ.get(OPENSEARCH_URL_ENV)
    if not url:
        pytest.skip(NO_NODE_REASON)
    prefix = f"sample-{os.getpid()}-"  # beside the shared dataset, never touching it
    try:
        load_sample(url, prefix, docs)
        yield SampleBed("opensearch", url, prefix, now, docs)
    finally:
        drop_sample(url, prefix)


def raw(source: dict[str, Any], dotted: str) -> Any:
    value: Any = source
    for part in dotted.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value
