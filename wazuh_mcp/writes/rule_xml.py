"""Local validation of custom Wazuh rule XML, before anything is sent to a manager.

Wazuh itself rejects a syntactically broken upload (error 1113), but only after the file has
reached the manager, and it accepts plenty that we do not want a model to write: rules that
re-use or shadow a default rule id, ``overwrite="yes"`` tricks, or files that hide several
groups in one upload. So a rule file written through wazuh-mcp must be:

* small (``MAX_RULE_FILE_BYTES``) and free of any ``<!DOCTYPE``/``<!ENTITY`` declaration — we
  refuse them before parsing because ``xml.etree`` would otherwise expand internal entities
  (the "billion laughs" bomb) and defusedxml is not a dependency;
* well-formed, with exactly one top-level ``<group name="…">`` holding only ``<rule>`` elements;
* made of rules whose ids are in the custom range 100000–120000 (Wazuh reserves lower ids for
  its own ruleset), unique in the file, each with a numeric level 0–16 and a description.

It is read **as Wazuh reads it**, not as XML tools do: ``analysisd`` matches element and attribute
names with ``strcasecmp`` and the last of two same-named attributes wins, while its XML layer
refuses duplicates only when they are spelled identically. So ``<rule id="100202" ID="5716"
Overwrite="yes">`` is, to a manager, an overwrite of rule 5716. Here names are compared
case-insensitively, a ``<rule>`` may carry only the attributes Wazuh knows, and two attributes
that differ only in case are refused. Numbers are checked with Wazuh's own rule (ASCII digits, no
spaces, ids at most six characters), so ``"0100100"`` or ``" 100301 "`` never reach a manager that
would refuse to load them.

``silencing`` says in words what a rule stops Wazuh from reporting (level 0 children of other
rules, ``noalert``, ``<options>no_log</options>``): a plausible-looking rule can hide an attack, and
the person approving it has to see that.

Everything here is pure (no I/O): ``parse_rule_file`` returns what the write tools need, or
raises ``InvalidArgument`` with a message that says what to change.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass

from wazuh_mcp import untrusted
from wazuh_mcp.errors import InvalidArgument

CUSTOM_ID_MIN = 100_000
CUSTOM_ID_MAX = 120_000
MAX_RULE_FILE_BYTES = 64 * 1024
"""Far above any hand-written custom rule file, far below Wazuh's 10 MB upload limit."""
MAX_LEVEL = 16
CUSTOM_RULES_DIR = "etc/rules"
"""Where user rule files live on the manager. ``ruleset/rules`` is Wazuh's own and never a target."""

_DECLARATION = re.compile(r"<!(?!--)", re.IGNORECASE)
"""Any ``<!…`` markup that is not a comment: DOCTYPE, ENTITY, ELEMENT, CDATA sections."""
_RULE_ID = re.compile(r"[0-9]{1,6}")
"""Wazuh's test for a rule id (``OS_StrIsNum`` and at most six characters): no sign, no spaces, and
no leading zero that would make it seven characters long."""
_NUMBER = re.compile(r"[0-9]{1,7}")
"""ASCII digits only: ``str.isdigit`` and ``int`` also accept other scripts' digits (and spaces), which Wazuh would not."""
_FILENAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,100}\.xml")

RULE_ATTRIBUTES = ("id", "level", "maxsize", "frequency", "timeframe", "accuracy", "noalert", "ignore", "overwrite")
"""The attributes ``analysisd`` reads on ``<rule>`` (``rules.c``); anything else is refused so that nothing
we do not understand reaches a manager."""
_NUMERIC_ATTRIBUTES = ("maxsize", "frequency", "timeframe", "accuracy", "ignore")
PARENT_ELEMENTS = ("if_sid", "if_group", "if_matched_sid", "if_matched_group")
"""The elements that make a rule a child of other rules: a level-0 child silences what its parents report."""


@dataclass(frozen=True)
class Rule:
    """One ``<rule>`` as Wazuh would load it (names already folded to lower case)."""

    id: int
    level: int
    description: str
    parents: tuple[tuple[str, str], ...] = ()
    """``(element, value)`` pairs: ``("if_sid", "5716")``, ``("if_group", "authentication_failed")``."""
    noalert: bool = False
    options: tuple[str, ...] = ()

    @property
    def parent_sids(self) -> tuple[int, ...]:
        sids: list[int] = []
        for element, value in self.parents:
            if element.endswith("_sid"):
                sids += [int(part) for part in re.split(r"[\s,]+", value) if _NUMBER.fullmatch(part)]
        return tuple(sids)


@dataclass(frozen=True)
class RuleFile:
    """A validated custom rule file."""

    text: str
    group: str
    rules: tuple[Rule, ...]

    @property
    def rule_ids(self) -> tuple[int, ...]:
        return tuple(rule.id for rule in self.rules)

    @property
    def first_id(self) -> int:
        return self.rule_ids[0]

    @property
    def filename(self) -> str:
        """The file ``create_rule`` writes: named after its first rule so it is easy to find."""
        return f"wazuh-mcp-{self.first_id}.xml"

    @property
    def parent_sids(self) -> tuple[int, ...]:
        """Rule ids this file's rules hang under, outside the file (to look up what they detect)."""
        own = set(self.rule_ids)
        return tuple(sorted({sid for rule in self.rules for sid in rule.parent_sids if sid not in own}))


