"""Cursors are opaque, signed and bound to their query; time_range has one definition and clear errors."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from wazuh_mcp.errors import InvalidArgument
from wazuh_mcp.query.cursors import CursorCodec
from wazuh_mcp.tools._search import TimeRange, time_window

FP_ARGS = {"min_level": 10, "agent_id": None, "time_range": "24h"}


def test_round_trip_keeps_sort_values_and_window() -> None:
    codec = CursorCodec()
    fp = codec.fingerprint("alerts.search_alerts", FP_ARGS)
    token = codec.encode(fingerprint=fp, after=[1717171717000, "1717171717.123"], window=(1, 2))
    position = codec.decode(token, fingerprint=fp)
    assert position.after == [1717171717000, "1717171717.123"]
    assert position.window == (1, 2)
    assert isinstance(token, str) and token.isascii() and " " not in token


def test_a_cursor_from_another_query_is_refused() -> None:
    codec = CursorCodec()
    fp = codec.fingerprint("alerts.search_alerts", FP_ARGS)
    token = codec.encode(fingerprint=fp, after=[1], window=None)
    other = codec.fingerprint("alerts.search_alerts", {**FP_ARGS, "min_level": 3})
    with pytest.raises(InvalidArgument, match="different query"):
        codec.decode(token, fingerprint=other)
    other_tool = codec.fingerprint("hunt.hunt_query", FP_ARGS)
    with pytest.raises(InvalidArgument, match="different query"):
        codec.decode(token, fingerprint=other_tool)


def test_a_cursor_from_another_process_is_refused() -> None:
    fp_args = ("alerts.search_alerts", FP_ARGS)
    mine, theirs = CursorCodec(), CursorCodec()
    token = theirs.encode(fingerprint=theirs.fingerprint(*fp_args), after=[1], window=None)
    with pytest.raises(InvalidArgument, match="not a next_cursor issued by this server"):
        mine.decode(token, fingerprint=mine.fingerprint(*fp_args))


def test_an_edited_cursor_is_refused() -> None:
    codec = CursorCodec()
    fp = codec.fingerprint("alerts.search_alerts", FP_ARGS)
    token = codec.encode(fingerprint=fp, after=[1717171717000, "a"], window=(1, 2))
    body, mac = token.split(".")
    import base64
    import json

    payload = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    payload["a"] = [0, "a"]  # jump elsewhere in the index
    forged = base64.urlsafe_b64encode(json.dumps(payload).encode()).rstrip(b"=").decode() + "." + mac
    with pytest.raises(InvalidArgument, match="not a next_cursor"):
        codec.decode(forged, fingerprint=fp)


@settings(max_examples=500, deadline=None)
@given(token=st.text(max_size=300))
def test_any_string_is_either_a_valid_cursor_or_invalid_argument(token: str) -> None:
    codec = CursorCodec(key=b"k" * 32)
    fp = codec.fingerprint("alerts.search_alerts", FP_ARGS)
    with pytest.raises(InvalidArgument):
        codec.decode(token, fingerprint=fp)


TIME_RANGE: TypeAdapter[str] = TypeAdapter(TimeRange)


@pytest.mark.parametrize(
    ("given_", "expected"),
    [
        ("15m", "15m"),
        ("1h", "1h"),
        ("24h", "24h"),
        ("30d", "30d"),
        ("720h", "720h"),
        ("43200m", "43200m"),
        ("7D", "7d"),
        ("007d", "7d"),
    ],
)
def test_time_range_accepts(given_: str, expected: str) -> None:
    assert TIME_RANGE.validate_python(given_) == expected


@pytest.mark.parametrize(
    ("given_", "message"),
    [
        ("31d", "at most 30d"),
        ("721h", "at most 30d"),
        ("43201m", "at most 30d"),
        ("0h", "positive whole number"),
        ("1w", "unit m, h or d"),
        ("h", "positive whole number"),
        ("1.5h", "positive whole number"),
        ("-1h", "positive whole number"),
        ("now-1h", "positive whole number"),
        ("", "positive whole number"),
        ("999999d", "positive whole number"),
        (" 7d ", "positive whole number"),  # no strip: the pattern the schema advertises has none
    ],
)
def test_time_range_rejects_with_the_rule(given_: str, message: str) -> None:
    with pytest.raises(ValidationError) as caught:
        TIME_RANGE.validate_python(given_)
    assert message in str(caught.value)


def test_time_window_is_relative_to_now() -> None:
    now = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
    since, until = time_window("2h", now)
    assert until == int(now.timestamp() * 1000)
    assert until - since == 2 * 3600 * 1000
