"""H1: losing audit records is always visible.

The red team cut the newest records (or deleted ``audit.jsonl``) and deleted ``audit.jsonl.head``: the next
record rebuilt the chain from what was left and ``wazuh-mcp audit --verify`` said OK; deleting every file
gave "no audit records yet", rc 0. Here each deletion is made on a trail written by real writer processes,
and ``audit --verify`` (the CLI's own entry point) runs before and after the next record is written. The
head's copy outside the state directory lives in a keyring file outside it (``tests/canary/file_keyring.py``,
the keyring backend the canary's subprocesses use; ``tests/keyring`` checks the same against a real Secret
Service). The matrix runs the writer and ``verify`` in this process (a fresh sink per step, as a new
process would open it); the state-directory deletion also runs as separate processes end to end.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import keyring
import pytest

from tests.canary.file_keyring import FileKeyring
from tests.conftest import REPO
from wazuh_mcp.cli import main
from wazuh_mcp.runtime import audit_anchor
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink

WRITER = """
import sys
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink
sink = AuditSink(__import__("pathlib").Path(sys.argv[1]))
for n in range(int(sys.argv[2])):
    sink.write(AuditEvent(ts="2026-12-01T10:00:00.000Z", tool="agents.list_agents", toolset="agents",
                          outcome="ok", duration_ms=1, args={"n": n}))
"""


def child_env(home: Path, *, anchor: str = "keyring") -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAZUH_MCP_", "PYTHON_KEYRING"))}
    return env | {
        "PYTHONPATH": str(REPO),
        "WAZUH_MCP_CONFIG": str(home / "config.toml"),
        "WAZUH_MCP_STATE_DIR": str(home / "state"),
        "WAZUH_MCP_AUDIT_ANCHOR": anchor,
        "PYTHON_KEYRING_BACKEND": "tests.canary.file_keyring.FileKeyring",
        "WAZUH_MCP_TEST_KEYRING_FILE": str(home / "keyring.json"),  # outside the state dir
    }


@pytest.fixture(autouse=True)
def keyring_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process's keyring: the same file the child processes use, outside the state dir."""
    monkeypatch.setenv("WAZUH_MCP_TEST_KEYRING_FILE", str(tmp_path / "keyring.json"))
    monkeypatch.setenv("WAZUH_MCP_AUDIT_ANCHOR", "keyring")
    before = keyring.get_keyring()
    keyring.set_keyring(FileKeyring())
    yield
    audit_anchor.flush()
    keyring.set_keyring(before)


def write_here(home: Path, count: int) -> None:
    """What a new writer process does: a fresh sink, its records, the keyring's copy written out."""
    sink = AuditSink(audit(home))
    for n in range(count):
        sink.write(
            AuditEvent(
                ts="2026-12-01T10:00:00.000Z",
                tool="agents.list_agents",
                toolset="agents",
                outcome="ok",
                duration_ms=1,
                args={"n": n},
            )
        )
    for stream in sink._streams.values():  # noqa: SLF001 - a process ending closes its head file
        stream.close()
    assert audit_anchor.flush(10)


def verify_here(home: Path) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["audit", "--verify", "--file", str(audit(home))])
    return code, out.getvalue()


