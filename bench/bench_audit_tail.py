"""How long the audit viewer's reader takes to load the newest 2,000 calls of a 100,000-record audit
file, next to a 2,000-record file, measured side by side in one run (the ratio shows it reads the
tail, not the whole file). The per-minute counts behind the viewer's sparklines are taken from those
same loaded events (``tui.activity.MinuteCounts``), so they are timed with the load.

    python bench/bench_audit_tail.py [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from tui.activity import MinuteCounts
from tui.audit_tail import AuditTail
from wazuh_mcp.runtime.audit import AuditEvent

LIMIT = 2000


def load_seconds(path: Path) -> float:
    started = time.perf_counter()
    events = AuditTail(path).load_tail(LIMIT)
    MinuteCounts().add(events)  # the sparklines: counted from the loaded tail, never by rereading the file
    elapsed = time.perf_counter() - started
    assert len(events) == LIMIT
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    line = (
        AuditEvent(
            ts="2026-01-30T10:00:01.000Z",
            tool="alerts.search_alerts",
            toolset="alerts",
            args={"time_range": "24h", "size": 25},
            outcome="ok",
            duration_ms=120,
            wazuh_user="wazuh",
        ).model_dump_json()
        + "\n"
    )
    with tempfile.TemporaryDirectory() as folder:
        big, small = Path(folder) / "big.jsonl", Path(folder) / "small.jsonl"
        big.write_text(line * 100_000)
        small.write_text(line * LIMIT)
        times: dict[Path, list[float]] = {big: [], small: []}
        for _ in range(args.runs):
            for path in (big, small):
                times[path].append(load_seconds(path))
        p50_big, p50_small = statistics.median(times[big]), statistics.median(times[small])
        print(
            f"newest {LIMIT} of 100,000 records: p50 {p50_big * 1000:.1f} ms ({big.stat().st_size / 1e6:.1f} MB file)"
        )
        print(f"all {LIMIT} of {LIMIT} records:      p50 {p50_small * 1000:.1f} ms")
        print(f"ratio: {p50_big / p50_small:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
