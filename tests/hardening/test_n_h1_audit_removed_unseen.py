"""N-H1: audit records removed unseen.

The report:

- without a keyring (a headless team server): cut the newest records, rewrite ``audit.jsonl.head`` as
  ``"<seq> <hash> 0 <size>"`` of the last record left (all four values are in the file): ``audit --verify``
  said OK;
- with a keyring, the server's next record stored the new, lower head in the keyring (the writer trusted a
  consistent head file and never read the anchor), and from then on ``--verify`` said OK;
- cut the oldest records (or every rotated backup) and raise the head's floor: OK, "left through rotation";
- team mode: overwrite the Indexer copies of cut records with a document without ``line``: ``audit --verify
  --indexer`` said OK.

Each runs here against real processes: the records are written by separate writer processes (a fresh
``AuditSink`` each, as ``serve`` and ``approve`` open it), ``wazuh-mcp audit --verify`` is the CLI itself,
the keyring is a file outside the state directory (``tests/canary/file_keyring.py``, the backend the canary's
subprocesses use), the key comes from ``WAZUH_MCP_INTEGRITY_KEY`` (headless) or that keyring, and the Indexer
copy lives on osmem-server (and the real OpenSearch node when ``WAZUH_MCP_TEST_OPENSEARCH_URL`` is set).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from opensearchpy import OpenSearch

from tests.conftest import REPO, TEST_INTEGRITY_KEY

WRITER = """
import sys, pathlib
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink
from wazuh_mcp.config.settings import Settings
if len(sys.argv) > 3 and sys.argv[3] == "team":
    sink = AuditSink.from_settings(Settings.load())
else:
    sink = AuditSink(pathlib.Path(sys.argv[1]), max_bytes=int(sys.argv[3]) if len(sys.argv) > 3 else 10485760,
                     backups=2)
for n in range(int(sys.argv[2])):
    sink.write(AuditEvent(ts="2026-12-01T10:00:00.000Z", tool="agents.list_agents", toolset="agents",
                          outcome="ok", duration_ms=1, args={"n": n, "pad": "x" * 200}))
if hasattr(sink, "flush"):
    sink.flush()
from wazuh_mcp.runtime import audit_anchor
audit_anchor.flush(10)
"""


def env_for(home: Path, *, keyring: bool, key: bool = True, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAZUH_MCP_", "PYTHON_KEYRING"))}
    env |= {
        "PYTHONPATH": str(REPO),
        "WAZUH_MCP_CONFIG": str(home / "config.toml"),
        "WAZUH_MCP_STATE_DIR": str(home / "state"),
    }
    if keyring:
        env |= {
            "WAZUH_MCP_AUDIT_ANCHOR": "keyring",
            "PYTHON_KEYRING_BACKEND": "tests.canary.file_keyring.FileKeyring",
            "WAZUH_MCP_TEST_KEYRING_FILE": str(home / "keyring.json"),  # outside the state dir
        }
    else:  # a headless server: no keyring backend at all
        env |= {"WAZUH_MCP_AUDIT_ANCHOR": "keyring", "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    if key and not keyring:
        env["WAZUH_MCP_INTEGRITY_KEY"] = TEST_INTEGRITY_KEY  # the explicitly named variable, headless
    return env | extra


def audit(home: Path) -> Path:
    return home / "state" / "audit.jsonl"


def write(home: Path, count: int, env: dict[str, str], *extra: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", WRITER, str(audit(home)), str(count), *extra],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def verify(home: Path, env: dict[str, str], *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", "audit", "--verify", *extra],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def cut_and_rewrite_head(home: Path, count: int) -> None:
    """The report's attack: cut the newest ``count`` records and write a head that agrees with what is left."""
    path = audit(home)
    lines = path.read_bytes().splitlines(keepends=True)
    kept = b"".join(lines[:-count])
    path.write_bytes(kept)
    last = json.loads(lines[-count - 1])
    (home / "state" / "audit.jsonl.head").write_text(f"{last['seq']} {last['hash']} 0 {len(kept)}\n")


