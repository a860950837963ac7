"""What the engine receives, captured at the Indexer backend's transport boundary, and the DSL rule
it must obey (DESIGN.md: only term / terms / range / exists / prefix fragments, no caller text as DSL).

``record_engine_requests(indexer)`` wraps opensearch-py's ``Transport.perform_request`` of a real
``Indexer``: every request the engine would get passes through it (method, path, body) *after* all
of the server's own code has run, so nothing the tools build can bypass the check. It is a wrapper,
not a mock: the request still goes to the engine and its answer comes back unchanged.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from wazuh_mcp.backends.indexer import Indexer

LEAVES = {"term", "terms", "range", "exists", "prefix"}
"""The only query clauses allowed to carry values."""
STRUCTURE = {"bool", "match_all"}
"""Clauses that only combine others (``bool``) or match everything (``match_all``): no caller values."""
BOOL_KEYS = {"must", "filter", "should", "must_not", "minimum_should_match"}
BODY_KEYS = {"query", "size", "sort", "search_after", "track_total_hits", "_source", "aggs", "aggregations", "from"}
AGG_TYPES = {
    "terms",
    "date_histogram",
    "histogram",
    "cardinality",
    "top_hits",
    "min",
    "max",
    "avg",
    "sum",
    "value_count",
    "stats",
    "filter",
    "filters",
    "missing",
    "composite",
    "multi_terms",
}


@dataclass
class EngineRequest:
    method: str
    path: str
    body: Any


@dataclass
class Recorder:
    requests: list[EngineRequest] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, request: EngineRequest) -> None:
        with self._lock:
            self.requests.append(request)


def record_engine_requests(indexer: Indexer) -> Recorder:
    recorder = Recorder()
    transport = indexer._client.transport  # noqa: SLF001 - the boundary under test: below it is only HTTP
    original = transport.perform_request

    def perform_request(method: str, url: str, *args: Any, **kwargs: Any) -> Any:
        body = kwargs.get("body", args[1] if len(args) > 1 else None)
        recorder.add(EngineRequest(method, url, body))
        return original(method, url, *args, **kwargs)

    transport.perform_request = perform_request  # type: ignore[method-assign]
    return recorder


def violations(request: EngineRequest, patterns: set[str]) -> list[str]:
    """Every way ``request`` breaks the rule (empty when it obeys)."""
    found: list[str] = []
    index, _, action = unquote(request.path).lstrip("/").partition("/")
    if index not in patterns:
        found.append(f"index {index!r} is not a configured pattern")
    if action != "_search" or request.method not in ("GET", "POST"):
        found.append(f"{request.method} {action!r} is not a search")
    body = request.body
    if not isinstance(body, dict):
        return [*found, f"body is {type(body).__name__}"]
    for key in set(body) - BODY_KEYS:
        found.append(f"body key {key!r}")
    if "query" in body:
        _query(body["query"], "query", found)
    for aggs_key in ("aggs", "aggregations"):
        if aggs_key in body:
            _aggs(body[aggs_key], aggs_key, found)
    return found


def _query(node: Any, where: str, found: list[str]) -> None:
    if not isinstance(node, dict) or len(node) != 1:
        found.append(f"{where}: a clause must be one-key object, got {str(node)[:80]}")
        return
    ((kind, body),) = node.items()
    if kind in LEAVES:
        if kind != "exists" and (not isinstance(body, dict) or len(body) != 1):
            found.append(f"{where}.{kind}: must name exactly one field")
        _no_scripts(body, f"{where}.{kind}", found)
    elif kind == "match_all":
        if body not in ({}, None):
            found.append(f"{where}.match_all carries {body!r}")
    elif kind == "bool":
        if not isinstance(body, dict):
            found.append(f"{where}.bool is not an object")
            return
        for key, clauses in body.items():
            if key not in BOOL_KEYS:
                found.append(f"{where}.bool.{key}")
            elif key != "minimum_should_match":
                for i, clause in enumerate(clauses if isinstance(clauses, list) else [clauses]):
                    _query(clause, f"{where}.bool.{key}[{i}]", found)
    else:
        found.append(f"{where}: clause {kind!r} is outside term/terms/range/exists/prefix")


def _aggs(node: Any, where: str, found: list[str]) -> None:
    if not isinstance(node, dict):
        found.append(f"{where} is not an object")
        return
    for name, agg in node.items():
        if not isinstance(agg, dict):
            found.append(f"{where}.{name} is not an object")
            continue
        for kind, body in agg.items():
            if kind in ("aggs", "aggregations"):
                _aggs(body, f"{where}.{name}.{kind}", found)
            elif kind == "meta":
                continue
            elif kind not in AGG_TYPES:
                found.append(f"{where}.{name}: aggregation {kind!r}")
            elif kind == "filter":
                _query(body, f"{where}.{name}.filter", found)
            elif kind == "filters":
                for key, sub in (body.get("filters") or {}).items():
                    _query(sub, f"{where}.{name}.filters.{key}", found)
            else:
                _no_scripts(body, f"{where}.{name}.{kind}", found)


def _no_scripts(node: Any, where: str, found: list[str]) -> None:
    if isinstance(node, dict):
        for key, sub in node.items():
            if key in ("script", "query_string", "simple_query_string", "regexp", "wildcard", "fuzzy"):
                found.append(f"{where}: {key!r}")
            _no_scripts(sub, f"{where}.{key}", found)
    elif isinstance(node, list):
        for sub in node:
            _no_scripts(sub, where, found)
