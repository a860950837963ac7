"""Wazuh 5.x field knowledge against Wazuh's own 5.x files: the migration guide's level mapping (as the
reference notes quote it), the sample findings' levels and indicators, the 4.x template's field names."""

from __future__ import annotations

import ipaddress
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import shared_dir
from wazuh_mcp.query import fields_v5
from wazuh_mcp.query.template_types_v5 import FINDINGS

NOTES = Path("reference/wazuh5/ruleset/MIGRATION-NOTES.md")
SAMPLES = Path("reference/wazuh5/samples/dashboard-findings")
TEMPLATE_4X = Path("reference/wazuh/indexer/wazuh-template-4.14.7.json")
HASH_LENGTHS = {32, 40, 64}


def _shared(path: Path) -> Path:
    shared = shared_dir()
    if shared is None or not (shared / path).exists():
        pytest.skip(f"../shared/{path} (Wazuh's 5.x reference data) is not available")
    return shared / path


def _findings() -> Iterator[dict[str, Any]]:
    for path in sorted(_shared(SAMPLES).rglob("*.json")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield json.loads(line)


def _leaves(doc: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in doc.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and FINDINGS.get(name) not in ("flat_object", "geo_point"):
            yield from _leaves(value, f"{name}.")
        else:
            yield from ((name, item) for item in (value if isinstance(value, list) else [value]))


def test_numeric_levels_convert_as_wazuhs_migration_guide_says() -> None:
    """The guide's bands, read from the notes' quotation of it ("• 1–3 → informational")."""
    text = _shared(NOTES).read_text(encoding="utf-8")
    bands = re.findall(r"• (\d+)(?:–(\d+))? → (informational|low|medium|high|critical|disable the rule)", text)
    assert len(bands) == 6, bands
    for low, high, name in bands:
        for level in range(int(low), int(high or low) + 1):
            assert fields_v5.level_of_4x(level) == (None if name.startswith("disable") else name), level
    with pytest.raises(ValueError, match="0-16"):
        fields_v5.level_of_4x(17)


def test_every_sample_finding_has_a_known_level_and_min_level_filters_are_keyword_sets() -> None:
    levels = {doc["wazuh"]["rule"]["level"] for doc in _findings()}
    assert levels == set(fields_v5.LEVELS)
    assert FINDINGS["wazuh.rule.level"] == "keyword"
    assert fields_v5.levels_at_least("high") == ["high", "critical"]
    assert fields_v5.levels_at_least("informational") == list(fields_v5.LEVELS)


def test_every_ip_and_hash_in_the_sample_findings_sits_in_a_pivoted_field() -> None:
    """A value that parses as an IP, or a hex string of a hash's length in a field named for a hash, is found
    by the pivot of its kind — except inside the raw log and free text, which the pivots do not search."""
    unpivoted: dict[str, str] = {}
    for doc in _findings():
        for name, value in _leaves(doc):
            if not isinstance(value, str) or FINDINGS.get(name) not in ("keyword", "ip"):
                continue
            if name in ("event.original", "message") or name.startswith("wazuh.rule."):
                continue
            kind = _kind_of(name, value)
            if kind is not None and name not in fields_v5.ioc_fields(kind):
                unpivoted.setdefault(name, value)
    assert unpivoted == {}


def _kind_of(name: str, value: str) -> fields_v5.IocKind | None:
    try:
        ipaddress.ip_address(value)
    except ValueError:
        pass
    else:
        # A domain field holding an IP is Wazuh's sample data's own quirk: the domain pivot searches it.
        return "domain" if name.endswith(".domain") else "ip"
    if re.search(r"(md5|sha1|sha256)$", name) and len(value) in HASH_LENGTHS and re.fullmatch(r"[0-9a-fA-F]+", value):
        return "hash"
    return None


def test_the_4x_names_map_to_fields_of_both_templates() -> None:
    """Each 4.x name is a field of Wazuh's 4.x alerts template, and its 5.x equivalent a field of 5.x's."""
    template = json.loads(_shared(TEMPLATE_4X).read_text(encoding="utf-8"))

    def names(properties: dict[str, Any], prefix: str = "") -> Iterator[str]:
        for key, node in properties.items():
            yield f"{prefix}{key}"
            if "properties" in node:
                yield from names(node["properties"], f"{prefix}{key}.")

    known_4x = set(names(template["mappings"]["properties"]))
    assert sorted(set(fields_v5.WAZUH_FIELDS_OF_4X) - known_4x) == []
    assert sorted(v for v in fields_v5.WAZUH_FIELDS_OF_4X.values() if fields_v5.field_type(v) is None) == []
    assert fields_v5.equivalent_of_4x("data.srcip") == "source.ip"
    assert fields_v5.equivalent_of_4x("no.such.field") is None


def test_indicator_kinds_keep_to_their_meaning() -> None:
    """No field is pivoted on for two kinds, a directory's domain is not a DNS domain, and every indicator
    field is one the 5.x templates map."""
    kinds: list[fields_v5.IocKind] = ["ip", "user", "domain", "hash"]
    seen: dict[str, str] = {}
    for kind in kinds:
        for name in fields_v5.ioc_fields(kind):
            assert name not in seen, (name, seen.get(name), kind)
            seen[name] = kind
            assert fields_v5.field_type(name) in ("ip", "keyword"), name
    assert "user.domain" not in seen and "source.ip" in fields_v5.ioc_fields("ip")
    assert "file.hash.sha256" in fields_v5.ioc_fields("hash") and "user.name" in fields_v5.ioc_fields("user")
