"""Progress of the demo's phased load (what is searchable yet), and the notice calls carry meanwhile.

Kept apart from ``engine`` (which pulls in opensearch-py) so that ``serve --demo`` imports it cheaply.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

FIRST = timedelta(hours=1)
"""What the demo loads first (about 120 of its 6,000 alerts, searchable within a fraction of a second):
the newest hour, so the first call is answered at once and is exact for that hour."""
RECENT = timedelta(hours=24)
"""What it loads next: the window most first questions ask about (summarize_alerts' default)."""

QUERY_PRIORITY_S = 0.5
"""How long the loader holds its next bulk request while a call is searching. osmem-server answers no
search while it indexes a bulk request, so a call otherwise waits behind the load; the cap keeps a
steady stream of calls from stalling the load."""


def span_words(span: timedelta) -> str:
    """'hour', '24 hours', '7 days': the newest span that is complete, for the notice."""
    hours = round(span.total_seconds() / 3600)
    if hours == 1:
        return "hour"
    return f"{hours} hours" if hours < 48 or hours % 24 else f"{hours // 24} days"


@dataclass
class DemoLoad:
    """How far the demo's phased load got; written by the loading thread, read by tool calls."""

    wazuh: int = 4
    """Which Wazuh generation the demo runs: 4 (generated alerts) or 5 (Wazuh's own 5.x findings, where the
    alert tools read findings: the counts below are findings then)."""
    dataset: str = ""
    """Which data the demo shows on 5.x: Wazuh's own 5.x samples, or the built-in dataset (``standin.dataset_v5``)."""
    alerts_total: int = 0
    alerts_loaded: int = 0
    vulnerabilities_loaded: int = 0
    complete_span: timedelta | None = None
    """Every alert newer than ``now - complete_span`` is searchable (None: not even the first hour yet)."""
    recent_complete: bool = False
    """Every alert of the last ``RECENT`` is searchable (the second phase)."""
    complete: bool = False
    failed: str | None = None
    started: float = field(default_factory=time.monotonic)
    phases: list[tuple[str, float]] = field(default_factory=list)
    """(phase, seconds since start) as each one became searchable: first, recent, vulnerabilities, all."""
    steps: list[tuple[str, float]] = field(default_factory=list)
    """(step, seconds since start) of the work before them (engine up, documents generated): where time goes."""

    listeners: list[Callable[[str], None]] = field(default_factory=list)
    """Called (from the loading thread) with each phase's name as it becomes searchable."""

    _searching: int = 0
    _idle: threading.Condition = field(default_factory=threading.Condition, repr=False)

    @property
    def noun(self) -> str:
        """What the counts count, as a person reads them: alerts (4.x) or findings (5.x)."""
        return "findings" if self.wazuh == 5 else "alerts"

    def mark(self, phase: str) -> None:
        self.phases.append((phase, round(time.monotonic() - self.started, 2)))
        for listener in self.listeners:
            listener(phase)

    def step(self, name: str) -> None:
        self.steps.append((name, round(time.monotonic() - self.started, 2)))

    # -- calls first, the load behind them ------------------------------------------------------------

    def search_started(self) -> None:
        with self._idle:
            self._searching += 1

    def search_finished(self) -> None:
        with self._idle:
            self._searching -= 1
            self._idle.notify_all()

    def wait_for_searches(self, limit: float = QUERY_PRIORITY_S) -> None:
        """Called by the loader before each bulk request: let searches in flight finish first (up to ``limit``)."""
        with self._idle:
            self._idle.wait_for(lambda: self._searching <= 0, timeout=limit)

    def snapshot(self) -> dict[str, object]:
        """What ``wazuh://demo/load`` answers: the counts and the phase, for a progress bar."""
        done = [name for name, _ in self.phases]
        return {
            "phase": done[-1] if done else "starting",
            "wazuh": self.wazuh,
            **({"dataset": self.dataset} if self.dataset else {}),
            "alerts_loaded": self.alerts_loaded,
            "alerts_total": self.alerts_total,
            "vulnerabilities_loaded": self.vulnerabilities_loaded,
            "recent_complete": self.recent_complete,
            "complete_span_hours": round(self.complete_span.total_seconds() / 3600) if self.complete_span else 0,
            "complete": self.complete,
            "failed": self.failed,
            "elapsed_seconds": round(time.monotonic() - self.started, 1),
            "phases": [{"phase": name, "seconds": seconds} for name, seconds in self.phases],
        }

    def notice(self) -> str | None:
        """What a caller must know about results served now (None once everything is loaded)."""
        if self.complete:
            return None
        span = span_words(self.complete_span) if self.complete_span else None
        if self.failed:
            covered = f"results cover only the last {span}" if span else f"no {self.noun} are searchable"
            return f"The demo data stopped loading ({self.failed}): {covered}."
        vulns = (
            f"{self.vulnerabilities_loaded:,} vulnerabilities loaded"
            if self.vulnerabilities_loaded
            else "vulnerabilities not loaded yet"
        )
        complete = f"the last {span} {'is' if span == 'hour' else 'are'} complete" if span else "none complete yet"
        return (
            f"The demo is still loading its data: {self.alerts_loaded:,} of {self.alerts_total:,} {self.noun} so far "
            f"({complete}), {vulns}. Counts for anything older than the last {span or 'hour'} are partial; "
            "ask again in a few seconds for the full picture."
        )
