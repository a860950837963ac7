"""Progress of the demo's phased load (what is searchable yet), and the notice calls carry meanwhile.

Kept apart from ``engine`` (which pulls in opensearch-py) so that ``serve --demo`` imports it cheaply.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

RECENT = timedelta(hours=24)
"""What the demo loads first: the window most first questions ask about (summarize_alerts' default)."""


@dataclass
class DemoLoad:
    """How far the demo's phased load got; written by the loading thread, read by tool calls."""

    alerts_total: int = 0
    alerts_loaded: int = 0
    vulnerabilities_loaded: int = 0
    recent_complete: bool = False
    """Every alert of the last ``RECENT`` is searchable (the first phase)."""
    complete: bool = False
    failed: str | None = None
    started: float = field(default_factory=time.monotonic)
    phases: list[tuple[str, float]] = field(default_factory=list)
    """(phase, seconds since start) as each one became searchable: recent, vulnerabilities, all."""

    listeners: list[Callable[[str], None]] = field(default_factory=list)
    """Called (from the loading thread) with each phase's name as it becomes searchable."""

    def mark(self, phase: str) -> None:
        self.phases.append((phase, round(time.monotonic() - self.started, 2)))
        for listener in self.listeners:
            listener(phase)

    def snapshot(self) -> dict[str, object]:
        """What ``wazuh://demo/load`` answers: the counts and the phase, for a progress bar."""
        done = [name for name, _ in self.phases]
        return {
            "phase": done[-1] if done else "starting",
            "alerts_loaded": self.alerts_loaded,
            "alerts_total": self.alerts_total,
            "vulnerabilities_loaded": self.vulnerabilities_loaded,
            "recent_complete": self.recent_complete,
            "complete": self.complete,
            "failed": self.failed,
            "elapsed_seconds": round(time.monotonic() - self.started, 1),
            "phases": [{"phase": name, "seconds": seconds} for name, seconds in self.phases],
        }

    def notice(self) -> str | None:
        """What a caller must know about results served now (None once everything is loaded)."""
        if self.complete:
            return None
        if self.failed:
            return f"The demo data stopped loading ({self.failed}): results cover only the last 24 hours."
        vulns = (
            f"{self.vulnerabilities_loaded:,} vulnerabilities loaded"
            if self.vulnerabilities_loaded
            else "vulnerabilities not loaded yet"
        )
        return (
            f"The demo is still loading its data: {self.alerts_loaded:,} of {self.alerts_total:,} alerts so far "
            f"(the last 24 hours are complete), {vulns}. Results that reach further back are partial; "
            "ask again in a few seconds for the full picture."
        )
