"""What every layer reads: the settings model (``settings``: TOML profile + ``WAZUH_MCP_*``), named
profiles (``profiles``) and passwords in the OS keyring (``secrets``). Below the runtime, above the
backends (which take plain values; ``runtime.factory`` turns settings into clients)."""
