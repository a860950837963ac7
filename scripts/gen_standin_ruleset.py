"""Write ``standin/wazuh_ruleset.py``: the facts of Wazuh's 4.14 ruleset the demo's manager holds.

    python scripts/gen_standin_ruleset.py [RULES_DIR]      # default: ../shared/reference/wazuh/ruleset/rules

For every rule of every default rule file: its file, id, level and groups (the enclosing ``<group name>``
names, then the rule's own ``<group>`` names, compliance tags included, in file order). Nothing else is
taken: no description, pattern, option or comment of Wazuh's (the ruleset is GPL-2.0; wazuh-mcp is
Apache-2.0, and these are facts a real manager reports through ``GET /rules``; NOTICE says so). The
stand-in writes its own XML around them (``standin.rules``), so ``create_rule`` on ``serve --demo`` finds
every parent rule and group a real manager has.

Wazuh's files are read with the rule checks' reader of Wazuh's XML dialect
(``wazuh_mcp.rulecheck.wazuh_xml``), since Python's XML parser refuses one of them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wazuh_mcp.rulecheck import wazuh_xml  # noqa: E402

DEFAULT_DIR = ROOT.parent / "shared" / "reference" / "wazuh" / "ruleset" / "rules"
OUT = ROOT / "standin" / "wazuh_ruleset.py"


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def rules_of(text: str) -> list[tuple[int, int, tuple[str, ...]]]:
    """(id, level, groups) of each rule in a Wazuh rule file, in file order."""
    found: list[tuple[int, int, tuple[str, ...]]] = []

    def walk(nodes: list[wazuh_xml.Node], parents: list[str]) -> None:
        for node in nodes:
            name = node.name.lower()
            if name == "group":
                own = [v for a, v in node.attributes if a.lower() == "name"]
                walk(node.children, parents + [n for v in own for n in _names(v)])
            elif name == "rule":
                attrs = {a.lower(): v for a, v in node.attributes}
                groups = list(parents)
                for child in node.children:
                    if child.name.lower() == "group":
                        groups += _names(child.text)
                level = attrs.get("level", "0").strip() or "0"
                found.append((int(attrs["id"]), int(level), tuple(dict.fromkeys(groups))))

    walk(wazuh_xml.read(text), [])
    return found


def main(argv: list[str]) -> int:
    rules_dir = Path(argv[1]) if len(argv) > 1 else DEFAULT_DIR
    files = sorted(rules_dir.glob("*.xml"))
    if not files:
        print(f"no rule files under {rules_dir}", file=sys.stderr)
        return 1
    group_sets: dict[tuple[str, ...], int] = {}
    lines: list[str] = []
    total = 0
    for path in files:
        rules = rules_of(path.read_text(encoding="utf-8"))
        total += len(rules)
        cells = [
            f"{rule_id}:{level}:{group_sets.setdefault(groups, len(group_sets))}" for rule_id, level, groups in rules
        ]
        lines.append(f"{path.name} {' '.join(cells)}")
    OUT.write_text(
        '"""Wazuh 4.14\'s default ruleset as facts: file, rule id, level, groups. GENERATED, do not edit.\n\n'
        f"Written by scripts/gen_standin_ruleset.py from {len(files)} files of Wazuh's ``ruleset/rules`` "
        f"({total} rules).\n"
        "Only ids, levels and group names (compliance tags included) are here, the facts a real manager\n"
        "lists through ``GET /rules``; no description, pattern or other text of Wazuh's rules (GPL-2.0),\n"
        "see NOTICE. ``standin.rules`` writes the stand-in's own XML around them. Two text tables (one\n"
        "constant each: quick to import): ``GROUP_SETS``, one line per distinct list of a rule's groups\n"
        "(comma-separated, in file order); ``FILES``, one line per file in load order:\n"
        "``<file name> <id>:<level>:<line of GROUP_SETS> ...``.\n"
        '"""\n\n'
        f"RULES = {total}\n\n"
        'GROUP_SETS = """\\\n' + "\n".join(",".join(groups) for groups in group_sets) + '\n"""\n\n'
        'FILES = """\\\n' + "\n".join(lines) + '\n"""\n',
        encoding="utf-8",
    )
    subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", str(OUT)], check=False)
    print(f"{OUT.relative_to(ROOT)}: {len(files)} files, {total} rules, {len(group_sets)} group sets")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
