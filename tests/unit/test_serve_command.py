"""How wazuh-mcp names the command that starts it (wazuh_mcp/setup/serve_command.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize("launcher_exists", [True, False])
def test_a_frozen_program_names_the_launcher_that_started_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, launcher_exists: bool
) -> None:
    """The one-file launcher runs the frozen program from a per-version cache copy and names itself in
    WAZUH_MCP_EXECUTABLE: configs must name the downloaded file, unless that is gone (then the copy)."""
    from wazuh_mcp.setup import serve_command

    launcher, copy = tmp_path / "Downloads" / "wazuh-mcp", tmp_path / "cache" / "0.1.0-abc" / "wazuh-mcp"
    for path in (launcher, copy) if launcher_exists else (copy,):
        path.parent.mkdir(parents=True)
        path.write_text("")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(copy))
    monkeypatch.setenv(serve_command.LAUNCHER_ENV, str(launcher))
    expected = launcher if launcher_exists else copy
    assert serve_command.executable_argv() == [str(expected.resolve())]


def test_the_demo_names_its_generation_only_when_it_is_not_the_default() -> None:
    from wazuh_mcp.setup.serve_command import serve_argv

    assert serve_argv(demo=True)[-2:] == ["serve", "--demo"]
    assert serve_argv(demo=True, wazuh=5)[-4:] == ["serve", "--demo", "--wazuh", "5"]
    assert "--wazuh" not in serve_argv(wazuh=5), "a real Wazuh's generation is read, not set"
