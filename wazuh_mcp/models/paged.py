"""Pieces shared by the Indexer result models: omit-when-empty fields and the page envelope.

A page of 25 alerts is read by a model, so every absent value costs context for nothing:
optional fields are left out of the JSON when None (or an empty list) instead of being sent
as ``null``. The output schema still lists them, as optional.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from wazuh_mcp.models.common import Coverage


def _is_none(value: Any) -> bool:
    return value is None


def _is_empty(value: Any) -> bool:
    return not value


OptStr = Annotated[str | None, Field(exclude_if=_is_none)]
OptInt = Annotated[int | None, Field(exclude_if=_is_none)]
OptFloat = Annotated[float | None, Field(exclude_if=_is_none)]
Tags = Annotated[list[str], Field(default_factory=list, exclude_if=_is_empty)]


class Page(Coverage):
    """Paging fields common to every Indexer list result."""

    total: int = Field(description="Matches across all pages (exact).")
    truncated: bool = Field(description="True when more matches exist than this page holds; follow next_cursor.")
    next_cursor: str = Field(
        default="",
        description="Pass as `cursor` (with the same other arguments) for the next page; empty when this "
        "is the last page.",
    )
