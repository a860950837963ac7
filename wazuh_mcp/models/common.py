"""Shared base for result models: strict, immutable, and small enough for a model's context."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from wazuh_mcp.untrusted import bound

TEXT_EXCERPT = 400
"""Longest free text (descriptions, logs) a result carries; the rest is cut with an ellipsis."""


class Result(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def excerpt(text: str | None, limit: int = TEXT_EXCERPT) -> str | None:
    """``text`` cleaned of control and bidi characters and cut to ``limit`` (None stays None)."""
    return bound(text, limit)
