"""The README's commands run as written after its quick start (a `.venv` in the checkout, nothing on PATH)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO


def readme_line(pattern: str) -> str:
    lines = [line.strip() for line in (REPO / "README.md").read_text(encoding="utf-8").splitlines()]
    found = [line for line in lines if re.search(pattern, line)]
    assert len(found) == 1, f"expected one README line matching {pattern!r}, found {found}"
    return found[0]


def quick_start_checkout(tmp: Path) -> Path:
    """A directory shaped like the checkout after the quick start: `.venv` is this interpreter's venv."""
    (tmp / ".venv").symlink_to(Path(sys.prefix))
    return tmp


def test_the_one_line_handshake_runs_as_written(serve_env: dict[str, str], tmp_path: Path) -> None:
    line = readme_line(r'"method":"initialize"')
    assert re.search(r"\| \.venv/bin/wazuh-mcp serve --demo$", line), line
    # PATH without the venv: exactly what a fresh shell has after the quick start.
    path = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep) if not p.startswith(sys.prefix))
    done = subprocess.run(
        ["bash", "-c", line],
        cwd=quick_start_checkout(tmp_path),
        env={**serve_env, "PATH": path},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout.splitlines()[0])
    assert answer["id"] == 1 and answer["result"]["serverInfo"]["name"]


def test_every_readme_shell_command_names_a_runnable_program() -> None:
    """No bare `wazuh-mcp`, `python` or `pyinstaller` at the start of a command in a sh block."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    commands = [part.strip() for block in blocks for line in block.splitlines() for part in re.split(r"&&|\|", line)]
    bare = [c for c in commands if re.match(r"(wazuh-mcp|python|pytest|ruff|mypy|pyinstaller)\b", c)]
    assert bare == [], f"not on PATH after the quick start: {bare}"
