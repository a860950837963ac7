"""JSON with comments and trailing commas (JSONC, what VS Code reads for ``mcp.json``), and editing one
member of it in place so the user's comments and layout survive.

``blank(text)`` replaces every comment and trailing comma with spaces (newlines kept), so the result
is strict JSON *at the same offsets* as the original. ``members(blanked, start)`` lists an object's
members with their spans; the edits in ``ai_clients`` splice the original text at those spans. A
duplicate key anywhere is refused: readers disagree on which copy counts (Python keeps the last,
others the first), so a file that shows one entry to a human and another to a client is not ours to
rewrite.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

_WS = " \t\r\n"
_SCALAR = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|true|false|null")


class DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(f'the key "{key}" appears twice in one object')
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document: dict[str, Any] = {}
    for key, value in pairs:
        if key in document:
            raise DuplicateKey(key)
        document[key] = value
    return document


def loads_strict(text: str) -> Any:
    """``json.loads`` that refuses duplicate keys (``DuplicateKey``) instead of keeping the last one."""
    return json.loads(text, object_pairs_hook=_no_duplicates)


def blank(text: str) -> str:
    """``text`` with ``//`` and ``/* */`` comments and trailing commas turned into spaces (newlines kept).
    Raises ValueError for an unterminated comment; anything else invalid is left for the JSON parser."""
    out = list(text)
    i, n = 0, len(text)
    last_comma: int | None = None  # a comma seen since the last significant character
    while i < n:
        ch = text[i]
        if ch == '"':
            i = _string_end(text, i)
            last_comma = None
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out[i:end] = " " * (end - i)
            i = end
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise ValueError("a /* comment is not closed")
            out[i : end + 2] = [c if c == "\n" else " " for c in text[i : end + 2]]
            i = end + 2
            continue
        if ch == ",":
            last_comma = i
        elif ch in "}]":
            if last_comma is not None:
                out[last_comma] = " "
            last_comma = None
        elif ch not in _WS:
            last_comma = None
        i += 1
    return "".join(out)


def _string_end(text: str, start: int) -> int:
    """The offset just past the JSON string starting at ``start`` (or the end of the text)."""
    i = start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == '"':
            return i + 1
        i += 1
    return len(text)


def loads(text: str) -> Any:
    """JSONC → Python; duplicate keys refused. Raises ``json.JSONDecodeError`` (offsets valid for ``text``)."""
    return loads_strict(blank(text))


@dataclass(frozen=True)
class Member:
    key: str
    key_start: int
    value_start: int
    value_end: int


def skip_ws(blanked: str, i: int) -> int:
    while i < len(blanked) and blanked[i] in _WS:
        i += 1
    return i


def value_end(blanked: str, i: int) -> int:
    """The offset just past the JSON value starting at ``i`` in a blanked (strict JSON) text."""
    ch = blanked[i]
    if ch == '"':
        return _string_end(blanked, i)
    if ch in "{[":
        close = "}" if ch == "{" else "]"
        i = skip_ws(blanked, i + 1)
        if blanked[i] == close:
            return i + 1
        while True:
            if ch == "{":
                i = skip_ws(blanked, _string_end(blanked, i))
                i = skip_ws(blanked, i + 1)  # past ':'
            i = skip_ws(blanked, value_end(blanked, i))
            if blanked[i] == close:
                return i + 1
            i = skip_ws(blanked, i + 1)  # past ','
    match = _SCALAR.match(blanked, i)
    if match is None:
        raise ValueError(f"no JSON value at offset {i}")
    return match.end()


def members(blanked: str, start: int) -> tuple[list[Member], int]:
    """The members of the object whose ``{`` is at ``start``, and the offset of its ``}``."""
    found: list[Member] = []
    i = skip_ws(blanked, start + 1)
    while blanked[i] != "}":
        key_end = _string_end(blanked, i)
        key = json.loads(blanked[i:key_end])
        vstart = skip_ws(blanked, skip_ws(blanked, key_end) + 1)
        vend = value_end(blanked, vstart)
        found.append(Member(key, i, vstart, vend))
        i = skip_ws(blanked, vend)
        if blanked[i] == ",":
            i = skip_ws(blanked, i + 1)
    return found, i