def is_custom_id(rule_id: int) -> bool:
    return CUSTOM_ID_MIN <= rule_id <= CUSTOM_ID_MAX


def require_custom_id(rule_id: int) -> None:
    if not is_custom_id(rule_id):
        raise InvalidArgument(
            f"Rule id {rule_id} is outside the custom range {CUSTOM_ID_MIN}–{CUSTOM_ID_MAX}.",
            hint="Only custom rules can be written; ids below 100000 belong to Wazuh's default ruleset.",
        )


def require_custom_file(filename: str, relative_dirname: str) -> None:
    """Refuse any target that is not a plain ``.xml`` file directly under ``etc/rules``."""
    directory = relative_dirname.strip("/")
    if directory != CUSTOM_RULES_DIR:
        raise InvalidArgument(
            f"{directory}/{filename} is not a custom rule file: only files in {CUSTOM_RULES_DIR} can be written "
            "(ruleset/rules is Wazuh's default ruleset and is replaced on every upgrade).",
            hint="Create a new custom rule with create_rule instead.",
        )
    if not _FILENAME.fullmatch(filename):
        raise InvalidArgument(f"'{filename}' is not an acceptable rule file name (letters, digits, _ . - and .xml).")


def _reject_declarations(text: str) -> None:
    match = _DECLARATION.search(text)
    if match:
        line = text.count("\n", 0, match.start()) + 1
        raise InvalidArgument(
            f"Rule XML must not contain DOCTYPE, ENTITY or CDATA declarations (found '<!' on line {line}).",
            hint="Write the rule as plain elements and attributes; escape & < > as &amp; &lt; &gt;.",
        )


def _parse(text: str) -> ET.Element:
    try:
        return ET.fromstring(text)
    except ET.ParseError as exc:
        line, column = exc.position
        reason = str(exc).split(":", 1)[0]
        if "junk after document element" in str(exc):
            raise InvalidArgument(
                f"Rule XML must hold exactly one top-level <group>; more content follows it (line {line}).",
                hint='Put all rules inside a single <group name="…"> element.',
            ) from exc
        raise InvalidArgument(
            f"Rule XML is not well-formed: {reason} at line {line}, column {column + 1}.",
            hint="Check that every element is closed and & < > in text are escaped.",
        ) from exc


def _name(element: ET.Element) -> str:
    return element.tag.lower() if isinstance(element.tag, str) else ""


def _attributes(element: ET.Element) -> dict[str, str]:
    """The element's attributes under lower-case names, as Wazuh's ``strcasecmp`` sees them.
    Two names that differ only in case would be one attribute to Wazuh (the last wins): refused."""
    folded: dict[str, str] = {}
    for key, value in element.attrib.items():
        name = key.lower()
        if name in folded:
            raise InvalidArgument(
                f"<{element.tag}> has the attribute '{name}' twice (spelled differently: Wazuh ignores case in "
                "attribute names and would use only the last one).",
                hint=f"Write '{name}' once, in lower case.",
            )
        folded[name] = value
    return folded


def _rule_id(attributes: dict[str, str], index: int) -> int:
    raw = attributes.get("id", "")
    if not _RULE_ID.fullmatch(raw):
        raise InvalidArgument(
            f"Rule #{index} has no valid numeric id attribute (got {raw[:20]!r}); Wazuh accepts 1-6 digits, "
            "no spaces or signs.",
            hint=f'Write <rule id="{CUSTOM_ID_MIN + 100}" level="…">.',
        )
    rule_id = int(raw)
    require_custom_id(rule_id)
    return rule_id


def _check_attributes(attributes: dict[str, str], rule_id: int) -> int:
    unknown = sorted(set(attributes) - set(RULE_ATTRIBUTES))
    if unknown:
        raise InvalidArgument(
            f"Rule {rule_id} has attribute(s) Wazuh rules do not have: {', '.join(unknown)}.",
            hint=f"A <rule> may carry only {', '.join(RULE_ATTRIBUTES)}.",
        )
    level = attributes.get("level", "")
    if not _NUMBER.fullmatch(level) or int(level) > MAX_LEVEL:
        raise InvalidArgument(f"Rule {rule_id} needs a level attribute between 0 and {MAX_LEVEL} (got {level[:20]!r}).")
    for name in _NUMERIC_ATTRIBUTES:
        if name in attributes and not _NUMBER.fullmatch(attributes[name]):
            raise InvalidArgument(
                f"Rule {rule_id}: {name}={attributes[name][:20]!r} is not a number (ASCII digits, no spaces)."
            )
    if "overwrite" in attributes and attributes["overwrite"] != "no":
        raise InvalidArgument(
            f'Rule {rule_id} uses overwrite="{attributes["overwrite"][:20]}"; wazuh-mcp never overwrites rules '
            "in place.",
            hint="Remove the overwrite attribute.",
        )
    return int(level)


