"""Input schema → playground fields → call arguments, on the schemas the server really publishes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tui.schema_form import OMIT, build_arguments, coerce, fields_from_schema

SNAPS = Path(__file__).resolve().parents[1] / "toolsnaps" / "__toolsnaps__"


def schema(tool: str) -> dict[str, Any]:
    path = SNAPS / f"{tool}.json"
    if not path.exists():
        pytest.skip(f"no schema snapshot for {tool}")
    data = json.loads(path.read_text())
    return data.get("inputSchema") or data["input_schema"]


def test_list_agents_fields() -> None:
    fields = {f.name: f for f in fields_from_schema(schema("list_agents"))}
    assert fields["status"].kind == "enum" and "never_connected" in fields["status"].choices
    assert fields["size"].kind == "integer" and fields["size"].placeholder == "default: 100"
    assert fields["group"].kind == "string" and not fields["group"].required
    args, problems = build_arguments(
        list(fields.values()), {"status": "active", "size": "5", "group": "", "offset": ""}
    )
    assert problems == {} and args == {"status": "active", "size": 5}


def test_required_first_and_rich_values_as_json() -> None:
    fields = fields_from_schema(schema("hunt_query"))
    required = [f.name for f in fields if f.required]
    assert [f.name for f in fields[: len(required)]] == required and "must" in required
    must = next(f for f in fields if f.name == "must")
    assert must.kind == "json"
    clause = '[{"field": "rule.level", "op": "gte", "value": 10}]'
    filled = {name: "24h" for name in required} | {"must": clause}
    args, problems = build_arguments(fields, filled)
    assert problems == {} and args["must"] == [{"field": "rule.level", "op": "gte", "value": 10}]
    _, problems = build_arguments(fields, filled | {"must": ""})
    assert problems == {"must": "must is required"}
    _, problems = build_arguments(fields, filled | {"must": "[{oops"})
    assert "is not valid JSON" in problems["must"]


def test_scalars_lists_and_booleans() -> None:
    raw_schema = {
        "type": "object",
        "required": ["n"],
        "properties": {
            "n": {"type": "integer"},
            "ratio": {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None},
            "mode": {"type": ["string", "null"], "enum": ["a", "b", None], "default": None},
            "tags": {"type": "array", "items": {"type": "string"}, "default": []},
            "ids": {"type": "array", "items": {"type": "integer"}},
            "confirm": {"type": "boolean", "default": False},
        },
    }
    fields = {f.name: f for f in fields_from_schema(raw_schema)}
    assert [f.kind for f in fields.values()] == ["integer", "number", "enum", "list", "list", "boolean"]
    assert fields["mode"].choices == ["a", "b"] and coerce(fields["mode"], "") is OMIT
    assert coerce(fields["tags"], "a, b ,c") == ["a", "b", "c"]
    assert coerce(fields["ids"], "1,2") == [1, 2]
    assert coerce(fields["ids"], "[3]") == [3]
    assert coerce(fields["confirm"], False) is OMIT and coerce(fields["confirm"], True) is True
    assert coerce(fields["ratio"], "") is OMIT and coerce(fields["ratio"], "0.5") == 0.5
    _, problems = build_arguments(list(fields.values()), {"n": "x", "ids": "1,two"})
    assert problems == {"n": "n expects a whole number", "ids": "ids expects a whole number"}


def test_agent_id_a_string_or_an_integer_is_typed_as_text() -> None:
    """agent_id's schema says string or integer (issue 26 item 14): the form keeps it a text field, so '001'
    and what a person types is sent as typed (a JSON field would have refused '001' before any call)."""
    for tool in ("get_agent", "summarize_alerts"):
        fields = {f.name: f for f in fields_from_schema(schema(tool))}
        assert fields["agent_id"].kind == "string", tool
        args, problems = build_arguments([fields["agent_id"]], {"agent_id": "001"})
        assert problems == {} and args == {"agent_id": "001"}
