"""Does a pattern compile in the regex type Wazuh gives it? Three types, three answers:

* **pcre2**: compiled by the real PCRE2 library (the ``pcre2`` binding from PyPI), as analysisd does.
  Python's ``re`` is not PCRE2 (``\\k``, ``(?<name>…)``, possessive quantifiers, ``\\x{…}`` differ).
* **osregex** (OS_Regex, Wazuh's own small syntax): the escapes ``\\w \\W \\d \\D \\s \\S \\p \\t \\.``
  and the escaped specials ``\\$ \\( \\) \\| \\\\ \\<``, the modifiers ``+ *``, ``^ $ |``, and groups
  ``( )`` that are neither nested nor unbalanced. Everything else is a literal character, which is why
  ``(?=password)`` compiles (a group holding ``?=password``) while ``(abc`` does not.
* **osmatch** (OS_Match, "sregex"): literal text with ``^``, ``$``, ``|`` and a leading ``!``; it
  has no groups or escapes, so it always compiles (the recorded verdicts: ``(abc``, ``Failed\\q``, ``^$`` load).

Each function returns ``None`` when the pattern compiles, else the reason in words.
"""

from __future__ import annotations

from typing import Literal

import pcre2

RegexType = Literal["osregex", "osmatch", "pcre2"]
REGEX_TYPES: tuple[RegexType, ...] = ("osregex", "osmatch", "pcre2")
OSREGEX_ESCAPES = frozenset("wWdDsSpt.$()|\\<>")
"""The characters OS_Regex accepts after a backslash (its documented escapes, plus ``\\<``/``\\>`` that
Wazuh's own ruleset uses); any other escape does not compile."""
MAX_GROUPS = 14
"""OS_Regex keeps at most this many capture groups (``OS_REGEX_MAXSUBS``)."""


def check_pcre2(pattern: str) -> str | None:
    try:
        pcre2.compile(pattern)
    except pcre2.PatternError as exc:
        return str(exc)
    except pcre2.LibraryError as exc:  # pragma: no cover - resource limits, not syntax
        return str(exc)
    return None


def check_osregex(pattern: str) -> str | None:
    depth = groups = 0
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            escaped = pattern[index + 1 : index + 2]
            if not escaped:
                return "it ends with a lone backslash"
            if escaped not in OSREGEX_ESCAPES:
                return f"OS_Regex has no escape '\\{escaped}' (it knows \\w \\W \\d \\D \\s \\S \\p \\t \\. and \\$ \\( \\) \\| \\\\)"
            index += 2
            continue
        if char == "(":
            if depth:
                return "groups cannot be nested"
            depth, groups = 1, groups + 1
        elif char == ")":
            if not depth:
                return "')' closes no group (write \\) for a literal parenthesis)"
            depth = 0
        elif char == "|" and depth:
            # OS_Regex splits the pattern at every '|' first: a group cannot span alternatives.
            return "'|' inside a group (each alternative must close its own groups)"
        index += 1
    if depth:
        return "'(' is never closed (write \\( for a literal parenthesis)"
    if groups > MAX_GROUPS:
        return f"more than {MAX_GROUPS} groups"
    return None


def check_osmatch(pattern: str) -> str | None:
    return None


_CHECKS = {"pcre2": check_pcre2, "osregex": check_osregex, "osmatch": check_osmatch}


def check(pattern: str, kind: RegexType) -> str | None:
    """Why ``pattern`` does not compile as ``kind``, or None."""
    return _CHECKS[kind](pattern)
