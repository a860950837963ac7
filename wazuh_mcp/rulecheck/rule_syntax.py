"""What Wazuh 4.14's rule loader (``wazuh-analysisd -t``) does with a rule file's elements, as tables
and checks ported from its source (``src/analysisd/rules.c``, ``rules_list.c``, ``lists_list.c``, tag
v4.14.7). The judge is ``oracle/rule_verdicts.jsonl`` (recorded verdicts of a real 4.14.7 manager)
and Wazuh's whole ruleset, which must pass.

A ``Problem`` is ``error`` when Wazuh refuses the file, prints an ERROR line or drops the rule ("will be
ignored"), and ``warning`` when it loads the file with a WARNING that changes what the rule does (a value
it ignores, a duplicate it skips): wazuh-mcp refuses both. ``policy`` problems are wazuh-mcp's own: Wazuh
loads the file silently, but the rule would not do what a person reading it expects (a trailing comma in
``<if_sid>`` that also hangs the rule under its category's template, ``TYPE="pcre2"`` that Wazuh does not
read, text before a child element that Wazuh drops, a pattern that backtracks catastrophically); each
says so.

Sizes are bytes, as Wazuh counts them. Checks that need the manager's state (parent rules, groups,
lists, decoders) use a ``Catalog``; a ``None`` field means "not known here", and that check is skipped
rather than guessed. Wazuh's 16 internal decoders are always known.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from wazuh_mcp.rulecheck import backtracking, wazuh_regex
from wazuh_mcp.rulecheck.wazuh_xml import Node

ProblemKind = Literal["error", "warning", "policy"]
LOADMEMORY_LIMIT = 2048
"""``loadmemory``: a value of 2,048 bytes or more is "(1104): Maximum string size reached" (a description
is then missing and the file refused; a ``<match>`` is dropped with that ERROR and the rule loads without it)."""
MAX_VALUE = LOADMEMORY_LIMIT - 1

RULE_ATTRIBUTES = ("id", "level", "maxsize", "frequency", "timeframe", "accuracy", "noalert", "ignore", "overwrite")
"""The attributes ``getattributes`` reads on ``<rule>`` (names compared case-insensitively); any other refuses the file."""
_NUMBER_WIDTH = {"maxsize": 4, "timeframe": 5, "accuracy": 4, "ignore": 6}
"""``sscanf("%Nd")``: Wazuh reads only the first N digits of these (``ignore="9999999"`` is 999999 seconds)."""

REGEX_ELEMENTS: dict[str, str] = {
    "regex": "osregex",
    "match": "osmatch",
    "field": "osregex",
    "action": "string",
    **dict.fromkeys(
        (
            "user",
            "srcgeoip",
            "dstgeoip",
            "id",
            "srcport",
            "dstport",
            "status",
            "hostname",
            "data",
            "extra_data",
            "program_name",
            "system_name",
            "protocol",
            "location",
            "url",
        ),
        "osmatch",
    ),
}
"""Elements compared with a pattern, and their default type (``type=`` picks osregex, osmatch or pcre2;
``action`` is compared as a plain string unless a type is given)."""
LOADMEMORY_ELEMENTS = frozenset(
    {
        *(tag for tag in REGEX_ELEMENTS if tag != "field"),
        "cve",
        "info",
        "group",
        "description",
        "if_sid",
        "if_group",
        "if_matched_regex",
        "if_matched_group",
    }
)
"""Elements whose texts go through ``loadmemory`` (repeated ones are concatenated, with its 2,048-byte limit)."""

CASE_SENSITIVE = frozenset(
    {
        "same_id",
        "same_url",
        "same_data",
        "same_extra_data",
        "same_status",
        "same_system_name",
        "same_srcgeoip",
        "same_dstgeoip",
        "different_srcip",
        "not_same_source_ip",
        "different_protocol",
        "different_action",
        "different_id",
        "not_same_id",
        "different_url",
        "different_data",
        "different_extra_data",
        "different_status",
        "different_system_name",
        "different_srcgeoip",
        "different_dstgeoip",
    }
)
"""Options ``rules.c`` compares with ``strcmp``: ``<SAME_ID/>`` is an unknown option to it."""
SAME_FIELDS = frozenset(
    {
        "same_source_ip",
        "same_srcip",
        "same_dstip",
        "same_src_port",
        "same_srcport",
        "same_dst_port",
        "same_dstport",
        "same_protocol",
        "same_action",
        "same_id",
        "same_url",
        "same_data",
        "same_extra_data",
        "same_status",
        "same_system_name",
        "same_srcgeoip",
        "same_dstgeoip",
        "same_location",
        "same_srcuser",
        "same_user",
        "same_field",
    }
)
DIFFERENT_FIELDS = frozenset(
    {
        "different_srcip",
        "not_same_source_ip",
        "different_dstip",
        "different_src_port",
        "different_srcport",
        "different_dst_port",
        "different_dstport",
        "different_protocol",
        "different_action",
        "different_id",
        "not_same_id",
        "different_url",
        "different_data",
        "different_extra_data",
        "different_status",
        "different_system_name",
        "different_srcgeoip",
        "different_dstgeoip",
        "different_srcuser",
        "different_user",
        "not_same_user",
        "different_location",
        "not_same_field",
        "different_field",
    }
)
CONTEXT_ELEMENTS = SAME_FIELDS | DIFFERENT_FIELDS | {"global_frequency"}
"""Options that compare an event with earlier ones: Wazuh refuses them without ``if_matched_*`` (or ``check_diff``)."""
DEPRECATED = frozenset({"same_agent", "not_same_agent"})
"""Wazuh warns "deprecated field option … no longer available" and ignores them."""
CONTEXT_SOURCES = frozenset({"if_matched_sid", "if_matched_group", "if_matched_regex", "check_diff"})
"""Options that set ``context`` (what frequency and the same_/different_ options need)."""

OTHER_ELEMENTS = frozenset(
    {
        "decoded_as",
        "cve",
        "info",
        "time",
        "weekday",
        "group",
        "description",
        "srcip",
        "dstip",
        "list",
        "compiled_rule",
        "category",
        "if_sid",
        "if_level",
        "if_group",
        "if_matched_regex",
        "if_matched_group",
        "if_matched_sid",
        "check_diff",
        "if_fts",
        "options",
        "ignore",
        "check_if_ignored",
        "mitre",
    }
)
KNOWN_ELEMENTS = frozenset(REGEX_ELEMENTS) | OTHER_ELEMENTS | CONTEXT_ELEMENTS | DEPRECATED
OPTIONS = frozenset({"alert_by_email", "no_email_alert", "log_alert", "no_log", "no_ar", "no_full_log", "no_counter"})
"""``<options>`` takes exactly one of these per element, spelled exactly (several elements for several options)."""
INFO_TYPES = frozenset({"text", "link", "cve", "osvdb"})
CATEGORIES = frozenset({"firewall", "ids", "syslog", "web-log", "squid", "windows", "ossec"})
COMPILED_RULES = frozenset(
    {
        "check_id_size",
        "comp_srcuser_dstuser",
        "comp_mswin_targetuser_calleruser_diff",
        "is_simple_http_request",
        "is_valid_crawler",
    }
)
"""``src/analysisd/compiled_rules/.function_list``."""
LIST_LOOKUPS = frozenset(
    {
        "match_key",
        "not_match_key",
        "match_key_value",
        "address_match_key",
        "not_address_match_key",
        "address_match_key_value",
    }
)
"""Compared case-insensitively (``lookup="MATCH_KEY"`` loads)."""
STATIC_FIELDS = (
    "srcip",
    "dstip",
    "srcgeoip",
    "dstgeoip",
    "srcport",
    "dstport",
    "user",
    "srcuser",
    "dstuser",
    "url",
    "id",
    "data",
    "extra_data",
    "status",
    "protocol",
    "system_name",
    "action",
)
"""``w_check_attr_field_name``'s ``static_fields``, compared with ``strcasecmp``: ``<field name="Srcip">`` is
"Field 'Srcip' is static". (``location`` is not among them: ``<field name="location">`` loads.)"""
INTERNAL_DECODERS = frozenset(
    {
        "rootcheck",
        "syscheck_integrity_changed",
        "syscheck_new_entry",
        "syscheck_deleted",
        "syscheck_registry_key_modified",
        "syscheck_registry_key_added",
        "syscheck_registry_key_deleted",
        "syscheck_registry_value_modified",
        "syscheck_registry_value_added",
        "syscheck_registry_value_deleted",
        "hostinfo_new",
        "hostinfo_modified",
        "syscollector",
        "ciscat",
        "windows_eventchannel",
        "sca",
    }
)
"""``SetDecodeXML`` adds these before any decoder file (``decode-xml.c``); ``GET /decoders`` does not list them."""
CHILD_ATTRIBUTES: dict[str, frozenset[str]] = {
    "field": frozenset({"name", "type", "negate"}),
    "list": frozenset({"field", "lookup", "check_value"}),
    "info": frozenset({"type"}),
    "srcip": frozenset({"negate"}),
    "dstip": frozenset({"negate"}),
}
_PATTERN_ATTRIBUTES = frozenset({"type", "negate"})
DECODER_ORDER_SIZE = 256
"""``analysisd.decoder_order_size`` (internal_options.conf): "Rule has exceeded the maximum number of allowed fields"."""
_ENTITY = re.compile(r"&(?:lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);")
"""References an XML reader decodes and Wazuh's does not: in a pattern it matches the characters ``&lt;``."""
_WORDS_ONLY = frozenset({"description", "info", "cve", "group"})
"""Texts that are only shown (an entity there reads oddly in an alert but changes no match)."""
_DIGITS = re.compile(r"[0-9]*")
"""``OS_StrIsNum``: ASCII digits only, and the empty string passes."""
_RULE_ID = re.compile(r"[0-9]{1,6}")
_IF_SID = re.compile(r"[0-9, ]+\n?")
"""``^[\\d, ]+$`` as PCRE2 reads it (no UTF: ASCII digits; ``$`` also matches before a final newline)."""


