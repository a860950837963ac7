"""Shared constants and helpers for the end-to-end tests."""

import sys
from pathlib import Path
from typing import Any

from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters

SERVE_DEMO = [sys.executable, "-m", "wazuh_mcp", "serve", "--demo"]


def demo_v5_params(serve_env: dict[str, str], shared: Path) -> StdioServerParameters:
    """`serve --demo --wazuh 5` with ``WAZUH_MCP_SHARED`` at ``shared`` (Wazuh's files there, or none)."""
    env = {**serve_env, "WAZUH_MCP_SHARED": str(shared)}
    return StdioServerParameters(command=SERVE_DEMO[0], args=[*SERVE_DEMO[1:], "--wazuh", "5"], env=env)


def read_tools(listed: list[Any]) -> set[str]:
    """The names of the listed tools that only read (their read-only hint)."""
    return {t.name for t in listed if t.annotations and t.annotations.read_only_hint}


class Calls:
    """Calls tools, each expected to answer (not an error), and remembers which were called."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.called: set[str] = set()

    async def ok(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        self.called.add(name)
        result = await self.client.call_tool(name, arguments)
        text = " ".join(getattr(c, "text", "") for c in result.content)
        assert not result.is_error, (name, text)
        return result.structured_content or {}