def _rule(element: ET.Element, attributes: dict[str, str], rule_id: int) -> Rule:
    level = _check_attributes(attributes, rule_id)
    descriptions = [child for child in element if _name(child) == "description"]
    if len(descriptions) > 1:
        raise InvalidArgument(
            f"Rule {rule_id} has {len(descriptions)} <description> elements; Wazuh shows only one.",
            hint="Keep one <description>.",
        )
    description = (descriptions[0].text or "").strip() if descriptions else ""
    if not description:
        raise InvalidArgument(f"Rule {rule_id} needs a non-empty <description> (it is what analysts see in alerts).")
    parents = tuple((_name(child), (child.text or "").strip()) for child in element if _name(child) in PARENT_ELEMENTS)
    options = tuple(
        part.strip().lower()
        for child in element
        if _name(child) == "options"
        for part in (child.text or "").split(",")
        if part.strip()
    )
    # analysisd sets noalert for the attribute whatever its value: noalert="no" silences too.
    return Rule(rule_id, level, description, parents, "noalert" in attributes, options)


def parse_rule_file(text: str) -> RuleFile:
    """Validate ``text`` as one custom rule file; the ids keep the order of the file."""
    if not text.strip():
        raise InvalidArgument("Rule XML is empty.")
    size = len(text.encode("utf-8"))
    if size > MAX_RULE_FILE_BYTES:
        raise InvalidArgument(
            f"Rule XML is {size} bytes; the limit is {MAX_RULE_FILE_BYTES}.",
            hint="Split the rules across several files.",
        )
    _reject_declarations(text)
    root = _parse(text)
    for element in root.iter():
        _attributes(element)  # case-insensitive duplicates anywhere in the file
    if _name(root) != "group":
        raise InvalidArgument(f"The top-level element must be <group>, not <{root.tag}>.")
    group_attributes = _attributes(root)
    if set(group_attributes) - {"name"}:
        raise InvalidArgument('The <group> may carry only a name attribute, e.g. <group name="local,sshd,">.')
    group = group_attributes.get("name", "").strip()
    if not group:
        raise InvalidArgument('The <group> needs a name attribute, e.g. <group name="local,sshd,">.')
    elements = list(root)
    if not elements:
        raise InvalidArgument("The <group> holds no <rule>.")
    rules: list[Rule] = []
    for index, element in enumerate(elements, start=1):
        if _name(element) != "rule":
            raise InvalidArgument(f"<group> may only contain <rule> elements; found <{element.tag}>.")
        attributes = _attributes(element)
        rule_id = _rule_id(attributes, index)
        if any(rule.id == rule_id for rule in rules):
            raise InvalidArgument(f"Rule id {rule_id} appears twice in the file.")
        rules.append(_rule(element, attributes, rule_id))
    return RuleFile(text=text, group=group, rules=tuple(rules))


# --- what a rule stops Wazuh from reporting (shown to the approver and the model) ----------------


def _bounded(text: str, limit: int = 120) -> str:
    return untrusted.bound(text, limit) or ""


def _parent_words(rule: Rule, known: Mapping[int, str]) -> str:
    parts: list[str] = []
    for element, value in rule.parents:
        if element.endswith("_sid"):
            sids = [s for s in re.split(r"[\s,]+", value) if s]
            named = [
                f"{s} ('{_bounded(known[int(s)])}')" if s.isascii() and s.isdigit() and int(s) in known else s
                for s in sids
            ]
            label = "rule" if element == "if_sid" else "earlier matches of rule"
            parts.append(f"{label}{'s' if len(sids) > 1 else ''} {', '.join(named)}")
        else:
            label = "group" if element == "if_group" else "earlier matches in group"
            parts.append(f"{label} '{_bounded(value, 60)}'")
    return " / ".join(parts)


def silencing(parsed: RuleFile, known: Mapping[int, str] | None = None) -> list[str]:
    """In words, what each rule of ``parsed`` stops Wazuh from alerting on. ``known`` maps parent rule
    ids to their descriptions (from the manager), so the approver reads *what* goes quiet."""
    known = known or {}
    words: list[str] = []
    for rule in parsed.rules:
        parents = _parent_words(rule, known)
        if rule.level == 0 and parents:
            words.append(
                f"Rule {rule.id} is level 0 under {parents}: events they would alert on that also match rule "
                f"{rule.id}'s conditions produce NO alert any more. This change silences those detections."
            )
        elif rule.level == 0:
            words.append(f"Rule {rule.id} is level 0: events it matches produce no alert.")
        if rule.noalert:
            scope = f" — including events of {parents}" if parents else ""
            words.append(f"Rule {rule.id} has noalert: events it matches never raise an alert{scope}.")
        if "no_log" in rule.options:
            words.append(
                f"Rule {rule.id} has <options>no_log</options>: its alerts are not written to alerts.json, so they "
                "never reach the Indexer, dashboards or any search."
            )
    return words
