"""Wazuh's XML dialect, read the way ``wazuh-analysisd`` reads a rule file: a port of Wazuh 4.14's own
``os_xml`` reader (``src/os_xml/os_xml.c``, ``os_xml_variables.c``, ``os_xml_node_access.c``), over bytes,
without recursion, and with every buffer bounded. It is not an XML 1.0 parser. What that means, each fact
from Wazuh's source (tag v4.14.7) and checked against the recorded verdicts of a real 4.14.7
(``oracle/rule_verdicts.jsonl``):

* sizes are bytes: an element name, a text run or an attribute name or value of 20,480 bytes or more
  (``XML_MAXSIZE``) is "String overflow"/"Overflow attempt" (a 683-character CJK value is 2,049 bytes);
* at most 1,024 nested elements ("Max recursion level reached") and 49 attributes on one element
  ("Too many attributes": the 49th may be followed by ``>`` only, not by a space);
* ``<!`` opens a comment that ends at the first ``-->`` **or ``!>``** (CDATA and ``<!DOCTYPE`` are comments
  that usually never end); a comment is skipped wherever it starts, inside text, element names and closing
  tags too, even after a backslash;
* a backslash keeps the next ``<`` from opening a tag (``\\<`` is text, ``\\\\<`` is not) and stays in the text;
* a closing tag must spell the name exactly: ``</match >`` and ``</ match>`` are "Element 'match' not closed";
* an attribute name runs up to ``=`` with no space before it (``level = "5"`` is "has no value"); a value is
  quoted with ``'`` or ``"`` and may not contain ``>``; after it comes a space, ``>`` or ``/``;
* no entity is decoded: ``&lt;`` is the four characters ``&lt;`` to the loader;
* an element's text is the text after its last child element (``<match>a<b/>c</match>`` is ``c``), not
  trimmed; a NUL byte ends a value;
* ``<var name="N">value</var>`` (any depth, any case) defines ``$N`` for the elements and attributes after
  it in the file. A reference is replaced once, never re-read (``<var name="B">$A$A</var>`` makes ``$B`` the
  four characters ``$A$A``); names end at ``$ . | , space`` and compare case-insensitively; the first
  definition wins; values of one or two bytes are never expanded; once any variable is defined, an unknown
  ``$NAME`` in a later value is an error;
* the loader sees elements the way ``OS_GetElementsbyNode`` lists them: a ``<var>`` is invisible, and the
  elements **inside** a ``<var>`` count as children of the element before it at their depth (a ``<match>``
  written inside a ``<var>`` after a ``<rule>`` is a condition of that rule).

Expansion is bounded: a value that would pass ``MAX_EXPANDED`` bytes, or a file whose values would pass
``MAX_EXPANDED_TOTAL``, is refused before anything that large is built (Wazuh would build it).

Nothing here knows about rules: ``rule_syntax`` reads the tree. Errors carry the line, like Wazuh's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

XML_MAXSIZE = 20_480
"""``os_xml_internal.h``: a name, text run or attribute value reaching this many bytes is an overflow."""
MAX_VALUE_BYTES = XML_MAXSIZE - 1
MAX_NESTING = 1_024
"""``_ReadElem``'s recursion limit: the 1,025th nested element is "Max recursion level reached"."""
MAX_ATTRIBUTE_DEPTH = 48
"""``XML_MAX_ATTR_DEPTH``: ``_getattributes`` recurses once per attribute followed by a space."""
VARIABLE_NAME_MAX = 256
"""``XML_VARIABLE_MAXSIZE``: a variable name (or ``$NAME`` reference) of 255 bytes or more is an error."""
MAX_EXPANDED = XML_MAXSIZE
"""Largest value after variables: OS_Regex and OS_Match refuse longer patterns, ``loadmemory`` refuses
2,048 bytes and more; where Wazuh sets no limit of its own, refusing more is the project's policy."""
MAX_EXPANDED_TOTAL = 1 << 20
"""All values of one file together after variables (project policy: a rule file never needs more)."""

