"""What a tool handler may use: the typed lifespan context, with backends behind Protocols.

Handlers get everything through ``deps(ctx)``; there are no module globals, so tests build the
server with other backends injected (``build_server(settings, backends=...)``). Everything on
``AppContext`` is built once when a session starts; the lookups filled on first use
(``mitre_tactics``, ``resource_cache``, ``vulnerability_layout``) are typed fields too.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from wazuh_mcp.errors import ConfigurationError, WazuhMCPError
from wazuh_mcp.query.cursors import CursorCodec
from wazuh_mcp.server.audit import Auditor, note_use
from wazuh_mcp.setup.settings import Settings

if TYPE_CHECKING:
    from mcp.server.mcpserver import Context

    from wazuh_mcp.backends.indexer_shapes import IndexKind
    from wazuh_mcp.backends.layout import Layout
    from wazuh_mcp.backends.server_api_shapes import Page


class ServerApiBackend(Protocol):
    """The Server API as tools see it (implemented by ``backends.server_api.ServerApi``)."""

    @property
    def identity(self) -> str: ...

    async def request(
        self,
        method: str,
        path: str,
        *,
        action: str,
        params: dict[str, Any] | None = None,
        content: bytes | None = None,
        headers: dict[str, str] | None = None,
        accept_text: bool = False,
    ) -> Any: ...

    async def page(self, path: str, *, action: str, params: dict[str, Any] | None = None) -> Page: ...

    async def aclose(self) -> None: ...


class IndexerBackend(Protocol):
    """The Indexer as tools see it (implemented by ``backends.indexer.Indexer``).

    ``kind`` picks the configured index pattern: ``"alerts"`` or ``"vulnerabilities"``.
    """

    async def search(self, kind: IndexKind, body: dict[str, Any]) -> dict[str, Any]: ...

    async def field_types(
        self, kind: IndexKind, fields: list[str], pattern: str | None = None
    ) -> dict[str, dict[str, str]]: ...

    async def aclose(self) -> None: ...


class LoadProgress(Protocol):
    """Backends that are still loading their data (the demo's ``standin.demo_load.DemoLoad``)."""

    def snapshot(self) -> dict[str, object]: ...


@dataclass
class Backends:
    server_api: ServerApiBackend | None = None
    indexer: IndexerBackend | None = None
    tls_verify: bool = True
    """False when any backend runs without verified TLS (verification off, or a plain http:// URL);
    recorded in the audit."""
    problems: dict[str, WazuhMCPError] = field(default_factory=dict)
    """Why a backend is missing ("api" / "indexer"), told to the caller of a tool that needs it."""
    indexer_user: str | None = None
    """The Indexer account the Indexer backend logs in as (recorded in the audit)."""
    load: LoadProgress | None = None
    """How far the demo's data load got (None outside the demo): read by ``wazuh://demo/load``."""


@dataclass
class AppContext:
    settings: Settings
    backends: Backends
    profile: str
    auditor: Auditor
    """The one audit writer of this process (session id and role included)."""
    cursors: CursorCodec = field(default_factory=CursorCodec)
    """Signs the paging cursors; its key lives as long as the session."""
    mitre_tactics: dict[str, dict[str, Any]] | None = None
    """Tactic STIX id → tactic record, fetched on first use (it never changes while Wazuh runs)."""
    resource_cache: dict[str, tuple[float, str]] = field(default_factory=dict)
    """Resource URI → (expiry on the monotonic clock, JSON text)."""
    vulnerability_layout: tuple[float, Layout] | None = None
    """(monotonic time of the probe, which Wazuh wrote the vulnerability indices), re-probed after a while."""
    api_version: str | None = None
    """The manager's version from ``GET /``, asked on first use (inventory tools refuse Wazuh 5.x)."""

    @property
    def session(self) -> str:
        return self.auditor.session

    def server_api(self) -> ServerApiBackend:
        if "api" in self.backends.problems:
            raise self.backends.problems["api"]
        if self.backends.server_api is None:
            raise ConfigurationError(
                "The Wazuh Server API is not configured (no URL or user).",
                hint="Run `wazuh-mcp setup`, or set WAZUH_MCP_API_URL, WAZUH_MCP_API_USER and WAZUH_MCP_API_PASSWORD.",
            )
        note_use(wazuh_user=self.backends.server_api.identity)
        return self.backends.server_api

    def indexer(self) -> IndexerBackend:
        if "indexer" in self.backends.problems:
            raise self.backends.problems["indexer"]
        if self.backends.indexer is None:
            raise ConfigurationError(
                "The Wazuh Indexer is not configured (no URL or user).",
                hint="Run `wazuh-mcp setup`, or set WAZUH_MCP_INDEXER_URL, WAZUH_MCP_INDEXER_USER and "
                "WAZUH_MCP_INDEXER_PASSWORD.",
            )
        note_use(indexer_user=self.backends.indexer_user or "(anonymous)")
        return self.backends.indexer


def deps(ctx: Context[Any, Any]) -> AppContext:
    """The lifespan context of the running server."""
    app = ctx.request_context.lifespan_context
    if not isinstance(app, AppContext):  # pragma: no cover - a wiring bug, not a user error
        raise RuntimeError("wazuh-mcp tools need the AppContext lifespan")
    return app


_CURRENT_TOOL: ContextVar[str | None] = ContextVar("wazuh_mcp_current_tool", default=None)


@contextmanager
def running_tool(canonical_id: str) -> Iterator[None]:
    """Set by ``WazuhServer.call_tool`` around a tool's run: which tool a paged result belongs to."""
    token = _CURRENT_TOOL.set(canonical_id)
    try:
        yield
    finally:
        _CURRENT_TOOL.reset(token)


def current_tool() -> str:
    """The canonical id of the tool being run (part of every cursor's fingerprint), so no tool restates it."""
    tool = _CURRENT_TOOL.get()
    if tool is None:  # pragma: no cover - a wiring bug, not a user error
        raise RuntimeError("no tool is running (paged results are built inside WazuhServer.call_tool)")
    return tool
