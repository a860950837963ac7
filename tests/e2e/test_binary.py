"""The real built one-file executable (the launcher with the onedir build inside) answers MCP over stdio against
its embedded demo.

scripts/test.sh builds it and sets WAZUH_MCP_TEST_BINARY; elsewhere this skips with the reason."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from bench.jsonrpc_probe import Probe
from tests.e2e.test_stdout_is_jsonrpc import assert_all_jsonrpc

BINARY = os.environ.get("WAZUH_MCP_TEST_BINARY", "")

pytestmark = pytest.mark.skipif(
    not BINARY or not Path(BINARY).is_file(),
    reason="no built binary: scripts/test.sh builds it (WAZUH_MCP_TEST_BINARY)",
)


def test_binary_prints_its_version(launcher_runtime: Path) -> None:
    env = dict(os.environ, WAZUH_MCP_RUNTIME_DIR=str(launcher_runtime))
    done = subprocess.run([BINARY, "version"], capture_output=True, text=True, timeout=120, check=True, env=env)
    assert done.stdout.startswith("wazuh-mcp ")


def test_binary_serves_the_demo_over_stdio(serve_env: dict[str, str], launcher_runtime: Path) -> None:
    probe = Probe([BINARY, "serve", "--demo"], env=serve_env | {"WAZUH_MCP_RUNTIME_DIR": str(launcher_runtime)})
    probe.initialize()
    probe.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    tools = {t["name"] for t in probe.read_response(2)["result"]["tools"]}
    assert {"get_agent", "search_alerts", "summarize_alerts", "cluster_status"} <= tools
    for n, (name, args) in enumerate(
        [("get_agent", {"agent_id": "001"}), ("search_alerts", {"time_range": "24h", "size": 2})], start=3
    ):
        probe.send({"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": {"name": name, "arguments": args}})
        answer = probe.read_response(n, timeout_s=120)
        assert answer["result"].get("isError") is not True, answer
    assert probe.close() == 0
    assert_all_jsonrpc(probe.lines)