ELEM, ATTR, VAR = 0, 1, 2
_EOF = -1
_SPACE = frozenset(b" \t\n\v\f\r")
"""C's ``isspace`` in the C locale (analysisd never calls setlocale)."""
_LT, _GT, _BANG, _SLASH, _BACKSLASH, _DASH, _EQ = (ord(c) for c in "<>!/\\-=")
_QUOTES = frozenset(b"\"'")
_VAR_END = frozenset(b"$.|, ")
_PLAIN_TEXT = re.compile(rb"[^<\\]+")
_NAME_RUN = re.compile(rb"[^<>\\ \t\n\v\f\r]+")


class XmlError(ValueError):
    """The file is not one Wazuh's reader reads (``policy``: one it reads, but that wazuh-mcp refuses to
    hand it, like an expansion past ``MAX_EXPANDED``); ``line`` is 1-based."""

    def __init__(self, reason: str, line: int, element: str = "", *, policy: bool = False) -> None:
        super().__init__(f"{reason} (line {line})")
        self.reason = reason
        self.line = line
        self.element = element
        self.policy = policy


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "surrogateescape")


@dataclass
class Node:
    """One element as the loader sees it: its name as written, attributes in file order, its text (after
    variables) and its children (``OS_GetElementsbyNode``: ``<var>`` elements left out)."""

    name: str
    line: int
    attributes: list[tuple[str, str]] = field(default_factory=list)
    text: str = ""
    children: list[Node] = field(default_factory=list)
    raw_name: bytes = b""
    raw_text: bytes = b""

    @property
    def tag(self) -> str:
        """The name as the loader compares it (``strcasecmp``: ASCII letters only)."""
        return (
            (self.raw_name or self.name.encode("utf-8", "surrogateescape")).lower().decode("utf-8", "surrogateescape")
        )

    @cached_property
    def size(self) -> int:
        """The text's length in bytes, as every limit of Wazuh's counts it."""
        return (
            len(self.raw_text) if self.raw_text or not self.text else len(self.text.encode("utf-8", "surrogateescape"))
        )

    def attribute(self, name: str) -> str | None:
        """The value ``getattributes`` uses for a ``<rule>``: names compared case-insensitively, the last one wins."""
        found = None
        for key, value in self.attributes:
            if key.lower() == name:
                found = value
        return found

    def exact_attribute(self, name: str) -> str | None:
        """The value ``w_get_attr_val_by_name`` gives a rule option (``type``, ``negate``, a field's ``name``):
        the first attribute spelled exactly ``name``; ``TYPE=`` is not ``type=`` to it."""
        for key, value in self.attributes:
            if key == name:
                return value
        return None


@dataclass
class _Frame:
    """One ``_ReadElem`` call: the depth it reads elements at and where it is in one of them."""

    parent: int
    location: int = -1
    count: int = 0
    prevv: int = 1
    elem: bytearray = field(default_factory=bytearray)
    cont: bytearray = field(default_factory=bytearray)
    closedelim: bytearray = field(default_factory=bytearray)
    current: int = 0


