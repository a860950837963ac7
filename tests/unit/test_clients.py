"""The AI-client config writer against crafted files: other servers, extra keys, malformed JSON,
read-only files and directories, missing directories, symlinks; idempotence and removal."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from wazuh_mcp.setup.ai_clients import (
    ClientConfigError,
    Login,
    apply_change,
    claude_mcp_add_command,
    plan_change,
    remote_entry,
    server_entry,
    target_for,
)

CMD = ["/opt/wazuh-mcp/bin/wazuh-mcp"]
NOW = datetime(2026, 1, 30, 10, 15, 0)


def desktop(tmp_path: Path):
    return target_for("claude-desktop", home=tmp_path, platform="linux", env={})


def entry(profile: str | None = None) -> dict:
    return server_entry("claude-desktop", profile=profile)


def write(target, text: str) -> None:
    target.path.parent.mkdir(parents=True, exist_ok=True)
    target.path.write_text(text)


def test_paths_per_client_and_platform(tmp_path: Path) -> None:
    home = tmp_path
    assert target_for("claude-desktop", home=home, platform="linux", env={}).path == (
        home / ".config/Claude/claude_desktop_config.json"
    )
    assert target_for("claude-desktop", home=home, platform="linux", env={"XDG_CONFIG_HOME": "/x"}).path == Path(
        "/x/Claude/claude_desktop_config.json"
    )
    assert target_for("claude-desktop", home=home, platform="darwin", env={}).path == (
        home / "Library/Application Support/Claude/claude_desktop_config.json"
    )
    assert target_for(
        "claude-desktop", home=home, platform="win32", env={"APPDATA": "C:/Users/a/AppData/Roaming"}
    ).path == Path("C:/Users/a/AppData/Roaming/Claude/claude_desktop_config.json")
    assert target_for("cursor", home=home).path == home / ".cursor/mcp.json"
    project = tmp_path / "proj"
    assert target_for("cursor", project=project).path == project / ".cursor/mcp.json"
    vscode = target_for("vscode", project=project)
    assert (vscode.path, vscode.servers_key) == (project / ".vscode/mcp.json", "servers")
    assert target_for("claude-code", project=project).path == project / ".mcp.json"
    with pytest.raises(ClientConfigError, match="no per-project"):
        target_for("claude-desktop", project=project)


@pytest.fixture(autouse=True)
def installed_at(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("wazuh_mcp.setup.serve_command.executable_argv", lambda: list(CMD))


def test_entries_run_serve_with_the_profile_and_hold_no_secret() -> None:
    assert server_entry("cursor", profile="prod") == {"command": CMD[0], "args": ["serve", "--profile", "prod"]}
    assert server_entry("vscode") == {"type": "stdio", "command": CMD[0], "args": ["serve"]}
    assert server_entry("claude-code", demo=True)["args"] == ["serve", "--demo"]
    add = claude_mcp_add_command("wazuh", server_entry("claude-code", profile="lab"))
    assert add == "claude mcp add --scope project wazuh -- /opt/wazuh-mcp/bin/wazuh-mcp serve --profile lab"


def test_team_server_entries_connect_to_its_url(tmp_path: Path) -> None:
    url = "https://mcp.soc.example/mcp"
    assert remote_entry("vscode", url) == {"type": "http", "url": url}
    assert remote_entry("claude-code", url) == {"type": "http", "url": url}
    assert remote_entry("cursor", url) == {"url": url}
    assert remote_entry("cursor", "http://127.0.0.1:8765/mcp") == {"url": "http://127.0.0.1:8765/mcp"}
    add = claude_mcp_add_command("wazuh", remote_entry("claude-code", url))
    assert add == f"claude mcp add --transport http --scope project wazuh {url}"
    with pytest.raises(ClientConfigError, match="Connectors"):
        remote_entry("claude-desktop", url)
    with pytest.raises(ClientConfigError, match="plain HTTP"):
        remote_entry("cursor", "http://mcp.soc.example/mcp")
    with pytest.raises(ClientConfigError, match="not an http"):
        remote_entry("cursor", "mcp.soc.example")
    target = target_for("vscode", project=tmp_path)
    apply_change(plan_change(target, entry=remote_entry("vscode", url)), now=NOW)
    assert json.loads(target.path.read_text())["servers"]["wazuh"] == {"type": "http", "url": url}


def test_team_server_entries_carry_a_pre_registered_client_in_each_clients_own_fields() -> None:
    """Issue 26 item 13: for a provider without registration the entry names the client registered there, in
    the field each client documents (Claude Code and VS Code ``oauth.clientId``, Cursor ``auth.CLIENT_ID``)."""
    url = "https://mcp.soc.example/mcp"
    login = Login(client_id="wazuh-mcp-cli", callback_port=53280)
    assert remote_entry("claude-code", url, login) == {
        "type": "http",
        "url": url,
        "oauth": {"clientId": "wazuh-mcp-cli", "callbackPort": 53280},
    }
    assert remote_entry("vscode", url, Login(client_id="wazuh-mcp-cli"))["oauth"] == {"clientId": "wazuh-mcp-cli"}
    scoped = Login(client_id="0f8fad5b-d9cb-469f-a165-70867728950e", scope="api://wazuh-mcp/mcp.use offline_access")
    assert remote_entry("cursor", url, scoped)["auth"] == {
        "CLIENT_ID": "0f8fad5b-d9cb-469f-a165-70867728950e",
        "scopes": ["api://wazuh-mcp/mcp.use", "offline_access"],
    }
    assert remote_entry("claude-code", url, scoped)["oauth"]["scopes"] == "api://wazuh-mcp/mcp.use offline_access"
    add = claude_mcp_add_command("wazuh", remote_entry("claude-code", url, login))
    assert (
        add
        == f"claude mcp add --transport http --scope project --client-id wazuh-mcp-cli --callback-port 53280 wazuh {url}"
    )
    add_json = claude_mcp_add_command("wazuh", remote_entry("claude-code", url, scoped))
    assert add_json.startswith("claude mcp add-json --scope project wazuh '{")
    with pytest.raises(ClientConfigError, match="no place for --callback-port"):
        remote_entry("vscode", url, login)
    with pytest.raises(ClientConfigError, match="no place for --scope"):
        remote_entry("vscode", url, Login(scope="openid"))
    with pytest.raises(ClientConfigError, match="outside 1024-65535"):
        remote_entry("claude-code", url, Login(callback_port=80))
    for bad in ('a"b', "x y", "", "${HOME}", "a" * 257):
        with pytest.raises(ClientConfigError, match="--client-id takes"):
            remote_entry("claude-code", url, Login(client_id=bad))
    with pytest.raises(ClientConfigError, match="--scope takes"):
        remote_entry("cursor", url, Login(scope='openid "x"'))


def test_a_token_from_elsewhere_is_a_header_naming_a_variable_never_the_token() -> None:
    url = "https://mcp.soc.example/mcp"
    claude = remote_entry("claude-code", url, Login(token_env="WAZUH_MCP_TOKEN"))
    assert claude["headers"] == {"Authorization": "Bearer ${WAZUH_MCP_TOKEN}"}  # Claude Code expands ${VAR}
    cursor = remote_entry("cursor", url, Login(token_env="WAZUH_MCP_TOKEN"))
    assert cursor["headers"] == {"Authorization": "Bearer ${env:WAZUH_MCP_TOKEN}"}  # Cursor's ${env:VAR}
    add = claude_mcp_add_command("wazuh", claude)
    assert (
        add
        == f"claude mcp add --transport http --scope project --header 'Authorization: Bearer ${{WAZUH_MCP_TOKEN}}' wazuh {url}"
    )
    with pytest.raises(ClientConfigError, match="input variable"):
        remote_entry("vscode", url, Login(token_env="WAZUH_MCP_TOKEN"))
    with pytest.raises(ClientConfigError, match="not an environment variable name"):
        remote_entry("claude-code", url, Login(token_env="eyJhbGciOiJSUzI1NiJ9.e30.sig"))  # a token pasted by mistake
    with pytest.raises(ClientConfigError, match="Choose one"):
        remote_entry("claude-code", url, Login(client_id="wazuh-mcp-cli", token_env="WAZUH_MCP_TOKEN"))


def test_connect_writes_the_sign_in_fields_and_refuses_them_without_a_url(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path)}
    base = [sys.executable, "-m", "wazuh_mcp", "connect", "claude-code", "--project", str(tmp_path)]
    run = subprocess.run(
        [*base, "--url", "https://mcp.soc.example/mcp", "--client-id", "wazuh-mcp-cli", "--callback-port", "53280"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    written = json.loads((tmp_path / ".mcp.json").read_text())["mcpServers"]["wazuh"]
    assert written["oauth"] == {"clientId": "wazuh-mcp-cli", "callbackPort": 53280}
    refused = subprocess.run([*base, "--client-id", "x"], capture_output=True, text=True, env=env, timeout=60)
    assert refused.returncode == 2 and "--client-id apply to a team server; add --url" in refused.stderr


def test_new_file_in_a_missing_directory(tmp_path: Path) -> None:
    target = desktop(tmp_path)
    change = plan_change(target, entry=entry())
    assert change.action == "add" and change.before is None
    assert '+    "wazuh": {' in change.diff()
    assert not target.path.exists(), "a plan never writes"
    assert apply_change(change) is None
    assert json.loads(target.path.read_text()) == {"mcpServers": {"wazuh": entry()}}


def test_merge_keeps_other_servers_and_keys_in_order(tmp_path: Path) -> None:
    target = desktop(tmp_path)
    original: dict[str, Any] = {
        "globalShortcut": "Ctrl+Space",
        "mcpServers": {"filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem"]}},
        "preferences": {"sidebarMode": "chat", "quickEntryShortcut": "off"},
    }
    write(target, json.dumps(original, indent=2) + "\n")
    change = plan_change(target, entry=entry("prod"))
    backup = apply_change(change, now=NOW)
    written = json.loads(target.path.read_text())
    assert list(written) == ["globalShortcut", "mcpServers", "preferences"]
    assert written["preferences"] == original["preferences"]
    assert list(written["mcpServers"]) == ["filesystem", "wazuh"]
    assert written["mcpServers"]["filesystem"] == original["mcpServers"]["filesystem"]
    assert backup == target.path.with_name("claude_desktop_config.json.20260130-101500.bak")
    assert backup is not None and json.loads(backup.read_text()) == original
    # the diff only adds our entry: no line of the old file is removed or rewritten
    lines = change.diff().splitlines()[3:]
    assert [line for line in lines if line.startswith("-")] == []
    assert "".join(line[1:] for line in lines if line.startswith("+")).replace(" ", "") == (
        '},"wazuh":{"command":"/opt/wazuh-mcp/bin/wazuh-mcp","args":["serve","--profile","prod"]'
    )


def test_idempotent(tmp_path: Path) -> None:
    target = desktop(tmp_path)
    apply_change(plan_change(target, entry=entry()))
    first = target.path.read_text()
    again = plan_change(target, entry=entry())
    assert again.action == "unchanged" and not again.changed and again.diff() == ""
    assert apply_change(again) is None
    assert target.path.read_text() == first
    assert list(target.path.parent.glob("*.bak")) == []


def test_update_then_remove_leaves_everything_else(tmp_path: Path) -> None:
    target = target_for("vscode", project=tmp_path)
    write(target, '{\n    "inputs": [],\n    "servers": {"other": {"type": "stdio", "command": "x"}}\n}\n')
    apply_change(plan_change(target, entry=server_entry("vscode")), now=NOW)
    update = plan_change(target, entry=server_entry("vscode", profile="lab"))
    assert update.action == "update"
    apply_change(update, now=datetime(2026, 1, 30, 10, 16))
    assert json.loads(target.path.read_text())["servers"]["wazuh"]["args"] == ["serve", "--profile", "lab"]
    assert '\n    "inputs"' in target.path.read_text(), "the file's 4-space indentation is kept"
    removal = plan_change(target, entry=None)
    assert removal.action == "remove"
    apply_change(removal, now=datetime(2026, 1, 30, 10, 17))
    assert json.loads(target.path.read_text()) == {
        "inputs": [],
        "servers": {"other": {"type": "stdio", "command": "x"}},
    }
    assert plan_change(target, entry=None).action == "absent"


@pytest.mark.parametrize("text", ['{"mcpServers": {', "// comment\n{}", "[1, 2]", '{"mcpServers": []}', "{,}"])
def test_malformed_file_is_refused_and_untouched(tmp_path: Path, text: str) -> None:
    target = desktop(tmp_path)
    write(target, text)
    with pytest.raises(ClientConfigError) as err:
        plan_change(target, entry=entry())
    message = str(err.value)
    assert str(target.path) in message
    assert '"mcpServers"' in message and "by hand" in message, "the refusal shows the entry to add by hand"
    assert target.path.read_text() == text
    assert sorted(p.name for p in target.path.parent.iterdir()) == ["claude_desktop_config.json"]


def test_empty_file_counts_as_empty_object(tmp_path: Path) -> None:
    target = desktop(tmp_path)
    write(target, "")
    apply_change(plan_change(target, entry=entry()))
    assert "wazuh" in json.loads(target.path.read_text())["mcpServers"]


def test_read_only_file_is_refused(tmp_path: Path) -> None:
    target = desktop(tmp_path)
    write(target, '{"mcpServers": {}}')
    target.path.chmod(0o444)
    with pytest.raises(ClientConfigError, match="read-only"):
        apply_change(plan_change(target, entry=entry()))
    assert target.path.read_text() == '{"mcpServers": {}}'
    assert list(target.path.parent.glob("*.bak")) == []


def test_file_changed_since_the_preview(tmp_path: Path) -> None:
    target = desktop(tmp_path)
    write(target, "{}")
    change = plan_change(target, entry=entry())
    target.path.write_text('{"preferences": {}}')
    with pytest.raises(ClientConfigError, match="changed since the preview"):
        apply_change(change)
    assert target.path.read_text() == '{"preferences": {}}'


def test_directory_that_cannot_be_created(tmp_path: Path) -> None:
    (tmp_path / ".config").write_text("a file where a directory should be")
    target = desktop(tmp_path)
    with pytest.raises(ClientConfigError, match=r"Cannot create the directory .*Nothing was changed"):
        apply_change(plan_change(target, entry=entry()))


def test_symlinked_config_is_written_through(tmp_path: Path) -> None:
    target = target_for("cursor", home=tmp_path)
    real = tmp_path / "dotfiles" / "mcp.json"
    real.parent.mkdir()
    real.write_text('{"mcpServers": {"x": {"command": "y"}}}')
    target.path.parent.mkdir()
    target.path.symlink_to(real)
    apply_change(plan_change(target, entry=entry()))
    assert target.path.is_symlink()
    assert set(json.loads(real.read_text())["mcpServers"]) == {"x", "wazuh"}


READ_ONLY_DIR_SCRIPT = """
import sys
from pathlib import Path
from wazuh_mcp.setup.ai_clients import ClientConfigError, apply_change, plan_change, server_entry, target_for
target = target_for("cursor", project=Path(sys.argv[1]))
try:
    apply_change(plan_change(target, entry=server_entry("cursor")))
