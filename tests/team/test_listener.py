"""``serve --http``'s listener rules, TLS, and the command itself (no identity provider needed here)."""

from __future__ import annotations

import json
import os
import re
import signal
import ssl
import subprocess
import sys
import time
from pathlib import Path

import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from standin.server import StandinServer
from standin.tls import make_tls_files
from tests.team.conftest import run_team_server
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.errors import ConfigurationError
from wazuh_mcp.server.http import Listener, audit_listen, check_listener, is_loopback


def test_loopback_addresses() -> None:
    assert all(is_loopback(h) for h in ("127.0.0.1", "::1", "[::1]", "localhost", "127.5.6.7"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "10.1.2.3", "::", "wazuh.example"))


def test_a_network_listener_needs_tls_or_an_explicit_plaintext_allowance() -> None:
    with pytest.raises(ConfigurationError, match=r"Refusing plain HTTP on 0\.0\.0\.0"):
        check_listener(Settings(oauth={"issuer": "https://idp", "audience": "a"}), "0.0.0.0")
    with pytest.raises(ConfigurationError, match="without an identity provider"):
        check_listener(Settings(http={"tls_cert": "/c.pem", "tls_key": "/k.pem"}), "0.0.0.0")
    with pytest.raises(ConfigurationError, match="go together"):
        check_listener(Settings(http={"tls_cert": "/c.pem"}), "127.0.0.1")
    check_listener(Settings(), "127.0.0.1")  # loopback: plain and without tokens is the local case
    allowed = Settings(http={"allow_plaintext": True}, oauth={"issuer": "https://idp", "audience": "a"})
    check_listener(allowed, "0.0.0.0")


def test_an_allowed_plaintext_network_listener_is_in_the_audit(tmp_path: Path) -> None:
    settings = Settings(
        http={"allow_plaintext": True}, oauth={"issuer": "https://idp", "audience": "a"}, audit_log=tmp_path / "a.jsonl"
    )
    audit_listen(settings, Listener("0.0.0.0", 8765, tls=False), demo=False)
    record = json.loads((tmp_path / "a.jsonl").read_text())
    assert record["tool"] == "server.listen" and record["args"]["plaintext_allowed"] is True
    assert record["args"]["issuer"] == "https://idp"


async def test_tls_listener_serves_mcp_to_a_client_that_trusts_its_ca(tmp_path: Path) -> None:
    files = make_tls_files(tmp_path)
    settings = Settings(http={"tls_cert": files.cert_path, "tls_key": files.key_path}, audit_log=tmp_path / "a.jsonl")
    with StandinServer(tls=True) as standin, run_team_server(settings, standin) as team:
        assert team.url.startswith("https://127.0.0.1:")
        async with (
            httpx2.AsyncClient(verify=ssl.create_default_context(cafile=str(files.ca_path)), timeout=30) as http,
            Client(streamable_http_client(team.url, http_client=http)) as client,
        ):
            result = await client.call_tool("list_agents", {"size": 2})
        assert not result.is_error
        async with httpx.AsyncClient(timeout=10) as untrusting:
            with pytest.raises(httpx.ConnectError):  # without the CA, the certificate is not trusted
                await untrusting.post(team.url, json={})


def test_serve_http_demo_answers_the_official_client_and_stops_on_sigterm(isolated_env: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen(
        [sys.executable, "-m", "wazuh_mcp", "serve", "--http", "--demo", "--port", "0"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        assert proc.stderr is not None
        line = ""
        deadline = time.monotonic() + 120
        while "serving MCP on" not in line and time.monotonic() < deadline:
            line = proc.stderr.readline()
            assert line or proc.poll() is None, "serve --http --demo exited"
        match = re.search(r"(http://127\.0\.0\.1:\d+/mcp)", line)
        assert match, line
        url = match.group(1)

        async def session() -> set[str]:
            async with Client(url) as client:
                names = {t.name for t in (await client.list_tools()).tools}
                assert not (await client.call_tool("list_agents", {"size": 1})).is_error
                return names

        import anyio

        assert "search_alerts" in anyio.run(session)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        assert proc.stdout is not None and proc.stdout.read() == ""  # nothing on stdout: logs go to stderr
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pipe in (proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()


def test_the_resource_metadata_names_the_scopes_a_client_should_ask_for(tmp_path: Path) -> None:
    """``oauth.scopes``: Entra ID derives a token's audience from the scope asked for, and VS Code's config
    has no place for one, so the server's RFC 9728 document names it (``scopes_supported``) — without the
    token having to carry it (that is ``required_scopes``). No provider is reached: keys are fetched at the
    first token."""
    oauth = {"issuer": "https://login.example/tenant/v2.0", "audience": "api://wazuh-mcp"}
    expected = {
        (): None,
        ("api://wazuh-mcp/mcp.use",): ["api://wazuh-mcp/mcp.use"],
        ("api://wazuh-mcp/mcp.use", "offline_access"): ["api://wazuh-mcp/mcp.use", "offline_access"],
    }
    with StandinServer(tls=True) as standin:
        for scopes, supported in expected.items():
            settings = Settings(oauth={**oauth, "scopes": list(scopes)}, audit_log=tmp_path / "a.jsonl")
            with run_team_server(settings, standin) as team:
                metadata_url = f"{team.listener.url}/.well-known/oauth-protected-resource/mcp"
                document = httpx.get(metadata_url, timeout=10).json()
                assert document["authorization_servers"] == [oauth["issuer"]]
                assert document.get("scopes_supported") == supported, scopes
                assert httpx.post(team.url, json={}, timeout=10).status_code == 401, "advertised, not a way in"
