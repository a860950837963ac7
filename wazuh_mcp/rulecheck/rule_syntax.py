"""What Wazuh 4.14's rule loader (``wazuh-analysisd -t``) does with a rule file's elements, as tables
and checks. The judge is ``oracle/rule_verdicts.jsonl`` (recorded verdicts of a real 4.14.7 manager)
and Wazuh's whole ruleset, which must pass; where they say nothing, Wazuh's rule syntax documentation.

A ``Problem`` is ``error`` when Wazuh refuses the file, prints an ERROR line or drops the rule ("will be
ignored"), and ``warning`` when it loads the file with a WARNING that changes what the rule does (a value
it ignores, a duplicate it skips): wazuh-mcp refuses both. ``policy`` problems are added by ``rule_xml``.

Checks that need the manager's state (parent rules, groups, lists, decoders) use a ``Catalog``; a
``None`` field means "not known here", and that check is skipped rather than guessed.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from wazuh_mcp.rulecheck import wazuh_regex
from wazuh_mcp.rulecheck.wazuh_xml import Node

ProblemKind = Literal["error", "warning", "policy"]
MAX_VALUE = 2047
"""Longer element texts are "(1104): Maximum string size reached" (a 2,048-character description is refused,
a 2,048-character match loads with that ERROR line and is cut)."""

RULE_ATTRIBUTES = ("id", "level", "maxsize", "frequency", "timeframe", "accuracy", "noalert", "ignore", "overwrite")
"""The attributes the loader reads on ``<rule>``; any other refuses the file."""

REGEX_ELEMENTS: dict[str, wazuh_regex.RegexType] = {
    "match": "osmatch",
    "regex": "osregex",
    "field": "osregex",
    **dict.fromkeys(
        (
            "srcport",
            "dstport",
            "data",
            "extra_data",
            "user",
            "system_name",
            "program_name",
            "protocol",
            "hostname",
            "id",
            "url",
            "location",
            "action",
            "status",
            "srcgeoip",
            "dstgeoip",
        ),
        "osmatch",
    ),
}
"""Elements compared with a pattern, and their default type (``type=`` picks osregex, osmatch or pcre2)."""

CONTEXT_ELEMENTS = frozenset(
    {f"same_{n}" for n in ("id", "srcip", "source_ip", "dstip", "srcport", "src_port", "dstport", "dst_port")}
    | {f"same_{n}" for n in ("location", "srcuser", "user", "protocol", "action", "data", "extra_data", "status")}
    | {f"same_{n}" for n in ("system_name", "url", "srcgeoip", "dstgeoip", "field", "agent")}
    | {f"different_{n}" for n in ("id", "srcip", "dstip", "srcport", "dstport", "location", "srcuser", "user")}
    | {f"different_{n}" for n in ("protocol", "action", "data", "extra_data", "status", "system_name", "url")}
    | {f"different_{n}" for n in ("srcgeoip", "dstgeoip", "field")}
    | {"not_same_source_ip", "not_same_user", "not_same_agent", "not_same_id", "global_frequency"}
)
"""Options that compare an event with earlier ones: they need ``if_matched_sid`` or ``if_matched_group``."""

OTHER_ELEMENTS = frozenset(
    {
        "description",
        "group",
        "info",
        "options",
        "mitre",
        "list",
        "srcip",
        "dstip",
        "decoded_as",
        "category",
        "time",
        "weekday",
        "if_sid",
        "if_group",
        "if_level",
        "if_matched_sid",
        "if_matched_group",
        "if_fts",
        "check_diff",
        "check_if_ignored",
        "ignore",
        "compiled_rule",
    }
)
OPTIONS = frozenset({"alert_by_email", "no_email_alert", "no_log", "no_full_log", "no_counter"})
"""``<options>`` takes exactly one of these per element (several elements for several options)."""
INFO_TYPES = frozenset({"text", "link", "cve", "osvdb"})
CATEGORIES = frozenset({"firewall", "ids", "syslog", "web-log", "squid", "windows", "host-information", "ossec"})
COMPILED_RULES = frozenset(
    {"is_simple_http_request", "is_valid_crawler", "comp_srcuser_dstuser", "comp_mswin_targetuser_calleruser_diff"}
)
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
STATIC_FIELDS = frozenset(
    {"srcuser", "dstuser", "user", "srcip", "dstip", "srcport", "dstport", "protocol", "id", "url", "action"}
    | {"status", "extra_data", "location"}
)
"""Fields every decoder fills (Wazuh's own list, in ``local_decoder.xml``): ``<field name=…>`` cannot name them."""
CHILD_ATTRIBUTES: dict[str, frozenset[str]] = {
    "field": frozenset({"name", "type", "negate"}),
    "list": frozenset({"field", "lookup", "check_value"}),
    "info": frozenset({"type"}),
}
_PATTERN_ATTRIBUTES = frozenset({"type", "negate"})
_WEEKDAYS = frozenset(
    {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekdays", "weekends"}
    | {"mon", "tue", "wed", "thu", "fri", "sat", "sun"}
)
_TIME = re.compile(r"!?\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*-\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*", re.I)
_DIGITS = re.compile(r"[0-9]*")
_RULE_ID = re.compile(r"[0-9]{1,6}")


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


def valid_time(value: str) -> bool:
    match = _TIME.fullmatch(value)
    if not match:
        return False
    for hour, minute, half in ((match[1], match[2], match[3]), (match[4], match[5], match[6])):
        if int(hour) > (12 if half else 23) or (minute is not None and int(minute) > 59):
            return False
    return True


def valid_weekday(value: str) -> bool:
    days = [d for d in re.split(r"[\s,]+", value.removeprefix("!").strip().lower()) if d]
    return bool(days) and all(day in _WEEKDAYS for day in days)


def _group_found(pattern: str, groups: Iterable[str]) -> bool:
    """``if_group`` is an OS_Match pattern over the groups of earlier rules (``sshd|syslog`` loads)."""
    known = [g.lower() for g in groups if g]
    for alternative in pattern.lower().split("|"):
        core = alternative.removeprefix("^").removesuffix("$")
        if not core:
            continue
        for group in known:
            if (
                (alternative.startswith("^") and alternative.endswith("$") and group == core)
                or (alternative.startswith("^") and not alternative.endswith("$") and group.startswith(core))
                or (alternative.endswith("$") and not alternative.startswith("^") and group.endswith(core))
                or (core in group and not alternative.startswith("^") and not alternative.endswith("$"))
            ):
                return True
    return False


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

    def problem(self, node: Node, reason: str, kind: ProblemKind = "error", rule: str | None = None) -> None:
        self.problems.append(Problem(node.line, node.tag, reason, kind, rule))

    def file(self, nodes: list[Node]) -> None:
        for node in nodes:
            if node.tag == "var":
                continue
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
        name = node.attribute("name") or ""
        self.group_names.append(name)
        rules = 0
        for child in node.children:
            if child.tag == "var":
                continue
            if child.tag != "rule":
                self.problem(child, f"<{child.name}> is not valid inside a <group>; only <rule> and <var> are")
                continue
            rules += 1
            self.rule(child, [g.strip() for g in name.split(",") if g.strip()])
        if not rules:
            self.problem(node, "the group holds no <rule> (Wazuh refuses an empty group)")

    def rule(self, node: Node, file_groups: list[str]) -> None:
        rule_id = node.attribute("id")
        label = rule_id if rule_id is not None else "?"
        self.attributes(node, label)
        children: dict[str, list[Node]] = {}
        for child in node.children:
            children.setdefault(child.tag, []).append(child)
            self.child(child, label)
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
            noalert=node.attribute("noalert") is not None,
            options=[o.text for o in children.get("options", [])],
            groups=file_groups + [g.strip() for c in children.get("group", []) for g in c.text.split(",") if g.strip()],
        )
        self.parents(node, children, loaded)
        self.rules.append(loaded)
        if loaded.id.isascii() and loaded.id.isdigit():
            self.loaded_ids.add(int(loaded.id))
        self.loaded_groups.update(loaded.groups)

    def attributes(self, node: Node, label: str) -> None:
        for key, _ in node.attributes:
            if key.lower() not in RULE_ATTRIBUTES:
                self.problem(
                    node,
                    f"unknown attribute '{key}' (Wazuh allows only {', '.join(RULE_ATTRIBUTES)})",
                    rule=label,
                )
        rule_id, level = node.attribute("id"), node.attribute("level")
        if rule_id is None or level is None:
            missing = " and ".join(n for n, v in (("id", rule_id), ("level", level)) if v is None)
            self.problem(node, f"the rule has no {missing} attribute (Wazuh refuses it)", rule=label)
        if rule_id is not None and not _RULE_ID.fullmatch(rule_id):
            self.problem(node, f"id={rule_id[:20]!r} is not 1-6 ASCII digits (no sign, spaces or leading 0 past six)")
        if level is not None and not (_DIGITS.fullmatch(level) and int(level or "0") <= 16):
            self.problem(node, f"level={level[:20]!r} is not a whole number from 0 to 16 (digits only)", rule=label)
        numbers = {"maxsize": None, "timeframe": None, "accuracy": None, "ignore": 6, "frequency": None}
        for name, width in numbers.items():
            value = node.attribute(name)
            if value is not None and (not value or not _DIGITS.fullmatch(value) or (width and len(value) > width)):
                self.problem(node, f"{name}={value[:20]!r} is not a number (ASCII digits)", rule=label)
        frequency = node.attribute("frequency")
        if frequency and _DIGITS.fullmatch(frequency) and not 2 <= int(frequency) <= 9999:
            self.problem(node, f"frequency={frequency} is outside 2-9999 (Wazuh refuses it)", rule=label)
        overwrite = node.attribute("overwrite")
        if overwrite is not None and overwrite not in ("yes", "no"):
            self.problem(node, f"overwrite={overwrite[:20]!r} is neither 'yes' nor 'no'", rule=label)
        noalert = node.attribute("noalert")
        if noalert is not None and noalert != "1":
            self.problem(
                node,
                f"noalert={noalert[:20]!r}: Wazuh warns 'Invalid value for attribute noalert' (write noalert=\"1\")",
                "warning",
                label,
            )

    def child(self, node: Node, label: str) -> None:
        tag = node.tag
        if tag not in REGEX_ELEMENTS and tag not in OTHER_ELEMENTS and tag not in CONTEXT_ELEMENTS:
            self.problem(node, f"<{node.name}> is not a rule option Wazuh knows (it refuses the file)", rule=label)
            return
        if len(node.text) > MAX_VALUE and not node.children:
            self.problem(
                node,
                f"the text is {len(node.text)} characters; Wazuh's limit is {MAX_VALUE} (Maximum string size reached)",
                rule=label,
            )
        allowed = CHILD_ATTRIBUTES.get(tag, _PATTERN_ATTRIBUTES if tag in REGEX_ELEMENTS else frozenset())
        for key, _ in node.attributes:
            if key.lower() not in allowed:
                self.problem(
                    node,
                    f"attribute '{key}' does nothing here (Wazuh ignores it); remove it",
                    "error" if tag == "list" else "policy",
                    label,
                )
        if tag in REGEX_ELEMENTS:
            self.pattern(node, label)
        checker = getattr(self, f"check_{tag}", None)
        if checker is not None:
            checker(node, label)

    def pattern(self, node: Node, label: str) -> None:
        kind = node.attribute("type")
        default = REGEX_ELEMENTS[node.tag]
        chosen: wazuh_regex.RegexType = default
        if kind is not None:
            if kind.lower() in wazuh_regex.REGEX_TYPES:
                chosen = kind.lower()  # type: ignore[assignment]
            else:
                self.problem(
                    node,
                    f"type={kind[:20]!r} is not osregex, osmatch or pcre2: Wazuh warns and uses {default} instead",
                    "warning",
                    label,
                )
        negate = node.attribute("negate")
        if negate is not None and negate not in ("yes", "no"):
            self.problem(
                node, f"negate={negate[:20]!r} is neither yes nor no: Wazuh warns and ignores it", "warning", label
            )
        reason = wazuh_regex.check(node.text, chosen)
        if reason:
            self.problem(node, f"the {chosen} pattern {node.text[:60]!r} does not compile: {reason}", rule=label)

    def check_field(self, node: Node, label: str) -> None:
        name = node.attribute("name")
        if name is None:
            self.problem(node, '<field> needs a name="…" attribute (Wazuh refuses it)', rule=label)
        elif name in STATIC_FIELDS:
            self.problem(
                node,
                f"field '{name}' is static (decoded into <{name}>): use the <{name}> option, not <field name=\"{name}\">",
                rule=label,
            )

    def check_srcip(self, node: Node, label: str) -> None:
        if not valid_address(node.text):
            self.problem(
                node,
                f"{node.text[:60]!r} is not an address Wazuh reads (one IPv4 or IPv6 address, optional /mask, "
                "optional leading '!', or 'any'; one per element)",
                rule=label,
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
        ids = [c for c in node.children if c.tag == "id"]
        for child in node.children:
            if child.tag != "id":
                self.problem(
                    child, f"<mitre> holds only <id> elements, not <{child.name}> (Wazuh reports an ERROR)", rule=label
                )
        if not node.children:
            self.problem(node, "empty <mitre>: Wazuh warns 'Empty Mitre information'", "warning", label)
        for child in ids:
            if not child.text.strip():
                self.problem(
                    child, "empty MITRE technique id: Wazuh warns 'No Mitre Technique ID found'", "warning", label
                )

    def check_info(self, node: Node, label: str) -> None:
        kind = node.attribute("type")
        if kind is not None and kind not in INFO_TYPES:
            self.problem(
                node,
                f"type={kind[:20]!r} is not one of {', '.join(sorted(INFO_TYPES))} (Wazuh reports an ERROR)",
                rule=label,
            )

    def check_time(self, node: Node, label: str) -> None:
        if not valid_time(node.text.strip()):
            self.problem(
                node,
                f"{node.text[:40]!r} is not a time range Wazuh reads (e.g. '6 pm - 8:30 am', '10:00-17:30')",
                rule=label,
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
        if known is not None and node.text not in known:
            self.problem(
                node, f"the manager has no decoder named {node.text[:60]!r} (Wazuh refuses the file)", rule=label
            )

    def check_list(self, node: Node, label: str) -> None:
        if node.attribute("field") is None:
            self.problem(node, '<list> needs a field="…" attribute (Wazuh refuses it)', rule=label)
        lookup = node.attribute("lookup")
        if lookup is not None and lookup not in LIST_LOOKUPS:
            self.problem(node, f"lookup={lookup[:30]!r} is not one of {', '.join(sorted(LIST_LOOKUPS))}", rule=label)
        declared = self.catalog.lists
        path = node.text.strip()
        if not path or (declared is not None and path not in declared):
            self.problem(
                node,
                f"list {path[:80]!r} is not one the manager loads (declared in ossec.conf): Wazuh ignores the whole rule",
                rule=label,
            )

    def context(self, node: Node, children: dict[str, list[Node]], label: str) -> None:
        used = sorted(tag for tag in children if tag in CONTEXT_ELEMENTS)
        if node.attribute("frequency") is not None:
            used.insert(0, "frequency")
        if used and not (children.get("if_matched_sid") or children.get("if_matched_group")):
            first = next((children[tag][0] for tag in used if tag in children), node)
            self.problem(
                first,
                f"{', '.join(used)} compare with earlier events and need <if_matched_sid> or <if_matched_group> "
                "(Wazuh refuses the file)",
                rule=label,
            )

    def parents(self, node: Node, children: dict[str, list[Node]], rule: LoadedRule) -> None:
        earlier = self.loaded_ids
        for tag in ("if_sid", "if_matched_sid"):
            nodes = children.get(tag, [])
            if not nodes:
                continue
            value = "".join(n.text for n in nodes)  # Wazuh concatenates repeated elements
            rule.parents.append((tag, value))
            tokens = [t for t in re.split(r"[\s,]+", value) if t]
            where = nodes[0]
            if len(nodes) > 1:
                self.problem(
                    nodes[1],
                    f"<{tag}> appears {len(nodes)} times: Wazuh joins the texts into {value[:40]!r}; list the ids "
                    "in one element, separated by commas",
                    rule=rule.id,
                )
            bad = [t for t in tokens if not (t.isascii() and t.isdigit())]
            if bad or not tokens:
                self.problem(
                    where, f"{value[:40]!r} is not a list of rule ids: Wazuh ignores the whole rule", rule=rule.id
                )
                continue
            known = self.catalog.rule_ids
            missing = [t for t in tokens if int(t) not in earlier and (known is not None and int(t) not in known)]
            if missing:
                self.problem(
                    where,
                    f"rule(s) {', '.join(missing[:10])} are not loaded before this rule: Wazuh "
                    + (
                        "ignores the whole rule"
                        if len(missing) == len(tokens) or tag == "if_matched_sid"
                        else "drops them"
                    ),
                    rule=rule.id,
                )
        for tag in ("if_group", "if_matched_group"):
            for group_node in children.get(tag, []):
                rule.parents.append((tag, group_node.text))
                pattern = group_node.text.strip()
                groups = self.catalog.groups
                if not pattern or (groups is not None and not _group_found(pattern, [*groups, *self.loaded_groups])):
                    self.problem(
                        group_node,
                        f"no rule loaded before this one is in group {pattern[:60]!r}: Wazuh ignores the whole rule",
                        rule=rule.id,
                    )


def check(nodes: list[Node], catalog: Catalog | None = None) -> RuleChecker:
    """Run the loader's checks over a read file."""
    checker = RuleChecker(catalog)
    checker.file(nodes)
    return checker
