"""Building a server on a given Indexer and calling it through the official in-process MCP client."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

from mcp.client.client import Client
from mcp_types import CallToolResult

from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.indexer_shapes import IndexKind
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.build import WazuhServer, build_server


class CountingIndexer:
    """The real ``Indexer``, counting requests, so a test can prove a call never reached the engine."""

    def __init__(self, inner: Indexer) -> None:
        self.inner = inner
        self.calls = 0

    async def search(self, kind: IndexKind, body: dict[str, Any]) -> dict[str, Any]:
        self.calls += 1
        return await self.inner.search(kind, body)

    async def field_types(
        self, kind: IndexKind, fields: list[str], pattern: str | None = None
    ) -> dict[str, dict[str, str]]:
        self.calls += 1
        return await self.inner.field_types(kind, fields, pattern)

    async def aclose(self) -> None:
        await self.inner.aclose()


def backends_for(indexer: Any) -> Callable[[], AbstractAsyncContextManager[Backends]]:
    @asynccontextmanager
    async def factory() -> AsyncIterator[Backends]:
        yield Backends(indexer=indexer)

    return factory


def make_server(indexer: Any, audit_path: Path, **overrides: Any) -> WazuhServer:
    settings = Settings.load(role="analyst", audit_log=audit_path, **overrides)
    return build_server(settings, backends=backends_for(indexer))


@asynccontextmanager
async def connected(
    url: str, audit_path: Path, *, timeout_s: float = 10.0, **config: Any
) -> AsyncIterator[tuple[Client, CountingIndexer]]:
    """An MCP client talking to a server whose Indexer is ``url``; the Indexer is closed afterwards."""
    indexer = CountingIndexer(Indexer(IndexerConfig(url=url, timeout_s=timeout_s, **config)))
    try:
        async with Client(make_server(indexer, audit_path)) as client:
            yield client, indexer
    finally:
        await indexer.aclose()


def audit_events(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def error_text(result: CallToolResult) -> str:
    assert result.is_error, f"expected an error, got {result.structured_content}"
    first = result.content[0]
    return str(getattr(first, "text", ""))


def ok(result: CallToolResult) -> dict[str, Any]:
    if result.is_error:
        raise AssertionError(error_text(result))
    assert result.structured_content is not None
    return dict(result.structured_content)


def engine_config(engine: Any) -> dict[str, Any]:
    """IndexerConfig arguments for a ``tests.engines.LoadedEngine`` (its URL, auth, TLS and index prefix)."""
    user, password = engine.auth if engine.auth else (None, None)
    return {
        "user": user,
        "password": password,
        "verify": engine.verify,
        "alerts_pattern": engine.alerts_pattern,
        "vulnerabilities_pattern": engine.vulnerabilities_pattern,
    }


@asynccontextmanager
async def serving(
    engine: Any, audit_path: Path, *, timeout_s: float = 30.0
) -> AsyncIterator[tuple[Client, CountingIndexer]]:
    """An MCP client on a server whose Indexer is the loaded test engine."""
    async with connected(engine.url, audit_path, timeout_s=timeout_s, **engine_config(engine)) as pair:
        yield pair
