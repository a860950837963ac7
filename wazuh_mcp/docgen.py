"""Generates ``docs/tools.md`` and the registry's index (``wazuh_mcp/runtime/tool_index.py``) from the
registry, so neither can drift from the code.

python -m wazuh_mcp.docgen          rewrite both
python -m wazuh_mcp.docgen --check  exit 1 when either is stale (CI)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from mcp_types import Tool

DOC_PATH = Path(__file__).resolve().parents[1] / "docs" / "tools.md"
INDEX_PATH = Path(__file__).resolve().parent / "runtime" / "tool_index.py"


def index_text() -> str:
    """What ``tool_index.py`` must say: read from the tool modules themselves, never from the index."""
    from wazuh_mcp.runtime.registry import render_index
    from wazuh_mcp.tools.catalogue import all_tools

    return render_index(all_tools())


async def every_tool() -> list[Tool]:
    """Every tool as a client would see it (role admin, writes on), in registry order."""
    import os

    from wazuh_mcp.config.settings import Settings
    from wazuh_mcp.server.build import build_server

    # the developer's settings file must not shape the docs
    settings = Settings.load(read_file=False, role="admin", writes=True, audit_log=Path(os.devnull))
    return await build_server(settings).list_tools()


def _type_of(schema: dict[str, Any]) -> str:
    if "anyOf" in schema:
        return " \\| ".join(_type_of(s) for s in schema["anyOf"])
    if "enum" in schema:
        return " \\| ".join(f"`{_json(v)}`" for v in schema["enum"])
    if schema.get("type") == "array":
        return f"list[{_type_of(schema.get('items', {}))}]"
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    kind = schema.get("type", "any")
    return kind if isinstance(kind, str) else f"`{_json(kind)}`"  # a type list, e.g. ["integer","null"]


def _json(value: Any) -> str:
    """How the schema says it, in JSON (null, true, ["integer","null"]), not Python's repr."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _limits(schema: dict[str, Any]) -> str:
    parts = []
    for key, label in (
        ("minimum", "≥"),
        ("maximum", "≤"),
        ("minLength", "len ≥"),
        ("maxLength", "len ≤"),
        ("minItems", "items ≥"),
        ("maxItems", "items ≤"),
        ("pattern", "pattern"),
    ):
        for candidate in [schema, *schema.get("anyOf", [])]:
            if key in candidate:
                value = candidate[key]
                parts.append(f"{label} `{value}`" if key == "pattern" else f"{label} {value}")
    return ", ".join(parts)


_ABBREVIATIONS = ("e.g.", "i.e.", "cf.", "vs.")
"""A period that ends one of these does not end the sentence."""


def first_sentence(text: str) -> str:
    """The whole first sentence of a description, whitespace folded, without its final period: up to the
    first ". " that does not close an abbreviation ("e.g. '001'" stays inside)."""
    words = " ".join(text.split())
    start = 0
    while (end := words.find(". ", start)) >= 0:
        if not words[: end + 1].lower().endswith(_ABBREVIATIONS):
            return words[:end]
        start = end + 2
    return words.rstrip(".")


def render(tools: list[Tool]) -> str:
    from wazuh_mcp.tools.generations import READS

    lines = [
        "# Tools",
        "",
        "Generated from the registry by `python -m wazuh_mcp.docgen`; CI fails when this file is stale.",
        "Wire names are what clients call; canonical ids (`toolset.name`) are what role allowlists and the",
        "audit log use. Write tools are listed only when writes are enabled and the role allows them.",
        "",
        "| Tool | Canonical id | Read-only | Summary |",
        "|---|---|---|---|",
    ]
    for tool in tools:
        meta = tool.meta or {}
        summary = first_sentence(tool.description or "")
        read_only = "yes" if tool.annotations and tool.annotations.read_only_hint else "**no**"
        lines.append(f"| [`{tool.name}`](#{tool.name}) | `{meta.get('canonical_id')}` | {read_only} | {summary} |")
    for tool in tools:
        meta = tool.meta or {}
        lines += [
            "",
            f"## `{tool.name}`",
            "",
            f"**{tool.title or tool.name}** · canonical id `{meta.get('canonical_id')}`"
            f" · toolset `{meta.get('toolset')}`",
            "",
            " ".join((tool.description or "").split()),
            "",
        ]
        on_4x, on_5x = READS[tool.name]
        lines += [f"Reads on Wazuh 4.x: {on_4x}. On Wazuh 5.x: {on_5x}.", ""]
        props: dict[str, Any] = tool.input_schema.get("properties", {})
        required = set(tool.input_schema.get("required", []))
        if props:
            lines += ["| Argument | Type | Default | Limits | Description |", "|---|---|---|---|---|"]
            for name, schema in props.items():
                default = "required" if name in required else f"`{_json(schema.get('default'))}`".replace("|", "\\|")
                desc = str(schema.get("description", "")).replace("|", "\\|")
                lines.append(f"| `{name}` | {_type_of(schema)} | {default} | {_limits(schema)} | {desc} |")
        else:
            lines.append("No arguments.")
        output = tool.output_schema or {}
        fields = ", ".join(f"`{k}`" for k in output.get("properties", {}))
        lines += ["", f"Returns `{output.get('title', 'result')}`: {fields}."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    index = index_text()
    if args.check:
        stale = [INDEX_PATH] if _read(INDEX_PATH) != index else []
        if not stale:  # the docs are rendered through the index, so only once it is current
            stale = [DOC_PATH] if _read(DOC_PATH) != render(asyncio.run(every_tool())) else []
        for path in stale:
            print(f"{path} is stale: run `python -m wazuh_mcp.docgen`", file=sys.stderr)
        return 1 if stale else 0
    # The index first: the server that renders the docs names its tools from it.
    INDEX_PATH.write_text(index)
    DOC_PATH.parent.mkdir(parents=True, exist_ok=True)
    DOC_PATH.write_text(render(asyncio.run(every_tool())))
    return 0


def _read(path: Path) -> str:
    return path.read_text() if path.exists() else ""


if __name__ == "__main__":
    raise SystemExit(main())
