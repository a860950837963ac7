"""The list engine every collection endpoint shares: filters, ``q``, ``search``, ``sort``,
``select``, ``distinct``, ``offset``/``limit``, with Wazuh's semantics and error codes.

Items are plain nested dicts in the API's own shape; fields are addressed with dots
(``os.name``). ``q`` is Wazuh's query language: ``field<op>value`` with ``=``, ``!=``, ``<``,
``>``, ``~`` (contains), joined by ``;`` (and, binds tighter) and ``,`` (or), with parentheses.
Comparisons follow wazuh-db: a missing value never matches (SQL NULL), numbers compare as
numbers, dates accept a timeframe (``lastKeepAlive<1d``: within the last day) or a date.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from standin.params import INT64_MAX
from standin.problems import wazuh_error

Item = dict[str, Any]


@dataclass(frozen=True)
class Collection:
    """What one endpoint lets callers select, sort and query, and how its values compare."""

    fields: tuple[str, ...]  # dotted leaves; "details.*" admits any sub-field
    required: tuple[str, ...] = ()  # always kept by select
    list_fields: frozenset[str] = frozenset()  # only =, != and ~ (membership)
    date_fields: frozenset[str] = frozenset()
    version_fields: frozenset[str] = frozenset()
    wdb: bool = True  # backed by wazuh-db: an offset beyond int64 is error 2003
    search_fields: tuple[str, ...] | None = None  # default: every leaf of the item

    def knows(self, name: str) -> bool:
        for known in self.fields:
            if name == known or known.startswith(name + "."):
                return True
            if known.endswith(".*") and name.startswith(known[:-1]):
                return True
        return False


@dataclass
class ListQuery:
    offset: int = 0
    limit: int = 500
    sort: str | None = None
    search: str | None = None
    select: list[str] | None = None
    q: str | None = None
    distinct: bool = False
    filters: dict[str, Any] = field(default_factory=dict)  # field -> value (or list: any of)


# --- field access -------------------------------------------------------------------------------


def get_path(item: Mapping[str, Any], name: str) -> Any:
    current: Any = item
    for part in name.split("."):
        if not isinstance(current, Mapping) or part not in current:
            return None
        current = current[part]
    return current


def leaves(item: Any, prefix: str = "") -> Iterable[tuple[str, Any]]:
    if isinstance(item, Mapping):
        for key, value in item.items():
            yield from leaves(value, f"{prefix}{key}.")
    else:
        yield prefix[:-1], item


def set_path(target: Item, name: str, value: Any) -> None:
    parts = name.split(".")
    for part in parts[:-1]:
        target = target.setdefault(part, {})
    target[parts[-1]] = value


def project(item: Item, names: Iterable[str]) -> Item:
    out: Item = {}
    for name in names:
        value = get_path(item, name)
        if value is not None:
            set_path(out, name, value)
    return out


# --- comparisons ----------------------------------------------------------------------------------

_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")
_TIMEFRAME = re.compile(r"^(\d+)([smhdw]?)$")
_UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
_DATE_FORMATS = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d", "%Y/%m/%d %H:%M:%S")


def timeframe_seconds(text: str) -> int | None:
    match = _TIMEFRAME.match(text)
    return int(match.group(1)) * _UNITS[match.group(2)] if match else None


def parse_date(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    text = value.strip()
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).replace(tzinfo=UTC)
        except ValueError:
            pass
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and _NUMBER.match(value):
        return float(value)
    return None


def version_key(value: Any) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", str(value)))


def _compare(op: str, left: Any, right: Any) -> bool:
    if op == "=":
        return bool(left == right)
    if op == "!=":
        return bool(left != right)
    if op == "<":
        return bool(left < right)
    return bool(left > right)


@dataclass(frozen=True)
class Cond:
    field: str
    op: str
    value: str

    def matches(self, item: Item, coll: Collection, now: datetime) -> bool:
        actual = get_path(item, self.field)
        if actual is None:
            return False
        if isinstance(actual, list):
            hits = [self._scalar(v, coll, now) for v in actual]
            return all(hits) if self.op == "!=" else any(hits)
        return self._scalar(actual, coll, now)

    def _scalar(self, actual: Any, coll: Collection, now: datetime) -> bool:
        op, wanted = self.op, self.value
        if op == "~":
            return wanted.lower() in _text(actual).lower()
        if self.field in coll.date_fields:
            seconds = timeframe_seconds(wanted)
            when = parse_date(actual)
            if when is not None and seconds is not None and op in "<>":
                threshold = now - timedelta(seconds=seconds)
                return when > threshold if op == "<" else when < threshold
            other = parse_date(wanted)
            if when is not None and other is not None:
                return _compare(op, when, other)
        if self.field in coll.version_fields and op in "<>":
            return _compare(op, version_key(actual), version_key(wanted))
        left, right = _number(actual), _number(wanted)
        if left is not None and right is not None:
            return _compare(op, left, right)
        if op in ("=", "!="):
            return _compare(op, _text(actual).lower(), wanted.lower())
        return _compare(op, _text(actual), wanted)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(_text(v) for v in value)
    return str(value)


@dataclass(frozen=True)
class Node:
    kind: str  # "and" | "or"
    children: tuple[Cond | Node, ...]

    def matches(self, item: Item, coll: Collection, now: datetime) -> bool:
        results = (child.matches(item, coll, now) for child in self.children)
        return all(results) if self.kind == "and" else any(results)


# --- the q parser ---------------------------------------------------------------------------------

_FIELD = re.compile(r"[\w.\-]+")
_OPERATOR = re.compile(r"!=|=|<|>|~")


class _Parser:
    def __init__(self, text: str, coll: Collection) -> None:
        self.text, self.pos, self.depth, self.coll = text, 0, 0, coll

    def fail(self) -> Exception:
        return wazuh_error(1407, extra=self.text)

    def parse(self) -> Cond | Node:
        node = self.parse_or()
        if self.pos != len(self.text):
            raise self.fail()
        return node

    def parse_or(self) -> Cond | Node:
        children = [self.parse_and()]
        while self.peek() == ",":
            self.pos += 1
            children.append(self.parse_and())
        return children[0] if len(children) == 1 else Node("or", tuple(children))

    def parse_and(self) -> Cond | Node:
        children = [self.parse_atom()]
        while self.peek() == ";":
            self.pos += 1
            children.append(self.parse_atom())
        return children[0] if len(children) == 1 else Node("and", tuple(children))

    def parse_atom(self) -> Cond | Node:
        if self.peek() == "(":
            self.pos += 1
            self.depth += 1
            node = self.parse_or()
            if self.peek() != ")":
                raise self.fail()
            self.pos += 1
            self.depth -= 1
            return node
        return self.parse_condition()

    def parse_condition(self) -> Cond:
        name = _FIELD.match(self.text, self.pos)
        if not name:
            raise self.fail()
        self.pos = name.end()
        op = _OPERATOR.match(self.text, self.pos)
        if not op:
            raise self.fail()
        self.pos = op.end()
        stops = ";,)" if self.depth else ";,"
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] not in stops:
            self.pos += 1
        field_name, operator = name.group(), op.group()
        if not self.coll.knows(field_name):
            raise wazuh_error(1408, extra=field_name)
        if field_name in self.coll.list_fields and operator in "<>":
            raise wazuh_error(1409, extra=f"{operator} for field {field_name}")
        return Cond(field_name, operator, self.text[start : self.pos])

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""


def parse_q(text: str, coll: Collection) -> Cond | Node:
    return _Parser(text, coll).parse()


# --- sort, select, search ------------------------------------------------------------------------


def parse_sort(text: str, coll: Collection) -> tuple[list[str], bool]:
    """Wazuh's sort: one leading + or - for the whole list, then comma-separated fields."""
    text = text.strip()
    reverse = text.startswith("-")
    names = [n.strip() for n in text.lstrip("+-").split(",") if n.strip()]
    for name in names:
        if not coll.knows(name):
            raise wazuh_error(1403, extra=f"Allowed sort fields: {', '.join(_public(coll))}. Field: {name}")
    return names, reverse


