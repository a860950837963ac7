"""The hunt grammar: structured ``{field, op, value}`` clauses → a closed subset of the query DSL.

A caller never writes DSL. It picks a field from ``FIELDS`` (every field of ``wazuh_mcp.query.fields``:
where Wazuh and each integration it ships store what analysts pivot on, typed from Wazuh's template),
an operator from ``Op`` and a value, and this module:

1. checks the value against the field's type and the operator (``check_value``) and normalises
   it (agent ids zero-padded, hashes lower-cased, times rewritten as canonical UTC ISO-8601),
   so only plain values of the right type reach the engine — never date math, wildcards or
   query-string syntax;
2. emits only ``term`` / ``terms`` / ``range`` / ``exists`` / ``prefix`` fragments, in the
   ``filter`` and ``must_not`` lists of a single ``bool`` (``build_query``). There is no path to
   ``script``, ``query_string``, ``wildcard``, ``regexp`` or ``runtime_mappings``; ``should`` appears
   only in ``any_field`` (one checked value in any of an IOC kind's fields: a pivot), never from a clause.

Caller text only ever appears as a leaf value under one of those five fragments; field names
(the only keys derived from input) come from the allowlist. ``tests/unit/test_hunt_grammar.py``
checks both properties with hypothesis.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from wazuh_mcp.agent_ids import agent_id
from wazuh_mcp.errors import InvalidArgument
from wazuh_mcp.query.fields import ALGORITHM_NAMES, HASH_LENGTH, FieldInfo, ip_mapped, is_ip
from wazuh_mcp.query.fields import FIELDS as FIELD_INFO
from wazuh_mcp.query.fields_v5 import LEVELS, WAZUH_FIELDS_OF_4X, equivalent_of_4x, field_type
from wazuh_mcp.query.template_types_v5 import EVENTS_ONLY, FINDINGS, UNINDEXED, WCS_NOTES

FieldType = Literal["keyword", "ip", "long", "date"]
"""The value a field takes. ``ip`` is an IP address, stored as ``keyword`` (data.srcip, agent.ip) or,
for a few AWS fields, mapped as OpenSearch ``ip`` (see ``HuntField.mapping``)."""
Mapping = Literal["keyword", "ip", "long", "date"]
"""How Wazuh's template maps the field (fields it does not list are strings: ``string_as_keyword``)."""
Op = Literal["eq", "ne", "gt", "gte", "lt", "lte", "in", "exists", "prefix"]

OPS_BY_TYPE: dict[FieldType, tuple[Op, ...]] = {
    "keyword": ("eq", "ne", "in", "exists", "prefix"),
    "ip": ("eq", "ne", "in", "exists", "prefix"),
    "long": ("eq", "ne", "gt", "gte", "lt", "lte", "in", "exists"),
    "date": ("eq", "ne", "gt", "gte", "lt", "lte", "exists"),
}
RANGE_OPS: tuple[Op, ...] = ("gt", "gte", "lt", "lte")
MAX_CLAUSES = 20
MAX_IN_VALUES = 100
MIN_PREFIX = 3
MAX_TEXT = 512
INT64 = 2**63 - 1


def _digits(name: str) -> Callable[[str], str]:
    def check(text: str) -> str:
        if not (text.isascii() and text.isdigit()):
            raise ValueError(f"{name} values are numeric strings, like '5710'")
        return text

    return check


def _matching(pattern: str, message: str, fold: Callable[[str], str] = str) -> Callable[[str], str]:
    """A value check: the text, case-folded by ``fold``, must match ``pattern`` whole; ValueError(message) if not."""

    def check(text: str) -> str:
        folded = fold(text)
        if not re.fullmatch(pattern, folded):
            raise ValueError(message)
        return folded

    return check


def _technique_of(name: str) -> Callable[[str], str]:
    return _matching(r"T[0-9]{4}(\.[0-9]{3})?", f"{name} values are ATT&CK ids like 'T1110' or 'T1110.001'", str.upper)


_technique = _technique_of("rule.mitre.id")


def _digest(name: str, length: int, algorithm: str) -> Callable[[str], str]:
    return _matching(
        f"[0-9a-f]{{{length}}}", f"{name} values are {algorithm} digests: {length} hex characters", str.lower
    )


