"""How to start ``wazuh-mcp serve`` from outside: the one definition used by the AI-client config
writer, the TUI playground and the demo tour."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

# Set by the one-file launcher (packaging/launcher) to its own path: the frozen program it hands over to runs
# from the per-version cache folder, and configs must name the file people downloaded, which survives upgrades.
LAUNCHER_ENV = "WAZUH_MCP_EXECUTABLE"


def executable_argv() -> list[str]:
    """The absolute command that runs this wazuh-mcp: the frozen binary, the console script, or python -m."""
    if getattr(sys, "frozen", False):
        launcher = os.environ.get(LAUNCHER_ENV, "")
        if launcher and Path(launcher).is_file():
            return [str(Path(launcher).resolve())]
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.executable).with_name("wazuh-mcp")
    if script.exists():
        return [str(script.absolute())]
    found = shutil.which("wazuh-mcp")
    if found:
        return [str(Path(found).resolve())]
    # Not resolved: a venv's python is a symlink, and following it would leave the venv.
    return [str(Path(sys.executable).absolute()), "-m", "wazuh_mcp"]


def serve_argv(*, demo: bool = False, profile: str | None = None, wazuh: int = 4) -> list[str]:
    """``wazuh=5`` with ``demo``: the demo plays Wazuh 5.x (``serve --demo --wazuh 5``)."""
    argv = [*executable_argv(), "serve"]
    if demo:
        argv.append("--demo")
        if wazuh != 4:
            argv += ["--wazuh", str(wazuh)]
    if profile:
        argv += ["--profile", profile]
    return argv
