"""Schema-derived fuzzing of every tool through the official in-process MCP client.

The server is the real one (``build_server``) on the Server API stand-in (HTTPS) and osmem-server
with a 3,000-alert slice, every tool exposed (role ``admin``, writes on). For each tool listed by
``tools/list``, hypothesis draws arguments from the advertised ``inputSchema``
(``tests/fuzz/schema_strategies.py``: conforming, near-miss and junk objects) and calls it. Judged:

- every reply is a result or an error whose text starts with a safe code, never ``internal``, and
  never ``upstream_error`` from an engine that rejected the query we built (valid arguments must
  make valid queries);
- no traceback: no log record with an exception, nothing on stderr;
- every request the engine receives, captured at the transport boundary
  (``tests/fuzz/recording.py``), is a ``_search`` on a configured pattern whose query uses only
  term / terms / range / exists / prefix (combined by ``bool``);
- one audit record per call.

``WAZUH_MCP_FUZZ_CALLS`` sets the total (default 10,000, spread evenly over the tools).
"""

from __future__ import annotations

import collections
import gc
import logging
import math
import os
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, get_args

import pytest
from anyio.from_thread import start_blocking_portal
from hypothesis import HealthCheck, Phase, given, settings
from mcp.client.client import Client
from mcp_types import CallToolResult

from standin.server import DEMO_USERS, StandinServer
from tests.engines import LoadedEngine
from tests.fuzz.recording import record_engine_requests, violations
from tests.fuzz.schema_strategies import arguments
from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.indexer_shapes import TEMPLATE_FIX
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.errors import ErrorCode
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.server.build import build_server

TOTAL_CALLS = int(os.environ.get("WAZUH_MCP_FUZZ_CALLS", "10000"))
SAFE_CODES = set(get_args(ErrorCode)) - {"internal"}


class CrashLog(logging.Handler):
    """Log records that carry an exception (a traceback would be printed) or are errors."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def standin() -> Iterator[StandinServer]:
    # The stand-in's 300 requests/minute (Wazuh's default) would answer most calls rate_limited here.
    with StandinServer(tls=True, rate_limit_per_minute=1_000_000) as server:
        yield server


def verdict(result: CallToolResult) -> str:
    """'ok', or the error code the reply starts with ('?' when it has none)."""
    if not result.is_error:
        assert result.structured_content is not None, "an ok reply without structured content"
        return "ok"
    text = str(getattr(result.content[0], "text", "")) if result.content else ""
    code = text.split(":", 1)[0]
    return code if code in SAFE_CODES | {"internal"} else f"? {text[:120]}"


def test_fuzz_every_tool_from_its_schema(
    fuzz_engine: LoadedEngine, standin: StandinServer, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    indexer = Indexer(
        IndexerConfig(
            url=fuzz_engine.url,
            alerts_pattern=fuzz_engine.alerts_pattern,
            vulnerabilities_pattern=fuzz_engine.vulnerabilities_pattern,
            archives_pattern=fuzz_engine.alerts_pattern,  # hunt_query events' archives: alert-shaped, one template
            timeout_s=20,
        )
    )
    recorder = record_engine_requests(indexer)
    api = ServerApi(
        ServerApiConfig(
            url=standin.url, user="wazuh", password=DEMO_USERS["wazuh"].password, verify=str(standin.ca_path)
        )
    )

    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        yield Backends(server_api=api, indexer=indexer)

    audit_path = tmp_path / "audit.jsonl"
    server = build_server(
        Settings.load(
            role="admin",
            writes=True,
            audit_log=audit_path,
            tool_timeout_s=30,
            audit_max_bytes=1 << 30,
            # The fuzzer is an error flood by design; the flood guard (tests/server) would answer most of it
            # rate_limited before the tools ran. Lifted here so every call reaches validation and the tools.
            error_flood_burst=1_000_000,
            error_flood_per_minute=1_000_000,
        ),
        backends=backends,
    )
    crashes = CrashLog()
    gc.collect()  # an earlier test's garbage (a pending task it leaked) is logged now, not blamed on this run
    logging.getLogger().addHandler(crashes)
    outcomes: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    failures: list[str] = []
    elapsed: dict[str, float] = {}
    pending = [0]
    try:
        with start_blocking_portal() as portal, portal.wrap_async_context_manager(Client(server)) as client:
            tools = portal.call(client.list_tools).tools
            assert {t.name for t in tools} == set(server.specs), "every registered tool is exposed to the fuzzer"
            per_tool = math.ceil(TOTAL_CALLS / len(tools))
            for tool in tools:

                def fuzz(name: str, schema: dict[str, Any]) -> None:
                    @settings(
                        max_examples=per_tool,
                        deadline=None,
                        database=None,  # tests write only in their temp dirs
                        phases=[Phase.explicit, Phase.generate, Phase.shrink],
                        suppress_health_check=list(HealthCheck),
                    )
                    @given(args=arguments(schema))
                    def call(args: dict[str, Any]) -> None:
                        result = portal.call(client.call_tool, name, args)
                        seen = verdict(result)
                        outcomes[name][seen] += 1
                        if seen == "ok" and "change_id" in (result.structured_content or {}):
                            pending[0] += 1  # a write or response tool recorded a change for approval
                        if seen == "internal" or seen.startswith("?"):
                            raise AssertionError(f"{name}({args!r:.300}) → {seen}")
                        if seen == "upstream_error" and "Indexer rejected the query" in str(result.content[0]):
                            raise AssertionError(f"{name}({args!r:.300}): the engine rejected the query we built")

                    call()

                started = time.perf_counter()
                try:
                    fuzz(tool.name, dict(tool.input_schema))
                except AssertionError as exc:
                    failures.append(str(exc)[:2000])
                elapsed[tool.name] = time.perf_counter() - started
            portal.call(api.aclose)
            portal.call(indexer.aclose)
    finally:
        logging.getLogger().removeHandler(crashes)

    calls = sum(sum(c.values()) for c in outcomes.values())
    err = capfd.readouterr().err
    with capfd.disabled():
        print(f"\nfuzz: {calls} calls over {len(outcomes)} tools; engine requests: {len(recorder.requests)}")
        for name, counts in sorted(outcomes.items()):
            print(f"  {name} ({elapsed.get(name, 0):.1f} s): {dict(counts)}")
    assert not failures, "\n\n".join(failures)
    assert calls >= TOTAL_CALLS
    assert len(outcomes) == len(server.specs)
    configured = {indexer.pattern(kind) for kind in TEMPLATE_FIX}  # every kind's pattern, as the settings name it
    broken = [
        (request.body, problems) for request in recorder.requests if (problems := violations(request, configured))
    ]
    assert not broken, f"{len(broken)} engine requests outside the DSL rule, e.g. {broken[:3]}"
    assert recorder.requests, "no call reached the engine: the fuzzer proved nothing about the DSL"
    assert not crashes.records, [r.getMessage() for r in crashes.records[:5]]
    assert "Traceback" not in err, err[-3000:]
    # One audit record per call; each pending change adds its own approval.request record.
    audited = collections.Counter(event.tool for event in iter_events(audit_path))
    requests = audited.pop("approval.request", 0)
    by_id = {spec.id: spec.name for spec in server.specs.values()}
    assert {by_id.get(tool, tool): n for tool, n in audited.items()} == {
        name: sum(counts.values()) for name, counts in outcomes.items()
    }, "one audit record per call"
    assert requests == pending[0]
    reached = sum(counts["ok"] for counts in outcomes.values())
    assert reached > calls // 10, f"only {reached} of {calls} calls succeeded: the strategies hardly reach the tools"
