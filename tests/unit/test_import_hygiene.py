"""The server never imports the TUI: `serve` starts fast and cannot pull Textual onto stdout.

What the modules import is checked by the import contracts (tests/unit/test_import_contracts.py);
these tests check what a running process actually loads."""

from __future__ import annotations

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
