"""Small query helpers for the test bed (plain DSL; the tools have their own)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from opensearchpy import OpenSearch


def since(now: datetime, delta: timedelta) -> dict[str, Any]:
    return {"range": {"timestamp": {"gte": (now - delta).isoformat(), "lte": now.isoformat()}}}


def rule_ids(client: OpenSearch, pattern: str, query: dict[str, Any]) -> dict[str, int]:
    body = {
        "size": 0,
        "track_total_hits": True,
        "query": query,
        "aggs": {"rules": {"terms": {"field": "rule.id", "size": 500}}},
    }
    buckets = client.search(index=pattern, body=body)["aggregations"]["rules"]["buckets"]
    return {b["key"]: b["doc_count"] for b in buckets}


def count(client: OpenSearch, pattern: str, query: dict[str, Any] | None = None) -> int:
    body = {"query": query} if query else None
    return int(client.count(index=pattern, body=body)["count"])


def field_types(client: OpenSearch, pattern: str) -> dict[str, str]:
    """Leaf field -> type (plus format where set), merged over every index the pattern matches."""
    out: dict[str, str] = {}

    def walk(properties: dict[str, Any], prefix: str) -> None:
        for name, spec in properties.items():
            if "properties" in spec:
                walk(spec["properties"], f"{prefix}{name}.")
            else:
                out[prefix + name] = spec.get("type", "object") + (f"|{spec['format']}" if "format" in spec else "")

    for index in client.indices.get_mapping(index=pattern).values():
        walk(index["mappings"].get("properties", {}), "")
    return out


def leaf_fields(source: dict[str, Any], prefix: str = "") -> set[str]:
    """The leaf paths of a document (a geo point's {lat, lon} counts as one leaf)."""
    out: set[str] = set()
    for key, value in source.items():
        if isinstance(value, dict) and set(value) != {"lat", "lon"}:
            out |= leaf_fields(value, f"{prefix}{key}.")
        else:
            out.add(prefix + key)
    return out
