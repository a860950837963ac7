"""The in-memory ruleset behind ``/rules`` and ``/rules/files``.

Files live under Wazuh's two rule directories: ``ruleset/rules`` (the defaults, read-only to
the API) and ``etc/rules`` (custom, where ``PUT /rules/files/{name}`` writes, subdirectories
allowed). Every file is parsed the way the API presents it: one item per ``<rule>``, with the
enclosing group names plus the rule's own groups, compliance tags split out of the groups
(``pci_dss_10.2.4`` -> ``pci_dss: ["10.2.4"]``), MITRE ids, and the remaining attributes and
options under ``details``. Uploaded files persist for the life of the app.

The default files hold every rule of Wazuh's 4.14 ruleset, by id, level and groups
(``standin.wazuh_ruleset``, generated from Wazuh's files: facts only), so a custom rule's parents
and groups are found as on a real manager. The XML around them is the stand-in's own: a rule
``standin.ruleset_data`` writes out (the rules a SOC meets every day) keeps its description and
matching options; any other has a generated description and no options.

A file the rule loader refuses can still be on disk (Wazuh leaves one behind after a refused
``overwrite=true`` upload of a new file): it is kept with its ``loader_error``, listed by
``/rules/files`` and served raw, but contributes no rules, and it makes
``/manager/configuration/validation`` fail (1908) with the loader's message.
"""

from __future__ import annotations

import dataclasses
import functools
import threading
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

from standin import wazuh_ruleset
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
    loader_error: str | None = None
    """Why the rule loader refuses this file (None: it loads)."""
    listed_from: float = 0.0
    """``time.monotonic()`` from which GET /rules lists this file's rules (Wazuh's API caches them)."""

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
        level = int(rule.get("level", "0").strip() or "0")  # level="" loads, as level 0 (the oracle's mut-013)
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
        "groups": sorted(dict.fromkeys(groups)),  # the API lists a rule's groups sorted (the oracle's api-172)
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


def stock_table() -> dict[str, list[tuple[int, int, str]]]:
    """Wazuh's default rule files: name -> [(rule id, level, comma-separated groups)], in load order."""
    group_sets = wazuh_ruleset.GROUP_SETS.splitlines()
    table: dict[str, list[tuple[int, int, str]]] = {}
    for line in wazuh_ruleset.FILES.splitlines():
        name, *cells = line.split(" ")
        rules = table[name] = []
        for cell in cells:
            rule_id, level, groups = cell.split(":")
            rules.append((int(rule_id), int(level), group_sets[int(groups)]))
    return table


def _our_rules() -> dict[int, ET.Element]:
    """The rules ``ruleset_data`` writes out in the stand-in's own words, by id."""
    return {
        int(rule.get("id", "0")): rule for content in DEFAULT_FILES.values() for rule in parse_xml(content).iter("rule")
    }


def _placeholder(rule_id: int, groups: str) -> str:
    plain = [g for g in groups.split(",") if not any(g.startswith(prefix) for prefix, _ in COMPLIANCE)]
    return f"Wazuh rule {rule_id} ({', '.join(plain[:4]) or 'no group'}); the demo ships no rule text"


def _stock_rule(rule_id: int, level: int, groups: str, ours: ET.Element | None) -> str:
    attributes = "".join(
        f' {key}="{escape(value)}"'
        for key, value in (ours.attrib.items() if ours is not None else ())
        if key not in ("id", "level")
    )
    if ours is not None and ours.find("description") is not None:
        body = "".join(
            "\n    " + ET.tostring(child, encoding="unicode").strip() for child in ours if child.tag != "group"
        )
    else:
        body = f"\n    <description>{escape(_placeholder(rule_id, groups))}</description>"
    return f'<group name="{escape(groups)},">\n  <rule id="{rule_id}" level="{level}"{attributes}>{body}\n  </rule>\n</group>\n'


def stock_files() -> dict[str, str]:
    """The stand-in's XML for each of Wazuh's default rule files: Wazuh's ids, levels and groups."""
    ours = _our_rules()
    return {
        name: f"<!-- {name}: the ids, levels and groups of Wazuh's file; the XML is the stand-in's own. -->\n"
        + "".join(_stock_rule(rule_id, level, groups, ours.get(rule_id)) for rule_id, level, groups in rules)
        for name, rules in stock_table().items()
    }


@functools.lru_cache(maxsize=1)
def _stock() -> tuple[tuple[RuleFile, tuple[Item, ...]], ...]:
    """Wazuh's default files as the stand-in serves them, each with its rules parsed: built once per process
    (about 0.3 s for 4,512 rules), then copied into every stand-in's ruleset."""
    built = []
    for name, content in stock_files().items():
        rule_file = RuleFile(name, DEFAULT_DIR, content, "disabled" if name in DISABLED_FILES else "enabled")
        built.append((rule_file, tuple(parse_rules(rule_file))))
    return tuple(built)


@dataclass
class Ruleset:
    files: dict[str, RuleFile] = field(default_factory=dict)  # keyed by path
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _parsed: dict[str, list[Item]] = field(default_factory=dict, repr=False)

    @classmethod
    def default(cls) -> Ruleset:
        ruleset = cls()
        for stock, items in _stock():
            rule_file = dataclasses.replace(stock)
            ruleset.add(rule_file, check=False)
            ruleset._parsed[rule_file.path] = list(items)  # shared, read-only: handlers never change an item
        ruleset.add(RuleFile("local_rules.xml", CUSTOM_DIR, LOCAL_RULES))
        return ruleset

    def add(self, rule_file: RuleFile, *, check: bool = True) -> None:
        items = parse_rules(rule_file) if check and rule_file.loader_error is None else None
        with self._lock:
            self.files[rule_file.path] = rule_file
            self._parsed.pop(rule_file.path, None)
            if items is not None:
                self._parsed[rule_file.path] = items

    def remove(self, path: str) -> bool:
        with self._lock:
            self._parsed.pop(path, None)
            return self.files.pop(path, None) is not None

    def ordered_files(self) -> list[RuleFile]:
        # ruleset/rules first, then etc/rules, as analysisd loads them
        return sorted(self.files.values(), key=lambda f: (f.relative_dirname != DEFAULT_DIR, f.path))

    def rules(self) -> list[Item]:
        """Every rule ``GET /rules`` lists now: a file uploaded within the cache window is not listed yet.
        Each file is parsed once (4,500 rules of Wazuh's ruleset), again only when it is replaced."""
        now = time.monotonic()
        with self._lock:
            ordered = sorted(self.files.values(), key=lambda f: (f.relative_dirname != DEFAULT_DIR, f.path))
            out: list[Item] = []
            for rule_file in ordered:
                if rule_file.loader_error is not None or rule_file.listed_from > now:
                    continue
                if rule_file.path not in self._parsed:
                    self._parsed[rule_file.path] = parse_rules(rule_file)
                out.extend(self._parsed[rule_file.path])
            return out

    def find(self, filename: str, relative_dirname: str | None = None) -> RuleFile | None:
        for rule_file in self.ordered_files():
            if rule_file.filename == filename and relative_dirname in (None, rule_file.relative_dirname):
                return rule_file
        return None

    def loader_errors(self) -> list[tuple[str, str]]:
        """(path, the loader's message) for every file on disk the rule loader refuses."""
        return [(f.path, f.loader_error) for f in self.ordered_files() if f.loader_error is not None]

    def uploads(self) -> list[str]:
        return [f.path for f in self.ordered_files() if f.uploaded]
