"""``wazuh-mcp serve``: the stdio MCP server. stdout is the JSON-RPC channel and nothing else."""

from __future__ import annotations

import logging
import os
import signal
import sys

import anyio

from wazuh_mcp.config.settings import Settings, selected_profile
from wazuh_mcp.runtime.first_answer import FirstAnswer
from wazuh_mcp.server.build import BackendFactory, WazuhServer, build_server

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


DemoParts = tuple[Settings, BackendFactory, FirstAnswer]
"""What ``serve --demo`` runs with: the demo's settings, its backends (the embedded stand-ins) and the
gate they wait on. Built by the demo's wiring (``wazuh_mcp.demo.demo_parts``), which the CLI hands in."""


def run_serve(*, demo: DemoParts | None, profile: str | None) -> int:
    if demo is not None:
        settings, backends, gate = demo
        server = build_server(settings, backends=backends, profile="demo", first_answer=gate)
    else:
        name = selected_profile(profile)
        settings = Settings.load(profile=name)
        server = build_server(settings, profile=name)
    log.info(
        "serving %d tools over stdio (role %s, demo=%s)", len(server.exposure.listed), settings.role, demo is not None
    )
    try:
        anyio.run(_serve_until_stopped, server)
    except BaseExceptionGroup as group:
        _, other = group.split(_DISCONNECTED)
        if other is not None:
            raise
        # L8: a client that goes away mid-call used to leave a full traceback (BrokenPipeError from the
        # SDK's stdout writer, in nested task groups). Gone is gone: one line, and a clean exit.
        log.warning("the client closed stdio during a call: its reply was dropped; shutting down")
        _detach_stdout()
    sys.stderr.flush()
    return 0


_DISCONNECTED = (BrokenPipeError, ConnectionResetError, anyio.BrokenResourceError, anyio.ClosedResourceError)
"""What writing to (or reading from) a closed stdio pipe raises, through the SDK's streams."""


def _detach_stdout() -> None:
    """Point fd 1 at /dev/null so the interpreter's final flush of the dead pipe is silent too."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
