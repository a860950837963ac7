"""The README's commands run as written after its quick start (a `.venv` in the checkout, nothing on PATH)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

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


def readme_sh_commands() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    joined = [re.sub(r"\\\n\s*", " ", block) for block in blocks]  # continuation lines are one command
    return [part.strip() for block in joined for line in block.splitlines() for part in re.split(r"&&|\|", line)]


def test_each_wazuh_mcp_command_and_flag_in_the_readme_exists() -> None:
    """Every `.venv/bin/wazuh-mcp SUBCOMMAND --flag` in a sh block is accepted by that subcommand."""
    used: dict[str, set[str]] = {}
    for command in readme_sh_commands():
        found = re.match(r"\.venv/bin/wazuh-mcp(?:\s+([a-z-]+))?(.*)", command)
        if found and found.group(1):
            used.setdefault(found.group(1), set()).update(re.findall(r"(--[a-z-]+)", found.group(2).split("#")[0]))
    assert {"demo", "setup", "connect", "serve"} <= set(used), used
    for sub, flags in used.items():
        done = subprocess.run(
            [sys.executable, "-m", "wazuh_mcp", sub, "--help"], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, f"`wazuh-mcp {sub}` is not a command: {done.stderr}"
        assert {flag for flag in flags if flag not in done.stdout} == set(), sub


def test_every_variable_the_program_reads_is_in_the_readme_table() -> None:
    """The README's variables table names each WAZUH_MCP_* variable the program (its Python, the one-file launcher,
    the bundle's manifest) reads, the bundle's own included; the table's rows are checked against the settings by
    tests/unit/test_config.py."""
    spec = importlib.util.spec_from_file_location("mcpb_manifest", REPO / "packaging" / "mcpb_manifest.py")
    assert spec is not None and spec.loader is not None
    mcpb_manifest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mcpb_manifest)
    table = "\n".join(
        line for line in (REPO / "README.md").read_text(encoding="utf-8").splitlines() if line.startswith("| `WAZUH")
    )
    documented = set(re.findall(r"`(WAZUH_MCP_[A-Z_]+)`", table))
    sources = [p for top in ("wazuh_mcp", "tui", "standin", "packaging") for p in (REPO / top).rglob("*.py")]
    sources += [p for p in (REPO / "packaging" / "launcher").glob("*.go") if not p.name.endswith("_test.go")]
    read = {
        name
        for path in sources
        if "node_modules" not in path.parts
        for name in re.findall(r"[\"'`](WAZUH_MCP_[A-Z_]+)[\"'`]", path.read_text(encoding="utf-8"))
        if not name.startswith("WAZUH_MCP_TEST_")
    }
    bundle = {env for envs, _ in mcpb_manifest.USER_CONFIG.values() for env in envs}
    assert bundle <= read | bundle and "WAZUH_MCP_DEMO" in bundle
    assert (read | bundle) - documented == set(), "missing from the README's variables table"


def test_the_fast_check_runs_what_the_readme_says() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    script = (REPO / "scripts" / "test.sh").read_text(encoding="utf-8")
    assert "./scripts/test.sh --fast" in readme and "unit, server and\ntool-schema tests" in readme
    assert '"${1:-}" == --fast' in script and "set -- tests/unit tests/server tests/toolsnaps" in script
    assert "FAST=1 SKIP_SERVICES=1 SKIP_BINARY=1" in script  # no services, no build


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the menu entry is Linux's")
def test_install_launcher_writes_a_menu_entry_and_prints_its_path(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "share")}
    done = subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", "install-launcher"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    entry = tmp_path / "share" / "applications" / "wazuh-mcp.desktop"
    assert done.stdout.strip() == str(entry) and "Terminal=true" in entry.read_text()
    assert "~/.local/share/applications/wazuh-mcp.desktop" in (REPO / "README.md").read_text(encoding="utf-8")