_cve = _matching(r"CVE-[0-9]{4}-[0-9]{4,7}", "CVE ids look like CVE-2024-3094", str.upper)
_severity = _matching(r"[A-Z][a-z]{2,15}", "severities are words like Low, Medium, High, Critical", str.capitalize)
_yes_no = _matching("yes|no", "data.audit.success is 'yes' or 'no'", str.lower)
_fim_event = _matching("added|modified|deleted", "syscheck.event is one of 'added', 'modified', 'deleted'", str.lower)
_hex_prefix = _matching(r"[0-9a-f]+", "a hash prefix is hex characters", str.lower)
_ip_prefix = _matching(r"[0-9A-Fa-f:.]+", "an IP prefix holds only digits, hex letters, '.' and ':' (e.g. '10.0.')")


def _digit_prefix(text: str) -> str:
    if not (text.isascii() and text.isdigit()):
        raise ValueError("this prefix is digits only")
    return text


@dataclass(frozen=True)
class HuntField:
    """One allowlisted alert field: its mapped type and how its values are checked."""

    name: str
    type: FieldType
    description: str
    example: str | int
    normalize: Callable[[str], str] | None = None
    """Checks and normalises a whole value (eq / ne / in) of a keyword field."""
    normalize_prefix: Callable[[str], str] | None = None
    minimum: int | None = None
    maximum: int | None = None
    ip_mapped: bool = False
    """Wazuh's template maps it as ``ip`` (not keyword): no prefix queries, and "" cannot be stored."""

    @property
    def mapping(self) -> Mapping:
        if self.type == "ip":
            return "ip" if self.ip_mapped else "keyword"
        return self.type

    @property
    def ops(self) -> tuple[Op, ...]:
        ops = OPS_BY_TYPE[self.type]
        return tuple(op for op in ops if op != "prefix") if self.ip_mapped else ops


_Rule = tuple[Callable[[str], str] | None, Callable[[str], str] | None]
VALUE_RULES: dict[str, Callable[[str], _Rule]] = {
    "agent_id": lambda _: (agent_id, _digit_prefix),
    "digits": lambda name: (_digits(name), _digit_prefix),
    "technique": lambda _: (_technique, None),
    "cve": lambda _: (_cve, None),
    "severity": lambda _: (_severity, None),
    "yes_no": lambda _: (_yes_no, None),
    "fim_event": lambda _: (_fim_event, None),
}
"""Value rules beyond a field's type, named by ``fields.FieldInfo.rule``."""
_LONG = ("long", "integer", "short", "byte")


def _hunt_field(info: FieldInfo) -> HuntField:
    """The allowlist entry of one field of ``fields``: typed from Wazuh's template, checked by its meaning."""
    mapping = info.mapping
    rule = VALUE_RULES.get(info.rule or "")
    normalize, normalize_prefix = rule(info.name) if rule else (None, None)
    kind: FieldType = "keyword"
    if mapping in _LONG:
        kind = "long"
    elif mapping == "date":
        kind = "date"
    elif is_ip(info.name):
        kind, normalize_prefix = "ip", _ip_prefix
    elif info.algorithm is not None:
        length = next(n for n, a in HASH_LENGTH.items() if a == info.algorithm)
        normalize, normalize_prefix = _digest(info.name, length, ALGORITHM_NAMES[info.algorithm]), _hex_prefix
    level = info.rule == "level"
    return HuntField(
        info.name,
        kind,
        info.description,
        info.example,
        normalize,
        normalize_prefix,
        minimum=0 if level else None,
        maximum=15 if level else None,
        ip_mapped=ip_mapped(info.name),
    )


FIELDS: dict[str, HuntField] = {name: _hunt_field(info) for name, info in FIELD_INFO.items()}
"""The hunt allowlist on Wazuh 4.x (every field of ``wazuh_mcp.query.fields``), in documentation order."""

_level_v5 = _matching("|".join(LEVELS), f"wazuh.rule.level values are one of {', '.join(LEVELS)}", str.lower)
_V5_HASH = re.compile(r"(^|\.)hash\.(md5|sha1|sha256)$")