except ClientConfigError as exc:
    print(exc)
    raise SystemExit(3)
"""


def test_read_only_directory(tmp_path: Path) -> None:
    """A directory we may not write: a clear refusal and no file left behind. Root bypasses file modes,
    so as root the check runs in a child without CAP_DAC_OVERRIDE."""
    project = tmp_path / "proj"
    cursor_dir = project / ".cursor"
    cursor_dir.mkdir(parents=True)
    (cursor_dir / "mcp.json").write_text('{"mcpServers": {}}')
    cursor_dir.chmod(stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    try:
        command = [sys.executable, "-c", READ_ONLY_DIR_SCRIPT, str(project)]
        if os.geteuid() == 0:
            setpriv = shutil.which("setpriv")
            if setpriv is None:
                pytest.skip("running as root without setpriv: cannot drop CAP_DAC_OVERRIDE")
            command = [setpriv, "--bounding-set", "-dac_override,-dac_read_search", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 3, done.stderr
        assert "Nothing was changed" in done.stdout and "Traceback" not in done.stderr
        assert sorted(p.name for p in cursor_dir.iterdir()) == ["mcp.json"]
        assert (cursor_dir / "mcp.json").read_text() == '{"mcpServers": {}}'
    finally:
        cursor_dir.chmod(0o755)
