"""Smoke test of a built executable, as the release workflows run it on each OS:

    python packaging/smoke.py dist/wazuh-mcp-<version>-<os>-<arch>[.exe]

1. handshake (initialize) over stdio, 2. tools/list equal to tests/toolsnaps/ (every tool, role admin with
writes on, so the write tools are compared too), 3. demo calls answered (a Server API and an Indexer tool).
Exits non-zero with what differed. Needs only the standard library and the checkout (bench/, tests/toolsnaps/).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from jsonrpc_probe import Probe  # noqa: E402  (bench/ is not a package on sys.path)

SNAPSHOTS = ROOT / "tests" / "toolsnaps" / "__toolsnaps__"


def snapshot_text(tool: dict[str, object]) -> str:
    return json.dumps(tool, indent=2, sort_keys=True) + "\n"


def main(binary: str) -> int:
    binary = str(Path(binary).resolve())
    state = tempfile.mkdtemp(prefix="wazuh-mcp-smoke-")
    env = dict(os.environ, WAZUH_MCP_STATE_DIR=state, WAZUH_MCP_CONFIG=os.devnull)
    env |= {"WAZUH_MCP_ROLE": "admin", "WAZUH_MCP_WRITES": "on"}
    probe = Probe([binary, "serve", "--demo"], env=env, cwd=state)
    problems: list[str] = []
    try:
        print(f"initialize answered in {probe.initialize():.2f} s")
        probe.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        tools = {t["name"]: t for t in probe.read_response(2)["result"]["tools"]}
        expected = {p.stem: p.read_text(encoding="utf-8") for p in SNAPSHOTS.glob("*.json")}
        if set(tools) != set(expected):
            problems.append(f"tools differ from the snapshots: {sorted(set(tools) ^ set(expected))}")
        problems += [
            f"{name}: schema differs from its snapshot"
            for name in sorted(set(tools) & set(expected))
            if snapshot_text(tools[name]) != expected[name]
        ]
        print(f"tools/list: {len(tools)} tools, {len(expected)} snapshots")
        calls = [("cluster_status", {}), ("summarize_alerts", {"time_range": "24h"})]
        for n, (name, args) in enumerate(calls, start=3):
            probe.send({"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": {"name": name, "arguments": args}})
            result = probe.read_response(n, timeout_s=180)["result"]
            if result.get("isError"):
                problems.append(f"{name} failed: {result['content'][0]['text']}")
            else:
                print(f"{name}: {json.dumps(result['structuredContent'])[:160]}")
    finally:
        probe.close()
    for problem in problems:
        print(f"FAIL {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    raise SystemExit(main(sys.argv[1]))
