"""The red team's H2 flood replayed in-process: N calls of ``get_agent(agent_id=["x"*100]*10000)``
after one approval record, on the default rotation (10 MB × 6 files). Prints the audit bytes
written, the largest record and reply, and whether the approval record is still there.

Run it on two trees side by side to compare (e.g. the commit before the fix unpacked with
``git archive``): ``PYTHONPATH=<tree> python bench/bench_audit_flood.py [--calls 70]``.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from mcp.client.client import Client

from wazuh_mcp.config.settings import Settings
from wazuh_mcp.runtime import audit as audit_module
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink, iter_events
from wazuh_mcp.server.build import build_server


def files_of(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.iterdir() if p.name.startswith(path.stem) and not p.name.endswith(".head"))


async def flood(path: Path, calls: int) -> tuple[int, float]:
    AuditSink(path).write(
        AuditEvent(
            ts="2026-11-30T00:00:00.000Z", tool="approval.approve", toolset="approval", outcome="ok", duration_ms=1
        )
    )
    extra: dict[str, Any] = {}
    if "error_flood_burst" in Settings.model_fields:
        extra["error_flood_burst"] = 10 * calls  # measure the bounding alone, not the flood limit
    server = build_server(Settings.load(audit_log=path, **extra))
    longest = 0
    started = time.perf_counter()
    async with Client(server) as client:
        for _ in range(calls):
            result = await client.call_tool("get_agent", {"agent_id": ["x" * 100] * 10000})
            longest = max(longest, len(getattr(result.content[0], "text", "")))
    return longest, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=70)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "audit.jsonl"
        longest_reply, seconds = asyncio.run(flood(path, args.calls))
        files = files_of(path)
        total = sum(f.stat().st_size for f in files)
        biggest = max(len(line) for f in files for line in f.read_bytes().splitlines())
        survived = any(e.tool == "approval.approve" for f in files for e in iter_events(f))
        print(f"code: {Path(audit_module.__file__).parent.parent.parent}")
        print(f"{args.calls} flood calls in {seconds:.1f} s: audit {total:,} bytes in {len(files)} file(s)")
        print(f"  largest record {biggest:,} bytes, largest reply {longest_reply:,} chars")
        print(f"  approval record recorded before the flood still present: {survived}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
