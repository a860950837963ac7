"""`wazuh-mcp demo`: a triage a person reads, one sentence per finding with its numbers, told once the demo's
data is loaded; `--json` is one JSON document with each step's result beside the sentences said about it (one
run of the demo: the reading version prints each step with `tour.told`, checked on the same steps).

The sentences are checked one by one against the numbers in the same run's structured results (computed
here, not by the tour's own wording functions), so a count that drifts from its data fails."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from mcp.client.client import Client
from mcp.types import CallToolResult

from standin.demo_load import DemoLoad
from tests.e2e.support import check_changed_files
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.demo import demo_settings
from wazuh_mcp.runtime.notices import META_KEY
from wazuh_mcp.server.build import build_server
from wazuh_mcp.tour import BRUTE_FORCE, CHANGED_FILES, TOUR, brute_force, notes, tell, told, wait_for_data


def demo(*flags: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", "demo", *flags], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count:,} {word if count == 1 else words or word + 's'}"


def expected_summary(summary: dict[str, Any]) -> list[str]:
    high = sum(x["count"] for x in summary["by_level"] if x["level"] >= 12)
    rule, agent = summary["by_rule"][0], summary["by_agent"][0]
    tactics = ", ".join(f"{t['name']} ({t['count']:,})" for t in summary["by_tactic"][:3])
    return [
        f"{plural(summary['total'], 'alert')} in the last 24 hours.",
        f"{plural(high, 'alert')} at level 12 or above (high severity): read those first."
        if high
        else "None at level 12 or above: nothing high-severity.",
        f"Most frequent: rule {rule['id']} ({rule['description']}), {plural(rule['count'], 'time')}.",
        f"Noisiest agent: {agent['id']} {agent['name']}, {plural(agent['count'], 'alert')}.",
        f"Top MITRE tactics: {tactics}.",
    ]


def expected_list(header: str, items: list[str]) -> list[str]:
    return [header, *(f"  {item}" for item in items)]


def test_demo_json_is_one_document_and_each_sentence_says_its_data(serve_env: dict[str, str]) -> None:
    document = json.loads(demo("--json", env=serve_env))  # one document, not JSON Lines
    load, steps = document["load"], document["steps"]
    assert load["complete"] and load["alerts_loaded"] == load["alerts_total"] > 0
    assert [(s["question"], s["tool"]) for s in steps] == [(q, name) for q, name, _ in TOUR]
    # Told after the load: no answer is partial, none carries the loading notice.
    assert all("notices" not in s and not (s["result"] or {}).get("partial") for s in steps)
    said = {s["tool"]: s["said"] for s in steps if "error" not in s["result"]}
    data = {s["tool"]: s["result"] for s in steps if "error" not in s["result"]}

    assert said["cluster_status"] == [data["cluster_status"]["summary"]]
    agents = data["list_agents"]
    assert said["list_agents"] == expected_list(
        f"{agents['total']:,} agents are active; the first {len(agents['agents'])}:",
        [f"{a['id']} {a['name']} ({a['os']}, {a['ip']})" for a in agents["agents"]],
    )
    assert said["summarize_alerts"] == expected_summary(data["summarize_alerts"])
    for tool in ("search_alerts",):
        alerts, shown = data[tool], len(data[tool]["alerts"])
        more = f" ({alerts['total'] - shown:,} more behind the cursor)" if alerts["total"] > shown else ""
        assert said[tool][0] == f"{plural(alerts['total'], 'alert')}; the newest {shown}{more}:"
        assert len(said[tool]) == shown + 1
        for line, alert in zip(said[tool][1:], alerts["alerts"], strict=True):
            assert line.startswith(f"  level {alert['rule']['level']}: {alert['rule']['description']} on ")
    brute = data[BRUTE_FORCE]
    assert said[BRUTE_FORCE][0].startswith(
        f"{brute['alerts_by_mitre']['total']:,} alerts map to T1110 or one of its sub-techniques"
    )
    assert f"only {plural(brute['hunt_exact']['total'], 'alert')} carry T1110 itself" in said[BRUTE_FORCE][0]
    assert said[BRUTE_FORCE][2].startswith(f"The attacker is most likely {brute['pivot']['ip']}: ")
    technique = data["get_mitre_technique"]["technique"]
    assert said["get_mitre_technique"] == [
        f"{technique['id']} is {technique['name']}, a {' / '.join(technique['tactics'])} technique "
        f"({technique['url']})."
    ]
    vulns = data["search_vulnerabilities"]
    assert vulns["total"] > 0  # the demo's fleet has critical findings once its data is loaded
    assert said["search_vulnerabilities"] == expected_list(
        f"{plural(vulns['total'], 'critical vulnerability', 'critical vulnerabilities')} across the fleet; "
        f"the {len(vulns['vulnerabilities'])} detected most recently:",
        [f"{v['cve']} (CVSS {v['score']}) in {v['package']} on {v['agent_name']}" for v in vulns["vulnerabilities"]],
    )
    listening = [p for p in data["agent_ports"]["items"] if p["state"] == "listening"]
    ports = ", ".join(f"{p['local_port']}/{p['protocol']} ({p['process']})" for p in listening)
    assert said["agent_ports"] == [f"Agent 001 listens on {plural(len(listening), 'port')}: {ports}."]
    check_changed_files(data[CHANGED_FILES], said[CHANGED_FILES])
    mistake = steps[-1]
    assert mistake["result"]["error"].startswith("invalid_argument:")
    assert mistake["said"] == [f"The server refused the call and said how to fix it: {mistake['result']['error']}"]
    check_reads_as_a_triage(steps)  # one run: the reading version prints exactly these steps (tour.told)


def check_reads_as_a_triage(steps: list[dict[str, Any]]) -> None:
    """The reading version of these steps (what `wazuh-mcp demo` prints for each): every line a sentence or a
    list's header followed by its items, no JSON, no loading note once the data is in."""
    text = "".join(told(step) for step in steps)
    assert all(f"▶ {question}" in text for question, _, _ in TOUR)
    assert "still loading" not in text and "Note:" not in text
    assert '{"' not in text
    lines = [line for line in text.splitlines() if line.startswith("  ")]
    for i, line in enumerate(lines):
        assert line.rstrip().endswith((".", ":", ")")) or line.startswith("    "), line
        if line.endswith(":"):
            assert i + 1 < len(lines) and lines[i + 1].startswith("    "), f"nothing after {line!r}"


