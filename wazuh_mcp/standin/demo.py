"""The demo: the same server against embedded stand-ins, with no configuration and no keyring.

``demo_backends`` starts the Server API stand-in (HTTPS, its own CA) in-process and the embedded
Indexer (osmem-server, a child process) loaded with a slice of the generated dataset, and records
where the stand-in listens in ``<state dir>/demo.json`` so a separate ``wazuh-mcp approve`` can
reach the Wazuh this demo talks to. The Indexer loads in the background — ``initialize`` does not
wait for it; the first Indexer tool call does. Everything stops when the MCP session ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.indexer_shapes import IndexKind
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.server.context import Backends
from wazuh_mcp.setup.settings import Settings, ensure_state_dir, open_private, state_dir
from wazuh_mcp.standin.estate import build_estate

log = logging.getLogger(__name__)

DEMO_API_USER = "wazuh"


DEMO_RESPONSES: dict[str, Any] = {
    "isolation_command": "wazuh-mcp-isolate",
    "release_command": "wazuh-mcp-release",
    "block_command": "firewall-drop",
    "unblock_command": "wazuh-mcp-unblock",
    "block_timeout_s": 600,
    "allowed_commands": ["firewall-drop", "restart-wazuh"],
}
"""What the demo's manager is configured with, so every response tool works there (docs/writes.md
shows the ossec.conf blocks a real manager needs for the same names)."""


def demo_settings() -> Settings:
    """Settings for the demo: defaults and env overrides only (the settings file is not read); the
    response commands are those of the demo's stand-in manager."""
    os.environ.setdefault("WAZUH_MCP_CONFIG", os.devnull)
    base = Settings.load(profile="demo")
    return Settings.load(profile="demo", responses={**DEMO_RESPONSES, "max_agents": base.responses.max_agents})


def demo_state_path() -> Path:
    return state_dir() / "demo.json"


def read_demo_state() -> dict[str, Any] | None:
    """Where a running demo's stand-ins listen (for `wazuh-mcp approve` from another process)."""
    try:
        data = json.loads(demo_state_path().read_text())
    except (FileNotFoundError, ValueError):
        return None
    return data if isinstance(data, dict) else None


class DeferredIndexer:
    """The demo Indexer while it loads: each call waits for the engine, then goes to the real backend."""

    def __init__(self, ready: asyncio.Task[Indexer]) -> None:
        self._ready = ready

    async def _indexer(self) -> Indexer:
        return await asyncio.shield(self._ready)

    async def search(self, kind: IndexKind, body: dict[str, Any]) -> dict[str, Any]:
        return await (await self._indexer()).search(kind, body)

    async def field_types(
        self, kind: IndexKind, fields: list[str], pattern: str | None = None
    ) -> dict[str, dict[str, str]]:
        return await (await self._indexer()).field_types(kind, fields, pattern)

    async def aclose(self) -> None:
        if not self._ready.done():
            self._ready.cancel()
        with contextlib.suppress(BaseException):
            await (await self._indexer()).aclose()


async def _start_indexer(stack: AsyncExitStack, now: datetime) -> Indexer:
    from wazuh_mcp.standin.engine import OsmemEngine, start_demo_indexer

    engine = OsmemEngine(log_path=ensure_state_dir() / "demo-indexer.log")
    stack.callback(engine.stop)  # registered before loading, so a session that ends mid-load stops it
    _, counts = await start_demo_indexer(build_estate(), now, engine=engine)
    log.info("demo Indexer at %s: %d alerts, %d vulnerabilities", engine.url, counts.alerts, counts.vulnerabilities)
    return Indexer(IndexerConfig(url=engine.url))


@asynccontextmanager
async def demo_backends() -> AsyncIterator[Backends]:
    from wazuh_mcp.standin.server import DEMO_USERS, StandinServer

    async with AsyncExitStack() as stack:
        indexer = DeferredIndexer(asyncio.create_task(_start_indexer(stack, datetime.now(UTC))))
        stack.push_async_callback(indexer.aclose)
        api_server = stack.enter_context(StandinServer(tls=True))
        password = DEMO_USERS[DEMO_API_USER].password
        server_api = ServerApi(
            ServerApiConfig(
                url=api_server.url,
                user=DEMO_API_USER,
                password=password,
                verify=str(api_server.ca_path) if api_server.ca_path else True,
            )
        )
        stack.push_async_callback(server_api.aclose)
        state = {"pid": os.getpid(), "api_url": api_server.url, "api_ca": str(api_server.ca_path)}
        ensure_state_dir()
        path = demo_state_path()
        with open_private(path, "w") as fh:
            fh.write(json.dumps(state))
        stack.callback(lambda: path.unlink(missing_ok=True))
        log.info("demo Server API stand-in at %s", api_server.url)
        yield Backends(server_api=server_api, indexer=indexer)
