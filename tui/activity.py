"""Calls and errors per minute, for the audit viewer's sparkline.

Counted as events reach the viewer (the file's tail first, then each new batch): nothing rereads the
file, so a 100k-record audit log costs what its loaded tail costs. Minutes older than the window
behind the newest call are dropped, so memory stays bounded however long the viewer follows.
The window ends at the newest recorded call, not at the clock: what is drawn depends only on the
file, and a quiet hour does not scroll the last burst out of sight.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from wazuh_mcp.runtime.audit import AuditEvent

WINDOW_MINUTES = 60


def minute_of(ts: str) -> datetime | None:
    """The UTC minute a record's timestamp falls in (None for a timestamp that does not parse)."""
    try:
        moment = datetime.fromisoformat(ts)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).replace(second=0, microsecond=0)


@dataclass(frozen=True)
class Series:
    end: datetime
    """The last minute drawn (that of the newest call)."""
    calls: list[int]
    errors: list[int]
    """One value per minute, oldest first, ``WINDOW_MINUTES`` of them."""

    @property
    def start(self) -> datetime:
        return self.end - timedelta(minutes=len(self.calls) - 1)


class MinuteCounts:
    def __init__(self, window: int = WINDOW_MINUTES) -> None:
        self.window = window
        self.calls: Counter[datetime] = Counter()
        self.errors: Counter[datetime] = Counter()
        self.latest: datetime | None = None
        self.earliest: datetime | None = None
        """The oldest minute ever counted: with a tail-only load, the window may start before it."""

    def add(self, events: Iterable[AuditEvent]) -> None:
        parsed: dict[str, datetime | None] = {}  # a burst shares few minutes: parse each one once
        for event in events:
            utc = event.ts.endswith(("Z", "+00:00"))  # what the server writes; other offsets parse in full
            key = event.ts[:16] if utc else event.ts
            if key not in parsed:
                parsed[key] = minute_of(event.ts)
            minute = parsed[key]
            if minute is None:
                continue
            self.calls[minute] += 1
            if event.outcome != "ok":
                self.errors[minute] += 1
            if self.latest is None or minute > self.latest:
                self.latest = minute
            if self.earliest is None or minute < self.earliest:
                self.earliest = minute
        if self.latest is not None:
            cutoff = self.latest - timedelta(minutes=self.window - 1)
            for old in [m for m in self.calls if m < cutoff]:
                del self.calls[old]
                self.errors.pop(old, None)

    def series(self) -> Series | None:
        if self.latest is None:
            return None
        minutes = [self.latest - timedelta(minutes=back) for back in range(self.window - 1, -1, -1)]
        return Series(self.latest, [self.calls[m] for m in minutes], [self.errors[m] for m in minutes])
