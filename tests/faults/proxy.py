"""A TCP proxy under the test's control, between the server and a backend (the Indexer engine or the
Server API stand-in), for the faults a network gives that no backend switch can:

- ``mode = "pass"``: bytes flow both ways (optionally after ``delay_s`` per chunk);
- ``mode = "reset"``: new connections are accepted and reset at once (RST, not FIN);
- ``mode = "stall"``: new connections are accepted, their bytes read and dropped, nothing answered
  and nothing closed: a half-open peer;
- ``mode = "status"``: answers every HTTP request itself with ``status`` (429, 503…) and a JSON body,
  for a plain-HTTP backend;
- ``reset_all()`` resets every open connection (pooled keep-alive ones included); changing the mode
  does it too;
- ``upstream`` can be changed at any time (the engine restarted on another port, same address for
  the server).

It runs its own event loop in a thread, so it keeps working while the test's loop is busy, and it
binds a free loopback port. Use it as a context manager; ``url`` is where the server should connect.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import struct
import threading
from collections.abc import Iterator
from typing import Literal

Mode = Literal["pass", "reset", "stall", "status"]


class FaultProxy:
    def __init__(self, upstream: tuple[str, int], *, scheme: str = "http") -> None:
        self.upstream = upstream
        self.scheme = scheme
        self.mode: Mode = "pass"
        self.delay_s = 0.0
        self.status = 503
        self.connections = 0
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="fault-proxy", daemon=True)
        self._server: asyncio.Server | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}"

    # --- lifecycle -----------------------------------------------------------------------------

    def __enter__(self) -> FaultProxy:
        self._thread.start()
        self._server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._handle, "127.0.0.1", 0), self._loop
        ).result(5)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    def __exit__(self, *exc: object) -> None:
        async def close() -> None:
            assert self._server is not None
            self._server.close()
            for writer in list(self._writers):
                _abort(writer)
            # Every connection handler ends here, on this loop: one left pending (a stalled connection
            # waits for ever) would be destroyed with the loop, and asyncio logs that as an ERROR in
            # whatever test runs when it is collected.
            handlers = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in handlers:
                task.cancel()
            await asyncio.gather(*handlers, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(close(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        self._loop.close()

    # --- controls --------------------------------------------------------------------------------

    def set(self, mode: Mode, *, delay_s: float = 0.0, status: int = 503) -> None:
        """Switch the fault. Open connections are reset, so pooled keep-alive connections opened under
        the previous mode cannot carry on as before (the client reconnects into the new one)."""
        changed = (mode, delay_s, status) != (self.mode, self.delay_s, self.status)
        self.mode, self.delay_s, self.status = mode, delay_s, status
        if changed:
            self.reset_all()

    def reset_all(self) -> None:
        """RST every open connection now (returns once they are reset)."""

        async def abort_all() -> None:
            for writer in list(self._writers):
                _abort(writer)
            await asyncio.sleep(0)

        asyncio.run_coroutine_threadsafe(abort_all(), self._loop).result(5)

    @contextlib.contextmanager
    def fault(self, mode: Mode, *, delay_s: float = 0.0, status: int = 503) -> Iterator[None]:
        self.set(mode, delay_s=delay_s, status=status)
        try:
            yield
        finally:
            self.set("pass")

    # --- the proxy -------------------------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self._writers.add(writer)
        try:
            if self.mode == "reset":
                _abort(writer)
            elif self.mode == "stall":
                while await reader.read(65536):
                    pass
                await asyncio.Event().wait()  # half-open: never answer, never close
            elif self.mode == "status":
                await self._answer_status(reader, writer)
            else:
                await self._pipe(reader, writer)
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            pass
        finally:
            self._writers.discard(writer)
            with contextlib.suppress(Exception):
                writer.close()

    async def _answer_status(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            if length:
                await reader.readexactly(length)
            body = json.dumps({"error": {"type": "fault_proxy", "reason": f"injected {self.status}"}}).encode()
            writer.write(
                f"HTTP/1.1 {self.status} Injected\r\ncontent-type: application/json\r\n"
                f"content-length: {len(body)}\r\n\r\n".encode()
                + body
            )
            await writer.drain()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.upstream)
        self._writers.add(up_writer)

        async def copy(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while chunk := await src.read(65536):
                    if self.delay_s:
                        await asyncio.sleep(self.delay_s)
                    dst.write(chunk)
                    await dst.drain()
            finally:
                with contextlib.suppress(Exception):
                    dst.close()

        try:
            await asyncio.gather(copy(reader, up_writer), copy(up_reader, writer))
        finally:
            self._writers.discard(up_writer)


def _abort(writer: asyncio.StreamWriter) -> None:
    """Close with RST: SO_LINGER 0, then close."""
    sock = writer.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport = writer.transport
    with contextlib.suppress(Exception):
        transport.abort()
