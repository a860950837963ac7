"""Shared base for result models: strict, immutable, and small enough for a model's context."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from wazuh_mcp.untrusted import bound

TEXT_EXCERPT = 400
"""Longest free text (descriptions, logs) a result carries; the rest is cut with an ellipsis."""


class Result(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def excerpt(text: str | None, limit: int = TEXT_EXCERPT) -> str | None:
    """``text`` cleaned of control and bidi characters and cut to ``limit`` (None stays None)."""
    return bound(text, limit)


class Coverage(Result):
    """Whether an Indexer answer covers every index: shared by every Indexer-backed result.

    OpenSearch answers 200 when only some shards fail (an index created without Wazuh's template
    beside good ones is the common case) or when it hits its timeout; the counts are then too low.
    Both fields are left out of the JSON when the answer is complete.
    """

    partial: bool = Field(
        default=False,
        exclude_if=lambda v: not v,
        description="True when some indices did not answer (failed shards or a timeout): totals and "
        "lists are too low. Read `warnings` and tell the user; do not report the numbers as complete.",
    )
    warnings: list[str] = Field(
        default_factory=list,
        exclude_if=lambda v: not v,
        description="Which index did not answer and why, with the fix.",
    )
