"""wazuh-mcp: a Wazuh MCP server for SOC analysts."""

__version__ = "0.1.0"