@dataclass(frozen=True)
class Problem:
    """One reason a file is refused: where (line, element, rule), why, and whose rule it is."""

    line: int
    element: str
    reason: str
    kind: ProblemKind = "error"
    rule_id: str | None = None

    @property
    def policy(self) -> bool:
        """True when Wazuh would load the file and the refusal is wazuh-mcp's own."""
        return self.kind != "error"

    def __str__(self) -> str:
        rule = f"rule {self.rule_id}, " if self.rule_id else ""
        where = f"line {self.line}, {rule}<{self.element}>" if self.element else f"line {self.line}"
        prefix = {"error": "", "warning": "", "policy": "project policy: "}[self.kind]
        return f"{where}: {prefix}{self.reason}"


@dataclass(frozen=True)
class Catalog:
    """What the manager already holds, for the checks that depend on it. ``None``: unknown, not checked."""

    rule_ids: frozenset[int] | None = None
    groups: frozenset[str] | None = None
    """Group names of the rules loaded before this file."""
    lists: frozenset[str] | None = None
    """CDB lists declared in ``ossec.conf`` (``etc/lists/…``)."""
    decoders: frozenset[str] | None = None
    """Decoders the manager's decoder files define (``GET /decoders``); the internal ones are added."""


@dataclass
class LoadedRule:
    """What the checks learnt of one rule (for the write tools: ids, parents, what it silences)."""

    id: str
    line: int
    level: int
    description: str
    parents: list[tuple[str, str]] = field(default_factory=list)
    noalert: bool = False
    options: list[str] = field(default_factory=list)
    groups: list[str] = field(default_factory=list)


