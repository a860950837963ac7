"""Field knowledge against Wazuh's own files: the generated type table is current, and every IP, user,
host or hash field Wazuh's template knows is pivoted on, or listed in ``NOT_PIVOTED`` with a reason."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO, shared_dir
from wazuh_mcp.query import template_types, template_types_v5
from wazuh_mcp.query.fields import FIELDS, NOT_PIVOTED, SLOTS, ioc_fields, is_ip
from wazuh_mcp.query.hunt_grammar import any_field

TEMPLATE = Path("reference/wazuh/indexer/wazuh-template-4.14.7.json")
PIPELINE = Path("reference/wazuh/indexer/filebeat-alerts-ingest-pipeline-4.14.7.json")

# What a field name says it holds (the last part of its path); an ``ip`` mapping or a geoip source is an IP
# whatever its name.
NAME_SAYS = {
    "ip": re.compile(
        r"(?i)(^|_)(src|dst)?ip$|ipaddress(v4)?$|^(client|source|remote|local)_?ip|(src|dst)addr$|^address$"
    ),
    "user": re.compile(
        r"(?i)(user(name|id|principalname|displayname)?|srcuser|dstuser|actor|euser|ruser|suser|upn|principalemail)$"
    ),
    "host": re.compile(
        r"(?i)(hostname|computer|system_name|dnsname|queryname|devicename|workstationname|vminstancename)$"
    ),
    "hash": re.compile(r"(?i)(^|_)(md5|sha1|sha256)(_after|_before)?$"),
}
KIND_OF = {"ip": "ip", "user": "user", "host": "domain", "hash": "hash"}


def _shared() -> Path:
    shared = shared_dir()
    if shared is None or not (shared / TEMPLATE).is_file():
        pytest.skip("../shared (Wazuh's alerts template and ingest pipeline) is not available")
    return shared


def _generator() -> Any:
    spec = importlib.util.spec_from_file_location("gen_template_types", REPO / "scripts" / "gen_template_types.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_type_table_is_generated_from_the_current_template() -> None:
    shared = _shared()
    expected = _generator().expected(shared)
    assert Path(template_types.__file__).read_text(encoding="utf-8") == expected, (
        "wazuh_mcp/query/template_types.py is stale: run python scripts/gen_template_types.py"
    )


def test_the_5x_type_table_is_generated_from_the_current_5x_templates() -> None:
    shared = shared_dir()
    if shared is None or not (shared / "reference/wazuh5/indexer/templates/streams/findings.json").is_file():
        pytest.skip("../shared/reference/wazuh5 (Wazuh 5.x's index templates) is not available")
    assert Path(template_types_v5.__file__).read_text(encoding="utf-8") == _generator().expected_v5(shared), (
        "wazuh_mcp/query/template_types_v5.py is stale: run python scripts/gen_template_types.py"
    )


def test_the_5x_table_knows_the_fields_5x_findings_carry() -> None:
    """Every leaf of the dashboard's 5.x sample findings is a field of the generated findings table."""
    shared = shared_dir()
    samples = shared / "reference/wazuh5/samples/dashboard-findings" if shared else None
    if samples is None or not samples.is_dir():
        pytest.skip("../shared/reference/wazuh5/samples (Wazuh's 5.x sample findings) is not available")

    def leaves(doc: dict[str, Any], prefix: str = "") -> set[str]:
        out: set[str] = set()
        for key, value in doc.items():
            name = f"{prefix}{key}"
            flat = template_types_v5.FINDINGS.get(name) in ("flat_object", "geo_point")
            out |= leaves(value, f"{name}.") if isinstance(value, dict) and not flat else {name}
        return out

    seen: set[str] = set()
    for path in sorted(samples.rglob("*.json")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                seen |= leaves(json.loads(line))
    assert seen, "no sample finding was read"
    assert sorted(seen - set(template_types_v5.FINDINGS)) == []
    assert template_types_v5.FINDINGS["wazuh.rule.level"] == "keyword"


def _template_fields(shared: Path) -> dict[str, str]:
    """Every field Wazuh's template names: mapped leaves (with their type) and its default query fields."""
    template = json.loads((shared / TEMPLATE).read_text())
    leaves: dict[str, str] = _generator().leaf_types(template["mappings"]["properties"])
    for name in template["settings"]["index.query.default_field"]:
        leaves.setdefault(name, "keyword")
    return leaves


def _kind_by_name(name: str, mapped: str) -> str | None:
    last = name.rsplit(".", 1)[-1]
    if mapped == "ip" or name in template_types.GEOIP:
        return "ip"
    return next((kind for kind, pattern in NAME_SAYS.items() if pattern.search(last)), None)


def test_every_ip_user_host_and_hash_field_of_the_template_is_pivoted_or_has_a_reason() -> None:
    shared = _shared()
    leaves = _template_fields(shared)
    found: dict[str, str] = {}
    missing: list[str] = []
    for name, mapped in sorted(leaves.items()):
        meaning = _kind_by_name(name, mapped)
        if meaning is None or mapped in ("geo_point", "text", "object"):
            continue
        found[name] = meaning
        if name in NOT_PIVOTED:
            continue
        info = FIELDS.get(name)
        if info is None or info.meaning != meaning:
            missing.append(f"{name} ({meaning}; ours: {info.meaning if info else 'absent'})")
            continue
        algorithm = info.algorithm
        assert name in ioc_fields(KIND_OF[meaning], algorithm), name  # type: ignore[arg-type]
    assert not missing, "fields of Wazuh's template pivoted nowhere and without a reason:\n" + "\n".join(missing)
    assert len(found) > 60  # the walk saw the integrations (a broken pattern would pass trivially)
    # The ingest pipeline's geoip sources are IP fields the pivots search.
    for source in template_types.GEOIP:
        assert is_ip(source) and source in ioc_fields("ip"), source


def test_reasons_name_real_template_fields() -> None:
    leaves = _template_fields(_shared())
    assert not [name for name in NOT_PIVOTED if name not in leaves]
    assert not set(NOT_PIVOTED) & {f for f, info in FIELDS.items() if info.meaning in ("ip", "user", "host", "hash")}


def test_no_field_is_mapped_as_text() -> None:
    """A term query on a ``text`` field matches tokens, not the value: such fields cannot be hunted exactly."""
    assert not [name for name, info in FIELDS.items() if info.mapping == "text"]


def test_hashes_of_each_length_include_fim_and_virustotal() -> None:
    assert {"syscheck.md5_after", "data.virustotal.source.md5"} <= set(ioc_fields("hash", "md5"))
    assert {"syscheck.sha1_after", "data.virustotal.source.sha1"} <= set(ioc_fields("hash", "sha1"))
    assert ioc_fields("hash", "sha256")[0] == "syscheck.sha256_after"


def test_any_field_is_one_should_of_terms_over_the_fields_the_value_fits() -> None:
    query, fields = any_field(ioc_fields("ip"), "203.0.113.7")
    assert fields == list(ioc_fields("ip"))
    assert set(query) == {"bool"} and set(query["bool"]) == {"should", "minimum_should_match"}
    assert query["bool"]["minimum_should_match"] == 1
    assert query["bool"]["should"] == [{"term": {f: "203.0.113.7"}} for f in fields]
    with pytest.raises(ValueError, match="fits none"):
        any_field(ioc_fields("ip"), "not-an-ip")
    digest, fitting = any_field(ioc_fields("hash", "md5"), "AB" * 16)
    assert {next(iter(t["term"].values())) for t in digest["bool"]["should"]} == {"ab" * 16}
    assert fitting == list(ioc_fields("hash", "md5"))


def test_the_alert_slots_are_fields_of_their_meaning() -> None:
    """src_ip/src_user/dst_user/host are filled from fields of that meaning, every one also pivoted."""
    meaning = {"src_ip": "ip", "src_user": "user", "dst_user": "user", "host": "host"}
    for slot, names in SLOTS.items():
        for name in names:
            assert FIELDS[name].meaning == meaning[slot], (slot, name)
            assert name in ioc_fields(KIND_OF[meaning[slot]]), name  # type: ignore[arg-type]


def test_what_names_an_ms_graph_alert_is_huntable() -> None:
    """Issue 25: the ms-graph alerts' identifying fields (``data.ms-graph.title`` and the others its view
    shows) were not hunt fields: an analyst saw a title and could not hunt for it. Every field the ms-graph
    view shows that Wazuh's dashboard sample fills is one, with the type Wazuh's template gives it."""
    from wazuh_mcp.query.hunt_grammar import FIELDS as HUNT_FIELDS
    from wazuh_mcp.tools.event_view import FAMILIES

    shared = shared_dir()
    if shared is None:
        pytest.skip("../shared (Wazuh's dashboard sample) is absent")
    sample = shared / "reference/wazuh/samples/dashboard-sample-alerts-4.14.7.ndjson"
    graph = [json.loads(line)["alert"] for line in sample.read_text().splitlines() if '"ms-graph"' in line]
    assert graph, "the sample has MS Graph alerts"
    view = next(family for family in FAMILIES if family.name == "ms-graph")
    filled = [
        f"data.{path}"
        for alternatives in view.fields
        for path in alternatives
        if any(path.split(".", 1)[1] in alert["data"].get("ms-graph", {}) for alert in graph)
    ]
    assert "data.ms-graph.title" in filled
    assert [name for name in filled if name not in HUNT_FIELDS] == []