@pytest.mark.parametrize("keyring", [False, True], ids=["headless", "keyring"])
def test_n_h1_cut_newest_and_rewrite_the_head_is_reported_before_and_after_the_next_record(
    tmp_path: Path, keyring: bool
) -> None:
    env = env_for(tmp_path, keyring=keyring)
    write(tmp_path, 6, env)
    assert verify(tmp_path, env).returncode == 0
    cut_and_rewrite_head(tmp_path, 2)

    first = verify(tmp_path, env)
    assert first.returncode == 1 and "head" in first.stdout and "rewritten" in first.stdout, first.stdout
    write(tmp_path, 1, env)  # the server's next record
    after = verify(tmp_path, env)
    assert after.returncode == 1 and "break:" in after.stdout, after.stdout
    write(tmp_path, 3, env)
    assert verify(tmp_path, env).returncode == 1  # it stays failed
    if keyring:
        held = json.loads((tmp_path / "keyring.json").read_text())
        anchor = next(v for k, v in held.items() if "audit-head:" in k and k.endswith("audit.jsonl"))
        assert int(anchor.split()[0]) >= 6 + 1 + 3  # never lowered to the cut trail's head


def test_n_h1_a_saved_genuine_head_put_back_after_the_cut_is_caught_by_the_keyring(tmp_path: Path) -> None:
    """Variant: the head is not forged but an older genuine one (MAC and all); only the anchor outside shows it."""
    env = env_for(tmp_path, keyring=True)
    write(tmp_path, 3, env)
    saved_head = (tmp_path / "state" / "audit.jsonl.head").read_bytes()
    saved_size = audit(tmp_path).stat().st_size
    write(tmp_path, 4, env)
    with audit(tmp_path).open("r+b") as fh:
        fh.truncate(saved_size)
    (tmp_path / "state" / "audit.jsonl.head").write_bytes(saved_head)

    first = verify(tmp_path, env)
    assert first.returncode == 1 and "the newest 4 record(s) are gone" in first.stdout, first.stdout
    write(tmp_path, 1, env)
    after = verify(tmp_path, env)
    assert after.returncode == 1 and "break:" in after.stdout and "OS keyring's head says seq 7" in after.stdout


def test_n_h1_a_writer_that_keeps_running_is_its_own_anchor(tmp_path: Path) -> None:
    """Variant: no keyring at all, the cut made while the writer runs: it never chains on below what it wrote."""
    from wazuh_mcp.runtime.audit import AuditEvent, AuditSink
    from wazuh_mcp.runtime.audit_chain import verify as verify_here

    os.environ["WAZUH_MCP_AUDIT_ANCHOR"] = "off"  # restored by the isolated_env fixture
    sink = AuditSink(audit(tmp_path))

    def record(n: int) -> None:
        sink.write(AuditEvent(ts="2026-12-01T10:00:00.000Z", tool="t.x", toolset="t", outcome="ok", duration_ms=1))

    record(1)
    saved_head = (tmp_path / "state" / "audit.jsonl.head").read_bytes()
    saved_size = audit(tmp_path).stat().st_size
    for n in range(4):
        record(n)
    with audit(tmp_path).open("r+b") as fh:
        fh.truncate(saved_size)
    (tmp_path / "state" / "audit.jsonl.head").write_bytes(saved_head)
    record(9)
    report = verify_here(audit(tmp_path))
    assert any(p.kind == "break" and "this process wrote seq 5" in p.detail for p in report.problems), report.summary()


