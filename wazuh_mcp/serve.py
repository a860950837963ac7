"""``wazuh-mcp serve``: the stdio MCP server. stdout is the JSON-RPC channel and nothing else."""

from __future__ import annotations

import contextlib
import logging
import signal
import sys
from types import FrameType

from wazuh_mcp.config import Settings, selected_profile
from wazuh_mcp.server import build_server

log = logging.getLogger(__name__)


def _exit_on_sigterm() -> None:
    """AI clients stop servers with SIGTERM: unwind normally so the lifespan stops the demo engines."""

    def handler(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, handler)


def run_serve(*, demo: bool, profile: str | None) -> int:
    _exit_on_sigterm()
    if demo:
        from wazuh_mcp.standin.demo import demo_backends, demo_settings

        settings = demo_settings()
        server = build_server(settings, backends=demo_backends, profile="demo")
    else:
        name = selected_profile(profile)
        settings = Settings.load(profile=name)
        server = build_server(settings, profile=name)
    log.info("serving %d tools over stdio (role %s, demo=%s)", len(server.exposure.listed), settings.role, demo)
    with contextlib.suppress(KeyboardInterrupt):
        server.run("stdio")
    sys.stderr.flush()
    return 0
