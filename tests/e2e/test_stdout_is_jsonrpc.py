"""Every byte `serve` writes to stdout is JSON-RPC: a stray print would corrupt the client's channel."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench.jsonrpc_probe import Probe
from tests.e2e.support import SERVE_DEMO


def assert_all_jsonrpc(lines: list[str]) -> None:
    assert lines, "the server wrote nothing"
    for line in lines:
        assert line.endswith("\n")
        message = json.loads(line)
        assert message.get("jsonrpc") == "2.0", line
        assert {"id", "method", "result", "error"} & set(message), line


def exercise(argv: list[str], env: dict[str, str]) -> Probe:
    probe = Probe(argv, env=env)
    probe.initialize()
    probe.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    probe.read_response(2)
    for n, (name, args) in enumerate(
        [
            ("get_agent", {"agent_id": "001"}),
            ("get_agent", {"agent_id": "x"}),
            ("list_agents", {"size": 2}),
            ("no_such_tool", {}),
        ],
        start=3,
    ):
        probe.send({"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": {"name": name, "arguments": args}})
        probe.read_response(n)
    probe.send({"jsonrpc": "2.0", "id": 99, "method": "no/such/method"})
    probe.read_response(99)
    return probe


def test_demo_stdout_carries_only_jsonrpc_and_exits_on_eof(serve_env: dict[str, str]) -> None:
    probe = exercise(SERVE_DEMO, dict(serve_env, WAZUH_MCP_DEBUG="1"))
    assert probe.close() == 0
    assert_all_jsonrpc(probe.lines)


def test_unconfigured_serve_stdout_is_jsonrpc_and_tools_explain_setup(serve_env: dict[str, str]) -> None:
    probe = exercise([sys.executable, "-m", "wazuh_mcp", "serve"], serve_env)
    probe.send(
        {"jsonrpc": "2.0", "id": 50, "method": "tools/call", "params": {"name": "cluster_status", "arguments": {}}}
    )
    answer = probe.read_response(50)
    assert probe.close() == 0
    assert_all_jsonrpc(probe.lines)
    text = answer["result"]["content"][0]["text"]
    assert answer["result"]["isError"] is True
    assert text.startswith("configuration_error:") and "wazuh-mcp setup" in text
    assert Path(serve_env["WAZUH_MCP_AUDIT_LOG"]).read_text().count('"cluster.status"') == 1
