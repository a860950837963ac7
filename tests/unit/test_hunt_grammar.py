"""The hunt grammar: what it accepts, what it rejects, and — for any input at all — what it can emit.

The property tests feed arbitrary fields, operators and values (including DSL-looking text)
and check every query that validates against a strict walker of the allowed output shape:
one ``bool`` with ``filter``/``must_not`` lists of ``term``/``terms``/``range``/``exists``/
``prefix`` fragments, keys only from the allowlist, caller values only at leaf positions.
"""

from __future__ import annotations

import json
import re
from datetime import UTC
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from tests.conftest import shared_dir
from wazuh_mcp.errors import InvalidArgument
from wazuh_mcp.query.hunt_grammar import (
    FIELDS,
    FIELDS_V5,
    MAX_CLAUSES,
    OPS_BY_TYPE,
    HuntClause,
    build_query,
    canonical_time,
    check_value,
)

FRAGMENTS = {"term", "terms", "range", "exists", "prefix"}
RANGE_KEYS = {"gt", "gte", "lt", "lte"}
CANONICAL_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")
ALLOWED_KEYS = {"bool", "filter", "must_not", *FRAGMENTS, *RANGE_KEYS, "field", *FIELDS, *FIELDS_V5}
"""Every key a hunt query may hold: structure, operators, and allowlisted field names (4.x's or 5.x's)."""
WINDOW = {"range": {"timestamp": {"gte": 1, "lte": 2, "format": "epoch_millis"}}}


def assert_leaf_value(field: str, value: Any) -> None:
    """A value the engine can only read as data of the field's type."""
    kind = FIELDS[field].type
    assert not isinstance(value, bool | dict | list), (field, value)
    if kind == "long":
        assert isinstance(value, int)
    elif kind == "date":
        assert isinstance(value, str) and CANONICAL_TIME.match(value), value
    else:
        assert isinstance(value, str) and value == value.strip() and value


def assert_fragment(fragment: dict[str, Any]) -> None:
    assert len(fragment) == 1, fragment
    ((kind, body),) = fragment.items()
    assert kind in FRAGMENTS, kind
    assert isinstance(body, dict) and len(body) == 1, body
    if kind == "exists":
        assert set(body) == {"field"} and body["field"] in FIELDS
        return
    ((field, value),) = body.items()
    assert field in FIELDS, field
    if kind == "terms":
        assert isinstance(value, list) and 1 <= len(value) <= 100
        for item in value:
            assert_leaf_value(field, item)
    elif kind == "range":
        assert FIELDS[field].type in ("long", "date")
        assert isinstance(value, dict) and len(value) == 1 and set(value) <= RANGE_KEYS
        assert_leaf_value(field, next(iter(value.values())))
    elif kind == "prefix":
        assert FIELDS[field].type in ("keyword", "ip")
        assert isinstance(value, str) and len(value) >= 3
    else:
        assert_leaf_value(field, value)


def assert_grammar(query: dict[str, Any], *, window: dict[str, Any] | None = None) -> None:
    assert set(query) == {"bool"}
    boolean = query["bool"]
    assert set(boolean) <= {"filter", "must_not"} and "filter" in boolean
    filters = list(boolean["filter"])
    if window is not None:
        assert filters[0] == window
        filters = filters[1:]
    for fragment in filters + list(boolean.get("must_not", [])):
        assert_fragment(fragment)


# --- the allowlist is made of real alert fields ---------------------------------------------


