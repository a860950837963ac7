"""`wazuh-mcp demo`: a triage a person reads (sentences with the numbers), the JSON one flag away."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from mcp.types import CallToolResult

from wazuh_mcp.runtime.notices import META_KEY
from wazuh_mcp.tour import TOUR, notes, tell


def demo(*flags: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", "demo", *flags], env=env, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_demo_json_and_the_sentences_told_from_it(serve_env: dict[str, str]) -> None:
    records: list[dict[str, Any]] = [json.loads(line) for line in demo("--json", env=serve_env).splitlines()]
    assert [(r["question"], r["tool"]) for r in records] == [(q, name) for q, name, _ in TOUR]
    by_tool = {r["tool"]: r["result"] for r in records if "error" not in r["result"]}

    summary = by_tool["summarize_alerts"]
    told = tell("summarize_alerts", summary)
    assert told[0] == f"{summary['total']:,} alerts in the last 24 hours."
    high = sum(x["count"] for x in summary["by_level"] if x["level"] >= 12)
    assert (f"{high:,} alert" in told[1]) if high else told[1].startswith("None at level 12")
    top = summary["by_rule"][0]
    assert f"rule {top['id']}" in told[2] and f"{top['count']:,} times" in told[2]

    assert tell("cluster_status", by_tool["cluster_status"])[0].startswith("Single-node deployment")
    agents = by_tool["list_agents"]
    assert tell("list_agents", agents)[0].startswith(f"{agents['total']:,} agents are active")
    alerts = by_tool["search_alerts"]
    assert f"{alerts['total'] - len(alerts['alerts']):,} more behind the cursor" in tell("search_alerts", alerts)[0]
    ports = by_tool["agent_ports"]
    listening = [p for p in ports["items"] if p["state"] == "listening"]
    assert all(f"{p['local_port']}/{p['protocol']}" in tell("agent_ports", ports)[0] for p in listening)
    assert records[-1]["result"]["error"].startswith("invalid_argument:")
    # Calls answered while the demo still loads carry its notice (which ones depends on the machine's speed).
    assert all("still loading" in text for r in records for text in r.get("notices", []))


def test_demo_text_reads_as_a_triage_not_json(serve_env: dict[str, str]) -> None:
    text = demo(env=serve_env)
    assert all(f"▶ {question}" in text for question, _, _ in TOUR)
    assert "alerts in the last 24 hours." in text and "Single-node deployment" in text
    assert '{"' not in text  # no JSON in the reading version
    assert "wazuh-mcp demo --json" in text


def test_an_unknown_shape_is_shown_as_data_not_a_crash() -> None:
    assert tell("summarize_alerts", {"unexpected": 1}) == ['{"unexpected":1}']


def test_a_notice_the_server_attached_is_told_with_the_answer() -> None:
    loading = "The demo is still loading its data: 120 of 6,000 alerts so far (the last hour is complete)."
    body = {"content": [{"type": "text", "text": "{}"}]}
    assert notes(CallToolResult.model_validate(body | {"_meta": {META_KEY: [loading]}})) == [loading]
    assert notes(CallToolResult.model_validate(body)) == []
