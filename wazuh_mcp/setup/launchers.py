"""Double-click launchers: how each OS opens the launcher (`wazuh-mcp` with no arguments) in a terminal.

- Linux: a freedesktop ``.desktop`` entry with ``Terminal=true`` (the desktop opens a terminal emulator
  and runs ``Exec`` in it), installed under ``~/.local/share/applications``.
- macOS: a ``.command`` file (Finder opens it in Terminal.app), placed on the Desktop.
- Windows: nothing to write: the executable is a console program, so a double-click opens a console.

Started without any terminal (stdin/stdout not a tty), ``wazuh-mcp`` prints a one-line hint and exits 2
instead of waiting for input that never comes (``cli.NO_TERMINAL_HINT``).
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

DESKTOP_FILE = "wazuh-mcp.desktop"
COMMAND_FILE = "Wazuh MCP.command"


def _desktop_quote(arg: str) -> str:
    """One Exec argument per the Desktop Entry spec, in its two layers: Exec quoting (double quotes, a
    backslash before `"`, `` ` ``, `$` and backslash; `%%` for `%`), then the string-value escape (each
    backslash doubled), so `$` is written `\\\\$`."""
    quoted = "".join("\\" + ch if ch in '"`$\\' else ch for ch in arg).replace("%", "%%")
    return '"' + quoted.replace("\\", "\\\\") + '"'


def desktop_entry(executable: Path) -> str:
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Version=1.5\n"
        "Name=Wazuh MCP\n"
        "GenericName=Wazuh MCP launcher\n"
        "Comment=Set up wazuh-mcp, connect AI clients, try the demo, watch the audit log\n"
        f"Exec={_desktop_quote(str(executable))}\n"
        f"TryExec={str(executable).replace('%', '%%')}\n"
        "Terminal=true\n"
        "Categories=Network;Security;\n"
        "Keywords=wazuh;mcp;siem;\n"
    )


def command_file(executable: Path) -> str:
    return (
        "#!/bin/bash\n"
        "# Opened by Finder in Terminal.app: runs the wazuh-mcp launcher.\n"
        f"exec {shlex.quote(str(executable))}\n"
    )


def install(executable: Path, *, platform: str, home: Path, env: dict[str, str] | None = None) -> Path | None:
    """Write this OS's launcher for ``executable``; returns its path (None on Windows: nothing needed)."""
    env = dict(os.environ if env is None else env)
    if platform == "win32":
        return None
    if platform == "darwin":
        path = home / "Desktop" / COMMAND_FILE
        text = command_file(executable)
    else:
        data = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
        path = data / "applications" / DESKTOP_FILE
        text = desktop_entry(executable)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(0o755)  # .command must be executable; desktops ask before running a non-executable entry
    return path
