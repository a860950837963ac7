"""Spawn → initialize time of `wazuh-mcp serve --demo` next to a bare one-tool MCPServer, and the
byte size of tools/list. Both are measured in the same run, interleaved, so the ratio is fair.

    python bench/bench_startup.py [--runs 9]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from jsonrpc_probe import Probe

HERE = Path(__file__).resolve().parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    env = dict(os.environ, WAZUH_MCP_STATE_DIR=tempfile.mkdtemp(prefix="wazuh-mcp-bench-"))
    wazuh = [sys.executable, "-m", "wazuh_mcp", "serve", "--demo"]
    bare = [sys.executable, str(HERE / "bare_server.py")]
    times: dict[str, list[float]] = {"wazuh-mcp serve --demo": [], "bare MCPServer (1 tool)": []}
    tools_list_bytes = 0
    for _ in range(args.runs):
        for label, argv in (("wazuh-mcp serve --demo", wazuh), ("bare MCPServer (1 tool)", bare)):
            probe = Probe(argv, env=env)
            times[label].append(probe.initialize())
            if label.startswith("wazuh") and not tools_list_bytes:
                probe.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
                response = probe.read_response(2)
                tools_list_bytes = len(json.dumps(response["result"], separators=(",", ":")).encode())
                tool_count = len(response["result"]["tools"])
            probe.close()
    medians = {label: statistics.median(values) for label, values in times.items()}
    base = medians["bare MCPServer (1 tool)"]
    print(f"runs per server: {args.runs}")
    print(f"{'server':<28} {'median spawn→initialize':>24} {'ratio':>7}")
    for label, median in medians.items():
        print(f"{label:<28} {median * 1000:>21.0f} ms {median / base:>6.2f}x")
    print(
        f"tools/list result: {tools_list_bytes} bytes for {tool_count} tools "
        f"({tools_list_bytes // max(tool_count, 1)} bytes/tool)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
