"""The baseline for bench_startup.py: a bare one-tool MCPServer on the same SDK."""

from mcp.server.mcpserver import MCPServer

server = MCPServer("bare")


@server.tool()
def ping() -> str:
    """Answer pong."""
    return "pong"


if __name__ == "__main__":
    server.run("stdio")
