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


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word if count == 1 else word + 's'}"


def check_changed_files(found: dict[str, Any], said: list[str]) -> None:
    """The file-change step names the first agent asked that has changes, each change listed, and the score
    and failed checks of its weakest SCA policy (numbers from the same run's results)."""
    changes, agent = found["changes"], found["asked"][-1]
    events = changes["events"]
    assert events and all(e["agent"]["id"] == agent for e in events)
    assert (
        said[0].startswith(f"Agent {agent} ")
        and f"{_plural(changes['total'], 'file change')} in the last 24h" in said[0]
    )
    assert said[1 : 1 + len(events)] == [
        f"  {e['file']['event']}: {e['file']['path']}" + (f" by {e['file']['who']}" if e["file"].get("who") else "")
        for e in events
    ]
    policies = found["sca"]["policies"]
    worst = min(policies, key=lambda p: p["score"])
    assert said[-1] == (
        f"Its hardening: {worst['name'].rstrip('.')} scores {worst['score']} %, "
        f"{_plural(worst['failed'], 'failed check')} (agent_sca lists them)."
    )
