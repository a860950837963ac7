"""Issue 27 (performance): the page view sizes each try of an alert from its fields' bytes instead of
building and dumping an ``Alert`` model per try, derives an alert's tight FIM detail from its full one,
and keeps a rule's listed tags between pages. Each shortcut must give what the long way gives, on
Wazuh's own alerts (``../shared/reference/wazuh/samples/``, and the 5.x findings read as alerts)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import shared_dir
from wazuh_mcp.tools import _alert_view
from wazuh_mcp.tools._alert_view import _STAGES, _AlertReader, json_size, rules_of, to_fim
from wazuh_mcp.tools._finding_view import as_alert_hit

SAMPLES = (
    "reference/wazuh/samples/alerts-4.x-sample.ndjson",
    "reference/wazuh/samples/dashboard-sample-alerts-4.14.7.ndjson",
    "reference/wazuh5/samples/generated/findings-5.x-generated.ndjson",
)
_HOSTILE = ("\x1b[2K", "\u202e", "\t", "\n", "\u200b", "é", "\x00")


def _hits() -> Iterator[dict[str, Any]]:
    shared = shared_dir()
    if shared is None or not all((shared / name).is_file() for name in SAMPLES):
        pytest.skip("../shared/reference (Wazuh's sample alerts) is not available")
    for name in SAMPLES:
        for number, line in enumerate((shared / name).read_text().splitlines()):
            if not line.strip():
                continue
            doc = json.loads(line.replace('"{timestamp}"', '"2026-12-01T10:00:00.000+0000"'))
            if "wazuh5" in name:
                yield as_alert_hit({"_id": f"f{number}", "_index": doc["_index"], "_source": doc["_source"]})
            else:
                yield {"_id": doc.get("_id", f"a{number}"), "_source": doc.get("alert", doc)}


def _hostile(value: Any, seed: int = 0) -> Any:
    """``value`` with a control, bidi, zero-width or non-ASCII character in the middle of every string."""
    if isinstance(value, str):
        return value[: len(value) // 2] + _HOSTILE[seed % len(_HOSTILE)] + value[len(value) // 2 :]
    if isinstance(value, dict):
        return {key: _hostile(item, seed + n) for n, (key, item) in enumerate(value.items())}
    if isinstance(value, list):
        return [_hostile(item, seed + n) for n, item in enumerate(value)]
    return value


def test_every_try_of_an_alert_is_sized_as_its_model_dumps() -> None:
    tried = 0
    for number, hit in enumerate(_hits()):
        for one in (hit, _hostile(hit, number)) if number % 7 == 0 else (hit,):
            reader = _AlertReader(one)
            for log_excerpt, tight, description_limit, bare in ((240, False, 180, False), *_STAGES):
                variant = reader.variant(
                    log_excerpt=log_excerpt, tight=tight, description_limit=description_limit, bare=bare
                )
                dumped = json_size(reader.alert(variant).model_dump(mode="json"))
                assert reader.size(variant) == dumped, (one["_id"], log_excerpt, tight, description_limit, bare)
                tried += 1
    assert tried > 5 * 6000


def test_the_tight_fim_detail_is_the_one_read_tight() -> None:
    fim_alerts = 0
    for hit in _hits():
        reader = _AlertReader(hit)
        reader.variant()
        tight = reader.variant(log_excerpt=0, tight=True, description_limit=90).fim
        expected = to_fim(hit["_source"], tight=True)
        assert (tight.model_dump() if tight else None) == (expected.model_dump() if expected else None)
        fim_alerts += expected is not None
    assert fim_alerts > 100


def test_rules_with_tags_of_the_same_value_but_another_type_are_not_confused() -> None:
    """Tags kept between pages are keyed by their values with their types: a crafted alert whose groups are
    ``[true]`` does not take the ``["True"]`` or ``[1]`` of a rule seen before (nor the reverse)."""
    _alert_view._RULE_INFOS.clear()  # noqa: SLF001 - the first page must compute them
    groups = ([1], [True], ["1"], [1.0], ["True"])
    hits = [{"_id": str(n), "_source": {"rule": {"id": str(n), "groups": g}}} for n, g in enumerate(groups)]
    for _ in range(2):  # the second page reads them from what the first kept
        rules = rules_of(hits, [str(n) for n in range(len(groups))])
        assert [rules[str(n)].groups for n in range(len(groups))] == [["1"], ["True"], ["1"], ["1.0"], ["True"]]


def test_an_event_value_that_is_not_a_finite_number_is_sized_as_the_dump_writes_it() -> None:
    """A stored ``NaN`` or ``Infinity`` (Python's JSON reader accepts them) is ``null`` in the dump, not the
    ``NaN`` that ``json.dumps`` writes: the size of the alert is the dump's."""
    for odd in (float("nan"), float("inf"), float("-inf")):
        reader = _AlertReader({"_id": "x", "_source": {"rule": {"id": "1"}, "data": {"score": odd, "name": "a"}}})
        variant = reader.variant()
        assert variant.event
        assert reader.size(variant) == json_size(reader.alert(variant).model_dump(mode="json"))
