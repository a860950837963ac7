"""The 5.x demo's built-in dataset: our own, for when Wazuh's 5.x reference files are not here.

An installed wazuh-mcp does not ship Wazuh's 5.x templates (AGPL-3.0) or dashboard samples (GPL-2.0), so
``serve --demo --wazuh 5`` loads this instead: the 4.x demo's generated alerts (``standin.engine.demo_alerts``),
the scanner's vulnerabilities (``standin.dataset.generate_vulnerabilities``) and the stand-in fleet's
syscollector inventory (``standin.fleet``), each translated into the Wazuh 5.x document it becomes, by the facts
of ``../shared/reference/wazuh5/ruleset/MIGRATION-NOTES.md`` as ``wazuh_mcp.query.fields_v5`` holds them:

- an alert is a **finding** in ``wazuh-findings-v5-<category>`` (the integration's category, lower-cased and
  hyphenated), and its event (the finding without ``wazuh.rule``, ``indexer_load_v5.as_event``) is in
  ``wazuh-events-v5-<category>``;
- each 4.x field goes to its 5.x home (``WAZUH_FIELDS_OF_4X``: ``agent.*`` → ``wazuh.agent.*``,
  ``rule.description`` → ``wazuh.rule.title``, ``data.srcip`` → ``source.ip``, ``full_log`` →
  ``event.original``, ``syscheck.path`` → ``file.path`` …), a 0–16 level becomes its keyword band
  (``level_of_4x``), MITRE ids split into techniques and sub-techniques;
- vulnerabilities go to ``wazuh-states-vulnerabilities`` with the agent under ``wazuh.agent.*``; each agent's
  syscollector inventory (processes, packages, ports, and 5.x's services, users, groups, interfaces, networks,
  protocols, hotfixes, browser extensions, system and hardware), FIM state (files, registry keys and values:
  the 4.x FIM database with the FIM findings applied) and SCA results (its CIS policy's checks) to
  ``wazuh-states-<kind>`` in WCS names (``standin.dataset_v5_states``).

The templates are ours too: composable templates built from ``wazuh_mcp.query.template_types_v5`` (the
generated table of every field Wazuh's 5.x templates map, with its type), each mapping exactly the fields
this data sets, strict as Wazuh's state templates are. Those facts live above the stand-in's layer, so the
demo's wiring hands them in (``Schema5``, built by ``wazuh_mcp.demo.v5_schema``). Tests check every field each
document sets against Wazuh's own template files, and write every document through Wazuh's own templates on a
real OpenSearch 3.x node (``tests/indexer_v5/test_builtin_v5.py``).

The demo builds the findings and events first and the states in its loading thread once the first findings
are searchable (``builtin_documents(..., states_later=True)``): a first question waits on neither.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from standin.indexer_load_v5 import FINDINGS_PREFIX, DemoDocuments, as_event, set_paths, without_unmapped
from standin.query import set_path


@dataclass(frozen=True)
class Schema5:
    """What the translation knows of Wazuh 5.x: ``wazuh_mcp.query.fields_v5`` and ``template_types_v5``."""

    fields_of_4x: dict[str, str]
    """Each 4.x alert field's 5.x home (``WAZUH_FIELDS_OF_4X``)."""
    level_of_4x: Callable[[int], str | None]
    findings: dict[str, str]
    """Every field the findings template maps, with its type; events map these (less ``wazuh.rule``) and
    ``events_only``."""
    events_only: dict[str, str]
    findings_pattern: str
    events_pattern: str
    states: dict[str, dict[str, str]]
    """State kind (``inventory-ports``) -> its strict template's fields and types."""
    state_patterns: dict[str, str]
    unindexed: frozenset[str] = frozenset()
    """Fields Wazuh's templates store but do not index (``event.original``)."""


SCHEMA_VERSION = "1.7.0"
"""The WCS version Wazuh's 5.x state samples carry."""

Doc = dict[str, Any]

