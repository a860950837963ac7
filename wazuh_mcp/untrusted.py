"""Text from monitored hosts: the one place it is made safe to show (bounded, invisible characters removed).

Alert fields, log lines, user names, file paths and package descriptions are written by whoever
controls a monitored host. Before any of it reaches a model (or a terminal) it goes through
``clean``: C0 and C1 control characters (ESC starts terminal escape sequences), DEL, bidi overrides
and isolates (text that reads differently from how it is stored), zero-width and other format
characters, Unicode tag characters (invisible ASCII look-alikes used to smuggle instructions), and
lone surrogates (which would fail UTF-8 encoding later) are removed. ``bound`` also cuts the text to
a length, so one planted field cannot flood a result.
"""

from __future__ import annotations

import re

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
    if keep_newlines:
        return _DROP.sub("", text)
    return _DROP.sub("", _SPACES.sub(" ", text)) if ("\t" in text or "\n" in text) else _DROP.sub("", text)


def bound(text: str | None, limit: int, *, keep_newlines: bool = False) -> str | None:
    """``text`` cleaned, stripped and cut to ``limit`` characters (an ellipsis marks a cut); None stays None."""
    if text is None:
        return None
    head = text[: limit * 4 + 64]  # a megabyte field costs a bounded amount of work
    shown = clean(head, keep_newlines=keep_newlines).strip()
    if len(shown) <= limit and len(head) == len(text):
        return shown
    return shown[: max(limit - 1, 0)].rstrip() + ELLIPSIS


def is_cut(text: str) -> bool:
    return text.endswith(ELLIPSIS)
