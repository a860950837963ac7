"""What a model pays for the tool definitions before its first question, per role and per tool.

Model-visible bytes of ``tools/list`` through the official in-process MCP client: each tool's name, title,
description and input schema as compact JSON (what a client puts into the model's context; output schemas
and annotations are for the client). About bytes/3.8 tokens.

    python bench/bench_definitions.py            # analyst, readonly, admin, admin with writes; per tool
    python bench/bench_definitions.py --json     # the same, machine-readable

Budgets (issue 19): analyst <= 16 KB, hunt_query <= 2 KB, admin with writes <= 24 KB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mcp.client.client import Client

from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.build import build_server

ROLES = [("analyst", False), ("readonly", False), ("admin", False), ("admin", True)]
# Raised by 1 KB each at issue 27: 5.x's keyword levels beside 4.x's numbers, agent_id's schema naming the JSON
# number it accepts, and the response tools' ar.conf wording (docs/performance.md). Raised by 1 KB each again at
# issue 27 for agent_inventory (12 kinds: 10 inventory kinds and FIM's files and registry, both generations) and
# agent_sca: +1,627 bytes for analyst (869 + 848, less 90 trimmed from the shared size/offset descriptions),
# where twelve agent_ports-like tools would have cost ~8 KB.
BUDGETS = {"analyst": 18 * 1024, "admin+writes": 26 * 1024}
TOOL_BUDGETS = {"hunt_query": 2 * 1024}


def visible(tool: Any) -> dict[str, Any]:
    data = tool.model_dump(mode="json", exclude_none=True, by_alias=True)
    return {k: data[k] for k in ("name", "title", "description", "inputSchema") if k in data}


def size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


async def measure(role: str, writes: bool) -> dict[str, int]:
    """Bytes per tool, and under "" the whole list as one JSON array (what a client receives)."""
    os.environ["WAZUH_MCP_CONFIG"] = os.devnull  # the developer's settings must not shape the figures
    audit = Path(tempfile.mkdtemp(prefix="wazuh-mcp-bench-")) / "audit.jsonl"  # a scratch sink, never the home
    settings = Settings.load(role=role, writes=writes, audit_log=audit)
    async with Client(build_server(settings)) as client:
        tools = (await client.list_tools()).tools
    return {"": size([visible(tool) for tool in tools]), **{tool.name: size(visible(tool)) for tool in tools}}


async def run(as_json: bool) -> int:
    results = {f"{role}{'+writes' if writes else ''}": await measure(role, writes) for role, writes in ROLES}
    if as_json:
        print(json.dumps(results, indent=2))
        return 0
    print("| role | tools | model-visible bytes | budget |")
    print("|---|---|---|---|")
    for label, tools in results.items():
        budget = BUDGETS.get(label)
        print(f"| {label} | {len(tools) - 1} | {tools['']:,} | {f'{budget:,}' if budget else ''} |")
    print("\n| tool | bytes | budget |")
    print("|---|---|---|")
    every = results["admin+writes"]
    for name, n in sorted(((k, v) for k, v in every.items() if k), key=lambda kv: -kv[1]):
        budget = TOOL_BUDGETS.get(name)
        print(f"| {name} | {n:,} | {f'{budget:,}' if budget else ''} |")
    over = [label for label, b in BUDGETS.items() if results[label][""] > b]
    over += [name for name, b in TOOL_BUDGETS.items() if every.get(name, 0) > b]
    print(f"\nover budget: {', '.join(over) or 'none'}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true")
    return asyncio.run(run(parser.parse_args().json))


if __name__ == "__main__":
    raise SystemExit(main())
