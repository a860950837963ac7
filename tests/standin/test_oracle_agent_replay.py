"""The stand-in answers the response actions as the real manager with a connected agent answered them.

``reference/wazuh/oracle/api_exchanges_agent.jsonl`` (README section D, read at run time) holds what
a real Wazuh 4.14.7 manager answered with agent ``001 web-t4`` connected and ``002 db-01`` never
connected: active responses (1652 for a command not spelled as ar.conf spells it, the suffixed and
``!`` forms sent, 1707 before 1652), the agent's ``com/active-response`` section, group membership and
agent restarts. Each of those lines is sent, in order, to a stand-in in that state
(``oracle_estate.agent_recording_server``) and its answer compared as the first recording's replay
compares (``oracle_replay.compare``: status, Wazuh's error codes, shapes and values), texts included but
for a 400's ``detail``, which quotes Wazuh's JSON schema in its own words (the first replay's ``ACCEPTED``).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.standin.oracle_estate import PASSWORDS, agent_recording_server
from tests.standin.oracle_replay import compare, load_rows

RESPONSE_LINES = {f"t4-ex-{n:03d}" for n in (9, 10, *range(34, 48))}
"""The agent's active-response section (009, 010), every active response (034–042), group assign and
remove (043–045), agent restarts (046, 047)."""


@pytest.fixture(scope="module")
def rows(shared: Path) -> list[dict[str, Any]]:
    path = shared / "reference/wazuh/oracle/api_exchanges_agent.jsonl"
    if not path.is_file():
        pytest.skip(f"the oracle's recording with a connected agent ({path}) is not present")
    return [row for row in load_rows(path) if row["id"] in RESPONSE_LINES]


def replayed(rows: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Each line's differences from the recording (empty: it agrees exactly)."""
    found: dict[str, list[str]] = {}
    with agent_recording_server() as server, httpx.Client(base_url=server.url, timeout=10) as http:
        basic = base64.b64encode(f"wazuh:{PASSWORDS['wazuh']}".encode()).decode()
        login = http.post("/security/user/authenticate", headers={"Authorization": f"Basic {basic}"})
        headers = {"Authorization": f"Bearer {login.json()['data']['token']}"}
        for row in rows:
            content = json.dumps(row["body"]).encode() if row["body"] is not None else None
            sent = {**headers, "Content-Type": "application/json"} if content is not None else headers
            answer = http.request(
                row["method"], row["path"], params=row["query"] or None, content=content, headers=sent
            )
            diffs = compare(row, answer.status_code, answer.json())
            found[row["id"]] = [str(d) for d in diffs if not (row["status"] == 400 and d.where == "/detail")]
    return found


def test_every_recorded_response_action_agrees_exactly(rows: list[dict[str, Any]]) -> None:
    assert {row["id"] for row in rows} == RESPONSE_LINES
    differences = {line: diffs for line, diffs in replayed(rows).items() if diffs}
    assert not differences, json.dumps(differences, indent=1)


def test_the_recording_holds_what_the_stand_in_is_held_to(rows: list[dict[str, Any]]) -> None:
    """The facts the stand-in's ``ar_conf`` follows, read from the recording itself: a bare name is 1652
    for the connected agent, its ar.conf spelling and ``!`` forms are sent, and for a never-connected
    agent 1707 comes first."""
    verdicts: dict[tuple[str, str], list[Any]] = {}
    for row in rows:
        if row["path"] == "/active-response":
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
