"""The MCP Bundle the way Claude Desktop runs it: unpack the .mcpb, take the manifest's command, substitute
``${__dirname}`` and ``user_config``, start it in an environment as bare as a GUI app gives (HOME and a
system PATH, nothing else), then complete a handshake and tool calls over stdio with the real SDK client.

packaging/build.sh (run by scripts/test.sh) makes the bundle; WAZUH_MCP_TEST_BUNDLE points at it. The manifest
checks below also run without a bundle, from packaging/mcpb_manifest.py and the pinned mcpb CLI."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters

from tests.conftest import REPO

BUNDLE = os.environ.get("WAZUH_MCP_TEST_BUNDLE", "")
MCPB = REPO / "packaging" / "mcpb" / "node_modules" / ".bin" / "mcpb"
SNAPSHOTS = REPO / "tests" / "toolsnaps" / "__toolsnaps__"
needs_bundle = pytest.mark.skipif(
    not BUNDLE or not Path(BUNDLE).is_file(), reason="no bundle: packaging/build.sh makes it (WAZUH_MCP_TEST_BUNDLE)"
)


def generated_manifest(platform: str, out: Path) -> dict[str, Any]:
    subprocess.run(
        [sys.executable, str(REPO / "packaging" / "mcpb_manifest.py"), "--platform", platform, "--out", str(out)],
        check=True,
        timeout=120,
        env={**os.environ, "WAZUH_MCP_CONFIG": os.devnull},
    )
    return json.loads(out.read_text(encoding="utf-8"))


def substitute(value: str, dirname: Path, user_config: dict[str, str]) -> str:
    """What the host does to mcp_config strings (MANIFEST.md, 'Variable Substitution')."""
    value = value.replace("${__dirname}", str(dirname))
    return re.sub(r"\$\{user_config\.([a-z_]+)\}", lambda m: user_config.get(m.group(1), ""), value)


@pytest.mark.parametrize("platform", ["linux", "darwin", "win32"])
def test_manifest_lists_the_registry_and_keeps_passwords_out(platform: str, tmp_path: Path) -> None:
    manifest = generated_manifest(platform, tmp_path / "manifest.json")
    server = manifest["server"]
    assert server["type"] == "binary" and server["mcp_config"]["args"] == ["serve"]
    assert server["entry_point"] == "server/wazuh-mcp" + (".exe" if platform == "win32" else "")
    assert server["mcp_config"]["command"] == "${__dirname}/" + server["entry_point"]
    assert manifest["compatibility"]["platforms"] == [platform]
    # The default (analyst, writes off) tools, each with its snapshot; write tools are not offered by default.
    listed = {t["name"] for t in manifest["tools"]}
    snapshotted = {p.stem for p in SNAPSHOTS.glob("*.json")}
    from wazuh_mcp.config.settings import Settings
    from wazuh_mcp.server.build import build_server

    hidden_by_default = set(build_server(Settings.load()).exposure.hidden)  # role analyst, writes off
    assert listed < snapshotted and snapshotted - listed == hidden_by_default
    assert all(t["description"] for t in manifest["tools"])
    assert {p["name"] for p in manifest["prompts"]} == {"investigate-alert", "triage-last-hour", "agent-posture"}
    assert all(f"${{arguments.{a}}}" in p["text"] for p in manifest["prompts"] for a in p["arguments"])
    # Passwords are the launcher's (OS keyring), never bundle settings.
    config = manifest["user_config"]
    assert not any("password" in key or field.get("sensitive") for key, field in config.items())
    assert not any("PASSWORD" in env for env in server["mcp_config"]["env"])
    if MCPB.exists():
        done = subprocess.run([str(MCPB), "validate", str(tmp_path / "manifest.json")], capture_output=True, text=True)
        assert done.returncode == 0 and "passes" in done.stdout, done.stdout + done.stderr


def test_every_bundle_variable_is_a_setting_the_server_reads(tmp_path: Path) -> None:
    from wazuh_mcp.config.settings import Settings

    env = generated_manifest("linux", tmp_path / "manifest.json")["server"]["mcp_config"]["env"]
    ca = tmp_path / "root-ca.pem"
    ca.write_text("-----BEGIN CERTIFICATE-----\n", encoding="utf-8")
    values = {"api_url": "https://wazuh.example:55000", "api_user": "u", "indexer_url": "https://wazuh.example:9200"}
    values |= {"indexer_user": "i", "ca_bundle": str(ca), "role": "readonly", "profile": "default"}
    filled = {name: substitute(value, tmp_path, values) for name, value in env.items() if name != "WAZUH_MCP_DEMO"}
    old = {k: os.environ.get(k) for k in filled}
    try:
        os.environ.update(filled)
        s = Settings.load()
    finally:
        for k, v in old.items():
            os.environ.pop(k, None) if v is None else os.environ.__setitem__(k, v)
    assert (s.api.url, s.api.user, s.indexer.url, s.indexer.user, s.role) == (
        "https://wazuh.example:55000",
        "u",
        "https://wazuh.example:9200",
        "i",
        "readonly",
    )
    assert str(s.api.ca_bundle) == str(s.indexer.ca_bundle) == str(ca)


def unpack(bundle: Path, into: Path) -> dict[str, Any]:
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(into)
        modes = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
    manifest: dict[str, Any] = json.loads((into / "manifest.json").read_text(encoding="utf-8"))
    entry = manifest["server"]["entry_point"]
    # The onedir build: the executable, and beside it _internal/ with the demo engine, which the server starts
    # as a child process, so it needs its exec bit through mcpb pack's zip too.
    engine = next((name for name in modes if Path(name).name in ("osmem-server", "osmem-server.exe")), None)
    assert engine is not None and engine.startswith("server/_internal/"), sorted(modes)[:20]
    for name in (entry, engine):
        assert modes.get(name, 0) & stat.S_IXUSR, f"{name} is not executable inside the bundle: {oct(modes[name])}"
    for name, mode in modes.items():  # zipfile drops modes on extraction; the host keeps them
        if mode and not name.endswith("/"):
            (into / name).chmod(mode & 0o777)
    return manifest


def gui_environment(home: Path) -> dict[str, str]:
    """About what a desktop app started from the Dock / Start menu / a desktop session has: a home, the
    system PATH, nothing from a developer's shell (no venv, no PYTHONPATH, no WAZUH_MCP_*)."""
    if sys.platform == "win32":
        system = os.environ.get("SYSTEMROOT", r"C:\Windows")
        return {
            "USERPROFILE": str(home),
            "APPDATA": str(home / "AppData" / "Roaming"),
            "LOCALAPPDATA": str(home / "AppData" / "Local"),
            "SystemRoot": system,
            "PATH": rf"{system}\System32;{system}",
        }
    return {"HOME": str(home), "PATH": "/usr/bin:/bin"}


