"""Indexer vocabulary the tools share with the backend, without importing opensearch-py: the tool
modules load on every `serve` start, the client library only once an Indexer is configured."""

from __future__ import annotations

from typing import Any, Literal

IndexKind = Literal["alerts", "vulnerabilities"]
"""Which of the configured index patterns a request goes to."""


def total_hits(response: dict[str, Any]) -> int:
    """``hits.total`` as an int (OpenSearch sends ``{"value": n, "relation": "eq"}``)."""
    total = response.get("hits", {}).get("total", 0)
    if isinstance(total, dict):
        total = total.get("value", 0)
    return int(total) if isinstance(total, int | float) else 0
