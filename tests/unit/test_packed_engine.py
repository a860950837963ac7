"""The one-file build's packed demo engine (wazuh_mcp/standin/packed_engine.py, used by build.spec): packed at
build time, unpacked once into the state dir, runnable, never a half-written or stale engine. Uses the real
osmem-server binary the wheel ships, and starts the unpacked copy."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zlib
from pathlib import Path

import osmem_server
import pytest

from wazuh_mcp.standin import engine, packed_engine

REAL_ENGINE = Path(osmem_server.resolve_binary())


def test_the_unpacked_engine_is_the_same_binary_and_runs(tmp_path: Path) -> None:
    packed = packed_engine.pack(REAL_ENGINE, tmp_path / "frozen" / "bin")
    assert packed_engine.find_packed(packed.parent) == packed
    assert packed.stat().st_size < REAL_ENGINE.stat().st_size  # compressed: the one-file archive stores it as is
    unpacked = packed_engine.unpack(packed, tmp_path / "state" / "engine")
    assert unpacked.read_bytes() == REAL_ENGINE.read_bytes()
    assert os.access(unpacked, os.X_OK)
    # It starts and says where it listens, as OsmemEngine expects (closing stdin stops it).
    with subprocess.Popen(
        [str(unpacked), "--parent-pid", str(os.getpid()), "--addr", "127.0.0.1:0", "--no-ja"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as started:
        assert started.stdout is not None and started.stdin is not None
        try:
            assert json.loads(started.stdout.readline())["url"].startswith("http://127.0.0.1:")
        finally:
            started.stdin.close()
            started.wait(timeout=30)
    # A second start reuses the file (same inode, nothing rewritten).
    assert packed_engine.unpack(packed, unpacked.parent).stat().st_ino == unpacked.stat().st_ino


def test_a_new_version_replaces_the_old_engine_and_a_truncated_one_is_refused(tmp_path: Path) -> None:
    into = tmp_path / "engine"
    old_binary, new_binary = tmp_path / "v1" / "osmem-server", tmp_path / "v2" / "osmem-server"
    for path, body in ((old_binary, b"old engine"), (new_binary, b"new engine")):
        path.parent.mkdir()
        path.write_bytes(body)
    old = packed_engine.unpack(packed_engine.pack(old_binary, tmp_path / "p1"), into)
    new = packed_engine.unpack(packed_engine.pack(new_binary, tmp_path / "p2"), into)
    assert old.name != new.name and new.read_bytes() == b"new engine"
    assert sorted(p.name for p in into.iterdir()) == [new.name]  # the old one is gone, no scratch left

    truncated = tmp_path / "p3" / packed_engine.packed_name(new_binary, "0" * 64)
    truncated.parent.mkdir()
    whole = zlib.compress(os.urandom(100_000))
    truncated.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(ValueError, match="truncated: rebuild or re-download"):
        packed_engine.unpack(truncated, into)
    assert sorted(p.name for p in into.iterdir()) == [new.name]


def test_windows_names_keep_the_exe_suffix(tmp_path: Path) -> None:
    assert packed_engine.packed_name(Path("osmem-server.exe"), "ab" * 32) == "osmem-server-abababababab.exe.zlib"


def test_osmem_binary_prefers_the_packed_engine_and_unpacks_it_into_the_state_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the frozen one-file build sees: osmem_server/bin holds only the packed file."""
    frozen = tmp_path / "frozen" / "osmem_server"
    packed_engine.pack(REAL_ENGINE, frozen / "bin")
    monkeypatch.setattr(osmem_server, "__file__", str(frozen / "__init__.py"))
    monkeypatch.delenv("OSMEM_SERVER_BIN", raising=False)
    monkeypatch.setenv("WAZUH_MCP_STATE_DIR", str(tmp_path / "state"))
    found = Path(engine.osmem_binary())
    assert found.parent == tmp_path / "state" / "engine" and found.read_bytes() == REAL_ENGINE.read_bytes()
    monkeypatch.setenv("OSMEM_SERVER_BIN", sys.executable)  # an explicit engine still wins
    assert engine.osmem_binary() == sys.executable
