"""``wazuh-mcp demo``: a guided tour in the terminal, no Wazuh and no AI client needed.

It starts ``wazuh-mcp serve --demo`` exactly as an AI client would (a real MCP client over
stdio), then runs the calls an analyst's assistant would make for a morning triage and tells a
person what came back: one sentence per finding, with its numbers. ``--wazuh 5`` runs the demo as Wazuh
5.x (``serve --demo --wazuh 5``: the 5.0 Server API, and Wazuh's own 5.x samples when they are here, else the built-in 5.x dataset) with a script
in 5.x's words (keyword levels, rule titles, integrations, events beside findings). It first waits for the demo's
data to be loaded (``wazuh://demo/load``), saying so once, so the counts are the whole dataset's on
every run. ``--json`` prints one JSON document instead: the load, and each step's structured result
beside the sentences said about it. Everything it does is in the audit log like any other session.
"""

from __future__ import annotations

import ipaddress
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import anyio

from wazuh_mcp.untrusted import shown

Step = tuple[str, str, dict[str, Any]]
Body = dict[str, Any]

BRUTE_FORCE = "brute_force"
"""Not one tool: the calls an assistant makes to name an attacker (``brute_force``)."""
CHANGED_FILES = "changed_files"
"""Not one tool: the file changes of the busiest agent that has some, then its SCA (CIS) score."""

TOUR: list[Step] = [
    ("Is the manager healthy?", "cluster_status", {}),
    ("Which agents are connected?", "list_agents", {"status": "active", "size": 5}),
    ("What fired in the last 24 hours?", "summarize_alerts", {"time_range": "24h"}),
    ("Anything serious in the last hour?", "search_alerts", {"time_range": "1h", "min_level": 10, "size": 3}),
    ("Who is brute-forcing SSH (T1110)?", BRUTE_FORCE, {"technique_id": "T1110", "time_range": "24h"}),
    ("What is T1110?", "get_mitre_technique", {"technique_id": "T1110"}),
    ("Critical vulnerabilities in the fleet?", "search_vulnerabilities", {"min_severity": "Critical", "size": 3}),
    ("What does agent 001 expose?", "agent_ports", {"agent_id": "001", "size": 5}),
    ("Which files changed, and how hardened is that host?", CHANGED_FILES, {"time_range": "24h"}),
    ("A mistake the model might make", "list_agents", {"size": 5000}),
]

SOURCE_PIVOT = "source_pivot"
"""Not one tool: the calls an assistant makes to find who is behind the outside traffic (``source_pivot``)."""
TOP_TECHNIQUE = "top_technique"
"""Not one tool: the technique the last day's findings carry most, then what MITRE says it is."""
EXPOSED_AGENT = "exposed_agent"
"""Not one tool: the listening ports of the busiest agents (the first of them with an inventory)."""
TECHNIQUE_TRIES = 5
"""At most this many of the most frequent techniques are looked up (the first the MITRE database knows)."""
EXPOSED_TRIES = 8
"""At most this many agents are asked for their ports (the busiest first, then the active ones)."""

TOUR_V5: list[Step] = [
    ("Is the cluster healthy?", "cluster_status", {}),
    ("Which agents are connected?", "list_agents", {"status": "active", "size": 5}),
    ("What fired in the last 24 hours?", "summarize_alerts", {"time_range": "24h"}),
    (
        "Anything high or critical in the last 24 hours?",
        "search_alerts",
        {"time_range": "24h", "min_level": "high", "size": 3},
    ),
    ("Who is behind the traffic from outside?", SOURCE_PIVOT, {"time_range": "7d"}),
    ("Which technique shows most, and what is it?", TOP_TECHNIQUE, {"time_range": "24h"}),
    (
        "Events, not only findings?",
        "hunt_query",
        {
            "time_range": "24h",
            "events": True,
            "must": [{"field": "wazuh.integration.name", "op": "exists", "value": True}],
            "size": 1,
        },
    ),
    ("Critical vulnerabilities in the fleet?", "search_vulnerabilities", {"min_severity": "Critical", "size": 3}),
    ("What do the busiest agents expose?", EXPOSED_AGENT, {"time_range": "24h"}),
    ("Which files changed, and how hardened is that host?", CHANGED_FILES, {"time_range": "24h"}),
    ("A mistake the model might make", "list_agents", {"size": 5000}),
]
"""The same triage on Wazuh 5.x: findings told in 5.x's words (keyword levels, rule titles, integrations),
the pivot on an outside source address, and the events a 5.x Indexer keeps beside its findings. It names no
agent or technique of its own: each is the data's (the demo runs on Wazuh's samples or on its built-in data)."""