@needs_bundle
async def test_the_bundle_starts_as_claude_desktop_starts_it(tmp_path: Path) -> None:
    root = tmp_path / "extension"
    manifest = unpack(Path(BUNDLE), root)
    config = manifest["server"]["mcp_config"]
    home = tmp_path / "home"
    home.mkdir()
    # The user ticked Demo mode and left every other field empty.
    user_config = {"demo": "true", "role": "analyst"}
    env = {name: substitute(value, root, user_config) for name, value in config["env"].items()}
    bare = {**gui_environment(home), **env}
    params = StdioServerParameters(
        command=substitute(config["command"], root, user_config),
        args=[substitute(a, root, user_config) for a in config["args"]],
        env=bare,
        cwd=str(root),
    )
    async with Client(params) as client:
        listed = {t.name for t in (await client.list_tools()).tools}
        assert listed == {t["name"] for t in manifest["tools"]}
        cluster = await client.call_tool("cluster_status", {})
        assert not cluster.is_error and (cluster.structured_content or {})["mode"] == "single_node"
        summary = await client.call_tool("summarize_alerts", {"time_range": "24h"})
        assert not summary.is_error and (summary.structured_content or {})["total"] > 0
    # Its state went where a GUI-started app's goes: under that home, nowhere else.
    assert [p.name for p in home.rglob("audit.jsonl")] == ["audit.jsonl"]
