"""Tool schemas are snapshotted: any change to a name, description or schema shows up as a diff.

Refresh on purpose with ``UPDATE_TOOLSNAPS=1 pytest tests/toolsnaps``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from mcp_types import Tool

from wazuh_mcp.docgen import DOC_PATH, INDEX_PATH, every_tool, index_text, render
from wazuh_mcp.runtime.registry import ToolInfo, ToolSpec, indexed_tools
from wazuh_mcp.tools.catalogue import all_tools, resolve

SNAP_DIR = Path(__file__).parent / "__toolsnaps__"


def snapshot(tool: Tool) -> str:
    data = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


@pytest.fixture(scope="module")
async def tools() -> list[Tool]:
    return await every_tool()


async def test_every_tool_matches_its_snapshot(tools: list[Tool]) -> None:
    update = os.environ.get("UPDATE_TOOLSNAPS") == "1"
    SNAP_DIR.mkdir(exist_ok=True)
    stale = []
    for tool in tools:
        path = SNAP_DIR / f"{tool.name}.json"
        if update:
            path.write_text(snapshot(tool))
        elif not path.exists() or path.read_text() != snapshot(tool):
            stale.append(tool.name)
    orphans = sorted({p.stem for p in SNAP_DIR.glob("*.json")} - {t.name for t in tools})
    if update:
        for name in orphans:
            (SNAP_DIR / f"{name}.json").unlink()
        return
    assert not stale, f"tool schemas changed: {stale}; review and refresh with UPDATE_TOOLSNAPS=1"
    assert not orphans, f"snapshots for tools that no longer exist: {orphans}"


async def test_input_schemas_have_no_top_level_union_and_forbid_extras(tools: list[Tool]) -> None:
    for tool in tools:
        schema = tool.input_schema
        assert schema.get("type") == "object", tool.name
        assert not {"anyOf", "oneOf", "allOf"} & set(schema), f"{tool.name} has a top-level union"
        assert schema.get("additionalProperties") is False, tool.name
        assert tool.output_schema is not None, f"{tool.name} has no outputSchema"


async def test_docs_tools_md_is_current(tools: list[Tool]) -> None:
    assert DOC_PATH.read_text() == render(tools), "docs/tools.md is stale: run `python -m wazuh_mcp.docgen`"


def test_the_tool_index_is_current() -> None:
    """serve names its tools from tool_index.py (no tool module imported): it must say what the modules say."""
    assert INDEX_PATH.read_text() == index_text(), "tool_index.py is stale: run `python -m wazuh_mcp.docgen`"
    assert [t.info for t in indexed_tools()] == [s.info for s in all_tools()]


def test_a_stale_index_entry_is_refused_with_the_fix() -> None:
    """An index that disagrees with a module (a hint changed by hand) fails the first tools/list loudly."""
    first = indexed_tools()[0]
    changed = ToolInfo(first.id, first.title, first.name, read_only=not first.read_only)
    assert all(isinstance(spec, ToolSpec) for spec in resolve([first]))
    with pytest.raises(RuntimeError, match=r"python -m wazuh_mcp\.docgen"):
        resolve([changed])


async def test_descriptions_go_out_dedented_and_trimmed(tools: list[Tool]) -> None:
    """The model reads the description as sent: no docstring indentation, no surrounding blank space."""
    for tool in tools:
        description = tool.description or ""
        assert description and description == description.strip(), tool.name
        assert not [line for line in description.splitlines() if line.startswith(" ")], tool.name