V5_SERIOUS = ("critical", "high")
"""5.x's keyword levels a person reads first (the 4.x tour's level 12 and above)."""


def script(wazuh: int) -> list[Step]:
    """The tour's questions for the Wazuh generation the demo plays."""
    return TOUR_V5 if wazuh == 5 else TOUR


PAGES = 5
"""At most this many pages of 100 alerts are read to count the sources (the demo's day has a few hundred)."""
SSHD = "sshd"

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
    return lines + _agent_and_tactics(body, "alert")


def _agent_and_tactics(body: Body, noun: str) -> list[str]:
    """A summary's noisiest agent and top MITRE tactics, told alike on both generations."""
    lines = []
    if body.get("by_agent"):
        top = body["by_agent"][0]
        name = f" {top['name']}" if top.get("name") else ""
        lines.append(f"Noisiest agent: {top['id']}{name}, {_n(int(top['count']), noun)}.")
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
    # 4.x's syscollector says "listening"; 5.x's inventory state keeps the socket's own word, "LISTEN".
    listening = [p for p in body.get("items", []) if str(p.get("state")).lower() in ("listening", "listen")]
    if not listening:
        return [f"Agent {body.get('agent_id')} listens on no port."]
    ports = ", ".join(f"{p['local_port']}/{p['protocol']} ({p.get('process') or '?'})" for p in listening)
    return [f"Agent {body.get('agent_id')} listens on {_n(len(listening), 'port')}: {ports}."]


def _summary_v5(body: Body) -> list[str]:
    """A 5.x summary: findings, levels by name (critical … informational), rules by title."""
    total = int(body["total"])
    if not total:
        return ["No findings in the last 24 hours."]
    levels = {str(x["level"]): int(x["count"]) for x in body.get("by_level", [])}
    serious = sum(levels.get(name, 0) for name in V5_SERIOUS)
    lines = [f"{_n(total, 'finding')} in the last 24 hours (Wazuh 5.x: a finding is an event that matched a rule)."]
    lines.append("By level: " + ", ".join(f"{name} {count:,}" for name, count in levels.items()) + ".")
    lines.append(
        f"{_n(serious, 'finding')} high or critical: read those first."
        if serious
        else "None high or critical: nothing serious."
    )
    if body.get("by_rule"):
        top = body["by_rule"][0]
        titles = [str(d["text"]) for d in top.get("descriptions") or []]
        title = top.get("description") or (titles[0] if titles else None)
        more = f" and {_n(len(titles) - 1, 'other title')}" if len(titles) > 1 else ""
        lines.append(f"Most frequent: rule {top['id']} ({title}{more}), {_n(int(top['count']), 'time')}.")
    return lines + _agent_and_tactics(body, "finding")


def _findings(body: Body) -> list[str]:
    """5.x findings: the keyword level, the rule's title, the agent, the integration that sent the event."""
    alerts = body.get("alerts", [])
    if not alerts:
        return ["No finding matches."]
    total = int(body.get("total", len(alerts)))
    lines = [f"{_n(total, 'finding')}; the newest {len(alerts)}{_more(body, len(alerts))}:"]
    for a in alerts:
        rule, agent = a["rule"], a["agent"]
        source = f" from {a['src_ip']}" if a.get("src_ip") else ""
        via = f" (integration {a['decoder']})" if a.get("decoder") else ""
        lines.append(f"  {rule['level']}: {rule.get('description')} on {agent.get('name') or agent['id']}{via}{source}")
    return lines


def _events(body: Body) -> list[str]:
    total = int(body.get("total", 0))
    return [
        f"{_n(total, 'event')} in the last 24 hours in wazuh-events-v5-*: every decoded log is an event, and "
        "the ones that matched a rule are the findings above (hunt_query with events: true reads them). "
        "In this demo each event is its finding without the rule (Wazuh publishes no 5.x event samples)."
    ]


TELL_V5: dict[str, Callable[[Body], list[str]]] = {
    "summarize_alerts": _summary_v5,
    "search_alerts": _findings,
    "alerts_by_mitre": _findings,
    "hunt_query": _events,
}
"""Where Wazuh 5.x's answers are told in its own words; every other tool as on 4.x."""


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


