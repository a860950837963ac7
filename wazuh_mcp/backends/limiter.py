"""A bound on concurrent calls to one backend, with a queue that ends at the caller's deadline.

Without it, 100 parallel heavy calls all reach the Indexer at once and all time out together.
With it, at most ``limit`` run; the rest wait their turn (first come, first served) for as long
as the tool call's own deadline allows, and a call still waiting then is answered
``rate_limited`` with an estimate of when to retry, instead of a ``timeout`` that says nothing.
The wait ends a little before the deadline so that answer is the one the caller gets.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio

from wazuh_mcp.errors import RateLimited

QUEUE_MARGIN_S = 0.5
"""Stop waiting this long (at most a tenth of the wait) before the deadline, to answer in time."""


class CallLimiter:
    def __init__(self, what: str, limit: int, *, setting: str, fallback_wait_s: float) -> None:
        self.what = what
        self.limit = limit
        self.setting = setting
        """The setting that raises ``limit``, named in the retry hint."""
        self.fallback_wait_s = fallback_wait_s
        """How long to queue when the caller set no deadline."""
        self.waiting = 0
        self.peak = 0
        """The most calls ever in flight at once (tests and benchmarks read it)."""
        self._limiter: anyio.CapacityLimiter | None = None
        self._durations: deque[float] = deque(maxlen=32)

    @property
    def in_flight(self) -> int:
        return int(self._limiter.borrowed_tokens) if self._limiter is not None else 0

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Hold one of the ``limit`` slots for the body; raise ``RateLimited`` if none frees in time."""
        if self._limiter is None:  # created lazily: a limiter belongs to the running event loop
            self._limiter = anyio.CapacityLimiter(self.limit)
        limiter = self._limiter
        deadline = anyio.current_effective_deadline()
        budget = deadline - anyio.current_time() if math.isfinite(deadline) else self.fallback_wait_s
        wait = max(0.0, budget - min(QUEUE_MARGIN_S, budget / 10))
        acquired = False
        self.waiting += 1
        try:
            with anyio.move_on_after(wait):
                await limiter.acquire()
                acquired = True
        finally:
            self.waiting -= 1
        if not acquired:
            raise self._refusal(wait)
        self.peak = max(self.peak, self.in_flight)
        started = time.monotonic()
        try:
            yield
        finally:
            self._durations.append(time.monotonic() - started)
            limiter.release()

    def _refusal(self, waited: float) -> RateLimited:
        typical = sorted(self._durations)[len(self._durations) // 2] if self._durations else 1.0
        retry = max(1, min(60, math.ceil(typical * (1 + self.waiting / self.limit))))
        return RateLimited(
            f"{self.what} is busy: {self.in_flight} call(s) in flight (the limit is {self.limit}) and "
            f"{self.waiting} more waiting; this one waited {waited:.1f} s without a turn.",
            hint=f"Retry in about {retry} s, make fewer calls in parallel, or raise {self.setting}.",
        )
