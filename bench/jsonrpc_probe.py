"""A minimal raw JSON-RPC client over a child's stdio: measures and checks what real clients see."""

from __future__ import annotations

import json
import os
import subprocess
import time
from typing import Any

PROTOCOL_VERSION = "2025-06-18"


def initialize_request(request_id: int = 1) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "initialize",
        "params": {
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "wazuh-mcp-probe", "version": "1"},
        },
    }


class Probe:
    """Spawns a server, speaks newline-delimited JSON-RPC to it, and records every stdout line."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None, cwd: str | None = None) -> None:
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            cwd=cwd,
            text=True,
            bufsize=1,
        )
        self.lines: list[str] = []

    def send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()

    def read_response(self, request_id: int, timeout_s: float = 60.0) -> dict[str, Any]:
        """Reads stdout lines until the response to ``request_id`` arrives."""
        assert self.proc.stdout is not None
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"server closed stdout before answering request {request_id}")
            self.lines.append(line)
            message = json.loads(line)
            if message.get("id") == request_id and ("result" in message or "error" in message):
                return message  # type: ignore[no-any-return]
        raise TimeoutError(f"no answer to request {request_id} within {timeout_s} s")

    def initialize(self) -> float:
        """Sends initialize; returns seconds from spawn to its answer."""
        self.send(initialize_request())
        self.read_response(1)
        elapsed = time.perf_counter() - self.started
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return elapsed

    def cpu_seconds(self) -> float | None:
        """CPU the server has used so far (user + system, all its threads; Linux's /proc), or None elsewhere.
        Waiting for a core is not counted in it, as it is in wall time."""
        try:
            fields = open(f"/proc/{self.proc.pid}/stat").read().rsplit(")", 1)[1].split()  # noqa: SIM115
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime

    def close(self, timeout_s: float = 15.0) -> int:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        self.lines.extend(self.proc.stdout.readlines())
        self.proc.stdout.close()
        return self.proc.wait(timeout=timeout_s)
