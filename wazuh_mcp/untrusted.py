"""Untrusted text: the one place it is made safe, for a model (``clean``, ``bound``) and for a person (``shown``).

Alert fields, log lines, user names, file paths and package descriptions are written by whoever
controls a monitored host; a change's rule text and summary by whoever steered the model; a change record
or an audit line by whoever can write the store. Before any of it reaches a model it goes through
``clean``: C0 and C1 control characters (ESC starts terminal escape sequences), DEL, bidi overrides
and isolates (text that reads differently from how it is stored), zero-width and other format
characters, Unicode tag characters (invisible ASCII look-alikes used to smuggle instructions), and
lone surrogates (which would fail UTF-8 encoding later) are removed. ``bound`` also cuts the text to
a length, so one planted field cannot flood a result.

Before any of it reaches a person — a terminal, the launcher, an HTTP answer, a log line — it goes through
``shown``, which removes nothing but makes every such character *visible*: ``\\x1b`` for a C0/C1 control or
DEL, ``<U+202E>`` for a bidi, zero-width, format, separator, invisible-filler or variation character, and the
third and later combining marks stacked on one letter. So ``ESC[2K ESC[1A`` (erase the line, cursor up), a
backspace or a right-to-left override cannot rewrite what is on the screen (the warning that a rule silences
detections), and what a person approves reads as it is stored. Newlines and tabs are kept only where the
surface is multi-line (``multiline=True``); a carriage return never is.
"""

from __future__ import annotations

import re
import urllib.parse
from typing import Any

_INVISIBLE = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 without \t and \n, DEL, C1
    "\u00ad\u061c\u180e"  # soft hyphen, Arabic letter mark, Mongolian vowel separator
    "\u200b-\u200f"  # zero-width space/joiners, LRM, RLM
    "\u2028-\u202e"  # line/paragraph separators, bidi embeddings and overrides
    "\u2060-\u206f"  # word joiner, invisible operators, bidi isolates
    "\ufeff\ufff9-\ufffb"  # BOM, interlinear annotation
    "\ud800-\udfff"  # lone surrogates
    "\U000e0000-\U000e007f"  # tag characters
)
_DROP = re.compile(f"[{_INVISIBLE}]+")
_SPACES = re.compile(r"[\t\n]+")

ELLIPSIS = "…"


