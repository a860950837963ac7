"""Wazuh's dashboard sample (3,579 alerts, 21 integration families) under Wazuh's template, on osmem and the real node.

``../shared/reference/wazuh/samples/dashboard-sample-alerts-4.14.7.ndjson`` holds the documents Wazuh's
dashboard sample generator wrote (v4.14.7), one ``{"_id", "_index", "family", "category", "alert"}`` a
line. They are loaded unchanged but for the times, shifted so the newest is a minute before now (the file
spans the 7 days before it was generated), into daily indices under Wazuh's templates. Expectations are
computed from the file (``DashboardBed.docs``), never from what a tool answered.
"""

from __future__ import annotations

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
from standin.indexer_load import client, load_templates
from tests.conftest import shared_dir
from tests.engines import NO_NODE_REASON, OPENSEARCH_URL_ENV
from tests.indexer.alert_views_bed import drop_sample
from tests.indexer.expect import Doc

DASHBOARD = Path("reference") / "wazuh" / "samples" / "dashboard-sample-alerts-4.14.7.ndjson"
WINDOW = "8d"
"""Holds every shifted alert (7 days and a minute)."""
_FORMAT = "%Y-%m-%dT%H:%M:%S.%f%z"


def dashboard_path() -> Path | None:
    base = shared_dir()
    return base / DASHBOARD if base is not None and (base / DASHBOARD).is_file() else None


def _wazuh_time(ts: datetime) -> str:
    return ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ts.microsecond // 1000:03d}+0000"


def read_dashboard(path: Path, now: datetime) -> tuple[list[Doc], dict[str, str], dict[str, str]]:
    """The documents, times shifted to end a minute before ``now``, newest first; each id's family and index
    (the file's own daily index: which document fixes a dynamic field's mapping there is Wazuh's, not ours)."""
    lines = [json.loads(raw) for raw in path.read_text(encoding="utf-8").splitlines() if raw.strip()]
    newest = max(datetime.strptime(line["alert"]["timestamp"], _FORMAT) for line in lines)
    shift = (now - timedelta(minutes=1)) - newest
    docs: list[Doc] = []
    families: dict[str, str] = {}
    indices: dict[str, str] = {}
    for line in lines:
        source: dict[str, Any] = line["alert"]
        ts = datetime.strptime(source["timestamp"], _FORMAT).astimezone(UTC) + shift
        source["timestamp"] = _wazuh_time(ts)
        source["@timestamp"] = ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ts.microsecond // 1000:03d}Z"
        docs.append(Doc(line["_id"], source))
        families[line["_id"]] = line["family"]
        indices[line["_id"]] = line["_index"]
    docs.sort(key=lambda d: (d.ts, d.source.get("id", ""), d.id), reverse=True)
    return docs, families, indices


def load_dashboard(url: str, prefix: str, docs: list[Doc], indices: dict[str, str]) -> None:
    """Wazuh's templates (patterns prefixed), then every document into its own index, in file order."""
    load_templates(url, source="wazuh", index_prefix=prefix)
    es = client(url)
    pending = sorted(docs, key=lambda d: d.id)
    for _ in range(4):  # a busy node times out dynamic mapping updates (HTTP 500): those documents go again
        actions = (
            {"_op_type": "index", "_index": prefix + indices[d.id], "_id": d.id, "_source": d.source} for d in pending
        )
        _, errors = helpers.bulk(es, actions, chunk_size=200, raise_on_error=False, request_timeout=120)
        failed = {e["index"]["_id"] for e in errors if e.get("index", {}).get("status") == 500}
        if len(failed) != len(errors):
            raise AssertionError(f"{len(errors)} documents failed to index, e.g. {json.dumps(errors[0])[:600]}")
        pending = [d for d in pending if d.id in failed]
        if not pending:
            break
    if pending:
        raise AssertionError(f"{len(pending)} documents still failed to index after retries (mapping updates)")
    es.indices.refresh(index=f"{prefix}wazuh-alerts-*")
    indexed = es.count(index=f"{prefix}wazuh-alerts-*")["count"]
    if indexed != len(docs):
        raise AssertionError(f"indexed {indexed} of {len(docs)} documents")


@dataclass(frozen=True)
class DashboardBed:
    name: str
    url: str
    prefix: str
    now: datetime
    docs: list[Doc]
    families: dict[str, str]

    @property
    def alerts_pattern(self) -> str:
        return f"{self.prefix}wazuh-alerts-*"

    @property
    def vulnerabilities_pattern(self) -> str:
        return f"{self.prefix}wazuh-states-vulnerabilities-*"

    auth = None
    verify = True

    def of(self, family: str) -> list[Doc]:
        return [d for d in self.docs if self.families[d.id] == family]


@pytest.fixture(scope="module", params=["osmem", pytest.param("opensearch", marks=pytest.mark.opensearch)])
def dashboard(request: pytest.FixtureRequest) -> Iterator[DashboardBed]:
    path = dashboard_path()
    if path is None:
        pytest.skip(f"../shared/{DASHBOARD} (Wazuh's dashboard sample) is not present")
    now = datetime.now(UTC).replace(microsecond=0)
    docs, families, indices = read_dashboard(path, now)
    if request.param == "osmem":
        with OsmemEngine() as osmem:
            load_dashboard(osmem.url, "", docs, indices)
            yield DashboardBed("osmem", osmem.url, "", now, docs, families)
        return
    url = os.environ.get(OPENSEARCH_URL_ENV)
    if not url:
        pytest.skip(NO_NODE_REASON)
    prefix = f"dash-{os.getpid()}-"
    try:
        load_dashboard(url, prefix, docs, indices)
        yield DashboardBed("opensearch", url, prefix, now, docs, families)
    finally:
        drop_sample(url, prefix)
