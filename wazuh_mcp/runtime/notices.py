"""Notices: what a tool's caller must know about the data behind an answer (e.g. the demo still loading).

A backend calls ``notice(text)`` while serving a call; ``WazuhServer.call_tool`` collects them per call and
adds them to the result as a trailing text block and ``_meta["wazuh_mcp/notices"]``, so a model reads
"partial" instead of taking an incomplete answer as the whole truth; a result whose schema has the
``partial``/``warnings`` fields (``models.common.Coverage``: every Indexer-backed tool) also gets
``partial: true`` and the notices among its warnings in ``structuredContent``, for a client that reads only
the structured data. The collecting list is shared by reference, so notices raised in tasks a tool spawns
(which copy the context) still arrive.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from mcp_types import CallToolResult, InputRequiredResult, TextContent

META_KEY = "wazuh_mcp/notices"
_current: ContextVar[list[str] | None] = ContextVar("wazuh_mcp_notices", default=None)


def notice(text: str) -> None:
    """Attach ``text`` to the answer of the tool call being served (no-op outside one)."""
    notes = _current.get()
    if notes is not None and text not in notes:
        notes.append(text)


@contextmanager
def collecting() -> Iterator[list[str]]:
    notes: list[str] = []
    token = _current.set(notes)
    try:
        yield notes
    finally:
        _current.reset(token)


def attach(
    result: CallToolResult | InputRequiredResult, notes: list[str], *, coverage: bool = False
) -> CallToolResult | InputRequiredResult:
    """``result`` with ``notes`` told beside it; ``coverage``: its schema has ``partial`` and ``warnings``."""
    if not notes or not isinstance(result, CallToolResult):
        return result
    text = [TextContent(type="text", text=f"note: {n}") for n in notes]
    update: dict[str, object] = {
        "content": [*result.content, *text],
        "meta": {**(result.meta or {}), META_KEY: list(notes)},
    }
    structured = result.structured_content
    if coverage and isinstance(structured, dict):
        warnings = [*(structured.get("warnings") or []), *notes]
        update["structured_content"] = {**structured, "partial": True, "warnings": list(dict.fromkeys(warnings))}
    return result.model_copy(update=update)
