"""N-H2: the approver's terminal rendered the change's own control characters. A ``create_rule`` whose comment
or ``<description>`` held ``ESC[2K ESC[1A`` (erase line, cursor up), backspaces or U+202E…U+202C was accepted
and recorded, and ``wazuh-mcp show`` and ``approve`` printed it raw after the line "WARNING: this change
silences detections": a rule that silences rule 5716 erased that warning on the approver's screen.

Every text from a request, a monitored host or a store now reaches a person through one function,
``wazuh_mcp.untrusted.shown``, which writes each such character out (``\\x1b``, ``<U+202E>``). Here every class
(tests/hardening/hostile_text.py) goes through every terminal and HTTP surface, run as a person would: the real
``wazuh-mcp`` in a child process (show, approve at a real terminal in tmux, pending, reject, undo, audit, error
messages, log lines) and the team server's approval endpoint over HTTP. The launcher's screens are in
test_n_h2_launcher_screens.py.
"""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from standin.server import DEMO_USERS, StandinServer
from tests.hardening.approvals_bed import team_on, token
from tests.hardening.hostile_text import EVERY_CLASS, HOSTILE, IN_ARGV, IN_XML, assert_shown, raw_in
from tests.hardening.local_idp import LocalIdp
from tests.team.conftest import TeamServer
from tests.write.conftest import connect, ok, settings
from wazuh_mcp.models.write import PendingChange
from wazuh_mcp.writes.approvals import default_store, pending_dir

REPO = Path(__file__).resolve().parents[2]
WARNING = "WARNING: this change silences detections"
CONFIG = """
[profiles.default]
role = "admin"

[profiles.default.responses]
isolation_command = "wazuh-mcp-isolate"
release_command = "wazuh-mcp-release"
"""


def silencer(hostile: str, rule_id: int = 100210) -> str:
    """The report's rule: level 0 under sshd's 5716, the hostile text in a comment and in the description."""
    return (
        f'<group name="local,sshd,"><!-- {hostile} --><rule id="{rule_id}" level="0"><if_sid>5716</if_sid>'
        f"<description>Ignore {hostile} failed logins.</description></rule></group>"
    )