def test_an_unknown_shape_is_shown_as_data_not_a_crash() -> None:
    assert tell("summarize_alerts", {"unexpected": 1}) == ['{"unexpected":1}']


def test_empty_answers_are_whole_sentences() -> None:
    assert tell("search_vulnerabilities", {"vulnerabilities": [], "total": 0}) == [
        "No critical vulnerability across the fleet."
    ]
    assert tell("search_alerts", {"alerts": [], "total": 0}) == ["No alert matches."]
    assert tell("agent_ports", {"agent_id": "001", "items": []}) == ["Agent 001 listens on no port."]


def test_a_notice_the_server_attached_is_told_with_the_answer() -> None:
    loading = "The demo is still loading its data: 120 of 6,000 alerts so far (the last hour is complete)."
    body = {"content": [{"type": "text", "text": "{}"}]}
    assert notes(CallToolResult.model_validate(body | {"_meta": {META_KEY: [loading]}})) == [loading]
    assert notes(CallToolResult.model_validate(body)) == []


@asynccontextmanager
async def demo_client(load: DemoLoad) -> AsyncIterator[Client]:
    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        yield Backends(load=load)  # only the loader: the wait reads wazuh://demo/load and nothing else

    async with Client(build_server(demo_settings(), backends=backends, profile="demo")) as client:
        yield client


