"""``wazuh://demo/load``: the demo's load progress over MCP (what the launcher's progress bar reads),
listed by the demo only, and following the loader as it advances."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from mcp.client.client import Client

from standin.demo_load import DemoLoad
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.demo import demo_settings
from wazuh_mcp.server.build import build_server
from wazuh_mcp.server.resources import DEMO_LOAD_URI


async def test_the_demo_tells_its_load_progress_and_others_do_not_list_it(isolated_env: Path) -> None:
    load = DemoLoad(alerts_total=6_000)

    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        yield Backends(load=load)  # no Wazuh behind it: this resource reads only the loader

    async with Client(build_server(demo_settings(), backends=backends, profile="demo")) as client:
        assert [r.uri for r in (await client.list_resources()).resources] == [DEMO_LOAD_URI]

        async def read() -> dict[str, Any]:
            contents = (await client.read_resource(DEMO_LOAD_URI)).contents[0]
            return dict(json.loads(getattr(contents, "text", "")))

        first = await read()
        assert (first["phase"], first["alerts_loaded"], first["complete"]) == ("starting", 0, False)
        load.alerts_loaded, load.recent_complete = 1_234, True
        load.mark("recent")
        second = await read()
        assert (second["phase"], second["alerts_loaded"], second["alerts_total"]) == ("recent", 1_234, 6_000)
        load.alerts_loaded, load.complete = 6_000, True
        load.mark("all")
        third = await read()
        assert third["complete"] and third["phase"] == "all"
        assert [p["phase"] for p in third["phases"]] == ["recent", "all"]

    @asynccontextmanager
    async def configured() -> AsyncIterator[Backends]:
        yield Backends()

    async with Client(build_server(demo_settings(), backends=configured, profile="default")) as client:
        assert (await client.list_resources()).resources == []
