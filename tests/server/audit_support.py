"""What the audit tests share: a server on the HTTPS stand-in, writing to a given audit log."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from standin.server import DEMO_USERS, StandinServer
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.build import WazuhServer, build_server


def server_for(standin: StandinServer, audit_log: Path, **settings: Any) -> WazuhServer:
    @asynccontextmanager
    async def backends() -> AsyncIterator[Backends]:
        api = ServerApi(
            ServerApiConfig(
                url=standin.url,
                user="wazuh",
                password=DEMO_USERS["wazuh"].password,
                verify=str(standin.ca_path),
                timeout_s=5,
            )
        )
        yield Backends(server_api=api)
        await api.aclose()

    return build_server(Settings.load(audit_log=audit_log, **settings), backends=backends)
