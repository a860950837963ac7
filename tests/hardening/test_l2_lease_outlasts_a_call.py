"""L-2 (round 4): ``team.lease_s`` could be 1; nothing required it to exceed the tool and Server API
timeouts, so a replica's lease ran out while it still waited for Wazuh and another replica could take the
change over and send it again. Now a lease no longer than ``tool_timeout_s`` + ``api.timeout_s`` is refused
in words, by ``serve --http`` and every command that loads the settings (real processes here), from the
environment and from the settings file alike."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO


def run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", *args],
        env=dict(os.environ) | {"PYTHONPATH": str(REPO)} | env,
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    "lease, timeouts, needed",
    [
        ("1", {}, "75"),  # the report's value
        ("75", {}, "75"),  # exactly a call's length is not longer than it
        ("30", {"WAZUH_MCP_TOOL_TIMEOUT_S": "40"}, "55"),
        ("100", {"WAZUH_MCP_API_TIMEOUT_S": "60"}, "120"),
    ],
)
@pytest.mark.parametrize("command", [["serve", "--http", "--port", "0"], ["pending"]])
def test_l2_a_lease_not_longer_than_a_call_is_refused_in_words(
    command: list[str], lease: str, timeouts: dict[str, str], needed: str
) -> None:
    done = run(command, WAZUH_MCP_TEAM_LEASE_S=lease, **timeouts)
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    words = done.stderr
    assert f"team.lease_s ({lease} s) must be longer than tool_timeout_s" in words, words
    assert f"above {needed}" in words and "apply the change again" in words, words
    assert done.stdout == ""  # serve's stdout stays JSON-RPC only


def test_l2_the_settings_file_is_held_to_the_same_rule(isolated_env: Path) -> None:
    (isolated_env / "config.toml").write_text("[profiles.default.team]\nlease_s = 10\n", encoding="utf-8")
    done = run(["pending"])
    assert done.returncode == 1 and "team.lease_s (10 s)" in done.stderr, done.stderr


def test_l2_a_lease_longer_than_a_call_is_taken(isolated_env: Path) -> None:
    done = run(["pending"], WAZUH_MCP_TEAM_LEASE_S="6", WAZUH_MCP_TOOL_TIMEOUT_S="4", WAZUH_MCP_API_TIMEOUT_S="1.5")
    assert done.returncode == 0, done.stderr
