"""Spawn → initialize time of `wazuh-mcp serve` (configured, as Claude Desktop starts it), `serve --demo`
and the built binary, next to a bare one-tool MCPServer on the same SDK (and an optional peer server), plus
the byte size of tools/list. All are measured in one run, interleaved, so the ratios are fair on a busy
machine; read the ratios, not the milliseconds.

    python bench/bench_startup.py [--runs 15] [--binary dist/wazuh-mcp] [--peer "/tmp/venv/bin/klaxon-mcp"]
        [--onedir .cache/package/bin/wazuh-mcp] [--cold] [--only serve,binary]

--binary is the one-file executable, --onedir the onedir folder (or its executable) that the .mcpb ships.
The binary unpacks into a scratch runtime folder (WAZUH_MCP_RUNTIME_DIR) at its first start, which is timed
on its own ("first start"); the rounds then measure the starts every later launch pays.
--cold evicts the binary's, its unpacked copy's and the onedir tree's pages from the page cache
(posix_fadvise DONTNEED, those files only, never the machine's whole cache) before each of their starts: a
first start after a reboot.

Targets (issue 13): serve ≤ 1.05×, serve --demo ≤ 1.15×, the binary ≤ 1.3× the bare server. Besides wall time,
each start's CPU up to its answer (Linux) is shown: time spent waiting for a core is not in it (on this 2-core
machine the starts are CPU-bound, so it tracks wall time closely).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shlex
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from jsonrpc_probe import Probe

HERE = Path(__file__).resolve().parent
BARE = "bare MCPServer (1 tool)"
ONEDIR = "onedir serve (configured)"
FIRST_START = "binary first start (unpacks)"
SHORT = {
    "serve": "wazuh-mcp serve (configured)",
    "demo": "wazuh-mcp serve --demo",
    "binary": "binary serve (configured)",
    "binary-demo": "binary serve --demo",
    "binary-first": FIRST_START,
    "onedir": ONEDIR,
    "peer": "peer",
}
TARGETS = {
    "wazuh-mcp serve (configured)": 1.05,
    "wazuh-mcp serve --demo": 1.15,
    "binary serve (configured)": 1.3,
    ONEDIR: 1.3,
}


def configured_env(state: str) -> dict[str, str]:
    """A configured deployment as Claude Desktop would start it. Nothing listens at these URLs: start-up
    must not contact Wazuh (the clients connect on the first tool call)."""
    return dict(
        os.environ,
        WAZUH_MCP_STATE_DIR=state,
        WAZUH_MCP_CONFIG=os.devnull,
        WAZUH_MCP_API_URL="https://127.0.0.1:9/",
        WAZUH_MCP_API_USER="wazuh-mcp",
        WAZUH_MCP_API_PASSWORD="bench-only",
        WAZUH_MCP_INDEXER_URL="https://127.0.0.1:9/",
        WAZUH_MCP_INDEXER_USER="wazuh-mcp",
        WAZUH_MCP_INDEXER_PASSWORD="bench-only",
    )


def onedir_executable(path: str) -> str:
    """The onedir folder's executable (a folder or the executable itself may be given)."""
    folder = Path(path)
    if folder.is_dir():
        return str(folder / ("wazuh-mcp.exe" if sys.platform == "win32" else "wazuh-mcp"))
    return path


