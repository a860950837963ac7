"""``wazuh-mcp serve``: the stdio MCP server. stdout is the JSON-RPC channel and nothing else."""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Iterator

import anyio

from wazuh_mcp.config.profiles import missing_profile
from wazuh_mcp.config.settings import Settings, selected_profile
from wazuh_mcp.runtime.collector import pace_for_serving
from wazuh_mcp.runtime.first_answer import FirstAnswer
from wazuh_mcp.server.build import BackendFactory, WazuhServer, build_server

log = logging.getLogger(__name__)


class StdinRelay:
    """Stands between the client's stdin and the SDK's reader so that a signal can end the session
    while stdin is still open.

    The SDK reads fd 0 in a worker thread, and a thread blocked in ``read()`` cannot be cancelled: a
    cancelled session then waited for the client's next line or for it to close stdin, so ``kill PID``
    (SIGTERM) left ``serve`` and the demo's stand-ins running (issue 26 item 4). Here fd 0 becomes the
    read end of a pipe this process owns; a daemon thread copies the client's stdin into it, and
    :meth:`end` closes the write end, so the SDK's reader sees end-of-file at once and the session
    unwinds as if the client had closed stdin. The copying thread, still blocked on the client's pipe,
    is a daemon and does not hold up the exit."""

    def __init__(self) -> None:
        self._source = os.dup(0)
        read_end, self._write_end = os.pipe()
        os.dup2(read_end, 0)
        os.close(read_end)
        self._lock = threading.Lock()
        self._open = True  # end() not called yet, the client's stdin not at its end
        self._writing = False  # the copier is inside a write (which can block while the SDK is busy)
        self._closed = False
        threading.Thread(target=self._copy, name="stdin-relay", daemon=True).start()

    def _copy(self) -> None:
        while True:
            try:
                data = os.read(self._source, 65536)
            except OSError:
                data = b""
            with self._lock:
                if not self._open or not data:
                    self._open = False
                    self._close()
                    return
                self._writing = True
            failed = not self._write_all(data)
            with self._lock:
                self._writing = False
                if failed or not self._open:  # end() came during the write: it left the close to us
                    self._open = False
                    self._close()
                    return

    def _write_all(self, data: bytes) -> bool:
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self._write_end, view) :]
        except OSError:
            return False
        return True

    def _close(self) -> None:
        if not self._closed:
            self._closed = True
            os.close(self._write_end)

    def end(self) -> None:
        """End-of-file for the SDK's reader, whatever the client's stdin is doing. Never blocks: during
        a write (the pipe full, so the SDK's reader is not waiting in a thread) the copier closes."""
        with self._lock:
            self._open = False
            if not self._writing:
                self._close()


@contextlib.contextmanager
def _relayed_stdin() -> Iterator[StdinRelay | None]:
    """A relay where fd 0 is a pipe or file on POSIX (what AI clients give); else None (nothing to relay,
    or a platform whose process stop is not a catchable signal)."""
    if sys.platform == "win32":
        yield None
        return
    try:
        relay = StdinRelay()
    except OSError:
        yield None
        return
    try:
        yield relay
    finally:
        relay.end()


async def _serve_until_stopped(server: WazuhServer) -> None:
    """Serve stdio until the client closes it or sends SIGTERM/SIGINT (how AI clients stop servers).
    A signal cancels the session and ends stdin for the SDK's reader (``StdinRelay``), so the lifespan
    unwinds normally, stops the demo engines, and the process exits while the client's stdin is open."""
    with _relayed_stdin() as relay:
        await _serve_with(server, relay)


async def _serve_with(server: WazuhServer, relay: StdinRelay | None) -> None:
    async with anyio.create_task_group() as group:

        async def watch_signals() -> None:
            with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
                async for signum in signals:
                    log.info("received signal %s: shutting down", signum)
                    if relay is not None:
                        relay.end()
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
    pace_for_serving()
    if demo is not None:
        settings, backends, gate = demo
        server = build_server(settings, backends=backends, profile="demo", first_answer=gate)
    else:
        name = selected_profile(profile)
        settings = Settings.load(profile=name)
        if problem := missing_profile(name):  # stderr (and server.log): stdout is the JSON-RPC channel
            log.warning("%s Serving with the WAZUH_MCP_* variables and defaults only.", problem)
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
