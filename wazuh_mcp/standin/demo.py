"""The demo: the same server against embedded stand-ins, with no configuration and no keyring.

``demo_backends`` starts the Server API stand-in (HTTPS, its own CA) in-process, and records
where it listens in ``<state dir>/demo.json`` so a separate ``wazuh-mcp approve`` can reach
the Wazuh this demo talks to. Everything stops when the MCP session ends.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.config import Settings, state_dir
from wazuh_mcp.context import Backends

log = logging.getLogger(__name__)

DEMO_API_USER = "wazuh"


def demo_settings() -> Settings:
    """Settings for the demo: defaults and env overrides only (the settings file is not read)."""
    os.environ.setdefault("WAZUH_MCP_CONFIG", os.devnull)
    return Settings.load(profile="demo")


def demo_state_path() -> Path:
    return state_dir() / "demo.json"


def read_demo_state() -> dict[str, Any] | None:
    """Where a running demo's stand-ins listen (for `wazuh-mcp approve` from another process)."""
    try:
        data = json.loads(demo_state_path().read_text())
    except (FileNotFoundError, ValueError):
        return None
    return data if isinstance(data, dict) else None


@asynccontextmanager
async def demo_backends() -> AsyncIterator[Backends]:
    from wazuh_mcp.standin.server import DEMO_USERS, StandinServer

    async with AsyncExitStack() as stack:
        api_server = stack.enter_context(StandinServer(tls=True))
        password = DEMO_USERS[DEMO_API_USER].password
        server_api = ServerApi(ServerApiConfig(
            url=api_server.url, user=DEMO_API_USER, password=password,
            verify=str(api_server.ca_path) if api_server.ca_path else True,
        ))
        stack.push_async_callback(server_api.aclose)
        state = {"pid": os.getpid(), "api_url": api_server.url, "api_ca": str(api_server.ca_path)}
        path = demo_state_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(state))
        stack.callback(lambda: path.unlink(missing_ok=True))
        log.info("demo Server API stand-in at %s", api_server.url)
        yield Backends(server_api=server_api)
