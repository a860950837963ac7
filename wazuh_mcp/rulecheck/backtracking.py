"""Does a PCRE2 pattern backtrack catastrophically (exponentially), as analysisd would run it?

PCRE2 is a backtracking matcher: ``^(a+)+$`` against ``aaaa…a!`` tries every way of splitting the ``a``s
between the two loops before it fails, 2^n ways. Wazuh compiles rule patterns with no match limit of its
own (``pcre2_match`` with PCRE2's default of ten million steps), so one such pattern under a busy parent
rule costs analysisd that on every crafted event. OS_Regex and OS_Match do not backtrack this way.

The test is the standard one for exponential ambiguity: a state of the pattern's automaton that two
different paths lead back to over the same text. The automaton is the position automaton (Glushkov) of
the pattern, with one edge per way the pattern allows a step (an inner and an outer loop back to the same
position are two edges), so ``(a+)+`` has two ``a``→``a`` edges, ``(a|a)*`` two ways into its loop, and
``(\\d+\\.)+`` none. Two more conditions make it catastrophic rather than harmless: the ambiguous loop
must be able to repeat without bound (more than ``SMALL_COUNT`` times), and something after it must be
able to fail (an anchor, more text): ``(\\w+\\s?)+`` alone succeeds at the first word and never backtracks.
Possessive loops and atomic groups give nothing back and count as one step. Polynomial cases
(``.*.*x``) are not reported: PCRE2's own start-up checks cut most of them short, and they are the
ordinary style of Wazuh's ruleset.

The pattern is parsed here (a subset of PCRE2 that covers what rules use; anything not understood is
read as "any character", which can only add findings, never hide one), bounded in size and work:
``catastrophic`` returns the reason in words, or ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SMALL_COUNT = 10
"""A loop of at most this many turns ({1,10}) is not unbounded enough to blow up: it gets no back edge
(only its first turn is modelled, which can hide a finding, never make one up)."""
MAX_POSITIONS = 400
"""Wazuh's ruleset needs at most 142 (0910-ms-exchange-proxylogon_rules.xml)."""
FILE_STEPS = 2_000_000
"""Work allowed for all the patterns of one file (about a second); past it the file is refused."""
MAX_DEPTH = 200
_ALL = (1 << 256) - 1
_NEWLINE = 1 << 10


def _mask(chars: bytes | str) -> int:
    data = chars.encode("latin-1", "replace") if isinstance(chars, str) else chars
    m = 0
    for b in data:
        m |= 1 << b
    return m


def _range(lo: int, hi: int) -> int:
    return ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1) if hi >= lo else 0


