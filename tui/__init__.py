"""The wazuh-mcp launcher (Textual). Imports wazuh_mcp; wazuh_mcp never imports tui."""
