"""The 5.x test bed holds what Wazuh's files say it should: each sample document is taken or refused by
the engine exactly as Wazuh's strict templates decide (computed from the template files, not from the
engine or our loader), and the levels, agents and categories of the findings are Wazuh's own."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from standin import indexer_load_v5
from tests.indexer_v5.conftest import V5Engine

ENDS = ("flat_object", "geo_point")


def _mapped(mappings: dict[str, Any]) -> dict[str, str]:
    """Every leaf a template maps: its properties, and (events) its exact ``path_match`` dynamic templates."""
    leaves = {
        rule["path_match"]: rule.get("mapping", {}).get("type", "object")
        for entry in mappings.get("dynamic_templates", [])
        for rule in entry.values()
        if "*" not in rule.get("path_match", "*")
    }
    return {**leaves, **_template_leaves(mappings.get("properties", {}))}


def _template_leaves(properties: dict[str, Any], prefix: str = "") -> dict[str, str]:
    leaves: dict[str, str] = {}
    for key, node in properties.items():
        if "properties" in node:
            leaves.update(_template_leaves(node["properties"], f"{prefix}{key}."))
        else:
            leaves[f"{prefix}{key}"] = node.get("type", "object")
    return leaves


def _doc_leaves(doc: dict[str, Any], mapped: dict[str, str], prefix: str = "") -> set[str]:
    """Every field path a document sets (an array of objects maps as its objects do; an empty object sets
    nothing, as the engine reads it)."""
    found: set[str] = set()
    for key, value in doc.items():
        name = f"{prefix}{key}"
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict) and mapped.get(name) not in ENDS:
                found |= _doc_leaves(item, mapped, f"{name}.")
            else:
                found.add(name)
    return found


def _expected(reference: Path) -> tuple[Counter[str], Counter[str]]:
    """(taken, refused) per target, decided by the strict template whose pattern matches the target."""
    templates = {
        tuple(body["index_patterns"]): _mapped(body["template"]["mappings"])
        for body in indexer_load_v5.templates(reference).values()
    }
    taken: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    for target, source in indexer_load_v5.documents(reference):
        mapped = next(
            leaves for patterns, leaves in templates.items() if any(target.startswith(p.rstrip("*")) for p in patterns)
        )
        (refused if _doc_leaves(source, mapped) - set(mapped) else taken)[target] += 1
    return taken, refused


def test_the_engine_takes_and_refuses_what_wazuhs_strict_templates_decide(v5_engine: V5Engine) -> None:
    taken, refused = _expected(v5_engine.reference)
    assert dict(v5_engine.report.accepted) == dict(taken)
    assert dict(v5_engine.report.rejected_count) == dict(refused)
    for target, reasons in v5_engine.report.rejected.items():
        assert all("strict" in reason for reason in reasons), (target, reasons)


def _search(url: str, body: dict[str, Any], target: str = "wazuh-findings-v5*") -> dict[str, Any]:
    answer: dict[str, Any] = indexer_load_v5.call(url, "POST", f"/{target}/_search", json.dumps(body).encode())
    return answer


def test_findings_levels_agents_and_categories_are_wazuhs(v5_engine: V5Engine) -> None:
    """A terms aggregation on the keyword level and the agent, and the per-category streams, against the
    counts of the sample file itself."""
    expected_levels: Counter[str] = Counter()
    expected_agents: Counter[str] = Counter()
    for target, source in indexer_load_v5.sample_lines(v5_engine.reference):
        if target.startswith("wazuh-findings-v5-"):
            expected_levels[source["wazuh"]["rule"]["level"]] += 1
            expected_agents[source["wazuh"]["agent"]["id"]] += 1
    answer = _search(
        v5_engine.url,
        {
            "size": 0,
            "track_total_hits": True,
            "aggs": {
                "levels": {"terms": {"field": "wazuh.rule.level", "size": 10}},
                "agents": {"terms": {"field": "wazuh.agent.id", "size": 100}},
            },
        },
    )
    assert answer["hits"]["total"]["value"] == sum(expected_levels.values())
    levels = {b["key"]: b["doc_count"] for b in answer["aggregations"]["levels"]["buckets"]}
    agents = {b["key"]: b["doc_count"] for b in answer["aggregations"]["agents"]["buckets"]}
    assert levels == dict(expected_levels)
    assert agents == dict(expected_agents)
