"""A document's ``_id`` is chosen by whoever indexes it (up to 512 bytes of any character: OpenSearch and osmem take
ESC, bidi overrides and tag characters), and the alert tools hand it to the model as the alert's or FIM event's
``id``. Every other field of a planted alert is cleaned (test_hostile_alert_content); before this test the id went
through raw. ``fim.to_fim_event`` and the alert view (``_alert_view``) now bound it through ``untrusted.bound`` (an id that
needed cleaning does not round-trip to get_alert, which is the point)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from standin.engine import OsmemEngine
from standin.indexer_load import client, load_templates
from tests.hardening.poisoned_answers import unclean_or_long
from tests.indexer.support import ok, serving

HOSTILE_ID = "planted\x1b[2K\x1b[1A\x9b2K\u202eevil\u202c\u2066\u200b\U000e0041" + "A" * 400


class _Engine:
    def __init__(self, url: str) -> None:
        self.url, self.auth, self.verify = url, None, True
        self.alerts_pattern = "wazuh-alerts-*"
        self.vulnerabilities_pattern = "wazuh-states-vulnerabilities-*"


@pytest.fixture(scope="module")
def planted() -> Iterator[str]:
    ts = datetime.now(UTC).replace(microsecond=0) - timedelta(minutes=2)
    with OsmemEngine() as engine:
        load_templates(engine.url, source="auto")
        es = client(engine.url)
        alert = {
            "timestamp": ts.strftime("%Y-%m-%dT%H:%M:%S.000+0000"),
            "agent": {"id": "001", "name": "web-01"},
            "rule": {"id": "550", "level": 7, "description": "Integrity checksum changed."},
            "syscheck": {"path": "/etc/hosts", "event": "modified"},
        }
        es.index(index=f"wazuh-alerts-4.x-{ts:%Y.%m.%d}", id=HOSTILE_ID, body=alert)
        es.indices.refresh(index="wazuh-alerts-*")
        yield engine.url


async def answer(url: str, tmp_path: Path, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    async with serving(_Engine(url), tmp_path / "audit.jsonl") as (client_, _):
        return ok(await client_.call_tool(tool, arguments))


async def test_a_fim_events_document_id_is_clean(planted: str, tmp_path: Path) -> None:
    page = await answer(planted, tmp_path, "fim_changes_by_agent", {"agent_id": "001", "time_range": "1h"})
    assert page["events"], page
    assert not unclean_or_long(page, 600), unclean_or_long(page, 600)


async def test_an_alerts_document_id_is_clean(planted: str, tmp_path: Path) -> None:
    page = await answer(planted, tmp_path, "search_alerts", {"time_range": "1h", "size": 5})
    assert page["alerts"], page
    assert not unclean_or_long(page, 600), unclean_or_long(page, 600)
