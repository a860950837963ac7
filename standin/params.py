"""Query-parameter validation the way the Server API's spec layer does it.

Each endpoint declares the parameters it accepts (``ParamSpec`` per name); anything else is
"Extra query parameter(s) ... not in spec" (400). Values are checked against the spec's
custom string formats (``alphanumeric``, ``names``, ``search``, ``sort``, ``timeframe``, ...),
types and bounds, and converted. Errors read like connexion's, title "Bad Request".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from starlette.datastructures import QueryParams

from standin.problems import bad_request

# Wazuh's custom string formats (our regexes, matching the documented character sets).
FORMATS: dict[str, re.Pattern[str]] = {
    "alphanumeric": re.compile(r"^[\w,\-.+\s:]+$"),
    "alphanumeric_symbols": re.compile(r"^[\w,<>!\-.+\s:/()\[\]'\"|=~#@]+$"),
    "names": re.compile(r"^[\w\-.%]+$", re.ASCII),
    "numbers": re.compile(r"^\d+$"),
    "numbers_or_all": re.compile(r"^(\d+|all)$"),
    "group_names": re.compile(r"^(?!^(\.{1,2}|all)$)[\w.\-]+$"),
    "search": re.compile(r"^[^;|&^*>]+$"),
    "sort": re.compile(r"^[\w_\-,\s+.]*$"),
    "timeframe": re.compile(r"^\d+[dhms]?$"),
    "range": re.compile(r"^\d+(-\d+)?$"),
    "xml_filename": re.compile(r"^[\w\-]+\.xml$"),
    "get_dirnames_path": re.compile(r"^((etc|ruleset)/(decoders|rules)[\w\-/]*|etc/lists[\w\-/]*)$"),
    "paths": re.compile(r"^[\w\-./\\:]+$"),
    "hash": re.compile(r"^[\da-fA-F]{32,128}$"),
    "query": re.compile(r"^.+$", re.DOTALL),
    "date": re.compile(r"^\d{4}-\d{2}-\d{2}$"),
}
INT64_MAX = 2**63 - 1


@dataclass(frozen=True)
class ParamSpec:
    """One query parameter: its type (str, int, bool, list) and constraints."""

    kind: str = "str"  # str | int | bool | list | float
    fmt: str | None = None  # a FORMATS key, for str and list items
    enum: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    default: Any = None
    lower: bool = False  # Wazuh lower-cases this value before validating (agent status)


def _check_str(name: str, value: str, spec: ParamSpec) -> str:
    if spec.lower:
        value = value.lower()
    if spec.enum is not None and value not in spec.enum:
        raise bad_request(f"'{value}' is not one of {list(spec.enum)}")
    if spec.fmt is not None and not FORMATS[spec.fmt].match(value):
        raise bad_request(
            f"'{value}' is not a '{spec.fmt}'. Failed validating 'format' in schema['properties']['{name}']"
        )
    return value


def _check_int(name: str, raw: str, spec: ParamSpec) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise bad_request(f"'{raw}' is not of type 'integer'") from None
    if spec.minimum is not None and value < spec.minimum:
        raise bad_request(f"{value} is less than the minimum of {spec.minimum}")
    if spec.maximum is not None and value > spec.maximum:
        raise bad_request(f"{value} is greater than the maximum of {spec.maximum}")
    return value


def _convert(name: str, raws: list[str], spec: ParamSpec) -> Any:
    raw = raws[-1]
    if spec.kind == "int":
        return _check_int(name, raw, spec)
    if spec.kind == "float":
        try:
            number = float(raw)
        except ValueError:
            raise bad_request(f"'{raw}' is not of type 'number'") from None
        if spec.minimum is not None and number < spec.minimum:
            raise bad_request(f"{number} is less than the minimum of {spec.minimum}")
        return number
    if spec.kind == "bool":
        lowered = raw.lower()
        if lowered not in ("true", "false"):
            raise bad_request(f"'{raw}' is not of type 'boolean'")
        return lowered == "true"
    if spec.kind == "list":
        # A list may come as repeated keys or comma-separated, as connexion accepts both.
        items = [part for value in raws for part in value.split(",")]
        if not items or any(part == "" for part in items):
            raise bad_request(f"'{raw}' is too short")
        return [_check_str(name, part, spec) for part in items]
    return _check_str(name, raw, spec)


def parse_params(query: QueryParams, specs: Mapping[str, ParamSpec]) -> dict[str, Any]:
    """Validate ``query`` against ``specs``; return converted values (defaults included)."""
    extra = [key for key in query if key not in specs]
    if extra:
        raise bad_request(f"Extra query parameter(s) {', '.join(sorted(set(extra)))} not in spec")
    out: dict[str, Any] = {}
    for name, spec in specs.items():
        raws = query.getlist(name)
        out[name] = _convert(name, raws, spec) if raws else spec.default
    return out


# The parameter families shared by list endpoints.
COMMON: dict[str, ParamSpec] = {
    "pretty": ParamSpec("bool", default=False),
    "wait_for_complete": ParamSpec("bool", default=False),
}
PAGING: dict[str, ParamSpec] = {
    "offset": ParamSpec("int", minimum=0, default=0),
    "limit": ParamSpec("int", minimum=1, maximum=100000, default=500),
}
LISTING: dict[str, ParamSpec] = {
    **COMMON,
    **PAGING,
    "sort": ParamSpec(fmt="sort"),
    "search": ParamSpec(fmt="search"),
    "select": ParamSpec("list", fmt="names"),
    "q": ParamSpec(fmt="query"),
    "distinct": ParamSpec("bool", default=False),
}


def specs(*families: Mapping[str, ParamSpec], **extra: ParamSpec) -> dict[str, ParamSpec]:
    out: dict[str, ParamSpec] = {}
    for family in families:
        out.update(family)
    out.update(extra)
    return out


def alnum(**kwargs: Any) -> ParamSpec:
    return ParamSpec(fmt="alphanumeric", **kwargs)
