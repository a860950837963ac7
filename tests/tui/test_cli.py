"""`wazuh-mcp setup --non-interactive`, `connect` and `audit` from the command line: exit codes,
messages on stderr, nothing written half-way, never a traceback."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from standin.server import StandinServer
from tests.tui.conftest import MemoryKeyring, api_password
from wazuh_mcp.cli import main
from wazuh_mcp.config.settings import Settings, config_path
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink
from wazuh_mcp.setup.conncheck import last_report

EXE = "/opt/wazuh-mcp/bin/wazuh-mcp"


def run(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str = ""
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def setup_args(api_url: str, indexer_url: str, *extra: str) -> list[str]:
    return [
        "setup",
        "--non-interactive",
        "--api-url",
        api_url,
        "--api-user",
        "wazuh",
        "--indexer-url",
        indexer_url,
        "--indexer-user",
        "admin",
        *extra,
    ]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setattr("wazuh_mcp.setup.serve_command.executable_argv", lambda: [EXE])
    return tmp_path


# --- setup --non-interactive ----------------------------------------------------------------


def test_scripted_setup_stores_and_tests(
    standin: StandinServer,
    indexer_url: str,
    memory_keyring: MemoryKeyring,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, _ = run(
        setup_args(standin.url, indexer_url, "--ca-bundle", str(standin.ca_path), "--profile", "prod"),
        capsys,
        monkeypatch,
        stdin=f"{api_password()}\nindexer-secret\n",
    )
    assert code == 0, out
    assert "Saved profile 'prod'" in out and "[ ok ] Server API: log in: Logged in as wazuh" in out
    assert "[ ok ] Indexer: search alerts" in out and "Connection test passed with warnings." in out
    assert memory_keyring.entries == {
        ("wazuh-mcp", "prod:api"): api_password(),
        ("wazuh-mcp", "prod:indexer"): "indexer-secret",
    }
    assert "indexer-secret" not in config_path().read_text()
    assert Settings.load().api.ca_bundle == standin.ca_path
    report = last_report("prod")
    assert report is not None and report.ok


def test_wrong_password_exits_1_with_the_diagnosis(
    standin: StandinServer, indexer_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(
        setup_args(standin.url, indexer_url, "--ca-bundle", str(standin.ca_path)),
        capsys,
        monkeypatch,
        stdin="wrong\nx\n",
    )
    assert code == 1
    assert "[FAIL] Server API: log in: The Server API refused user 'wazuh'" in out and "FAILED" in out


def test_no_test_and_warnings_for_plain_http_and_insecure(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(
        setup_args("http://wazuh.lab:55000", "https://wazuh.lab:9200", "--insecure", "--no-test"),
        capsys,
        monkeypatch,
        stdin="a\nb\n",
    )
    assert code == 0 and "Connection test" not in out
    assert "warning: The Server API URL is plain HTTP" in err
    assert "warning: TLS certificate verification is OFF" in err
    assert Settings.load().api.verify_tls is False and Settings.load().indexer.verify_tls is False


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (
            # The Indexer is optional (as in the wizard): only the Server API's user is missing.
            ["setup", "--non-interactive", "--api-url", "https://w:55000"],
            "a\nb\n",
            "--non-interactive needs --api-user.",
        ),
        (
            setup_args("https://w:55000", "https://w:9200", "--ca-bundle", "/nonexistent/root-ca.pem"),
            "a\nb\n",
            "The CA bundle /nonexistent/root-ca.pem does not exist",
        ),
        (setup_args("w:55000", "https://w:9200"), "a\nb\n", "must look like https://host:port"),
        (setup_args("https://w:55000", "https://w:9200"), "", "Enter the Server API password"),
        (setup_args("https://w:55000", "https://w:9200"), "only-api\n", "Enter the Indexer password"),
        (
            setup_args("https://w:55000", "https://w:9200", "--insecure", "--ca-bundle", "/x.pem"),
            "a\nb\n",
            "contradict",
        ),
        (setup_args("https://w:55000", "https://w:9200", "--run-as", "alice"), "a\nb\n", "run_as must be a JSON"),
    ],
)
def test_bad_input_exits_2_and_writes_nothing(
    args: list[str],
    stdin: str,
    message: str,
    memory_keyring: MemoryKeyring,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, _, err = run(args, capsys, monkeypatch, stdin=stdin)
    assert code == 2 and message in err
    assert not config_path().exists() and memory_keyring.entries == {}


def test_read_only_settings_directory(tmp_path: Path) -> None:
    """A settings directory we may not write: refused before the keyring is touched. Root ignores file
    modes, so as root the CLI runs without CAP_DAC_OVERRIDE."""
    folder = tmp_path / "etc"
    folder.mkdir()
    folder.chmod(0o555)
    env = {k: v for k, v in os.environ.items() if not k.startswith("WAZUH_MCP_")}
    env.update(
        WAZUH_MCP_CONFIG=str(folder / "config.toml"),
        WAZUH_MCP_STATE_DIR=str(tmp_path / "state"),
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
    )
    command = [sys.executable, "-m", "wazuh_mcp", *setup_args("https://w:55000", "https://w:9200", "--no-test")]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: cannot drop CAP_DAC_OVERRIDE")
        command = [setpriv, "--bounding-set", "-dac_override,-dac_read_search", "--", *command]
    try:
        done = subprocess.run(
            command,
            input="a\nb\n",
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
            cwd=Path(__file__).resolve().parents[2],
        )
    finally:
        folder.chmod(0o755)
    assert done.returncode == 1, done.stderr
    assert f"The settings directory {folder} is not writable. Nothing was saved." in done.stderr
    assert "Traceback" not in done.stderr and list(folder.iterdir()) == []


# --- connect --------------------------------------------------------------------------------


def test_connect_dry_run_write_idempotent_remove(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = home / ".config" / "Claude" / "claude_desktop_config.json"
    config_path().write_text('[profiles.prod]\nrole = "analyst"\n')
    code, out, _ = run(["connect", "claude-desktop", "--dry-run", "--profile", "prod"], capsys, monkeypatch)
    assert code == 0 and "Add 'wazuh' to Claude Desktop" in out and "(dry run: nothing written)" in out
    assert f'+      "command": "{EXE}"' in out and not path.exists()
    code, out, _ = run(["connect", "claude-desktop", "--profile", "prod"], capsys, monkeypatch)
    assert code == 0 and f"Wrote {path}." in out and "Restart Claude Desktop" in out
    assert json.loads(path.read_text()) == {
        "mcpServers": {"wazuh": {"command": EXE, "args": ["serve", "--profile", "prod"]}}
    }
    code, out, _ = run(["connect", "claude-desktop", "--profile", "prod"], capsys, monkeypatch)
    assert code == 0 and "already has this 'wazuh' entry; nothing to do" in out
    code, out, _ = run(["connect", "claude-desktop", "--remove"], capsys, monkeypatch)
    assert code == 0 and f"Removed from {path}" in out
    assert json.loads(path.read_text()) == {"mcpServers": {}}


def test_connect_refuses_a_profile_that_does_not_exist(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 26 item 9: `connect claude-desktop --profile nosuch` wrote an entry that pointed at nothing."""
    path = home / ".config" / "Claude" / "claude_desktop_config.json"
    code, _, err = run(["connect", "claude-desktop", "--profile", "nosuch"], capsys, monkeypatch)
    assert code == 2 and "Profile nosuch does not exist" in err and "has no profiles yet" in err
    config_path().write_text('[profiles.prod]\nrole = "analyst"\n[profiles.lab]\nrole = "readonly"\n')
    code, out, err = run(["connect", "claude-desktop", "--profile", "nosuch"], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert f"Profile nosuch does not exist in {config_path()}; the profiles there: lab, prod" in err
    assert "Nothing written" in err and not path.exists()
    assert run(["connect", "claude-desktop", "--profile", "lab"], capsys, monkeypatch)[0] == 0


def test_two_connect_writes_in_one_second_keep_both_backups(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 26 item 14: two writes in the same second shared one backup name; the first backup was lost."""
    import datetime as dt

    class Frozen(dt.datetime):
        @classmethod
        def now(cls, tz: dt.tzinfo | None = None) -> Frozen:
            return cls(2026, 12, 5, 7, 0, 0)

    monkeypatch.setattr("wazuh_mcp.setup.ai_clients.datetime", Frozen)
    path = home / ".config" / "Claude" / "claude_desktop_config.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"mcpServers": {"mine": {"command": "first"}}}')
    versions = [path.read_text()]
    for args in (["--demo"], [], ["--demo"]):
        code, out, _ = run(["connect", "claude-desktop", *args], capsys, monkeypatch)
        assert code == 0 and "Previous file kept as" in out, out
        versions.append(path.read_text())
    backups = sorted(path.parent.glob("*.bak"), key=lambda p: p.stat().st_mtime_ns)
    names = sorted(p.name for p in backups)
    assert names == [
        "claude_desktop_config.json.20261205-070000-2.bak",
        "claude_desktop_config.json.20261205-070000-3.bak",
        "claude_desktop_config.json.20261205-070000.bak",
    ]
    kept = {p.read_text() for p in backups}
    assert kept == set(versions[:3]), "every file a write replaced is kept"


def test_connect_vscode_and_claude_code_in_a_project(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    project = home / "repo"
    project.mkdir()
    assert run(["connect", "vscode", "--project", str(project)], capsys, monkeypatch)[0] == 0
    assert json.loads((project / ".vscode" / "mcp.json").read_text()) == {
        "servers": {"wazuh": {"type": "stdio", "command": EXE, "args": ["serve"]}}
    }
    code, out, _ = run(["connect", "claude-code", "--project", str(project), "--demo"], capsys, monkeypatch)
    assert code == 0 and f"claude mcp add --scope project wazuh -- {EXE} serve --demo" in out
    assert json.loads((project / ".mcp.json").read_text())["mcpServers"]["wazuh"]["args"] == ["serve", "--demo"]
    code, _, _ = run(["connect", "cursor", "--project", str(project)], capsys, monkeypatch)
    assert code == 0 and (project / ".cursor" / "mcp.json").exists()
    assert not (home / ".cursor").exists()


def test_connect_refuses_a_malformed_file_without_a_traceback(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = home / ".cursor" / "mcp.json"
    path.parent.mkdir()
    path.write_text("{ not json")
    code, _, err = run(["connect", "cursor"], capsys, monkeypatch)
    assert code == 1 and f"{path} is not valid JSON" in err and '"mcpServers"' in err
    assert path.read_text() == "{ not json"
    code, _, err = run(["connect", "claude-desktop", "--project", "x"], capsys, monkeypatch)
    assert code == 2 and "no per-project configuration" in err


# --- audit ----------------------------------------------------------------------------------


def test_audit_without_a_terminal_prints_the_last_calls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path)
    for n in range(5):
        sink.write(
            AuditEvent(
                ts=f"2026-01-30T10:00:0{n}.000Z",
                tool="agents.get_agent",
                toolset="agents",
                outcome="error" if n == 4 else "ok",
                error_code="not_found" if n == 4 else None,
                duration_ms=n,
                wazuh_user="wazuh",
            )
        )
    monkeypatch.setenv("WAZUH_MCP_API_USER", "wazuh")  # the profile's service account
    sink.write(
        AuditEvent(
            ts="2026-01-30T10:00:05.000Z",
            tool="alerts.search_alerts",
            toolset="alerts",
            outcome="ok",
            duration_ms=7,
            indexer_user="(anonymous)",
        )
    )
    code, out, _ = run(["audit", "--file", str(path), "--last", "3"], capsys, monkeypatch)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"# wazuh-mcp audit: the last 3 call(s) in {path}, oldest first"
    assert lines[1] == "# time (UTC) | tool | outcome | duration | user | error code"
    assert lines[2:5] == [
        "2026-01-30T10:00:03.000Z agents.get_agent ok 3ms wazuh",
        "2026-01-30T10:00:04.000Z agents.get_agent error 4ms wazuh not_found",
        "2026-01-30T10:00:05.000Z alerts.search_alerts ok 7ms (anonymous)",
    ]
    legend = lines[5:]  # each name that needs it says why, once
    assert legend == [
        "# user (anonymous): the Indexer was reached without a login (it has no authentication, like the "
        "demo's engine)",
        "# user wazuh: the service account this profile logs in with (api.user), shared by every AI client "
        "of it; not a person",
    ]
