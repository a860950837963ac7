"""How often a serving process runs CPython's cyclic garbage collector.

A tool call makes thousands of short-lived containers: the engine's answer parsed into dicts, the page view
of it, its result models. At CPython's default pace (a young-generation pass every 700 net allocations of
containers) one call runs several passes, each walking what the call still holds (the answer being shaped),
which is then promoted and brings the next pass over the whole long-lived heap (the SDK's, pydantic's and
our own objects) closer. A young pass every 20,000 lets a call's containers die by reference count before
any pass sees them. Measured on the 100,000-alert bed (a search_alerts call through the in-process client,
300 calls, p50 of the server's CPU): 4.3-4.6 ms at the default pace, 3.9-4.1 ms at this one, 3.8 ms with
the collector off. Cycles still go: a few MB more of them can wait for a pass.
"""

from __future__ import annotations

import gc

YOUNG_PASS_EVERY = 20_000
"""Net container allocations between two young-generation passes (CPython's default: 700)."""


def pace_for_serving() -> None:
    """Set the young generation's pace for a process that serves tool calls (the older generations' as they are)."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_PASS_EVERY, middle, old)
