"""Every document of the 5.x demo's built-in dataset (``standin.dataset_v5``) is one Wazuh's own strict 5.x
templates accept, on a real OpenSearch 3.x node (Wazuh 5.0's indexer).

Wazuh's templates (``../shared/reference/wazuh5/indexer/templates``) are put under patterns of this test's
own (``v5builtin-<pattern>``), so the streams and indices the other 5.x tests share on that node are never
touched; everything this test makes is deleted after it. A finding with one field Wazuh does not map is sent
beside them and must be refused: the templates are strict here, so acceptance means something.
"""

from __future__ import annotations

import json
import os
import urllib.error
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from standin import indexer_load_v5
from standin.dataset_v5 import builtin_documents
from wazuh_mcp.demo import v5_schema

PREFIX = "v5builtin-"
ROOT = Path(__file__).resolve().parents[2]


def _reference() -> Path:
    found = indexer_load_v5.reference_dir()
    if found is None:
        pytest.skip("../shared/reference/wazuh5 (Wazuh 5.x's templates) is not available")
    return found


def _drop(url: str, names: list[str]) -> None:
    for path in (
        f"/_data_stream/{PREFIX}*",
        f"/{PREFIX}*?expand_wildcards=all",
        *(f"/_index_template/{n}" for n in names),
    ):
        try:
            indexer_load_v5.call(url, "DELETE", path)
        except urllib.error.HTTPError as exc:
            if exc.code != 404:
                raise


@pytest.fixture
def wazuhs_templates() -> Iterator[str]:
    """The node's URL with Wazuh's 5.x templates put under this test's prefix."""
    url = os.environ.get("WAZUH_MCP_TEST_OPENSEARCH3_URL")
    if not url:
        pytest.skip("WAZUH_MCP_TEST_OPENSEARCH3_URL is unset: no OpenSearch 3.x node (scripts/test.sh starts one)")
    reference = _reference()
    engine = indexer_load_v5.engine_of(url)
    names: list[str] = []
    _drop(url, [])
    try:
        for name, body in indexer_load_v5.templates(reference).items():
            adapted, _ = indexer_load_v5.for_engine(body, engine)
            adapted["index_patterns"] = [PREFIX + p for p in adapted["index_patterns"]]
            adapted["priority"] = 900 + int(adapted.get("priority") or 0)
            settings = adapted.get("template", {}).get("settings", {})
            for key in [k for k in settings if k.startswith("plugins.index_state_management.")]:
                settings.pop(key)  # the rollover alias names Wazuh's own stream
            names.append(PREFIX + name)
            indexer_load_v5.call(url, "PUT", f"/_index_template/{PREFIX + name}", json.dumps(adapted).encode())
        yield url
    finally:
        _drop(url, names)


def test_wazuhs_strict_5x_templates_accept_every_builtin_document(wazuhs_templates: str) -> None:
    url = wazuhs_templates
    docs = builtin_documents(datetime.now(UTC), v5_schema())
    batch: list[tuple[str, dict[str, Any]]] = [
        (PREFIX + target, source) for target, source in (*docs.findings, *docs.events, *docs.states)
    ]
    stray = json.loads(json.dumps(docs.findings[0][1]))
    stray["wazuh"]["rule"]["not_a_wazuh_field"] = "x"
    control = PREFIX + docs.findings[0][0]
    report = indexer_load_v5.LoadReport()
    for start in range(0, len(batch), 1000):
        indexer_load_v5.bulk_create(url, batch[start : start + 1000], report)
    indexer_load_v5.bulk_create(url, [(control, stray)], report)
    expected = Counter(target for target, _ in batch)
    assert report.rejected_count == Counter({control: 1}), report.rejected
    assert "strict" in report.rejected[control][0]
    assert report.accepted == expected
    for kind in ("wazuh-findings-v5-", "wazuh-events-v5-", "wazuh-states-vulnerabilities", "wazuh-states-inventory-"):
        assert any(t.startswith(PREFIX + kind) for t in expected), kind


# --- without a node: every field against Wazuh's own template files --------------------------------


def _nodes(properties: dict[str, Any], prefix: str = "") -> dict[str, dict[str, Any]]:
    """Every leaf a template's properties map (``a.b.c`` -> its mapping: type and parameters), read from the
    template's JSON as it is."""
    found: dict[str, dict[str, Any]] = {}
    for key, node in properties.items():
        found |= _nodes(node["properties"], f"{prefix}{key}.") if "properties" in node else {prefix + key: node}
    return found


def _wazuhs_tables(reference: Path) -> dict[str, dict[str, dict[str, Any]]]:
    """Index or stream prefix -> every field Wazuh's template for it maps, with its mapping (the events
    template's exact ``dynamic_templates`` paths included)."""
    tables: dict[str, dict[str, dict[str, Any]]] = {}
    for body in indexer_load_v5.templates(reference).values():
        mappings = body["template"]["mappings"]
        fields = _nodes(mappings.get("properties", {}))
        for entry in mappings.get("dynamic_templates", []):
            (rule,) = entry.values()
            if "*" not in str(rule.get("path_match", "*")):
                fields[rule["path_match"]] = rule["mapping"]
        for pattern in body["index_patterns"]:
            tables[str(pattern).rstrip("*")] = fields
    return tables


