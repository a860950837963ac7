"""Two input edges from the red-team pass: ``time_range: "1h\\n"`` was accepted (a trailing newline
passed the pattern), and a cursor sent as a JSON list got a long union error. Both must be refused
with a short, specific message before any engine call."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.indexer.support import connected, error_text

UNREACHABLE = "http://127.0.0.1:9"  # never contacted: every call below is refused before the engine


@pytest.mark.parametrize("time_range", ["1h\n", " 1h", "1h ", "\t24h", "7d\r\n"])
async def test_time_range_with_surrounding_whitespace_is_refused(tmp_path: Path, time_range: str) -> None:
    async with connected(UNREACHABLE, tmp_path / "audit.jsonl") as (client, indexer):
        for tool in ("search_alerts", "summarize_alerts", "hunt_query"):
            args: dict[str, object] = {"time_range": time_range}
            if tool == "hunt_query":
                args["must"] = [{"field": "rule.level", "op": "gte", "value": 10}]
            text = error_text(await client.call_tool(tool, args))
            assert text.startswith("invalid_argument:") and "'time_range'" in text, text
    assert indexer.calls == 0


@pytest.mark.parametrize(("cursor", "kind"), [(["1712345678000", "abc"], "array"), ({"a": 1}, "object"), (7, "number")])
async def test_cursor_sent_as_json_gets_a_short_specific_error(tmp_path: Path, cursor: object, kind: str) -> None:
    async with connected(UNREACHABLE, tmp_path / "audit.jsonl") as (client, indexer):
        text = error_text(await client.call_tool("search_alerts", {"time_range": "1h", "cursor": cursor}))
    assert text.startswith("invalid_argument:")
    assert f"cursor must be the next_cursor string from the previous page, not a JSON {kind}" in text
    assert text.count("'cursor") == 1, "one error for the field, not one per union member"
    assert len(text) < 400, text
    assert indexer.calls == 0
