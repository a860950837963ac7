"""Shared base for result models: strict, immutable, and small enough for a model's context."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

TEXT_EXCERPT = 400
"""Longest free text (descriptions, logs) a result carries; the rest is cut with an ellipsis."""


class Result(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def excerpt(text: str | None, limit: int = TEXT_EXCERPT) -> str | None:
    """``text`` cut to ``limit`` characters (None stays None)."""
    if text is None:
        return None
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