def _agent_v5(text: str) -> str:
    """Wazuh 5.x agent ids are the manager's digits (zero-padded as on 4.x); WCS allows other ids too."""
    return agent_id(text) if text.isascii() and text.isdigit() else text


def _hunt_field_v5(name: str, mapping: str) -> HuntField | None:
    """The allowlist entry of one field Wazuh 5.x's templates map (None for a type no clause can take:
    booleans, objects, geo points, floats)."""
    description, example = WCS_NOTES.get(name, ("", ""))
    normalize: Callable[[str], str] | None = None
    normalize_prefix: Callable[[str], str] | None = None
    kind: FieldType
    if mapping in _LONG:
        kind = "long"
    elif mapping == "date":
        kind = "date"
    elif mapping == "ip":
        kind = "ip"
    elif mapping == "keyword":
        kind = "keyword"
    else:
        return None
    hashed = _V5_HASH.search(name)
    if name == "wazuh.agent.id":
        normalize, normalize_prefix = _agent_v5, _digit_prefix
    elif name == "wazuh.rule.level":
        normalize = _level_v5
    elif name.startswith("wazuh.rule.mitre.") and name.endswith("technique.id"):
        normalize = _technique_of(name)
    elif hashed and kind == "keyword":
        length, algorithm = next((n, a) for n, a in HASH_LENGTH.items() if a == hashed.group(2))
        normalize, normalize_prefix = _digest(name, length, ALGORITHM_NAMES[algorithm]), _hex_prefix
    return HuntField(
        name,
        kind,
        description,
        example or ("1.2.3.4" if kind == "ip" else ""),
        normalize,
        normalize_prefix,
        ip_mapped=kind == "ip",
    )


FIELDS_V5: dict[str, HuntField] = {
    name: spec
    for name, mapping in {**FINDINGS, **EVENTS_ONLY}.items()
    if name not in WAZUH_FIELDS_OF_4X and name not in UNINDEXED and (spec := _hunt_field_v5(name, mapping)) is not None
}
"""The hunt allowlist on Wazuh 5.x: every typed field of Wazuh's findings and events templates (WCS), but a
4.x alert name that WCS also maps (``agent.id``, ``rule.id``: ECS's own, which Wazuh leaves empty): a hunt
on it would silently find nothing, so it gets the error naming its 5.x home (``wazuh.agent.id``)."""
Allowlist = dict[str, HuntField]
FIELD_NAME_MAX = 128

Scalar = str | int | float | bool
Value = str | int | float | bool | list[str | int | float]


def canonical_time(text: str) -> str:
    """An ISO-8601 time as ``YYYY-MM-DDTHH:MM:SS.mmmZ`` (UTC; a time without offset is taken as UTC)."""
    try:
        parsed = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"{text!r} is not an ISO-8601 time like '2024-05-01T10:00:00Z'") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        parsed = parsed.astimezone(UTC)
    except OverflowError:  # 9999-12-31T23:59:59-14:00 is in the year 10000 in UTC
        raise ValueError(f"{text!r} is outside the years 1970..9999 (in UTC)") from None
    if not 1970 <= parsed.year <= 9999:
        raise ValueError(f"{text!r} is outside the years 1970..9999")
    return parsed.strftime("%Y-%m-%dT%H:%M:%S.") + f"{parsed.microsecond // 1000:03d}Z"


def _scalar(spec: HuntField, value: Any) -> str | int:
    """One value of ``spec``'s type, normalised; ValueError names the rule it breaks."""
    if isinstance(value, list | dict):
        raise ValueError(f"{spec.name} takes a single value here, not a {type(value).__name__}")
    if isinstance(value, bool):
        raise ValueError(f"{spec.name} takes a {spec.type} value, not true/false (true is only for 'exists')")
    if spec.type == "long":
        return _long(spec, value)
    if isinstance(value, float):
        raise ValueError(f"{spec.name} takes a {'time' if spec.type == 'date' else 'text'} value, not a number")
    return _text(spec, value)


