"""``wazuh-mcp demo``: a guided tour in the terminal, no Wazuh and no AI client needed.

It starts ``wazuh-mcp serve --demo`` exactly as an AI client would (a real MCP client over
stdio), then runs the calls an analyst's assistant would make for a morning triage and tells a
person what came back: one sentence per finding, with its numbers. It first waits for the demo's
data to be loaded (``wazuh://demo/load``), saying so once, so the counts are the whole dataset's on
every run. ``--json`` prints one JSON document instead: the load, and each step's structured result
beside the sentences said about it. Everything it does is in the audit log like any other session.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import anyio

Step = tuple[str, str, dict[str, Any]]
Body = dict[str, Any]

TOUR: list[Step] = [
    ("Is the manager healthy?", "cluster_status", {}),
    ("Which agents are connected?", "list_agents", {"status": "active", "size": 5}),
    ("What fired in the last 24 hours?", "summarize_alerts", {"time_range": "24h"}),
    ("Anything serious in the last hour?", "search_alerts", {"time_range": "1h", "min_level": 10, "size": 3}),
    ("Who is brute-forcing SSH (T1110)?", "alerts_by_mitre", {"technique_id": "T1110", "time_range": "24h", "size": 3}),
    ("What is T1110?", "get_mitre_technique", {"technique_id": "T1110"}),
    ("Critical vulnerabilities in the fleet?", "search_vulnerabilities", {"min_severity": "Critical", "size": 3}),
    ("What does agent 001 expose?", "agent_ports", {"agent_id": "001", "size": 5}),
    ("A mistake the model might make", "list_agents", {"size": 5000}),
]


LOAD_WAIT_S = 120.0
"""How long the tour waits for the demo's data before it answers from what is loaded (and says so)."""
POLL_S = 0.25


def _n(count: int, word: str, plural: str | None = None) -> str:
    return f"{count:,} {word if count == 1 else plural or word + 's'}"


def _more(body: Body, shown: int) -> str:
    total = int(body.get("total", shown))
    return f" ({total - shown:,} more behind the cursor)" if total > shown else ""


def _cluster(body: Body) -> list[str]:
    return [str(body.get("summary", ""))]


def _agents(body: Body) -> list[str]:
    agents, total = body.get("agents", []), int(body.get("total", 0))
    if not agents:
        return ["No agent is active."]
    lines = [f"{_n(total, 'agent')} {'is' if total == 1 else 'are'} active; the first {len(agents)}:"]
    lines += [f"  {a['id']} {a['name']} ({a.get('os') or 'unknown OS'}, {a.get('ip') or 'no IP'})" for a in agents]
    return lines


def _summary(body: Body) -> list[str]:
    total = int(body["total"])
    if not total:
        return ["No alerts in the last 24 hours."]
    lines = [f"{_n(total, 'alert')} in the last 24 hours."]
    high = sum(int(x["count"]) for x in body.get("by_level", []) if int(x["level"]) >= 12)
    lines.append(
        f"{_n(high, 'alert')} at level 12 or above (high severity): read those first."
        if high
        else "None at level 12 or above: nothing high-severity."
    )
    if body.get("by_rule"):
        top = body["by_rule"][0]
        lines.append(f"Most frequent: rule {top['id']} ({top.get('description')}), {_n(int(top['count']), 'time')}.")
    if body.get("by_agent"):
        top = body["by_agent"][0]
        name = f" {top['name']}" if top.get("name") else ""
        lines.append(f"Noisiest agent: {top['id']}{name}, {_n(int(top['count']), 'alert')}.")
    if body.get("by_tactic"):
        tactics = ", ".join(f"{t['name']} ({t['count']:,})" for t in body["by_tactic"][:3])
        lines.append(f"Top MITRE tactics: {tactics}.")
    return lines


def _alerts(body: Body) -> list[str]:
    alerts = body.get("alerts", [])
    if not alerts:
        return ["No alert matches."]
    total = int(body.get("total", len(alerts)))
    lines = [f"{_n(total, 'alert')}; the newest {len(alerts)}{_more(body, len(alerts))}:"]
    for a in alerts:
        rule, agent = a["rule"], a["agent"]
        source = f" from {a['src_ip']}" if a.get("src_ip") else ""
        lines.append(
            f"  level {rule['level']}: {rule.get('description')} on {agent.get('name') or agent['id']}{source}"
        )
    return lines


def _technique(body: Body) -> list[str]:
    t = body["technique"]
    url = f" ({t['url']})" if t.get("url") else ""
    return [f"{t['id']} is {t['name']}, a {' / '.join(t.get('tactics', []))} technique{url}."]


def _vulns(body: Body) -> list[str]:
    vulns = body.get("vulnerabilities", [])
    if not vulns:
        return ["No critical vulnerability across the fleet."]
    total = int(body.get("total", len(vulns)))
    lines = [
        f"{_n(total, 'critical vulnerability', 'critical vulnerabilities')} across the fleet; the {len(vulns)} detected most recently:"
    ]
    lines += [
        f"  {v['cve']} (CVSS {v.get('score')}) in {v.get('package')} on {v.get('agent_name') or v['agent_id']}"
        for v in vulns
    ]
    return lines


def _ports(body: Body) -> list[str]:
    listening = [p for p in body.get("items", []) if p.get("state") == "listening"]
    if not listening:
        return [f"Agent {body.get('agent_id')} listens on no port."]
    ports = ", ".join(f"{p['local_port']}/{p['protocol']} ({p.get('process') or '?'})" for p in listening)
    return [f"Agent {body.get('agent_id')} listens on {_n(len(listening), 'port')}: {ports}."]