Call = Callable[[str, dict[str, Any]], Any]
"""Calls a tool; returns the result's structured content (raises ``RuntimeError`` with the error's text)."""


async def _all_alerts(call: Call, tool: str, arguments: dict[str, Any]) -> tuple[int, list[Body], dict[str, Body]]:
    """Every alert of a paged answer (up to ``PAGES`` pages of 100): the total, the alerts read, and the agents
    they name (id → name, IP; each page lists its own)."""
    first = await call(tool, {**arguments, "size": 100})
    alerts, agents = list(first.get("alerts", [])), dict(first.get("agents") or {})
    cursor, pages = first.get("next_cursor"), 1
    while cursor and pages < PAGES:
        page = await call(tool, {**arguments, "size": 100, "cursor": cursor})
        alerts += page.get("alerts", [])
        agents.update(page.get("agents") or {})
        cursor, pages = page.get("next_cursor"), pages + 1
    return int(first.get("total", len(alerts))), alerts, agents


async def brute_force(call: Call, arguments: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Who is brute-forcing SSH: the technique with its sub-techniques counted (and said so, since the numbers
    differ by how one asks), the sshd alerts among them counted by source IP, then a pivot on the top source."""
    technique, window = str(arguments["technique_id"]), str(arguments["time_range"])
    mitre = await call("alerts_by_mitre", {"technique_id": technique, "time_range": window, "size": 1})
    exact = await call(
        "hunt_query", {"time_range": window, "must": [{"field": "rule.mitre.id", "op": "eq", "value": technique}]}
    )
    hunt = {
        "time_range": window,
        "must": [
            {"field": "rule.mitre.id", "op": "prefix", "value": technique},
            {"field": "rule.groups", "op": "eq", "value": SSHD},
        ],
    }
    sshd_total, sshd_alerts, _ = await _all_alerts(call, "hunt_query", hunt)
    sources = Counter(str(a["src_ip"]) for a in sshd_alerts if a.get("src_ip"))
    results: dict[str, Any] = {
        "alerts_by_mitre": {"total": mitre.get("total")},
        "hunt_exact": {"total": exact.get("total")},
        "hunt_sshd": {"total": sshd_total, "read": len(sshd_alerts), "sources": dict(sources.most_common(5))},
    }
    total, only = int(mitre.get("total", 0)), int(exact.get("total", 0))
    lines = [
        f"{_n(total, 'alert')} map to {technique} or one of its sub-techniques ({technique}.001 and so on): "
        f"alerts_by_mitre counts them all, as a prefix hunt on rule.mitre.id does; only {_n(only, 'alert')} "
        f"carry {technique} itself (hunt_query rule.mitre.id eq {technique})."
    ]
    if not sources:
        return results, [*lines, f"None of them comes from {SSHD} with a source IP."]
    top = ", ".join(f"{ip} ({count:,})" for ip, count in sources.most_common(3))
    read = f" (the newest {len(sshd_alerts):,} read)" if len(sshd_alerts) < sshd_total else ""
    lines.append(f"{sshd_total:,} of them come from {SSHD}{read}; by source IP: {top}.")
    attacker = sources.most_common(1)[0][0]
    pivot_total, pivot_alerts, agents = await _all_alerts(
        call, "pivot_by_ioc", {"kind": "ip", "value": attacker, "time_range": window}
    )
    on_agent = Counter(str((a.get("agent") or {}).get("id")) for a in pivot_alerts if a.get("decoder") == SSHD)
    results["pivot"] = {"ip": attacker, "total": pivot_total, "read": len(pivot_alerts), "sshd_on": dict(on_agent)}
    where = ", ".join(
        f"{count:,} on {agent}{' ' + str(agents[agent]['name']) if (agents.get(agent) or {}).get('name') else ''}"
        for agent, count in on_agent.most_common(3)
    )
    ssh = sum(on_agent.values())
    rest = f" and {_n(pivot_total - ssh, 'other alert')}" if pivot_total > ssh else ""
    lines.append(
        f"The attacker is most likely {attacker}: pivot_by_ioc finds it in {_n(pivot_total, 'alert')}, "
        f"{_n(ssh, SSHD + ' alert')} ({where or 'on no agent'}){rest}."
    )
    return results, lines


def _outside(ip: str) -> bool:
    """A public address (not loopback, private, documentation or otherwise reserved)."""
    try:
        return ipaddress.ip_address(ip).is_global
    except ValueError:
        return False


async def source_pivot(call: Call, arguments: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Who is behind the traffic from outside (5.x): the findings with a source address (a hunt on WCS's
    ``source.ip``), counted by public address, then a pivot on the top one across every field that holds
    an IP, told by integration and agent."""
    window = str(arguments["time_range"])
    hunt = {"time_range": window, "must": [{"field": "source.ip", "op": "exists", "value": True}]}
    total, found, _ = await _all_alerts(call, "hunt_query", hunt)
    outside = Counter(str(a["src_ip"]) for a in found if a.get("src_ip") and _outside(str(a["src_ip"])))
    results: dict[str, Any] = {
        "hunt_source": {"total": total, "read": len(found), "outside": dict(outside.most_common(5))}
    }
    read = f" (the newest {len(found):,} read)" if len(found) < total else ""
    lines = [f"{_n(total, 'finding')} of the last {window} carry a source address (hunt_query source.ip exists){read}."]
    if not outside:
        return results, [*lines, "None of them comes from a public address."]
    top = ", ".join(f"{ip} ({count:,})" for ip, count in outside.most_common(3))
    lines.append(f"From outside (public addresses): {top}.")
    address = outside.most_common(1)[0][0]
    pivot_total, pivot_found, agents = await _all_alerts(
        call, "pivot_by_ioc", {"kind": "ip", "value": address, "time_range": window}
    )
    # A full page leaves a finding's integration off when its event is shown (the page's byte budget): those
    # are counted apart rather than as an integration.
    via = Counter(str(a["decoder"]) for a in pivot_found if a.get("decoder"))
    unnamed = len(pivot_found) - sum(via.values())
    on_agent = Counter(str((a.get("agent") or {}).get("id")) for a in pivot_found)
    rules = Counter(str((a.get("rule") or {}).get("description")) for a in pivot_found)
    results["pivot"] = {"ip": address, "total": pivot_total, "read": len(pivot_found), "integrations": dict(via)}
    integrations = ", ".join(f"{name} ({count:,})" for name, count in via.most_common(3))
    where = ", ".join(
        f"{agent}{' ' + str(agents[agent]['name']) if (agents.get(agent) or {}).get('name') else ''} ({count:,})"
        for agent, count in on_agent.most_common(3)
    )
    through = f"through the {'integration' if len(via) == 1 else 'integrations'} {integrations}" if via else ""
    if unnamed:
        through += f"{' and ' if via else ''}{_n(unnamed, 'finding')} read without the integration named"
    lines.append(f"Pivot on {address}: pivot_by_ioc finds it in {_n(pivot_total, 'finding')}, {through}, on {where}.")
    if rules:
        rule, count = rules.most_common(1)[0]
        lines.append(f"Its most frequent rule: {rule} ({_n(count, 'time')}).")
    return results, lines


async def top_technique(call: Call, arguments: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The technique the window's findings carry most (``summarize_alerts``'s ``by_technique``), then what the
    MITRE database says it is (``get_mitre_technique``; the next most frequent when it does not know one)."""
    window = str(arguments["time_range"])
    summary = await call("summarize_alerts", {"time_range": window})
    ranked = list(summary.get("by_technique") or [])[:TECHNIQUE_TRIES]
    if not ranked:
        return {"by_technique": []}, [f"No finding of the last {window} names a MITRE technique."]
    results: dict[str, Any] = {"by_technique": ranked}
    for rank, entry in enumerate(ranked):
        try:
            technique = await call("get_mitre_technique", {"technique_id": str(entry["id"])})
        except RuntimeError:  # an id the manager's MITRE database does not hold: the next one
            continue
        results["technique"] = technique.get("technique")
        which = "more than any other" if rank == 0 else f"the most frequent one MITRE's database knows ({rank + 1}.)"
        line = f"{entry['id']} is on {_n(int(entry['count']), 'finding')} of the last {window}, {which}."
        return results, [line, *_technique(technique)]
    ids = ", ".join(str(entry["id"]) for entry in ranked)
    return results, [f"The last {window}'s most frequent techniques ({ids}) are not in the MITRE database."]


async def busiest_agents(call: Call, window: str) -> list[str]:
    """The window's noisiest agents, then the active ones: whom a step asks first (each once, at most
    ``EXPOSED_TRIES``)."""
    summary = await call("summarize_alerts", {"time_range": window})
    active = await call("list_agents", {"status": "active", "size": EXPOSED_TRIES})
    candidates = [str(b["id"]) for b in summary.get("by_agent") or []] + [
        str(a["id"]) for a in active.get("agents") or []
    ]
    return list(dict.fromkeys(candidates))[:EXPOSED_TRIES]


async def exposed_agent(call: Call, arguments: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """What the busiest agents expose: asked for their ports (``agent_ports``) until one has an inventory."""
    asked: list[str] = []
    for agent_id in await busiest_agents(call, str(arguments["time_range"])):
        asked.append(agent_id)
        ports = await call("agent_ports", {"agent_id": agent_id, "size": 5})
        if ports.get("items"):
            return {"asked": asked, "ports": ports}, _ports(ports)
    return {"asked": asked}, [f"None of agents {', '.join(asked) or '(none)'} has a port inventory."]


async def changed_files(call: Call, arguments: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Which files changed: the busiest agents asked for their file changes (``fim_changes_by_agent``) until one
    has some; then that agent's SCA policies (``agent_sca``), the hardening its changes happen on."""
    window = str(arguments["time_range"])
    asked: list[str] = []
    for agent_id in await busiest_agents(call, window):
        asked.append(agent_id)
        changes = await call("fim_changes_by_agent", {"agent_id": agent_id, "time_range": window, "size": 3})
        if not changes.get("events"):
            continue
        try:
            policies = await call("agent_sca", {"agent_id": agent_id})
        except RuntimeError as exc:  # no SCA results for it: the changes are still the answer
            policies = {"error": str(exc)}
        return {"asked": asked, "changes": changes, "sca": policies}, _changes(changes, window) + _sca(policies)
    return {"asked": asked}, [f"No file changed on agents {', '.join(asked) or '(none)'} in the last {window}."]