ANALYST_FIELDS = (
    # the seed's fields
    "agent.id",
    "rule.id",
    "rule.level",
    "rule.mitre.id",
    "data.srcip",
    "syscheck.path",
    "syscheck.sha256_after",
    "@timestamp",
    # where Wazuh stores what analysts pivot on (issue 9)
    "data.dstip",
    "data.dstuser",
    "data.win.eventdata.ipAddress",
    "data.win.eventdata.targetUserName",
    "data.win.eventdata.subjectUserName",
    "data.win.eventdata.logonType",
    "data.win.eventdata.image",
    "data.win.eventdata.commandLine",
    "data.win.eventdata.parentImage",
    "data.win.eventdata.hashes",
    "data.win.system.eventID",
    "data.win.system.channel",
    "data.win.system.providerName",
    "data.audit.exe",
    "data.audit.command",
    "data.audit.key",
    "data.audit.success",
    "data.aws.sourceIPAddress",
    "data.aws.service.action.portProbeAction.portProbeDetails.remoteIpDetails.ipAddressV4",
    "data.vulnerability.cve",
    "data.vulnerability.severity",
    "data.vulnerability.package.name",
    "data.url",
    "syscheck.md5_after",
    "syscheck.sha1_after",
    "decoder.name",
    "location",
    "rule.groups",
    "manager.name",
)


def test_allowlist_has_the_fields_analysts_pivot_on() -> None:
    missing = [name for name in ANALYST_FIELDS if name not in FIELDS]
    assert not missing


def _leaf_types(properties: dict[str, Any], prefix: str = "") -> dict[str, str]:
    """Every mapped leaf as ``dotted.name → type`` (the template writes some paths with dots in one key)."""
    leaves: dict[str, str] = {}
    for key, node in properties.items():
        if "properties" in node:
            leaves.update(_leaf_types(node["properties"], f"{prefix}{key}."))
        else:
            leaves[f"{prefix}{key}"] = node.get("type", "object")
    return leaves


def _template_type(leaves: dict[str, str], dotted: str) -> str | None:
    """The mapped type of ``dotted``; None when the template leaves it to its dynamic rule. A path under a
    field mapped as a value (not an object) cannot hold it: an error."""
    parts = dotted.split(".")
    for end in range(1, len(parts)):
        above = ".".join(parts[:end])
        assert above not in leaves, f"{dotted} lies under {above}, mapped as {leaves[above]}"
    return leaves.get(dotted)


def test_every_field_has_the_type_wazuh_maps_it_with() -> None:
    shared = shared_dir()
    if shared is None:
        pytest.skip("../shared (Wazuh's index template) is not available")
    template = json.loads((shared / "reference/wazuh/indexer/wazuh-template-4.14.7.json").read_text())
    mappings = template["mappings"]
    # Strings the template does not list become keyword through its one dynamic rule.
    assert mappings["dynamic_templates"] == [
        {"string_as_keyword": {"mapping": {"type": "keyword"}, "match_mapping_type": "string"}}
    ]
    leaves = _leaf_types(mappings["properties"])
    for name, spec in FIELDS.items():
        mapped = _template_type(leaves, name) or "keyword"
        assert mapped == spec.mapping, (name, mapped, spec.mapping)
        if mapped == "ip":  # OpenSearch refuses prefix queries on ip fields
            assert spec.type == "ip" and "prefix" not in spec.ops, name


def test_ops_follow_types() -> None:
    for spec in FIELDS.values():
        expected = tuple(op for op in OPS_BY_TYPE[spec.type] if not (spec.mapping == "ip" and op == "prefix"))
        assert spec.ops == expected
        if spec.type in ("keyword", "ip"):
            assert not {"gt", "gte", "lt", "lte"} & set(spec.ops)


# --- accepted values are normalised ---------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "op", "value", "expected"),
    [
        ("agent.id", "eq", "7", "007"),
        ("agent.id", "in", ["1", "001", 2], ["001", "002"]),
        ("rule.level", "gte", "10", 10),
        ("rule.level", "eq", 12.0, 12),
        ("rule.id", "eq", 5710, "5710"),
        ("rule.mitre.id", "eq", "t1110.001", "T1110.001"),
        ("syscheck.sha256_after", "eq", "A" * 64, "a" * 64),
        ("syscheck.event", "eq", "Modified", "modified"),
        ("syscheck.md5_after", "eq", "AB" * 16, "ab" * 16),
        ("syscheck.sha1_before", "eq", "Cd" * 20, "cd" * 20),
        ("data.vulnerability.cve", "eq", "cve-2024-3094", "CVE-2024-3094"),
        ("data.vulnerability.severity", "eq", "high", "High"),
        ("data.audit.success", "eq", "YES", "yes"),
        ("data.win.system.eventID", "in", ["4625", 4624], ["4625", "4624"]),
        ("data.aws.srcaddr", "eq", "10.0.0.1", "10.0.0.1"),
        ("@timestamp", "gte", "2024-05-01T12:00:00+02:00", "2024-05-01T10:00:00.000Z"),
        ("@timestamp", "lt", "2024-05-01", "2024-05-01T00:00:00.000Z"),
        ("data.srcip", "eq", "2001:db8::1", "2001:db8::1"),
        ("data.srcip", "prefix", "10.0.", "10.0."),
        ("syscheck.path", "prefix", "/etc", "/etc"),
        ("data.srcuser", "exists", True, True),
    ],
)
def test_accepted_values(field: str, op: str, value: Any, expected: Any) -> None:
    assert check_value(field, op, value) == expected