class _Reader:
    """``ParseXML`` over bytes: a flat list of elements, attributes and variables as ``OS_XML`` holds them."""

    def __init__(self, data: bytes, policy: bool = True) -> None:
        self.data = data
        self.policy = policy
        """Raise wazuh-mcp's refusals of forms Wazuh reads differently from a person (off: Wazuh's view only)."""
        self.pos = 0
        self.stash: list[int] = []
        self.line = 1
        self.el: list[bytes] = []
        self.ct: list[bytes | None] = []
        self.tp: list[int] = []
        self.rl: list[int] = []
        self.ln: list[int] = []

    # --- characters (``_xml_fgetc`` / ``_xml_ungetc``) ---------------------------------------------

    def getc(self) -> int:
        if self.stash:
            c = self.stash.pop()
        elif self.pos < len(self.data):
            c = self.data[self.pos]
            self.pos += 1
        else:
            return _EOF
        if c == 10:
            self.line += 1
        return c

    def ungetc(self, c: int) -> None:
        if len(self.stash) >= 2:  # Wazuh's stash holds two characters; a third is lost
            return
        self.stash.append(c)
        if c == 10:
            self.line -= 1

    def fail(self, reason: str, element: bytes = b"") -> XmlError:
        return XmlError(reason, self.line, _text(element).lower())

    # --- the flat list (``_writememory`` / ``_writecontent``) ----------------------------------------

    def write(self, name: bytes, kind: int, parent: int) -> int:
        name = name.split(b"\0", 1)[0]
        self.el.append(name)
        self.ct.append(None)
        self.tp.append(VAR if name.lower() == b"var" else kind)
        self.rl.append(parent)
        self.ln.append(self.line)
        return len(self.el) - 1

    def content(self, index: int, value: bytes | bytearray) -> None:
        self.ct[index] = bytes(value).split(b"\0", 1)[0]

    # --- ``_oscomment`` ----------------------------------------------------------------------------

    def comment(self) -> bool:
        """After a ``<``: True when a comment was skipped, False when the next character is not ``!``."""
        c = self.getc()
        if c != _BANG:
            self.ungetc(c)
            return False
        while True:
            c = self.getc()
            if c == _EOF:
                raise XmlError(
                    "Comment not closed: a '<!' opens a comment (CDATA and DOCTYPE too) that no '-->' or '!>' ends",
                    self.line,
                )
            if c == _BANG:
                c = self.getc()
                if c == _GT:
                    return True
                self.ungetc(c)
            elif c == _DASH:
                c = self.getc()
                if c == _DASH:
                    c = self.getc()
                    if c == _GT:
                        return True
                    self.ungetc(c)
                self.ungetc(c)

    # --- ``_ReadElem``, one frame per nesting level, kept on a list instead of the C stack --------------

    def parse(self) -> None:
        frames = [_Frame(parent=0)]
        while True:
            frame = frames[-1]
            if not self.stash and self.pos + 1 < len(self.data) and self.tag_at_once(frame, frames):
                continue
            if frame.location in (-1, 1) and not self.stash and self.pos < len(self.data):
                run = _PLAIN_TEXT.match(self.data, self.pos)
                if run is not None:
                    self.plain(frame, run.group())
                    continue
            elif frame.location in (0, 2) and not self.stash and self.pos < len(self.data):
                run = _NAME_RUN.match(self.data, self.pos)
                if run is not None:
                    self.name_run(frame, run.group())
                    continue
            c = self.getc()
            if c == _EOF:
                if frame.location == -1 and len(frames) == 1:
                    return
                open_name = _text(bytes(frame.elem)) if frame.location != -1 else ""
                raise XmlError(
                    (f"Element '{open_name}' not closed: the file ends inside it" if open_name else "The file ends")
                    + " (Wazuh: End of file and some elements were not closed)",
                    self.line,
                    open_name.lower(),
                )
            done = self.step(frame, c, frames)
            if done:
                frames.pop()
                frames[-1].count = 0  # the text before a child is dropped: only the text after the last one stays
                frames[-1].cont = bytearray()

    def tag_at_once(self, frame: _Frame, frames: list[_Frame]) -> bool:
        """The common ``<name`` and ``</`` in text or between elements, without the character-by-character
        detour ``_ReadElem`` takes (read ``<``, look for ``!``, put back, read again); False: take it."""
        data, pos = self.data, self.pos
        if data[pos] != _LT or frame.prevv != 1 or frame.location not in (-1, 1) or frame.count >= XML_MAXSIZE:
            return False
        nxt = data[pos + 1]
        if nxt == _BANG or (nxt == _SLASH and frame.location == -1):
            return False
        if frame.location == 1 and nxt == _SLASH:
            self.pos = pos + 2
            del frame.cont[frame.count :]
            frame.count = 0
            frame.location = 2
            return True
        if frame.location == 1:
            if len(frames) + 1 > MAX_NESTING:
                return False
            frames.append(_Frame(parent=frame.parent + 1, location=0))
        else:
            frame.location = 0
        self.pos = pos + 1
        return True

    def plain(self, frame: _Frame, run: bytes) -> None:
        """A run with no ``<`` or backslash, read at once: text kept at location 1, skipped at -1."""
        frame.prevv = 1
        if frame.location == 1:
            room = XML_MAXSIZE - frame.count
            if len(run) >= room:
                self.pos += room
                self.line += run[:room].count(b"\n")
                raise self.fail("String overflow: a text of 20,480 bytes or more", bytes(frame.elem))
            frame.cont += run
            frame.count += len(run)
        self.pos += len(run)
        self.line += run.count(b"\n")

    def name_run(self, frame: _Frame, run: bytes) -> None:
        """Name characters (no space, ``<``, ``>`` or backslash) of an element or closing tag, at once."""
        frame.prevv = 1
        if frame.count + len(run) >= XML_MAXSIZE:
            raise self.fail("String overflow: an element name of 20,480 bytes or more")
        (frame.elem if frame.location == 0 else frame.closedelim).extend(run)
        frame.count += len(run)
        self.pos += len(run)

    def step(self, frame: _Frame, c: int, frames: list[_Frame]) -> bool:
        """One character of ``_ReadElem``'s loop; True when this frame's element is done (return 0)."""
        if c == _BACKSLASH:
            frame.prevv = -frame.prevv
        elif c != _LT and frame.prevv == -1:
            frame.prevv = 1
        if frame.count >= XML_MAXSIZE:
            raise self.fail("String overflow: a name or text of 20,480 bytes or more", bytes(frame.elem))
        if c == _LT and self.comment():
            return False
        location = frame.location
        if location == -1 and frame.prevv == 1:
            self.outside(frame, c)
            return False
        if location == 0 and (c == _GT or c in _SPACE):
            return self.opened(frame, c)
        if location == 2 and c == _GT:
            return self.closing_tag(frame)
        if location == 1 and c == _LT and frame.prevv == 1:
            self.tag_in_text(frame, frames)
            return False
        if location in (0, 1, 2):
            (frame.elem, frame.cont, frame.closedelim)[location].append(c)
            frame.count += 1
        if c == _LT:
            frame.prevv = 1
        return False

    def outside(self, frame: _Frame, c: int) -> None:
        """Between elements: a ``<`` opens one (``</`` here is "Element not opened"); text is skipped."""
        if c == _LT:
            nxt = self.getc()
            if nxt == _SLASH:
                raise self.fail("Element not opened: a closing tag with no element open")
            self.ungetc(nxt)
            frame.location = 0

    def closing_tag(self, frame: _Frame) -> bool:
        if bytes(frame.closedelim[: frame.count]).split(b"\0", 1)[0] != bytes(frame.elem).split(b"\0", 1)[0]:
            name = _text(bytes(frame.elem))
            raise XmlError(
                f"Element '{name}' not closed: its closing tag reads </{_text(bytes(frame.closedelim))}> "
                "(Wazuh wants exactly the same name, no spaces)",
                self.line,
                name.lower(),
            )
        self.content(frame.current, frame.cont)
        return self.closed(frame)

    def tag_in_text(self, frame: _Frame, frames: list[_Frame]) -> None:
        """A ``<`` in an element's text: its closing tag, or a child element (a new frame)."""
        nxt = self.getc()
        if nxt == _SLASH:
            del frame.cont[frame.count :]
            frame.count = 0
            frame.location = 2
            return
        self.ungetc(nxt)
        self.ungetc(_LT)
        if len(frames) + 1 > MAX_NESTING:
            raise self.fail(f"Max recursion level reached: elements nested more than {MAX_NESTING} deep")
        frames.append(_Frame(parent=frame.parent + 1))

    def opened(self, frame: _Frame, c: int) -> bool:
        """The element name ended (``>`` or a space): write it, read its attributes."""
        name = bytes(frame.elem)
        self_closed = name.endswith(b"/")
        if self_closed:
            name = name[:-1]
            frame.elem = bytearray(name)
        frame.current = self.write(name, ELEM, frame.parent)
        closing = 0
        if c in _SPACE:
            closing = self.attributes(frame.parent)
        if self_closed or closing == _SLASH:
            self.content(frame.current, b"")
            return self.closed(frame)
        frame.count = 0
        frame.cont = bytearray()
        frame.location = 1
        return False

    def closed(self, frame: _Frame) -> bool:
        frame.elem = bytearray()
        frame.cont = bytearray()
        frame.closedelim = bytearray()
        frame.count = 0
        frame.location = -1
        return frame.parent > 0

    # --- ``_getattributes``, its recursion (one call per attribute) as a loop ------------------------

    def attributes(self, parent: int) -> int:
        depth = 0
        while True:
            if depth > MAX_ATTRIBUTE_DEPTH:
                raise self.fail(
                    f"Too many attributes: Wazuh reads at most {MAX_ATTRIBUTE_DEPTH + 1} on one element (the last "
                    "one followed directly by '>')"
                )
            result = self.one_attribute(parent)
            if result is None:
                depth += 1
                continue
            return result

    def one_attribute(self, parent: int) -> int | None:
        """One call: ``None`` when an attribute was read and a space follows (recurse), else 0 or ``/``."""
        location = 0
        name = bytearray()
        value = bytearray()
        quote = 0
        while True:
            c = self.getc()
            if c == _EOF:
                raise self.fail("End of file while reading an attribute")
            if (len(name) if location == 0 else len(value)) >= XML_MAXSIZE:
                raise self.fail(f"Overflow attempt at attribute '{_text(bytes(name[:20]))}' (20,480 bytes or more)")
            if c == _GT or (location == 0 and c == _SLASH):
                if location == 1:
                    raise self.fail(
                        f"Attribute '{_text(bytes(name))}' not closed: Wazuh ends a value at '>' (attribute values "
                        "cannot hold '>')"
                    )
                if name:
                    raise self.fail(f"Attribute '{_text(bytes(name))}' has no value")
                return c if c == _SLASH else 0
            if location == 0 and c == _EQ:
                quote = self.value_start(bytes(name), parent, value)
                location = 1
            elif location == 0 and c in _SPACE:
                if name:
                    raise self.fail(
                        f"Attribute '{_text(bytes(name))}' has no value (Wazuh allows no space between a name and '=')"
                    )
            elif location == 1 and c == quote:
                return self.value_end(bytes(name), bytes(value), parent)
            else:
                (name if location == 0 else value).append(c)

    def value_start(self, name: bytes, parent: int, value: bytearray) -> int:
        """After ``=``: the opening quote (spaces before it allowed), and the value up to its end at once."""
        self.duplicate(name, parent)
        c = self.getc()
        if c not in _QUOTES:
            ok = False
            if c in _SPACE:
                while (c := self.getc()) != _EOF:
                    if c in _SPACE:
                        continue
                    ok = c in _QUOTES
                    break
            if not ok:
                raise self.fail(f"Attribute '{_text(name)}' not followed by a \" or '")
        if not self.stash:
            ends = [i for i in (self.data.find(bytes([c]), self.pos), self.data.find(b">", self.pos)) if i >= 0]
            chunk = self.data[self.pos : min(min(ends, default=len(self.data)), self.pos + XML_MAXSIZE)]
            value += chunk
            self.pos += len(chunk)
            self.line += chunk.count(b"\n")
        return c

    def value_end(self, name: bytes, value: bytes, parent: int) -> int | None:
        index = self.write(name, ATTR, parent)
        self.content(index, value)
        c = self.getc()
        if c in _SPACE:
            return None
        if c == _GT:
            return 0
        if c == _SLASH:
            return _SLASH
        raise self.fail(f"Bad attribute closing for '{_text(name)}'='{_text(value[:60])}'")

    def duplicate(self, name: bytes, parent: int) -> None:
        """``Attribute already defined``: the same spelling twice on one element (case counts)."""
        i = len(self.el) - 1
        while i >= 0 and self.rl[i] == parent and self.tp[i] == ATTR:
            if self.el[i] == name:
                raise self.fail(f"Attribute '{_text(name)}' already defined")
            i -= 1