def _changes(body: Body, window: str) -> list[str]:
    events = body["events"]
    agent = events[0]["agent"]
    name = f"{agent['id']} ({agent['name']})" if agent.get("name") else str(agent["id"])
    total = int(body.get("total", len(events)))
    newest = f"; the newest {len(events)}" if total > len(events) else ""
    lines = [f"Agent {name}: {_n(total, 'file change')} in the last {window}{newest}:"]
    for event in events:
        file = event["file"]
        by = f" by {file['who']}" if file.get("who") else ""
        lines.append(f"  {file.get('event') or 'changed'}: {file['path']}{by}")
    return lines


def _sca(body: Body) -> list[str]:
    policies = body.get("policies") or []
    if not policies:
        return ["It has no SCA (CIS benchmark) results."]
    worst = min(policies, key=lambda p: p.get("score") if p.get("score") is not None else 101)
    score = f"scores {worst['score']} %" if worst.get("score") is not None else "has no score yet"
    return [
        f"Its hardening: {str(worst.get('name') or worst['policy_id']).rstrip('.')} {score}, "
        f"{_n(int(worst['failed']), 'failed check')} (agent_sca lists them)."
    ]


COMPOSITES: dict[str, tuple[frozenset[str], Callable[[Call, dict[str, Any]], Any]]] = {
    BRUTE_FORCE: (frozenset({"alerts_by_mitre", "hunt_query", "pivot_by_ioc"}), brute_force),
    SOURCE_PIVOT: (frozenset({"hunt_query", "pivot_by_ioc"}), source_pivot),
    TOP_TECHNIQUE: (frozenset({"summarize_alerts", "get_mitre_technique"}), top_technique),
    EXPOSED_AGENT: (frozenset({"summarize_alerts", "list_agents", "agent_ports"}), exposed_agent),
    CHANGED_FILES: (
        frozenset({"summarize_alerts", "list_agents", "fim_changes_by_agent", "agent_sca"}),
        changed_files,
    ),
}
"""The steps made of several calls: the tools they need, and the function that makes them."""


