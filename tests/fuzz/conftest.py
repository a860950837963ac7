"""The fuzz suite's own osmem-server: the smallest slice the generator makes (1,000 alerts over 7 days),
so 10,000 calls stay within a few minutes; what is judged is what the engine is sent, not the data."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.engines import LoadedEngine, start_osmem


@pytest.fixture(scope="module")
def fuzz_engine() -> Iterator[LoadedEngine]:
    osmem, loaded = start_osmem(count=1_000, days=7)
    try:
        yield loaded
    finally:
        osmem.stop()
