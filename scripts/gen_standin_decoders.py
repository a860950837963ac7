"""Write ``standin/wazuh_decoders.py``: the facts of Wazuh's 4.14 decoders the demo's manager holds.

    python scripts/gen_standin_decoders.py WAZUH_CHECKOUT   # a checkout of wazuh/wazuh at tag v4.14.7

For every ``<decoder>`` of every file of ``ruleset/decoders`` (and of ``etc/local_decoder.xml``, the
manager's default ``etc/decoders/local_decoder.xml``): its file, name and parent's name, in file order.
Nothing else is taken: no prematch, regex, order or other text of Wazuh's decoders (GPL-2.0; wazuh-mcp is
Apache-2.0): these are the facts a real manager lists through ``GET /decoders``; NOTICE says so. With them
``create_rule`` on ``serve --demo`` refuses a ``<decoded_as>`` that names no decoder, as Wazuh does.

``../shared`` holds no decoder file; tag v4.14.7 (commit a42268a27c555d9348d5598fb8751eaf4c8e9024) gives
121 files and 1,576 decoders, 209 without a parent: the totals the oracle's real manager answered
(``api_exchanges.jsonl`` api-186, api-189, api-190; ``tests/standin/test_whole_ruleset.py`` holds them).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wazuh_mcp.rulecheck import wazuh_xml  # noqa: E402

OUT = ROOT / "standin" / "wazuh_decoders.py"


def decoders_of(text: str) -> list[tuple[str, str | None]]:
    """(name, parent) of each decoder of a Wazuh decoder file, in file order."""
    found: list[tuple[str, str | None]] = []
    for node in wazuh_xml.read(text):
        if node.name.lower() != "decoder":
            continue
        name = next(v for a, v in node.attributes if a.lower() == "name")
        parent = next((c.text for c in node.children if c.name.lower() == "parent"), None)
        found.append((name, parent))
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    checkout = Path(argv[1])
    files = [("ruleset/decoders", p) for p in sorted((checkout / "ruleset" / "decoders").glob("*.xml"))]
    files.append(("etc/decoders", checkout / "etc" / "local_decoder.xml"))
    lines: list[str] = []
    total = 0
    for directory, path in files:
        cells = [f"{name}>{parent}" if parent else name for name, parent in decoders_of(path.read_text("utf-8"))]
        if any("|" in cell or cell.count(">") > 1 for cell in cells):
            raise SystemExit(f"{path.name}: a decoder name holds '|' or '>'; change the table's separators")
        total += len(cells)
        lines.append("|".join([f"{directory}/{path.name}", *cells]))
    OUT.write_text(
        '"""Wazuh 4.14.7\'s default decoders as facts: file, decoder name, parent. GENERATED, do not edit.\n\n'
        f"Written by scripts/gen_standin_decoders.py from {len(files)} files of Wazuh's ``ruleset/decoders`` and\n"
        f"``etc/decoders`` ({total} decoders). Only names are here, the facts a real manager lists through\n"
        "``GET /decoders``; no prematch, regex or other text of Wazuh's decoders (GPL-2.0), see NOTICE.\n"
        "``FILES``: one line per file in load order, ``<relative_dirname>/<file>|<decoder>[><parent>]|...``.\n"
        '"""\n\n'
        f"DECODERS = {total}\n\n"
        'FILES = """\\\n' + "\n".join(lines) + '\n"""\n',
        encoding="utf-8",
    )
    subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", str(OUT)], check=False)
    print(f"{OUT.relative_to(ROOT)}: {len(files)} files, {total} decoders")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