def evict(*paths: str) -> int:
    """Drops these files' or trees' pages from the page cache (those files only); returns bytes covered."""
    files = [
        f
        for root in map(Path, paths)
        for f in ([p for p in root.rglob("*") if p.is_file()] if root.is_dir() else [root])
    ]
    total = 0
    for file in files:
        fd = os.open(file, os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            total += os.fstat(fd).st_size
        finally:
            os.close(fd)
    return total


def ensure_bytecode(checkout: Path = HERE.parent) -> None:
    """Compile the package's modules, as any install has them (pip compiles what it installs; the frozen
    builds carry bytecode). Without this, a checkout run with PYTHONDONTWRITEBYTECODE=1, as CI and this
    sandbox do, compiles every changed module from source at each start, and the SDK's site-packages
    (compiled at install) do not: that measured the compiler, ~26 ms a start, not the server."""
    compileall.compile_dir(str(checkout / "wazuh_mcp"), quiet=1)


def servers(binary: str | None, peer: str | None, onedir: str | None = None) -> dict[str, list[str]]:
    found = {
        BARE: [sys.executable, str(HERE / "bare_server.py")],
        "wazuh-mcp serve (configured)": [sys.executable, "-m", "wazuh_mcp", "serve"],
        "wazuh-mcp serve --demo": [sys.executable, "-m", "wazuh_mcp", "serve", "--demo"],
    }
    if binary:
        found["binary serve (configured)"] = [binary, "serve"]
        found["binary serve --demo"] = [binary, "serve", "--demo"]
    if onedir:
        found[ONEDIR] = [onedir_executable(onedir), "serve"]
    if peer:
        found[f"peer: {Path(shlex.split(peer)[0]).name}"] = shlex.split(peer)
    return found


def tools_list_bytes(argv: list[str], env: dict[str, str]) -> tuple[int, int, int]:
    """(all bytes of the tools/list result, bytes a model sees: names, descriptions, input schemas, tools)."""
    probe = Probe(argv, env=env, cwd=tempfile.gettempdir())
    try:
        probe.initialize()
        probe.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        tools = probe.read_response(2)["result"]["tools"]
    finally:
        probe.close()
    whole = len(json.dumps({"tools": tools}, separators=(",", ":")).encode())
    seen = [{k: t[k] for k in ("name", "description", "inputSchema") if k in t} for t in tools]
    return whole, len(json.dumps(seen, separators=(",", ":")).encode()), len(tools)


def measure(
    runs: int, binary: str | None = None, peer: str | None = None, onedir: str | None = None, cold: bool = False
) -> dict[str, float]:
    """Median spawn→initialize seconds per server, interleaved run by run."""
    times = measure_runs(runs, binary, peer, onedir, cold)
    return {label: statistics.median(values) for label, values in times.items()}


def measure_runs(
    runs: int,
    binary: str | None = None,
    peer: str | None = None,
    onedir: str | None = None,
    cold: bool = False,
    cpu: dict[str, list[float]] | None = None,
    only: set[str] | None = None,
) -> dict[str, list[float]]:
    """Every spawn→initialize time per server, in round order (round i of each server ran back to back);
    ``cpu``, when given, receives the CPU seconds each start used up to its answer (the first start excluded);
    ``only`` keeps those labels besides the bare server."""
    binary = str(Path(binary).resolve()) if binary else None  # the servers start in a temporary directory
    onedir = str(Path(onedir).resolve()) if onedir else None
    ensure_bytecode()
    state = tempfile.mkdtemp(prefix="wazuh-mcp-bench-")
    env = configured_env(state)
    runtime = str(Path(state) / "runtime")
    chosen = {
        k: v
        for k, v in servers(binary, peer, onedir).items()
        if only is None or k in only or k == BARE or (k.startswith("peer: ") and "peer" in only)
    }
    # With cold, the frozen builds start with their own files out of the page cache.
    cached = {label: [argv[0], runtime] for label, argv in chosen.items() if binary and argv[0] == binary}
    if onedir:
        cached[ONEDIR] = [str(Path(onedir_executable(onedir)).parent)]
    times: dict[str, list[float]] = {label: [] for label in chosen}
    if binary and (only is None or FIRST_START in only):
        times[FIRST_START] = [first_start(binary, env | {"WAZUH_MCP_RUNTIME_DIR": runtime}, state)]
    env["WAZUH_MCP_RUNTIME_DIR"] = runtime
    for _ in range(runs):
        for label, argv in chosen.items():
            if cold and label in cached:
                evict(*cached[label])
            probe = Probe(argv, env=env, cwd=state)
            times[label].append(probe.initialize())
            if cpu is not None:
                cpu.setdefault(label, []).append(probe.cpu_seconds() or 0.0)
            probe.close()
    return times


def first_start(binary: str, env: dict[str, str], cwd: str) -> float:
    """Spawn → initialize of the binary's first start of this version: it unpacks itself first (once)."""
    probe = Probe([binary, "serve"], env=env, cwd=cwd)
    try:
        return probe.initialize()
    finally:
        probe.close()


def paired_ratios(times: dict[str, list[float]]) -> dict[str, list[float]]:
    """Each round's time over the bare server's in the same round: on a machine whose load drifts from minute
    to minute, neighbours in time share it, so these vary less than a ratio of two medians. The binary's one
    first start is paired with the first round."""
    bare = times[BARE]
    return {
        label: sorted(t / b for t, b in zip(values, bare[: len(values)], strict=True))
        for label, values in times.items()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--binary", default=os.environ.get("WAZUH_MCP_TEST_BINARY"))
    parser.add_argument("--peer", help="command line of a peer MCP server to compare (stdio)")
    parser.add_argument("--onedir", help="the onedir build (folder or its executable), as the .mcpb ships it")
    parser.add_argument("--cold", action="store_true", help="evict the frozen builds' files before each start")
    parser.add_argument(
        "--only",
        help=f"comma-separated servers to measure besides the bare one ({', '.join(SHORT)}): more rounds of a few "
        "in the same minutes, for the target closest to the noise",
    )
    args = parser.parse_args()
    if args.cold and not hasattr(os, "posix_fadvise"):
        parser.error("--cold needs posix_fadvise (Linux)")
    cpu: dict[str, list[float]] = {}
    only = None
    if args.only:
        unknown = [name for name in args.only.split(",") if name not in SHORT]
        if unknown:
            parser.error(f"--only: unknown {unknown}; choose from {', '.join(SHORT)}")
        only = {SHORT[name] for name in args.only.split(",")}
    times = measure_runs(args.runs, args.binary, args.peer, args.onedir, args.cold, cpu=cpu, only=only)
    medians = {label: statistics.median(values) for label, values in times.items()}
    cpu_medians = {label: statistics.median(values) for label, values in cpu.items() if any(values)}
    paired = paired_ratios(times)
    base = medians[BARE]
    cold = "; frozen builds cold (their files evicted)" if args.cold else ""
    print(
        f"runs per server: {args.runs} (interleaved){cold}; load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    print(
        f"| {'server':<30} | {'median spawn→initialize':>24} | {'vs bare':>7} | {'paired (min–max)':>22} "
        f"| {'CPU to initialize':>17} | {'vs bare':>7} | {'target':>6} |"
    )
    print(f"|{'-' * 32}|{'-' * 26}|{'-' * 9}|{'-' * 24}|{'-' * 19}|{'-' * 9}|{'-' * 8}|")
    missed = []
    for label, median in medians.items():
        ratio, target = median / base, TARGETS.get(label)
        pairs = paired[label]
        if target and ratio > target:
            missed.append(label)
        shown = f"≤{target:.2f}" if target else ""
        spread = f"{statistics.median(pairs):.2f}× ({pairs[0]:.2f}–{pairs[-1]:.2f})"
        used = cpu_medians.get(label)
        cpu_cells = (
            f"{used * 1000:>14.0f} ms | {used / cpu_medians[BARE]:>6.2f}×"
            if used and BARE in cpu_medians
            else f"{'':>17} | {'':>7}"
        )
        print(f"| {label:<30} | {median * 1000:>21.0f} ms | {ratio:>6.2f}× | {spread:>22} | {cpu_cells} | {shown:>6} |")
    whole, seen, count = tools_list_bytes(
        servers(None, None)["wazuh-mcp serve (configured)"], configured_env(tempfile.mkdtemp())
    )
    print(
        f"tools/list: {whole:,} bytes for {count} tools; what a model sees (names, descriptions, input schemas): {seen:,} bytes"
    )
    if missed:
        print(f"over target: {', '.join(missed)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
