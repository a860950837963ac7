"""The MCP Inspector CLI (npm @modelcontextprotocol/inspector, pinned in tests/e2e/inspector/) — a
client nobody here wrote — lists the tools of `serve --demo` and calls one."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.support import SERVE_DEMO

INSPECTOR = Path(__file__).parent / "inspector" / "node_modules" / ".bin" / "mcp-inspector"


def inspector(*args: str, env: dict[str, str], expect_tool_error: bool = False) -> dict[str, Any]:
    if not INSPECTOR.exists() or shutil.which("node") is None:
        pytest.skip("MCP Inspector not installed: run `npm install` in tests/e2e/inspector (scripts/test.sh does)")
    done = subprocess.run(
        [str(INSPECTOR), "--cli", *SERVE_DEMO, *args], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    # The Inspector exits 5 when the tool answered isError, and still prints the result.
    assert done.returncode == (5 if expect_tool_error else 0), done.stderr or done.stdout
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_inspector_lists_tools_with_schemas(serve_env: dict[str, str]) -> None:
    listed = inspector("--method", "tools/list", env=serve_env)
    tools = {tool["name"]: tool for tool in listed["tools"]}
    assert {"list_agents", "get_agent", "cluster_status", "get_mitre_technique"} <= set(tools)
    assert tools["get_agent"]["inputSchema"]["required"] == ["agent_id"]
    assert tools["get_agent"]["annotations"]["readOnlyHint"] is True
    assert tools["cluster_status"]["_meta"] == {"toolset": "cluster", "canonical_id": "cluster.status"}


def test_inspector_calls_a_tool_and_gets_structured_content(serve_env: dict[str, str]) -> None:
    result = inspector(
        "--method", "tools/call", "--tool-name", "get_agent", "--tool-arg", "agent_id=001", env=serve_env
    )
    assert result.get("isError") in (None, False)
    assert result["structuredContent"]["agent"]["id"] == "001"
    missing = inspector(
        "--method",
        "tools/call",
        "--tool-name",
        "get_agent",
        "--tool-arg",
        "agent_id=998",
        env=serve_env,
        expect_tool_error=True,
    )
    assert missing["isError"] is True
    assert missing["content"][0]["text"].startswith("not_found:")
