"""A real ``wazuh-mcp serve`` process as an AI client starts it, against the plain-HTTP stand-in, with
writes on and a role allowed ``create_rule`` (a steered model, in the findings): its pid is known, so a
test can read the serving process's own memory figures."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from mcp.client.stdio import StdioServerParameters

from standin.server import DEMO_USERS, StandinServer
from tests.conftest import TEST_INTEGRITY_KEY


def serve_params(tmp_path: Path, standin: StandinServer) -> tuple[StdioServerParameters, Path]:
    """The parameters for ``stdio_client`` and the file the process writes its pid to."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("WAZUH_MCP_") or k.startswith("WAZUH_MCP_TEST_")}
    env["WAZUH_MCP_INTEGRITY_KEY"] = TEST_INTEGRITY_KEY  # a headless server's key (config/integrity.py)
    env |= {
        "WAZUH_MCP_STATE_DIR": str(tmp_path / "state"),
        "WAZUH_MCP_CONFIG": str(tmp_path / "config.toml"),
        "WAZUH_MCP_AUDIT_LOG": str(tmp_path / "state" / "audit.jsonl"),
        "WAZUH_MCP_API_URL": standin.url,
        "WAZUH_MCP_API_USER": "wazuh",
        "WAZUH_MCP_API_PASSWORD": DEMO_USERS["wazuh"].password,
        "WAZUH_MCP_ROLE": "admin",
        "WAZUH_MCP_WRITES": "on",
        # change records are sealed with a key kept outside the store (no OS keyring here)
        "WAZUH_MCP_INTEGRITY_KEY": os.environ.get("WAZUH_MCP_INTEGRITY_KEY", TEST_INTEGRITY_KEY),
    }
    pid_file = tmp_path / "serve.pid"
    params = StdioServerParameters(
        command="/bin/sh",
        args=["-c", f'echo $$ > "{pid_file}" && exec "{sys.executable}" -m wazuh_mcp serve'],
        env=env,
    )
    return params, pid_file


def tool_text(result: object) -> str:
    return " ".join(getattr(c, "text", "") for c in getattr(result, "content", []))
