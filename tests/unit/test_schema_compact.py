"""The compacted tool schemas accept exactly what pydantic's originals accept."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp.server.mcpserver.tools.base import Tool

from wazuh_mcp.server.schema_compact import compact
from wazuh_mcp.tools.catalogue import all_tools

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 20_000)
    | st.floats(allow_nan=False, width=32)
    | st.text(max_size=12)
    | st.sampled_from(["active", "T1110", "001", "1h", "30d", "eq", "in", "rule.id", "High"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["field", "op", "value"]), inner),
    max_leaves=6,
)


def originals() -> list[tuple[str, dict[str, Any], dict[str, Any] | None]]:
    out = []
    for spec in all_tools():
        tool = Tool.from_function(spec.fn, name=spec.name, structured_output=True)
        out.append((spec.name, tool.parameters, tool.output_schema))
    return out


TOOLS = originals()


def accepts(schema: dict[str, Any], instance: Any) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(instance)


@pytest.mark.parametrize(("name", "params", "output"), TOOLS, ids=[t[0] for t in TOOLS])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_compact_schema_accepts_the_same_arguments(
    name: str, params: dict[str, Any], output: dict[str, Any] | None, data: st.DataObject
) -> None:
    small = compact(params)
    for prop, sub in params.get("properties", {}).items():
        wrapped, wrapped_small = (
            {**params, "properties": {prop: sub}, "required": []},
            {**small, "properties": {prop: small["properties"][prop]}, "required": []},
        )
        value = data.draw(JSON_VALUES, label=prop)
        assert accepts(wrapped, {prop: value}) == accepts(wrapped_small, {prop: value}), (name, prop, value)


def test_compaction_keeps_descriptions_and_shrinks() -> None:
    before = after = 0
    for _, params, output in TOOLS:
        import json

        before += len(json.dumps(params)) + len(json.dumps(output))
        after += len(json.dumps(compact(params))) + len(json.dumps(compact(output, output=True)))
        for prop, sub in params.get("properties", {}).items():
            assert compact(params)["properties"][prop].get("description") == sub.get("description")
    assert after < before * 0.9
