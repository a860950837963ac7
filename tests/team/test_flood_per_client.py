"""The error-flood limit on a loopback ``serve --http`` without an issuer (issue 26 item 14): one client's
invalid calls got every other client's calls ``rate_limited``, because the stateless transport has no session
and the budget was the whole process's. Now each client connection has its own budget, and all of them
share a backstop several times larger. Two independent official MCP clients against the real command."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from mcp import Client

BURST = 3


@pytest.fixture
def loopback_server(isolated_env: Path) -> Iterator[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
        "WAZUH_MCP_ERROR_FLOOD_BURST": str(BURST),
        "WAZUH_MCP_ERROR_FLOOD_PER_MINUTE": "1",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "wazuh_mcp", "serve", "--http", "--port", "0"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        assert proc.stderr is not None
        line, deadline = "", time.monotonic() + 60
        while "serving MCP on" not in line and time.monotonic() < deadline:
            line = proc.stderr.readline()
            assert line or proc.poll() is None, "serve --http exited"
        found = re.search(r"(http://127\.0\.0\.1:\d+/mcp)", line)
        assert found, line
        yield found.group(1)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            if proc.stderr is not None:
                proc.stderr.close()


def code_of(result: object) -> str:
    text = str(getattr(getattr(result, "content", [None])[0], "text", ""))
    return text.split(":", 1)[0] if getattr(result, "is_error", False) else "ok"


def test_one_clients_invalid_calls_leave_another_client_alone(loopback_server: str) -> None:
    async def scenario() -> tuple[list[str], list[str]]:
        async with Client(loopback_server) as noisy, Client(loopback_server) as quiet:
            noisy_codes = [
                code_of(await noisy.call_tool("get_agent", {"agent_id": "not-an-id"})) for _ in range(BURST + 3)
            ]
            quiet_codes = [code_of(await quiet.call_tool("get_agent", {"agent_id": "also-bad"})) for _ in range(2)]
            return noisy_codes, quiet_codes

    noisy, quiet = anyio.run(scenario)
    assert noisy[:BURST] == ["invalid_argument"] * BURST and "rate_limited" in noisy[BURST:], noisy
    assert quiet == ["invalid_argument", "invalid_argument"], "the other client was refused for the first's errors"