@pytest.mark.parametrize("how", ["oldest cut", "every backup"])
def test_n_h1_the_floor_raised_without_a_recorded_rotation_is_a_break(tmp_path: Path, how: str) -> None:
    env = env_for(tmp_path, keyring=False)
    write(tmp_path, 40, env, "4096")  # rotates: backups=2
    state = tmp_path / "state"
    assert (state / "audit.jsonl.2").exists() and verify(tmp_path, env).returncode == 0
    head = (state / "audit.jsonl.head").read_text().split()
    if how == "oldest cut":  # drop the oldest file's records and say rotation took them
        oldest = (state / "audit.jsonl.2").read_bytes().splitlines(keepends=True)
        (state / "audit.jsonl.2").write_bytes(b"".join(oldest[3:]))
        floor = json.loads(oldest[2])["seq"]
    else:
        floor = json.loads((state / "audit.jsonl.1").read_bytes().splitlines()[-1])["seq"]
        (state / "audit.jsonl.2").unlink()
        (state / "audit.jsonl.1").unlink()
    (state / "audit.jsonl.head").write_text(f"{head[0]} {head[1]} {floor} {head[3]}\n")  # the floor raised
    report = verify(tmp_path, env)
    assert report.returncode == 1, report.stdout
    assert "rewritten" in report.stdout or "floor" in report.stdout or "backup" in report.stdout, report.stdout
    assert "left through rotation" not in report.stdout


def test_n_h1_without_any_key_verify_says_it_proves_nothing(tmp_path: Path) -> None:
    env = env_for(tmp_path, keyring=False, key=False)
    write(tmp_path, 5, env)
    cut_and_rewrite_head(tmp_path, 2)
    done = verify(tmp_path, env)
    assert done.returncode == 1 and done.stdout.startswith("NOT PROVEN"), done.stdout
    assert "no integrity key" in done.stdout and "recompute" in done.stdout


# --- team mode: the Indexer's copy ---------------------------------------------------------------


def team_env(home: Path, url: str) -> dict[str, str]:
    prefix = f"wazuh-mcp-nh1-{os.getpid()}-{time.time_ns() % 10**9}"
    return env_for(
        home,
        keyring=False,
        WAZUH_MCP_TEAM_STORE="indexer",
        WAZUH_MCP_INDEXER_URL=url,
        WAZUH_MCP_TEAM_AUDIT_PREFIX=prefix,
        WAZUH_MCP_TEAM_CHANGES_INDEX=f"{prefix}-changes",
        WAZUH_MCP_TEAM_REPLICA_ID="r1",
    )


@pytest.mark.parametrize("damage", ["doc without line", "doc deleted", "line edited", "local cut, head rewritten"])
def test_n_h1_team_copies_overwritten_or_missing_are_a_break(tmp_path: Path, indexer_url: str, damage: str) -> None:
    env = team_env(tmp_path, indexer_url)
    write(tmp_path, 6, env, "team")
    assert verify(tmp_path, env, "--indexer").returncode == 0, verify(tmp_path, env, "--indexer").stdout
    client = OpenSearch(hosts=[indexer_url], timeout=30)
    pattern = f"{env['WAZUH_MCP_TEAM_AUDIT_PREFIX']}-*"
    client.indices.refresh(index=pattern)
    hits = client.search(index=pattern, body={"query": {"match_all": {}}, "size": 100})["hits"]["hits"]
    newest = max(hits, key=lambda h: h["_source"]["seq"])
    if damage == "doc without line":  # the right the documented role grants: indices:data/write/index
        source = {k: v for k, v in newest["_source"].items() if k != "line"}
        client.index(index=newest["_index"], id=newest["_id"], body=source, refresh="true")
    elif damage == "doc deleted":
        middle = next(h for h in hits if h["_source"]["seq"] == 3)
        client.delete(index=middle["_index"], id=middle["_id"], refresh="true")
    elif damage == "line edited":
        source = dict(newest["_source"])
        source["line"] = source["line"].replace("2026", "2025", 1)
        client.index(index=newest["_index"], id=newest["_id"], body=source, refresh="true")
    else:
        cut_and_rewrite_head(tmp_path, 2)
    checked = verify(tmp_path, env, "--indexer")
    assert checked.returncode == 1 and "FAILED" in checked.stdout, checked.stdout
    if damage == "local cut, head rewritten":  # plain --verify in team mode compares with the Indexer's copy
        plain = verify(tmp_path, env)
        assert plain.returncode == 1 and "Indexer" in plain.stdout, plain.stdout
    client.indices.delete(index=pattern, params={"ignore_unavailable": "true"})
    client.close()