# --- ``OS_ApplyVariables`` -------------------------------------------------------------------------------


def _variable_name(reader: _Reader, i: int) -> int:
    """The ``name`` attribute a ``<var>`` at ``i`` takes: the first attribute after it, at its depth or deeper."""
    el, ct, tp, rl = reader.el, reader.ct, reader.tp, reader.rl
    for j in range(i + 1, len(el)):
        if rl[j] < rl[i]:
            break
        if tp[j] != ATTR:
            continue
        if el[j].lower() != b"name":
            raise XmlError('Only "name" is allowed as an attribute for a variable', reader.ln[j], "var")
        if len(ct[j] or b"") >= VARIABLE_NAME_MAX:
            raise XmlError("Invalid variable name size (255 bytes at most)", reader.ln[j], "var")
        if b"$" in (ct[j] or b""):
            raise XmlError(
                "a variable name holding '$': Wazuh's reader would read freed memory for it (write the name "
                "without '$')",
                reader.ln[j],
                "var",
                policy=True,
            )
        return j
    raise XmlError('No value set for variable (write <var name="NAME">value</var>)', reader.ln[i], "var")


_REFERENCE = re.compile(rb"\$([^$.|, ]+)")


def _no_reference_inside(reader: _Reader, i: int) -> None:
    """A ``$NAME`` inside a variable's value is never expanded by Wazuh (its uses get the literal text):
    refused, since anyone reading the file would expect the expansion (and an expansion bomb is built so)."""
    found = _REFERENCE.search(reader.ct[i] or b"")
    if found is None or found.group(1).startswith(b"(") or not reader.policy:
        return
    raise XmlError(
        f"the value of this <var> holds '${_text(found.group(1)[:40])}': Wazuh never expands a variable inside "
        "another variable's value, so every use of this one would get that literal text; write the value out",
        reader.ln[i],
        "var",
        policy=True,
    )


