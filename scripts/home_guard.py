"""The real-home guard of ``scripts/test.sh``: no test or build step may write into the wazuh-mcp folders of
the home of whoever runs the tests.

    python scripts/home_guard.py snapshot > before.json     before anything runs
    python scripts/home_guard.py check before.json          after: exit 1 and a report when anything changed

The state, config and cache folders (``XDG_*`` or their defaults under ``$HOME``) are fingerprinted (path,
size, mtime of every file). A contributor is often also a user: Claude Desktop running ``wazuh-mcp serve``,
or ``wazuh-mcp approve``/``reject`` in another terminal, writes there too during a run. So the report names
each file that changed and how, says that another wazuh-mcp process may have written them, and lists the
wazuh-mcp processes running now that are not the tests' (the tests always point ``WAZUH_MCP_STATE_DIR`` and
``WAZUH_MCP_CONFIG`` at their own temp folders, so a process without those overrides writes the real home).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

Fingerprint = dict[str, list[int]]
"""path → [size, mtime in ns]; a folder that does not exist is recorded as path → [-1, 0]."""


def folders(environ: dict[str, str] | None = None) -> list[Path]:
    env = os.environ if environ is None else environ
    home = Path(env.get("HOME", str(Path.home())))
    return [
        Path(env.get("XDG_STATE_HOME") or home / ".local" / "state") / "wazuh-mcp",
        Path(env.get("XDG_CONFIG_HOME") or home / ".config") / "wazuh-mcp",
        Path(env.get("XDG_CACHE_HOME") or home / ".cache") / "wazuh-mcp",
    ]


def fingerprint(roots: list[Path]) -> Fingerprint:
    found: Fingerprint = {}
    for root in roots:
        if not root.is_dir():
            found[str(root)] = [-1, 0]
            continue
        for folder, _, files in os.walk(root):
            for name in files:
                path = Path(folder) / name
                try:
                    stat = path.lstat()
                except OSError:  # gone between the listing and the stat
                    continue
                found[str(path)] = [stat.st_size, stat.st_mtime_ns]
    return found


def changes(before: Fingerprint, after: Fingerprint) -> list[str]:
    """One line per file that is new, removed or changed (size, modification time)."""
    lines = []
    for path in sorted(set(before) | set(after)):
        old, new = before.get(path), after.get(path)
        if old == new:
            continue
        if old is None or old[0] == -1:
            lines.append(f"  new      {path}" + (f" (modified {_when(new)})" if new and new[0] >= 0 else ""))
        elif new is None or new[0] == -1:
            lines.append(f"  removed  {path}")
        else:
            lines.append(f"  changed  {path} ({old[0]} → {new[0]} bytes, modified {_when(new)})")
    return lines


def _when(entry: list[int] | None) -> str:
    return time.strftime("%H:%M:%S", time.localtime(entry[1] / 1e9)) if entry else "?"


def other_wazuh_mcp_processes() -> list[str]:
    """wazuh-mcp processes running now that write the real home (no test's overrides), this one aside."""
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    found = []
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:  # gone, or another user's
            continue
        words = [part.decode(errors="replace") for part in argv if part]
        if not is_wazuh_mcp(words):
            continue
        command = " ".join(words)
        if any(item.startswith((b"WAZUH_MCP_STATE_DIR=", b"WAZUH_MCP_CONFIG=")) for item in environ):
            continue  # a test's (or someone's deliberately elsewhere): not the real home
        found.append(f"  pid {entry.name}: {command[:200]}")
    return found


def is_wazuh_mcp(argv: list[str]) -> bool:
    """The program itself (``wazuh-mcp …``, a console script run by Python, ``python -m wazuh_mcp``), not any
    process whose command line merely holds a checkout path named wazuh-mcp (an editor, a shell)."""
    programs = [Path(word).name for word in argv[:2]]
    return any(name in ("wazuh-mcp", "wazuh-mcp.exe") for name in programs) or any(
        argv[i : i + 2] == ["-m", "wazuh_mcp"] for i in range(len(argv) - 1)
    )


def report(lines: list[str], running: list[str]) -> str:
    text = ["FAILED: files changed in the real home's wazuh-mcp folders during this run:", *lines]
    text.append(
        "A test or build step may have written them (a test must use its own temp folders), or another "
        "wazuh-mcp process of yours did: Claude Desktop or another AI client running `wazuh-mcp serve`, or "
        "`wazuh-mcp approve`/`reject`/`setup` in another terminal, writes there too."
    )
    if running:
        text.append("wazuh-mcp processes running now outside the tests (they write the real home):")
        text.extend(running)
    else:
        text.append(
            "No other wazuh-mcp process is running now (a short command such as approve leaves none to see). "
            "If none of yours ran during the tests, a test wrote these files: find it, and give it a temp folder."
        )
    return "\n".join(text)


def main(argv: list[str]) -> int:
    if len(argv) == 1 and argv[0] == "snapshot":
        json.dump(fingerprint(folders()), sys.stdout)
        return 0
    if len(argv) == 2 and argv[0] == "check":
        before: Fingerprint = json.loads(Path(argv[1]).read_text())
        lines = changes(before, fingerprint(folders()))
        if not lines:
            return 0
        print(report(lines, other_wazuh_mcp_processes()), file=sys.stderr)
        return 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
