"""Secret canary: unique passwords go in through every channel (setup's stdin → the keyring, the
keyring → serve and approve, the environment → serve), the flows that touch them run for real
(setup --non-interactive with its connection test, serve calls over stdio with the official client,
a write approved from another process, connect, the audit CLI, errors with wrong and unreachable
backends, a launcher screenshot), and then EVERY byte written is scanned: settings, state (logs,
audit, pending changes, connection report), client configs, backups, stdout, stderr, snapshots.
The canary must appear nowhere — raw, in Basic-auth base64, or percent-encoded.

The only store allowed to hold it is the keyring's own (``file_keyring.py``, outside the scanned
tree); the test checks that it does, so a scan finding nothing is not a scan that looked at nothing.
"""

from __future__ import annotations

import base64
import json
import os
import secrets
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp_types import CallToolResult

from standin.server import StandinServer
from tests.engines import LoadedEngine, start_osmem
from tests.fuzz.schema_strategies import REALISTIC_TEXT

REPO = Path(__file__).resolve().parents[2]
PROFILE = "canary"
RULE_XML = next(t for t in REALISTIC_TEXT if t.startswith('<group name="local,"><rule id="100200"'))


def canary(kind: str) -> str:
    return f"CANARY-{kind}-{secrets.token_hex(12)}"


def needles(user: str, password: str) -> dict[str, bytes]:
    """Every form the password could leak in."""
    return {
        "raw": password.encode(),
        "basic-auth": base64.b64encode(f"{user}:{password}".encode()),
        "base64": base64.b64encode(password.encode()).rstrip(b"="),
        "percent-encoded": quote(password, safe="").encode(),
        "utf-16": password.encode("utf-16-le"),
    }


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def engine() -> Iterator[LoadedEngine]:
    osmem, loaded = start_osmem(count=1_000, days=7)
    try:
        yield loaded
    finally:
        osmem.stop()


class Run:
    """The scanned tree (home, settings, state, project, captured output) and how to run the CLI in it."""

    def __init__(self, tmp: Path) -> None:
        self.root = tmp / "scanned"
        self.home = self.root / "home"
        self.state = self.root / "state"
        self.project = self.root / "project"
        self.outputs = self.root / "outputs"
        for path in (self.home, self.state, self.project, self.outputs):
            path.mkdir(parents=True)
        self.keyring_file = tmp / "keyring-store" / "keyring.json"  # outside the scanned tree
        self.keyring_file.parent.mkdir()
        self.steps = 0

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("WAZUH_MCP_", "XDG_", "PYTHON_KEYRING"))}
        env |= {
            "HOME": str(self.home),
            "WAZUH_MCP_CONFIG": str(self.root / "config" / "config.toml"),
            "WAZUH_MCP_STATE_DIR": str(self.state),
            "PYTHON_KEYRING_BACKEND": "tests.canary.file_keyring.FileKeyring",
            "WAZUH_MCP_TEST_KEYRING_FILE": str(self.keyring_file),
            "PYTHONPATH": str(REPO),
            "WAZUH_MCP_DEBUG": "1",  # debug logs too: the most a log could ever say
            **extra,
        }
        return env

    def cli(self, *args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, "-m", "wazuh_mcp", *args],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
            env=env or self.env(),
            cwd=self.project,
        )
        self.keep(f"{args[0]}", done.stdout, done.stderr)
        return done

    def keep(self, name: str, stdout: str, stderr: str) -> None:
        self.steps += 1
        (self.outputs / f"{self.steps:02d}-{name}.stdout").write_text(stdout)
        (self.outputs / f"{self.steps:02d}-{name}.stderr").write_text(stderr)

    async def serve(self, calls: list[tuple[str, dict[str, object]]], **env: str) -> list[CallToolResult]:
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "wazuh_mcp", "serve", "--profile", PROFILE], env=self.env(**env)
        )
        self.steps += 1
        errlog = self.outputs / f"{self.steps:02d}-serve.stderr"
        results: list[CallToolResult] = []
        with errlog.open("w") as err:
            async with Client(stdio_client(params, errlog=err)) as client:
                for name, args in calls:
                    result = await client.call_tool(name, args)
                    results.append(result)
                (self.outputs / f"{self.steps:02d}-serve.stdout").write_text(
                    "\n".join(json.dumps(r.model_dump(mode="json")) for r in results)
                )
        return results


def text(result: object) -> str:
    content = getattr(result, "content", [])
    return str(getattr(content[0], "text", "")) if content else ""


