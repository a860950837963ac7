"""Wazuh's XML dialect, read the way ``wazuh-analysisd`` reads a rule file (its own ``os_xml`` parser,
not an XML 1.0 one). What differs from XML, each fact from the recorded verdicts of Wazuh 4.14.7
(``oracle/rule_verdicts.jsonl``) or from Wazuh's own ruleset, which must read:

* ``<!`` always opens a comment that ends at the next ``-->``: a CDATA section or a ``<!DOCTYPE`` is
  "Comment not closed" unless a later comment closes it; ``--`` inside a comment is fine;
* ``<?…?>`` is read as an element named ``?xml``, so every declaration or processing instruction is an error;
* a backslash in text keeps the next character from being markup (``\\<`` is text; ``E:\\\\</field>``
  closes the element), so a value ending in one backslash leaves its element unclosed;
* the five predefined entities are decoded; any other ``&`` (``&foo;``, a bare ``&``) is kept as it is;
* attributes take single or double quotes; the same name spelled twice is an error, names differing
  only in case are two attributes (the rule loader then compares them case-insensitively);
* a leading UTF-8 BOM, several top-level elements and text between or after them are accepted;
* ``<var name="N">value</var>`` (at the top or inside a group) defines ``$N`` for the elements after
  it, in attribute values and texts; a ``$NAME`` with no definition stays as written.

Nothing here knows about rules: ``rule_syntax`` reads the tree. Errors carry the line, like Wazuh's.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field

MAX_TEXT = 65_535
"""Longer texts are "String overflow" to Wazuh's parser (a 70,000-character description is refused there)."""
_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}
_ENTITY = re.compile(r"&(lt|gt|amp|quot|apos);")
_VAR_REF = re.compile(r"\$([A-Za-z0-9_]+)")
_NAME_END = frozenset(" \t\r\n/>")
MAX_DEPTH = 32
"""Rule files are four levels deep (group, rule, mitre, id); deeper nesting is refused before it costs anything."""


class XmlError(ValueError):
    """The file is not one Wazuh's parser reads; ``line`` is 1-based."""

    def __init__(self, reason: str, line: int, element: str = "") -> None:
        super().__init__(f"{reason} (line {line})")
        self.reason = reason
        self.line = line
        self.element = element


@dataclass
class Node:
    """One element: its name as written, attributes in file order, its text and its children."""

    name: str
    line: int
    attributes: list[tuple[str, str]] = field(default_factory=list)
    text: str = ""
    children: list[Node] = field(default_factory=list)

    @property
    def tag(self) -> str:
        """The name as the rule loader compares it (``strcasecmp``)."""
        return self.name.lower()

    def attribute(self, name: str) -> str | None:
        """The value the loader uses: names compared case-insensitively, the last one wins."""
        found = None
        for key, value in self.attributes:
            if key.lower() == name:
                found = value
        return found


