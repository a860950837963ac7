"""PyInstaller entry point: the one executable is the CLI."""

from wazuh_mcp.cli import main

raise SystemExit(main())