@pytest.fixture
def host(standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The analyst's workstation: settings for the stand-in; the environment the CLI children get."""
    (isolated_env / "config.toml").write_text(CONFIG, encoding="utf-8")
    values = {
        "WAZUH_MCP_API_URL": standin.url,
        "WAZUH_MCP_API_USER": "wazuh",
        "WAZUH_MCP_API_PASSWORD": DEMO_USERS["wazuh"].password,
        "WAZUH_MCP_API_CA_BUNDLE": str(standin.ca_path),
        "WAZUH_MCP_ROLE": "admin",
    }
    for key, value in values.items():
        monkeypatch.setenv(key, value)
    return {**os.environ, **values}


def wazuh_mcp(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", *args],
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="surrogateescape",
        timeout=120,
        stdin=subprocess.DEVNULL,
        check=False,
    )


async def ask(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    async with connect(settings()) as client:
        return ok(await client.call_tool(tool, arguments))


async def hostile_rule(hostile: str = IN_XML, rule_id: int = 100210) -> str:
    asked = await ask("create_rule", {"rule_xml": silencer(hostile, rule_id)})
    assert asked["silences"], "the rule must silence detections, as in the report"
    return str(asked["change_id"])


# --- show and approve ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(HOSTILE))
async def test_n_h2_show_prints_each_class_visibly_after_the_warning(host: dict[str, str], name: str) -> None:
    hostile = HOSTILE[name].replace("\x00", "")
    change_id = await hostile_rule(hostile)
    shown = wazuh_mcp(host, "show", change_id)
    assert shown.returncode == 0, shown.stderr
    assert WARNING in shown.stdout
    assert_shown(shown.stdout, f"show ({name})", multiline=True, visible=[])
    assert "Ignore " in shown.stdout.split(WARNING, 1)[1]  # the description is there, after the warning


async def test_n_h2_show_and_approve_without_a_terminal_print_every_class_visibly(host: dict[str, str]) -> None:
    change_id = await hostile_rule()
    shown = wazuh_mcp(host, "show", change_id)
    assert shown.returncode == 0 and WARNING in shown.stdout
    assert_shown(shown.stdout, "show", multiline=True)
    refused = wazuh_mcp(host, "approve", change_id)  # prints the change, then refuses: no terminal
    assert refused.returncode != 0 and WARNING in refused.stdout
    assert_shown(refused.stdout, "approve (stdout)", multiline=True)
    assert_shown(refused.stderr, "approve (stderr)", multiline=True, visible=[])
    # with --yes: the change printed, then applied or refused by the manager's loader (the stand-in's, like
    # Wazuh's, refuses control characters in a rule file): either way, nothing raw
    decided = wazuh_mcp(host, "approve", change_id, "--yes")
    assert_shown(decided.stdout, "approve --yes", multiline=True)
    assert_shown(decided.stderr, "approve --yes (stderr)", multiline=True, visible=[])


def approve_in_tmux(env: dict[str, str], change_id: str, size: tuple[int, int] = (200, 60)) -> str:
    """``wazuh-mcp approve ID`` in a real terminal (its own tmux server, 200x60 unless ``size``): the screen when it
    asks for "yes", then the answer "no"."""
    socket = f"wazuh-mcp-n-h2-{os.getpid()}"
    command = shlex.join([sys.executable, "-m", "wazuh_mcp", "approve", change_id])
    tmux = ["tmux", "-L", socket]
    passed = {key: value for key, value in env.items() if key.startswith(("WAZUH_MCP_", "PYTHON"))}
    passed |= {"PYTHONPATH": str(REPO), "LANG": "C.UTF-8"}
    env_args = [arg for key, value in passed.items() for arg in ("-e", f"{key}={value}")]
    subprocess.run(
        [*tmux, "-f", "/dev/null", "new-session", "-d", "-s", "approve", "-x", str(size[0]), "-y", str(size[1]), "-c", str(REPO),
         *env_args, command],
        check=True, timeout=30,
    )  # fmt: skip
    try:
        subprocess.run([*tmux, "set-option", "-t", "approve", "remain-on-exit", "on"], check=True, timeout=30)
        deadline, screen = time.monotonic() + 60, ""
        while "Type yes to apply" not in screen:
            assert time.monotonic() < deadline, f"approve never asked:\n{screen}"
            time.sleep(0.2)
            screen = subprocess.run(
                [*tmux, "capture-pane", "-p", "-t", "approve", "-S", "-200"], capture_output=True, text=True, check=True
            ).stdout
        subprocess.run([*tmux, "send-keys", "-t", "approve", "no", "Enter"], check=True, timeout=30)
        time.sleep(1)
        return screen
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True, timeout=30, check=False)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux (apt-get install tmux)")
async def test_n_h2_the_warning_is_still_on_the_approvers_screen_when_approve_asks(host: dict[str, str]) -> None:
    """``wazuh-mcp approve`` at a real terminal: when it asks for "yes", the warning is on the screen and the
    rule's text reads as escapes; the answer "no" leaves the change pending."""
    change_id = await hostile_rule()
    screen = await asyncio.to_thread(approve_in_tmux, host, change_id)
    assert WARNING in screen, f"the warning is not on the approver's screen:\n{screen}"
    assert "<U+202E>evil<U+202C>" in screen and "\\x1b[2K\\x1b[1A" in screen, screen
    assert default_store().get(change_id).state == "pending"


# --- pending, reject, undo -------------------------------------------------------------------------


def forged(change_id: str, **fields: Any) -> None:
    """A writer of the store (the pending directory) puts text in a record's fields."""
    path = pending_dir() / f"{change_id}.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    record.update(fields)
    path.write_text(json.dumps(record), encoding="utf-8")


async def test_n_h2_pending_and_reject_show_a_stores_text_visibly(host: dict[str, str]) -> None:
    change_id = await hostile_rule(rule_id=100211)
    forged(change_id, summary=f"Create a harmless file {EVERY_CLASS}", target=f"etc/rules/x{EVERY_CLASS}.xml")
    for args in (["pending"], ["pending", "--all"]):
        listed = wazuh_mcp(host, *args)
        assert not raw_in(listed.stdout, multiline=True) and not raw_in(listed.stderr, multiline=True), listed
        # the record is listed with its text written out, or refused as not what wazuh-mcp wrote (its seal),
        # never shown raw
        refused = "not what wazuh-mcp wrote" in listed.stdout + listed.stderr
        assert "<U+202E>evil<U+202C>" in listed.stdout or refused, listed
    rejected = wazuh_mcp(host, "reject", change_id, "--reason", f"no {IN_ARGV}")
    assert not raw_in(rejected.stdout, multiline=True) and not raw_in(rejected.stderr, multiline=True), rejected


async def test_n_h2_undo_shows_host_text_and_its_refusals_visibly(host: dict[str, str], standin: StandinServer) -> None:
    agent = standin.state.fleet.agent("005") or {}
    agent["name"] = f"k8s{EVERY_CLASS}"  # an enrolling host picks its own name
    isolated = str((await ask("isolate_agent", {"agent_id": "005"}))["change_id"])
    assert wazuh_mcp(host, "approve", isolated, "--yes").returncode == 0
    undone = wazuh_mcp(host, "undo", isolated)
    assert undone.returncode == 0, undone.stderr
    assert_shown(undone.stdout, "undo", multiline=True, visible=[])
    for hostile_id in (f"ch-{IN_ARGV}", "ch-\x1b[2K\x1b[1A\u202e"):
        refused = wazuh_mcp(host, "undo", hostile_id)
        assert refused.returncode != 0
        assert_shown(refused.stderr.rstrip("\n"), "undo's refusal", visible=["\\x1b[2K\\x1b[1A", "<U+202E>"])


# --- audit, errors, logs ------------------------------------------------------------------------------


async def test_n_h2_audit_prints_recorded_text_visibly(host: dict[str, str]) -> None:
    async with connect(settings()) as client:  # a caller's tool name and arguments land in the trail
        await client.call_tool(f"approval.approve{EVERY_CLASS}", {})
        await client.call_tool("get_agent", {"agent_id": f"001{EVERY_CLASS}"})
    change_id = await hostile_rule(rule_id=100212)
    assert wazuh_mcp(host, "reject", change_id, "--reason", f"because {IN_ARGV}").returncode == 0
    listed = wazuh_mcp(host, "audit", "--last", "50")
    assert listed.returncode == 0, listed.stderr
    assert_shown(listed.stdout, "audit", multiline=True, visible=["\\x1b[2K\\x1b[1A"])
    assert_shown(listed.stderr, "audit (stderr)", multiline=True, visible=[])


async def test_n_h2_error_messages_show_the_callers_text_visibly(host: dict[str, str]) -> None:
    for command in ("show", "approve", "reject"):
        refused = wazuh_mcp(host, command, f"ch-{IN_ARGV}")
        assert refused.returncode != 0
        assert_shown(refused.stderr.rstrip("\n"), f"{command}'s error", visible=["\\x1b[2K\\x1b[1A", "<U+202E>"])
        assert_shown(refused.stdout, f"{command}'s output", visible=[])


def test_n_h2_log_lines_show_logged_text_visibly(isolated_env: Path) -> None:
    """The serving process's log (stderr and server.log): a logged value cannot forge a line or drive a terminal."""
    script = (
        "import logging, sys; from wazuh_mcp.cli import configure_logging; configure_logging(to_file=True); "
        "logging.getLogger('wazuh_mcp.test').warning('refused %s', sys.argv[1])"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, f"forged\n2026-12-05 WARNING ok {IN_ARGV}"],
        capture_output=True, text=True, timeout=60, check=False, env=os.environ,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert_shown(done.stderr, "stderr log", multiline=True, visible=["\\x0a2026-12-05", "\\x1b[2K\\x1b[1A", "<U+202E>"])
    assert done.stderr.count("\n") == 1  # one record, one line
    server_log = (isolated_env / "state" / "server.log").read_text(encoding="utf-8")
    assert_shown(server_log, "server.log", multiline=True, visible=["\\x1b[2K\\x1b[1A", "<U+202E>"])


# --- the team server's approval answers -----------------------------------------------------------------


@pytest.fixture(scope="module")
def team(idp: LocalIdp, standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    with team_on(tmp_path_factory.mktemp("n-h2"), idp, standin) as running:
        yield running


def answered(team: TeamServer, bearer: str, change_id: str) -> httpx.Response:
    url = f"{team.listener.url}/approvals/{quote(change_id, safe='')}/approve"
    return httpx.post(url, headers={"Authorization": f"Bearer {bearer}"}, timeout=30)


def test_n_h2_http_approval_answers_show_the_requests_text_visibly(
    idp: LocalIdp, team: TeamServer, server_host: Path
) -> None:
    lead = token(idp, "sub-lead", "soc-leads", preferred_username="lead")
    for change_id in (f"ch-{IN_ARGV}", "ch-\u202e\x1b[2K\x1b[1A"):
        answer = answered(team, lead, change_id)
        assert answer.status_code == 404, answer.text
        assert not raw_in(answer.text), answer.text  # the body as a person's HTTP client prints it
        body = answer.json()
        assert_shown(body["message"], "HTTP answer", visible=["\\x1b[2K\\x1b[1A", "<U+202E>"])


def test_n_h2_describe_writes_out_every_field_of_a_forged_record() -> None:
    """Whatever a store holds, every field ``show``/``approve`` print goes through the sanitizer."""
    from wazuh_mcp.approval_cli import _line, describe

    hostile = EVERY_CLASS
    record = {
        "id": "ch-00000001", "tool": f"write.create_rule{hostile}", "kind": "create_rule", "state": "applied",
        "tier": "confirmation_required", "created_at": f"2026{hostile}", "expires_at": f"2026{hostile}",
        "requested_by": {"session": f"s{hostile}", "role": f"r{hostile}", "analyst": f"a{hostile}",
                         "subject": f"sub{hostile}", "wazuh_user": f"w{hostile}", "api_url": f"https://x{hostile}"},
        "target": f"t{hostile}", "payload": "p", "diff": f"+{hostile}\n", "change_sha256": f"h{hostile}",
        "summary": f"s{hostile}", "silences": [f"w{hostile}"], "base_sha256": f"b{hostile}", "undo_of": f"u{hostile}",
        "reason": f"r{hostile}", "applied_at": f"2026{hostile}", "result": f"r{hostile}",
    }  # fmt: skip
    change = PendingChange.model_validate(record)
    text = describe(change)
    assert_shown(text, "describe", multiline=True, visible=["\\x1b[2K\\x1b[1A", "<U+202E>"])
    assert_shown(_line(change), "pending's line", visible=["\\x1b[2K\\x1b[1A", "<U+202E>"])
