"""What a tool handler may use: the typed lifespan context, with backends behind Protocols
(``backends.protocols``).

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
from typing import TYPE_CHECKING, Any

from wazuh_mcp.backends.protocols import Backends, IndexerBackend, ServerApiBackend
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.errors import ConfigurationError
from wazuh_mcp.query.cursors import CursorCodec
from wazuh_mcp.runtime.audit import Auditor, note_use

if TYPE_CHECKING:
    from mcp.server.mcpserver import Context

    from wazuh_mcp.backends.layout import Layout


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
