"""A tool's JSON input schema → form fields → call arguments (no Textual, so it is unit-tested).

Only what a person typed becomes an argument: empty optional fields are left out and the
server applies its own defaults. Scalars get typed inputs; enums a choice; lists of scalars a
comma-separated line; anything richer (objects, lists of objects such as hunt clauses) JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

Kind = Literal["string", "integer", "number", "boolean", "enum", "list", "json"]
_SCALARS = ("string", "integer", "number", "boolean")


@dataclass(frozen=True)
class FieldSpec:
    name: str
    kind: Kind
    required: bool = False
    description: str = ""
    default: Any = None
    has_default: bool = False
    choices: list[str] = field(default_factory=list)
    item_kind: str = "string"
    """For ``list``: the type of each item."""
    example: str = ""
    """A value that works, shown under a JSON field (what to type is not obvious there)."""

    @property
    def label(self) -> str:
        return f"{self.name}{' *' if self.required else ''}"

    @property
    def placeholder(self) -> str:
        if self.has_default and self.default not in (None, [], {}):
            return f"default: {json.dumps(self.default) if self.kind == 'json' else self.default}"
        return {"list": "comma-separated values", "json": "JSON"}.get(self.kind, "")


def _without_null(schema: dict[str, Any]) -> dict[str, Any]:
    """An Optional's non-null part: ``anyOf: [X, {type: null}]``, or ``type: [X, "null"]`` with
    ``null`` among the ``enum`` values (the server's compact form) → X."""
    options = schema.get("anyOf")
    if isinstance(options, list):
        rest = [o for o in options if isinstance(o, dict) and o.get("type") != "null"]
        if len(rest) == 1:
            return {**{k: v for k, v in schema.items() if k != "anyOf"}, **rest[0]}
    type_ = schema.get("type")
    if isinstance(type_, list) and "null" in type_:
        kinds = [t for t in type_ if t != "null"]
        schema = {**schema, "type": kinds[0] if len(kinds) == 1 else kinds}
        if isinstance(schema.get("enum"), list):
            schema["enum"] = [v for v in schema["enum"] if v is not None]
    return schema


def _hunt_clauses() -> str:
    """A hunt clause built by the hunt grammar itself, so the example is always one it accepts."""
    from wazuh_mcp.query.hunt_grammar import FIELDS, HuntClause

    level = FIELDS["rule.level"]
    return json.dumps([HuntClause(field=level.name, op="gte", value=level.example).model_dump()])


EXAMPLES = {"HuntClause": _hunt_clauses}
"""Examples for lists of a known object (by its ``$defs`` name in the tool's schema)."""


def example_for(schema: dict[str, Any]) -> str:
    """An example for a list of known objects (``items: {$ref: #/$defs/Name}``), else ""."""
    items = _without_null(schema).get("items")
    ref = items.get("$ref") if isinstance(items, dict) else None
    make = EXAMPLES.get(str(ref).rpartition("/")[2]) if ref else None
    return make() if make else ""


def field_for(name: str, schema: dict[str, Any], *, required: bool) -> FieldSpec:
    resolved = _without_null(schema)
    kind: Kind = "json"
    choices: list[str] = []
    item_kind = "string"
    type_ = resolved.get("type")
    if isinstance(resolved.get("enum"), list) and all(isinstance(v, str) for v in resolved["enum"]):
        kind, choices = "enum", list(resolved["enum"])
    elif type_ in _SCALARS:
        kind = type_
    elif isinstance(type_, list) and "string" in type_ and set(type_) <= set(_SCALARS):
        kind = "string"  # a string or a number (agent_id: '001' or 1): what is typed goes as text, which is accepted
    elif type_ == "array":
        items = _without_null(resolved.get("items") or {})
        if items.get("type") in _SCALARS and "enum" not in items:
            kind, item_kind = "list", str(items["type"])
    return FieldSpec(
        name=name,
        kind=kind,
        required=required,
        description=str(schema.get("description") or resolved.get("description") or ""),
        default=schema.get("default"),
        has_default="default" in schema,
        choices=choices,
        item_kind=item_kind,
        example=example_for(schema) if kind == "json" else "",
    )


def fields_from_schema(schema: dict[str, Any]) -> list[FieldSpec]:
    """Required fields first, then the rest in the schema's order."""
    properties = schema.get("properties") or {}
    required = set(schema.get("required") or [])
    fields = [field_for(n, p, required=n in required) for n, p in properties.items() if isinstance(p, dict)]
    return sorted(fields, key=lambda f: not f.required)


class _Omit:
    pass


OMIT = _Omit()


def _scalar(kind: str, text: str) -> Any:
    if kind == "integer":
        try:
            return int(text)
        except ValueError:
            raise ValueError("expects a whole number") from None
    if kind == "number":
        try:
            return float(text)
        except ValueError:
            raise ValueError("expects a number") from None
    if kind == "boolean":
        if text.lower() in ("true", "yes", "1"):
            return True
        if text.lower() in ("false", "no", "0"):
            return False
        raise ValueError("expects true or false")
    return text


def coerce(spec: FieldSpec, raw: Any) -> Any:
    """One field's raw widget value → its argument, ``OMIT``, or ValueError saying what is wrong."""
    if spec.kind == "boolean":
        value = bool(raw)
        return OMIT if not spec.required and spec.has_default and value == spec.default else value
    text = "" if raw is None else str(raw).strip()
    if not text:
        if spec.required:
            raise ValueError("is required")
        return OMIT
    if spec.kind == "enum":
        if text not in spec.choices:
            raise ValueError(f"must be one of {', '.join(spec.choices)}")
        return text
    if spec.kind == "list":
        if text.startswith("["):
            return coerce(FieldSpec(spec.name, "json"), text)
        return [_scalar(spec.item_kind, part.strip()) for part in text.split(",") if part.strip()]
    if spec.kind == "json":
        try:
            return json.loads(text)
        except ValueError as exc:
            raise ValueError(f"is not valid JSON ({exc})") from None
    return _scalar(spec.kind, text)


def build_arguments(fields: list[FieldSpec], raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """(arguments, field → problem). Arguments are only meaningful when there is no problem."""
    arguments: dict[str, Any] = {}
    problems: dict[str, str] = {}
    for spec in fields:
        try:
            value = coerce(spec, raw.get(spec.name))
        except ValueError as exc:
            problems[spec.name] = f"{spec.name} {exc}"
            continue
        if value is not OMIT:
            arguments[spec.name] = value
    return arguments, problems
