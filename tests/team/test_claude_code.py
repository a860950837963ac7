"""The real Claude Code CLI (npm @anthropic-ai/claude-code, pinned in tests/team/claude_code/package.json) against
``serve --http`` behind the real Keycloak, for the entry ``wazuh-mcp connect claude-code --url …`` wrote.

Issue 26 item 13: Claude Code 2.1.332 showed "✘ Incompatible auth server: does not support dynamic client
registration". Here the CLI discovers the server's metadata and Keycloak, registers itself (or uses the
pre-registered client), and prints the sign-in URL (``claude mcp login --no-browser``); the test then does what
the person does in the browser (tests.team.conftest.Keycloak.sign_in) and sends the browser to the CLI's own
loopback callback, after which ``claude mcp list`` says Connected. With a token the test gets from Keycloak
(password grant), the ``--token-env`` entry is Connected as well.

Each test runs the CLI with HOME in its own temporary directory; approving the project's server (what a person
answers when Claude Code first opens the project) is the ``enabledMcpjsonServers`` setting written there.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from standin.server import StandinServer
from standin.tls import make_tls_files
from tests.conftest import REPO
from tests.team.conftest import ISSUER, Keycloak, TeamServer, run_team_server, team_settings

CLAUDE = REPO / "tests/team/claude_code/node_modules/.bin/claude"
INCOMPATIBLE = "Incompatible auth server"
_ANSI = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b\[[0-9;?]*[A-Za-z]")


@pytest.fixture(scope="module")
def claude() -> Path:
    if not CLAUDE.exists():
        pytest.skip("no Claude Code CLI: `npm install` in tests/team/claude_code (scripts/test.sh does it)")
    return CLAUDE


class Analyst:
    """One analyst's machine: a project directory, a HOME, and the Claude Code CLI run there."""

    def __init__(self, claude: Path, root: Path) -> None:
        self.claude = claude
        self.project = root / "project"
        self.home = root / "home"
        self.project.mkdir()
        (self.home / ".claude").mkdir(parents=True)
        (self.home / ".claude/settings.json").write_text(json.dumps({"enabledMcpjsonServers": ["wazuh"]}))

    trust: Path | None = None
    """A CA the CLI trusts besides the system's (``NODE_EXTRA_CA_CERTS``)."""

    def env(self, **extra: str) -> dict[str, str]:
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.home / ".config"),
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            **({"NODE_EXTRA_CA_CERTS": str(self.trust)} if self.trust else {}),
            **extra,
        }

    def edit_entry(self, **fields: object) -> None:
        """Change the project's wazuh entry by hand (what ``connect`` wrote, plus ``fields``)."""
        path = self.project / ".mcp.json"
        document = json.loads(path.read_text())
        entry = document["mcpServers"]["wazuh"]
        for key, value in fields.items():
            entry[key] = {**entry.get(key, {}), **value} if isinstance(value, dict) else value
        path.write_text(json.dumps(document, indent=2))

    def connect(self, url: str, *flags: str) -> dict[str, object]:
        """``wazuh-mcp connect claude-code --url URL`` in the project; returns the entry it wrote."""
        argv = [sys.executable, "-m", "wazuh_mcp", "connect", "claude-code", "--url", url, "--project"]
        run = subprocess.run(
            [*argv, str(self.project), *flags],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            timeout=60,
        )
        assert run.returncode == 0, run.stderr
        entry: dict[str, object] = json.loads((self.project / ".mcp.json").read_text())["mcpServers"]["wazuh"]
        return entry

    def run(self, *args: str, **env: str) -> str:
        done = subprocess.run(
            [str(self.claude), *args],
            cwd=self.project,
            env=self.env(**env),
            capture_output=True,
            text=True,
            timeout=120,
            stdin=subprocess.DEVNULL,
        )
        return done.stdout + done.stderr

    def status(self, **env: str) -> str:
        """The line ``claude mcp list`` prints for the wazuh entry."""
        out = self.run("mcp", "list", **env)
        line = next((line for line in out.splitlines() if line.startswith("wazuh:")), out)
        assert INCOMPATIBLE not in out, out
        return line

    def login(self, keycloak: Keycloak, user: str | None) -> tuple[str, str]:
        """``claude mcp login wazuh --no-browser`` on a terminal: the sign-in URL it prints and, when ``user``
        is given, the output after that user signed in through the browser's redirect to the CLI's callback."""
        pid, fd = pty.fork()
        if pid == 0:  # pragma: no cover - the child
            os.chdir(self.project)
            os.execve(str(self.claude), [str(self.claude), "mcp", "login", "wazuh", "--no-browser"], self.env())
        output = ""
        try:
            url = self._read_until(fd, re.compile(r"(http://\S+/protocol/openid-connect/auth\?\S+)"), 90)
            output = self._seen
            if user is None:
                return url, output
            callback = keycloak.sign_in(url, user)
            assert httpx.get(callback, timeout=30).status_code == 200
            self._read_until(fd, re.compile(r"Authenticated with \"wazuh\""), 60)
            return url, self._seen
        except AssertionError as exc:
            raise AssertionError(f"{exc}\n--- claude printed:\n{self._seen or output}") from None
        finally:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
            os.close(fd)

    _seen = ""

    def _read_until(self, fd: int, pattern: re.Pattern[str], timeout_s: float) -> str:
        deadline = time.monotonic() + timeout_s
        raw = b""
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                raw += chunk
                self._seen = _ANSI.sub("", raw.decode(errors="replace"))
                match = pattern.search(self._seen)
                if match:
                    return match.group(1) if match.groups() else match.group(0)
        raise AssertionError(f"no {pattern.pattern!r} within {timeout_s:.0f} s")


