"""Indexer vocabulary the tools share with the backend, without importing opensearch-py: the tool
modules load on every `serve` start, the client library only once an Indexer is configured."""

from __future__ import annotations

import re
from typing import Any, Literal, get_args

from wazuh_mcp.untrusted import bound, clean

InventoryIndex = Literal[
    "processes",
    "packages",
    "ports",
    "services",
    "users",
    "groups",
    "interfaces",
    "networks",
    "protocols",
    "hotfixes",
    "browser-extensions",
    "system",
    "hardware",
]
"""Wazuh 5.x's inventory state indices, ``wazuh-states-inventory-<kind>`` (``indexer.inventory_pattern``)."""
StateIndex = Literal["sca", "fim-files", "fim-registry"]
"""Wazuh 5.x's other state indices, ``wazuh-states-<kind>`` (``indexer.states_pattern``): SCA and FIM state
(``fim-registry`` covers ``wazuh-states-fim-registry-keys`` and ``-values``)."""
IndexKind = Literal["alerts", "vulnerabilities", "findings", "archives", "events"] | InventoryIndex | StateIndex
"""Which of the configured index patterns a request goes to (``findings``: Wazuh 5.x's alerts; ``archives``:
every event on 4.x, when Filebeat ships them; ``events``: every event on 5.x; an ``InventoryIndex`` or a
``StateIndex``: Wazuh 5.x's state of that kind)."""
INVENTORY_INDICES: tuple[InventoryIndex, ...] = get_args(InventoryIndex)
STATE_INDICES: tuple[StateIndex, ...] = get_args(StateIndex)


def total_hits(response: dict[str, Any]) -> int:
    """``hits.total`` as an int (OpenSearch sends ``{"value": n, "relation": "eq"}``)."""
    total = response.get("hits", {}).get("total", 0)
    if isinstance(total, dict):
        total = total.get("value", 0)
    return int(total) if isinstance(total, int | float) else 0


TEMPLATE_FIX: dict[IndexKind, str] = {
    "alerts": "apply Wazuh's alerts template (wazuh-template.json, which `filebeat setup --index-management` "
    "installs) to it",
    "vulnerabilities": "apply Wazuh's wazuh-states-vulnerabilities index template to it",
    "findings": "apply Wazuh 5.x's findings stream template (which the Wazuh indexer's setup plugin installs) to it",
    "archives": "apply Wazuh's alerts template (wazuh-template.json, which also covers wazuh-archives-4.x-*) to it",
    "events": "apply Wazuh 5.x's events stream template (which the Wazuh indexer's setup plugin installs) to it",
    **{kind: f"apply Wazuh 5.x's wazuh-states-inventory-{kind} template to it" for kind in INVENTORY_INDICES},
    **{kind: f"apply Wazuh 5.x's wazuh-states-{kind} template to it" for kind in STATE_INDICES},
}
"""How to fix an index of each kind whose mapping is not Wazuh's."""
SHARD_WARNINGS = 5
"""Indices named one by one in a partial result's warnings; the rest are summed up in one more line."""
_WARNING_REASON = 160
_FIELD_IN_REASON = re.compile(r"\[([A-Za-z0-9_@][A-Za-z0-9_@.\-]{0,120})\]")
_MAPPING_REASONS = (
    "Text fields are not optimised",  # sort / aggregation on a field mapped as text (no Wazuh template)
    "No mapping found for",  # sort on a field the index does not have
    "can only use",  # a query type the field's mapped type does not take (prefix on a number…)
    "failed to create query",  # a value the field's mapped type cannot parse
    "Field [",  # "Field [x] of type [text] is not supported for aggregation…"
)


def shard_warnings(response: dict[str, Any], *, fix: str) -> list[str]:
    """What a 200 answer says it left out: failed shards (per index, with the engine's reason) and a
    timeout. Empty when the answer is complete. ``fix`` is the advice for an index whose mapping is
    not Wazuh's (``TEMPLATE_FIX``). Also reads a 400's ``error.failed_shards`` given as
    ``{"_shards": {"failed": n, "failures": [...]}}``."""
    warnings: list[str] = []
    if response.get("timed_out") is True:
        warnings.append("The Indexer hit its search timeout: results may be missing documents. Narrow the time range.")
    shards = response.get("_shards")
    if not isinstance(shards, dict) or not isinstance(shards.get("failed"), int) or shards["failed"] <= 0:
        return warnings
    by_index: dict[str, str] = {}
    for failure in shards.get("failures") or []:
        if isinstance(failure, dict):
            index = clean(str(failure.get("index") or "?"))[:120]
            by_index.setdefault(index, describe_failure(failure.get("reason"), fix=fix))
    named = list(by_index.items())[:SHARD_WARNINGS]
    warnings.extend(f"Index {index}: {why}" for index, why in named)
    if len(by_index) > len(named):
        warnings.append(f"{len(by_index) - len(named)} more indices failed as well; their documents are left out.")
    if not by_index:
        total = shards.get("total")
        warnings.append(
            f"{shards['failed']} of {total if isinstance(total, int) else '?'} shards failed to answer; counts are too low."
        )
    return warnings


def describe_failure(reason: Any, *, fix: str) -> str:
    """One shard failure in words: which field's mapping is wrong and how to fix it, or the engine's reason."""
    text, kind = "", ""
    while isinstance(reason, dict):  # the root cause is the innermost caused_by
        text, kind = str(reason.get("reason") or text), str(reason.get("type") or kind)
        reason = reason.get("caused_by")
    text = clean(" ".join(text.split()))  # reasons may quote document values: host-written text
    if any(marker.lower() in text.lower() for marker in _MAPPING_REASONS):
        field = _FIELD_IN_REASON.search(text)
        name = f"`{field.group(1)}`" if field else "a field this server reads"
        return (
            f"it lacks Wazuh's mapping for {name}, so its documents are left out of this result. "
            f"Fix: {fix}, then reindex this index."
        )
    short, kind = bound(text, _WARNING_REASON), bound(kind, 80) or ""  # the engine's words: cleaned and cut
    return f"its shards failed ({kind or 'error'}: {short or 'no reason given'}); its documents are left out."
