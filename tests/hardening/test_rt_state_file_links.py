"""Own round (issue 24 item 9): the private files of the state dir (``server.log``, ``demo.json``) as a way to
write, truncate or chmod another file.

rt_state_file_symlink: ``open_private`` followed a symbolic link. A link planted as ``server.log`` (every
``wazuh-mcp serve`` opens it at start) had its target made 0600 and appended to; one planted as
``demo.json`` (``serve --demo`` writes it) had its target truncated and overwritten. As root a link to
``/dev/null`` made the machine's ``/dev/null`` 0600, like issue 24's ``/dev/null`` write. A FIFO there made
``serve`` hang before its first answer. Now the link and the FIFO are refused and left as they are; ``serve``
goes on with its logs on stderr.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from wazuh_mcp.private_files import open_private

VICTIM_TEXT = "a file of someone else's\n"


def _victim(tmp_path: Path) -> Path:
    victim = tmp_path / "victim.conf"
    victim.write_text(VICTIM_TEXT, encoding="utf-8")
    victim.chmod(0o644)
    return victim


def _serve(home: Path) -> subprocess.CompletedProcess[str]:
    """The real ``wazuh-mcp serve`` (stdio), its input closed at once: it opens its log file and ends."""
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", "serve"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "WAZUH_MCP_STATE_DIR": str(home / "state"), "WAZUH_MCP_CONFIG": str(home / "c.toml")},
    )


@pytest.mark.skipif(os.name != "posix", reason="symbolic links and FIFOs as POSIX has them")
def test_rt_state_file_symlink_server_log_is_not_followed(isolated_env: Path, tmp_path: Path) -> None:
    state = isolated_env / "state"
    state.mkdir(mode=0o700, exist_ok=True)
    victim = _victim(tmp_path)
    (state / "server.log").symlink_to(victim)
    _serve(isolated_env)
    assert victim.read_text(encoding="utf-8") == VICTIM_TEXT, "serve wrote its log into the link's target"
    assert stat.S_IMODE(victim.stat().st_mode) == 0o644, "serve chmod-ed the link's target"
    assert (state / "server.log").is_symlink(), "the link was replaced (it is left as it is)"


@pytest.mark.skipif(os.name != "posix", reason="symbolic links and FIFOs as POSIX has them")
def test_rt_state_file_fifo_server_log_does_not_hang_serve(isolated_env: Path) -> None:
    state = isolated_env / "state"
    state.mkdir(mode=0o700, exist_ok=True)
    os.mkfifo(state / "server.log", 0o644)
    try:
        done = _serve(isolated_env)  # before the fix: blocked in open() until the 60 s timeout
    except subprocess.TimeoutExpired:
        pytest.fail("serve hung opening a FIFO planted as server.log")
    assert "Traceback" not in done.stderr
    assert stat.S_IMODE((state / "server.log").stat().st_mode) == 0o644


@pytest.mark.skipif(os.name != "posix", reason="symbolic links as POSIX has them")
@pytest.mark.parametrize("mode", ["w", "a"])
def test_rt_state_file_symlink_demo_json_is_refused(isolated_env: Path, tmp_path: Path, mode: str) -> None:
    """``demo.json`` is written with mode "w" (truncating), the logs with "a": neither goes through a link, and
    a link to a character device (``/dev/null``'s kind) is refused before any chmod."""
    victim = _victim(tmp_path)
    link = tmp_path / "demo.json"
    link.symlink_to(victim)
    with pytest.raises(OSError, match="symbolic link"):
        open_private(link, mode)
    assert victim.read_text(encoding="utf-8") == VICTIM_TEXT
    assert stat.S_IMODE(victim.stat().st_mode) == 0o644
    if os.geteuid() == 0:  # a /dev/null of the test's own (same device numbers), never the machine's
        null = tmp_path / "null"
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        (tmp_path / "null-link").symlink_to(null)
        made = null.stat().st_mode
        for target, words in ((tmp_path / "null-link", "symbolic link"), (null, "not a regular file")):
            with pytest.raises(OSError, match=words):
                open_private(target, mode)
            assert stat.S_ISCHR(null.stat().st_mode) and null.stat().st_mode == made
    # the control: a regular file of this user is written and made 0600
    plain = tmp_path / "plain.json"
    plain.write_text("old", encoding="utf-8")
    plain.chmod(0o644)
    with open_private(plain, mode) as fh:
        fh.write("new")
    assert plain.read_text(encoding="utf-8") == ("new" if mode == "w" else "oldnew")
    assert stat.S_IMODE(plain.stat().st_mode) == 0o600