def tell(name: str, body: Body, wazuh: int = 4) -> list[str]:
    """What a result means for a person, in short sentences (the JSON is one flag away)."""
    try:
        teller = (TELL_V5.get(name) if wazuh == 5 else None) or TELL[name]
        return teller(body)
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
            what = (
                f"{int(load['alerts_total']):,} findings with their events, and the fleet's states"
                if load.get("wazuh") == 5
                else f"{int(load['alerts_total']):,} alerts and the fleet's vulnerabilities"
            )
            say(f"Loading the demo's data ({what})…")
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
    tool = step.get("calls") or step["tool"]
    return f"\n▶ {step['question']}   [{tool}, {step['ms']} ms]\n  " + "\n  ".join(step["said"])


async def _composite(client: Any, question: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """A question of several calls (``COMPOSITES``), told as one step (each call is in the audit log)."""
    made: list[str] = []

    async def call(name: str, args: dict[str, Any]) -> Any:
        made.append(name)
        result = await client.call_tool(name, args)
        if result.is_error:
            raise RuntimeError(result.content[0].text if result.content else f"{name} failed")
        return result.structured_content or {}

    t0 = time.perf_counter()
    try:
        results, lines = await COMPOSITES[name][1](call, arguments)
    except RuntimeError as exc:
        results, lines = {"error": str(exc)}, [f"The server refused a call and said how to fix it: {exc}"]
    elapsed_ms = round((time.perf_counter() - t0) * 1000)
    tool = ", ".join(dict.fromkeys(made))
    return {
        "question": question,
        "tool": name,
        "calls": tool,
        "arguments": arguments,
        "ms": elapsed_ms,
        "result": results,
        "said": lines,
    }


async def walk(client: Any, tools: set[str], wazuh: int, say: Callable[[str], None]) -> list[dict[str, Any]]:
    """The tour's questions over a connected client, each told with ``say`` as it is answered; the steps."""
    steps: list[dict[str, Any]] = []
    noted = False
    for question, name, arguments in script(wazuh):
        if name in COMPOSITES:
            if COMPOSITES[name][0] <= tools:
                steps.append(await _composite(client, question, name, arguments))
                say(told(steps[-1]))
            continue
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
            lines = tell(name, result.structured_content or {}, wazuh)
        if found:  # the load's notice carries changing counts: said in full once, then only named
            lines += (
                ["Partial: the data is still loading (see the note above)."] if noted else [f"Note: {n}" for n in found]
            )
            noted = True
        step: dict[str, Any] = {"question": question, "tool": name, "arguments": arguments, "ms": elapsed_ms}
        step["result"] = {"error": text} if result.is_error else result.structured_content
        step["said"] = lines
        if found:
            step["notices"] = found
        steps.append(step)
        say(told(step))
    return steps


async def _run(out: Any, as_json: bool, wazuh: int = 4) -> int:
    from mcp.client.client import Client
    from mcp.client.stdio import StdioServerParameters

    from wazuh_mcp.setup.serve_command import serve_argv

    command, *args = serve_argv(demo=True, wazuh=wazuh)
    # The user's own environment (their WAZUH_MCP_STATE_DIR, ...): the SDK passes only a default set.
    params = StdioServerParameters(command=command, args=args, env=dict(os.environ))

    def say(text: str) -> None:
        if not as_json:  # the results quote alert text (a host's words): through the one sanitizer
            print(shown(text, multiline=True), file=out, flush=True)

    say(
        "Starting `wazuh-mcp serve --demo --wazuh 5` (an embedded Wazuh 5.x stand-in: Wazuh's own 5.x samples when "
        "they are here, else the built-in 5.x dataset)…"
        if wazuh == 5
        else "Starting `wazuh-mcp serve --demo` (an embedded Wazuh stand-in with generated data)…"
    )
    started = time.perf_counter()
    async with Client(params) as client:
        tools = {tool.name for tool in (await client.list_tools()).tools}
        say(f"Connected in {time.perf_counter() - started:.1f} s: {len(tools)} tools an assistant can call.")
        load = await wait_for_data(client, say)
        if load and load.get("dataset"):
            say(f"The data: {load['dataset']}.")
        steps = await walk(client, tools, wazuh, say)
    if as_json:
        print(json.dumps({"load": load, "steps": steps}, ensure_ascii=False, indent=1), file=out)
        return 0
    say(
        "\nEvery call above is in the audit log: run `wazuh-mcp audit` to see it. "
        "`wazuh-mcp demo --json` prints the data as one JSON document."
    )
    return 0


def run_tour(*, as_json: bool = False, wazuh: int = 4) -> int:
    return anyio.run(_run, sys.stdout, as_json, wazuh)
