"""The per-session limit on error floods: failed calls cost the caller, and a spent caller waits.

Each client session has a bucket of ``burst`` failures that refills at ``per_minute``. A call
that ends in a caller error (``CALLER_ERRORS``) takes one; while the bucket is empty every call
of that session is answered ``rate_limited`` with the time until the next one is allowed, before
any validation or backend work. Refusals are not recorded one by one: the first of a run is, and
the rest are counted into one ``audit.rate_limited`` summary record written when the session is
admitted again (or the server stops). So a flood costs a bounded number of audit records, not
one per junk call, and cannot rotate the audit trail away.
"""

from __future__ import annotations

import math
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from wazuh_mcp.errors import ErrorCode, RateLimited

CALLER_ERRORS: frozenset[ErrorCode] = frozenset({"invalid_argument", "forbidden", "not_found"})
"""Outcomes the caller chose; Wazuh being slow or down (timeout, upstream_*) never costs it."""
MAX_SESSIONS = 1024
MAX_TOOL_NAMES = 10


class FloodRefusal(RateLimited):
    """``rate_limited`` from this guard; ``record`` is False for the refusals only counted."""

    def __init__(self, message: str, *, hint: str, record: bool) -> None:
        super().__init__(message, hint=hint)
        self.record = record


@dataclass
class Refused:
    """Refusals not recorded one by one since ``first_ts``."""

    first_ts: str
    count: int = 0
    tools: Counter[str] = field(default_factory=Counter)

    def summary_args(self) -> dict[str, object]:
        return {
            "refused_calls": self.count,
            "since": self.first_ts,
            "tools": dict(self.tools.most_common(MAX_TOOL_NAMES)),
        }


@dataclass
class _Bucket:
    tokens: float
    stamp: float
    limited: bool = False
    """A refusal of the current run was already recorded."""
    refused: Refused | None = None


class ErrorFloodGuard:
    def __init__(self, burst: int, per_minute: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.rate = per_minute / 60.0
        self._clock = clock
        self._buckets: OrderedDict[object, _Bucket] = OrderedDict()

    def _bucket(self, key: object) -> _Bucket:
        now = self._clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
            while len(self._buckets) > MAX_SESSIONS:  # sessions come and go; forget the oldest
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
            bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.stamp) * self.rate)
            bucket.stamp = now
        return bucket

    def check(self, key: object, tool: str, ts: str) -> FloodRefusal | None:
        """None when the session may call now, else the refusal to answer with (noted as such)."""
        bucket = self._bucket(key)
        if bucket.tokens >= 1:
            return None
        retry = max(1, math.ceil((1 - bucket.tokens) / self.rate))
        return FloodRefusal(
            f"Too many failed calls from this session ({self.burst} allowed in a burst, then "
            f"{self.rate * 60:g} per minute); this call was not run.",
            hint=f"Retry in {retry} s, and fix the arguments the earlier errors named before calling again.",
            record=self._note_refusal(bucket, tool, ts),
        )

    @staticmethod
    def _note_refusal(bucket: _Bucket, tool: str, ts: str) -> bool:
        """Count a refusal; True when it should be recorded in full (the first of its run)."""
        if not bucket.limited:
            bucket.limited = True
            return True
        if bucket.refused is None:
            bucket.refused = Refused(first_ts=ts)
        bucket.refused.count += 1
        if tool in bucket.refused.tools or len(bucket.refused.tools) < MAX_TOOL_NAMES:
            bucket.refused.tools[tool] += 1
        return False

    def admitted(self, key: object) -> Refused | None:
        """The session is calling again: the refusals to summarise now, if any."""
        bucket = self._bucket(key)
        bucket.limited = False
        refused, bucket.refused = bucket.refused, None
        return refused

    def charge(self, key: object, code: ErrorCode | None) -> None:
        if code in CALLER_ERRORS:
            self._bucket(key).tokens -= 1

    def drain(self) -> list[Refused]:
        """Every pending summary (the server is stopping)."""
        out = [b.refused for b in self._buckets.values() if b.refused is not None]
        for bucket in self._buckets.values():
            bucket.refused = None
        return out
