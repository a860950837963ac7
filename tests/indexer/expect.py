"""Expected answers, computed from the documents the dataset generator says it loaded.

The tools' clock is pinned to the dataset's anchor (``conftest.pin_clock``), so a window here is
exactly the window the tool asks the engine for. ``matches`` is a small reference evaluator of the
hunt grammar's semantics over plain documents.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from tests.engines import LoadedEngine
from wazuh_mcp.query.hunt_grammar import FIELDS, check_value
from wazuh_mcp.tools._alert_view import texts
from wazuh_mcp.tools._search import time_window


def epoch_ms(text: str) -> int:
    return int(datetime.fromisoformat(text.replace("+0000", "+00:00")).timestamp() * 1000)


@dataclass(frozen=True)
class Doc:
    id: str
    source: dict[str, Any]

    @cached_property
    def ts(self) -> int:
        return epoch_ms(self.source["timestamp"])

    def values(self, field: str) -> list[str]:
        return texts(self.source, field)

    def has(self, field: str) -> bool:
        return bool(self.values(field))


def newest_first(docs: Iterable[Doc]) -> list[Doc]:
    """The tools' order: timestamp descending, then Wazuh's alert id descending."""
    return sorted(docs, key=lambda d: (d.ts, d.source.get("id", "")), reverse=True)


def alerts_in(engine: LoadedEngine, time_range: str) -> list[Doc]:
    since, until = time_window(time_range, engine.now)
    docs = (Doc(d.id, d.source) for d in engine.expected_alerts())
    return newest_first(d for d in docs if since <= d.ts <= until)


def vulnerabilities(engine: LoadedEngine) -> list[Doc]:
    return [Doc(d.id, d.source) for d in engine.expected_vulnerabilities()]


def _compare(field: str, stored: str, op: str, wanted: Any) -> bool:
    kind = FIELDS[field].type
    left: Any
    right: Any
    if kind == "long":
        left, right = int(stored), int(wanted)
    elif kind == "date":
        left, right = epoch_ms(stored), epoch_ms(wanted)
    else:
        left, right = stored, wanted
    return bool(
        {"eq": left == right, "gt": left > right, "gte": left >= right, "lt": left < right, "lte": left <= right}[op]
    )


def matches(doc: Doc, field: str, op: str, value: Any) -> bool:
    """Whether ``doc`` satisfies one hunt clause (multi-valued fields: any value)."""
    wanted = check_value(field, op, value)
    stored = doc.values(field)
    if op == "exists":
        return bool(stored)
    if op == "ne":
        return not any(_compare(field, s, "eq", wanted) for s in stored)
    if op == "in":
        return any(_compare(field, s, "eq", w) for s in stored for w in wanted)
    if op == "prefix":
        return any(s.startswith(wanted) for s in stored)
    return any(_compare(field, s, op, wanted) for s in stored)


def hunt(docs: list[Doc], must: list[dict[str, Any]], must_not: list[dict[str, Any]] | None = None) -> list[Doc]:
    return [
        d
        for d in docs
        if all(matches(d, c["field"], c["op"], c["value"]) for c in must)
        and not any(matches(d, c["field"], c["op"], c["value"]) for c in must_not or [])
    ]
