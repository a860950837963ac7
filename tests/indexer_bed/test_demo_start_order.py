"""The demo's two stand-ins take turns (both are Python work under one interpreter lock): the alerts are
built and the Indexer client loaded first, the Server API stand-in starts after them, unless a call needs
it sooner. The real
``demo_backends`` runs here (osmem-server and the HTTPS stand-in); the only seam is a hold on the alert
generation, so the test decides when "the alerts are built" happens."""

from __future__ import annotations

import asyncio
import threading
from datetime import datetime
from typing import Any

import pytest

from standin.demo_load import DemoLoad
from wazuh_mcp import demo


@pytest.fixture
def held_generation(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The real generator, started when the demo starts it but finishing only once the event is set."""
    release = threading.Event()
    real = demo._demo_data  # noqa: SLF001 - the seam this test holds

    def held(now: datetime) -> Any:
        assert release.wait(60), "the test never released the alert generation"
        return real(now)

    monkeypatch.setattr(demo, "_demo_data", held)
    return release


async def rules(api: Any) -> Any:
    return await api.page("/rules", action="rules:read", params={"limit": 1})


def steps(load: DemoLoad) -> list[str]:
    return [name for name, _ in load.steps]


async def test_the_server_api_waits_for_the_alerts_and_the_indexer_client_then_starts(
    held_generation: threading.Event,
) -> None:
    async with demo.demo_backends() as backends:
        load = backends.load
        assert isinstance(load, DemoLoad)
        await asyncio.sleep(1.0)  # the engine starts meanwhile; the Server API must not
        assert "server api" not in steps(load) and "generated" not in steps(load)
        held_generation.set()
        assert backends.indexer is not None and backends.server_api is not None
        answer = await asyncio.wait_for(backends.indexer.search("alerts", {"size": 0, "track_total_hits": True}), 60)
        assert answer["hits"]["total"]["value"] > 0  # the first phase is in
        await asyncio.wait_for(rules(backends.server_api), 30)
        order = steps(load)
        assert order.index("generated") < order.index("client") < order.index("server api"), order


async def test_a_call_that_needs_the_server_api_does_not_wait_for_the_alerts(
    held_generation: threading.Event,
) -> None:
    async with demo.demo_backends() as backends:
        load = backends.load
        assert isinstance(load, DemoLoad) and backends.server_api is not None
        page = await asyncio.wait_for(rules(backends.server_api), 30)
        assert page.items  # the stand-in answered while the alerts were still held
        assert "server api" in steps(load) and "generated" not in steps(load), steps(load)
        held_generation.set()  # let the load finish its first phase before the session closes
