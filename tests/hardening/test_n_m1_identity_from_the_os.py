"""N-M1: the CLI's "OS user" was an environment variable. ``getpass.getuser()`` returns ``LOGNAME``, ``USER``,
``LNAME`` or ``USERNAME`` first, so ``LOGNAME=bob wazuh-mcp approve ID --yes`` approved your own change (the
audit said ``decided_by: bob``) and ``LOGNAME=leadb wazuh-mcp undo`` credited the undo to leadb.

The person at a terminal is now the account of the process's real uid (``pwd.getpwuid(os.getuid())``), and
the CLI's records carry that uid (``os_uid``). Every case runs the real ``wazuh-mcp`` in a child process with
all four variables naming someone else; what the test expects comes from the OS's user database, not from
the code under test. (Windows reads the token's account with ``GetUserNameW``; not run here.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from standin.server import StandinServer
from tests.hardening.approvals_bed import approve_over_http, ask_isolation, team_on, token
from tests.hardening.local_idp import LocalIdp
from tests.team.conftest import TeamServer
from wazuh_mcp.config.settings import Settings

pwd = pytest.importorskip("pwd", reason="POSIX accounts; Windows reads the token's account (untested here)")

IMPOSTOR = {"LOGNAME": "bob", "USER": "bob", "LNAME": "bob", "USERNAME": "bob"}


def os_login() -> str:
    return pwd.getpwuid(os.getuid()).pw_name


@pytest.fixture(scope="module")
def team(idp: LocalIdp, standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    with team_on(tmp_path_factory.mktemp("n-m1"), idp, standin) as running:
        yield running


def wazuh_mcp(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def records(change_id: str, tool: str) -> list[dict[str, object]]:
    path = Settings.load().audit_path
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in lines if r.get("change_id") == change_id and r.get("tool") == tool]


def change_record(change_id: str) -> dict[str, object]:
    """The change as its file holds it (the state dir the CLI and the team server share)."""
    path = Path(os.environ["WAZUH_MCP_STATE_DIR"]) / "pending" / f"{change_id}.json"
    return dict(json.loads(path.read_text(encoding="utf-8"))["change"])  # inside its sealed envelope


async def test_n_m1_logname_bob_cannot_approve_your_own_change(
    idp: LocalIdp, team: TeamServer, server_host: Path
) -> None:
    """A team change asked for under this OS account's name: ``LOGNAME=bob approve --yes`` is self-approval."""
    me = os_login()
    mine = await ask_isolation(team, token(idp, f"sub-{me}", "soc-leads", preferred_username=me))
    for variable in IMPOSTOR:  # each variable on its own, then all four
        refused = wazuh_mcp("approve", mine, "--yes", **{variable: "bob"})
        assert refused.returncode != 0 and "four eyes" in refused.stderr, (variable, refused.stderr)
    refused = wazuh_mcp("approve", mine, "--yes", **IMPOSTOR)
    assert refused.returncode != 0 and "four eyes" in refused.stderr, refused.stderr
    assert change_record(mine)["state"] == "pending"
    attempts = records(mine, "approval.approve")
    assert attempts and all(r["error_code"] == "forbidden" for r in attempts)
    assert all(r.get("os_uid") == os.getuid() for r in attempts), attempts
    assert not any(r.get("decided_by") == "bob" for r in attempts)


async def test_n_m1_logname_leadb_undo_is_credited_to_the_real_account(
    idp: LocalIdp, team: TeamServer, server_host: Path
) -> None:
    me = os_login()
    alice = token(idp, "sub-alice", "soc-leads", preferred_username="alice")
    isolated = await ask_isolation(team, alice)
    applied = approve_over_http(team, token(idp, "sub-carol", "soc-leads", preferred_username="carol"), isolated)
    assert applied.json()["state"] == "applied", applied.text

    undone = wazuh_mcp("undo", isolated, LOGNAME="leadb", USER="leadb", LNAME="leadb", USERNAME="leadb")
    assert undone.returncode == 0, undone.stderr
    undo_id = next(line.split()[1] for line in undone.stdout.splitlines() if line.startswith("Proposed "))
    (proposed,) = records(undo_id, "approval.request")  # the undo is a new change, asked for by this account
    assert proposed["outcome"] == "ok" and proposed["os_uid"] == os.getuid(), proposed
    asked = change_record(undo_id)["requested_by"]
    assert isinstance(asked, dict)
    assert (asked["analyst"], asked["subject"]) == (me, f"local:{me}")
    assert "leadb" not in json.dumps(asked)
    # and leadb, who never asked, is not who the record says asked: the real account may not approve it alone
    refused = wazuh_mcp("approve", undo_id, "--yes", LOGNAME="leadb", USER="leadb")
    assert refused.returncode != 0 and "four eyes" in refused.stderr, refused.stderr


async def test_n_m1_a_decision_names_the_uids_account_whatever_the_environment_says(
    idp: LocalIdp, team: TeamServer, server_host: Path
) -> None:
    """Someone else's team change, rejected with every variable naming bob: the record names this account."""
    me = os_login()
    theirs = await ask_isolation(team, token(idp, "sub-dave", "soc-leads", preferred_username="dave"))
    rejected = wazuh_mcp("reject", theirs, "--reason", "not now", **IMPOSTOR)
    assert rejected.returncode == 0, rejected.stderr
    assert change_record(theirs)["decided_by"] == me
    (decision,) = [r for r in records(theirs, "approval.reject") if r["outcome"] == "ok"]
    assert decision["decided_by"] == me and decision["os_uid"] == os.getuid()


def test_n_m1_no_module_reads_a_login_name_from_the_environment() -> None:
    """The code: no ``getpass.getuser`` and no login variable read anywhere in the product."""
    root = Path(__file__).resolve().parents[2]
    offenders = []
    for folder in ("wazuh_mcp", "tui"):
        for source in (root / folder).rglob("*.py"):
            text = source.read_text(encoding="utf-8")
            for needle in ("getuser(", "getlogin(", '"LOGNAME"', '"USERNAME"', '"LNAME"', 'environ["USER"]', '"USER")'):
                if needle in text:
                    offenders.append(f"{source.relative_to(root)}: {needle}")
    assert not offenders, offenders
