"""Does a pattern compile in the regex type Wazuh gives it? Three types, three answers (Wazuh 4.14's
``src/shared/expression.c`` and ``src/os_regex``):

* **pcre2**: compiled by the real PCRE2 library (the ``pcre2`` binding from PyPI) **with the options
  Wazuh uses: none** (``pcre2_compile(pattern, PCRE2_ZERO_TERMINATED, 0, …)``): the pattern is bytes, not
  UTF (``\\x{263A}`` and ``\\N{U+…}`` need a leading ``(*UTF)``), ``\\u``/``\\U`` are errors, ``\\C`` is
  allowed. The binding's own ``compile`` always adds UTF, UCP, ALT_BSUX and NEVER_BACKSLASH_C, so its
  low-level compile is called with those taken off.
* **osregex** (``OSRegex_Compile``): the escapes ``\\w \\W \\d \\D \\s \\S \\p \\t \\.`` and the escaped
  specials ``\\$ \\( \\) \\| \\\\ \\<`` (not ``\\>``), the modifiers ``+ *``, ``^ $ |``, and groups ``( )`` that
  are neither nested nor unbalanced nor span a ``|``; any number of groups. Everything else is a literal.
* **osmatch** (``OSMatch_Compile``): literal text with ``^``, ``$``, ``|`` and a leading ``!``; it always
  compiles.

Both Wazuh types refuse a pattern longer than ``OS_PATTERN_MAXSIZE`` (20,480 bytes). Each function
returns ``None`` when the pattern compiles, else the reason in words.
"""

from __future__ import annotations

import re
from typing import Literal

from pcre2 import _cy  # the low-level compile: the public one forces options Wazuh does not use

RegexType = Literal["osregex", "osmatch", "pcre2"]
REGEX_TYPES: tuple[RegexType, ...] = ("osregex", "osmatch", "pcre2")
OSREGEX_ESCAPES = frozenset("wWdDsSpt.$()|\\<")
"""``OSRegex_Compile``'s escapes; any other escape (``\\>`` included) is ``OS_REGEX_BADREGEX``."""
OS_PATTERN_MAXSIZE = 20_480
_PCRE2_UTF = 0x00080000
_PCRE2_UCP = 0x00020000
_PCRE2_ALT_BSUX = 0x00000002
_PCRE2_NEVER_BACKSLASH_C = 0x00100000
_BINDING_ADDS = _PCRE2_UTF | _PCRE2_UCP | _PCRE2_ALT_BSUX | _PCRE2_NEVER_BACKSLASH_C
_BACKSLASH_C = re.compile(rb"(?<!\\)((?:\\\\)*)\\C")
"""``\\C`` (one code unit): this binding's library was built without it, Wazuh's was not; outside UTF mode
it is the same as ``(?s:.)``, which is what gets compiled in its place."""


def _size(pattern: str) -> int:
    return len(pattern.encode("utf-8", "surrogateescape"))


def compile_as_wazuh(pattern: str) -> object:
    """The compiled code, as ``pcre2_compile`` with options 0 gives it; raises ``pcre2.PatternError``."""
    data = pattern.encode("utf-8", "surrogateescape")
    try:
        return _cy.compile(data, 0, _BINDING_ADDS)
    except _cy.PatternError as exc:
        if b"\\C" not in data or "\\C is disabled in this PCRE2 library" not in str(exc):
            raise
    return _cy.compile(_BACKSLASH_C.sub(rb"\1(?s:.)", data), 0, _BINDING_ADDS)


def check_pcre2(pattern: str) -> str | None:
    try:
        compile_as_wazuh(pattern)
    except _cy.PatternError as exc:
        reason = str(exc)
        if "\\x{}" in reason or "Unicode (UTF) mode" in reason:
            reason += " (Wazuh compiles PCRE2 without UTF: start the pattern with (*UTF) for code points above \\xff)"
        return reason
    except _cy.LibraryError as exc:  # pragma: no cover - resource limits, not syntax
        return str(exc)
    return None


def check_osregex(pattern: str) -> str | None:
    if _size(pattern) > OS_PATTERN_MAXSIZE:
        return f"it is longer than OS_Regex's {OS_PATTERN_MAXSIZE:,} bytes"
    depth = 0
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            escaped = pattern[index + 1 : index + 2]
            if not escaped:
                return "it ends with a lone backslash"
            if escaped not in OSREGEX_ESCAPES:
                return (
                    f"OS_Regex has no escape '\\{escaped}' (it knows \\w \\W \\d \\D \\s \\S \\p \\t \\. and "
                    "\\$ \\( \\) \\| \\\\ \\<)"
                )
            index += 2
            continue
        if char == "(":
            if depth:
                return "groups cannot be nested"
            depth = 1
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
    return None


def check_osmatch(pattern: str) -> str | None:
    if _size(pattern) > OS_PATTERN_MAXSIZE:
        return f"it is longer than OS_Match's {OS_PATTERN_MAXSIZE:,} bytes"
    return None


_CHECKS = {"pcre2": check_pcre2, "osregex": check_osregex, "osmatch": check_osmatch}


def check(pattern: str, kind: RegexType) -> str | None:
    """Why ``pattern`` does not compile as ``kind``, or None."""
    return _CHECKS[kind](pattern)
