"""The decoder families Wazuh's sample lacks (Windows, Sysmon, CloudTrail, SCA, Office 365, web), as the
demo dataset has them: each alert view shows the family's fields as the loaded document has them.

Runs on the osmem slice only: the real node holds the full dataset, reloaded by its owner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.engines import LoadedEngine
from tests.indexer.conftest import pin_clock
from tests.indexer.expect import Doc, alerts_in
from tests.indexer.support import ok, serving
from tests.indexer.test_wazuh_sample_views import same_text
from wazuh_mcp.query.fields import SLOTS

# (what, how to recognise the document, paths below data that the view must show as they are)
FAMILIES: list[tuple[str, Any, list[str]]] = [
    (
        "windows logon",
        lambda s: s.get("data", {}).get("win", {}).get("system", {}).get("eventID") in ("4624", "4625"),
        ["win.system.channel", "win.eventdata.logonType"],
    ),
    (
        "sysmon process",
        lambda s: s.get("data", {}).get("win", {}).get("system", {}).get("eventID") == "1",
        ["win.system.channel", "win.eventdata.image", "win.eventdata.commandLine", "win.eventdata.parentImage"],
    ),
    (
        "linux audit",
        lambda s: "audit" in s.get("data", {}),
        ["audit.exe", "audit.command", "audit.success", "audit.key"],
    ),
    (
        "aws cloudtrail",
        lambda s: s.get("data", {}).get("aws", {}).get("source") == "cloudtrail",
        ["aws.source", "aws.eventSource", "aws.eventName", "aws.userIdentity.userName", "aws.awsRegion"],
    ),
    (
        "aws guardduty",
        lambda s: s.get("data", {}).get("aws", {}).get("source") == "guardduty",
        ["aws.type", "aws.severity", "aws.resource.instanceDetails.instanceId", "aws.region", "aws.accountId"],
    ),
    (
        "sca",
        lambda s: "sca" in s.get("data", {}),
        ["sca.policy", "sca.check.id", "sca.check.title", "sca.check.result"],
    ),
    (
        "office 365",
        lambda s: "office365" in s.get("data", {}),
        ["office365.Operation", "office365.UserId", "office365.ClientIP", "office365.ResultStatus"],
    ),
    ("web access log", lambda s: s.get("decoder", {}).get("name") == "web-accesslog", ["protocol", "id"]),
    (
        "vulnerability 4.8+",
        lambda s: "score" in s.get("data", {}).get("vulnerability", {}),
        ["vulnerability.cve", "vulnerability.severity", "vulnerability.score.base", "vulnerability.package.name"],
    ),
]


def at(node: Any, dotted: str) -> Any:
    for part in dotted.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node


def shown_at(alert: dict[str, Any], path: str) -> Any:
    """Where a view shows ``data.<path>``: in its event, or in the who/where slot it fills (``fields.SLOTS``)."""
    slot = next((name for name, fields in SLOTS.items() if f"data.{path}" in fields), None)
    if slot is not None and at(alert.get("event", {}), path) is None:
        return alert.get(slot)
    return at(alert.get("event", {}), path)


@pytest.mark.parametrize("what,matches,paths", FAMILIES, ids=[f[0] for f in FAMILIES])
async def test_family_fields_are_shown(
    osmem_engine: LoadedEngine,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    what: str,
    matches: Any,
    paths: list[str],
) -> None:
    pin_clock(monkeypatch, osmem_engine.now)
    doc: Doc = next(d for d in alerts_in(osmem_engine, "7d") if matches(d.source))
    async with serving(osmem_engine, tmp_path / "audit.jsonl") as (client, _):
        got = ok(await client.call_tool("get_alert", {"alert_id": doc.id}))
        hunted = ok(
            await client.call_tool(
                "hunt_query",
                {
                    "time_range": "7d",
                    "size": 100,
                    "must": [{"field": "rule.id", "op": "eq", "value": doc.source["rule"]["id"]}],
                },
            )
        )
    for alert in (got["alert"], next((a for a in hunted["alerts"] if a["id"] == doc.id), None)):
        if alert is None or alert.get("event_cut"):
            continue  # beyond the first hunt page, or cut to fit a crowded page
        for path in paths:
            assert same_text(shown_at(alert, path), at(doc.source["data"], path)), (what, path)
    assert at(got["document"], "rule.id") == doc.source["rule"]["id"]
