"""L8: a client that disconnects mid-call left a full traceback (nested exception groups ending in
BrokenPipeError) on stderr. Now: one log line, exit code 0, the call still audited."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from standin.server import DEMO_USERS, StandinServer
from tests.conftest import TEST_INTEGRITY_KEY
from wazuh_mcp.runtime.audit import iter_events


@pytest.fixture(scope="module")
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        yield server


def send(proc: subprocess.Popen[bytes], message: dict[str, object]) -> None:
    assert proc.stdin is not None
    proc.stdin.write((json.dumps(message) + "\n").encode())
    proc.stdin.flush()


@pytest.mark.parametrize("closes", ["stdout", "both"])
def test_l8_client_disconnect_mid_call_is_one_log_line(standin: StandinServer, tmp_path: Path, closes: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WAZUH_MCP_") or k.startswith("WAZUH_MCP_TEST_")}
    env["WAZUH_MCP_INTEGRITY_KEY"] = TEST_INTEGRITY_KEY  # a headless server's key (config/integrity.py)
    env |= {
        "WAZUH_MCP_STATE_DIR": str(tmp_path / "state"),
        "WAZUH_MCP_CONFIG": str(tmp_path / "config.toml"),
        "WAZUH_MCP_API_URL": standin.url,
        "WAZUH_MCP_API_USER": "wazuh",
        "WAZUH_MCP_API_PASSWORD": DEMO_USERS["wazuh"].password,
        "WAZUH_MCP_API_CA_BUNDLE": str(standin.ca_path),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "wazuh_mcp", "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    try:
        init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
        send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init})
        assert b'"id":1' in proc.stdout.readline()
        send(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        standin.faults.set(latency_s=1.5)
        send(
            proc,
            {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "list_agents", "arguments": {}}},
        )
        time.sleep(0.4)  # the call is in flight at the stand-in
        proc.stdout.close()  # the client is gone (crashed, or its window closed)
        if closes == "both":
            proc.stdin.close()
        else:
            time.sleep(2.5)  # the reply is written into the closed pipe
            proc.stdin.close()
        rc = proc.wait(timeout=20)
        stderr = proc.stderr.read().decode()
    finally:
        standin.faults.reset()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stderr.close()
    assert "Traceback" not in stderr and "ExceptionGroup" not in stderr, stderr
    if closes == "stdout":
        assert stderr.count("the client closed stdio during a call") == 1, stderr
    assert rc == 0
    assert [e.tool for e in iter_events(tmp_path / "state" / "audit.jsonl")] == ["agents.list_agents"]
