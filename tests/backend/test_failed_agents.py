"""Per-agent failures read from answers a real Wazuh 4.14.7 manager gave (``reference/wazuh/oracle``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import shared_dir
from wazuh_mcp.backends.server_api_shapes import AGENT_FAILURES, failed_agents


@pytest.fixture(scope="module")
def recorded() -> dict[str, Any]:
    shared = shared_dir()
    path = shared / "reference/wazuh/oracle/api_exchanges.jsonl" if shared else None
    if path is None or not path.is_file():
        pytest.skip("the oracle's recorded exchanges (../shared/reference/wazuh/oracle) are not present")
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {row["id"]: row["response"] for row in rows}


def test_each_agent_of_a_failed_item_gets_its_own_line_in_words(recorded: dict[str, Any]) -> None:
    # PUT /agents/restart?agents_list=001,002,999 on never-connected agents (the oracle's api-114)
    lines = failed_agents(recorded["api-114"]["data"]["failed_items"])
    assert sorted(lines) == sorted(
        [
            f"001: {AGENT_FAILURES[1707]} (Wazuh error 1707)",
            f"002: {AGENT_FAILURES[1707]} (Wazuh error 1707)",
            f"999: {AGENT_FAILURES[1701]} (Wazuh error 1701)",
        ]
    )


def test_every_per_agent_code_the_manager_answered_has_words(recorded: dict[str, Any]) -> None:
    agent_lines = {"api-098", "api-099", "api-101", "api-103", "api-113", "api-114", "api-115", "api-117"}
    agent_lines |= {"api-118", "api-119", "api-126", "api-127", "rbac2-13", "rbac2-14"}
    seen: set[int] = set()
    for line in sorted(agent_lines):
        for entry in recorded[line]["data"]["failed_items"]:
            code = entry["error"]["code"]
            seen.add(code)
            assert code in AGENT_FAILURES, f"{line}: Wazuh error {code} ({entry['error']['message']}) has no words"
    assert {1701, 1703, 1707, 4000} <= seen
    denied = failed_agents(recorded["rbac2-13"]["data"]["failed_items"])
    assert denied == [f"002: {AGENT_FAILURES[4000]} (Wazuh error 4000)"]


def test_an_unknown_code_keeps_wazuhs_own_message_bounded() -> None:
    lines = failed_agents([{"error": {"code": 1999, "message": "x" * 500}, "id": ["001"]}])
    assert lines == [f"001: {'x' * 119}… (Wazuh error 1999)"]  # cut and marked (untrusted.bound)