def _public(coll: Collection) -> list[str]:
    return sorted(f for f in coll.fields if not f.endswith(".*"))


def _sort_key(value: Any, versioned: bool) -> tuple[Any, ...]:
    if value is None:
        return (0,)
    if versioned:
        return (1, 0, version_key(value))
    number = _number(value) if not isinstance(value, str) else None
    if number is not None:
        return (1, 1, number)
    return (1, 2, _text(value))


def sort_items(items: list[Item], names: list[str], reverse: bool, coll: Collection) -> list[Item]:
    def key(item: Item) -> tuple[Any, ...]:
        return tuple(_sort_key(get_path(item, n), n in coll.version_fields) for n in names)

    return sorted(items, key=key, reverse=reverse)


def check_select(select: list[str], coll: Collection) -> list[str]:
    bad = [name for name in select if not coll.knows(name)]
    if bad:
        raise wazuh_error(1724, extra=f"{bad}. Allowed select fields: {', '.join(_public(coll))}")
    return list(dict.fromkeys([*coll.required, *select]))


def matches_search(item: Item, text: str, coll: Collection) -> bool:
    negate = text.startswith("-")
    needle = text[1:] if negate else text
    needle = needle.lower()
    if coll.search_fields is not None:
        values = [get_path(item, name) for name in coll.search_fields]
    else:
        values = [value for _, value in leaves(item)]
    found = any(needle in _text(v).lower() for v in values if v is not None)
    return found != negate


# --- the pipeline ---------------------------------------------------------------------------------


def run(
    items: list[Item],
    coll: Collection,
    query: ListQuery,
    now: datetime | None = None,
    extra: Callable[[Item], bool] | None = None,
) -> tuple[list[Item], int]:
    """Filter, search, sort, select and page ``items``: (page, total before paging)."""
    now = now or datetime.now(UTC)
    if coll.wdb and query.offset > INT64_MAX:
        raise wazuh_error(2003, extra="offset out of range")
    selected = check_select(query.select, coll) if query.select else None
    sort_spec = parse_sort(query.sort, coll) if query.sort else None
    tree = parse_q(query.q, coll) if query.q else None
    conds = [Cond(name, "=", str(value)) for name, value in query.filters.items() if not isinstance(value, list)]
    any_of = {name: value for name, value in query.filters.items() if isinstance(value, list)}
    out = []
    for item in items:
        if extra is not None and not extra(item):
            continue
        if not all(c.matches(item, coll, now) for c in conds):
            continue
        if not all(any(Cond(n, "=", str(v)).matches(item, coll, now) for v in vals) for n, vals in any_of.items()):
            continue
        if tree is not None and not tree.matches(item, coll, now):
            continue
        if query.search and not matches_search(item, query.search, coll):
            continue
        out.append(item)
    if sort_spec:
        out = sort_items(out, *sort_spec, coll)
    if selected:
        out = [project(item, selected) for item in out]
    if query.distinct:
        seen: dict[str, Item] = {}
        for item in out:
            seen.setdefault(json.dumps(item, sort_keys=True, default=str), item)
        out = list(seen.values())
    total = len(out)
    return out[query.offset : query.offset + query.limit], total
