"""Our own adversarial round on the keyed integrity scheme (issue 24, item 9), each finding a test:

- **A1 — replay after cutting the changes trail.** The replay check compares the store's revision with the
  newest the audit trail records; an attacker who first cuts ``audit-changes.jsonl`` back to before the
  approval (and gives it a head that agrees, or a genuine one saved earlier) removed that evidence, and the
  first approval after the cut went through before the writer noticed the cut. Now a decision first checks
  the changes trail's tail (its head's MAC, the keyring's head) and refuses any change asked for before an
  ``audit.break``: the retry after the refusal (whose own record sealed the break) is refused too.
- **A2 — the demo's key is in the state directory.** Anyone who can write the state directory can read it
  and seal a record that claims to be a demo change; it must never reach a real Wazuh (``--profile``).
- **A3 — a genuine record copied under another change id** verifies under the key; the MAC covers the id.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import keyring
import pytest

from standin.server import StandinServer
from tests.canary.file_keyring import FileKeyring
from tests.conftest import REPO
from tests.write.test_approvals import api_for
from wazuh_mcp.config import integrity
from wazuh_mcp.errors import Tampered
from wazuh_mcp.models.write import Requester
from wazuh_mcp.runtime import audit_anchor
from wazuh_mcp.writes.approvals import default_store, pending_dir
from wazuh_mcp.writes.change_records import canonical


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", *args],
        env=dict(os.environ) | {"PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
        stdin=subprocess.DEVNULL,
    )


def ask_restart(standin: StandinServer, *, demo: bool = False) -> str:
    requester = Requester(session="s1", role="admin", api_url=standin.url, channel="stdio", demo=demo)
    return (
        default_store()
        .prepare(
            tool="write.restart_manager",
            kind="restart_manager",
            tier="confirmation_required",
            requester=requester,
            target="manager",
            payload="manager",
            summary="Restart the Wazuh manager",
            scope="manager",
        )
        .id
    )


@pytest.mark.parametrize("head", ["rewritten from what is left", "a genuine one saved earlier"])
async def test_a1_replay_after_cutting_the_changes_trail_is_refused(
    server_host: Path, standin: StandinServer, head: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the head kept in the keyring (outside the state directory): a genuine head put back is caught
    only there (docs/security.md: without any anchor, that variant is out of reach)."""
    monkeypatch.setenv("WAZUH_MCP_ROLE", "admin")  # this host's person may approve restarts
    monkeypatch.setenv("WAZUH_MCP_AUDIT_ANCHOR", "keyring")
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "tests.canary.file_keyring.FileKeyring")
    monkeypatch.setenv("WAZUH_MCP_TEST_KEYRING_FILE", str(server_host / "keyring.json"))
    before = keyring.get_keyring()
    keyring.set_keyring(FileKeyring())
    try:
        await _replay_after_cut(server_host, standin, head)
    finally:
        audit_anchor.flush()
        keyring.set_keyring(before)


async def _replay_after_cut(server_host: Path, standin: StandinServer, head: str) -> None:
    state = server_host / "state"
    trail, trail_head = state / "audit-changes.jsonl", state / "audit-changes.jsonl.head"
    restarts = standin.state.snapshot()["restarts"]["manager"]
    change_id = ask_restart(standin)
    saved_record = (pending_dir() / f"{change_id}.json").read_bytes()
    saved_size, saved_head = trail.stat().st_size, trail_head.read_bytes()
    api = api_for(standin)
    try:
        applied = await default_store().approve(change_id, api, api_url=standin.url)
    finally:
        await api.aclose()
    assert applied.state == "applied" and standin.state.snapshot()["restarts"]["manager"] == restarts + 1
    assert audit_anchor.flush(10)

    with trail.open("r+b") as fh:  # cut the decision's records, then put the pending revision back
        fh.truncate(saved_size)
    if head == "a genuine one saved earlier":
        trail_head.write_bytes(saved_head)
    else:
        last = json.loads(trail.read_bytes().splitlines()[-1])
        trail_head.write_text(f"{last['seq']} {last['hash']} 0 {saved_size}\n")
    (pending_dir() / f"{change_id}.json").write_bytes(saved_record)

    for attempt in ("first", "after the refusal sealed the break"):
        done = cli("approve", change_id, "--yes")
        assert done.returncode == 1, (attempt, done.stdout, done.stderr)
        assert "is not decided" in done.stderr or "older revision" in done.stderr, (attempt, done.stderr)
    assert standin.state.snapshot()["restarts"]["manager"] == restarts + 1  # never a second restart


async def test_a2_a_record_sealed_with_the_demos_key_never_reaches_a_real_wazuh(
    server_host: Path, standin: StandinServer
) -> None:
    restarts = standin.state.snapshot()["restarts"]["manager"]
    change_id = ask_restart(standin, demo=True)  # the attacker's record, sealed with the readable demo key
    assert (server_host / "state" / integrity.DEMO_KEY_FILE).exists()
    done = cli("approve", change_id, "--yes", "--profile", "team-test")
    assert done.returncode == 1 and "applied only to the demo's own stand-in" in done.stderr, done.stderr
    assert standin.state.snapshot()["restarts"]["manager"] == restarts


def test_a3_a_genuine_record_copied_under_another_id_is_refused(server_host: Path, standin: StandinServer) -> None:
    change_id = ask_restart(standin)
    other = "ch-" + ("1" if change_id[3] != "1" else "2") + change_id[4:]
    (pending_dir() / f"{other}.json").write_bytes((pending_dir() / f"{change_id}.json").read_bytes())
    with pytest.raises(Tampered, match="holds another change"):
        default_store().get(other)
    listed = cli("pending")
    assert other not in listed.stdout and change_id in listed.stdout
    # and rewritten to name the new id, the MAC no longer verifies
    envelope = json.loads((pending_dir() / f"{change_id}.json").read_text())
    envelope["id"] = other
    envelope["change"]["id"] = other
    envelope["mac"] = integrity.Key("0" * 16, b"x" * 32).mac(canonical(envelope))
    (pending_dir() / f"{other}.json").write_text(json.dumps(envelope))
    with pytest.raises(Tampered, match="not what wazuh-mcp wrote"):
        default_store().get(other)
