"""Per-request cost of bearer-token verification in ``serve --http``: the same MCP requests to two loopback
servers in one process, one without authentication and one verifying Keycloak tokens (RS256 against
the cached JWKS), interleaved so both see the same machine load.

    scripts/keycloak.sh start
    python bench/bench_http_auth.py [--requests 300] [--method tools/list|tools/call]

Prints p50/p90 per server, the difference (the verification overhead) and the ratio, and the time of
``verify_token`` alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import httpx

from standin.server import StandinServer
from tests.team.conftest import ISSUER, Keycloak, run_team_server, team_settings
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.oauth import JwksTokenVerifier

HEADERS = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}


def body(method: str) -> dict[str, Any]:
    if method == "tools/call":
        return {
            "jsonrpc": "2.0",
            "id": 1,
            "method": method,
            "params": {"name": "list_agents", "arguments": {"size": 1}},
        }
    return {"jsonrpc": "2.0", "id": 1, "method": method}


def pct(values: list[float], q: float) -> float:
    return sorted(values)[int(q * (len(values) - 1))] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--method", default="tools/list", choices=["tools/list", "tools/call"])
    args = parser.parse_args()
    try:
        httpx.get(f"{ISSUER}/.well-known/openid-configuration", timeout=5).raise_for_status()
    except httpx.HTTPError:
        print(f"no Keycloak at {ISSUER}: scripts/keycloak.sh start", file=sys.stderr)
        return 2
    keycloak = Keycloak(ISSUER)
    with tempfile.TemporaryDirectory() as folder, StandinServer(tls=True) as standin:
        tmp = Path(folder)
        plain = Settings(audit_log=tmp / "plain.jsonl", api={"url": "https://standin"})
        authed = team_settings(tmp)
        token = keycloak.token("alice")
        with run_team_server(plain, standin) as open_server, run_team_server(authed, standin) as auth_server:
            times: dict[str, list[float]] = {"unauthenticated": [], "verified token": []}
            targets = {
                "unauthenticated": (open_server.url, HEADERS),
                "verified token": (auth_server.url, {**HEADERS, "Authorization": f"Bearer {token}"}),
            }
            with httpx.Client(timeout=30) as http:
                for _ in range(20):  # warm up both (connections, JWKS fetch, Wazuh login)
                    for url, headers in targets.values():
                        http.post(url, json=body(args.method), headers=headers).raise_for_status()
                for _ in range(args.requests):
                    for name, (url, headers) in targets.items():
                        started = time.perf_counter()
                        http.post(url, json=body(args.method), headers=headers).raise_for_status()
                        times[name].append(time.perf_counter() - started)
    verify_times = anyio.run(_verify_alone, token, args.requests)
    for name, values in times.items():
        print(f"{name:16} {args.method}: p50 {pct(values, 0.5):6.2f} ms  p90 {pct(values, 0.9):6.2f} ms")
    p50_open = statistics.median(times["unauthenticated"])
    p50_auth = statistics.median(times["verified token"])
    print(f"overhead: {(p50_auth - p50_open) * 1000:+.2f} ms per request (p50), ratio {p50_auth / p50_open:.2f}x")
    print(f"verify_token alone: p50 {pct(verify_times, 0.5):.3f} ms  p90 {pct(verify_times, 0.9):.3f} ms")
    return 0


async def _verify_alone(token: str, runs: int) -> list[float]:
    verifier = JwksTokenVerifier(Settings(oauth={"issuer": ISSUER, "audience": "wazuh-mcp"}).oauth)
    assert await verifier.verify_token(token) is not None  # fetches the JWKS once
    out = []
    for _ in range(runs):
        started = time.perf_counter()
        await verifier.verify_token(token)
        out.append(time.perf_counter() - started)
    return out


if __name__ == "__main__":
    raise SystemExit(main())
