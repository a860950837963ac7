"""Demo readiness: spawn `serve --demo` → initialize answered → first `summarize_alerts` answered (and how long
after initialize, which the SDK's own start does not blur), and whether that answer said the data was still
loading. Runs alternate between checkouts when given several (``--code DIR`` puts DIR first on PYTHONPATH), so a
before/after comparison shares one machine state. Each checkout's package is compiled first, as an install has
it (bench_startup.ensure_bytecode says why).

    python bench/bench_demo_ready.py [--runs 5] [--code /path/to/old/checkout --code .]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_startup import ensure_bytecode
from jsonrpc_probe import Probe


def first_summary(argv: list[str], env: dict[str, str]) -> tuple[float, float, bool, int]:
    """(initialize s, first summarize_alerts s, answered with a 'still loading' notice, the alerts it
    counted) from spawn."""
    # Outside any checkout: `python -m` puts the working directory first on sys.path.
    probe = Probe(argv, env=env, cwd=tempfile.gettempdir())
    try:
        ready = probe.initialize()
        call = {"name": "summarize_alerts", "arguments": {"time_range": "24h"}}
        probe.send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": call})
        answer = probe.read_response(2, timeout_s=180)
        answered = time.perf_counter() - probe.started
        result = answer.get("result", {})
        partial = "wazuh_mcp/notices" in (result.get("_meta") or {})
        return ready, answered, partial, int((result.get("structuredContent") or {}).get("total", -1))
    finally:
        probe.close()


def measure(codes: list[str], runs: int, argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    argv = argv or [sys.executable, "-m", "wazuh_mcp", "serve", "--demo"]
    for code in codes:
        ensure_bytecode(Path(code) if code else Path(__file__).resolve().parent.parent)
    samples: dict[str, list[tuple[float, float, bool, int]]] = {code: [] for code in codes}
    for _ in range(runs):
        for code in codes:
            env = dict(os.environ, WAZUH_MCP_STATE_DIR=tempfile.mkdtemp(prefix="wazuh-mcp-bench-"))
            if code:
                env["PYTHONPATH"] = os.pathsep.join([str(Path(code).resolve()), env.get("PYTHONPATH", "")])
            samples[code].append(first_summary(argv, env))
    return {
        code: {
            "initialize_s": statistics.median(s[0] for s in values),
            "first_summary_s": statistics.median(s[1] for s in values),
            "after_initialize_s": statistics.median(s[1] - s[0] for s in values),
            "partial_answers": sum(s[2] for s in values),
            "first_total": statistics.median(s[3] for s in values),
            "runs": len(values),
        }
        for code, values in samples.items()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--code", action="append", default=[], help="checkout to run (repeatable)")
    args = parser.parse_args()
    results = measure(args.code or [""], args.runs)
    print(
        f"{'code':<32} {'initialize':>11} {'first summarize_alerts':>23} {'after initialize':>17} "
        f"{'said partial':>13} {'alerts in it':>13}"
    )
    for code, r in results.items():
        print(
            f"{code or 'this checkout':<32} {r['initialize_s']:>10.2f}s {r['first_summary_s']:>22.2f}s "
            f"{r['after_initialize_s']:>16.2f}s {r['partial_answers']:>7}/{r['runs']} {r['first_total']:>13,.0f}"
        )
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min) at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