def _long(spec: HuntField, value: Any) -> int:
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError(f"{spec.name} is an integer field; {value!r} has a fraction")
        value = int(value)
    elif isinstance(value, str):
        if not re.fullmatch(r"-?[0-9]{1,19}", value.strip()):
            raise ValueError(f"{spec.name} is an integer field; {value[:40]!r} is not an integer")
        value = int(value.strip())
    if not -INT64 <= value <= INT64:
        raise ValueError(f"{spec.name} value {value} is out of range")
    if spec.minimum is not None and spec.maximum is not None and not spec.minimum <= value <= spec.maximum:
        raise ValueError(f"{spec.name} is between {spec.minimum} and {spec.maximum}; got {value}")
    return int(value)


def _text(spec: HuntField, value: Any) -> str:
    """A keyword, date or ip value (anything but a number field)."""
    text = str(value).strip()
    if not text:
        raise ValueError(f"{spec.name} values must not be empty")
    if len(text) > MAX_TEXT:
        raise ValueError(f"{spec.name} values are at most {MAX_TEXT} characters")
    if spec.type == "date":
        if not isinstance(value, str):
            raise ValueError(f"{spec.name} takes an ISO-8601 time like '2024-05-01T10:00:00Z'")
        return canonical_time(text)
    if spec.type == "ip":
        try:
            ipaddress.ip_address(text)
        except ValueError:
            raise ValueError(f"{spec.name} takes an IP address; {text[:40]!r} is not one") from None
        return text
    return spec.normalize(text) if spec.normalize else text


def check_value(field: str, op: str, value: Any, fields: Allowlist = FIELDS) -> Any:
    """The normalised value for ``field op value``; ValueError with the rule when it is not allowed."""
    spec = fields.get(field)
    if spec is None:
        raise ValueError(_unknown_field(field, fields))
    if op not in get_args(Op):
        raise ValueError(f"{op!r} is not an operator; use one of: {', '.join(get_args(Op))}")
    if op not in spec.ops:
        if op in RANGE_OPS:
            kind = "range operators (gt/gte/lt/lte) apply only to number and time fields"
        elif spec.ip_mapped:
            kind = f"'{op}' does not apply to {field}: Wazuh maps it as an OpenSearch ip field"
        else:
            kind = f"'{op}' does not apply to {spec.type} fields"
        raise ValueError(f"{kind}; {field} takes {', '.join(spec.ops)}")
    if op == "exists":
        if value is not True:
            raise ValueError("'exists' takes the value true (put the clause in must_not for 'field is missing')")
        return True
    if op == "in":
        return _in_values(spec, value)
    if op == "prefix":
        return _prefix(spec, value)
    return _scalar(spec, value)


def _unknown_field(field: str, fields: Allowlist) -> str:
    """Why ``field`` is not in this generation's allowlist, naming its equivalent in this one."""
    name = str(field)[:80]
    if fields is FIELDS_V5 and (v5 := equivalent_of_4x(name)) in FIELDS_V5:
        return f"{name!r} is a Wazuh 4.x alert field; on Wazuh 5.x its value is in {v5!r}"
    if fields is FIELDS and field_type(name) is not None:
        v4 = next((old for old in FIELDS if equivalent_of_4x(old) == name), None)
        instead = f"; on Wazuh 4.x use {v4!r}" if v4 else ""
        return f"{name!r} is a Wazuh 5.x field, and this Indexer holds Wazuh 4.x alerts{instead}"
    return f"{name!r} is not a hunt field; hunt_fields lists them (with how many alerts carry each)"


def _in_values(spec: HuntField, value: Any) -> list[Any]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_IN_VALUES:
        raise ValueError(f"'in' takes a list of 1..{MAX_IN_VALUES} values")
    normalized: list[Any] = []
    for item in value:
        one = _scalar(spec, item)
        if one not in normalized:
            normalized.append(one)
    return normalized


def _prefix(spec: HuntField, value: Any) -> str:
    if not isinstance(value, str) or len(value.strip()) < MIN_PREFIX:
        raise ValueError(f"'prefix' takes text of at least {MIN_PREFIX} characters")
    text = value.strip()
    if len(text) > MAX_TEXT:
        raise ValueError(f"'prefix' text is at most {MAX_TEXT} characters")
    return spec.normalize_prefix(text) if spec.normalize_prefix else text


