"""What the Indexer says about a failure reaches the model in an error or a result's ``warnings``: the engine's
``reason`` (which quotes the query's values, a mapping, a document's field) and, for a partial answer, each failed
shard's ``type`` and the shard count. Before this test ``Indexer._reason`` cut the reason to 300 characters but
never cleaned it, so ESC, C1, bidi and tag characters in a 400/403/404/429/5xx answer's reason or an HTML error
page's title reached the model raw; ``shard_warnings`` cleaned a shard failure's reason but not its ``type``
(raw and whole: a megabyte in, a megabyte out) nor ``_shards.total``. Now each goes through ``untrusted.bound``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.hardening.hostile_text import EVERY_CLASS
from tests.indexer.fakes import Canned, canned_json, canned_server
from tests.indexer.support import connected, error_text, ok

HOSTILE = EVERY_CLASS + "A" * 100_000 + EVERY_CLASS
LONGEST = 4_000
"""An error or a warning is a few sentences: anything near the planted 100k characters was not cut."""
SEARCH = ("search_alerts", {"time_range": "1h"})


def failure(status: int, **error: Any) -> Canned:
    return canned_json(status, {"error": {"type": "x", **error}, "status": status})


ERRORS = {
    "400 reason": failure(400, root_cause=[{"type": "query_shard_exception", "reason": HOSTILE}]),
    "400 shard type": failure(
        400,
        type="search_phase_execution_exception",
        failed_shards=[{"index": "wazuh-alerts-4.x-x", "reason": {"type": HOSTILE, "reason": "boom"}}],
    ),
    "403 reason": failure(403, reason=HOSTILE),
    "404 reason": failure(404, reason=HOSTILE),
    "429 reason": failure(429, reason=HOSTILE),
    "503 reason": failure(503, reason=HOSTILE),
    "502 HTML title": Canned(502, f"<html><head><title>{HOSTILE}</title></head></html>".encode(), "text/html"),
}


def unclean(text: str) -> list[str]:
    return sorted({f"U+{ord(ch):04X}" for ch in text if not ch.isprintable()})


@pytest.mark.parametrize("answer", ERRORS.values(), ids=ERRORS.keys())
async def test_the_indexers_reason_in_an_error_is_clean_and_bounded(tmp_path: Path, answer: Canned) -> None:
    with canned_server(answer) as url:
        async with connected(url, tmp_path / "audit.jsonl") as (client, _):
            text = error_text(await client.call_tool(*SEARCH))
    assert not unclean(text), (unclean(text), text[:600])
    assert len(text) < LONGEST, len(text)


async def test_a_failed_shards_type_and_count_in_a_warning_are_clean_and_bounded(tmp_path: Path) -> None:
    partial = {
        "took": 1,
        "timed_out": False,
        "_shards": {
            "total": HOSTILE,
            "successful": 0,
            "failed": 2,
            "failures": [{"index": "wazuh-alerts-4.x-x", "reason": {"type": HOSTILE, "reason": HOSTILE}}],
        },
        "hits": {"total": {"value": 0, "relation": "eq"}, "hits": []},
    }
    nameless = json.loads(json.dumps(partial))
    nameless["_shards"]["failures"] = []  # the count alone: "n of total shards failed"
    for answer in (partial, nameless):
        with canned_server(canned_json(200, answer)) as url:
            async with connected(url, tmp_path / "audit.jsonl") as (client, _):
                result = ok(await client.call_tool(*SEARCH))
        said = " ".join(result["warnings"])
        assert result["partial"] and said
        assert not unclean(said), (unclean(said), said[:600])
        assert len(said) < LONGEST, len(said)