# decoder (or a JSON alert's data.integration) -> (5.x integration name, its category). Wazuh's own names
# where its 5.x samples use one (wazuh-fim, wazuh-malware, wazuh-sca, aws, o365, azure); the category decides
# the stream (MIGRATION-NOTES fact 2).
INTEGRATIONS: dict[str, tuple[str, str]] = {
    "syscheck_integrity_changed": ("wazuh-fim", "System Activity"),
    "syscheck_new_entry": ("wazuh-fim", "System Activity"),
    "syscheck_deleted": ("wazuh-fim", "System Activity"),
    "rootcheck": ("wazuh-malware", "Security"),
    "yara": ("wazuh-malware", "Security"),
    "virustotal": ("wazuh-malware", "Security"),
    "sca": ("wazuh-sca", "Security"),
    "oscap": ("wazuh-sca", "Security"),
    "sshd": ("linux-auth", "Access Management"),
    "pam": ("linux-auth", "Access Management"),
    "sudo": ("linux-auth", "Access Management"),
    "windows_eventchannel": ("windows-event", "Access Management"),
    "web-accesslog": ("web-access", "Network Activity"),
    "nginx": ("nginx", "Applications"),
    "postfix": ("postfix", "Applications"),
    "aws": ("aws", "Cloud Services"),
    "gcp": ("gcp", "Cloud Services"),
    "github": ("github", "Cloud Services"),
    "office365": ("o365", "Cloud Services"),
    "ms-graph": ("azure", "Cloud Services"),
}
OTHER = ("linux-syslog", "System Activity")
"""Every other decoder's (kernel, systemd, cron, auditd, package managers, containers, the agent's own)."""

# Handled below rather than moved as they are: the agent and cluster (from the fleet), the rule's level and
# MITRE ids (translated), the decoder (a list), the time (the document's own @timestamp).
_SPECIAL = {
    "timestamp",
    "agent.id",
    "agent.name",
    "agent.ip",
    "manager.name",
    "cluster.name",
    "cluster.node",
    "rule.level",
    "rule.mitre.id",
    "rule.mitre.technique",
    "rule.mitre.tactic",
    "decoder.name",
}
_NUMERIC = ("long", "integer", "short", "byte")


def _typed(value: Any, mapping: str | None) -> Any:
    """A 4.x value as the 5.x field's type takes it (4.x keeps ports as text; 5.x as numbers)."""
    if mapping in _NUMERIC and isinstance(value, str):
        return int(value) if value.strip().isdigit() else None
    return value


def stream_of(category: str) -> str:
    """``"Cloud Services"`` → ``cloud-services`` (MIGRATION-NOTES fact 2)."""
    return category.lower().replace(" ", "-")


def _agent(agent: Doc | None, alert_agent: Doc) -> Doc:
    """``wazuh.agent``: the fleet's record of the agent (groups, OS, version) or, for one it lacks, the alert's."""
    out: Doc = {"id": alert_agent["id"], "name": alert_agent.get("name")}
    if agent is None:
        return out
    host: Doc = {"hostname": agent["name"]}
    if agent.get("ip"):
        host["ip"] = [agent["ip"]]
    os_info = agent.get("os") or {}
    os_out = {k: os_info[k] for k in ("name", "platform", "version", "type") if os_info.get(k)}
    if os_info.get("arch"):
        host["architecture"] = os_info["arch"]
    if os_out:
        host["os"] = os_out
    out.update(host=host, groups=list(agent.get("group") or []), type="endpoint")
    if agent.get("version"):
        out["version"] = str(agent["version"]).removeprefix("Wazuh v")
    return out


