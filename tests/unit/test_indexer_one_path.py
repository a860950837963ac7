"""Every Indexer request of a tool goes through ``tools/_search.py`` (so each tool gets partial-shard
warnings and Wazuh 5.x detection once, issue 9). A tool calling the backend directly would answer a
partial result as complete: this walks the package and refuses it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "wazuh_mcp"
ALLOWED = {PACKAGE / "tools" / "_search.py"}


def test_only_the_shared_search_module_calls_the_indexer() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in ALLOWED or path.parts[-2] in ("setup", "backends"):  # wiring, not tools
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "indexer":
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert not offenders, (
        f"call the Indexer through tools/_search.py (fetch_page, aggregate, count, find_one): {offenders}"
    )
