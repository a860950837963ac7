"""``wazuh-mcp demo``: a guided tour in the terminal, no Wazuh and no AI client needed.

It starts ``wazuh-mcp serve --demo`` exactly as an AI client would (a real MCP client over
stdio), then runs the calls an analyst's assistant would make for a morning triage and prints
what came back. Everything it does is in the audit log like any other session.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

import anyio

Step = tuple[str, str, dict[str, Any]]

TOUR: list[Step] = [
    ("Is the manager healthy?", "cluster_status", {}),
    ("Which agents are connected?", "list_agents", {"status": "active", "size": 5}),
    ("What fired in the last 24 hours?", "summarize_alerts", {"time_range": "24h"}),
    ("Anything serious in the last hour?", "search_alerts", {"time_range": "1h", "min_level": 10, "size": 3}),
    ("Who is brute-forcing SSH (T1110)?", "alerts_by_mitre", {"technique_id": "T1110", "time_range": "24h", "size": 3}),
    ("What is T1110?", "get_mitre_technique", {"technique_id": "T1110"}),
    ("Critical vulnerabilities in the fleet?", "search_vulnerabilities", {"min_severity": "Critical", "size": 3}),
    ("What does agent 001 expose?", "agent_ports", {"agent_id": "001", "size": 5}),
    ("A mistake the model might make", "list_agents", {"size": 5000}),
]


def _short(value: Any, limit: int = 600) -> str:
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} bytes in all)"


async def _run(out: Any) -> int:
    from mcp.client.client import Client
    from mcp.client.stdio import StdioServerParameters

    from wazuh_mcp.setup.serve_command import serve_argv

    command, *args = serve_argv(demo=True)
    params = StdioServerParameters(command=command, args=args)
    print("Starting `wazuh-mcp serve --demo` (an embedded Wazuh stand-in with generated data)…", file=out)
    started = time.perf_counter()
    async with Client(params) as client:
        tools = {tool.name for tool in (await client.list_tools()).tools}
        print(
            f"Connected in {time.perf_counter() - started:.1f} s; {len(tools)} tools: {', '.join(sorted(tools))}\n",
            file=out,
        )
        for question, name, arguments in TOUR:
            if name not in tools:
                continue
            print(f"▶ {question}\n  {name}({_short(arguments, 200)})", file=out)
            t0 = time.perf_counter()
            result = await client.call_tool(name, arguments)
            elapsed = (time.perf_counter() - t0) * 1000
            if result.is_error:
                text = result.content[0].text if result.content and hasattr(result.content[0], "text") else ""
                print(f"  ✗ {elapsed:.0f} ms  {text}\n", file=out)
            else:
                print(f"  ✓ {elapsed:.0f} ms  {_short(result.structured_content)}\n", file=out)
    print("Every call above is in the audit log: run `wazuh-mcp audit` to see it.", file=out)
    return 0


def run_tour() -> int:
    return anyio.run(_run, sys.stdout)