def _apply_variables(reader: _Reader) -> None:
    el, ct, tp = reader.el, reader.ct, reader.tp
    names: list[int] = []
    """Index of each variable's ``name`` attribute (its content is read live, as Wazuh's pointer is)."""
    values: list[bytes] = []
    total = 0
    for i in range(len(el)):
        if tp[i] == VAR:
            index = _variable_name(reader, i)
            folded = (ct[index] or b"").lower()
            if reader.policy and any((ct[n] or b"").lower() == folded for n in names):
                raise XmlError(
                    f"the variable '{_text(ct[index] or b'')}' is defined twice (names compare without case): Wazuh "
                    "uses the first definition everywhere; give each variable its own name",
                    reader.ln[i],
                    "var",
                    policy=True,
                )
            names.append(index)
            values.append(ct[i] or b"")
            _no_reference_inside(reader, i)
            continue
        value = ct[i] or b""
        if (
            len(value) <= 2
            and value.startswith(b"$")
            and any((ct[n] or b"").lower() == value[1:].lower() for n in names)
        ):
            raise XmlError(
                f"'{_text(value)}' is left as written: Wazuh expands no value of two bytes or less; give the "
                "variable a longer name",
                reader.ln[i],
                _text(el[i]).lower(),
                policy=True,
            )
        if len(value) > 2 and names and b"$" in value:
            value = _substitute(reader, i, value, [ct[n] or b"" for n in names], values)
            ct[i] = value
        total += len(value)
        if total > MAX_EXPANDED_TOTAL:
            raise XmlError(
                f"after variables the file's values pass {MAX_EXPANDED_TOTAL:,} bytes (project policy: refused "
                "before they are built)",
                reader.ln[i],
                _text(el[i]).lower(),
                policy=True,
            )


