"""The stand-in answers as the real manager with a connected agent answered, on every recorded line.

``reference/wazuh/oracle/api_exchanges_agent.jsonl`` (README section D, read at run time) holds what
a real Wazuh 4.14.7 manager answered with agent ``001 web-t4`` connected and ``002 db-01`` never
connected: the agent's record, stats, daemon stats and configuration sections, its syscollector tables
(and 2007 for 002, 1701 for an unknown agent), its syscheck, last FIM scan, SCA and rootcheck, active
responses (1652 for a command not spelled as ar.conf spells it, the suffixed and ``!`` forms sent, 1707
before 1652), group membership and agent restarts. Every line is sent, in order, to a stand-in in that
state (``oracle_estate.agent_recording_server``) and its answer compared as the first recording's replay
compares (``oracle_replay.compare``: status, Wazuh's error codes, shapes and values; texts too, but for a
400's ``detail``, which quotes Wazuh's JSON schema in its own words). No line is left out.

Status, codes and shapes (keys, JSON types, nesting, list positions) must agree on all of them. Values may
differ only where ``oracle_replay.AGENT_ACCEPTED`` says why (the stand-in agent's own inventory, counters
and clock, install paths); the response actions, group changes and restarts agree value for value.
``python -m tests.standin.oracle_replay --agent`` prints the figures.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.standin.oracle_replay import AGENT_ACCEPTED, Outcome, load_rows, replay_agent

RECORDING = "reference/wazuh/oracle/api_exchanges_agent.jsonl"
RESPONSE_LINES = {f"t4-ex-{n:03d}" for n in (9, 10, *range(34, 48))}
"""The agent's active-response section (009, 010), every active response (034–042), group assign and
remove (043–045), agent restarts (046, 047): these agree exactly, value for value."""
NOT_COMPARED: dict[str, str] = {}
"""Lines of the recording the replay cannot compare, each with why (none)."""


@pytest.fixture(scope="module")
def recording(shared: Path) -> Path:
    path = shared / RECORDING
    if not path.is_file():
        pytest.skip(f"the oracle's recording with a connected agent ({path}) is not present")
    return path


@pytest.fixture(scope="module")
def rows(recording: Path) -> list[dict[str, Any]]:
    return load_rows(recording)


@pytest.fixture(scope="module")
def outcomes(recording: Path) -> list[Outcome]:
    return replay_agent(recording)


def test_every_line_of_the_recording_is_replayed(rows: list[dict[str, Any]], outcomes: list[Outcome]) -> None:
    assert [o.row["id"] for o in outcomes] == [row["id"] for row in rows]
    assert not set(NOT_COMPARED) - {row["id"] for row in rows}, "a stale NOT_COMPARED entry"


def test_every_line_agrees_in_status_codes_and_shape(outcomes: list[Outcome]) -> None:
    differences = {
        o.row["id"]: [str(d) for d in o.diffs if d.aspect != "value"]
        for o in outcomes
        if o.row["id"] not in NOT_COMPARED and any(d.aspect != "value" for d in o.diffs)
    }
    assert not differences, json.dumps(differences, indent=1)


def test_every_value_agrees_but_the_stand_in_agents_own_data(outcomes: list[Outcome]) -> None:
    differences = {
        o.row["id"]: [str(d) for d in o.unexplained]
        for o in outcomes
        if o.unexplained and o.row["id"] not in NOT_COMPARED
    }
    assert not differences, json.dumps(differences, indent=1)
    unused = [rule.ids for rule in AGENT_ACCEPTED if not any(r is rule for o in outcomes for _, r in o.accepted)]
    assert not unused, f"accepted differences no line shows any more (drop them): {unused}"


def test_every_recorded_response_action_agrees_exactly(outcomes: list[Outcome]) -> None:
    assert {o.row["id"] for o in outcomes} >= RESPONSE_LINES
    assert not [rule.ids for rule in AGENT_ACCEPTED if any(re.fullmatch(rule.ids, line) for line in RESPONSE_LINES)]
    differences = {
        o.row["id"]: [str(d) for d in o.diffs] for o in outcomes if o.row["id"] in RESPONSE_LINES and o.diffs
    }
    assert not differences, json.dumps(differences, indent=1)


def test_the_recording_holds_what_the_stand_in_is_held_to(rows: list[dict[str, Any]]) -> None:
    """The facts the stand-in's ``ar_conf`` follows, read from the recording itself: a bare name is 1652
    for the connected agent, its ar.conf spelling and ``!`` forms are sent, and for a never-connected
    agent 1707 comes first."""
    verdicts: dict[tuple[str, str], list[Any]] = {}
    for row in rows:
        if row["id"] in RESPONSE_LINES and row["path"] == "/active-response":
            data = row["response"]["data"]
            codes = [f["error"]["code"] for f in data["failed_items"]]
            verdicts[(row["query"]["agents_list"], row["body"]["command"])] = [data["affected_items"], codes]
    assert verdicts[("001", "firewall-drop")] == [[], [1652]]
    assert verdicts[("001", "firewall-drop600")] == [["001"], []]
    assert verdicts[("001", "!firewall-drop")] == [["001"], []]
    assert verdicts[("001", "wazuh-mcp-isolate")] == [[], [1652]]
    assert verdicts[("001", "wazuh-mcp-isolate0")] == [["001"], []]
    assert verdicts[("001", "restart-wazuh")] == [[], [1652]]
    assert verdicts[("001", "!no-such-script")] == [["001"], []]
    assert verdicts[("001,002", "firewall-drop600")] == [["001"], [1707]]
    assert verdicts[("002", "firewall-drop")] == [[], [1707]]