TELL: dict[str, Callable[[Body], list[str]]] = {
    "cluster_status": _cluster,
    "list_agents": _agents,
    "summarize_alerts": _summary,
    "search_alerts": _alerts,
    "alerts_by_mitre": _alerts,
    "get_mitre_technique": _technique,
    "search_vulnerabilities": _vulns,
    "agent_ports": _ports,
}


def tell(name: str, body: Body) -> list[str]:
    """What a result means for a person, in short sentences (the JSON is one flag away)."""
    try:
        return TELL[name](body)
    except (KeyError, TypeError, ValueError, IndexError):  # a shape the tour does not know: show the data
        return [_short(body)]


def notes(result: Any) -> list[str]:
    """What the server attached to a call's answer (the demo's "still loading" notice): told with it."""
    from wazuh_mcp.runtime.notices import META_KEY

    found = (getattr(result, "meta", None) or {}).get(META_KEY) or []
    return [str(text) for text in found]


def _short(value: Any, limit: int = 600) -> str:
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} bytes in all)"


async def _load(client: Any) -> dict[str, Any] | None:
    """The demo's load progress (``wazuh://demo/load``), or None when this server loads nothing."""
    from mcp.shared.exceptions import MCPError

    from wazuh_mcp.server.resources import DEMO_LOAD_URI

    try:
        contents = (await client.read_resource(DEMO_LOAD_URI)).contents
    except MCPError:
        return None
    value = json.loads(getattr(contents[0], "text", "") or "null") if contents else None
    return value if isinstance(value, dict) else None


async def wait_for_data(client: Any, say: Callable[[str], None], limit: float = LOAD_WAIT_S) -> dict[str, Any] | None:
    """Wait until the demo's data is loaded (or failed, or ``limit`` passed), saying so once: the tour's counts
    are then those of the whole dataset, the same on every run, instead of whatever was loaded by then."""
    load = await _load(client)
    if load is None or load.get("complete"):
        return load
    started = time.perf_counter()
    said = False
    while not load.get("complete") and not load.get("failed") and time.perf_counter() - started < limit:
        if not said and load.get("alerts_total"):
            say(f"Loading the demo's data ({int(load['alerts_total']):,} alerts and the fleet's vulnerabilities)…")
            said = True
        await anyio.sleep(POLL_S)
        load = await _load(client) or load
    if not said:
        say("Loading the demo's data…")
    if load.get("complete"):
        say(f"Loaded in {time.perf_counter() - started:.1f} s.")
    elif load.get("failed"):
        say(f"The demo's data stopped loading ({load['failed']}): the answers below say what they cover.")
    else:
        say(f"Still loading after {limit:g} s: the answers below are partial and say so.")
    return load


def told(step: dict[str, Any]) -> str:
    """One step as the reading version prints it: the question, then what was said about the answer."""
    return f"\n▶ {step['question']}   [{step['tool']}, {step['ms']} ms]\n  " + "\n  ".join(step["said"])


async def _run(out: Any, as_json: bool) -> int:
    from mcp.client.client import Client
    from mcp.client.stdio import StdioServerParameters

    from wazuh_mcp.setup.serve_command import serve_argv

    command, *args = serve_argv(demo=True)
    # The user's own environment (their WAZUH_MCP_STATE_DIR, ...): the SDK passes only a default set.
    params = StdioServerParameters(command=command, args=args, env=dict(os.environ))

    def say(text: str) -> None:
        if not as_json:
            print(text, file=out, flush=True)

    say("Starting `wazuh-mcp serve --demo` (an embedded Wazuh stand-in with generated data)…")
    started = time.perf_counter()
    steps: list[dict[str, Any]] = []
    noted = False
    async with Client(params) as client:
        tools = {tool.name for tool in (await client.list_tools()).tools}
        say(f"Connected in {time.perf_counter() - started:.1f} s: {len(tools)} tools an assistant can call.")
        load = await wait_for_data(client, say)
        for question, name, arguments in TOUR:
            if name not in tools:
                continue
            t0 = time.perf_counter()
            result = await client.call_tool(name, arguments)
            elapsed_ms = round((time.perf_counter() - t0) * 1000)
            text = result.content[0].text if result.content and hasattr(result.content[0], "text") else ""
            found = notes(result)
            if result.is_error:
                lines = [f"The server refused the call and said how to fix it: {text}"]
            else:
                lines = tell(name, result.structured_content or {})
            if found:  # the load's notice carries changing counts: said in full once, then only named
                lines += (
                    ["Partial: the data is still loading (see the note above)."]
                    if noted
                    else [f"Note: {n}" for n in found]
                )
                noted = True
            step: dict[str, Any] = {"question": question, "tool": name, "arguments": arguments, "ms": elapsed_ms}
            step["result"] = {"error": text} if result.is_error else result.structured_content
            step["said"] = lines
            if found:
                step["notices"] = found
            steps.append(step)
            say(told(step))
    if as_json:
        print(json.dumps({"load": load, "steps": steps}, ensure_ascii=False, indent=1), file=out)
        return 0
    say(
        "\nEvery call above is in the audit log: run `wazuh-mcp audit` to see it. "
        "`wazuh-mcp demo --json` prints the data as one JSON document."
    )
    return 0


def run_tour(*, as_json: bool = False) -> int:
    return anyio.run(_run, sys.stdout, as_json)