def _mitre(mitre: Doc) -> Doc:
    """4.x's ``rule.mitre`` (ids, sub-techniques among them, with names beside) as 5.x's technique,
    sub-technique and tactic lists."""
    ids, names = list(mitre.get("id") or []), list(mitre.get("technique") or [])
    techniques: Doc = {"id": [], "name": []}
    subtechniques: Doc = {"id": [], "name": []}
    for i, technique in enumerate(ids):
        name = names[i] if i < len(names) else None
        if "." in technique:
            subtechniques["id"].append(technique)
            if name:
                subtechniques["name"].append(name)
            parent = technique.split(".")[0]
            if parent not in techniques["id"]:
                techniques["id"].append(parent)
        else:
            techniques["id"].append(technique)
            if name:
                techniques["name"].append(name)
    out: Doc = {"technique": techniques, "tactic": {"name": list(mitre.get("tactic") or [])}}
    if subtechniques["id"]:
        out["subtechnique"] = subtechniques
    return out


_Moves = dict[str, list[tuple[tuple[str, ...], str, str | None]]]
_MOVES: dict[int, _Moves] = {}
"""Per schema: each 4.x field to move, by its top-level key (the alert's keys pick the few to look at)."""


def _moves(schema: Schema5) -> _Moves:
    moves = _MOVES.get(id(schema.fields_of_4x))
    if moves is None:
        moves = _MOVES[id(schema.fields_of_4x)] = {}
        for old, new in schema.fields_of_4x.items():
            if old not in _SPECIAL:
                top, *rest = old.split(".")
                moves.setdefault(top, []).append((tuple(rest), new, schema.findings.get(new)))
    return moves


def finding_of(alert: Doc, agents: dict[str, Doc], cluster: Doc, schema: Schema5) -> tuple[str, Doc]:
    """A 4.x alert as the 5.x finding Wazuh writes for it, and the stream it goes to. ``agents``: each
    fleet agent's ``wazuh.agent`` (``_agent``), shared by its findings."""
    rule, data = alert["rule"], alert.get("data") or {}
    decoder = str((alert.get("decoder") or {}).get("name") or "")
    key = str(data.get("integration")) if decoder == "json" and data.get("integration") else decoder
    name, category = INTEGRATIONS.get(key, OTHER)
    finding: Doc = {"@timestamp": alert["@timestamp"]}
    for top, moves in _moves(schema).items():
        if (root := alert.get(top)) is None:
            continue
        for rest, new, mapping in moves:
            value = root
            for part in rest:
                value = value.get(part) if isinstance(value, dict) else None
            if value is not None and (typed := _typed(value, mapping)) is not None:
                set_path(finding, new, typed)
    original = alert.get("full_log") or (json.dumps(data, sort_keys=True) if data else None)
    event: Doc = {**(finding.get("event") or {}), "kind": "alert", "created": alert["@timestamp"], "id": alert["id"]}
    event["module"] = "fim" if name == "wazuh-fim" else "logcollector"
    if original:
        event["original"] = original
    finding["event"] = event
    geo = alert.get("GeoLocation")
    if isinstance(geo, dict) and "source" in finding:
        finding["source"]["geo"] = {k: v for k, v in geo.items() if k in ("country_name", "region_name", "city_name")}
        if isinstance(geo.get("location"), dict):
            finding["source"]["geo"]["location"] = geo["location"]
    wazuh = finding.setdefault("wazuh", {})
    known = agents.get(alert["agent"]["id"])
    wazuh["agent"] = {**known, "name": alert["agent"].get("name")} if known else _agent(None, alert["agent"])
    wazuh["cluster"] = cluster
    wazuh["integration"] = {"name": name, "category": category, "decoders": [decoder]}
    wazuh["rule"].update(level=schema.level_of_4x(int(rule["level"])) or "informational")
    if rule.get("mitre"):
        wazuh["rule"]["mitre"] = _mitre(rule["mitre"])
    wazuh["schema"] = {"version": SCHEMA_VERSION}
    return FINDINGS_PREFIX + stream_of(category), finding