def valid_address(value: str) -> bool:
    """Wazuh's address syntax: ``any``, or an IPv4/IPv6 address with an optional ``/mask``, after an optional ``!``."""
    text = value.removeprefix("!")
    if text == "any":
        return True
    if not text or "%" in text or text.strip() != text:
        return False
    address, _, mask = text.partition("/")
    try:
        parsed = ipaddress.ip_address(address)
        if mask:
            if not (mask.isascii() and (mask.isdigit() or parsed.version == 4)):
                return False
            ipaddress.ip_network(f"{address}/{mask}", strict=False)
    except ValueError:
        return False
    return True


def _hour(text: str) -> tuple[str, str] | None:
    """``__gethour`` (validate_op.c): ``hh[:mm][ ][am|pm]`` → ("HH:MM", rest), or None. Like Wazuh, minutes
    are not checked against 59 and an am/pm hour not against 12; a missing first digit is an ERROR line."""
    digits = re.match(r"[0-9]*", text)
    size = len(digits.group()) if digits else 0
    if not size or size > 2:
        return None
    hour, rest = int(text[:size]), text[size:]
    if hour >= 24:
        return None
    minute = 0
    if rest.startswith(":"):
        rest = rest[1:]
        two = rest[:3]
        if (not two[:1].isdigit() or not two[1:2].isdigit()) and two[2:3].isdigit():
            return None
        lead = re.match(r"[+-]?[0-9]*", rest)
        minute = int(lead.group()) if lead and lead.group() not in ("", "+", "-") else 0
        rest = rest[2:]
    rest = rest.lstrip(" ")
    half = rest[:2].lower()
    if half in ("am", "pm"):
        hour = 0 if hour == 12 else hour
        hour += 12 if half == "pm" else 0
        if hour >= 24:
            return None
        rest = rest[2:]
    elif rest[:1] in ("a", "A", "p", "P"):
        return None
    return f"{hour:02d}:{minute:02d}", rest


def read_time(value: str) -> tuple[bool, bool]:
    """``OS_IsValidTime``: (valid, a '!' that Wazuh ignores). A range that wraps midnight is stored
    negated whatever was written, so ``!6 pm - 8 am`` means the same night hours as ``6 pm - 8 am``."""
    text = value.lstrip(" ")
    negated = text.startswith("!")
    if negated:
        text = text[1:].lstrip(" ")
    first = _hour(text)
    if first is None:
        return False, False
    rest = first[1].lstrip(" ")
    if not rest.startswith("-"):
        return False, False
    second = _hour(rest[1:].lstrip(" "))
    if second is None or second[1].lstrip(" "):
        return False, False
    return True, negated and first[0] > second[0]


def valid_time(value: str) -> bool:
    return read_time(value)[0]


_DAYS = [
    "sunday",
    "sun",
    "monday",
    "mon",
    "tuesday",
    "tue",
    "wednesday",
    "wed",
    "thursday",
    "thu",
    "friday",
    "fri",
    "saturday",
    "sat",
    "weekdays",
    "weekends",
]


def valid_weekday(value: str) -> bool:
    """``OS_IsValidDay``: day names (a prefix match, case-insensitive) separated by spaces or commas. Its
    '!' check never steps past the '!', so a negated list is always invalid to Wazuh."""
    text = value.lstrip(" ")
    if not text or text.startswith("!"):
        return False
    while text:
        day = next((d for d in _DAYS if text[: len(d)].lower() == d), None)
        if day is None:
            return False
        text = text[len(day) :]
        if text[:1] in (" ", ","):
            text = text.lstrip(" ,")
        elif text:
            return False
    return True


def _word_match(alternative: str, groups: Iterable[str]) -> bool:
    """One ``|`` alternative of ``OS_WordMatch`` against the group strings of loaded rules
    (``"syslog,sshd,authentication_failed,"``): ``^`` anchors at the start, anything else is a
    case-insensitive substring; ``$`` means nothing. Known here are single group names, so a pattern
    spanning a comma matches when its inner parts are whole groups."""
    text = alternative.lower()
    anchored = text.startswith("^")
    text = text.removeprefix("^")
    if not text:
        return True
    known = [g.lower() for g in groups if g]
    if "," not in text:
        return any(g.startswith(text) if anchored else text in g for g in known)
    parts = text.split(",")
    first, middle, last = parts[0], parts[1:-1], parts[-1]
    names = set(known)
    return (
        (not first or any(g.endswith(first) and (not anchored or g == first) for g in known))
        and all(part in names for part in middle)
        and (not last or any(g.startswith(last) for g in known))
    )


def group_matches(pattern: str, groups: Iterable[str]) -> bool:
    """``OS_WordMatch(pattern, group string)`` for some loaded rule."""
    if not pattern:
        return False
    known = list(groups)
    return any(_word_match(alternative, known) for alternative in pattern.split("|"))


def if_sid_tokens(value: str) -> list[int]:
    """The ids ``OS_AddChild`` reads from an ``if_sid`` (commas and spaces separate). A separator at the end
    is read as id 0 (``atoi("")``), which attaches the rule under its category's template too."""
    ids: list[int] = []
    found = False
    for index, char in enumerate(value + "\0"):
        if char in ", ":
            found = False
        elif char.isascii() and (char.isdigit() or char == "\0"):
            if not found:
                found = True
                digits = re.match(r"[0-9]*", value[index:])
                ids.append(int(digits.group() or "0") if digits else 0)
        else:
            break
    return ids


