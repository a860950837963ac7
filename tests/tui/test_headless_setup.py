"""Headless set-up on a machine with no OS keyring: `setup --non-interactive` saves the settings, says the
passwords come from WAZUH_MCP_API_PASSWORD / WAZUH_MCP_INDEXER_PASSWORD, and following that hint makes
`serve` work — checked with the official MCP client over stdio against the Server API stand-in and an Indexer.

Both commands run as child processes with keyring's "fail" backend (what a server without a Secret Service
has), so the in-memory keyring of the other launcher tests plays no part."""

from __future__ import annotations

import json
import os
import ssl
import subprocess
import sys
from pathlib import Path

import httpx
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters

from standin.server import StandinServer
from tests.tui.conftest import api_password
from wazuh_mcp.config.settings import config_path

NO_KEYRING = {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
INDEXER_PASSWORD = "indexer-secret"


def child_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_PASSWORD")}
    return env | NO_KEYRING | extra


def setup(
    standin: StandinServer, indexer_url: str, env: dict[str, str], stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "wazuh_mcp", "setup", "--non-interactive", "--api-url", standin.url]
    argv += ["--api-user", "wazuh", "--indexer-url", indexer_url, "--indexer-user", "admin"]
    argv += ["--ca-bundle", str(standin.ca_path)]
    return subprocess.run(argv, env=env, input=stdin, capture_output=True, text=True, timeout=120)


def stand_in_agents(standin: StandinServer) -> int:
    """The stand-in's own count of agents, asked over its HTTP API (not through wazuh-mcp)."""
    with httpx.Client(verify=ssl.create_default_context(cafile=standin.ca_path)) as http:
        login = http.post(f"{standin.url}/security/user/authenticate", auth=("wazuh", api_password()))
        token = login.json()["data"]["token"]
        answer = http.get(f"{standin.url}/agents", params={"limit": 1}, headers={"Authorization": f"Bearer {token}"})
    return int(answer.json()["data"]["total_affected_items"])


def test_without_a_keyring_the_settings_are_saved_and_the_hint_makes_serve_work(
    standin: StandinServer, indexer_url: str, isolated_env: Path
) -> None:
    done = setup(standin, indexer_url, child_env(), stdin=f"{api_password()}\n{INDEXER_PASSWORD}\n")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    said = done.stdout
    assert "No OS keyring is usable here, so no password was stored" in said
    assert (
        "`wazuh-mcp serve` will read the passwords from WAZUH_MCP_API_PASSWORD and WAZUH_MCP_INDEXER_PASSWORD" in said
    )
    assert "Set WAZUH_MCP_API_PASSWORD and WAZUH_MCP_INDEXER_PASSWORD in the environment" in said
    # The typed passwords still log in for the connection test; they are written nowhere.
    assert "[ ok ] Server API: log in: Logged in as wazuh" in said and "[ ok ] Indexer: search alerts" in said
    written = config_path().read_text()
    assert standin.url in written and "password" not in written and INDEXER_PASSWORD not in written

    import anyio

    # Before the variables are set, serve's answer says what to set, and that is the same fix.
    bare = StdioServerParameters(command=sys.executable, args=["-m", "wazuh_mcp", "serve"], env=child_env())

    async def unconfigured() -> str:
        async with Client(bare) as client:
            refused = await client.call_tool("list_agents", {"size": 1})
        assert refused.is_error
        return str(getattr(refused.content[0], "text", ""))

    refusal = anyio.run(unconfigured)
    assert refusal.startswith("configuration_error:") and "WAZUH_MCP_API_PASSWORD" in refusal

    # Follow the hint: the variables set, nothing else; the settings file gives the URLs and users.
    env = child_env(WAZUH_MCP_API_PASSWORD=api_password(), WAZUH_MCP_INDEXER_PASSWORD=INDEXER_PASSWORD)
    params = StdioServerParameters(command=sys.executable, args=["-m", "wazuh_mcp", "serve"], env=env)

    async def calls() -> tuple[dict[str, object], dict[str, object]]:
        async with Client(params) as client:
            agents = await client.call_tool("list_agents", {"size": 1})
            alerts = await client.call_tool("search_alerts", {"time_range": "30d", "size": 1})
        assert not agents.is_error and not alerts.is_error, (agents.content, alerts.content)
        assert agents.structured_content is not None and alerts.structured_content is not None
        return agents.structured_content, alerts.structured_content

    agents, _ = anyio.run(calls)
    assert agents["total"] == stand_in_agents(standin)
    audit = (isolated_env / "state" / "audit.jsonl").read_text()
    assert INDEXER_PASSWORD not in audit
    users = {json.loads(line).get("wazuh_user") for line in audit.splitlines()}
    assert "wazuh" in users


def test_with_the_variables_set_no_password_is_asked_and_the_connection_test_uses_them(
    standin: StandinServer, indexer_url: str
) -> None:
    env = child_env(WAZUH_MCP_API_PASSWORD=api_password(), WAZUH_MCP_INDEXER_PASSWORD=INDEXER_PASSWORD)
    done = setup(standin, indexer_url, env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (
        "`wazuh-mcp serve` will read the passwords from WAZUH_MCP_API_PASSWORD and WAZUH_MCP_INDEXER_PASSWORD."
        in done.stdout
    )
    assert "Set WAZUH_MCP" not in done.stdout
    assert "[ ok ] Server API: log in: Logged in as wazuh" in done.stdout


def test_without_a_keyring_or_the_variables_the_test_runs_and_says_what_to_set(
    standin: StandinServer, indexer_url: str
) -> None:
    """No password anywhere: the test still checks what it can (TLS) and says per login what to set."""
    done = setup(standin, indexer_url, child_env())
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "[warn] Server API: log in: Not tested: no password to log in with." in out
    assert "→ Set WAZUH_MCP_API_PASSWORD (no keyring here to keep the Server API password)" in out
    assert "[warn] Indexer: search alerts: Not tested: no password to log in with." in out
    assert "Connection and TLS: Server API 127.0.0.1:" in out and "certificate verified" in out, out
    assert "[FAIL]" not in out
    assert "Connection test passed with warnings." in out


def test_an_api_password_and_an_empty_indexer_line_test_the_api(standin: StandinServer, indexer_url: str) -> None:
    """issue 26 item 3: with an API password and an empty Indexer line, setup skipped the whole connection
    test and exited 0. The Server API is now tested with the password given; the Indexer says what to set."""
    done = setup(standin, indexer_url, child_env(), stdin=f"{api_password()}\n\n")
    out = done.stdout
    assert "[ ok ] Server API: log in: Logged in as wazuh" in out, out + done.stderr
    assert "[ ok ] Server API: list agents" in out
    assert "[warn] Indexer: search alerts: Not tested: no password to log in with." in out
    assert "Set WAZUH_MCP_INDEXER_PASSWORD" in out and "Connection test skipped" not in out
    assert done.returncode == 0 and "Connection test passed with warnings." in out


def test_a_wrong_password_without_a_keyring_is_not_said_to_be_in_the_keyring(
    standin: StandinServer, indexer_url: str
) -> None:
    """issue 26 item 3: "Re-enter the password … (it is kept in the OS keyring)" where no keyring exists."""
    typed = setup(standin, indexer_url, child_env(), stdin="wrong\nwrong\n")
    assert typed.returncode == 1, typed.stdout + typed.stderr
    assert "[FAIL] Server API: log in: The Server API refused user 'wazuh' (wrong user or password)." in typed.stdout
    assert "→ Check the Server API user and password you entered, and enter them again." in typed.stdout
    assert "OS keyring)" not in typed.stdout and "kept in the OS keyring" not in typed.stdout
    from_variable = setup(standin, indexer_url, child_env(WAZUH_MCP_API_PASSWORD="wrong"), stdin="")
    assert from_variable.returncode == 1
    assert "→ The password comes from WAZUH_MCP_API_PASSWORD (it wins over the keyring)" in from_variable.stdout
    assert "kept in the OS keyring" not in from_variable.stdout
