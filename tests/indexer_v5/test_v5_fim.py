"""FIM on Wazuh 5.x: the FIM findings (integration ``wazuh-fim``, the file under ECS ``file.*``) read by the FIM
tools into the same event model as 4.x's syscheck alerts, through the official MCP client, on osmem and the
real OpenSearch 3.x node. Expectations are computed from the generated findings file."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from tests.indexer.support import ok
from tests.indexer_v5.conftest import V5Engine
from tests.indexer_v5.test_v5_alert_tools import findings, on_v5

__all__ = ["findings"]


def _fim(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [f for f in findings if f["wazuh"].get("integration", {}).get("name") == "wazuh-fim"]


async def test_fim_history_of_a_path_lists_its_findings_newest_first(
    v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path
) -> None:
    fim = _fim(findings)
    (path, agent), _ = Counter((f["file"]["path"], f["wazuh"]["agent"]["id"]) for f in fim).most_common(1)[0]
    expected = [f for f in fim if f["file"]["path"] == path]
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        page = ok(await client.call_tool("fim_history_for_path", {"path": path, "time_range": "30d", "size": 10}))
        mine = ok(
            await client.call_tool(
                "fim_history_for_path", {"path": path, "agent_id": agent, "time_range": "30d", "size": 10}
            )
        )
    assert page["total"] == len(expected) > 10
    assert mine["total"] == len([f for f in expected if f["wazuh"]["agent"]["id"] == agent])
    newest = expected[:10]
    assert [e["timestamp"] for e in page["events"]] == [f["@timestamp"] for f in newest]
    for event, finding in zip(page["events"], newest, strict=True):
        assert event["file"]["path"] == path
        assert event["file"]["sha256_after"] == finding["file"]["hash"]["sha256"]
        assert event["file"]["event"] == finding["event"]["action"].removeprefix("file-")
        assert event["level"] == finding["wazuh"]["rule"]["level"]
        assert event["rule_id"] == finding["wazuh"]["rule"]["id"]


async def test_fim_changes_of_an_agent_count_only_its_fim_findings(
    v5_engine: V5Engine, findings: list[dict[str, Any]], tmp_path: Path
) -> None:
    fim = _fim(findings)
    agent, count = Counter(f["wazuh"]["agent"]["id"] for f in fim).most_common(1)[0]
    everything = sum(1 for f in findings if f["wazuh"]["agent"]["id"] == agent)
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        page = ok(await client.call_tool("fim_changes_by_agent", {"agent_id": agent, "time_range": "30d"}))
    assert page["total"] == count < everything  # the agent's other findings are not FIM's
    assert {e["agent"]["id"] for e in page["events"]} == {agent}