async def test_the_tour_waits_for_the_load_and_says_so_once(isolated_env: Path) -> None:
    load = DemoLoad(alerts_total=6_000)
    said: list[str] = []

    def finish() -> None:
        load.alerts_loaded, load.complete = 6_000, True

    threading.Timer(0.8, finish).start()
    async with demo_client(load) as client:
        final = await wait_for_data(client, said.append, limit=30)
    assert final is not None and final["complete"]
    assert said[0] == "Loading the demo's data (6,000 alerts and the fleet's vulnerabilities)…"
    assert len(said) == 2 and said[1].startswith("Loaded in ")


async def test_a_load_that_does_not_finish_in_time_is_said_partial(isolated_env: Path) -> None:
    load = DemoLoad(alerts_total=6_000)
    said: list[str] = []
    async with demo_client(load) as client:
        final = await wait_for_data(client, said.append, limit=0.5)
    assert final is not None and not final["complete"]
    assert said[-1] == "Still loading after 0.5 s: the answers below are partial and say so."
    assert len(said) == 2


async def test_who_is_brute_forcing_ssh_names_the_top_source_of_the_demo_data(isolated_env: Path) -> None:
    """issue 26 item 12: the T1110 question answered with an AWS console failure and two PAM failures and named
    no attacker. The tour's answer is checked against the demo's own data, read straight from its Indexer
    engine with aggregations (not through the tools, nor the tour's counting)."""
    from datetime import UTC, datetime, timedelta

    from wazuh_mcp.demo import demo_backends

    held: dict[str, Backends] = {}

    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        async with demo_backends() as parts:
            held["demo"] = parts
            yield parts

    async with Client(build_server(demo_settings(), backends=backends, profile="demo")) as client:
        load = await wait_for_data(client, lambda _: None)
        assert load is not None and load["complete"]

        async def call(name: str, arguments: dict[str, Any]) -> Any:
            result = await client.call_tool(name, arguments)
            assert not result.is_error, result.content
            return result.structured_content

        results, said = await brute_force(call, {"technique_id": "T1110", "time_range": "24h"})
        since = (datetime.now(UTC) - timedelta(hours=24)).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
        window = {"range": {"timestamp": {"gte": since}}}
        indexer = held["demo"].indexer
        assert indexer is not None

        async def buckets(filters: list[dict[str, Any]], field: str) -> tuple[int, list[dict[str, Any]]]:
            body = {
                "size": 0,
                "track_total_hits": True,
                "query": {"bool": {"filter": [window, *filters]}},
                "aggs": {"by": {"terms": {"field": field, "size": 5}}},
            }
            answer = await indexer.search("alerts", body)
            return int(answer["hits"]["total"]["value"]), answer["aggregations"]["by"]["buckets"]

        ssh = [{"prefix": {"rule.mitre.id": "T1110"}}, {"term": {"rule.groups": "sshd"}}]
        total, sources = await buckets(ssh, "data.srcip")
        count, attacker = sources[0]["doc_count"], results["pivot"]["ip"]  # the tour's pick: checked below
        _, on_agents = await buckets(
            [{"term": {"data.srcip": attacker}}, {"term": {"decoder.name": "sshd"}}], "agent.id"
        )
        # summarize_alerts' by_technique: each entry's name is the technique's, as the manager's MITRE database
        # (get_mitre_technique) has it; it used to be the id again.
        summary = await call("summarize_alerts", {"time_range": "24h"})
        assert summary["by_technique"]
        for entry in summary["by_technique"][:5]:
            known = await call("get_mitre_technique", {"technique_id": entry["id"]})
            assert entry["name"] == known["technique"]["name"] != entry["id"], entry
    # the top source by count; on a tie (the 24 h window moves with the clock) the tour may name any tied one
    top = {bucket["key"] for bucket in sources if bucket["doc_count"] == count}
    assert total > 0 and attacker in top, (attacker, sources)
    assert said[1].startswith(f"{total:,} of them come from sshd; by source IP: "), said[1]
    assert f"{attacker} ({count:,})" in said[1], said[1]
    agent, hits = on_agents[0]["key"], on_agents[0]["doc_count"]
    assert said[2].startswith(f"The attacker is most likely {attacker}: pivot_by_ioc finds it in ")
    assert f"({hits:,} on {agent} " in said[2], said[2]
