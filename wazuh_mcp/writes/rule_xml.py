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

Everything here is pure (no I/O): ``parse_rule_file`` returns what the write tools need, or
raises ``InvalidArgument`` with a message that says what to change.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

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
_NUMBER = re.compile(r"[0-9]{1,7}")
"""ASCII digits only: ``str.isdigit`` and ``int`` also accept other scripts' digits, which Wazuh would not."""
_FILENAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,100}\.xml")


@dataclass(frozen=True)
class RuleFile:
    """A validated custom rule file."""

    text: str
    group: str
    rule_ids: tuple[int, ...]

    @property
    def first_id(self) -> int:
        return self.rule_ids[0]

    @property
    def filename(self) -> str:
        """The file ``create_rule`` writes: named after its first rule so it is easy to find."""
        return f"wazuh-mcp-{self.first_id}.xml"


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


def _rule_id(rule: ET.Element, index: int) -> int:
    raw = (rule.get("id") or "").strip()
    if not _NUMBER.fullmatch(raw):
        raise InvalidArgument(
            f"Rule #{index} has no numeric id attribute (got {raw!r}).",
            hint=f'Write <rule id="{CUSTOM_ID_MIN + 100}" level="…">.',
        )
    rule_id = int(raw)
    require_custom_id(rule_id)
    return rule_id


def _check_rule(rule: ET.Element, rule_id: int) -> None:
    level = (rule.get("level") or "").strip()
    if not _NUMBER.fullmatch(level) or int(level) > MAX_LEVEL:
        raise InvalidArgument(f"Rule {rule_id} needs a level attribute between 0 and {MAX_LEVEL} (got {level!r}).")
    if rule.get("overwrite", "no").strip().lower() != "no":
        raise InvalidArgument(
            f'Rule {rule_id} uses overwrite="{rule.get("overwrite")}"; wazuh-mcp never overwrites rules in place.',
            hint="Remove the overwrite attribute.",
        )
    description = rule.find("description")
    if description is None or not (description.text or "").strip():
        raise InvalidArgument(f"Rule {rule_id} needs a non-empty <description> (it is what analysts see in alerts).")


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
    if root.tag != "group":
        raise InvalidArgument(f"The top-level element must be <group>, not <{root.tag}>.")
    group = (root.get("name") or "").strip()
    if not group:
        raise InvalidArgument('The <group> needs a name attribute, e.g. <group name="local,sshd,">.')
    rules = list(root)
    if not rules:
        raise InvalidArgument("The <group> holds no <rule>.")
    ids: list[int] = []
    for index, rule in enumerate(rules, start=1):
        if rule.tag != "rule":
            raise InvalidArgument(f"<group> may only contain <rule> elements; found <{rule.tag}>.")
        rule_id = _rule_id(rule, index)
        if rule_id in ids:
            raise InvalidArgument(f"Rule id {rule_id} appears twice in the file.")
        _check_rule(rule, rule_id)
        ids.append(rule_id)
    return RuleFile(text=text, group=group, rule_ids=tuple(ids))
