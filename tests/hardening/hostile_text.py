"""Every class of character that can rewrite what a person reads, for the N-H2 tests: each test sends them
through one surface and finds none of them raw, and each one visible (``\\x1b``, ``<U+202E>``).

The classes are the ones the issue names (C0/C1 controls, ESC, DEL, bidi overrides and isolates, bidi marks,
zero-width characters) plus their kin a terminal or a font also acts on (CR, VT, FF, line separators, tag
characters, the invisible fillers, stacked combining marks). What counts as raw is computed here from Python's
Unicode database (``str.isprintable``), not from the sanitizer under test.
"""

from __future__ import annotations

HOSTILE: dict[str, str] = {
    "CSI erase line and cursor up (the report)": "\x1b[2K\x1b[1A",
    "OSC window title": "\x1b]0;owned\x07",
    "backspaces": "\x08" * 8,
    "carriage return": "\r",
    "C1 CSI": "\x9b2K",
    "DEL and NUL": "\x7f\x00",
    "vertical tab and form feed": "\x0b\x0c",
    "bidi override": "\u202eevil\u202c",
    "bidi embeddings": "\u202a\u202b\u202d",
    "bidi isolates": "\u2066\u2067\u2068\u2069",
    "bidi marks": "\u200e\u200f\u061c",
    "zero-width": "\u200b\u200c\u200d\u2060\ufeff",
    "line and paragraph separators": "\u2028\u2029",
    "tag characters": "\U000e0041\U000e007f",
    "invisible fillers": "\u3164\u115f\u034f",
}
EVERY_CLASS = "".join(HOSTILE.values())
IN_XML = IN_ARGV = EVERY_CLASS.replace("\x00", "")
"""Every class but NUL, which no command-line argument can carry (and a rule file is refused with it)."""

VISIBLE_WHEN_SHOWN = [
    "\\x1b[2K\\x1b[1A",
    "\\x08",
    "\\x9b2K",
    "<U+202E>evil<U+202C>",
    "<U+2066>",
    "<U+200B>",
    "<U+E0041>",
]
"""What a person must be able to read where the text was (the escapes are the sanitizer's documented form)."""

INVISIBLE_LETTERS = {"\u3164", "\u115f", "\u034f"}
"""Printable by Python's reckoning, yet they draw nothing."""


def raw_in(text: str, *, multiline: bool = False) -> list[str]:
    """The characters of ``text`` that draw nothing or drive the terminal, as U+XXXX (newlines and tabs allowed
    on a multi-line surface)."""
    allowed = {"\n", "\t"} if multiline else set()
    found = {ch for ch in text if (not ch.isprintable() or ch in INVISIBLE_LETTERS) and ch not in allowed and ch != " "}
    return sorted(f"U+{ord(ch):04X}" for ch in found)


def assert_shown(text: str, where: str, *, multiline: bool = False, visible: list[str] | None = None) -> None:
    raw = raw_in(text, multiline=multiline)
    assert not raw, f"{where}: raw {raw} in {text[:2000]!r}"
    for escape in VISIBLE_WHEN_SHOWN if visible is None else visible:
        assert escape in text, f"{where}: {escape!r} not shown in {text[:2000]!r}"
