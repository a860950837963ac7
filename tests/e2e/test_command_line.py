"""The command line as a new user meets it (issue 26 item 11), through the real ``wazuh-mcp``: bad values
get a clear error and the usage of the subcommand they were given to, never a traceback; every
subcommand's ``--help`` says what it does; the approval verbs say what a change id looks like."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.jsonrpc_probe import initialize_request

WAZUH_MCP = [sys.executable, "-m", "wazuh_mcp"]


def run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*WAZUH_MCP, *args], capture_output=True, text=True, timeout=60, env=env, stdin=subprocess.DEVNULL
    )


@pytest.mark.parametrize("port", ["99999", "-1", "65536", "http"])
def test_serve_http_refuses_a_port_that_is_not_one(serve_env: dict[str, str], port: str) -> None:
    done = run("serve", "--http", "--port", port, env=serve_env)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""  # serve's stdout is JSON-RPC's, even for a usage error
    assert "usage: wazuh-mcp serve" in done.stderr
    assert re.search(r"argument --port: .* give 1-65535", done.stderr), done.stderr


def test_an_unknown_serve_option_shows_serves_usage(serve_env: dict[str, str]) -> None:
    done = run("serve", "--bogus", env=serve_env)
    assert done.returncode == 2
    assert done.stderr.startswith("usage: wazuh-mcp serve "), done.stderr
    assert "unrecognized arguments: --bogus" in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize("last", ["-5", "0", "ten"])
def test_audit_last_takes_a_count(serve_env: dict[str, str], last: str) -> None:
    done = run("audit", "--last", last, env=serve_env)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "argument --last" in done.stderr and "1 or more" in done.stderr
    assert "Traceback" not in done.stderr


def subcommands(env: dict[str, str]) -> list[str]:
    top = run("--help", env=env).stdout
    found = re.search(r"\{([a-z,-]+)\}", top)
    assert found, top
    return found.group(1).split(",")


def description(help_text: str) -> str:
    """The paragraph between the usage and the argument lists: what the subcommand does."""
    paragraphs = re.split(r"\n\s*\n", help_text.strip())
    return " ".join(p for p in paragraphs[1:] if not re.match(r"(options|positional arguments):", p))


def test_every_subcommands_help_says_what_it_does(serve_env: dict[str, str]) -> None:
    names = subcommands(serve_env)
    assert {"serve", "setup", "connect", "audit", "approve", "pending"} <= set(names)
    silent = [name for name in names if len(description(run(name, "--help", env=serve_env).stdout).split()) < 3]
    assert silent == [], f"--help says nothing of what these do: {silent}"


@pytest.mark.parametrize("verb", ["show", "approve", "reject", "undo"])
def test_the_approval_verbs_say_what_an_id_looks_like(serve_env: dict[str, str], verb: str) -> None:
    text = run(verb, "--help", env=serve_env).stdout
    assert re.search(r"ch-[0-9a-f]{8}", text), text
    assert "wazuh-mcp pending" in " ".join(text.split())


def test_top_level_help_says_serve_also_serves_http(serve_env: dict[str, str]) -> None:
    line = next(line for line in run("--help", env=serve_env).stdout.splitlines() if line.strip().startswith("serve "))
    assert "--http" in line and "stdio" in line, line
    serve_help = " ".join(run("serve", "--help", env=serve_env).stdout.split())
    assert "Streamable HTTP" in serve_help and "stdio" in serve_help


def test_the_docs_name_no_doctor_command() -> None:
    """docs/writes.md sent readers to `wazuh-mcp doctor`; tests/unit/test_doc_commands.py parses every
    command the docs name, this keeps that one word out for good."""
    docs = Path(__file__).resolve().parents[2] / "docs"
    assert not [p.name for p in docs.glob("*.md") if re.search(r"wazuh-mcp\s+doctor", p.read_text(encoding="utf-8"))]


def test_serve_names_a_profile_that_does_not_exist(serve_env: dict[str, str]) -> None:
    """issue 26 item 9: `serve --profile prdo` (a typo) started, and every call said only that the Server API
    is not configured. Now stderr says at start that `prdo` does not exist and which profiles do, and so
    does each call's error; stdout stays JSON-RPC."""
    Path(serve_env["WAZUH_MCP_CONFIG"]).write_text(
        '[profiles.prod]\nrole = "analyst"\n[profiles.lab]\nrole = "analyst"\n'
    )
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": initialize_request()["params"]},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "get_agent", "arguments": {"agent_id": "001"}},
        },
    ]
    # As a client does: stdin stays open until the call's answer is in (an EOF ends the session, and with it
    # a call still running).
    with subprocess.Popen(
        [*WAZUH_MCP, "serve", "--profile", "prdo"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=serve_env,
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        proc.stdin.write("".join(json.dumps(r) + "\n" for r in requests))
        proc.stdin.flush()
        lines: list[str] = []
        while not any(json.loads(line).get("id") == 2 for line in lines):
            line = proc.stdout.readline()
            assert line, "serve ended before answering the call"
            lines.append(line)
        proc.stdin.close()
        out, err = proc.stdout.read(), proc.stderr.read()
        assert proc.wait(timeout=60) == 0, err
    said = f"Profile prdo does not exist in {serve_env['WAZUH_MCP_CONFIG']}; the profiles there: lab, prod"
    assert said in err
    answers = {a["id"]: a for a in map(json.loads, [*lines, *out.splitlines()])}  # every stdout line is JSON-RPC
    text = answers[2]["result"]["content"][0]["text"]
    assert answers[2]["result"]["isError"] and text.startswith("configuration_error: " + said), text


def test_the_no_keyring_note_is_said_once_not_on_every_run(serve_env: dict[str, str]) -> None:
    """issue 26 item 12: without a keyring, a first run printed three identical warnings (one per audit stream,
    then the writer's), and every later command printed them again. Now: one line, on the first run only."""
    env = {**serve_env, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    request = json.dumps(initialize_request()) + "\n"

    def serve_once() -> list[str]:
        proc = subprocess.Popen(
            [*WAZUH_MCP, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
        )
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(request.encode())
        proc.stdin.flush()
        proc.stdout.readline()  # answered: the start-up checks run right after the first answer
        time.sleep(2)
        _, err = proc.communicate(timeout=60)
        return [line for line in err.decode().splitlines() if "keyring" in line.lower()]

    first = serve_once()
    assert len(first) == 1, first
    assert "audit.jsonl and audit-changes.jsonl: note: the head is not kept outside the state directory" in first[0]
    assert serve_once() == []


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("serve", "--wazuh", "5"), "--wazuh picks the demo's Wazuh generation and needs --demo"),
        (("serve", "--demo", "--wazuh", "6"), "argument --wazuh: invalid choice: 6 (choose from 4, 5)"),
    ],
)
def test_serve_demo_wazuh_refuses_in_words(
    serve_env: dict[str, str], tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    """--wazuh is the demo's; 4 and 5 are the generations (the 5.x demo without Wazuh's 5.x files runs on its
    built-in data: ``tests/e2e/test_demo_v5_builtin.py``)."""
    done = run(*args, env={**serve_env, "WAZUH_MCP_SHARED": str(tmp_path / "no-shared-here")})
    assert done.returncode in (1, 2), done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert said in done.stderr, done.stderr