def _decode(text: str) -> str:
    return _ENTITY.sub(lambda m: _ENTITIES[m.group(1)], text)


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.depth = 0
        self.variables: dict[str, str] = {}
        self.newlines = [i for i, char in enumerate(text) if char == "\n"]

    def line(self, pos: int | None = None) -> int:
        return bisect_right(self.newlines, (self.pos if pos is None else pos) - 1) + 1

    def fail(self, reason: str, pos: int | None = None) -> XmlError:
        return XmlError(reason, self.line(pos))

    def substitute(self, value: str) -> str:
        return _VAR_REF.sub(lambda m: self.variables.get(m.group(1), m.group(0)), value)

    def comment(self) -> None:
        """At ``<!``: skip to the end of the next ``-->``."""
        end = self.text.find("-->", self.pos + 2)
        if end < 0:
            last = self.line(len(self.text))
            raise self.fail(
                f"Comment not closed: this '<!' opens a comment (Wazuh reads CDATA and DOCTYPE so too) that no '-->' "
                f"ends (Wazuh reports it at the end of the file, line {last})"
            )
        self.pos = end + 3

    def nodes(self, parent: Node | None) -> list[Node]:
        """Children until the parent's closing tag (or the end of the file at the top), collecting
        the parent's text; ``<var>`` elements define variables as they are met."""
        text = self.text
        found: list[Node] = []
        chunks: list[str] = []
        start = self.pos
        while self.pos < len(text):
            char = text[self.pos]
            if char == "\\" and parent is not None:
                self.pos += 2
                continue
            if char != "<":
                self.pos += 1
                continue
            chunks.append(text[start : self.pos])
            if text.startswith("<!", self.pos):
                self.comment()
            elif text.startswith("</", self.pos):
                if parent is None:
                    raise self.fail("Closing tag with no element open")
                close = text.find(">", self.pos)
                name = text[self.pos + 2 : close].strip() if close > 0 else ""
                if name != parent.name:
                    raise XmlError(f"Element '{parent.name}' not closed", self.line(), parent.name.lower())
                self.pos = close + 1
                self.finish(parent, "".join(chunks))
                return found
            else:
                node = self.element()
                found.append(node)
            start = self.pos
        if parent is not None:
            raise XmlError(f"Element '{parent.name}' not closed", self.line(), parent.name.lower())
        return found

    def finish(self, node: Node, raw: str) -> None:
        if len(raw) > MAX_TEXT:
            raise XmlError("String overflow", node.line)
        node.text = self.substitute(_decode(raw)) if not node.children else self.substitute(_decode(raw)).strip()

    def element(self) -> Node:
        text = self.text
        begin = self.pos
        self.pos += 1
        end = self.pos
        while end < len(text) and text[end] not in _NAME_END:
            if text[end] == "<":
                raise self.fail("Unescaped '<' (write &lt; in text)")
            end += 1
        name = text[self.pos : end]
        if not name:
            raise self.fail("Unescaped '<' (write &lt; in text)")
        node = Node(name, self.line(begin))
        self.pos = end
        closed = self.attributes(node)
        if not closed:
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise XmlError(
                    f"elements nested more than {MAX_DEPTH} deep (a rule file needs four)", node.line, node.tag
                )
        if node.tag == "var":
            # A definition: its text (read now) becomes $NAME for everything after it.
            if not closed:
                node.children = self.nodes(node)
                self.depth -= 1
            value = node.text
            var_name = node.attribute("name")
            if var_name:
                self.variables[var_name] = value
            return node
        if not closed:
            node.children = self.nodes(node)
            self.depth -= 1
        return node

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t\r\n":
            self.pos += 1

    def attributes(self, node: Node) -> bool:
        """Read attributes up to ``>`` or ``/>``; True when the element closed itself."""
        seen: set[str] = set()
        while True:
            self.skip_space()
            if self.pos >= len(self.text):
                raise XmlError(f"Element '{node.name}' not closed", node.line, node.tag)
            if self.text[self.pos] == ">":
                self.pos += 1
                return False
            if self.text.startswith("/>", self.pos):
                self.pos += 2
                return True
            name, value = self.attribute()
            if name in seen:
                raise self.fail(f"Attribute '{name}' already defined")
            seen.add(name)
            node.attributes.append((name, self.substitute(_decode(value))))

    def attribute(self) -> tuple[str, str]:
        """One ``name="value"`` (or single-quoted), with the errors Wazuh's parser reports."""
        text = self.text
        start = self.pos
        while self.pos < len(text) and text[self.pos] not in " \t\r\n=>":
            self.pos += 1
        name = text[start : self.pos]
        self.skip_space()
        if self.pos >= len(text) or text[self.pos] != "=":
            raise self.fail(f"Attribute '{name}' has no value")
        self.pos += 1
        self.skip_space()
        quote = text[self.pos] if self.pos < len(text) else ""
        if quote not in ("'", '"'):
            raise self.fail(f"Attribute '{name}' not followed by a \" or '")
        close = text.find(quote, self.pos + 1)
        if close < 0:
            raise self.fail(f"Attribute '{name}' not closed")
        value = text[self.pos + 1 : close]
        self.pos = close + 1
        if self.pos < len(text) and text[self.pos] not in " \t\r\n/>":
            raise self.fail(f"Bad attribute closing for '{name}'='{value}'")
        return name, value


def read(text: str) -> list[Node]:
    """The top-level elements of ``text`` (variables applied), or ``XmlError``."""
    reader = _Reader(text.removeprefix("\ufeff"))
    return reader.nodes(None)