class HuntClause(BaseModel):
    """One condition."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    field: str = Field(max_length=FIELD_NAME_MAX, description="An alert field that hunt_fields lists.")
    op: Op = Field(
        description="eq, ne, in (1..100 values), exists (true), prefix (3+ characters); gt/gte/lt/lte on number "
        "and time fields (rule.level, @timestamp)."
    )
    value: Value = Field(
        description="One value; a list for in; true for exists. Times: ISO-8601, e.g. 2024-05-01T10:00:00Z."
    )

    @model_validator(mode="after")
    def _value_fits(self) -> HuntClause:
        """Checked against the generation that has the field (the Indexer's generation is known only when
        the hunt runs: ``build_query`` checks again against its allowlist)."""
        check_value(self.field, self.op, self.value, FIELDS_V5 if self.field in FIELDS_V5 else FIELDS)
        return self


def _fragment(clause: HuntClause, fields: Allowlist) -> dict[str, Any]:
    """The DSL fragment for one clause, positive sense (``ne`` is emitted as ``eq`` under must_not)."""
    value = check_value(clause.field, clause.op, clause.value, fields)
    field = fields[clause.field].name  # the allowlist's own string, never the caller's
    if clause.op in ("eq", "ne"):
        return {"term": {field: value}}
    if clause.op == "in":
        return {"terms": {field: value}}
    if clause.op == "exists":
        return {"exists": {"field": field}}
    if clause.op == "prefix":
        return {"prefix": {field: value}}
    return {"range": {field: {clause.op: value}}}


def check_clause_counts(must: Sequence[HuntClause], must_not: Sequence[HuntClause]) -> None:
    """The grammar's limits across both lists; ``invalid_argument`` naming the rule."""
    if not must:
        raise InvalidArgument(
            "hunt_query needs at least one clause in must (must_not alone would match almost everything)."
        )
    if len(must) + len(must_not) > MAX_CLAUSES:
        raise InvalidArgument(
            f"hunt_query takes at most {MAX_CLAUSES} clauses in must and must_not together; "
            f"got {len(must) + len(must_not)}."
        )
    for index, clause in enumerate(must_not):
        if clause.op == "ne":
            raise InvalidArgument(
                f"must_not.{index}: 'ne' inside must_not is a double negative; "
                f"write it as {{field: {clause.field!r}, op: 'eq'}} in must."
            )


def any_field(fields: Sequence[str], value: Any, allowlist: Allowlist = FIELDS) -> tuple[dict[str, Any], list[str]]:
    """One value in any of ``fields`` (allowlisted): a ``bool`` whose ``should`` holds one ``term`` per field
    the value fits (minimum 1), and the fields it fits. The only ``should`` the grammar emits: the same
    checked value, never a caller's choice of structure. ValueError when it fits none of them."""
    terms: list[dict[str, Any]] = []
    fitting: list[str] = []
    for name in fields:
        try:
            checked = check_value(name, "eq", value, allowlist)
        except ValueError:  # a user name is not an IP: that field cannot hold it
            continue
        terms.append({"term": {allowlist[name].name: checked}})
        fitting.append(allowlist[name].name)
    if not terms:
        raise ValueError(f"{str(value)[:80]!r} fits none of {', '.join(fields)}")
    return {"bool": {"should": terms, "minimum_should_match": 1}}, fitting


def build_query(
    must: Sequence[HuntClause],
    must_not: Sequence[HuntClause] = (),
    *,
    filters: Sequence[dict[str, Any]] = (),
    fields: Allowlist = FIELDS,
) -> dict[str, Any]:
    """One ``bool`` with ``filter`` (``filters`` — e.g. the time window — then ``must``) and ``must_not``;
    every clause checked against ``fields``, the allowlist of the generation the Indexer holds."""
    check_clause_counts(must, must_not)
    positive: list[dict[str, Any]] = list(filters)
    negative: list[dict[str, Any]] = []
    try:
        for clause in must:
            (negative if clause.op == "ne" else positive).append(_fragment(clause, fields))
        negative.extend(_fragment(clause, fields) for clause in must_not)
    except ValueError as exc:  # a field of the other generation's allowlist: its error names this one's field
        raise InvalidArgument(str(exc)) from None
    query: dict[str, Any] = {"filter": positive}
    if negative:
        query["must_not"] = negative
    return {"bool": query}