@pytest.fixture
def analyst(claude: Path, tmp_path: Path) -> Analyst:
    return Analyst(claude, tmp_path)


@pytest.fixture(scope="module")
def provider_without_registration(keycloak: Keycloak, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """An identity provider that offers no registration, as Entra ID or Google: Keycloak's own authorization
    server metadata without ``registration_endpoint``, served over HTTPS (a client takes such a document
    only from an https:// URL); everything else is Keycloak's. Yields (metadata URL, CA file)."""
    files = make_tls_files(tmp_path_factory.mktemp("no-registration-tls"))
    metadata = keycloak.metadata()
    del metadata["registration_endpoint"]
    body = json.dumps(metadata).encode()

    class Metadata(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Metadata)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(files.cert_path, files.key_path)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"https://127.0.0.1:{server.server_address[1]}/.well-known/oauth-authorization-server", files.ca_path
    finally:
        server.shutdown()
        server.server_close()


def registered_clients(keycloak: Keycloak) -> set[str]:
    with keycloak.admin() as admin:
        return {c["clientId"] for c in admin.get("/clients", params={"max": 1000}).json()}


def test_claude_code_registers_itself_at_keycloak_and_the_analyst_signs_in(
    keycloak: Keycloak, team: TeamServer, analyst: Analyst
) -> None:
    assert analyst.connect(team.url) == {"type": "http", "url": team.url}
    assert "Needs authentication" in analyst.status()
    before = registered_clients(keycloak)
    url, printed = analyst.login(keycloak, None)
    assert INCOMPATIBLE not in printed
    query = parse_qs(urlsplit(url).query)
    assert url.startswith(f"{ISSUER}/protocol/openid-connect/auth?")
    (client_id,) = query["client_id"]
    assert client_id in registered_clients(keycloak) - before, "the CLI registered a client of its own"
    assert query["code_challenge_method"] == ["S256"] and query["resource"] == [team.url]

    _, printed = analyst.login(keycloak, "alice")  # the CLI keeps its registration; now someone signs in
    assert INCOMPATIBLE not in printed
    assert "Connected" in analyst.status()


def test_claude_code_uses_the_pre_registered_client_connect_wrote(
    keycloak: Keycloak, team: TeamServer, analyst: Analyst
) -> None:
    entry = analyst.connect(team.url, "--client-id", "wazuh-mcp-cli")
    assert entry["oauth"] == {"clientId": "wazuh-mcp-cli"}
    before = registered_clients(keycloak)
    url, _ = analyst.login(keycloak, "bob")
    assert parse_qs(urlsplit(url).query)["client_id"] == ["wazuh-mcp-cli"]
    assert registered_clients(keycloak) == before, "no registration with a client id given"
    assert "Connected" in analyst.status()


def test_claude_code_sends_a_token_the_analyst_got_elsewhere(
    keycloak: Keycloak, team: TeamServer, analyst: Analyst
) -> None:
    entry = analyst.connect(team.url, "--token-env", "WAZUH_MCP_TOKEN")
    assert entry["headers"] == {"Authorization": "Bearer ${WAZUH_MCP_TOKEN}"}
    assert "Connected" in analyst.status(WAZUH_MCP_TOKEN=keycloak.token("alice"))
    assert "Connected" not in analyst.status()  # no variable: nothing to send
    wrong_audience = keycloak.token("alice", client="other-service")
    assert "401" in analyst.status(WAZUH_MCP_TOKEN=wrong_audience)


def test_claude_code_asks_for_the_scopes_the_server_names(
    keycloak: Keycloak, standin: StandinServer, analyst: Analyst, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """``oauth.scopes`` reach the client through the server's metadata: the sign-in URL asks for them (what
    Entra ID needs to issue a token for this server), and the analyst signs in."""
    settings = team_settings(tmp_path_factory.mktemp("scoped"), oauth={"scopes": ["wazuh-mcp"]})
    with run_team_server(settings, standin) as scoped:
        analyst.connect(scoped.url)
        url, _ = analyst.login(keycloak, "alice")
        # Claude Code adds offline_access (a refresh token) when the provider lists it: Keycloak then needs the
        # user to hold the offline_access role (in default-roles-<realm>), else "Offline tokens not allowed".
        assert parse_qs(urlsplit(url).query)["scope"][0].split() == ["wazuh-mcp", "offline_access"]
        assert "Connected" in analyst.status()


def test_without_registration_claude_code_stops_as_in_the_issue_until_connect_names_a_client(
    keycloak: Keycloak, team: TeamServer, analyst: Analyst, provider_without_registration: Any
) -> None:
    """Issue 26 item 13 as it was met: a provider that offers no registration, and the entry ``connect --url``
    wrote: "✘ … Incompatible auth server: does not support dynamic client registration". With ``--client-id``
    (and ``--scope``: with no scope named, Claude Code asks for every scope the provider lists, which Keycloak
    refuses for this client as ``invalid_scope``) the analyst signs in. The one hand edit points the CLI at
    the provider's registration-less metadata (``oauth.authServerMetadataUrl``)."""
    metadata_url, ca = provider_without_registration
    analyst.trust = ca
    analyst.connect(team.url)
    analyst.edit_entry(oauth={"authServerMetadataUrl": metadata_url})
    out = analyst.run("mcp", "list")
    assert "Incompatible auth server: does not support dynamic client registration" in out, out

    entry = analyst.connect(team.url, "--client-id", "wazuh-mcp-cli", "--scope", "openid")
    assert entry["oauth"] == {"clientId": "wazuh-mcp-cli", "scopes": "openid"}
    analyst.edit_entry(oauth={"authServerMetadataUrl": metadata_url})
    url, printed = analyst.login(keycloak, "carol")
    assert INCOMPATIBLE not in printed
    assert parse_qs(urlsplit(url).query)["client_id"] == ["wazuh-mcp-cli"]
    assert "Connected" in analyst.status()