class RuleChecker:
    """Walks one file's top-level nodes as the loader does, collecting problems and the rules it loads."""

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or Catalog()
        self.problems: list[Problem] = []
        self.rules: list[LoadedRule] = []
        self.group_names: list[str] = []
        self.decoders: list[str] = []
        self.loaded_ids: set[int] = set()
        self.loaded_groups: set[str] = set()
        """Ids and groups of this file's rules read so far: parents a later rule may name."""
        self.budget = backtracking.Budget()

    def problem(self, node: Node, reason: str, kind: ProblemKind = "error", rule: str | None = None) -> None:
        self.problems.append(Problem(node.line, node.tag, reason, kind, rule))

    def file(self, nodes: list[Node]) -> None:
        for node in nodes:
            if node.tag != "group":
                self.problem(
                    node, f"the top level may hold only <group> elements, not <{node.name}> (Wazuh refuses it)"
                )
                continue
            self.group(node)

    def group(self, node: Node) -> None:
        names = [key.lower() for key, _ in node.attributes]
        if names != ["name"]:
            self.problem(node, 'a <group> takes exactly one attribute, name="…" (Wazuh refuses any other)')
        name = node.attributes[0][1] if node.attributes else ""
        self.group_names.append(name)
        if not node.children:
            self.problem(node, "the group holds no <rule> (Wazuh refuses an empty group)")
        for child in node.children:
            if child.tag != "rule":
                self.problem(child, f"<{child.name}> is not valid inside a <group>; only <rule> and <var> are")
                continue
            self.rule(child, name)

    def rule(self, node: Node, group_name: str) -> None:
        rule_id = node.attribute("id")
        label = rule_id if rule_id is not None else "?"
        noalert = self.attributes(node, label)
        children: dict[str, list[Node]] = {}
        for child in node.children:
            children.setdefault(child.tag, []).append(child)
            self.child(child, label)
        self.concatenated(node, children, label, len(group_name.encode("utf-8", "surrogateescape")))
        descriptions = children.get("description", [])
        if not descriptions:
            self.problem(node, "the rule has no <description> (Wazuh refuses it)", rule=label)
        self.context(node, children, label)
        level_text = node.attribute("level") or ""
        loaded = LoadedRule(
            id=label,
            line=node.line,
            level=int(level_text) if level_text.isascii() and level_text.isdigit() else 0,
            description="".join(d.text for d in descriptions),
            noalert=noalert,
            options=[o.text for o in children.get("options", [])],
            groups=[g.strip() for g in group_name.split(",") if g.strip()]
            + [g.strip() for c in children.get("group", []) for g in c.text.split(",") if g.strip()],
        )
        self.parents(node, children, loaded)
        self.catastrophic(children, loaded)
        self.rules.append(loaded)
        if loaded.id.isascii() and loaded.id.isdigit():
            self.loaded_ids.add(int(loaded.id))
        self.loaded_groups.update(loaded.groups)

    def attributes(self, node: Node, label: str) -> bool:
        """``getattributes``: every attribute in order, names case-insensitive. Returns whether noalert is set."""
        noalert = False
        for key, value in node.attributes:
            name = key.lower()
            if name not in RULE_ATTRIBUTES:
                self.problem(
                    node,
                    f"unknown attribute '{key}' (Wazuh allows only {', '.join(RULE_ATTRIBUTES)})",
                    rule=label,
                )
            elif name == "noalert":
                if value in ("0", "1"):
                    noalert = value == "1"
                else:
                    self.problem(
                        node,
                        f"noalert={value[:20]!r}: Wazuh warns 'Invalid value for attribute noalert' and ignores it "
                        '(write noalert="1", or "0")',
                        "warning",
                        label,
                    )
            elif name in _NUMBER_WIDTH:
                self.number(node, name, value, label)
        self.id_and_level(node, label)
        return noalert

    def number(self, node: Node, name: str, value: str, label: str) -> None:
        if not _DIGITS.fullmatch(value):
            self.problem(node, f"{name}={value[:20]!r} is not a number (ASCII digits)", rule=label)
        elif len(value) > _NUMBER_WIDTH[name]:
            self.problem(
                node,
                f"{name}={value[:20]!r}: Wazuh reads only its first {_NUMBER_WIDTH[name]} digits "
                f"({value[: _NUMBER_WIDTH[name]]}); write that",
                "policy",
                label,
            )

    def id_and_level(self, node: Node, label: str) -> None:
        rule_id, level = node.attribute("id"), node.attribute("level")
        if rule_id is None or level is None:
            missing = " and ".join(n for n, v in (("id", rule_id), ("level", level)) if v is None)
            self.problem(node, f"the rule has no {missing} attribute (Wazuh refuses it)", rule=label)
        if rule_id is not None and not _RULE_ID.fullmatch(rule_id):
            self.problem(node, f"id={rule_id[:20]!r} is not 1-6 ASCII digits (no sign, spaces or leading 0 past six)")
        if level is not None and not (_DIGITS.fullmatch(level) and len(level) <= 9 and int(level or "0") <= 16):
            self.problem(node, f"level={level[:20]!r} is not a whole number from 0 to 16 (digits only)", rule=label)
        frequency = node.attribute("frequency")
        if frequency is not None:
            if not frequency or not _DIGITS.fullmatch(frequency):
                self.problem(node, f"frequency={frequency[:20]!r} is not a number (ASCII digits)", rule=label)
            elif len(frequency) > 9 or not 2 <= int(frequency) <= 9999:
                self.problem(node, f"frequency={frequency[:20]} is outside 2-9999 (Wazuh refuses it)", rule=label)
        overwrite = node.attribute("overwrite")
        if overwrite is not None and overwrite not in ("yes", "no"):
            self.problem(node, f"overwrite={overwrite[:20]!r} is neither 'yes' nor 'no'", rule=label)

    def child(self, node: Node, label: str) -> None:
        tag = node.tag
        if tag not in KNOWN_ELEMENTS or (tag in CASE_SENSITIVE and node.name != tag):
            self.problem(node, f"<{node.name}> is not a rule option Wazuh knows (it refuses the file)", rule=label)
            return
        if tag in DEPRECATED:
            self.problem(
                node, f"<{node.name}> is deprecated: Wazuh warns and ignores it (it compares nothing)", "warning", label
            )
            return
        if node.children and tag != "mitre":
            self.problem(
                node,
                f"<{node.name}> holds an element: Wazuh ignores it and keeps only the text after it "
                f"({node.text[:40]!r}), so the rule would not read as written; write plain text",
                "policy",
                label,
            )
        entity = _ENTITY.search(node.text) if tag not in _WORDS_ONLY else None
        if entity:
            self.problem(
                node,
                f"'{entity.group()}': Wazuh's reader decodes no entity, so this compares the characters "
                f"'{entity.group()}' themselves; write the character (a '<' in text as '\\<')",
                "policy",
                label,
            )
        allowed = CHILD_ATTRIBUTES.get(tag, _PATTERN_ATTRIBUTES if tag in REGEX_ELEMENTS else frozenset())
        for key, _ in node.attributes:
            if key in allowed:
                continue
            if tag in ("list", "info"):
                continue  # Wazuh refuses these itself (check_list, check_info)
            if key.lower() in allowed:
                self.problem(
                    node,
                    f"attribute '{key}': Wazuh reads only '{key.lower()}' spelled in lower case here, so this one "
                    f"does nothing; write {key.lower()}=",
                    "policy",
                    label,
                )
            else:
                self.problem(
                    node, f"attribute '{key}' does nothing here (Wazuh ignores it); remove it", "policy", label
                )
        if tag in REGEX_ELEMENTS and tag != "field":
            self.flags(node, label)
        checker = getattr(self, f"check_{tag}", None)
        if checker is not None:
            checker(node, label)

    def flags(self, node: Node, label: str) -> str:
        """``w_check_attr_type`` and ``w_check_attr_negate``: the type this element asks for (or its default)."""
        default = REGEX_ELEMENTS[node.tag]
        kind = node.exact_attribute("type")
        chosen = default
        if kind is not None:
            if kind.lower() in wazuh_regex.REGEX_TYPES:
                chosen = kind.lower()
            else:
                self.problem(
                    node,
                    f"type={kind[:20]!r} is not osregex, osmatch or pcre2: Wazuh warns and uses {default} instead",
                    "warning",
                    label,
                )
        negate = node.exact_attribute("negate")
        if negate is not None and negate.lower() not in ("yes", "no"):
            self.problem(
                node, f"negate={negate[:20]!r} is neither yes nor no: Wazuh warns and ignores it", "warning", label
            )
        return chosen

    def compile(self, node: Node, text: str, kind: str, label: str) -> None:
        if kind == "string":
            return
        reason = wazuh_regex.check(text, kind)  # type: ignore[arg-type]
        if reason:
            self.problem(node, f"the {kind} pattern {text[:60]!r} does not compile: {reason}", rule=label)

    def concatenated(self, rule: Node, children: dict[str, list[Node]], label: str, group_bytes: int) -> None:
        """``loadmemory``: a repeated element's texts are joined (``<match>a|</match><match>b</match>`` is the
        one pattern ``a|b``, an idiom of Wazuh's own ruleset), each piece within 2,048 bytes; a pattern is
        compiled once, joined, with the type of its last element."""
        for tag, nodes in children.items():
            if tag not in LOADMEMORY_ELEMENTS:
                continue
            size: int | None = group_bytes if tag == "group" else None
            for node in nodes:
                if size is None:
                    if node.size >= LOADMEMORY_LIMIT:
                        self.too_long(node, label)
                        continue
                    size = node.size
                elif size > LOADMEMORY_LIMIT or node.size > LOADMEMORY_LIMIT:
                    self.too_long(node, label)
                    size = None
                else:
                    size += node.size
            if tag in REGEX_ELEMENTS:
                kind = self.flags_quiet(nodes[-1])
                self.compile(nodes[-1], "".join(n.text for n in nodes), kind, label)
        fields = children.get("field", [])
        if len(fields) > DECODER_ORDER_SIZE:
            self.problem(
                fields[DECODER_ORDER_SIZE],
                f"the rule has {len(fields)} <field> elements: Wazuh allows {DECODER_ORDER_SIZE} "
                "(decoder_order_size) and refuses the file",
                rule=label,
            )
        for node in fields:
            kind = self.flags_quiet(node)
            self.compile(node, node.text, kind, label)

    @staticmethod
    def flags_quiet(node: Node) -> str:
        kind = node.exact_attribute("type")
        if kind is not None and kind.lower() in wazuh_regex.REGEX_TYPES:
            return kind.lower()
        return REGEX_ELEMENTS[node.tag]

    def too_long(self, node: Node, label: str) -> None:
        what = (
            "the rule then has no description and Wazuh refuses it"
            if node.tag == "description"
            else ("Wazuh prints that ERROR and drops the value")
        )
        self.problem(
            node,
            f"the text is {node.size:,} bytes; Wazuh's limit is {MAX_VALUE:,} bytes (Maximum string size "
            f"reached: {what}; a character outside ASCII counts 2-4 bytes)",
            rule=label,
        )

    def check_field(self, node: Node, label: str) -> None:
        name = node.exact_attribute("name")
        if name is None:
            self.problem(node, '<field> needs a name="…" attribute (Wazuh refuses it)', rule=label)
            return
        if name.lower() in STATIC_FIELDS:
            self.problem(
                node,
                f"field '{name}' is static (Wazuh's own field, any case): use the <{name.lower()}> option, not "
                f'<field name="{name}">',
                rule=label,
            )
        elif len(name.encode("utf-8", "surrogateescape")) >= LOADMEMORY_LIMIT:
            self.problem(node, "the field name is 2,048 bytes or more (Maximum string size reached)", rule=label)
        self.flags_field(node, label)

    def flags_field(self, node: Node, label: str) -> None:
        kind = node.exact_attribute("type")
        if kind is not None and kind.lower() not in wazuh_regex.REGEX_TYPES:
            self.problem(
                node,
                f"type={kind[:20]!r} is not osregex, osmatch or pcre2: Wazuh warns and uses osregex",
                "warning",
                label,
            )
        negate = node.exact_attribute("negate")
        if negate is not None and negate.lower() not in ("yes", "no"):
            self.problem(
                node, f"negate={negate[:20]!r} is neither yes nor no: Wazuh warns and ignores it", "warning", label
            )

    def check_srcip(self, node: Node, label: str) -> None:
        if not valid_address(node.text):
            self.problem(
                node,
                f"{node.text[:60]!r} is not an address Wazuh reads (one IPv4 or IPv6 address, optional /mask, "
                "optional leading '!', or 'any'; one per element)",
                rule=label,
            )
        negate = node.exact_attribute("negate")
        if negate is not None and negate.lower() not in ("yes", "no"):
            self.problem(
                node, f"negate={negate[:20]!r} is neither yes nor no: Wazuh warns and ignores it", "warning", label
            )

    check_dstip = check_srcip

    def check_options(self, node: Node, label: str) -> None:
        if node.text not in OPTIONS:
            self.problem(
                node,
                f"{node.text[:60]!r} is not one option: Wazuh takes exactly one of {', '.join(sorted(OPTIONS))} "
                "per <options> element (use one element per option)",
                rule=label,
            )

    def check_mitre(self, node: Node, label: str) -> None:
        if not node.children:
            self.problem(node, "empty <mitre>: Wazuh warns 'Empty Mitre information'", "warning", label)
            return
        kinds = {"id": 0, "tacticid": 0, "techniqueid": 0}
        for child in node.children:
            if child.tag not in kinds:
                self.problem(
                    child,
                    f"<mitre> holds only <id> (or one <tacticID> with one <techniqueID>), not <{child.name}> "
                    "(Wazuh reports an ERROR)",
                    rule=label,
                )
                return
            if not child.text:
                self.problem(child, f"empty MITRE <{child.name}>: Wazuh warns and discards the block", "warning", label)
                return
            kinds[child.tag] += 1
        new = kinds["tacticid"] + kinds["techniqueid"]
        if kinds["id"] and new:
            self.problem(
                node,
                "old <id> and new tacticID/techniqueID mixed in one block: Wazuh warns and discards it",
                "warning",
                label,
            )
        elif new and (kinds["tacticid"] != 1 or kinds["techniqueid"] != 1):
            self.problem(
                node,
                "a block needs exactly one <tacticID> and one <techniqueID>: Wazuh warns and discards it",
                "warning",
                label,
            )

    def check_info(self, node: Node, label: str) -> None:
        for key, value in node.attributes:
            if key.lower() != "type":
                self.problem(node, f"<info> has no attribute '{key}' (Wazuh reports an ERROR)", rule=label)
            elif value not in INFO_TYPES:
                self.problem(
                    node,
                    f"type={value[:20]!r} is not one of {', '.join(sorted(INFO_TYPES))} (Wazuh reports an ERROR)",
                    rule=label,
                )
            return

    def check_time(self, node: Node, label: str) -> None:
        valid, ignored = read_time(node.text)
        if not valid:
            self.problem(
                node,
                f"{node.text[:40]!r} is not a time range Wazuh reads (e.g. '6 pm - 8:30 am', '10:00-17:30')",
                rule=label,
            )
        elif ignored:
            self.problem(
                node,
                f"{node.text[:40]!r}: this range wraps midnight, and Wazuh then ignores the '!' (it means the same "
                "hours as without it); write the other range without '!'",
                "policy",
                label,
            )

    def check_weekday(self, node: Node, label: str) -> None:
        if not valid_weekday(node.text):
            self.problem(
                node, f"{node.text[:40]!r} is not a weekday list (monday…sunday, weekdays, weekends)", rule=label
            )

    def check_category(self, node: Node, label: str) -> None:
        if node.text not in CATEGORIES:
            self.problem(
                node, f"{node.text[:40]!r} is not a decoder category ({', '.join(sorted(CATEGORIES))})", rule=label
            )

    def check_compiled_rule(self, node: Node, label: str) -> None:
        if node.text not in COMPILED_RULES:
            self.problem(
                node, f"{node.text[:40]!r} is not a compiled rule ({', '.join(sorted(COMPILED_RULES))})", rule=label
            )

    def check_decoded_as(self, node: Node, label: str) -> None:
        if node.text not in self.decoders:
            self.decoders.append(node.text)
        known = self.catalog.decoders
        if node.text in INTERNAL_DECODERS:
            return
        if known is not None and node.text not in known:
            self.problem(
                node, f"the manager has no decoder named {node.text[:60]!r} (Wazuh refuses the file)", rule=label
            )

    def check_ignore(self, node: Node, label: str) -> None:
        """``OS_StrBreak(',')``: every word (up to its first space) must be there."""
        pieces = re.split(r"(?<!\\),", node.text)
        if any(not piece.lstrip(" ").split(" ", 1)[0] for piece in pieces):
            self.problem(node, f"{node.text[:40]!r} has an empty entry (Wazuh: 'Wrong {node.tag} option')", rule=label)

    check_check_if_ignored = check_ignore

    def check_list(self, node: Node, label: str) -> None:
        if not node.attributes:
            self.problem(node, '<list> needs a field="…" attribute (Wazuh refuses it)', rule=label)
            return
        has_field = False
        for key, value in node.attributes:
            name = key.lower()
            if name == "lookup":
                if value.lower() not in LIST_LOOKUPS:
                    self.problem(
                        node, f"lookup={value[:30]!r} is not one of {', '.join(sorted(LIST_LOOKUPS))}", rule=label
                    )
            elif name == "field":
                has_field = True
            elif name != "check_value":
                self.problem(node, f"<list> has no attribute '{key}' (Wazuh refuses the file)", rule=label)
        if not has_field:
            self.problem(node, '<list> needs a field="…" attribute (Wazuh refuses it)', rule=label)
        declared = self.catalog.lists
        path = node.text
        known = declared is not None and (
            path in declared or (path.endswith(".cdb") and path.removesuffix(".cdb") in declared)
        )
        if not path or (declared is not None and not known):
            spaced = (
                " (the text must be the path exactly: no spaces or newlines around it)" if path.strip() != path else ""
            )
            self.problem(
                node,
                f"list {path[:80]!r} is not one the manager loads (declared in ossec.conf){spaced}: Wazuh ignores the "
                "whole rule",
                rule=label,
            )

    def context(self, node: Node, children: dict[str, list[Node]], label: str) -> None:
        """``Invalid use of frequency/context options``: same_/different_ options, global_frequency and a
        frequency of 3 or more need ``context`` (set by if_matched_* or check_diff). ``frequency="2"`` is
        stored as 0 and needs nothing: it then counts nothing, which the file does not say."""
        used = sorted(tag for tag in children if tag in CONTEXT_ELEMENTS)
        frequency = node.attribute("frequency") or ""
        counted = _DIGITS.fullmatch(frequency) and frequency and len(frequency) <= 9 and int(frequency) >= 3
        if counted:
            used.insert(0, "frequency")
        has_context = any(children.get(tag) for tag in CONTEXT_SOURCES)
        if used and not has_context:
            first = next((children[tag][0] for tag in used if tag in children), node)
            self.problem(
                first,
                f"{', '.join(used)} compare with earlier events and need <if_matched_sid> or <if_matched_group> "
                "(Wazuh refuses the file)",
                rule=label,
            )
        if frequency == "2" and not has_context:
            self.problem(
                node,
                'frequency="2" without <if_matched_sid>/<if_matched_group>: Wazuh stores it as no frequency, so the '
                "rule fires on every single event; remove frequency or add if_matched_*",
                "policy",
                label,
            )

    def parents(self, node: Node, children: dict[str, list[Node]], rule: LoadedRule) -> None:
        for matched in children.get("if_matched_sid", []):
            rule.parents.append(("if_matched_sid", matched.text))
        if children.get("if_sid"):
            rule.parents.append(("if_sid", "".join(n.text for n in children["if_sid"])))
        for tag in ("if_group", "if_matched_group"):
            if children.get(tag):
                rule.parents.append((tag, "".join(n.text for n in children[tag])))
        if children.get("if_level"):
            rule.parents.append(("if_level", children["if_level"][-1].text))
        for tag in ("if_sid", "if_group", "if_matched_group"):
            nodes = children.get(tag, [])
            if len(nodes) > 1:
                joined = "".join(n.text for n in nodes)
                self.problem(
                    nodes[1],
                    f"<{tag}> appears {len(nodes)} times: Wazuh joins the texts into {joined[:40]!r}; write one "
                    "element (ids or groups separated by commas or '|')",
                    "policy",
                    rule.id,
                )
        if not self.skipped(children, rule):
            self.attach(children, rule)

    def skipped(self, children: dict[str, list[Node]], rule: LoadedRule) -> bool:
        """The values Wazuh reads and then drops the rule for ("Rule 'N' will be ignored")."""
        for level_node in children.get("if_level", []):
            if not _DIGITS.fullmatch(level_node.text):
                self.problem(
                    level_node,
                    f"if_level {level_node.text[:30]!r} is not a number (ASCII digits, nothing around them): "
                    "Wazuh ignores the whole rule",
                    rule=rule.id,
                )
                return True
        matched_nodes = children.get("if_matched_sid", [])
        for matched in matched_nodes:
            if not _DIGITS.fullmatch(matched.text):
                self.problem(
                    matched,
                    f"if_matched_sid {matched.text[:30]!r} is not one rule id (ASCII digits only: one id, no spaces "
                    "or commas): Wazuh ignores the whole rule",
                    rule=rule.id,
                )
                return True
        if len(matched_nodes) > 1:
            self.problem(
                matched_nodes[1],
                f"<if_matched_sid> appears {len(matched_nodes)} times: Wazuh keeps only the last "
                f"({matched_nodes[-1].text!r}); write one",
                "policy",
                rule.id,
            )
        if matched_nodes and not matched_nodes[-1].text:
            self.problem(matched_nodes[-1], "<if_matched_sid> is empty: it names no rule", "policy", rule.id)
        sid_nodes = children.get("if_sid", [])
        if sid_nodes:
            value = "".join(n.text for n in sid_nodes)
            if not _IF_SID.fullmatch(value):
                self.problem(
                    sid_nodes[0],
                    f"{value[:40]!r} is not a list of rule ids (digits, commas and spaces only; no newline or tab "
                    "around them): Wazuh ignores the whole rule",
                    rule=rule.id,
                )
                return True
            if value.endswith("\n"):
                self.problem(
                    sid_nodes[0],
                    f"{value[:40]!r} ends with a newline: Wazuh warns 'Invalid if_sid' and stops reading there",
                    "warning",
                    rule.id,
                )
        return False

    def shadowed(self, children: dict[str, list[Node]], rule: LoadedRule) -> None:
        """``OS_AddChild`` uses if_sid, else if_level, else if_group: the others written beside it do nothing."""
        ignored = [tag for tag in ("if_level", "if_group") if children.get(tag)]
        if not ((children.get("if_sid") and ignored) or (children.get("if_level") and children.get("if_group"))):
            return
        shadow = "if_sid" if children.get("if_sid") else "if_level"
        dead = [t for t in ignored if t != shadow]
        self.problem(
            children[dead[0]][0],
            f"<{dead[0]}> does nothing next to <{shadow}>: Wazuh hangs the rule under <{shadow}> only (it does not "
            "test both); keep one",
            "policy",
            rule.id,
        )

    def attach(self, children: dict[str, list[Node]], rule: LoadedRule) -> None:
        """``OS_AddChild``: which rules this one hangs under (if_sid, else if_level, else if_group, with
        if_matched_* standing in for a missing if_sid/if_group), and whether Wazuh finds them."""
        known = self.catalog.rule_ids
        earlier = self.loaded_ids
        matched_nodes = children.get("if_matched_sid", [])
        matched = int(matched_nodes[-1].text) if matched_nodes and matched_nodes[-1].text else 0
        if_sid = "".join(n.text for n in children["if_sid"]) if children.get("if_sid") else None
        if_group = "".join(n.text for n in children["if_group"]) if children.get("if_group") else None
        if_matched_group = (
            "".join(n.text for n in children["if_matched_group"]) if children.get("if_matched_group") else None
        )
        group_nodes = children.get("if_group") or children.get("if_matched_group") or []
        group_node = group_nodes[0] if group_nodes else None
        if if_matched_group is not None and if_sid is None and if_group is None:
            if_group = if_matched_group
        derived = if_sid is None and if_group is None and matched != 0
        if derived:
            if_sid = str(matched)
        self.shadowed(children, rule)
        if if_sid is not None:
            where = (children.get("if_sid") or matched_nodes)[0]
            ids = if_sid_tokens(if_sid)
            if 0 in ids:
                self.problem(
                    where,
                    f"if_sid {if_sid[:40]!r}: Wazuh reads "
                    + ("the separator at the end" if if_sid.rstrip(", ") != if_sid else "'0'")
                    + " as rule 0 and hangs this rule under its category's template as well, so it would be "
                    "tested on every event of that category, not only after its parents; remove it",
                    "policy",
                    rule.id,
                )
            real = [i for i in ids if i]
            missing = [i for i in real if i not in earlier and known is not None and i not in known]
            if missing:
                dropped = len(missing) == len(real) or matched != 0
                self.problem(
                    where,
                    f"rule(s) {', '.join(map(str, missing[:10]))} are not loaded before this rule: Wazuh "
                    + ("ignores the whole rule" if dropped else "drops them (a WARNING)"),
                    "error" if dropped else "warning",
                    rule.id,
                )
            elif matched and not derived and known is not None and matched not in known and matched not in earlier:
                self.problem(
                    matched_nodes[-1],
                    f"rule {matched} is not loaded: Wazuh loads this rule but it can never fire",
                    "policy",
                    rule.id,
                )
        elif children.get("if_level"):
            text = children["if_level"][-1].text
            number = int(text[:12]) if text else 0
            if number == 0 or number >= 100:
                self.problem(
                    children["if_level"][-1],
                    f"if_level {text[:20]!r}: no rule has that level: Wazuh ignores the whole rule",
                    rule=rule.id,
                )
            elif number > 16:
                self.problem(
                    children["if_level"][-1],
                    f"if_level {text!r} is above 16: Wazuh counts level 0 as 99, so this rule would hang under every "
                    "level-0 rule",
                    "policy",
                    rule.id,
                )
        elif if_group is not None and group_node is not None:
            self.group_parent(if_group, group_node, rule)

    def group_parent(self, if_group: str, group_node: Node, rule: LoadedRule) -> None:
        """``_AddtoRule`` by group: ``OS_WordMatch`` against the group lists of the rules loaded so far."""
        catalog_groups = self.catalog.groups
        if any(alternative.startswith("^") for alternative in if_group.split("|")):
            self.problem(
                group_node,
                f"{if_group[:40]!r}: Wazuh compares '^…' with the start of a rule's whole group list "
                "(its file's group first), which these checks cannot see; name the group without '^'",
                "policy",
                rule.id,
            )
        elif not if_group or (
            catalog_groups is not None and not group_matches(if_group, [*catalog_groups, *self.loaded_groups])
        ):
            self.problem(
                group_node,
                f"no rule loaded before this one is in group {if_group[:60]!r}: Wazuh ignores the whole rule",
                rule=rule.id,
            )

    def catastrophic(self, children: dict[str, list[Node]], rule: LoadedRule) -> None:
        """A PCRE2 pattern that backtracks catastrophically runs on every event the rule is tested on:
        refused, naming the rule it would run under (issue 24 L-4)."""
        for tag, nodes in children.items():
            if tag not in REGEX_ELEMENTS:
                continue
            pieces = nodes if tag == "field" else [nodes[-1]]
            for node in pieces:
                kind = self.flags_quiet(node)
                text = node.text if tag == "field" else "".join(n.text for n in nodes)
                if kind != "pcre2":
                    continue
                try:
                    why = backtracking.catastrophic(text, self.budget)
                except backtracking.Unanalysable as exc:
                    self.problem(
                        node,
                        f"the pcre2 pattern {text[:60]!r} could not be checked for catastrophic backtracking "
                        f"({exc}); shorten it or split the file",
                        "policy",
                        rule.id,
                    )
                    continue
                if why is None:
                    continue
                self.problem(
                    node,
                    f"the pcre2 pattern {text[:60]!r} backtracks catastrophically, and analysisd would run it on "
                    f"{_runs_on(rule)}: one crafted line costs PCRE2 millions of steps ({why}). Rewrite it without "
                    "nested or overlapping repetition, or make the inner one possessive (a++) or atomic ((?>…))",
                    "policy",
                    rule.id,
                )


def _runs_on(rule: LoadedRule) -> str:
    """Which events a rule is tested on, in words (for the approver)."""
    parts = []
    for element, value in rule.parents:
        shown = value.strip()[:60]
        if element == "if_sid":
            parts.append(f"every event that rule(s) {shown} match")
        elif element == "if_matched_sid":
            parts.append(f"events following matches of rule {shown}")
        elif element == "if_group":
            parts.append(f"every event matched by a rule in group '{shown}'")
        elif element == "if_matched_group":
            parts.append(f"events following matches in group '{shown}'")
        elif element == "if_level":
            parts.append(f"every event matched by a rule of level {shown} or more")
    where = " and ".join(parts) if parts else "every event of its category (it has no parent rule)"
    return f"{where} (rule {rule.id})"


def check(nodes: list[Node], catalog: Catalog | None = None) -> RuleChecker:
    """Run the loader's checks over a read file."""
    checker = RuleChecker(catalog)
    checker.file(nodes)
    return checker
