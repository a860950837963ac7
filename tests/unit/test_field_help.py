"""Field help names only tools that exist: a model that follows "(see list_groups)" to a tool the server does not
offer wastes a call and the user's trust. Read from the advertised schemas (the toolsnaps, which
tests/toolsnaps checks against the live registry)."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.conftest import REPO

SNAPSHOTS = REPO / "tests" / "toolsnaps" / "__toolsnaps__"
TOOL_LIKE = re.compile(r"\b(?:list|get|search|summarize|hunt|pivot|alerts|agent|fim|cluster)_[a-z_]+\b")


def collect(node: Any, key: str, found: list[Any]) -> list[Any]:
    if isinstance(node, dict):
        for k, v in node.items():
            if k == key:
                found.append(v)
            collect(v, key, found)
    elif isinstance(node, list):
        for v in node:
            collect(v, key, found)
    return found


def test_field_help_names_only_tools_and_fields_that_exist() -> None:
    snapshots = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in SNAPSHOTS.glob("*.json")}
    assert {"add_agent_to_group", "block_ip", "list_agents"} <= set(snapshots)
    unknown = []
    for name, snap in snapshots.items():
        fields = {field for table in collect(snap, "properties", []) if isinstance(table, dict) for field in table}
        for text in collect(snap.get("inputSchema"), "description", []):
            if isinstance(text, str):
                unknown += [(name, word) for word in TOOL_LIKE.findall(text) if word not in set(snapshots) | fields]
    assert unknown == []
