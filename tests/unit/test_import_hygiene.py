"""The server never imports the TUI: `serve` starts fast and cannot pull Textual onto stdout.

What the modules import is checked by the import contracts (tests/unit/test_import_contracts.py);
these tests check what a running process actually loads."""

from __future__ import annotations

import os
import subprocess
import sys

PROBE = """
import sys
from wazuh_mcp.cli import build_parser
from wazuh_mcp.setup.settings import Settings
from wazuh_mcp.server.build import build_server
import wazuh_mcp.server.stdio, wazuh_mcp.standin.demo
build_server(Settings.load())
bad = sorted(m for m in sys.modules if m == "textual" or m.startswith(("textual.", "tui")))
print(",".join(bad))
"""


def test_server_modules_do_not_import_textual_or_tui() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env={"WAZUH_MCP_CONFIG": "/dev/null", "PATH": "/usr/bin:/bin"},
    )
    assert done.stdout.strip() == ""


def test_serve_without_an_indexer_does_not_load_opensearch_py() -> None:
    """The tool modules load on every start; the Indexer client library only when one is configured."""
    probe = (
        "import sys\nfrom wazuh_mcp.setup.settings import Settings\nfrom wazuh_mcp.server.build import build_server\n"
        "build_server(Settings.load())\nprint('opensearchpy' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env={"WAZUH_MCP_CONFIG": "/dev/null", "PATH": "/usr/bin:/bin"},
    )
    assert done.stdout.strip() == "False"


def test_a_configured_serve_loads_no_http_client_or_keyring_before_the_first_call() -> None:
    """What Claude Desktop starts: server built and its backends opened (the lifespan, before `initialize` is
    answered) without httpx, opensearch-py or keyring, and without building any tool's argument model; the
    clients load on the first call that needs them (bench/bench_startup.py measures what this saves)."""
    probe = (
        "import asyncio, os, sys\n"
        "from wazuh_mcp.setup.settings import Settings\n"
        "from wazuh_mcp.server.build import build_server\n"
        "from wazuh_mcp.backends.factory import open_backends\n"
        "s = Settings.load()\n"
        "server = build_server(s)\n"
        "async def main():\n"
        "    async with open_backends(s, 'default') as b:\n"
        "        assert b.server_api is not None and b.indexer is not None\n"
        "        loaded = [m for m in ('httpx', 'opensearchpy', 'keyring') if m in sys.modules]\n"
        "        print(','.join(loaded), len(server._tool_manager.list_tools()))\n"
        "        await server.list_tools()\n"
        "        print(len(server._tool_manager.list_tools()))\n"
        "asyncio.run(main())\n"
    )
    env = {"WAZUH_MCP_CONFIG": "/dev/null", "PATH": "/usr/bin:/bin", "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    env |= {"WAZUH_MCP_API_URL": "https://127.0.0.1:9", "WAZUH_MCP_API_USER": "u"}
    env |= {"WAZUH_MCP_INDEXER_URL": "https://127.0.0.1:9", "WAZUH_MCP_INDEXER_USER": "i"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    before, after = done.stdout.split("\n")[:2]
    assert before == " 0", f"loaded before the first call (modules, tools registered): {before!r}"
    assert int(after) > 0
