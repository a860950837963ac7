from __future__ import annotations

import os
from pathlib import Path

import pytest
from mcp.client.stdio import StdioServerParameters

from tests.conftest import TEST_INTEGRITY_KEY
from tests.e2e.support import SERVE_DEMO


@pytest.fixture(scope="session")
def launcher_runtime(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the one-file launcher unpacks its build in this session (once, shared by the tests that run it);
    without it, it would unpack into the real home's cache."""
    return tmp_path_factory.mktemp("launcher-runtime")


@pytest.fixture
def serve_env(isolated_env: Path) -> dict[str, str]:
    """The environment an AI client would give `serve`, pointed at this test's own state dir."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("WAZUH_MCP_") or k.startswith("WAZUH_MCP_TEST_")}
    env["WAZUH_MCP_INTEGRITY_KEY"] = TEST_INTEGRITY_KEY  # a headless server's key (config/integrity.py)
    env["WAZUH_MCP_STATE_DIR"] = str(isolated_env / "state")
    env["WAZUH_MCP_CONFIG"] = str(isolated_env / "config.toml")
    env["WAZUH_MCP_AUDIT_LOG"] = str(isolated_env / "audit.jsonl")
    return env


@pytest.fixture
def demo_params(serve_env: dict[str, str]) -> StdioServerParameters:
    return StdioServerParameters(command=SERVE_DEMO[0], args=SERVE_DEMO[1:], env=serve_env)
