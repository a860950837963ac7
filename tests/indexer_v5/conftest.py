"""Wazuh 5.x test beds: Wazuh's own 5.x templates and samples in osmem and in a real OpenSearch 3.x node.

``v5_engine`` is parametrized over both (ids ``osmem`` and ``opensearch3``). The real node is the one at
``$WAZUH_MCP_TEST_OPENSEARCH3_URL`` (``scripts/test.sh`` starts OpenSearch 3.6 there, as Wazuh 5.0's
indexer is OpenSearch 3.x); without it those cases skip and say so. Each loads ``../shared``'s 5.x
reference data afresh (the node's 5.x streams and state indices are dropped first), so without that tree
every case skips.
"""

from __future__ import annotations

import os
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from standin import indexer_load_v5
from standin.engine import OsmemEngine


@dataclass(frozen=True)
class V5Engine:
    name: str
    url: str
    reference: Path
    report: indexer_load_v5.LoadReport


def _reference() -> Path:
    reference = indexer_load_v5.reference_dir()
    if reference is None:
        pytest.skip("../shared/reference/wazuh5 (Wazuh 5.x's templates and samples) is not available")
    return reference


def _drop_v5(url: str) -> None:
    """The real node is the 5.x bed's alone: its 5.x streams, state indices and templates go first."""
    for path in ("/_data_stream/wazuh-*", "/wazuh-states-*?expand_wildcards=all&ignore_unavailable=true"):
        request = urllib.request.Request(url + path, method="DELETE")
        try:
            urllib.request.urlopen(request, timeout=60).close()
        except urllib.error.HTTPError as exc:
            if exc.code != 404:
                raise


@pytest.fixture(scope="session", params=["osmem", "opensearch3"])
def v5_engine(request: pytest.FixtureRequest) -> Iterator[V5Engine]:
    reference = _reference()
    if request.param == "osmem":
        with OsmemEngine() as osmem:
            yield V5Engine("osmem", osmem.url, reference, indexer_load_v5.load(osmem.url, reference))
        return
    url = os.environ.get("WAZUH_MCP_TEST_OPENSEARCH3_URL")
    if not url:
        pytest.skip("WAZUH_MCP_TEST_OPENSEARCH3_URL is unset: no OpenSearch 3.x node (scripts/test.sh starts one)")
    _drop_v5(url)
    yield V5Engine("opensearch3", url, reference, indexer_load_v5.load(url, reference))
