"""Index names come from the Indexer's answers (a field-mapping request lists every index of a pattern), and
OpenSearch and osmem take ESC, bidi and zero-width characters in a name of up to 255 bytes. The generation checks
quote them in a refusal ("This Indexer holds Wazuh 5.x data (<names>)") and a warning ("Index <name>: Wazuh 5.x
vulnerability state…"), which went to the model raw. Each name now goes through ``untrusted.bound``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from standin.engine import OsmemEngine
from standin.indexer_load import client
from tests.indexer.support import connected, error_text

HOSTILE_NAME = "wazuh-events-v5-x\x1b[2k\x9b2k\u202eevil\u202c\u2066\u200b" + "a" * 180
V5_AGENT = {"properties": {"wazuh": {"properties": {"agent": {"properties": {"id": {"type": "keyword"}}}}}}}


@pytest.fixture(scope="module")
def indexer() -> Iterator[str]:
    with OsmemEngine() as engine:
        client(engine.url).indices.create(index=HOSTILE_NAME, body={"mappings": V5_AGENT})
        yield engine.url


async def test_a_5x_index_named_in_a_refusal_is_clean(indexer: str, tmp_path: Path) -> None:
    async with connected(indexer, tmp_path / "audit.jsonl") as (client_, _):
        text = error_text(await client_.call_tool("fim_history_for_path", {"path": "/etc/hosts", "time_range": "1h"}))
    assert "holds Wazuh 5.x data" in text, text[:300]
    raw = sorted({f"U+{ord(ch):04X}" for ch in text if not ch.isprintable()})
    assert not raw, (raw, text[:300])