def vulnerability_of(doc: Doc, agents: dict[str, Doc], cluster: Doc, schema: Schema5) -> tuple[str, Doc]:
    """A 4.x vulnerability state with the agent under ``wazuh.agent.*`` and only what 5.x's template maps."""
    source = {k: v for k, v in doc.items() if k not in ("agent", "wazuh")}
    source["wazuh"] = {
        "agent": _agent(agents.get(doc["agent"]["id"]), doc["agent"]),
        "cluster": cluster,
        "schema": {"version": SCHEMA_VERSION},
    }
    return "wazuh-states-vulnerabilities", _mapped(source, schema.states["vulnerabilities"])


def states_of(fleet: Any, alerts: Iterable[Doc], cluster: Doc, schema: Schema5) -> Iterator[tuple[str, Doc]]:
    """Each agent's inventory, FIM and SCA state (``standin.dataset_v5_states``) as its
    ``wazuh-states-<kind>`` document: the agent, cluster, WCS version and checksum beside it, and only what
    the kind's strict template maps. ``alerts``: the 4.x demo's, whose FIM findings the FIM state follows."""
    from standin.dataset_v5_states import checksum
    from standin.dataset_v5_states import states_of as agent_states

    fim: dict[str, list[Doc]] = {}
    for alert in sorted((a for a in alerts if "syscheck" in a), key=lambda a: str(a["@timestamp"])):
        fim.setdefault(str(alert["agent"]["id"]), []).append(alert)
    frameworks = sorted({name.split(".")[2] for name in schema.states["sca"] if name.startswith("check.compliance.")})
    views: dict[str, Doc] = {}
    for kind, agent, source, changed in agent_states(fleet, fim, frameworks):
        view = views.get(agent["id"])
        if view is None:
            view = views[agent["id"]] = _agent(agent, {"id": agent["id"], "name": agent["name"]})
        source["state"] = {"modified_at": changed, "document_version": 1}
        source["wazuh"] = {"agent": view, "cluster": cluster, "schema": {"version": SCHEMA_VERSION}}
        source["checksum"] = {"hash": {"sha1": checksum(agent["id"], kind, source)}}
        yield f"wazuh-states-{kind}", _mapped(source, schema.states[kind])


def _present(source: Doc) -> Doc:
    """The document without empty values (a syscollector column Wazuh left NULL)."""
    kept: Doc = {}
    for key, value in source.items():
        if isinstance(value, dict):
            value = _present(value)
        if value not in (None, [], {}):
            kept[key] = value
    return kept


_PROPERTIES: dict[int, Doc] = {}
"""A state table's nested properties, by the table's identity (built once: thousands of documents use each)."""


def _mapped(source: Doc, table: dict[str, str]) -> Doc:
    """The document with what the 5.x table maps (``without_unmapped``: a strict template refuses the rest)."""
    properties = _PROPERTIES.get(id(table))
    if properties is None:
        properties = _PROPERTIES[id(table)] = _nested(table, set(table))
    kept, _ = without_unmapped(_present(source), properties)
    return kept


def builtin_documents(now: datetime, schema: Schema5, *, states_later: bool = False) -> DemoDocuments:
    """The demo's 5.x documents, built from the 4.x demo's data at ``now``: findings newest first, their
    events, and the states (vulnerabilities, then each agent's inventory, FIM and SCA), with the templates
    that map them. ``states_later``: the states (and their templates) are built by ``docs.later``, which the
    demo's load calls after its first phases — nothing a first question needs waits on them."""
    from collections import Counter

    from standin.dataset import generate_vulnerabilities
    from standin.engine import demo_alerts
    from standin.estate import build_estate
    from standin.fleet import build_fleet

    now = now.astimezone(UTC)
    estate = build_estate()
    fleet = build_fleet(started=now, generation=5)  # the agents the 5.0 Server API stand-in lists
    agents = {a["id"]: a for a in fleet.agents}
    cluster = {"name": fleet.cluster_name, "node": fleet.node_name}
    views = {agent_id: _agent(agent, {"id": agent_id, "name": agent["name"]}) for agent_id, agent in agents.items()}
    alerts = [doc.source for doc in demo_alerts(estate, now)]
    findings = [finding_of(alert, views, cluster, schema) for alert in alerts]
    findings.sort(key=lambda item: str(item[1]["@timestamp"]), reverse=True)
    events = [event for target, source in findings if (event := as_event(target, source)) is not None]
    docs = DemoDocuments(findings, [], events, Counter())
    docs.templates = stream_templates(findings, schema)

    def states() -> tuple[list[tuple[str, Doc]], dict[str, Doc]]:
        built = [
            vulnerability_of(doc.source, agents, cluster, schema) for doc in generate_vulnerabilities(estate, now=now)
        ]
        built += states_of(fleet, alerts, cluster, schema)
        return built, state_templates(built, schema)

    if states_later:
        docs.later = states
    else:
        docs.states, more = states()
        docs.templates |= more
    return docs


