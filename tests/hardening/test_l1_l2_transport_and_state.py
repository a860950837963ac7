"""L1 (plain http:// served silently, audited as verified TLS) and L2 (state dir 0755, logs 0644):
reproduced against the real `serve` process, as an AI client starts it."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from standin.server import DEMO_USERS, StandinServer
from tests.conftest import TEST_INTEGRITY_KEY
from wazuh_mcp.runtime.audit import AuditSink, iter_events

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes and umask are POSIX")


@pytest.fixture(scope="module")
def plain_standin() -> Iterator[StandinServer]:
    with StandinServer(tls=False) as server:
        yield server


def serve_env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WAZUH_MCP_") or k.startswith("WAZUH_MCP_TEST_")}
    env["WAZUH_MCP_INTEGRITY_KEY"] = TEST_INTEGRITY_KEY  # a headless server's key (config/integrity.py)
    env |= {
        "WAZUH_MCP_STATE_DIR": str(home / "state"),
        "WAZUH_MCP_CONFIG": str(home / "config.toml"),
        "WAZUH_MCP_AUDIT_LOG": str(home / "state" / "audit.jsonl"),
        **extra,
    }
    return env


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_l1_plain_http_is_warned_on_stderr_and_audited_as_unverified(
    plain_standin: StandinServer, tmp_path: Path
) -> None:
    assert plain_standin.url.startswith("http://")
    env = serve_env(
        tmp_path,
        WAZUH_MCP_API_URL=plain_standin.url,
        WAZUH_MCP_API_USER="wazuh",
        WAZUH_MCP_API_PASSWORD=DEMO_USERS["wazuh"].password,
    )
    params = StdioServerParameters(command=sys.executable, args=["-m", "wazuh_mcp", "serve"], env=env)
    errlog = tmp_path / "stderr.txt"
    with errlog.open("w") as err:
        async with Client(stdio_client(params, errlog=err)) as client:
            result = await client.call_tool("cluster_status", {})
    assert not result.is_error
    stderr = errlog.read_text()
    assert "PLAIN HTTP for the Server API" in stderr and "https://" in stderr
    (event,) = list(iter_events(tmp_path / "state" / "audit.jsonl"))
    assert event.tls_verify is False  # it said True before: the audit must not claim verified TLS


def test_l1_launcher_home_shows_plain_http(tmp_path: Path) -> None:
    from tui.screens.home import config_text
    from tui.status import HomeStatus
    from wazuh_mcp.config.settings import Settings

    settings = Settings.load(api={"url": "http://wazuh.lab:55000", "user": "wazuh"})
    assert settings.plaintext_backends == ["Server API"] and not settings.tls_verified
    status = HomeStatus(profile="default", config_file=tmp_path / "config.toml", settings=settings)
    assert "PLAIN HTTP (no TLS) for the Server API" in config_text(status).plain


async def test_l2_state_dir_and_files_are_private_even_under_umask_022(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o755)  # what an older version left behind
    os.chmod(state, 0o755)
    (state / "server.log").write_text("old\n")
    os.chmod(state / "server.log", 0o644)
    env = serve_env(tmp_path)
    # A umask of 022 is what desktops give the processes they start.
    params = StdioServerParameters(
        command="/bin/sh", args=["-c", f"umask 022 && exec {sys.executable} -m wazuh_mcp serve --demo"], env=env
    )
    with (tmp_path / "stderr.txt").open("w") as err:
        async with Client(stdio_client(params, errlog=err)) as client:
            # It searches the Indexer, then asks the Server API (its rules): both stand-ins are up after it.
            await client.call_tool("summarize_alerts", {"time_range": "1h"})
            demo_json = state / "demo.json"
            assert demo_json.exists() and mode(demo_json) == 0o600
            assert mode(state / "demo-indexer.log") == 0o600
    assert mode(state) == 0o700
    assert mode(state / "server.log") == 0o600
    assert mode(state / "audit.jsonl") == 0o600
    wide = [p for p in state.rglob("*") if p.is_file() and mode(p) & 0o077]
    assert not wide, f"group/world-readable files in the state dir: {wide}"


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_l2_an_audit_log_outside_the_state_dir_gets_a_private_directory(tmp_path: Path) -> None:
    """``audit_log`` may point anywhere (WAZUH_MCP_AUDIT_LOG): the directory the sink creates for it is
    0700 like the state dir, and the file 0600, whatever the umask."""
    path = tmp_path / "elsewhere" / "audit.jsonl"
    old = os.umask(0o022)
    try:
        sink = AuditSink(path)
        sink.ready()  # creates the file
    finally:
        os.umask(old)
    assert mode(path.parent) == 0o700
    assert mode(path) == 0o600
