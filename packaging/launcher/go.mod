module github.com/wazuh-mcp/wazuh-mcp/packaging/launcher

go 1.19
