"""Smaller JSON Schemas for tools/list: every byte of it sits in the model's context on every turn.

Pydantic's schemas repeat a ``title`` for every field and spell ``str | None`` as an ``anyOf`` of
two one-key objects. ``compact`` rewrites them into the equivalent shorter form; what a schema
accepts does not change (tests/unit/test_schema_compact.py checks that on every tool).
"""

from __future__ import annotations

from typing import Any

_PLAIN_TYPE_KEYS = {"type"}


def _collapse_any_of(node: dict[str, Any]) -> dict[str, Any]:
    """``{"anyOf": [{"type": "string", "maxLength": 9}, {"type": "null"}]}`` →
    ``{"type": ["string", "null"], "maxLength": 9}``: keywords like maxLength, minimum or items
    only constrain values of their own type, so null stays accepted exactly as before."""
    branches = node.get("anyOf")
    if isinstance(branches, list) and len(branches) == 2 and {"type": "null"} in branches:
        other = branches[0] if branches[1] == {"type": "null"} else branches[1]
        if "description" in node:  # the field's own words say more than its type's (agent id vs "this agent")
            other = {k: v for k, v in other.items() if k != "description"}
        kinds = other.get("type")
        plain = isinstance(kinds, str) or (isinstance(kinds, list) and all(isinstance(k, str) for k in kinds))
        if plain and "null" not in kinds and not set(other) & set(node) - {"anyOf"}:
            merged = {k: v for k, v in node.items() if k != "anyOf"}
            merged.update(other)
            merged["type"] = [*([kinds] if isinstance(kinds, str) else kinds), "null"]
            if "enum" in other:
                merged["enum"] = [*other["enum"], None]
            if "const" in other:
                return node
            return merged
    if not isinstance(branches, list) or not all(
        isinstance(b, dict) and set(b) <= _PLAIN_TYPE_KEYS | {"format"} and "type" in b for b in branches
    ):
        return node
    if any("format" in b for b in branches):
        return node
    types: list[str] = []
    for branch in branches:
        kinds = branch["type"] if isinstance(branch["type"], list) else [branch["type"]]
        types.extend(k for k in kinds if k not in types)
    rest = {k: v for k, v in node.items() if k != "anyOf"}
    return {**rest, "type": types if len(types) > 1 else types[0]}


def compact(schema: Any, *, output: bool = False, _top: bool = True) -> Any:
    """An equivalent, shorter schema. ``output`` also drops every ``default`` (meaningless in a result)."""
    if isinstance(schema, list):
        return [compact(item, output=output, _top=False) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title" and not isinstance(value, dict) and (not _top or str(value).endswith("Arguments")):
            continue  # the SDK titles every input schema "<tool>Arguments": the tool's name says it
        if key == "default" and (output or value is None):
            continue  # an optional argument left out is None: "default": null says nothing more

        if key in ("properties", "$defs"):
            out[key] = {name: compact(sub, output=output, _top=False) for name, sub in value.items()}
        else:
            out[key] = compact(value, output=output, _top=False)
    out = _collapse_any_of(out)
    items = out.get("items")
    if "description" in out and isinstance(items, dict) and "description" in items:
        # a list's own description says what its items are (agent_ids: "Agent ids, e.g. ['001']")
        out["items"] = {k: v for k, v in items.items() if k != "description"}
    return out