# --- every rule of the issue, rejected with a message naming it ------------------------------


@pytest.mark.parametrize(
    ("clause", "message"),
    [
        ({"field": "full_log", "op": "eq", "value": "x"}, "is not a hunt field; hunt_fields lists them"),
        ({"field": "x" * 129, "op": "eq", "value": "x"}, "at most 128 characters"),
        ({"field": "rule.id", "op": "regexp", "value": "5.*"}, "Input should be"),
        ({"field": "rule.id", "op": "eq", "value": "5710", "boost": 2}, "Extra inputs are not permitted"),
        ({"field": "rule.id", "op": "gt", "value": "5710"}, "range operators (gt/gte/lt/lte) apply only to number"),
        ({"field": "data.srcip", "op": "lte", "value": "10.0.0.1"}, "range operators"),
        ({"field": "rule.level", "op": "prefix", "value": "100"}, "'prefix' does not apply to long fields"),
        ({"field": "data.aws.srcaddr", "op": "prefix", "value": "10.0."}, "maps it as an OpenSearch ip field"),
        ({"field": "syscheck.md5_after", "op": "eq", "value": "ab" * 20}, "MD5 digests: 32 hex"),
        ({"field": "data.audit.success", "op": "eq", "value": "maybe"}, "'yes' or 'no'"),
        # L6 (issue 10): a time whose UTC form is in the year 10000 was an OverflowError → `internal`
        ({"field": "@timestamp", "op": "gte", "value": "9999-12-31T23:59:59-14:00"}, "outside the years 1970..9999"),
        ({"field": "rule.level", "op": "eq", "value": 16}, "between 0 and 15"),
        ({"field": "rule.level", "op": "eq", "value": True}, "not true/false"),
        ({"field": "rule.level", "op": "eq", "value": 1.5}, "has a fraction"),
        ({"field": "rule.level", "op": "eq", "value": "ten"}, "is not an integer"),
        ({"field": "rule.level", "op": "eq", "value": [1, 2]}, "single value"),
        ({"field": "rule.id", "op": "in", "value": []}, "list of 1..100"),
        ({"field": "rule.id", "op": "in", "value": [str(i) for i in range(101)]}, "list of 1..100"),
        ({"field": "rule.id", "op": "in", "value": "5710"}, "list of 1..100"),
        ({"field": "rule.id", "op": "exists", "value": False}, "'exists' takes the value true"),
        ({"field": "rule.id", "op": "exists", "value": "yes"}, "'exists' takes the value true"),
        ({"field": "syscheck.path", "op": "prefix", "value": "/e"}, "at least 3 characters"),
        ({"field": "syscheck.path", "op": "prefix", "value": ["/etc"]}, "at least 3 characters"),
        ({"field": "@timestamp", "op": "gte", "value": "now-1d"}, "not an ISO-8601 time"),
        ({"field": "@timestamp", "op": "gte", "value": 1714557600000}, "ISO-8601"),
        ({"field": "data.srcip", "op": "eq", "value": "10.0.0.*"}, "not one"),
        ({"field": "data.srcip", "op": "prefix", "value": "10.0.*"}, "IP prefix"),
        ({"field": "agent.id", "op": "eq", "value": "web-01"}, "agent ids are numeric"),
        ({"field": "rule.mitre.id", "op": "eq", "value": "Brute Force"}, "ATT&CK ids"),
        ({"field": "syscheck.sha256_after", "op": "eq", "value": "abc"}, "64 hex"),
        ({"field": "syscheck.event", "op": "eq", "value": "renamed"}, "added', 'modified', 'deleted"),
        ({"field": "rule.description", "op": "eq", "value": "   "}, "must not be empty"),
        ({"field": "rule.description", "op": "eq", "value": "x" * 513}, "at most 512"),
        ({"field": "rule.description", "op": "eq", "value": 3.5}, "not a number"),
    ],
)
def test_rejected_clauses(clause: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError) as caught:
        HuntClause.model_validate(clause)
    assert message in str(caught.value)


