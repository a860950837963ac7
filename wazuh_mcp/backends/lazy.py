"""Backends built on first use, so ``serve`` answers ``initialize`` before it imports httpx or opensearch-py
or asks the OS keyring for a password (each costs start-up time an AI client feels at every launch).

A build error (a password missing from the keyring, a CA bundle that does not exist) is kept and raised
to every call that needs that backend: the same clear message the caller got when it was raised up front.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from wazuh_mcp.backends.server_api_shapes import api_identity
from wazuh_mcp.errors import WazuhMCPError

if TYPE_CHECKING:
    from wazuh_mcp.backends.indexer import Indexer  # noqa: F401  (named in a string below)
    from wazuh_mcp.backends.indexer_shapes import IndexKind
    from wazuh_mcp.backends.server_api import ServerApi
    from wazuh_mcp.backends.server_api_shapes import Page

T = TypeVar("T")


class _Lazy(Generic[T]):
    def __init__(self, build: Callable[[], T]) -> None:
        self._build: Callable[[], T] | None = build
        self._real: T | None = None
        self._error: WazuhMCPError | None = None

    def _get(self) -> T:
        if self._error is not None:
            raise self._error
        if self._real is None:
            assert self._build is not None
            try:
                self._real = self._build()
            except WazuhMCPError as exc:
                self._error = exc
                raise
            finally:
                self._build = None
        return self._real


class LazyServerApi(_Lazy["ServerApi"]):
    def __init__(self, build: Callable[[], ServerApi], *, user: str, run_as: dict[str, Any] | None) -> None:
        super().__init__(build)
        self._identity = api_identity(user, run_as)

    @property
    def identity(self) -> str:
        return self._identity

    async def request(self, method: str, path: str, **kwargs: Any) -> Any:
        return await self._get().request(method, path, **kwargs)

    async def page(self, path: str, *, action: str, params: dict[str, Any] | None = None) -> Page:
        return await self._get().page(path, action=action, params=params)

    async def aclose(self) -> None:
        if self._real is not None:
            await self._real.aclose()


class LazyIndexer(_Lazy["Indexer"]):
    async def search(self, kind: IndexKind, body: dict[str, Any]) -> dict[str, Any]:
        return await self._get().search(kind, body)

    async def field_types(
        self, kind: IndexKind, fields: list[str], pattern: str | None = None
    ) -> dict[str, dict[str, str]]:
        return await self._get().field_types(kind, fields, pattern)

    async def aclose(self) -> None:
        if self._real is not None:
            await self._real.aclose()
