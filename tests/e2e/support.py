"""Shared constants for the end-to-end tests."""

import sys

SERVE_DEMO = [sys.executable, "-m", "wazuh_mcp", "serve", "--demo"]
