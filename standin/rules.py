"""The in-memory ruleset behind ``/rules`` and ``/rules/files``.

Files live under Wazuh's two rule directories: ``ruleset/rules`` (the defaults, read-only to
the API) and ``etc/rules`` (custom, where ``PUT /rules/files/{name}`` writes, subdirectories
allowed). Every file is parsed the way the API presents it: one item per ``<rule>``, with the
enclosing group names plus the rule's own groups, compliance tags split out of the groups
(``pci_dss_10.2.4`` -> ``pci_dss: ["10.2.4"]``), MITRE ids, and the remaining attributes and
options under ``details``. Uploaded files persist for the life of the app.
"""

from __future__ import annotations

import threading
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from standin.ruleset_data import DEFAULT_FILES, DISABLED_FILES, LOCAL_RULES

Item = dict[str, Any]
DEFAULT_DIR = "ruleset/rules"
CUSTOM_DIR = "etc/rules"
COMPLIANCE = (
    ("pci_dss_", "pci_dss"),
    ("gdpr_", "gdpr"),
    ("gpg13_", "gpg13"),
    ("hipaa_", "hipaa"),
    ("nist_800_53_", "nist_800_53"),
    ("tsc_", "tsc"),
)
_NOT_DETAILS = {"description", "group", "mitre", "info"}


class RuleXmlError(ValueError):
    """The content is not a valid rules file (Wazuh error 1113)."""


@dataclass
class RuleFile:
    filename: str
    relative_dirname: str
    content: str
    status: str = "enabled"
    uploaded: bool = False

    @property
    def path(self) -> str:
        return f"{self.relative_dirname}/{self.filename}"


def parse_xml(content: str) -> ET.Element:
    """Wazuh rule files hold several top-level ``<group>`` elements: parse them under one root."""
    if not content.strip():
        raise RuleXmlError("empty file")
    if "<!DOCTYPE" in content or "<!ENTITY" in content:
        raise RuleXmlError("DTDs are not allowed in rule files")
    try:
        return ET.fromstring(f"<root>{content}</root>")
    except ET.ParseError as exc:
        raise RuleXmlError(str(exc)) from None


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def _rule_item(rule: ET.Element, parents: list[str], rule_file: RuleFile) -> Item:
    try:
        rule_id = int(rule.get("id", ""))
        level = int(rule.get("level", "0"))
    except ValueError:
        raise RuleXmlError("rule id and level must be integers") from None
    groups = list(parents)
    compliance: dict[str, list[str]] = {key: [] for _, key in COMPLIANCE}
    mitre: list[str] = []
    details: Item = {k: v for k, v in rule.attrib.items() if k not in ("id", "level")}
    description = ""
    for child in rule:
        tag, text = child.tag, (child.text or "").strip()
        if tag == "description":
            description = text
        elif tag == "group":
            for name in _split(text):
                prefix = next((p for p, _ in COMPLIANCE if name.startswith(p)), None)
                if prefix is None:
                    groups.append(name)
                else:
                    compliance[dict(COMPLIANCE)[prefix]].append(name[len(prefix) :])
        elif tag == "mitre":
            mitre.extend((i.text or "").strip() for i in child.findall("id"))
        elif tag not in _NOT_DETAILS:
            value: Any = {"pattern": text, **child.attrib} if tag in ("match", "regex") else text
            if tag in details and isinstance(details[tag], dict) and isinstance(value, dict):
                details[tag]["pattern"] += value["pattern"]
            else:
                details[tag] = value if tag != "field" else {"name": child.get("name", ""), "pattern": text}
    for parent in parents:  # compliance tags in the enclosing group name apply to every rule
        prefix = next((p for p, _ in COMPLIANCE if parent.startswith(p)), None)
        if prefix:
            groups.remove(parent)
            compliance[dict(COMPLIANCE)[prefix]].append(parent[len(prefix) :])
    return {
        "filename": rule_file.filename,
        "relative_dirname": rule_file.relative_dirname,
        "id": rule_id,
        "level": level,
        "status": rule_file.status,
        "details": details,
        **compliance,
        "mitre": mitre,
        "groups": list(dict.fromkeys(groups)),
        "description": description,
    }


def parse_rules(rule_file: RuleFile) -> list[Item]:
    root = parse_xml(rule_file.content)
    items: list[Item] = []
    for group in root.iter("group"):
        parents = _split(group.get("name"))
        items.extend(_rule_item(rule, parents, rule_file) for rule in group.findall("rule"))
    if not items:
        raise RuleXmlError("no <rule> inside a <group>")
    return items


def to_json(element: ET.Element) -> Any:
    """An element as the API's JSON view of an XML file: ``@attr`` keys, text, repeated tags as lists."""
    out: Item = {f"@{k}": v for k, v in element.attrib.items()}
    for child in element:
        value = to_json(child)
        if child.tag in out:
            existing = out[child.tag]
            out[child.tag] = [*existing, value] if isinstance(existing, list) else [existing, value]
        else:
            out[child.tag] = value
    text = (element.text or "").strip()
    if not out:
        return text
    if text:
        out["#text"] = text
    return out


@dataclass
class Ruleset:
    files: dict[str, RuleFile] = field(default_factory=dict)  # keyed by path
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _cache: list[Item] | None = field(default=None, repr=False)

    @classmethod
    def default(cls) -> Ruleset:
        ruleset = cls()
        for name, content in sorted(DEFAULT_FILES.items()):
            status = "disabled" if name in DISABLED_FILES else "enabled"
            ruleset.add(RuleFile(name, DEFAULT_DIR, content, status))
        ruleset.add(RuleFile("local_rules.xml", CUSTOM_DIR, LOCAL_RULES))
        return ruleset

    def add(self, rule_file: RuleFile) -> None:
        parse_rules(rule_file)
        with self._lock:
            self.files[rule_file.path] = rule_file
            self._cache = None

    def remove(self, path: str) -> bool:
        with self._lock:
            self._cache = None
            return self.files.pop(path, None) is not None

    def ordered_files(self) -> list[RuleFile]:
        # ruleset/rules first, then etc/rules, as analysisd loads them
        return sorted(self.files.values(), key=lambda f: (f.relative_dirname != DEFAULT_DIR, f.path))

    def rules(self) -> list[Item]:
        with self._lock:
            if self._cache is None:
                ordered = sorted(self.files.values(), key=lambda f: (f.relative_dirname != DEFAULT_DIR, f.path))
                self._cache = [rule for f in ordered for rule in parse_rules(f)]
            return self._cache

    def find(self, filename: str, relative_dirname: str | None = None) -> RuleFile | None:
        for rule_file in self.ordered_files():
            if rule_file.filename == filename and relative_dirname in (None, rule_file.relative_dirname):
                return rule_file
        return None

    def uploads(self) -> list[str]:
        return [f.path for f in self.ordered_files() if f.uploaded]
