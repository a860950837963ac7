"""Demo readiness: spawn `serve --demo` → initialize answered → first `summarize_alerts` answered (and how long
after initialize, which the SDK's own start does not blur), whether that answer said the data was still
loading, and when the whole load was in (``wazuh://demo/load`` complete: what `wazuh-mcp demo` waits for).
Runs alternate between checkouts when given several (``--code DIR`` puts DIR first on PYTHONPATH), and between
Wazuh generations with ``--wazuh 4 5`` (`serve --demo --wazuh 5`: Wazuh's own 5.x samples, which need
``../shared/reference/wazuh5``), so a comparison shares one machine state; the 5.x rows' ratios to 4.x's are
printed. Each checkout's package is compiled first, as an install has it (bench_startup.ensure_bytecode says why).

    python bench/bench_demo_ready.py [--runs 5] [--wazuh 4 5] [--code /path/to/old/checkout --code .]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_startup import ensure_bytecode
from jsonrpc_probe import Probe

LOAD_URI = "wazuh://demo/load"
TARGET_RATIO = 1.5
"""The 5.x demo's readiness against 4.x's, side by side (issue 27: 'comparable')."""


def _complete(probe: Probe, timeout_s: float = 180.0) -> float:
    """Seconds from spawn until the demo's load says it is complete (polling ``wazuh://demo/load``)."""
    request_id = 100
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        request_id += 1
        probe.send({"jsonrpc": "2.0", "id": request_id, "method": "resources/read", "params": {"uri": LOAD_URI}})
        contents = probe.read_response(request_id).get("result", {}).get("contents") or [{}]
        load = json.loads(contents[0].get("text") or "{}")
        if load.get("complete") or load.get("failed"):
            return time.perf_counter() - probe.started
        time.sleep(0.1)
    return float("nan")


def first_summary(argv: list[str], env: dict[str, str]) -> tuple[float, float, bool, int, float]:
    """(initialize s, first summarize_alerts s, answered with a 'still loading' notice, the alerts it
    counted, the whole load in) from spawn."""
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
        total = int((result.get("structuredContent") or {}).get("total", -1))
        return ready, answered, partial, total, _complete(probe)
    finally:
        probe.close()


def measure(
    codes: list[str], runs: int, argv: list[str] | None = None, generations: tuple[int, ...] = (4,)
) -> dict[str, dict[str, float]]:
    """Medians per checkout (per ``code@wazuh`` when more than one generation runs), runs interleaved."""
    for code in codes:
        ensure_bytecode(Path(code) if code else Path(__file__).resolve().parent.parent)
    keys = {(code, g): code if generations == (4,) else f"{code or '.'}@{g}" for code in codes for g in generations}
    samples: dict[str, list[tuple[float, float, bool, int, float]]] = {key: [] for key in keys.values()}
    for _ in range(runs):
        for (code, generation), key in keys.items():
            env = dict(os.environ, WAZUH_MCP_STATE_DIR=tempfile.mkdtemp(prefix="wazuh-mcp-bench-"))
            if code:
                env["PYTHONPATH"] = os.pathsep.join([str(Path(code).resolve()), env.get("PYTHONPATH", "")])
            command = argv or [sys.executable, "-m", "wazuh_mcp", "serve", "--demo"]
            if generation != 4:
                command = [*command, "--wazuh", str(generation)]
            samples[key].append(first_summary(command, env))
    return {
        code: {
            "initialize_s": statistics.median(s[0] for s in values),
            "first_summary_s": statistics.median(s[1] for s in values),
            "after_initialize_s": statistics.median(s[1] - s[0] for s in values),
            "partial_answers": sum(s[2] for s in values),
            "first_total": statistics.median(s[3] for s in values),
            "complete_s": statistics.median(s[4] for s in values),
            "runs": len(values),
        }
        for code, values in samples.items()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--code", action="append", default=[], help="checkout to run (repeatable)")
    parser.add_argument("--wazuh", type=int, nargs="+", choices=(4, 5), default=[4], help="demo generations")
    args = parser.parse_args()
    results = measure(args.code or [""], args.runs, generations=tuple(args.wazuh))
    print(
        f"{'code':<32} {'initialize':>11} {'first summarize_alerts':>23} {'after initialize':>17} "
        f"{'said partial':>13} {'alerts in it':>13} {'all loaded':>11}"
    )
    for code, r in results.items():
        print(
            f"{code or 'this checkout':<32} {r['initialize_s']:>10.2f}s {r['first_summary_s']:>22.2f}s "
            f"{r['after_initialize_s']:>16.2f}s {r['partial_answers']:>7}/{r['runs']} {r['first_total']:>13,.0f} "
            f"{r['complete_s']:>10.2f}s"
        )
    for key, r in results.items():
        if key.endswith("@5") and (base := results.get(key[:-2] + "@4")):
            ratios = {m: r[m] / base[m] for m in ("initialize_s", "first_summary_s", "complete_s")}
            verdict = "ok" if ratios["first_summary_s"] <= TARGET_RATIO else "over"
            print(
                f"5.x / 4.x ({key[:-2]}): initialize {ratios['initialize_s']:.2f}×, first summarize_alerts "
                f"{ratios['first_summary_s']:.2f}× (≤ {TARGET_RATIO}×: {verdict}), all loaded {ratios['complete_s']:.2f}×"
            )
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min) at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