def _clause(field: str = "rule.id", op: str = "eq", value: Any = "5710") -> HuntClause:
    return HuntClause.model_validate({"field": field, "op": op, "value": value})


def test_at_least_one_must_clause() -> None:
    with pytest.raises(InvalidArgument, match="at least one clause in must"):
        build_query([], [_clause()])


def test_at_most_twenty_clauses_in_total() -> None:
    build_query([_clause()] * 10, [_clause()] * 10)
    with pytest.raises(InvalidArgument, match=f"at most {MAX_CLAUSES} clauses"):
        build_query([_clause()] * 11, [_clause()] * 10)


def test_ne_inside_must_not_is_refused() -> None:
    with pytest.raises(InvalidArgument, match="double negative"):
        build_query([_clause()], [_clause(op="ne")])


def test_clause_is_frozen_and_closed() -> None:
    clause = _clause()
    with pytest.raises(ValidationError):
        clause.op = "ne"  # type: ignore[misc]
    schema = HuntClause.model_json_schema()
    assert schema["additionalProperties"] is False
    assert not {"anyOf", "oneOf", "allOf"} & set(schema)
    assert schema["required"] == ["field", "op", "value"]


def test_build_query_shapes() -> None:
    query = build_query(
        [_clause("rule.level", "gte", 10), _clause("agent.id", "ne", "1"), _clause("rule.groups", "in", ["sshd"])],
        [_clause("data.srcip", "exists", True), _clause("syscheck.path", "prefix", "/tmp")],
        filters=[WINDOW],
    )
    assert query == {
        "bool": {
            "filter": [WINDOW, {"range": {"rule.level": {"gte": 10}}}, {"terms": {"rule.groups": ["sshd"]}}],
            "must_not": [
                {"term": {"agent.id": "001"}},
                {"exists": {"field": "data.srcip"}},
                {"prefix": {"syscheck.path": "/tmp"}},
            ],
        }
    }
    assert_grammar(query, window=WINDOW)


def test_canonical_time_is_utc_with_milliseconds() -> None:
    assert canonical_time("2024-02-29T23:59:59.123456-01:00") == "2024-03-01T00:59:59.123Z"
    with pytest.raises(ValueError, match=r"1970\.\.9999"):
        canonical_time("0001-01-01T00:00:00Z")


# --- properties: nothing but the grammar comes out, whatever goes in ---------------------------

DSL_TEXT = st.sampled_from(
    [
        "*",
        "?",
        "a*b",
        "now-1d",
        "now/d",
        "2024||+1d",
        '{"script": "1"}',
        "script",
        "query_string",
        "_id",
        "field:value OR 1=1",
        "/.*/",
        "\\",
        "\u0000",
        "ctx._source",
        "params",
        "doc['x']",
        "</>",
        "10.0.0.*",
        "T1110",
        "t1110.001",
        "007",
        "5710",
        "2024-05-01T10:00:00Z",
        "10.0.0.1",
        "::1",
        "a" * 64,
        "modified",
    ]
)
SCALARS = st.one_of(
    st.text(max_size=40),
    DSL_TEXT,
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
)
VALUES = st.one_of(
    SCALARS,
    st.lists(st.one_of(st.text(max_size=20), DSL_TEXT, st.integers(-100, 2**40), st.floats()), max_size=5),
    st.dictionaries(st.sampled_from(["script", "query", "value", "bool"]), SCALARS, max_size=2),
)
FIELD_NAMES = st.one_of(
    st.sampled_from(list(FIELDS)),
    st.sampled_from(["full_log", "_id", "rule.level.keyword", "*", "script"]),
    st.text(max_size=15),
)
OPS = st.one_of(
    st.sampled_from(["eq", "ne", "gt", "gte", "lt", "lte", "in", "exists", "prefix"]),
    st.sampled_from(["regexp", "wildcard", "script", "match", "query_string"]),
    st.text(max_size=8),
)
ANY_CLAUSES = st.fixed_dictionaries({"field": FIELD_NAMES, "op": OPS, "value": VALUES})
TEXTISH = st.one_of(DSL_TEXT, st.text(min_size=1, max_size=40))