async def test_secret_canary_appears_in_no_byte_written(
    engine: LoadedEngine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api_secret, indexer_secret, env_secret = canary("api"), canary("indexer"), canary("env")
    run = Run(tmp_path)
    with StandinServer(tls=True) as standin:
        api_user = standin.state.issuer.db.user("wazuh")
        assert api_user is not None
        api_user.password = api_secret

        # 1. setup --non-interactive: passwords on stdin → keyring; its connection test logs in with them.
        done = run.cli(
            "setup",
            "--non-interactive",
            "--profile",
            PROFILE,
            "--api-url",
            standin.url,
            "--api-user",
            "wazuh",
            "--indexer-url",
            engine.url,
            "--indexer-user",
            "admin",
            "--ca-bundle",
            str(standin.ca_path),
            "--role",
            "admin",
            "--writes",
            "on",
            "--default",
            stdin=f"{api_secret}\n{indexer_secret}\n",
            env=run.env(
                WAZUH_MCP_INDEXER_ALERTS_PATTERN=engine.alerts_pattern,
                WAZUH_MCP_INDEXER_VULNERABILITIES_PATTERN=engine.vulnerabilities_pattern,
            ),
        )
        assert "Saved profile 'canary'" in done.stdout, done.stderr
        assert "Server API" in done.stdout  # the connection test ran

        # 2. serve: the keyring's passwords, tools on both backends, an error, a write request.
        patterns = {
            "WAZUH_MCP_INDEXER_ALERTS_PATTERN": engine.alerts_pattern,
            "WAZUH_MCP_INDEXER_VULNERABILITIES_PATTERN": engine.vulnerabilities_pattern,
        }
        results = await run.serve(
            [
                ("cluster_status", {}),
                ("list_agents", {"size": 3}),
                ("get_agent", {"agent_id": "001"}),
                ("search_alerts", {"time_range": "7d", "size": 3}),
                ("hunt_query", {"must": [{"field": "rule.level", "op": "gte", "value": 3}], "time_range": "7d"}),
                ("get_agent", {"agent_id": "no such agent"}),
                ("create_rule", {"rule_xml": RULE_XML}),
            ],
            **patterns,
        )
        assert [r.is_error for r in results] == [False, False, False, False, False, True, False], [
            text(r)[:200] for r in results
        ]
        change_id = results[-1].structured_content["change_id"]

        # 3. the approval, from another process, with the keyring password.
        done = run.cli("show", change_id)
        done = run.cli("approve", change_id, "--yes", "--profile", PROFILE)
        assert done.returncode == 0, done.stdout + done.stderr
        assert standin.state.ruleset.uploads(), "the approved rule file reached the stand-in"

        # 4. connect writes a client config (twice: the second run backs the first file up).
        assert run.cli("connect", "claude-code", "--project", str(run.project)).returncode == 0
        assert run.cli("connect", "claude-code", "--project", str(run.project), "--profile", PROFILE).returncode == 0

        # 5. the password from the environment instead of the keyring.
        api_user.password = env_secret
        results = await run.serve([("get_agent", {"agent_id": "002"})], WAZUH_MCP_API_PASSWORD=env_secret, **patterns)
        assert not results[0].is_error, text(results[0])

        # 6. errors: a password the API refuses, an Indexer that is not there (its password still sent nowhere).
        api_user.password = canary("rotated")
        results = await run.serve(
            [("get_agent", {"agent_id": "001"}), ("search_alerts", {"time_range": "1h"})],
            WAZUH_MCP_INDEXER_URL=f"http://127.0.0.1:{closed_port()}",
        )
        assert text(results[0]).startswith("unauthenticated:") and text(results[1]).startswith("upstream_unavailable:")
        done = run.cli("setup", "--non-interactive", "--profile", "broken", "--api-url", "ftp://x", "--api-user", "u",
                       "--indexer-url", "http://127.0.0.1:1", "--indexer-user", "admin", "--no-test",
                       stdin=f"{api_secret}\n{indexer_secret}\n")  # fmt: skip
        assert done.returncode != 0

        # 7. the audit CLI, and a launcher screenshot (the snapshot a bug report would attach).
        assert run.cli("audit", "--last", "100").returncode == 0
        await launcher_screenshot(run, monkeypatch)

    # L2 across every command that ran: the state dir and everything in it are private.
    if os.name == "posix":
        wide = [str(p) for p in [run.state, *run.state.rglob("*")] if p.stat().st_mode & 0o077]
        assert not wide, f"group/world access in the state dir: {wide}"

    # The scan.
    forms = {
        **{f"api {k}": v for k, v in needles("wazuh", api_secret).items()},
        **{f"indexer {k}": v for k, v in needles("admin", indexer_secret).items()},
        **{f"env {k}": v for k, v in needles("wazuh", env_secret).items()},
    }
    files = [p for p in run.root.rglob("*") if p.is_file()]
    hits = [
        (str(p.relative_to(run.root)), form)
        for p in files
        for form, needle in forms.items()
        if needle in p.read_bytes()
    ]
    scanned = sum(p.stat().st_size for p in files)
    print(f"\ncanary scan: {len(files)} files, {scanned} bytes, {len(forms)} forms of 3 canaries: {len(hits)} hits")
    assert not hits, hits
    # The scan looked at what matters: the settings, audit, logs, client configs and outputs are there.
    names = {p.name for p in files}
    assert {"config.toml", "audit.jsonl", "server.log", "connection-tests.json", ".mcp.json"} <= names, sorted(names)
    assert any(p.suffix == ".bak" for p in files) and any(p.suffix == ".svg" for p in files)
    assert scanned > 20_000
    # …and the canaries were real: the keyring holds the first two (the env one never reaches a store).
    store = run.keyring_file.read_bytes()
    assert api_secret.encode() in store and indexer_secret.encode() in store and env_secret.encode() not in store


async def launcher_screenshot(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    """The launcher's home screen for the canary profile, saved as SVG in the scanned tree."""
    import keyring

    from tests.canary.file_keyring import FileKeyring
    from tui.app import create_app

    for key, value in run.env().items():
        if key.startswith("WAZUH_MCP_"):
            monkeypatch.setenv(key, value)
    previous = keyring.get_keyring()
    keyring.set_keyring(FileKeyring())
    try:
        app = create_app(start="home", profile=PROFILE, cursor_blink=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause(0.5)
            (run.outputs / "launcher-home.svg").write_text(app.export_screenshot())
    finally:
        keyring.set_keyring(previous)
