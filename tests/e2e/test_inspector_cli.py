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


def server_env_options(env: dict[str, str]) -> list[str]:
    """The Inspector starts the server with only a default set of variables (PATH, HOME, ...), not its own
    environment: the test's state dir, config and audit log must go through `-e KEY=VALUE`, or the server
    writes into the real home. HOME is the test's too, for anything that falls back to it."""
    keep = {key: value for key, value in env.items() if key.startswith("WAZUH_MCP_") or key in ("HOME", "PYTHONPATH")}
    return [option for key, value in sorted(keep.items()) for option in ("-e", f"{key}={value}")]


def inspector(*args: str, env: dict[str, str], expect_tool_error: bool = False) -> dict[str, Any]:
    if not INSPECTOR.exists() or shutil.which("node") is None:
        pytest.skip("MCP Inspector not installed: run `npm install` in tests/e2e/inspector (scripts/test.sh does)")
    done = subprocess.run(
        # The default 15 s connect timeout is too short for a cold `serve --demo` on a loaded 2-core CI machine.
        [str(INSPECTOR), "--cli", "--connect-timeout", "90000", *server_env_options(env), *SERVE_DEMO, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    # The Inspector exits 5 when the tool answered isError, and still prints the result.
    assert done.returncode == (5 if expect_tool_error else 0), done.stderr or done.stdout
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


@pytest.fixture
def inspector_env(serve_env: dict[str, str], isolated_env: Path) -> dict[str, str]:
    # The Inspector keeps its own catalog under ~/.mcp-inspector: HOME is this test's too.
    home = isolated_env / "home"
    home.mkdir(exist_ok=True)
    return {**serve_env, "HOME": str(home)}


def test_inspector_server_writes_only_into_the_test_dirs(inspector_env: dict[str, str], isolated_env: Path) -> None:
    inspector("--method", "tools/call", "--tool-name", "cluster_status", env=inspector_env)
    audit = Path(inspector_env["WAZUH_MCP_AUDIT_LOG"])
    assert audit.is_file(), "the server did not get the test's audit log path (Inspector dropped the env?)"
    assert "cluster.status" in audit.read_text(encoding="utf-8")
    assert not (Path(inspector_env["HOME"]) / ".local" / "state" / "wazuh-mcp").exists()


def test_inspector_lists_tools_with_schemas(inspector_env: dict[str, str]) -> None:
    listed = inspector("--method", "tools/list", env=inspector_env)
    tools = {tool["name"]: tool for tool in listed["tools"]}
    assert {"list_agents", "get_agent", "cluster_status", "get_mitre_technique"} <= set(tools)
    assert tools["get_agent"]["inputSchema"]["required"] == ["agent_id"]
    assert tools["get_agent"]["annotations"]["readOnlyHint"] is True
    assert tools["cluster_status"]["_meta"] == {"toolset": "cluster", "canonical_id": "cluster.status"}


def test_inspector_calls_a_tool_and_gets_structured_content(inspector_env: dict[str, str]) -> None:
    result = inspector(
        "--method", "tools/call", "--tool-name", "get_agent", "--tool-arg", "agent_id=001", env=inspector_env
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
        env=inspector_env,
        expect_tool_error=True,
    )
    assert missing["isError"] is True
    assert missing["content"][0]["text"].startswith("not_found:")
