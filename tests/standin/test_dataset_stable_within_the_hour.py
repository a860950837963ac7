"""The demo's data is the same on every run within one clock hour: the alerts are drawn at the same distances
from "now", so a window ("the last 24 hours") holds the same alerts and the demo tour tells the same counts.
(It drew the day's shape from the second, and runs minutes apart told 766, 820 and 925 alerts in 24 hours.)"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from standin.dataset import DEMO_ALERT_COUNT, DEMO_DAYS, generate_alerts
from standin.estate import build_estate


def ages(now: datetime) -> list[tuple[str, str, timedelta]]:
    docs = generate_alerts(build_estate(), now=now, days=DEMO_DAYS, count=DEMO_ALERT_COUNT)
    stamp = "%Y-%m-%dT%H:%M:%S.%f%z"
    return [
        (d.source["rule"]["id"], d.source["agent"]["id"], now - datetime.strptime(d.source["timestamp"], stamp))
        for d in docs
    ]


def test_runs_minutes_apart_in_one_hour_draw_the_same_alerts_at_the_same_ages() -> None:
    first = datetime(2026, 12, 1, 22, 3, 41, tzinfo=UTC)
    later = first + timedelta(minutes=41, seconds=7)
    assert ages(first) == ages(later)
    day = timedelta(hours=24)
    assert sum(age <= day for _, _, age in ages(first)) == sum(age <= day for _, _, age in ages(later))
