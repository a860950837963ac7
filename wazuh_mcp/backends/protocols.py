"""The backends as everything above them sees them: the Protocols the clients implement, and the set
of backends a session gets (``Backends``). They live here, beside the clients, so building the clients
(``runtime.factory``) and using them (tools, writes) need nothing from a higher layer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from wazuh_mcp.errors import WazuhMCPError

if TYPE_CHECKING:
    from wazuh_mcp.backends.indexer_shapes import IndexKind
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
