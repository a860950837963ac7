"""Wazuh 5.x's agent inventory: the ``wazuh-states-inventory-<kind>`` indices, read into the 4.x result models.

Wazuh 5.0 removed the Server API's ``/syscollector`` endpoints; each agent's inventory is a state document
per process, package or port in the Indexer, in Wazuh Common Schema names with the agent under
``wazuh.agent.*`` (``../shared/reference/wazuh5/indexer/templates/states/inventory-*.json``). Here are the
queries (one agent, a stable order, size/offset pages) and the WCS → item mapping; ``tools.agents`` picks
the generation.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from wazuh_mcp.models.agents import PackageItem, PortItem, ProcessItem
from wazuh_mcp.models.common import excerpt

InventoryKind = Literal["processes", "packages", "ports"]

SORT: dict[InventoryKind, list[dict[str, Any]]] = {
    "processes": [{"process.pid": {"order": "asc", "missing": "_last"}}],
    "packages": [{"package.name": {"order": "asc", "missing": "_last"}}],
    "ports": [{"source.port": {"order": "asc", "missing": "_last"}}],
}
"""Each kind in the order the 4.x tools list it; ``checksum.hash.sha1`` (one per state document) breaks ties so
pages never overlap."""
TIEBREAK: dict[str, Any] = {"checksum.hash.sha1": {"order": "asc", "missing": "_last"}}
SOURCE: dict[InventoryKind, list[str]] = {
    "processes": ["process.*", "state.modified_at"],
    "packages": ["package.*", "state.modified_at"],
    "ports": ["source.*", "destination.*", "network.transport", "interface.state", "process.*", "state.modified_at"],
}


def agent_filter(agent_id: str) -> dict[str, Any]:
    """Every wazuh-states-* index keeps the agent under ``wazuh.agent.*``."""
    return {"term": {"wazuh.agent.id": agent_id}}


def agent_query(
    agent_id: str,
    sort: list[dict[str, Any]],
    source: list[str],
    size: int,
    offset: int,
    also: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """One size/offset page of an agent's state documents in ``sort`` order, narrowed by ``also``."""
    return {
        "query": {"bool": {"filter": [agent_filter(agent_id), *(also or [])]}},
        "sort": sort,
        "size": size,
        "from": offset,
        "track_total_hits": True,
        "_source": source,
    }


def query(kind: InventoryKind, agent_id: str, size: int, offset: int) -> dict[str, Any]:
    return agent_query(agent_id, [*SORT[kind], TIEBREAK], SOURCE[kind], size, offset)


def _get(doc: dict[str, Any], path: str) -> Any:
    value: Any = doc
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def _one(value: Any) -> Any:
    """WCS keeps some scalars as arrays (a port's ``source.ip`` is ``["127.0.0.1"]`` in an agent's dump)."""
    return value[0] if isinstance(value, list) and value else (None if isinstance(value, list) else value)


TEXT = 120
"""Longest name-like value an item carries."""


def text(value: Any, limit: int = TEXT) -> str | None:
    """A value as bounded clean text; a list (WCS arrays, a real agent's ``network.ip``) joined with ", "."""
    if isinstance(value, list):
        value = ", ".join(str(v) for v in value if v is not None and str(v).strip())
    if value is None or isinstance(value, dict):
        return None
    shown = excerpt(str(value), limit)
    return shown if shown and shown.strip() else None


def _int(value: Any) -> int | None:
    value = _one(value)
    try:
        return int(value) if value is not None and value != "" and not isinstance(value, bool) else None
    except (TypeError, ValueError):
        return None


def _text(value: Any) -> str | None:
    """One WCS value as bounded clean text (a monitored host writes it)."""
    return text(_one(value))


def _epoch(value: Any) -> int | None:
    """``process.start`` is a date in 5.x (4.x sent epoch seconds, which ``started`` keeps)."""
    text = _text(value)
    if text is None:
        return None
    try:
        return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())
    except ValueError:
        return _int(text)


def process(doc: dict[str, Any]) -> ProcessItem:
    args = _get(doc, "process.args")
    joined = " ".join(str(a) for a in args) if isinstance(args, list) else args
    return ProcessItem(
        pid=_int(_get(doc, "process.pid")),
        ppid=_int(_get(doc, "process.parent.pid")),
        name=_text(_get(doc, "process.name")),
        cmd=excerpt(_get(doc, "process.command_line"), 200) or None,
        args=excerpt(joined, 200) or None,
        state=_text(_get(doc, "process.state")),
        started=_epoch(_get(doc, "process.start")),
    )


def package(doc: dict[str, Any]) -> PackageItem:
    return PackageItem(
        name=_text(_get(doc, "package.name")),
        version=_text(_get(doc, "package.version")),
        vendor=_text(_get(doc, "package.vendor")),
        architecture=_text(_get(doc, "package.architecture")),
        format=_text(_get(doc, "package.type")),
        description=excerpt(_get(doc, "package.description"), 120) or None,
        installed=_text(_get(doc, "package.installed")),
    )


def port(doc: dict[str, Any]) -> PortItem:
    return PortItem(
        protocol=_text(_get(doc, "network.transport")),
        local_ip=_text(_get(doc, "source.ip")),
        local_port=_int(_get(doc, "source.port")),
        remote_ip=_text(_get(doc, "destination.ip")),
        remote_port=_int(_get(doc, "destination.port")),
        state=_text(_get(doc, "interface.state")),
        pid=_int(_get(doc, "process.pid")),
        process=_text(_get(doc, "process.name")),
    )


def scan_time(sources: list[dict[str, Any]]) -> str | None:
    """The newest ``state.modified_at`` on the page: when the agent last synced what is shown."""
    times = [t for t in (_text(_get(s, "state.modified_at")) for s in sources) if t]
    return max(times) if times else None
