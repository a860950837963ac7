"""``wazuh-mcp serve``: the stdio MCP server. stdout is the JSON-RPC channel and nothing else."""

from __future__ import annotations

import logging
import signal
import sys

import anyio

from wazuh_mcp.server.build import BackendFactory, WazuhServer, build_server
from wazuh_mcp.setup.settings import Settings, selected_profile

log = logging.getLogger(__name__)


async def _serve_until_stopped(server: WazuhServer) -> None:
    """Serve stdio until the client closes it or sends SIGTERM/SIGINT (how AI clients stop servers).
    A signal cancels the session, so the lifespan unwinds normally and stops the demo engines."""
    async with anyio.create_task_group() as group:

        async def watch_signals() -> None:
            with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
                async for signum in signals:
                    log.info("received signal %s: shutting down", signum)
                    group.cancel_scope.cancel()
                    return

        async def serve() -> None:
            await server.run_stdio_async()
            group.cancel_scope.cancel()

        group.start_soon(watch_signals)
        group.start_soon(serve)


def demo_parts() -> tuple[Settings, BackendFactory]:
    """The demo's settings and backends (the embedded stand-ins), for stdio and ``serve --http --demo``."""
    from wazuh_mcp.standin.demo import demo_backends, demo_settings

    return demo_settings(), demo_backends


def run_serve(*, demo: bool, profile: str | None) -> int:
    if demo:
        settings, backends = demo_parts()
        server = build_server(settings, backends=backends, profile="demo")
    else:
        name = selected_profile(profile)
        settings = Settings.load(profile=name)
        server = build_server(settings, profile=name)
    log.info("serving %d tools over stdio (role %s, demo=%s)", len(server.exposure.listed), settings.role, demo)
    anyio.run(_serve_until_stopped, server)
    sys.stderr.flush()
    return 0
