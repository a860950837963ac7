"""Work that waits until the server has answered its first message (``initialize``, or on the stateless
protocol whatever comes first).

``serve --demo`` starts its stand-ins in threads. Started with the session, their imports, TLS files and
engine start held the GIL while the SDK answered ``initialize``, and the answer waited for them: 1.48× the
bare server against 1.09× when they start after it (bench/bench_startup.py, load 5-6). Even opened right
after the answer left the handler, the write to stdout still queued behind them, so the gate opens once
the client has the answer: on its next message (``notifications/initialized``), after ``GRACE_S`` at the
latest, or at once when a call needs a stand-in, whichever is first.
"""

from __future__ import annotations

import asyncio
from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerMiddleware, ServerRequestContext

GRACE_S = 0.2
"""After the first answer, how long the gate waits for the client's next message before opening anyway."""


class FirstAnswer(ServerMiddleware[Any]):
    """A gate that opens once (see the module docstring); it is the server middleware that watches for it."""

    def __init__(self) -> None:
        self._opened = asyncio.Event()  # bound to the running loop on first wait (Python ≥ 3.10)
        self._answered = False

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        if self._answered:  # a message after the first answer: the client has read it
            self.open()
        try:
            return await call_next(ctx)
        finally:
            if not self._answered:
                self._answered = True
                asyncio.get_running_loop().call_later(GRACE_S, self.open)

    def open(self) -> None:
        self._opened.set()

    @property
    def is_open(self) -> bool:
        return self._opened.is_set()

    async def wait(self) -> None:
        await self._opened.wait()
