"""Fixtures for the Indexer toolset tests: the shared engines, and a clock pinned to the dataset's anchor."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.engines import (  # noqa: F401  (fixtures)
    LoadedEngine,
    differential_engines,
    engine,
    opensearch_engine,
    osmem_engine,
    tls_front,
)


def pin_clock(monkeypatch: pytest.MonkeyPatch, now: datetime) -> None:
    """Time windows are measured from the dataset's anchor, so expected counts are exact."""
    monkeypatch.setattr("wazuh_mcp.tools._search.utc_now", lambda: now)


@pytest.fixture
def at_anchor(engine: LoadedEngine, monkeypatch: pytest.MonkeyPatch) -> LoadedEngine:  # noqa: F811
    pin_clock(monkeypatch, engine.now)
    return engine
