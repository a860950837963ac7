"""What a tool handler may use: the typed lifespan context, with backends behind Protocols
(``backends.protocols``).

Handlers get everything through ``deps(ctx)``; there are no module globals, so tests build the
server with other backends injected (``build_server(settings, backends=...)``). Everything on
``AppContext`` is built once when a session starts; the lookups filled on first use
(``mitre_tactics``, ``resource_cache``, ``vulnerability_layout``) are typed fields too.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from wazuh_mcp.backends import api_generation as generation
from wazuh_mcp.backends.api_generation import ApiGeneration
from wazuh_mcp.backends.protocols import Backends, IndexerBackend, ServerApiBackend
from wazuh_mcp.config.profiles import missing_profile
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.errors import ConfigurationError
from wazuh_mcp.query.cursors import CursorCodec
from wazuh_mcp.runtime.audit import Auditor, note_use

if TYPE_CHECKING:
    from mcp.server.mcpserver import Context

    from wazuh_mcp.backends.layout import Generation, Layout


@dataclass
class AppContext:
    settings: Settings
    backends: Backends
    profile: str
    auditor: Auditor
    """The one audit writer of this process (session id and role included)."""
    transport: Literal["stdio", "http"] = "stdio"
    """How clients reach this server: a change it records says so (``Requester.channel``)."""
    cursors: CursorCodec = field(default_factory=CursorCodec)
    """Signs the paging cursors; its key lives as long as the session."""
    mitre_tactics: dict[str, dict[str, Any]] | None = None
    """Tactic STIX id → tactic record, fetched on first use (it never changes while Wazuh runs)."""
    resource_cache: dict[str, tuple[float, str]] = field(default_factory=dict)
    """Resource URI → (expiry on the monotonic clock, JSON text)."""
    vulnerability_layout: tuple[float, Layout] | None = None
    """(monotonic time of the probe, which Wazuh wrote the vulnerability indices), re-probed after a while."""
    alerts_generation: tuple[float, Generation] | None = None
    """(monotonic time of the probe, whether the alert tools read 4.x alerts or 5.x findings)."""
    api_generation_probe: tuple[float, ApiGeneration] | None = None
    """(monotonic time of the ask, the Server API's version and generation from ``GET /``): ``api_generation``."""
    inventory_v5: dict[str, tuple[float, bool]] = field(default_factory=dict)
    """Inventory kind → (monotonic time of the probe, whether the Indexer holds 5.x's state index for it)."""

    @property
    def session(self) -> str:
        return self.auditor.session

    def _missing_profile(self) -> str:
        """Why nothing is configured when the reason is a profile that does not exist (``serve --profile
        prdo``): said first, with the profiles that do exist."""
        try:
            problem = missing_profile(self.profile)
        except ConfigurationError:  # an unreadable file is reported where it is read
            return ""
        return f"{problem} " if problem else ""

    def server_api(self) -> ServerApiBackend:
        if "api" in self.backends.problems:
            raise self.backends.problems["api"]
        if self.backends.server_api is None:
            raise ConfigurationError(
                f"{self._missing_profile()}The Wazuh Server API is not configured (no URL or user).",
                hint="Run `wazuh-mcp setup`, or set WAZUH_MCP_API_URL, WAZUH_MCP_API_USER and WAZUH_MCP_API_PASSWORD.",
            )
        note_use(wazuh_user=self.backends.server_api.identity)
        return self.backends.server_api

    async def api_generation(self, *, fresh: bool = False) -> ApiGeneration:
        """Which Wazuh generation the Server API is (4: 4.8–4.14, 5: 5.x; any other version is refused in
        words): the one answer every tool uses, from ``GET /``, asked again after ``TTL_S`` so that an upgrade
        shows up in a running session. ``fresh``: asked now (the tools that record a change: an upgrade within
        the TTL must not let a 5.x refusal through); the applier of a change asks afresh too."""
        probe = self.api_generation_probe
        if fresh or probe is None or time.monotonic() - probe[0] >= generation.TTL_S:
            probe = self.api_generation_probe = (time.monotonic(), await generation.api_generation(self.server_api()))
        return probe[1]

    def indexer(self) -> IndexerBackend:
        if "indexer" in self.backends.problems:
            raise self.backends.problems["indexer"]
        if self.backends.indexer is None:
            raise ConfigurationError(
                f"{self._missing_profile()}The Wazuh Indexer is not configured (no URL or user).",
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
