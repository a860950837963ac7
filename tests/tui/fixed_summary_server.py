"""A one-tool stdio MCP server answering ``summarize_alerts`` with a fixed result, for the snapshot of
the playground's bars (the demo's counts move with the clock). One rule description carries markup
and an escape sequence, as a monitored host could plant: the snapshot shows them as inert text."""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

READ = ToolAnnotations(read_only_hint=True)  # as the real server marks its reads
server = MCPServer("fixed-summary")


@server.tool(title="Summarize alerts", annotations=READ)
def summarize_alerts(time_range: str = "24h") -> dict[str, object]:
    """Triage in one call: alerts by level, rule, agent and MITRE tactic."""
    return {
        "total": 120,
        "since": "2026-01-29T10:00:00.000Z",
        "until": "2026-01-30T10:00:00.000Z",
        "by_rule": [
            {"id": "5710", "description": "sshd: Attempt to login using a non-existent user", "level": 5, "count": 64},
            {"id": "100100", "description": "\x1b[31m[bold]planted[/bold] by a host", "level": 12, "count": 31},
            {"id": "550", "description": "Integrity checksum changed.", "level": 7, "count": 25},
        ],
        "by_agent": [{"id": "001", "name": "web-01", "count": 80}, {"id": "002", "name": "db-01", "count": 40}],
        "by_level": [{"level": 12, "count": 31}, {"level": 7, "count": 25}, {"level": 5, "count": 64}],
        "by_tactic": [{"name": "Credential Access", "count": 64}, {"name": "Impact", "count": 25}],
        "by_technique": [{"id": "T1110", "name": "Brute Force", "count": 64}],
        "truncated": False,
    }


if __name__ == "__main__":
    server.run("stdio")
