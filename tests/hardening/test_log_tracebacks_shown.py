"""The serving process logs a crashed tool with its traceback (``tool %s crashed``), and the exception's message can
quote what an answer held (a host's value, a manager's words). ``cli.ShownFormatter`` showed the log message
through ``untrusted.shown`` but appended the traceback raw, and neither was bounded: ESC sequences and bidi
overrides reached the terminal of whoever follows stderr or server.log, and a 100k-character value was logged
whole. The traceback now goes through ``shown`` too (its own lines kept), and both are cut."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.hardening.hostile_text import IN_ARGV, assert_shown

LONG = "A" * 100_000
LONGEST_RECORD = 40_000


def test_a_logged_tracebacks_exception_text_is_shown_and_bounded(isolated_env: Path) -> None:
    script = (
        "import logging, sys; from wazuh_mcp.cli import configure_logging; configure_logging(to_file=True)\n"
        "try:\n    raise ValueError(sys.argv[1])\n"
        "except ValueError:\n    logging.getLogger('wazuh_mcp.server.build').exception('tool %s crashed', sys.argv[2])"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, f"answer held {IN_ARGV}{LONG}", f"x{IN_ARGV}{LONG}"],
        capture_output=True, text=True, timeout=60, check=False, env=os.environ,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[:2000]
    assert "Traceback" in done.stderr and "ValueError: answer held" in done.stderr
    assert_shown(done.stderr, "stderr log", multiline=True, visible=["\\x1b[2K\\x1b[1A", "<U+202E>"])
    assert len(done.stderr) < LONGEST_RECORD, len(done.stderr)
    server_log = (isolated_env / "state" / "server.log").read_text(encoding="utf-8")
    assert_shown(server_log, "server.log", multiline=True, visible=["\\x1b[2K\\x1b[1A", "<U+202E>"])
    assert len(server_log) < LONGEST_RECORD, len(server_log)