def write_records(home: Path, count: int, **env: str) -> None:
    path = home / "state" / "audit.jsonl"
    done = subprocess.run(
        [sys.executable, "-c", WRITER, str(path), str(count)],
        env=child_env(home, **env),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def verify(home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    path = home / "state" / "audit.jsonl"
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", "audit", "--verify", "--file", str(path)],
        env=child_env(home, **env),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def audit(home: Path) -> Path:
    return home / "state" / "audit.jsonl"


def cut_last(count: int) -> Callable[[Path], None]:
    def cut(home: Path) -> None:
        lines = audit(home).read_bytes().splitlines(keepends=True)
        audit(home).write_bytes(b"".join(lines[:-count]))

    return cut


def delete(*names: str) -> Callable[[Path], None]:
    def remove(home: Path) -> None:
        for name in names:
            (home / "state" / name).unlink()

    return remove


def both(*steps: Callable[[Path], None]) -> Callable[[Path], None]:
    def run(home: Path) -> None:
        for step in steps:
            step(home)

    return run


def delete_state_dir(home: Path) -> None:
    shutil.rmtree(home / "state")


DELETIONS = {
    "truncated tail": (cut_last(2), "the newest 2 record(s) are gone"),
    "truncated tail and head": (both(cut_last(2), delete("audit.jsonl.head")), "the newest 2 record(s) are gone"),
    "current file": (delete("audit.jsonl"), "the head says 5 record(s) were written; none is left"),
    "current file and head": (
        delete("audit.jsonl", "audit.jsonl.head"),
        "the head kept in the OS keyring says 5 record(s) were written to this stream; none is left",
    ),
    "head": (delete("audit.jsonl.head"), "audit.jsonl.head: missing"),
    "every file": (
        delete("audit.jsonl", "audit.jsonl.head", "audit-changes.jsonl.head"),
        "the head kept in the OS keyring says 5 record(s)",
    ),
    "state directory": (delete_state_dir, "the head kept in the OS keyring says 5 record(s)"),
}


@pytest.mark.parametrize("deletion", list(DELETIONS))
def test_h1_each_deletion_is_a_failed_verify_before_and_after_the_next_record(tmp_path: Path, deletion: str) -> None:
    damage, before = DELETIONS[deletion]
    write_here(tmp_path, 5)
    assert verify_here(tmp_path)[0] == 0
    (tmp_path / "state" / "audit-changes.jsonl.head").touch()  # so "every file" has it to delete
    damage(tmp_path)

    code, report = verify_here(tmp_path)
    assert code == 1, report
    assert report.startswith("FAILED"), report
    assert before in report
    assert "no audit records yet" not in report.split("\n")[0]

    # The next record must not rebuild the chain quietly: the break is sealed into it.
    write_here(tmp_path, 1)
    code, report = verify_here(tmp_path)
    assert code == 1, report
    assert "break:" in report, report
    # and it stays failed: more records do not heal it
    write_here(tmp_path, 3)
    assert verify_here(tmp_path)[0] == 1


def test_h1_the_state_directory_deleted_between_real_processes(tmp_path: Path) -> None:
    write_records(tmp_path, 5)
    delete_state_dir(tmp_path)
    first = verify(tmp_path)
    assert first.returncode == 1 and "the head kept in the OS keyring says 5 record(s)" in first.stdout, first.stdout
    write_records(tmp_path, 1)
    after = verify(tmp_path)
    assert after.returncode == 1 and "break:" in after.stdout, after.stdout


def test_h1_the_break_record_says_what_was_found(tmp_path: Path) -> None:
    write_here(tmp_path, 4)
    delete_state_dir(tmp_path)
    write_here(tmp_path, 1)
    records = [json.loads(line) for line in audit(tmp_path).read_text().splitlines()]
    assert [r["tool"] for r in records] == ["audit.break", "agents.list_agents"]
    assert records[0]["seq"] == 5  # continues after the newest seq the keyring recorded
    assert "keyring head: seq 4" in records[0]["error"] and "4 record(s) lost" in records[0]["error"]
    assert "the oldest 4 record(s) are gone (seq 1–4)" in verify_here(tmp_path)[1]


def test_h1_without_a_keyring_a_deleted_state_dir_is_not_hidden_behind_silence(tmp_path: Path) -> None:
    """No keyring (here: turned off): nothing outside the state directory, and verify says so in words."""
    os.environ["WAZUH_MCP_AUDIT_ANCHOR"] = "off"  # restored by the fixture's monkeypatch
    write_here(tmp_path, 3)
    delete_state_dir(tmp_path)
    code, report = verify_here(tmp_path)
    assert code == 0
    assert "no audit records yet" in report
    assert "the head is not kept outside the state directory (turned off (WAZUH_MCP_AUDIT_ANCHOR=off))" in report
    # The partial deletions need no keyring: a deleted head with records left is still a break.
    write_here(tmp_path, 3)
    cut_last(1)(tmp_path)
    delete("audit.jsonl.head")(tmp_path)
    write_here(tmp_path, 1)
    assert "break:" in verify_here(tmp_path)[1]


def test_h1_no_keyring_backend_is_named(tmp_path: Path) -> None:
    env = child_env(tmp_path) | {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    done = subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", "audit", "--verify", "--file", str(audit(tmp_path))],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert "(no OS keyring is available)" in done.stdout, done.stdout


async def test_h1_the_server_reports_a_loss_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The server's start check: a truncated tail is logged and written down as audit.verify."""
    import anyio
    from mcp.client.client import Client

    from wazuh_mcp.config.settings import Settings
    from wazuh_mcp.runtime.audit import iter_events
    from wazuh_mcp.server.build import build_server

    write_here(tmp_path, 5)
    cut_last(3)(tmp_path)
    async with Client(build_server(Settings.load(audit_log=audit(tmp_path)))) as client:
        await client.list_tools()
        for _ in range(400):  # the check runs in a thread beside the server's start
            if any(e.tool == "audit.verify" for e in iter_events(audit(tmp_path))):
                break
            await anyio.sleep(0.05)
    check = next(e for e in iter_events(audit(tmp_path)) if e.tool == "audit.verify")
    assert "the newest 3 record(s) are gone" in (check.error or "")
    assert any("the newest 3 record(s) are gone" in r.getMessage() and r.levelname == "WARNING" for r in caplog.records)
    assert "break:" in verify_here(tmp_path)[1]  # its writing sealed the break into the chain
