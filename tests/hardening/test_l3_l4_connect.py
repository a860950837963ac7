"""L3 (connect --project follows symlinks out of the project) and L4 (a FIFO hangs connect, duplicate
keys collapse silently, VS Code's JSONC is refused): each attack through the real `wazuh-mcp connect`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wazuh_mcp.setup import jsonc
from wazuh_mcp.setup.ai_clients import ClientConfigError, apply_change, plan_change, server_entry, target_for

posix_only = pytest.mark.skipif(os.name != "posix", reason="symlinks and FIFOs as a user makes them on POSIX")


def connect(*args: str, cwd: Path, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", "connect", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def tree(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text() for p in sorted(root.rglob("*")) if p.is_file()}


@posix_only
def test_l3_connect_refuses_symlinked_file_escaping_the_project(tmp_path: Path) -> None:
    project, outside = tmp_path / "repo", tmp_path / "home"
    project.mkdir()
    outside.mkdir()
    victim = outside / "settings.json"
    victim.write_text('{"mcpServers": {"keep": {"command": "x"}}}')
    (project / ".mcp.json").symlink_to(victim)  # planted by a cloned repository
    done = connect("claude-code", "--project", str(project), cwd=tmp_path)
    assert done.returncode != 0
    assert "outside the project" in done.stderr and "Traceback" not in done.stderr
    assert victim.read_text() == '{"mcpServers": {"keep": {"command": "x"}}}'
    assert sorted(p.name for p in outside.iterdir()) == ["settings.json"]  # no backup written there either


@posix_only
def test_l3_connect_refuses_symlinked_dir_escaping_the_project(tmp_path: Path) -> None:
    project, outside = tmp_path / "repo", tmp_path / "elsewhere"
    project.mkdir()
    outside.mkdir()
    (project / ".vscode").symlink_to(outside, target_is_directory=True)
    done = connect("vscode", "--project", str(project), cwd=tmp_path)
    assert done.returncode != 0 and "outside the project" in done.stderr
    assert list(outside.iterdir()) == []  # no mcp.json created through the symlink


@posix_only
def test_l3_symlink_inside_the_project_and_user_dotfiles_still_work(tmp_path: Path) -> None:
    project = tmp_path / "repo"
    (project / "shared").mkdir(parents=True)
    (project / ".vscode").symlink_to(project / "shared", target_is_directory=True)
    apply_change(plan_change(target_for("vscode", project=project), entry=server_entry("vscode")))
    assert "wazuh" in json.loads((project / "shared" / "mcp.json").read_text())["servers"]


@posix_only
def test_l4_connect_refuses_a_fifo_instead_of_hanging(tmp_path: Path) -> None:
    project = tmp_path / "repo"
    project.mkdir()
    os.mkfifo(project / ".mcp.json")
    done = connect("claude-code", "--project", str(project), cwd=tmp_path, timeout=20)  # it hung forever
    assert done.returncode != 0
    assert "not a regular file" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "text",
    [
        '{"mcpServers": {"wazuh": {"command": "/safe"}, "wazuh": {"command": "/evil"}}}',
        '{"mcpServers": {}, "mcpServers": {"evil": {"command": "/evil"}}}',
    ],
)
def test_l4_connect_refuses_duplicate_keys(tmp_path: Path, text: str) -> None:
    (tmp_path / ".mcp.json").write_text(text)
    done = connect("claude-code", "--project", str(tmp_path), cwd=tmp_path)
    assert done.returncode != 0
    assert "twice in one object" in done.stderr and "Remove one of the two copies" in done.stderr
    assert (tmp_path / ".mcp.json").read_text() == text


JSONC = """{
  // Servers for this repository (comments are allowed: VS Code reads JSONC)
  "servers": {
    "github": {
      "type": "http",
      "url": "https://api.githubcopilot.com/mcp/", /* hosted */
    },
  },
  "inputs": [],
}
"""


def test_l4_vscode_jsonc_is_accepted_and_its_comments_kept(tmp_path: Path) -> None:
    (tmp_path / ".vscode").mkdir()
    path = tmp_path / ".vscode" / "mcp.json"
    path.write_text(JSONC)
    done = connect("vscode", "--project", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = path.read_text()
    assert "// Servers for this repository" in text and "/* hosted */" in text
    document = jsonc.loads(text)
    assert list(document["servers"]) == ["github", "wazuh"]
    assert document["servers"]["github"] == {"type": "http", "url": "https://api.githubcopilot.com/mcp/"}
    assert document["servers"]["wazuh"] == server_entry("vscode")
    assert document["inputs"] == []
    # Running it again changes nothing; --remove gives back the file the user wrote, comments and all.
    assert "nothing to do" in connect("vscode", "--project", str(tmp_path), cwd=tmp_path).stdout
    assert connect("vscode", "--remove", "--project", str(tmp_path), cwd=tmp_path).returncode == 0
    assert jsonc.loads(path.read_text()) == jsonc.loads(JSONC)
    assert "// Servers for this repository" in path.read_text() and "/* hosted */" in path.read_text()


@pytest.mark.parametrize(
    "text",
    [
        '{"servers": {} // none yet\n}',
        "{ /* empty */ }",
        '{"servers": {"wazuh": {"command": "old"},}, // ours, stale\n"inputs": []}',
        '{"inputs": [],\n\t"servers": {\n\t\t"a": {"command": "a"}, // a\n\t\t"wazuh": {"command": "old"}\n\t}\n}',
    ],
)
def test_l4_vscode_jsonc_edits_mean_exactly_the_plan(tmp_path: Path, text: str) -> None:
    target = target_for("vscode", project=tmp_path)
    target.path.parent.mkdir()
    target.path.write_text(text)
    apply_change(plan_change(target, entry=server_entry("vscode")))
    after = jsonc.loads(target.path.read_text())
    assert after["servers"]["wazuh"] == server_entry("vscode")
    others = {k: v for k, v in jsonc.loads(text).get("servers", {}).items() if k != "wazuh"}
    assert {k: v for k, v in after["servers"].items() if k != "wazuh"} == others
    apply_change(plan_change(target, entry=None))
    assert "wazuh" not in jsonc.loads(target.path.read_text())["servers"]


def test_l4_jsonc_only_for_vscode_and_unclosed_comment_refused(tmp_path: Path) -> None:
    cc = target_for("claude-code", project=tmp_path)
    cc.path.write_text('{"mcpServers": {}, // no\n}')
    with pytest.raises(ClientConfigError, match="not valid JSON"):
        plan_change(cc, entry=server_entry("claude-code"))
    vs = target_for("vscode", project=tmp_path)
    vs.path.parent.mkdir()
    vs.path.write_text('{"servers": {} /* open')
    with pytest.raises(ClientConfigError, match="not valid JSON"):
        plan_change(vs, entry=server_entry("vscode"))
