"""Fields an MCP Bundle user left empty reach serve as "" or an unsubstituted placeholder: both mean unset."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters

from wazuh_mcp.setup.bundle_env import demo_requested, drop_unfilled


def test_empty_and_placeholder_values_are_dropped_and_real_ones_kept() -> None:
    env = {
        "WAZUH_MCP_API_URL": "${user_config.api_url}",
        "WAZUH_MCP_API_USER": " ",
        "WAZUH_MCP_ROLE": "readonly",
        "HOME": "",
    }
    assert sorted(drop_unfilled(env)) == ["WAZUH_MCP_API_URL", "WAZUH_MCP_API_USER"]
    assert env == {"WAZUH_MCP_ROLE": "readonly", "HOME": ""}


def test_demo_checkbox_values() -> None:
    assert [demo_requested({"WAZUH_MCP_DEMO": v}) for v in ("true", "1", "On", "false", "", "${user_config.demo}")] == [
        True,
        True,
        True,
        False,
        False,
        False,
    ]


async def test_serve_treats_unfilled_bundle_fields_as_unset(isolated_env: Path) -> None:
    """A placeholder URL must read as "not configured" (how to fix it), not as a URL to connect to."""
    env = dict(os.environ, WAZUH_MCP_AUDIT_LOG=str(isolated_env / "audit.jsonl"))
    env |= {"WAZUH_MCP_API_CA_BUNDLE": "", "WAZUH_MCP_API_URL": "${user_config.api_url}", "WAZUH_MCP_API_USER": "u"}
    params = StdioServerParameters(command=sys.executable, args=["-m", "wazuh_mcp", "serve"], env=env)
    async with Client(params) as client:
        result = await client.call_tool("cluster_status", {})
    assert result.is_error
    text = result.content[0].text  # type: ignore[union-attr]
    assert text.startswith("configuration_error:") and "not configured" in text, text