def _leaves(value: Any, table: dict[str, dict[str, Any]], path: str = "") -> Iterator[tuple[str, Any]]:
    """Each leaf value and its path; a geo_point's ``{lat, lon}`` is one value."""
    if isinstance(value, dict) and (table.get(path) or {}).get("type") != "geo_point":
        for key, inner in value.items():
            yield from _leaves(inner, table, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for inner in value:
            yield from _leaves(inner, table, path)
    else:
        yield path, value


def _fits(node: dict[str, Any], value: Any) -> bool:
    """Whether a leaf value is what a field of that mapping takes (as OpenSearch parses it; a keyword under
    its ``ignore_above``, past which it would be stored but not found)."""
    import ipaddress

    mapping = node.get("type", "object")
    if mapping in ("keyword", "match_only_text", "text", "wildcard"):
        return isinstance(value, str) and len(value) <= int(node.get("ignore_above") or len(value))
    if mapping in ("long", "integer", "short", "byte"):
        return isinstance(value, int) and not isinstance(value, bool)
    if mapping == "unsigned_long":
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0
    if mapping in ("float", "double", "scaled_float", "half_float"):
        return isinstance(value, int | float) and not isinstance(value, bool)
    if mapping == "boolean":
        return isinstance(value, bool)
    if mapping == "geo_point":
        return isinstance(value, dict) and all(isinstance(value.get(k), int | float) for k in ("lat", "lon"))
    if mapping == "date":
        return isinstance(value, str) and datetime.fromisoformat(value.replace("Z", "+00:00")) is not None
    if mapping == "ip":
        return isinstance(value, str) and ipaddress.ip_address(value) is not None
    return False


@pytest.fixture(scope="module")
def builtin() -> Any:
    return builtin_documents(datetime.now(UTC), v5_schema())


def _table_of(tables: dict[str, dict[str, dict[str, Any]]], target: str) -> tuple[str, dict[str, dict[str, Any]]]:
    prefix = max((p for p in tables if target.startswith(p)), key=len)  # fim-registry-keys over fim-registry-
    return prefix, tables[prefix]


def test_every_field_a_builtin_document_sets_is_in_wazuhs_5x_template_with_its_type(builtin: Any) -> None:
    tables = _wazuhs_tables(_reference())
    wrong: Counter[str] = Counter()
    kinds: set[str] = set()
    for target, source in (*builtin.findings, *builtin.events, *builtin.states):
        prefix, table = _table_of(tables, target)
        kinds.add(prefix)
        for path, value in _leaves(source, table):
            node = table.get(path)
            if node is None:
                wrong[f"{prefix}: {path} is not in Wazuh's template"] += 1
            elif not _fits(node, value):
                wrong[f"{prefix}: {path} is {type(value).__name__} {value!r:.40}, Wazuh maps {node}"] += 1
    assert not wrong, wrong.most_common(20)
    # every state index Wazuh's 5.x templates define holds built-in documents (hardware and system included)
    states = {p for p in tables if p.startswith("wazuh-states-")}
    assert states <= kinds, sorted(states - kinds)


def test_the_builtin_templates_map_each_field_as_wazuhs_do(builtin: Any) -> None:
    """Each field our templates map as Wazuh's template maps it: the type and its parameters (a scaled_float's
    scaling factor, an unindexed field's ``index: false``), all but ``ignore_above``, which no built-in value
    reaches (``_fits``)."""
    theirs: dict[str, dict[str, dict[str, Any]]] = {}
    for body in indexer_load_v5.templates(_reference()).values():
        for pattern in body["index_patterns"]:
            theirs[str(pattern)] = _nodes(body["template"]["mappings"].get("properties", {}))
    assert builtin.templates
    for name, body in builtin.templates.items():
        wazuhs = theirs[body["index_patterns"][0]]
        for field, node in _nodes(body["template"]["mappings"]["properties"]).items():
            if field in wazuhs:  # events: a field of a dynamic template (the type is checked above)
                expected = {k: v for k, v in wazuhs[field].items() if k != "ignore_above"}
                assert node == expected, (name, field, node, wazuhs[field])


def test_the_fim_state_ends_where_the_fim_findings_leave_each_file(builtin: Any) -> None:
    """A file whose newest FIM finding is a deletion is not in the state; one added or modified is, with the
    hashes and owner that finding gives it. Computed from the findings the same call built."""

    def get(doc: dict[str, Any], path: str) -> Any:
        for part in path.split("."):
            doc = doc.get(part) if isinstance(doc, dict) else None  # type: ignore[assignment]
        return doc

    state = {
        (get(s, "wazuh.agent.id"), get(s, "file.path")): s for t, s in builtin.states if t == "wazuh-states-fim-files"
    }
    with_state = {agent for agent, _ in state}
    newest: dict[tuple[str, str], dict[str, Any]] = {}
    for _, finding in sorted(builtin.findings, key=lambda f: str(f[1]["@timestamp"])):
        if get(finding, "wazuh.integration.name") == "wazuh-fim" and get(finding, "wazuh.agent.id") in with_state:
            newest[(get(finding, "wazuh.agent.id"), get(finding, "file.path"))] = finding
    assert len(newest) > 50
    deleted = [key for key, f in newest.items() if get(f, "event.action") == "deleted"]
    assert deleted and not [key for key in deleted if key in state]
    changed = {key: f for key, f in newest.items() if get(f, "event.action") != "deleted"}
    assert changed
    for key, finding in changed.items():
        for field in ("file.hash.sha256", "file.hash.md5", "file.owner"):
            assert get(state[key], field) == get(finding, field), (key, field)
