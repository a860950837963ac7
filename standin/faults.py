"""Fault switches: how the stand-in misbehaves on purpose, for resilience tests.

Set them in-process (``server.faults.set(fail_next=2)``) or over HTTP with
``POST /__standin__/faults`` (JSON, same keys) when the app was built with ``control=True``.
Counted faults apply to the next N API requests (control routes are never affected) in this
order: drop, garbage, fail. ``expire_tokens`` is an action, not a switch: every token issued
so far answers 401 "Invalid token" from then on.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, fields
from typing import Any, Literal

FaultKind = Literal["drop", "garbage", "fail"]
FAIL_STATUSES = (500, 502, 503)


@dataclass
class Faults:
    latency_s: float = 0.0  # added before every API answer
    fail_next: int = 0  # the next N requests answer fail_status
    fail_status: int = 503
    drop_next: int = 0  # the next N requests lose their connection mid-answer
    garbage_next: int = 0  # the next N requests answer 200 with a body that is not JSON
    restart_window_s: float = 0.0  # after a restart, cluster status says "not running" this long
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def set(self, **changes: Any) -> None:
        """Change switches; unknown keys and bad values raise ValueError (the HTTP route says 400)."""
        known = {"latency_s", "fail_next", "fail_status", "drop_next", "garbage_next", "restart_window_s"}
        unknown = set(changes) - known
        if unknown:
            raise ValueError(f"unknown fault switch(es): {', '.join(sorted(unknown))}")
        with self._lock:
            for key, value in changes.items():
                if key == "fail_status" and value not in FAIL_STATUSES:
                    raise ValueError(f"fail_status must be one of {FAIL_STATUSES}")
                if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
                    raise ValueError(f"{key} must be a non-negative number")
                setattr(self, key, float(value) if key.endswith("_s") else int(value))

    def reset(self) -> None:
        with self._lock:
            self.latency_s = 0.0
            self.fail_next = self.drop_next = self.garbage_next = 0
            self.fail_status = 503
            self.restart_window_s = 0.0

    def take(self) -> FaultKind | None:
        """The counted fault this request gets, if any (consumes one)."""
        with self._lock:
            kinds: tuple[FaultKind, ...] = ("drop", "garbage", "fail")
            for kind in kinds:
                attr = f"{kind}_next"
                if getattr(self, attr) > 0:
                    setattr(self, attr, getattr(self, attr) - 1)
                    return kind
        return None

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            return {f.name: getattr(self, f.name) for f in fields(self) if not f.name.startswith("_")}