def clean(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` without control, format and bidi characters. Tabs and newlines become one space
    unless ``keep_newlines`` (for multi-line content such as a diff)."""
    # The usual value: nothing to remove (printable ASCII has no control, format or bidi character).
    if text.isascii() and text.isprintable():
        return text
    if keep_newlines:
        return _DROP.sub("", text)
    return _DROP.sub("", _SPACES.sub(" ", text)) if ("\t" in text or "\n" in text) else _DROP.sub("", text)


def bound(text: str | None, limit: int, *, keep_newlines: bool = False) -> str | None:
    """``text`` cleaned, stripped and cut to ``limit`` characters (an ellipsis marks a cut); None stays None."""
    if text is None:
        return None
    # The usual value, returned as it is: short, printable ASCII, no blank to strip (the only printable
    # ASCII whitespace is the space).
    if len(text) <= limit and text.isascii() and text.isprintable() and (not text or text[0] != " " != text[-1]):
        return text
    head = text[: limit * 4 + 64]  # a megabyte field costs a bounded amount of work
    shown = clean(head, keep_newlines=keep_newlines).strip()
    if len(shown) <= limit and len(head) == len(text):
        return shown
    return shown[: max(limit - 1, 0)].rstrip() + ELLIPSIS


def without_credentials(url: str) -> str:
    """``url`` as it may be written down (a message, a record, a screen): any ``user:password@`` left out."""
    try:
        parts = urllib.parse.urlsplit(url)
        return parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()
    except ValueError:  # not even a URL urllib can split (a bracket left open)
        return url.rpartition("@")[2]


def is_cut(text: str) -> bool:
    return text.endswith(ELLIPSIS)


def bound_tree(
    value: Any, *, text: int = 1000, items: int = 200, depth: int = 8, budget: int = 4000, chars: int = 64_000
) -> Any:
    """A JSON value from an untrusted source (an agent's own report of its configuration) made safe and small
    for a model: every string and key through ``bound``; at most ``items`` entries in a list or object, a
    final entry saying how many were left out; nothing nested deeper than ``depth``; and at most ``budget``
    values and ``chars`` characters of text in all, after which what is left is cut the same way. Numbers,
    booleans and null pass as they are."""
    left = [budget, chars]

    def walk(node: Any, level: int) -> Any:
        left[0] -= 1
        if isinstance(node, str):
            shown = bound(node, max(min(text, left[1]), 1)) or ""
            left[1] -= len(shown)
            if left[1] <= 0:
                left[0] = 0  # the text budget is spent: nothing more is kept
            return shown
        if not isinstance(node, dict | list):
            return node if node is None or isinstance(node, bool | int | float) else bound(str(node), text)
        if level >= depth:
            return f"{ELLIPSIS} (nested deeper than {depth} levels, left out)"
        entries = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        kept: list[tuple[Any, Any]] = []
        for key, child in entries[:items]:
            if left[0] <= 0:
                break
            kept.append((bound(str(key), 120) if isinstance(node, dict) else key, walk(child, level + 1)))
        dropped = len(entries) - len(kept)
        if isinstance(node, dict):
            out = dict(kept)
            if dropped:
                out[ELLIPSIS] = f"{dropped} more keys left out"
            return out
        values = [child for _, child in kept]
        return [*values, f"{ELLIPSIS} {dropped} more left out"] if dropped else values

    return walk(value, 0)


# --- for a person --------------------------------------------------------------------------------

_CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f"
"""C0 (tab and newline apart), DEL, C1: shown as ``\\xNN``, as is a tab or newline on a one-line surface."""
_INVISIBLE_TO_A_PERSON = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\uffa0"  # soft hyphen, CGJ, fillers
    "\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2"  # Arabic and Syriac format marks
    "\u200b-\u200f\u2028-\u202e\u2060-\u206f"  # zero-width, LRM/RLM, separators, bidi, invisible operators
    "\ufe00-\ufe0f\ufeff\ufff9-\ufffb"  # variation selectors, BOM, interlinear annotation
    "\ud800-\udfff"  # lone surrogates
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e007f\U000e0100-\U000e01ef"  # tags, variation selectors supplement
)
"""Unicode's format (Cf), separator (Zl, Zp) and surrogate (Cs) characters, and the letters and marks that
draw nothing: shown as ``<U+XXXX>``. tests/unit/test_untrusted.py checks the list against Python's Unicode."""
_COMBINING = "\u0300-\u036f\u0483-\u0489\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
"""The combining blocks stacked into "Zalgo" text, which draws over the lines above and below."""
_STACKED = re.compile("(?<=[" + _COMBINING + "]{2})[" + _COMBINING + "]")
_ANY_COMBINING = re.compile("[" + _COMBINING + "]{3}")
_SHOWN_MULTILINE = re.compile("[" + _CONTROLS + _INVISIBLE_TO_A_PERSON + "]")
_SHOWN_ONE_LINE = re.compile("[\t\n" + _CONTROLS + _INVISIBLE_TO_A_PERSON + "]")
_HALF_AN_ESCAPE = re.compile(r"(\\(x[0-9a-f]?)?|<(U(\+[0-9A-F]{0,5})?)?)$")


_ESCAPED_IN_JSON = re.compile("[\x7f-\x9f" + _INVISIBLE_TO_A_PERSON.replace("\ud800-\udfff", "") + "]")
"""Lone surrogates are left alone: two escaped side by side would parse back as one other character (a
writer meets them as a ``UnicodeEncodeError`` and takes its ASCII path, as before)."""


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code > 0xFFFF:  # JSON spells a character beyond the BMP as its UTF-16 surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def json_text_escaped(text: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)`` or pydantic) with DEL, every C1 control and every
    character ``shown`` writes out (bidi, zero-width, format, invisible) written as a ``\\uXXXX`` escape: the
    value it parses to is the same, but a person who runs ``tail`` or ``less`` on the file (and a reader that
    prints it) meets no character that acts on a terminal (JSON already escapes C0). Outside its strings JSON
    text holds none of these characters, so each one found is inside a string, where the escape means it."""
    if text.isascii() and "\x7f" not in text:  # the usual line: nothing to escape
        return text
    return _ESCAPED_IN_JSON.sub(_json_escape, text)


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0xA0 else f"<U+{code:04X}>"


def shown(text: str, *, limit: int | None = None, multiline: bool = False) -> str:
    """``text`` as a person may see it: every control, bidi, zero-width, format and invisible character written
    out (``\\x1b``, ``<U+202E>``), nothing removed; newlines and tabs kept only when ``multiline``; then cut to
    ``limit`` characters (an ellipsis marks a cut, never half an escape). Work is bounded by ``limit``."""
    head = text if limit is None else text[: limit + 1]
    safe = (_SHOWN_MULTILINE if multiline else _SHOWN_ONE_LINE).sub(_visible, head)
    if _ANY_COMBINING.search(safe):  # a second pass only for text that stacks marks (rare, and linear)
        safe = _STACKED.sub(_visible, safe)
    if limit is not None and (len(safe) > limit or len(head) < len(text)):
        return _HALF_AN_ESCAPE.sub("", safe[: max(limit - 1, 0)]) + ELLIPSIS
    return safe


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    return chr(0x2400 + code) if code < 0x20 else "\u2421" if code == 0x7F else "\ufffd"


def shown_in_place(text: str) -> str:
    """``text`` for a field a person edits, where each character must keep its place: every character
    ``shown`` would write out becomes one visible character instead (a control picture such as ``␛`` for C0,
    ``␡`` for DEL, ``�`` for the rest). Only the drawing changes: the value keeps what was typed or pasted."""
    drawn = _SHOWN_ONE_LINE.sub(_picture, text)
    return _STACKED.sub("\ufffd", drawn) if _ANY_COMBINING.search(drawn) else drawn
