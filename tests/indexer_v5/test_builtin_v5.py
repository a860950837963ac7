"""Every document of the 5.x demo's built-in dataset (``standin.dataset_v5``) is one Wazuh's own strict 5.x
templates accept, on a real OpenSearch 3.x node (Wazuh 5.0's indexer).

Wazuh's templates (``../shared/reference/wazuh5/indexer/templates``) are put under patterns of this test's
own (``v5builtin-<pattern>``), so the streams and indices the other 5.x tests share on that node are never
touched; everything this test makes is deleted after it. A finding with one field Wazuh does not map is sent
beside them and must be refused: the templates are strict here, so acceptance means something.
"""

from __future__ import annotations

import json
import os
import urllib.error
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from standin import indexer_load_v5
from standin.dataset_v5 import builtin_documents
from wazuh_mcp.demo import v5_schema

PREFIX = "v5builtin-"
ROOT = Path(__file__).resolve().parents[2]


def _reference() -> Path:
    found = indexer_load_v5.reference_dir()
    if found is None:
        pytest.skip("../shared/reference/wazuh5 (Wazuh 5.x's templates) is not available")
    return found


def _drop(url: str, names: list[str]) -> None:
    for path in (
        f"/_data_stream/{PREFIX}*",
        f"/{PREFIX}*?expand_wildcards=all",
        *(f"/_index_template/{n}" for n in names),
    ):
        try:
            indexer_load_v5.call(url, "DELETE", path)
        except urllib.error.HTTPError as exc:
            if exc.code != 404:
                raise


@pytest.fixture
def wazuhs_templates() -> Iterator[str]:
    """The node's URL with Wazuh's 5.x templates put under this test's prefix."""
    url = os.environ.get("WAZUH_MCP_TEST_OPENSEARCH3_URL")
    if not url:
        pytest.skip("WAZUH_MCP_TEST_OPENSEARCH3_URL is unset: no OpenSearch 3.x node (scripts/test.sh starts one)")
    reference = _reference()
    engine = indexer_load_v5.engine_of(url)
    names: list[str] = []
    _drop(url, [])
    try:
        for name, body in indexer_load_v5.templates(reference).items():
            adapted, _ = indexer_load_v5.for_engine(body, engine)
            adapted["index_patterns"] = [PREFIX + p for p in adapted["index_patterns"]]
            adapted["priority"] = 900 + int(adapted.get("priority") or 0)
            settings = adapted.get("template", {}).get("settings", {})
            for key in [k for k in settings if k.startswith("plugins.index_state_management.")]:
                settings.pop(key)  # the rollover alias names Wazuh's own stream
            names.append(PREFIX + name)
            indexer_load_v5.call(url, "PUT", f"/_index_template/{PREFIX + name}", json.dumps(adapted).encode())
        yield url
    finally:
        _drop(url, names)


def test_wazuhs_strict_5x_templates_accept_every_builtin_document(wazuhs_templates: str) -> None:
    url = wazuhs_templates
    docs = builtin_documents(datetime.now(UTC), v5_schema())
    batch: list[tuple[str, dict[str, Any]]] = [
        (PREFIX + target, source) for target, source in (*docs.findings, *docs.events, *docs.states)
    ]
    stray = json.loads(json.dumps(docs.findings[0][1]))
    stray["wazuh"]["rule"]["not_a_wazuh_field"] = "x"
    control = PREFIX + docs.findings[0][0]
    report = indexer_load_v5.LoadReport()
    for start in range(0, len(batch), 1000):
        indexer_load_v5.bulk_create(url, batch[start : start + 1000], report)
    indexer_load_v5.bulk_create(url, [(control, stray)], report)
    expected = Counter(target for target, _ in batch)
    assert report.rejected_count == Counter({control: 1}), report.rejected
    assert "strict" in report.rejected[control][0]
    assert report.accepted == expected
    for kind in ("wazuh-findings-v5-", "wazuh-events-v5-", "wazuh-states-vulnerabilities", "wazuh-states-inventory-"):
        assert any(t.startswith(PREFIX + kind) for t in expected), kind