_DIGIT = _range(48, 57)
_UPPER = _range(65, 90)
_LOWER = _range(97, 122)
_WORD = _DIGIT | _UPPER | _LOWER | _mask("_")
_SPACE = _mask(" \t\n\v\f\r")
_HSPACE = _mask(" \t\xa0")
_VSPACE = _mask("\n\v\f\r\x85")
_CLASS_ESCAPES = {
    "d": _DIGIT,
    "D": _ALL ^ _DIGIT,
    "w": _WORD,
    "W": _ALL ^ _WORD,
    "s": _SPACE,
    "S": _ALL ^ _SPACE,
    "h": _HSPACE,
    "H": _ALL ^ _HSPACE,
    "v": _VSPACE,
    "V": _ALL ^ _VSPACE,
    "N": _ALL ^ _NEWLINE,
    "R": _VSPACE,
    "C": _ALL,
    "X": _ALL,
}
_POSIX = {
    "alpha": _UPPER | _LOWER,
    "digit": _DIGIT,
    "alnum": _UPPER | _LOWER | _DIGIT,
    "upper": _UPPER,
    "lower": _LOWER,
    "space": _SPACE,
    "blank": _mask(" \t"),
    "word": _WORD,
    "xdigit": _DIGIT | _range(65, 70) | _range(97, 102),
    "punct": _mask("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
    "print": _range(32, 126),
    "graph": _range(33, 126),
    "cntrl": _range(0, 31) | (1 << 127),
    "ascii": _range(0, 127),
}
_LITERAL_ESCAPES = {"n": 10, "t": 9, "r": 13, "f": 12, "e": 27, "a": 7}
_ANCHOR_ESCAPES = frozenset("bBAzZGK")


class Unanalysable(Exception):
    """Too big, too deep or too costly to analyse within the bounds (the reason is the message)."""


@dataclass
class Budget:
    """Steps of the product search left for one file's patterns."""

    steps: int = FILE_STEPS


# --- the pattern as a tree -----------------------------------------------------------------------------


@dataclass
class _Node:
    kind: str
    """``set`` (one character of ``mask``), ``seq``, ``alt``, ``rep``, ``empty`` (zero width), ``check``
    (zero width that can fail: anchors, lookarounds), ``opaque`` (atomic: one step of ``mask``)."""
    mask: int = 0
    items: list[_Node] = field(default_factory=list)
    low: int = 0
    high: int | None = None


def _fold(mask: int) -> int:
    upper = (mask >> 97 & ((1 << 26) - 1)) << 65
    lower = (mask >> 65 & ((1 << 26) - 1)) << 97
    return mask | upper | lower


class _Parser:
    def __init__(self, pattern: str) -> None:
        self.p = pattern
        self.i = 0
        self.depth = 0

    def peek(self, n: int = 0) -> str:
        return self.p[self.i + n] if self.i + n < len(self.p) else ""

    def parse(self) -> _Node:
        while self.p.startswith("(*", self.i):  # (*UTF), (*UCP), (*CRLF)… at the start
            end = self.p.find(")", self.i)
            if end < 0:
                break
            self.i = end + 1
        node = self.alternation({"i": False, "s": False, "x": False})
        return node

    def alternation(self, flags: dict[str, bool]) -> _Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise Unanalysable("it nests groups more than 200 deep")
        branches = [self.sequence(flags)]
        while self.peek() == "|":
            self.i += 1
            branches.append(self.sequence(flags))
        self.depth -= 1
        return branches[0] if len(branches) == 1 else _Node("alt", items=branches)

    def sequence(self, flags: dict[str, bool]) -> _Node:
        items: list[_Node] = []
        while self.i < len(self.p) and self.peek() not in ("|", ")"):
            if flags["x"] and self.peek() in (" ", "\t", "\n", "\r", "\f", "\v"):
                self.i += 1
                continue
            if flags["x"] and self.peek() == "#":
                end = self.p.find("\n", self.i)
                self.i = len(self.p) if end < 0 else end + 1
                continue
            atom = self.atom(flags)
            if atom is None:
                continue
            items.append(self.quantified(atom))
        return _Node("seq", items=items)

    def quantified(self, atom: _Node) -> _Node:
        c = self.peek()
        if c in ("*", "+", "?"):
            self.i += 1
            low, high = {"*": (0, None), "+": (1, None), "?": (0, 1)}[c]
        elif c == "{":
            end = self.p.find("}", self.i)
            body = self.p[self.i + 1 : end] if end > 0 else ""
            lo, comma, hi = body.partition(",")
            if not (lo.strip().isdigit() or (not lo.strip() and comma and hi.strip().isdigit())) or (
                hi.strip() and not hi.strip().isdigit()
            ):
                return atom
            self.i = end + 1
            low = int(lo.strip() or "0")
            high = (int(hi.strip()) if hi.strip() else None) if comma else low
        else:
            return atom
        possessive = False
        if self.peek() == "+":
            possessive = True
            self.i += 1
        elif self.peek() == "?":
            self.i += 1
        node = _Node("rep", items=[atom], low=low, high=high)
        return _Node("opaque", mask=_chars(node), low=int(_nullable(node))) if possessive else node

    def atom(self, flags: dict[str, bool]) -> _Node | None:
        c = self.peek()
        self.i += 1
        if c == "(":
            return self.group(flags)
        if c == "[":
            return self.char(self.char_class(flags), flags)
        if c == ".":
            return _Node("set", mask=_ALL if flags["s"] else _ALL ^ _NEWLINE)
        if c in ("^", "$"):
            return _Node("check")
        if c == "\\":
            return self.escape(flags)
        return self.char(_mask(c), flags)

    @staticmethod
    def char(mask: int, flags: dict[str, bool]) -> _Node:
        return _Node("set", mask=_fold(mask) if flags["i"] else mask)

    def escape(self, flags: dict[str, bool]) -> _Node | None:
        c = self.peek()
        self.i += 1
        if not c:
            return None
        if c == "Q":
            end = self.p.find("\\E", self.i)
            text = self.p[self.i : len(self.p) if end < 0 else end]
            self.i = len(self.p) if end < 0 else end + 2
            return _Node("seq", items=[self.char(_mask(ch), flags) for ch in text])
        if c == "E":
            return None
        if c in _ANCHOR_ESCAPES:
            return _Node("check")
        if c in _CLASS_ESCAPES:
            return _Node("set", mask=_CLASS_ESCAPES[c])
        if c in ("p", "P"):
            if self.peek() == "{":
                end = self.p.find("}", self.i)
                self.i = len(self.p) if end < 0 else end + 1
            else:
                self.i += 1
            return _Node("set", mask=_ALL)
        if (c.isdigit() and c != "0") or c in ("g", "k"):
            self.skip_reference(c)
            return _Node("opaque", mask=_ALL, low=1)
        return self.char(self.escaped_char(c), flags)

    def skip_reference(self, c: str) -> None:
        if c.isdigit():
            while self.peek().isdigit():
                self.i += 1
        elif self.peek() in ("{", "<", "'"):
            close = {"{": "}", "<": ">", "'": "'"}[self.peek()]
            end = self.p.find(close, self.i + 1)
            self.i = len(self.p) if end < 0 else end + 1
        else:
            while self.peek().isdigit() or self.peek() == "-":
                self.i += 1

    def escaped_char(self, c: str) -> int:
        if c in _LITERAL_ESCAPES:
            return 1 << _LITERAL_ESCAPES[c]
        if c == "x":
            if self.peek() == "{":
                end = self.p.find("}", self.i)
                digits = self.p[self.i + 1 : end] if end > 0 else ""
                self.i = len(self.p) if end < 0 else end + 1
            else:
                digits = ""
                while len(digits) < 2 and self.peek() and self.peek() in "0123456789abcdefABCDEF":
                    digits += self.peek()
                    self.i += 1
            try:
                value = int(digits or "0", 16)
            except ValueError:
                return _ALL
            return 1 << value if value < 256 else _ALL
        if c == "0":
            digits = ""
            while len(digits) < 2 and self.peek() and self.peek() in "01234567":
                digits += self.peek()
                self.i += 1
            return 1 << int(digits or "0", 8)
        if c == "c":
            self.i += 1
            return _ALL
        return _mask(c) if c and ord(c) < 256 else _ALL

    def char_class(self, flags: dict[str, bool]) -> int:
        negate = self.peek() == "^"
        if negate:
            self.i += 1
        mask = 0
        first = True
        while self.i < len(self.p):
            c = self.peek()
            if c == "]" and not first:
                self.i += 1
                break
            first = False
            if c == "[" and self.peek(1) == ":" and (end := self.p.find(":]", self.i + 2)) > 0:
                name = self.p[self.i + 2 : end]
                part = _POSIX.get(name.lstrip("^"), _ALL)
                mask |= (_ALL ^ part) if name.startswith("^") else part
                self.i = end + 2
                continue
            mask |= self.class_item()
        if flags["i"]:
            mask = _fold(mask)
        return (_ALL ^ mask) if negate else mask

    def class_item(self) -> int:
        """One character, escape or range inside ``[…]``."""
        c = self.peek()
        self.i += 1
        if c == "\\":
            e = self.peek()
            self.i += 1
            if e in _CLASS_ESCAPES:
                return _CLASS_ESCAPES[e]
            if e in ("p", "P"):
                self.escape_property()
                return _ALL
            low = self.escaped_char(e) if e else 0
        else:
            low = _mask(c) if c and ord(c) < 256 else _ALL
        if self.peek() != "-" or self.peek(1) in ("]", ""):
            return low
        self.i += 1
        hi_char = self.peek()
        self.i += 1
        if hi_char == "\\":
            hi = self.escaped_char(self.peek())
            self.i += 1
        else:
            hi = _mask(hi_char) if hi_char and ord(hi_char) < 256 else _ALL
        if low.bit_count() == 1 and hi.bit_count() == 1:
            return _range(low.bit_length() - 1, hi.bit_length() - 1)
        return _ALL

    def escape_property(self) -> None:
        if self.peek() == "{":
            end = self.p.find("}", self.i)
            self.i = len(self.p) if end < 0 else end + 1
        else:
            self.i += 1

    def skip_to(self, close: str, start: int | None = None) -> None:
        end = self.p.find(close, self.i if start is None else start)
        self.i = len(self.p) if end < 0 else end + len(close)

    def group(self, flags: dict[str, bool]) -> _Node | None:
        inner = dict(flags)
        kind = self.group_kind(flags, inner) if self.peek() in ("?", "*") else "group"
        if kind in ("skip", "reference"):
            return _Node("opaque", mask=_ALL, low=1) if kind == "reference" else None
        body = self.alternation(inner)
        if self.peek() == ")":
            self.i += 1
        if kind == "look":
            return _Node("check")
        if kind == "atomic":
            return _Node("opaque", mask=_chars(body), low=int(_nullable(body)))
        return body

    def group_kind(self, flags: dict[str, bool], inner: dict[str, bool]) -> str:
        """After ``(``: ``group``, ``atomic``, ``look``, ``reference`` (recursion, a named reference: read as
        any text), or ``skip`` (a verb, a comment, flags for the rest of the group: nothing to match)."""
        if self.peek() == "*":
            self.skip_to(")")
            return "skip"
        self.i += 1
        c, after = self.peek(), self.peek(1)
        kinds = {":": "group", "|": "group", ">": "atomic", "=": "look", "!": "look"}
        if c in kinds:
            self.i += 1
            return kinds[c]
        if c == "#":
            self.skip_to(")")
            return "skip"
        if c == "<" and after in ("=", "!"):
            self.i += 2
            return "look"
        if c in ("<", "'") or (c == "P" and after == "<"):
            self.skip_to(">" if c != "'" else "'", self.i + 1)
            return "group"
        if c in ("P", "&", "R") or c.isdigit() or (c in ("+", "-") and after.isdigit()):
            self.skip_to(")")
            return "reference"
        if c == "(":
            self.skip_to(")")
            return "group"
        if self.inline_flags(inner):
            flags.update(inner)
            return "skip"
        return "group"

    def inline_flags(self, inner: dict[str, bool]) -> bool:
        """``(?i)`` (True: applies to the rest of the enclosing group) or ``(?i:`` (False: a group follows)."""
        on = True
        while self.i < len(self.p):
            c = self.peek()
            self.i += 1
            if c == ")":
                return True
            if c == ":":
                return False
            if c == "-":
                on = False
            elif c == "^":
                inner.update(i=False, s=False, x=False)
            elif c in ("i", "s", "x"):
                inner[c] = on
        return True


def _nullable(node: _Node) -> bool:
    if node.kind == "set":
        return False
    if node.kind in ("empty", "check"):
        return True
    if node.kind == "opaque":
        return bool(node.low == 0)
    if node.kind == "seq":
        return all(_nullable(n) for n in node.items)
    if node.kind == "alt":
        return any(_nullable(n) for n in node.items)
    return node.low == 0 or _nullable(node.items[0])


def _chars(node: _Node) -> int:
    if node.kind in ("set", "opaque"):
        return node.mask
    mask = 0
    for item in node.items:
        mask |= _chars(item)
    return mask


# --- the position automaton, one edge per way of stepping --------------------------------------------------


@dataclass
class _Info:
    nullable: bool
    free: bool
    """Nullable without passing anything that can fail (an anchor, a lookaround)."""
    first: list[int]
    last: list[int]
    last_free: list[int]
    """Positions after which the match can end without anything left that could fail."""


class _Automaton:
    def __init__(self) -> None:
        self.masks: list[int] = []
        self.edges: list[list[tuple[int, int]]] = []
        """``edges[p]``: (next position, id of the construct that allows the step)."""
        self.loops: set[int] = set()
        """Ids of the unbounded loops."""
        self.ids = 0

    def new_id(self) -> int:
        self.ids += 1
        return self.ids

    def link(self, sources: list[int], targets: list[int], edge: int) -> None:
        for s in sources:
            for t in targets:
                self.edges[s].append((t, edge))

    def build(self, node: _Node) -> _Info:
        if node.kind in ("set", "opaque"):
            if len(self.masks) >= MAX_POSITIONS:
                raise Unanalysable(f"it has more than {MAX_POSITIONS} character positions")
            self.masks.append(node.mask)
            self.edges.append([])
            p = len(self.masks) - 1
            nullable = node.kind == "opaque" and node.low == 0
            return _Info(nullable, nullable, [p], [p], [p])
        if node.kind in ("empty", "check"):
            free = node.kind == "empty"
            return _Info(True, free, [], [], [])
        if node.kind == "alt":
            parts = [self.build(n) for n in node.items]
            return _Info(
                any(p.nullable for p in parts),
                any(p.free for p in parts),
                [x for p in parts for x in p.first],
                [x for p in parts for x in p.last],
                [x for p in parts for x in p.last_free],
            )
        if node.kind == "seq":
            return self.sequence([self.build(n) for n in node.items])
        return self.repeat(node)

    def sequence(self, parts: list[_Info]) -> _Info:
        if not parts:
            return _Info(True, True, [], [], [])
        for i, left in enumerate(parts):
            for j in range(i + 1, len(parts)):
                self.link(left.last, parts[j].first, self.new_id())
                if not parts[j].nullable:
                    break
        first: list[int] = []
        for part in parts:
            first += part.first
            if not part.nullable:
                break
        last: list[int] = []
        last_free: list[int] = []
        free_tail = True
        for part in reversed(parts):
            last += part.last
            if free_tail:
                last_free += part.last_free
            free_tail = free_tail and part.free
            if not part.nullable:
                break
        return _Info(all(p.nullable for p in parts), all(p.free for p in parts), first, last, last_free)

    def repeat(self, node: _Node) -> _Info:
        if node.high == 0:
            return _Info(True, True, [], [], [])
        body = self.build(node.items[0])
        if node.high is None or node.high > SMALL_COUNT:
            loop = self.new_id()
            self.loops.add(loop)
            self.link(body.last, body.first, loop)
        nullable = node.low == 0 or body.nullable
        return _Info(nullable, node.low == 0 or body.free, body.first, body.last, body.last_free)


def _ambiguous_loop(automaton: _Automaton, info: _Info, budget: Budget) -> int | None:
    """A position two different step sequences lead back to over the same text, on a cycle through an
    unbounded loop and not where the match could simply end; its index, or None. Every such cycle passes
    through the target of one of its loop edges, so the search starts only there."""
    masks, edges = automaton.masks, automaton.edges
    final_free = set(info.last_free)
    starts = sorted({t for out in edges for t, edge in out if edge in automaton.loops} - final_free)
    for start in starts:
        seen: set[tuple[int, int, bool, bool]] = set()
        stack: list[tuple[int, int, bool, bool]] = [(start, start, False, False)]
        while stack:
            state = stack.pop()
            if state in seen:
                continue
            seen.add(state)
            a, b, split, looped = state
            for next_a, id_a in edges[a]:
                for next_b, id_b in edges[b]:
                    budget.steps -= 1
                    if budget.steps < 0:
                        raise Unanalysable("the file's PCRE2 patterns take too long to check")
                    if not masks[next_a] & masks[next_b]:
                        continue
                    now_split = split or next_a != next_b or id_a != id_b
                    now_looped = looped or id_a in automaton.loops or id_b in automaton.loops
                    if now_split and now_looped and next_a == start and next_b == start:
                        return start
                    stack.append((next_a, next_b, now_split, now_looped))
    return None


def catastrophic(pattern: str, budget: Budget | None = None) -> str | None:
    """Why ``pattern`` backtracks exponentially in PCRE2 (in words), or None. ``Unanalysable`` when it is
    too large or deep, or ``budget`` runs out: the caller refuses rather than guesses."""
    try:
        tree = _Parser(pattern).parse()
        automaton = _Automaton()
        info = automaton.build(tree)
    except RecursionError:
        raise Unanalysable("it nests too deep") from None
    if _ambiguous_loop(automaton, info, budget or Budget()) is None:
        return None
    return (
        "a repeated part can match the same text in several ways, as in (a+)+ or (a|a)*, before something that can fail"
    )