def _nested(table: dict[str, str], paths: set[str], unindexed: frozenset[str] = frozenset()) -> Doc:
    """The mapping properties of the table's fields that ``paths`` set, nested as a template writes them."""
    properties: Doc = {}
    for name, mapping in sorted(table.items()):
        if name not in paths:
            continue
        *parents, leaf = name.split(".")
        node = properties
        for part in parents:
            node = node.setdefault(part, {"properties": {}})["properties"]
        node[leaf] = {"type": mapping, **_PARAMETERS.get(mapping, {})}
        if name in unindexed:  # stored, not searchable, as Wazuh maps it
            node[leaf] |= {"index": False, "doc_values": False}
    return properties


_PARAMETERS: dict[str, Doc] = {"scaled_float": {"scaling_factor": 100}}
"""What a type needs beside its name, as Wazuh's 5.x templates give it: their one ``scaled_float``
(``host.memory.usage``, a share between 0 and 1) is kept in hundredths."""


def _template(pattern: str, properties: Doc, *, stream: bool) -> Doc:
    body: Doc = {
        "index_patterns": [pattern],
        "priority": 1,
        "template": {
            "settings": {"index": {"number_of_shards": 1, "number_of_replicas": 0}},
            "mappings": {"dynamic": "strict", "date_detection": False, "properties": properties},
        },
    }
    if stream:
        body["data_stream"] = {}
    return body


def stream_templates(findings: list[tuple[str, Doc]], schema: Schema5) -> dict[str, Doc]:
    """Our composable templates for the finding and event streams: each maps the fields the findings set
    (their events: the same, less the rule), each with the type Wazuh's 5.x template gives it
    (``template_types_v5``)."""
    events_table = {**schema.findings, **schema.events_only}
    finding_paths = _paths(findings)
    # Each event is its finding without the rule and the pointer to the event (``as_event``): its paths follow.
    event_paths = {p for p in finding_paths if not p.startswith("wazuh.rule") and p != "event.doc_id"}
    return {
        name: _template(pattern, _nested(table, paths, schema.unindexed), stream=True)
        for name, pattern, table, paths in (
            ("wazuh-findings", schema.findings_pattern, schema.findings, finding_paths),
            ("wazuh-events", schema.events_pattern, events_table, event_paths),
        )
    }


def state_templates(states: list[tuple[str, Doc]], schema: Schema5) -> dict[str, Doc]:
    """Our templates for the state indices ``states`` write to, each mapping the fields its documents set."""
    found: dict[str, Doc] = {}
    for kind, pattern in schema.state_patterns.items():
        prefix = pattern.rstrip("*")
        mine = [(target, source) for target, source in states if target == prefix]
        if mine:
            properties = _nested(schema.states[kind], _paths(mine))
            found[f"wazuh-states-{kind}"] = _template(pattern, properties, stream=False)
    return found


def _paths(docs: Iterable[tuple[str, Doc]]) -> set[str]:
    return set_paths(source for _, source in docs)
