"""One command, one table, ratios from one run (issue 13):

    python bench/run_all.py [--runs 9] [--binary dist/wazuh-mcp-…] [--peer-venv /tmp/peer]

- cold starts, spawn → initialize, interleaved: the bare one-tool MCPServer (1.00×), `serve` configured,
  `serve --demo`, the binary, and a peer (klaxon-mcp 0.2.1 from PyPI, installed into a throw-away venv under
  /tmp by --peer-venv; skipped when it cannot be installed);
- tools/list bytes: all of it, and what a model sees (names, descriptions, input schemas);
- demo readiness: spawn → first summarize_alerts answered, and whether it said "still loading";
- warm p50/p95 of the main tools on the demo, RSS after 1,000 calls and its growth from call 100 to 1,000.

Numbers are medians on whatever machine runs it: read the ratios. docs/performance.md has a run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_demo_ready
import bench_startup
from jsonrpc_probe import Probe

PEER = "klaxon-mcp==0.2.1"
MAIN_TOOLS = [
    ("summarize_alerts", {"time_range": "24h"}),
    ("search_alerts", {"time_range": "24h", "size": 10}),
    ("list_agents", {"size": 20}),
    ("get_agent", {"agent_id": "001"}),
    ("search_vulnerabilities", {"min_severity": "Critical", "size": 10}),
]


def peer_command(venv: Path) -> str | None:
    exe = venv / "bin" / "klaxon-mcp"
    if not exe.exists():
        done = subprocess.run([sys.executable, "-m", "venv", str(venv)], capture_output=True)
        pip = venv / "bin" / "pip"
        if done.returncode != 0 or subprocess.run([str(pip), "install", "-q", PEER], capture_output=True).returncode:
            return None
    return str(exe) if exe.exists() else None


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def warm_calls(calls: int = 1_000) -> tuple[dict[str, tuple[float, float]], int, int]:
    """p50/p95 ms per main tool over ``calls`` round-robin calls on one demo session; RSS (kB) at 100 and 1,000."""
    state = tempfile.mkdtemp(prefix="wazuh-mcp-bench-")
    env = dict(os.environ, WAZUH_MCP_STATE_DIR=state)
    probe = Probe([sys.executable, "-m", "wazuh_mcp", "serve", "--demo"], env=env, cwd=state)
    times: dict[str, list[float]] = {name: [] for name, _ in MAIN_TOOLS}
    rss_100 = 0
    try:
        probe.initialize()
        for n in range(calls):
            name, args = MAIN_TOOLS[n % len(MAIN_TOOLS)]
            params = {"name": name, "arguments": args}
            for attempt in range(100):
                started = time.perf_counter()
                request_id = 10 + n + attempt * 1_000_000
                probe.send({"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params})
                answer = probe.read_response(request_id, timeout_s=120)
                refused = answer["result"].get("isError") and "rate_limited" in str(answer["result"]["content"])
                if not refused:
                    break
                # The stand-in keeps Wazuh's own limit (300 Server API requests a minute): a quick run reaches
                # it; like a client, wait and ask again, and time only the answered call.
                time.sleep(2)
            if n >= len(MAIN_TOOLS) * 2:  # the first rounds include the demo's load
                times[name].append((time.perf_counter() - started) * 1000)
            assert not answer["result"].get("isError"), answer
            if n + 1 == 100:
                rss_100 = rss_kb(probe.proc.pid)
        rss_end = rss_kb(probe.proc.pid)
    finally:
        probe.close()
    quantiles = {k: (statistics.median(v), statistics.quantiles(v, n=20)[18]) for k, v in times.items()}
    return quantiles, rss_100, rss_end


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--binary", default=os.environ.get("WAZUH_MCP_TEST_BINARY"))
    parser.add_argument("--peer-venv", type=Path, help="throw-away venv for the peer (e.g. /tmp/wazuh-mcp-peer)")
    parser.add_argument("--calls", type=int, default=1_000)
    args = parser.parse_args()
    peer = peer_command(args.peer_venv) if args.peer_venv else None
    starts = bench_startup.measure(args.runs, args.binary, peer)
    base = starts[bench_startup.BARE]
    whole, seen, count = bench_startup.tools_list_bytes(
        bench_startup.servers(None, None)["wazuh-mcp serve (configured)"],
        bench_startup.configured_env(tempfile.mkdtemp()),
    )
    ready = bench_demo_ready.measure([""], max(3, args.runs // 3))[""]
    quantiles, rss_100, rss_end = warm_calls(args.calls)

    print(f"| Measure ({args.runs} interleaved runs for start-up) | Value | Ratio / target |")
    print("|---|---|---|")
    for label, median in starts.items():
        target = bench_startup.TARGETS.get(label)
        print(
            f"| spawn → initialize: {label} | {median * 1000:,.0f} ms | {median / base:.2f}×"
            + (f" (≤ {target:.2f}×)" if target else "")
            + " |"
        )
    print(f"| tools/list, all of it ({count} tools) | {whole:,} bytes | |")
    print(
        f"| tools/list, what a model sees (names, descriptions, input schemas) | {seen:,} bytes | {seen / whole:.2f} of all |"
    )
    print(f"| demo: spawn → initialize | {ready['initialize_s']:.2f} s | |")
    print(
        f"| demo: spawn → first summarize_alerts | {ready['first_summary_s']:.2f} s | said partial {ready['partial_answers']}/{ready['runs']} |"
    )
    for name, (p50, p95) in quantiles.items():
        print(f"| warm {name} (demo) | p50 {p50:.1f} ms, p95 {p95:.1f} ms | |")
    growth = (rss_end - rss_100) / max(rss_100, 1)
    print(f"| serve --demo RSS after {args.calls:,} calls | {rss_end / 1024:.0f} MB | {growth:+.1%} from call 100 |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
