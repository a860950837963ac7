"""What the rule checks cost now that they read files as Wazuh's own os_xml does (byte by byte, in Python),
side by side in one run with Python's C XML parser reading the same text (the yardstick: a ratio, not a time):

- a typical ``create_rule`` file (Wazuh's rule 5716 re-homed), checked whole (reader, loader checks, policy,
  the catastrophic-backtracking analysis);
- the largest file ``create_rule`` takes (64 KiB of rules);
- every file of Wazuh's ruleset (``../shared``), read;
- the worst inputs of tests/hardening/test_n_m2_var_bomb.py, refused (a time each: they have no yardstick).

Times are CPU seconds of this process (``time.process_time``), so a busy machine shifts them little.

    python bench/bench_rule_checks.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.hardening.test_n_m2_var_bomb import BOMBS
from tests.wazuh_rules import oracle_catalog, rehomed_rules, ruleset_files, wazuh_dir
from wazuh_mcp.rulecheck import wazuh_xml
from wazuh_mcp.rulecheck.rule_xml import check_rule_file


def best(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.process_time()
        fn()
        times.append(time.process_time() - started)
    return statistics.median(times)


def yardstick(text: str) -> object:
    try:
        return ET.fromstring(f"<root>{text}</root>")
    except ET.ParseError:
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if wazuh_dir() is None:
        print("../shared (Wazuh reference data) is absent: nothing to measure")
        return 0
    catalog = oracle_catalog()
    typical = next(r.xml for r in rehomed_rules() if r.source_id == "5716")
    body = typical.split("\n", 1)[1].rsplit("</group>", 1)[0]
    large = typical.split("\n", 1)[0] + "\n"
    n = 0
    while len(large.encode()) + len(body.encode()) < 64 * 1024 - 16:
        large += body.replace('id="', f'id="{100_300 + n}', 1).replace(f'id="{100_300 + n}1', 'id="1', 1)
        n += 1
    large += "</group>\n"
    files = [p.read_text(encoding="utf-8") for p in ruleset_files()]
    rows = [
        ("typical create_rule file", lambda: check_rule_file(typical, catalog), lambda: yardstick(typical)),
        ("64 KiB file", lambda: check_rule_file(large, catalog), lambda: yardstick(large)),
        (
            f"Wazuh's ruleset read ({len(files)} files)",
            lambda: [wazuh_xml.read(f, policy=False) for f in files],
            lambda: [yardstick(f) for f in files],
        ),
    ]
    print(f"{'what':40} {'checks':>10} {'ET parse':>10} {'ratio':>7}")
    for name, ours, theirs in rows:
        a, b = best(ours, args.runs), best(theirs, args.runs)
        print(f"{name:40} {a * 1000:8.1f}ms {b * 1000:8.2f}ms {a / b:6.1f}x")
    for name, bomb in BOMBS.items():
        took = best(lambda bomb=bomb: check_rule_file(bomb, catalog), args.runs)  # type: ignore[misc]
        print(f"{'bomb: ' + name:40} {took * 1000:8.1f}ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