@st.composite
def plausible_clauses(draw: st.DrawFn) -> dict[str, Any]:
    """Allowlisted field, one of its operators, a value of roughly the right shape: mostly valid."""
    name = draw(st.sampled_from(list(FIELDS)))
    op = draw(st.sampled_from(FIELDS[name].ops))
    one = st.one_of(
        TEXTISH,
        st.integers(-5, 20),
        st.sampled_from([FIELDS[name].example]),
        st.datetimes(timezones=st.just(UTC)).map(lambda d: d.isoformat()),
    )
    if op == "exists":
        value: Any = draw(st.one_of(st.just(True), SCALARS))
    elif op == "in":
        value = draw(st.lists(one, min_size=1, max_size=5))
    else:
        value = draw(one)
    return {"field": name, "op": op, "value": value}


RAW_CLAUSES = st.one_of(ANY_CLAUSES, plausible_clauses())


def _valid(raw: dict[str, Any]) -> HuntClause | None:
    try:
        return HuntClause.model_validate(raw)
    except ValidationError:
        return None


@settings(max_examples=1500, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(must=st.lists(RAW_CLAUSES, max_size=6), must_not=st.lists(RAW_CLAUSES, max_size=6))
def test_any_input_builds_only_the_grammar(must: list[dict[str, Any]], must_not: list[dict[str, Any]]) -> None:
    valid_must = [c for c in map(_valid, must) if c is not None]
    valid_not = [c for c in map(_valid, must_not) if c is not None]
    try:
        query = build_query(valid_must, valid_not, filters=[WINDOW])
    except InvalidArgument:
        return  # refused as a whole (no must clause, ne inside must_not): nothing reaches the engine
    assert_grammar(query, window=WINDOW)


@settings(max_examples=1500, deadline=None)
@given(raw=RAW_CLAUSES)
def test_validation_is_the_only_gate(raw: dict[str, Any]) -> None:
    """A clause either fails validation, or builds; building never fails on a validated clause."""
    clause = _valid(raw)
    if clause is None:
        return
    # A field is validated by the generation that has it (the Indexer's is known only when a hunt runs).
    query = build_query([clause], fields=FIELDS_V5 if clause.field in FIELDS_V5 else FIELDS)
    assert_grammar(query)
    assert _all_keys(query) <= ALLOWED_KEYS


@settings(max_examples=500, deadline=None)
@given(text=st.text(min_size=3, max_size=60))
def test_caller_text_only_lands_in_value_positions(text: str) -> None:
    """Free text on every keyword field, through every text operator: never a key, never a fragment."""
    for name in FIELDS:
        for op in ("eq", "prefix", "in"):
            value: Any = [text] if op == "in" else text
            clause = _valid({"field": name, "op": op, "value": value})
            if clause is None:
                continue
            query = build_query([clause])
            assert_grammar(query)
            assert _all_keys(query) <= ALLOWED_KEYS


def _all_keys(node: Any) -> set[str]:
    if isinstance(node, dict):
        keys = set(node)
        for value in node.values():
            keys |= _all_keys(value)
        return keys
    if isinstance(node, list):
        return set().union(*(_all_keys(item) for item in node)) if node else set()
    return set()