def _substitute(reader: _Reader, i: int, original: bytes, names: list[bytes], values: list[bytes]) -> bytes:
    """One value, exactly as Wazuh's loop does it (``p`` walks the original, ``init`` the new text)."""
    folded = [name.lower() for name in names]
    current = bytearray(original)
    p = init = 0
    lagging = False
    size = len(original)
    while p < size:
        if original[p] != ord("$"):
            p += 1
            init += 1
            continue
        p += 1
        start = p
        while p < size and original[p] not in _VAR_END:
            if p - start >= VARIABLE_NAME_MAX - 1:
                raise XmlError(
                    f"Invalid variable name size: '{p - start}' (a '$' reference of 255 bytes or more)",
                    reader.ln[i],
                    _text(reader.el[i]).lower(),
                )
            p += 1
        wanted = original[start:p].lower()
        index = folded.index(wanted) if wanted in folded else -1
        if index >= 0:
            if lagging and reader.policy:
                raise XmlError(
                    "a '$(' before a variable in this value: Wazuh loses its place there and drops text when it "
                    "expands the variable; write '$(' after the variables, or the value out",
                    reader.ln[i],
                    _text(reader.el[i]).lower(),
                    policy=True,
                )
            value = values[index]
            grown = init + len(value) + (size - p)
            if grown > MAX_EXPANDED:
                raise XmlError(
                    f"after variables this value would pass {MAX_EXPANDED:,} bytes (Wazuh refuses patterns and "
                    "texts that long; refused before it is built)",
                    reader.ln[i],
                    _text(reader.el[i]).lower(),
                    policy=True,
                )
            del current[init:]
            current += value
            init = len(current)
            current += original[p:]
        if original[start : start + 1] == b"(":
            lagging = lagging or index < 0 or p > start
            continue
        if index < 0:
            if p > start:
                raise XmlError(
                    f"Unknown variable: '{_text(original[start:p][:95])}' (once a file defines a <var>, every "
                    "'$NAME' after it must name one; write $ alone as part of a pattern only before '.', '|', ',' "
                    "or a space)",
                    reader.ln[i],
                    _text(reader.el[i]).lower(),
                )
            init += 1
    return bytes(current)


