"""What the hash chain costs, measured side by side in one run on a 100,000-record audit stream:

- writing: ``AuditSink.write`` (bounded, sealed, locked, head updated) next to appending the same
  unsealed line with one ``os.write`` (what the sink did before the chain);
- verifying: ``wazuh-mcp audit --verify``'s check (``audit_chain.verify``) next to a plain read of
  the same file (``iter_events``, what the viewer and ``audit --last`` do).

    python bench/bench_audit_chain.py [--records 100000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from wazuh_mcp.runtime.audit import AuditEvent, AuditSink, iter_events
from wazuh_mcp.runtime.audit_chain import verify


def event(n: int) -> AuditEvent:
    return AuditEvent(
        ts="2026-01-30T10:00:01.000Z",
        tool="alerts.search_alerts",
        toolset="alerts",
        args={"time_range": "24h", "size": 25, "page": n},
        outcome="ok",
        duration_ms=120,
        wazuh_user="wazuh",
        role="analyst",
        session="4f1c2a9b7e01",
    )


def timed(fn: object) -> float:
    started = time.perf_counter()
    fn()  # type: ignore[operator]
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    events = [event(n) for n in range(args.records)]
    with tempfile.TemporaryDirectory() as folder:
        sealed, plain = Path(folder) / "sealed.jsonl", Path(folder) / "plain.jsonl"
        sink = AuditSink(sealed, max_bytes=1 << 40)

        def write_sealed() -> None:
            for e in events:
                sink.write(e)

        def write_plain() -> None:
            for e in events:
                fd = os.open(plain, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
                try:
                    os.write(fd, (e.model_dump_json(exclude_none=True) + "\n").encode())
                finally:
                    os.close(fd)

        t_sealed, t_plain = timed(write_sealed), timed(write_plain)
        n = args.records
        print(
            f"write {n:,} records: sealed {t_sealed / n * 1e6:.0f} µs/record, plain {t_plain / n * 1e6:.0f} µs/record"
        )
        print(f"  ratio sealed/plain: {t_sealed / t_plain:.2f}x ({sealed.stat().st_size / 1e6:.1f} MB sealed)")

        verify_times, read_times = [], []
        for _ in range(args.runs):
            verify_times.append(timed(lambda: verify(sealed)))
            read_times.append(timed(lambda: sum(1 for _ in iter_events(sealed))))
        report = verify(sealed)
        assert report.ok and report.records == n, report.summary()
        v, r = statistics.median(verify_times), statistics.median(read_times)
        print(f"verify {n:,} records: p50 {v:.2f} s; plain read (iter_events): p50 {r:.2f} s")
        print(f"  ratio verify/read: {v / r:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
