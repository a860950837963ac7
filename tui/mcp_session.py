"""One ``wazuh-mcp serve`` and the official MCP client talking to it, owned apart from any screen.

The session is one long-lived task: ``mcp.client.client.Client`` starts the server over stdio exactly
as an AI client would, lists the tools, then serves calls from a queue. What it learns (the tools, a
failure, the demo's load progress, each call's answer) goes to the screen attached at the time as
messages; what a screen needs on arriving late (the tools, the last load) is kept and replayed.

The playground against your Wazuh owns its session and ends it on leaving. The demo's session is the
app's: it outlives the playground, so a change proposed there can be approved on the Approvals screen
(approving a demo change talks to the stand-in that this very ``serve --demo`` runs), and it ends
when the launcher exits. The server's stderr goes to ``<state dir>/playground-server.log``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import time
from typing import Any

from textual.message_pump import MessagePump

from tui.messages import DemoLoadProgress, PlaygroundFailed, PlaygroundReady, ToolFinished
from wazuh_mcp.config.settings import ensure_state_dir, state_dir
from wazuh_mcp.private_files import open_private
from wazuh_mcp.runtime.audit import now_iso

LOAD_POLL_S = 0.5
"""How often the demo server's load progress (``wazuh://demo/load``) is read while it loads."""
CLOSE_TIMEOUT_S = 10.0
"""How long a clean end (the server stopped and reaped) may take before the task is cancelled."""


def leaf_message(exc: BaseException) -> str:
    """The innermost real error of an exception group (anyio task groups wrap them)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def command_label(argv: list[str]) -> str:
    """``wazuh-mcp serve --demo``: what runs, without the install path."""
    return "wazuh-mcp " + " ".join(argv[argv.index("serve") :]) if "serve" in argv else os.path.basename(argv[0])


class ServerSession:
    def __init__(self, argv: list[str], *, demo: bool, env: dict[str, str] | None = None) -> None:
        self.argv = argv
        self.demo = demo
        self.env = env if env is not None else dict(os.environ)
        """The whole environment: the server needs the keyring's D-Bus address and WAZUH_MCP_*."""
        self.started_at = now_iso()
        self.requests: asyncio.Queue[tuple[str, dict[str, Any]] | None] = asyncio.Queue()
        """Calls, in order; None ends the session."""
        self.task: asyncio.Task[None] | None = None
        self.listener: MessagePump | None = None
        self.tools: list[Any] | None = None
        """The listed tools (mcp_types.Tool) once the server answered."""
        self.error: str | None = None
        self.load: dict[str, Any] | None = None
        """The newest ``wazuh://demo/load`` answer (the demo only)."""
        self.load_gone = False

    # --- the screen side ----------------------------------------------------------------

    def start(self, after: asyncio.Task[None] | None = None) -> None:
        """Start now, or once ``after`` is done (another demo being stopped: one ``serve --demo`` at a time)."""
        # A plain task, not a Textual worker: a worker is cancelled with its screen, and a native
        # cancel can cut the client's shutdown short and leak the server process.
        self.task = asyncio.create_task(self._run(after))

    @property
    def alive(self) -> bool:
        """Started and not ended (it may still be starting)."""
        return self.task is not None and not self.task.done() and self.error is None

    @property
    def connected(self) -> bool:
        return self.alive and self.tools is not None

    def attach(self, listener: MessagePump) -> None:
        """``listener`` hears of the session from now on; what it missed is replayed."""
        self.listener = listener
        if self.error is not None:
            listener.post_message(PlaygroundFailed(self.error))
            return
        if self.tools is not None:
            listener.post_message(PlaygroundReady(self.tools, command_label(self.argv)))
        if self.load is not None or self.load_gone:
            listener.post_message(DemoLoadProgress(self.load))

    def detach(self, listener: MessagePump) -> None:
        if self.listener is listener:
            self.listener = None

    def call(self, name: str, arguments: dict[str, Any]) -> None:
        self.requests.put_nowait((name, arguments))

    async def close(self) -> None:
        """End the session cleanly (the server is stopped and reaped), cancelling only if it hangs."""
        task = self.task
        self.listener = None
        if task is None or task.done():
            return
        self.requests.put_nowait(None)
        try:
            await asyncio.wait_for(asyncio.shield(task), timeout=CLOSE_TIMEOUT_S)
        except TimeoutError:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task

    def _tell(self, message: Any) -> None:
        if self.listener is not None:
            self.listener.post_message(message)

    # --- the session task ---------------------------------------------------------------

    async def _run(self, after: asyncio.Task[None] | None = None) -> None:
        from mcp.client.client import Client
        from mcp.client.stdio import StdioServerParameters, stdio_client

        if after is not None:
            with contextlib.suppress(Exception):  # how the other one ended is its own story
                await asyncio.shield(after)
        log_path = state_dir() / "playground-server.log"
        try:
            ensure_state_dir()
            with open_private(log_path, "a") as errlog:
                params = StdioServerParameters(command=self.argv[0], args=self.argv[1:], env=self.env)
                async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=120) as client:
                    listed = await client.list_tools()
                    self.tools = list(listed.tools)
                    self._tell(PlaygroundReady(self.tools, command_label(self.argv)))
                    watch = asyncio.create_task(self._watch_load(client)) if self.demo else None
                    try:
                        while (request := await self.requests.get()) is not None:
                            await self._call(client, *request)
                    finally:
                        if watch is not None:
                            watch.cancel()
                            with contextlib.suppress(BaseException):
                                await watch
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # shown on screen; the details are in the server log
            self.error = f"{leaf_message(exc)} (server log: {log_path})"
            self._tell(PlaygroundFailed(self.error))

    async def _watch_load(self, client: Any) -> None:
        """Poll ``wazuh://demo/load`` over the session until the load is done (or the server does not
        have it): progress comes through MCP like everything else, never from the server's internals."""
        from wazuh_mcp.server.resources import DEMO_LOAD_URI  # the server's name for it (its only use here)

        while True:
            try:
                read = await client.read_resource(DEMO_LOAD_URI)
                load = json.loads(read.contents[0].text)
            except asyncio.CancelledError:
                raise
            except Exception:  # an older server without the resource, or a torn answer: stop showing progress
                self.load, self.load_gone = None, True
                self._tell(DemoLoadProgress(None))
                return
            self.load = load
            self._tell(DemoLoadProgress(load))
            if load.get("complete") or load.get("failed"):
                return
            await asyncio.sleep(LOAD_POLL_S)

    async def _call(self, client: Any, name: str, arguments: dict[str, Any]) -> None:
        started = time.perf_counter()
        try:
            result = await client.call_tool(name, arguments)
        except Exception as exc:  # a protocol error: the session itself stays usable
            self._tell(ToolFinished(name, leaf_message(exc), True, (time.perf_counter() - started) * 1000))
            return
        elapsed = (time.perf_counter() - started) * 1000
        if result.structured_content is not None and not result.is_error:
            payload: Any = result.structured_content
        else:
            payload = "\n".join(getattr(c, "text", "") for c in result.content)
        self._tell(ToolFinished(name, payload, bool(result.is_error), elapsed))
