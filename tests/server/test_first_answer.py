"""The demo's stand-ins start after the server's first answer (``serve --demo``'s start-up, issue 13), or
at once when a call needs them; a real SDK client drives the real server in process."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from mcp.client.client import Client

from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.demo import DeferredServerApi
from wazuh_mcp.runtime.first_answer import GRACE_S, FirstAnswer
from wazuh_mcp.server.build import build_server


async def test_the_gate_opens_after_the_first_answer_and_not_before(tmp_path: Path) -> None:
    gate = FirstAnswer()
    seen: dict[str, bool] = {}

    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        seen["at lifespan start"] = gate.is_open
        yield Backends()

    server = build_server(Settings.load(audit_log=tmp_path / "audit.jsonl"), backends=backends, first_answer=gate)
    async with Client(server) as client:  # initialize answered, then notifications/initialized sent
        await asyncio.wait_for(gate.wait(), timeout=10 * GRACE_S + 5)
        assert (await client.list_tools()).tools
    assert seen == {"at lifespan start": False}


async def test_without_a_second_message_the_gate_opens_after_the_grace() -> None:
    """A client that sends initialize and then nothing: the stand-ins still start, GRACE_S later."""

    async def answer(_: Any) -> None:
        return None

    gate = FirstAnswer()
    await gate(None, answer)  # type: ignore[arg-type]  # the context is not read
    assert not gate.is_open
    await asyncio.wait_for(gate.wait(), timeout=GRACE_S + 5)


async def test_a_call_that_needs_a_stand_in_opens_the_gate_at_once() -> None:
    """No answer yet (the first message is itself a call, on the stateless protocol): the call must not wait
    for a gate only its own answer would open."""
    gate = FirstAnswer()

    class Api:  # what the started stand-in's client answers; the gating is under test, not the client
        async def request(self, method: str, path: str, **_: Any) -> dict[str, str]:
            return {"path": path}

    async def start() -> Any:
        await gate.wait()
        return Api()

    deferred = DeferredServerApi(asyncio.create_task(start()), gate)
    assert await asyncio.wait_for(deferred.request("GET", "/"), timeout=5) == {"path": "/"}
    assert gate.is_open
    await deferred.aclose()