# --- ``OS_GetElementsbyNode``, for every element in one pass ---------------------------------------------


def _tree(reader: _Reader) -> list[Node]:
    """The nodes the loader walks. An element's children are the elements one level deeper that follow it
    before the next element at its level or above; ``<var>`` elements are skipped but do not end that run,
    so elements nested in a ``<var>`` belong to the element before the ``<var>``."""
    el, ct, tp, rl, ln = reader.el, reader.ct, reader.tp, reader.rl, reader.ln
    roots: list[Node] = []
    last: list[Node | None] = []
    """``last[d]``: the element at depth ``d`` whose children a depth ``d + 1`` element would join."""
    in_var: list[bool] = []
    """``in_var[d]``: the latest element or variable at depth ``d`` is a ``<var>``."""
    i = 0
    count = len(el)
    while i < count:
        kind, depth = tp[i], rl[i]
        if kind == VAR and depth < len(in_var) + 1 and reader.el[i].lower() == b"var":
            del in_var[depth:]
            in_var.extend([False] * (depth - len(in_var)))
            in_var.append(True)
        if kind != ELEM:
            i += 1
            continue
        if reader.policy and depth and depth - 1 < len(in_var) and in_var[depth - 1]:
            raise XmlError(
                f"<{_text(el[i])}> is inside a <var>: Wazuh reads it as part of the element before the <var> "
                "(a <rule> before it gets it as an option); a <var> holds text only",
                ln[i],
                _text(el[i]).lower(),
                policy=True,
            )
        del in_var[depth:]
        in_var.extend([False] * (depth - len(in_var)))
        in_var.append(False)
        raw = ct[i] or b""
        node = Node(_text(el[i]), ln[i], text=_text(raw), raw_name=el[i], raw_text=raw)
        i += 1
        while i < count and tp[i] == ATTR and rl[i] == depth:
            node.attributes.append((_text(el[i]), _text(ct[i] or b"")))
            i += 1
        if depth == 0:
            roots.append(node)
        elif depth - 1 < len(last) and last[depth - 1] is not None:
            last[depth - 1].children.append(node)  # type: ignore[union-attr]
        del last[depth:]
        last.extend([None] * (depth - len(last)))
        last.append(node)
    return roots


def read_bytes(data: bytes, *, policy: bool = True) -> list[Node]:
    """The top-level elements of ``data`` as Wazuh's loader sees them, or ``XmlError``. With ``policy``
    (the default) the forms a person would read differently are refused too (``XmlError.policy``)."""
    reader = _Reader(data, policy)
    reader.parse()
    _apply_variables(reader)
    return _tree(reader)


def read(text: str, *, policy: bool = True) -> list[Node]:
    """``read_bytes`` of the UTF-8 bytes of ``text`` (a leading BOM is text outside any element, as in Wazuh)."""
    return read_bytes(text.encode("utf-8", "surrogateescape"), policy=policy)
