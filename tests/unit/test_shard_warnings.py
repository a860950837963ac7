"""Partial answers in words (``indexer_shapes.shard_warnings``), on the failure bodies OpenSearch 2.19 sends.

The bodies below are what the real node answered in this project's test bed (an alerts index created
without Wazuh's template beside one with it); ``tests/indexer/test_wazuh_sample.py`` checks the same
on the node itself.
"""

from __future__ import annotations

from typing import Any

from wazuh_mcp.backends.indexer_shapes import TEMPLATE_FIX, shard_warnings

TEXT_SORT = (
    "Text fields are not optimised for operations that require per-document field data like aggregations and "
    "sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, "
    "set fielddata=true on [rule.id] in order to load field data by uninverting the inverted index."
)


def answer(failures: list[dict[str, Any]], failed: int | None = None, timed_out: bool = False) -> dict[str, Any]:
    count = len(failures) if failed is None else failed
    return {
        "timed_out": timed_out,
        "_shards": {"total": 4, "successful": 4 - count, "failed": count, "failures": failures},
    }


def failure(index: str, reason: str, kind: str = "illegal_argument_exception") -> dict[str, Any]:
    return {"shard": 0, "index": index, "node": "n1", "reason": {"type": kind, "reason": reason}}


def test_a_complete_answer_has_no_warning() -> None:
    assert shard_warnings(answer([]), fix=TEMPLATE_FIX["alerts"]) == []
    assert shard_warnings({"_shards": {"total": 3, "successful": 3, "failed": 0}}, fix="x") == []


def test_a_missing_mapping_names_the_index_the_field_and_the_fix() -> None:
    (warning,) = shard_warnings(answer([failure("wazuh-alerts-4.x-bad", TEXT_SORT)]), fix=TEMPLATE_FIX["alerts"])
    assert warning.startswith("Index wazuh-alerts-4.x-bad: it lacks Wazuh's mapping for `rule.id`")
    assert "alerts template" in warning and "reindex" in warning


def test_one_warning_per_index_and_a_bounded_list() -> None:
    failures = [failure(f"idx-{i}", TEXT_SORT) for i in range(8) for _ in range(2)]  # 2 shards each
    warnings = shard_warnings(answer(failures), fix="f")
    assert len(warnings) == 6 and warnings[-1].startswith("3 more indices failed")


def test_other_reasons_are_quoted_bounded_and_stripped_of_control_characters() -> None:
    hostile = "boom \x1b[31mred\x1b[0m \u202eevil" + "x" * 500
    (warning,) = shard_warnings(answer([failure("i", hostile, "parse_exception")]), fix="f")
    assert "parse_exception" in warning and "\x1b" not in warning and "\u202e" not in warning
    assert len(warning) < 300


def test_failures_without_details_and_timeouts_still_warn() -> None:
    warnings = shard_warnings(answer([], failed=2, timed_out=True), fix="f")
    assert any("timeout" in w for w in warnings) and any("2 of 4 shards failed" in w for w in warnings)
