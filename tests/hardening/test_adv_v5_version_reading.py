"""ADV5-V: the Server API's version (``GET /``'s ``api_version``), read as a generation, attacked.

The rule that tells Wazuh 4.x from 5.x searched the whole answer for the first ``digits.digits``, with
Python's ``\\d`` (any Unicode digit) and ``int()``:

- **A change stuck, unaudited.** A version with more than 4,300 digits made ``int()`` raise ``ValueError``
  when an approved change was applied: ``wazuh-mcp approve`` printed a traceback, the change stayed
  ``applying`` for good (every later approval: "applying it did not finish"), and no ``approval.apply`` record
  said why; nothing had been sent.
- **The event loop held.** A long run of digits with no dot cost time quadratic in its length (30 KB: about
  10 s of one core, asked on every change a tool records), with every session of the process waiting.
- **Read as what it is not.** ``10004.14.7`` was read as 4.14, ``٤.١٤.٧`` (Arabic-Indic digits) as 4.14,
  ``٥.٠.٠`` as 5.0, ``05.0.0`` as 5.0, a version after 40 other characters as the generation its hidden tail
  said: each time a change was recorded against a manager whose version nobody could read as shown.

Now the whole answer (at most 40 characters, ASCII digits without leading zeros, an optional ``v`` and
pre-release suffix) is the version, or it is refused in words, at the request and at the approval.
Run through the official MCP client and ``wazuh-mcp approve`` in another process, against the HTTPS
Server API stand-in answering ``GET /`` with the crafted version.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, connect, error_text, ok, point_at, run_cli
from tests.write.test_approvals import steps
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes.approvals import default_store

UNREADABLE = "configuration_error: The Server API did not report a Wazuh version this server can read"


@pytest.fixture
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        yield server


@pytest.fixture
def env(standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    return point_at(standin, isolated_env, monkeypatch)


async def restart_001() -> str:
    async with connect() as client:
        asked = ok(await client.call_tool("restart_agents", {"agent_ids": ["001"]}))
    return str(asked["change_id"])


async def test_a_version_past_the_digit_limit_refuses_the_approval_in_words_and_audits_it(
    standin: StandinServer, env: dict[str, str]
) -> None:
    change_id = await restart_001()
    standin.state.config.api_version = "4" * 5000 + ".14.7"  # the manager's answer when a person approves
    approved = run_cli(env, "approve", change_id, "--yes")
    assert approved.returncode == 1
    assert f"wazuh-mcp: {UNREADABLE}" in approved.stderr and "Traceback" not in approved.stderr
    change = default_store().get(change_id)
    assert change.state == "pending" and UNREADABLE.split(": ", 1)[1] in (change.reason or "")
    assert standin.state.snapshot()["agent_restarts"] == {}  # nothing was sent
    audit = Path(env["WAZUH_MCP_AUDIT_LOG"])
    assert steps(audit, change_id)[-1] == ("approval.apply", "configuration_error")
    standin.state.config.api_version = None  # the manager answers as itself again: the change still applies
    again = run_cli(env, "approve", change_id, "--yes")
    assert again.returncode == 0, again.stderr
    assert default_store().get(change_id).state == "applied"
    assert standin.state.snapshot()["agent_restarts"] == {"001": 1}


async def test_a_long_run_of_digits_is_refused_at_once(standin: StandinServer, env: dict[str, str]) -> None:
    standin.state.config.api_version = "1" * 60_000  # before: about 40 s of one core, every session waiting
    started = time.perf_counter()
    async with connect() as client:
        text = error_text(await client.call_tool("restart_agents", {"agent_ids": ["001"]}))
    assert time.perf_counter() - started < 5
    assert text.startswith(UNREADABLE) and "…" in text  # quoted bounded
    assert default_store().list_changes() == []


CRAFTED = [
    ("10004.14.7", "a 4.14 inside a major version 10004"),
    ("\u0664.\u0661\u0664.\u0667", "4.14.7 in Arabic-Indic digits"),
    ("\u0665.\u0660.\u0660", "5.0.0 in Arabic-Indic digits"),
    ("\U0001d7d3.\U0001d7ce.\U0001d7ce", "5.0.0 in mathematical bold digits"),
    ("05.0.0", "a leading zero"),
    ("A" * 40 + "5.0.0", "a 5.0.0 past what a refusal shows"),
    ("4.14.7 (5.0.0)", "two versions"),
    ("Wazuh\u200b 4.14.7", "text and a zero-width space before it"),
]


@pytest.mark.parametrize("version, what", CRAFTED, ids=[w for _, w in CRAFTED])
async def test_a_version_that_is_not_one_records_no_change(
    standin: StandinServer, env: dict[str, str], version: str, what: str
) -> None:
    standin.state.config.api_version = version
    async with connect() as client:
        text = error_text(await client.call_tool("restart_agents", {"agent_ids": ["001"]}))
    assert text.startswith(UNREADABLE), what
    assert default_store().list_changes() == []
    audit = Path(env["WAZUH_MCP_AUDIT_LOG"])
    assert [(e.tool, e.error_code) for e in iter_events(audit)] == [("respond.restart_agents", "configuration_error")]


@pytest.mark.parametrize("version, generation", [("4.14.7", 4), ("v4.8.2", 4), ("5.0.0", 5), ("v5.0.0-beta5", 5)])
async def test_the_versions_wazuh_reports_are_still_read(
    standin: StandinServer, env: dict[str, str], version: str, generation: int
) -> None:
    standin.state.config.api_version = version
    async with connect() as client:
        result = await client.call_tool("create_rule", {"rule_xml": NEW_RULE})
    if generation == 5:  # refused in 5.x's words (the stand-in keeps 4.14.7's endpoints: the version decides)
        assert error_text(result).startswith(f"configuration_error: The Server API is Wazuh {version}.")
    else:
        assert ok(result)["status"] == "pending_approval"
