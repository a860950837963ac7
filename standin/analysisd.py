"""What ``wazuh-analysisd`` writes to ``ossec.log`` when a restart loads the rules: the stand-in's part.

A real manager loads every rule file at start and logs, under the tag ``wazuh-analysisd``, the rules it
drops or changes with a WARNING (Wazuh's ``analysisd`` messages, worded as Wazuh words them; the
oracle's ``rule_verdicts.jsonl`` has them as printed):

- (7612) a duplicated rule id: only the first occurrence is considered;
- (7613) ``overwrite="yes"`` of an id that does not exist: still loaded;
- (7617) an ``if_sid`` id that no loaded rule has: that id is ignored; (7619) none left: the rule is ignored;
- (7618) an ``if_sid`` value that is not a list of ids: the rule is ignored;
- (7620) an ``if_matched_sid`` id no loaded rule has, (7615) one that is not an id: the rule is ignored;
- (7610) an ``if_group`` no loaded rule carries: the rule is ignored;
- (7609) a non-numeric ``if_level``: the rule is ignored;
- (7616) a ``<list>`` that ``ossec.conf`` does not declare: the rule is ignored.

The stand-in holds Wazuh's whole ruleset by id and group (``standin.wazuh_ruleset``), so these are
decided as a real manager decides them. ``load_messages`` gives them for the custom files (Wazuh's own
files load cleanly); ``PUT /manager/restart`` appends them to the manager's log.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from standin.rules import COMPLIANCE, CUSTOM_DIR, DEFAULT_DIR, RuleFile, Ruleset, RuleXmlError, parse_xml

_IDS = re.compile(r"[0-9]+(?:[ ,]+[0-9]+)*,?")
"""An ``if_sid`` value analysisd reads: ids separated by commas or spaces, a trailing comma; nothing around
them (the issue's real manager ignored a rule whose ``if_sid`` had a newline around its id)."""


def restart_log(ruleset: Ruleset, lists: Iterable[str], when: datetime) -> list[dict[str, Any]]:
    """The ``GET /manager/logs`` entries the rule loading of a restart at ``when`` adds, oldest first."""
    rules = ruleset.rules()
    known_ids = {rule["id"] for rule in rules if rule["relative_dirname"] == DEFAULT_DIR}
    groups = {group for rule in rules for group in rule["groups"]}
    groups |= {f"{prefix}{value}" for rule in rules for prefix, key in COMPLIANCE for value in rule[key]}
    stamp = when.strftime("%Y-%m-%dT%H:%M:%SZ")
    lines = [("warning", message) for message in load_messages(ruleset.ordered_files(), known_ids, groups, set(lists))]
    lines.append(("info", f"Started (pid: {os.getpid()})."))
    return [
        {"timestamp": stamp, "tag": "wazuh-analysisd", "level": level, "description": f" {message}"}
        for level, message in lines
    ]


def _custom(rule_file: RuleFile) -> bool:
    return rule_file.relative_dirname == CUSTOM_DIR or rule_file.relative_dirname.startswith(CUSTOM_DIR + "/")


def load_messages(files: Iterable[RuleFile], known_ids: set[int], known_groups: set[str], lists: set[str]) -> list[str]:
    """The WARNING lines analysisd writes while loading ``files`` (in load order) over a ruleset that has
    ``known_ids`` and ``known_groups``, with ``lists`` declared in ``ossec.conf``."""
    seen = set(known_ids)
    messages: list[str] = []
    for rule_file in files:
        if not _custom(rule_file) or rule_file.loader_error is not None:
            continue
        try:
            root = parse_xml(rule_file.content)
        except RuleXmlError:
            continue
        for rule in root.iter("rule"):
            messages += _rule_messages(rule, seen, known_groups, lists)
    return messages


def _rule_messages(rule: ET.Element, seen: set[int], groups: set[str], lists: set[str]) -> list[str]:
    attributes = {name.lower(): value for name, value in rule.attrib.items()}  # case-insensitive, the last wins
    try:
        rule_id = int(attributes.get("id", ""))
    except ValueError:
        return []
    out: list[str] = []
    overwrite = (attributes.get("overwrite") or "").lower() == "yes"
    if rule_id in seen and not overwrite:
        return [f"(7612): Rule ID '{rule_id}' is duplicated. Only the first occurrence will be considered."]
    if overwrite and rule_id not in seen:
        out.append(
            f"(7613): Rule ID '{rule_id}' does not exist but 'overwrite' is set to 'yes'. Still, the rule will be loaded."
        )
    dropped = _dropped(rule, rule_id, seen, groups, lists, out)  # a rule is not its own parent (mut-250)
    seen.add(rule_id)
    if dropped:
        out.append(dropped)
    return out


def _dropped(
    rule: ET.Element, rule_id: int, seen: set[int], groups: set[str], lists: set[str], out: list[str]
) -> str | None:
    """Why analysisd ignores the rule (its WARNING), or None; notes on ids it skips go to ``out``."""
    if_sids = rule.findall("if_sid")
    if if_sids:  # two elements: analysisd concatenates their texts (the oracle's mut-258)
        dropped = _if_sid("".join(e.text or "" for e in if_sids), rule_id, seen, out)
        if dropped:
            return dropped
    for element in rule.findall("if_matched_sid"):
        value = (element.text or "").strip()
        if not value.isascii() or not value.isdigit():
            return f"(7615): Invalid 'if_matched_sid' value: '{value}'. Rule '{rule_id}' will be ignored."
        if int(value) not in seen:
            return (
                f"(7620): Signature ID '{value}' was not found. Invalid 'if_matched_sid'."
                f"Rule '{rule_id}' will be ignored."
            )
    return _other_drop(rule, rule_id, groups, lists)


def _if_sid(value: str, rule_id: int, seen: set[int], out: list[str]) -> str | None:
    if not _IDS.fullmatch(value):
        return f"(7618): Invalid 'if_sid' value: '{value}'. Rule '{rule_id}' will be ignored."
    sids = [int(s) for s in re.split(r"[ ,]+", value) if s]
    out += [
        f"(7617): Signature ID '{sid}' was not found and will be ignored in the 'if_sid' option of rule '{rule_id}'."
        for sid in sids
        if sid not in seen
    ]
    if not any(sid in seen for sid in sids):
        return f"(7619): Empty 'if_sid' value. Rule '{rule_id}' will be ignored."
    return None


def _other_drop(rule: ET.Element, rule_id: int, groups: set[str], lists: set[str]) -> str | None:
    for element in rule.findall("if_group"):
        value = (element.text or "").strip()
        if not any(alt.strip().strip("^$") in groups for alt in value.split("|")):
            return f"(7610): Group '{value}' was not found. Invalid 'if_group'. Rule '{rule_id}' will be ignored."
    for element in rule.findall("if_level"):
        value = (element.text or "").strip()
        if not value.isascii() or not value.isdigit():
            return f"(7609): Invalid 'if_level' value: '{value}'. Rule '{rule_id}' will be ignored."
    for element in rule.findall("list"):
        value = (element.text or "").strip()
        if value not in lists:
            return f"(7616): List '{value}' could not be loaded. Rule '{rule_id}' will be ignored."
    return None
