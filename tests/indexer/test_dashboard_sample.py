"""Wazuh's dashboard sample is the judge of every integration: pivots, hunts, views, documents and page bytes.

3,579 alerts from Wazuh's own dashboard sample generator (21 families) under Wazuh's template on osmem and
on the real node (``dashboard_bed``). Every expectation is computed from the file: which alerts hold an
indicator in a field of its kind, how many carry each hunt field, what each family's view must show.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.indexer.conftest import pin_clock
from tests.indexer.dashboard_bed import WINDOW, DashboardBed, dashboard  # noqa: F401  (fixture)
from tests.indexer.expect import Doc
from tests.indexer.sample_bed import values
from tests.indexer.support import ok, serving
from tests.indexer.test_wazuh_sample_views import all_pages, fidelity, same_text
from wazuh_mcp.query.fields import FIELDS, HASH_LENGTH, ioc_fields
from wazuh_mcp.query.hunt_grammar import FIELDS as HUNT_FIELDS

PAGE_BUDGET = 12 * 1024
KINDS = ("ip", "user", "domain", "hash")


@pytest.fixture
def bed(dashboard: DashboardBed, monkeypatch: pytest.MonkeyPatch) -> DashboardBed:  # noqa: F811
    pin_clock(monkeypatch, dashboard.now)
    return dashboard


def _held(doc: Doc, field: str) -> list[str]:
    return [str(v) for v in values(doc.source, field) if v not in (None, "")]


def _most_common(docs: list[Doc], field: str) -> str | None:
    counts = Counter(v for d in docs for v in set(_held(d, field)))
    return counts.most_common(1)[0][0] if counts else None


def _kind_fields(kind: str, value: str) -> tuple[str, ...]:
    return ioc_fields(kind, HASH_LENGTH.get(len(value)) if kind == "hash" else None)  # type: ignore[arg-type]


def _indicators(docs: list[Doc]) -> list[tuple[str, str]]:
    """(kind, value): for each kind and each integration whose fields of that kind the sample fills, the most
    common value of its first such field (one pivot per integration keeps the osmem run short)."""
    found: dict[tuple[str, str], None] = {}
    for kind in KINDS:
        seen: set[str] = set()
        for algorithm in HASH_LENGTH.values() if kind == "hash" else [None]:
            for name in ioc_fields(kind, algorithm):  # type: ignore[arg-type]
                value = _most_common(docs, name)
                key = f"{FIELDS[name].integration}/{algorithm}"
                if value is None or key in seen or (kind == "hash" and len(value) not in HASH_LENGTH):
                    continue
                seen.add(key)
                found[(kind, value)] = None
    return list(found)


async def test_pivots_account_for_every_alert_holding_the_indicator(bed: DashboardBed, tmp_path: Path) -> None:
    """For each IOC field the sample fills: every alert holding its most common value in any field of the
    kind is counted and listed newest first, and each field's count is the file's."""
    indicators = _indicators(bed.docs)
    async with serving(bed, tmp_path / "audit.jsonl") as (client, _):
        for kind, value in indicators:
            fields = _kind_fields(kind, value)
            holding = [d for d in bed.docs if any(value in _held(d, f) for f in fields)]
            args = {"kind": kind, "value": value, "time_range": WINDOW, "size": 100}
            page = ok(await client.call_tool("pivot_by_ioc", args))
            assert page["total"] == len(holding) and [a["id"] for a in page["alerts"]] == [d.id for d in holding[:100]]
            counts = {c["field"]: c["alerts"] for c in page.get("fields", [])}
            assert counts == {f: n for f in fields if (n := sum(1 for d in bed.docs if value in _held(d, f)))}
            ACCOUNTED.append((kind, value, len(holding), counts))
    for kind, value, alerts, counts in ACCOUNTED:  # the accounting, for the record (pytest -s)
        print(f"pivot {kind} {value!r}: {alerts} alerts; " + ", ".join(f"{f} {n}" for f, n in counts.items()))
    # the fields issue 19 found missed: each held an indicator the pivots found
    pivoted = {f for _, _, _, counts in ACCOUNTED for f in counts}
    assert {
        "data.office365.ClientIP",
        "data.gcp.jsonPayload.sourceIP",
        "data.ms-graph.ipAddress",
        "data.github.actor",
        "data.github.user",
        "data.office365.UserId",
        "syscheck.audit.user.name",
        "syscheck.audit.effective_user.name",
        "data.win.system.computer",
        "data.system_name",
        "data.gcp.jsonPayload.queryName",
        "data.virustotal.source.md5",
        "data.virustotal.source.sha1",
    } <= pivoted


ACCOUNTED: list[tuple[str, str, int, dict[str, int]]] = []
"""What the pivot test accounted for (``-s`` prints it): kind, value, alerts, alerts per field."""


async def test_hunts_reach_every_integration_field(bed: DashboardBed, tmp_path: Path) -> None:
    """hunt_fields counts each field as the file has it; a hunt on each field the sample fills finds its alerts."""
    async with serving(bed, tmp_path / "audit.jsonl") as (client, _):
        listed = ok(await client.call_tool("hunt_fields", {"time_range": WINDOW}))
        presence = {f["field"]: f["alerts_with_field"] for f in listed["fields"]}
        assert list(presence) == list(HUNT_FIELDS)
        filled = []
        for name, spec in HUNT_FIELDS.items():
            assert presence[name] == sum(1 for d in bed.docs if _held(d, name)), name
            value = _most_common(bed.docs, name)
            if value is None or spec.type in ("date", "long"):
                continue
            if spec.normalize is not None:
                try:
                    spec.normalize(value)
                except ValueError:  # the sample's 60-character "SHA-256" and such: refused, not hunted
                    continue
            filled.append(name)
            args = {"time_range": WINDOW, "size": 1, "must": [{"field": name, "op": "eq", "value": value}]}
            got = ok(await client.call_tool("hunt_query", args))
            assert got["total"] == sum(1 for d in bed.docs if value in _held(d, name)) > 0, name
    integrations = {FIELDS[name].integration for name in filled}
    assert {"github", "office365", "gcp", "ms-graph", "osquery", "virustotal", "docker", "yara", "windows", "fim"} <= (
        integrations
    )


Check = Callable[[dict[str, Any], dict[str, Any]], None]


def _event(alert: dict[str, Any], path: str) -> Any:
    node: Any = alert.get("event", {})
    for part in path.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node


def _data(source: dict[str, Any], path: str) -> Any:
    held = values(source.get("data", {}), path)
    return held[0] if len(held) == 1 else (held or None)


def _shows(*paths: str, **slots: str) -> Check:
    """The view shows each ``data.<path>`` in its event and each slot (src_ip…) as ``data.<path>`` holds it."""

    def check(alert: dict[str, Any], source: dict[str, Any]) -> None:
        for path in paths:
            if _data(source, path) is not None:
                assert same_text(_event(alert, path), _data(source, path)), path
        for slot, path in slots.items():
            if _data(source, path) is not None:
                assert same_text(alert.get(slot), _data(source, path)), (slot, path)

    return check


def _osquery(alert: dict[str, Any], source: dict[str, Any]) -> None:
    _shows("osquery.name", "osquery.pack", "osquery.action")(alert, source)
    columns = source["data"]["osquery"].get("columns") or {}
    shown = _event(alert, "osquery.columns") or {}
    assert len(shown) == min(len(columns), 8) and all(same_text(v, columns[k]) for k, v in shown.items())


VIEWS: dict[str, Check] = {
    "azure": _shows(
        "ms-graph.title",
        "ms-graph.displayName",
        "ms-graph.activity",
        "ms-graph.riskLevel",
        "ms-graph.severity",
        src_ip="ms-graph.ipAddress",
        src_user="ms-graph.userId",
    ),
    "osquery": _osquery,
    "openscap": _shows("oscap.check.title", "oscap.check.result", "oscap.check.severity", "oscap.scan.profile.title"),
    "github": _shows("github.action", "github.org", src_user="github.actor", dst_user="github.user"),
    "office": _shows(
        "office365.Operation", "office365.ResultStatus", src_user="office365.UserId", src_ip="office365.ClientIP"
    ),
    "gcp": _shows(
        "gcp.resource.type", "gcp.severity", src_ip="gcp.jsonPayload.sourceIP", host="gcp.jsonPayload.queryName"
    ),
    "virustotal": _shows(
        "virustotal.source.file", "virustotal.source.md5", "virustotal.malicious", "virustotal.positives"
    ),
    "docker": _shows("docker.Action", "docker.Type", "docker.Actor.Attributes.name"),
    "yara": _shows("YARA.rule_name", "YARA.scanned_file"),
    "windows": _shows("id", host="system_name", dst_user="dstuser"),
    "authentication": _shows(host="win.system.computer", src_ip="srcip", src_user="srcuser"),
    "ciscat": _shows("cis.benchmark", "cis.rule_title", "cis.result"),
    "aws": _shows("aws.source"),
    "vulnerabilities": _shows("vulnerability.cve", "vulnerability.severity", "vulnerability.package.name"),
    "audit": _shows("audit.exe", "audit.command", "audit.success"),
}


async def test_every_page_is_within_budget_and_every_family_shows_who_where_what(
    bed: DashboardBed, tmp_path: Path
) -> None:
    by_id = {d.id: d for d in bed.docs}
    async with serving(bed, tmp_path / "audit.jsonl") as (client, _):
        pages = list(await all_pages(client, "search_alerts", {"time_range": WINDOW, "size": 25}))
    sizes = [len(text.encode()) for _, text in pages]
    assert max(sizes) <= PAGE_BUDGET, f"largest 25-alert page: {max(sizes)} bytes"
    listed = [a for page, _ in pages for a in page["alerts"]]
    assert [a["id"] for a in listed] == [d.id for d in bed.docs]
    cut: Counter[str] = Counter()
    for alert in listed:
        family = bed.families[alert["id"]]
        cut[family] += bool(alert.get("event_cut"))
        if family in VIEWS and not alert.get("event_cut"):
            VIEWS[family](alert, by_id[alert["id"]].source)
    # a family's own budget fits its alerts: none is cut on most of its pages
    for family, n in cut.items():
        assert n <= len(bed.of(family)) // 4, (family, n)


def _reformatted(value: Any) -> bool:
    """A string a display would fold: line breaks, tabs, blanks at the ends, carriage returns."""
    if isinstance(value, dict):
        return any(_reformatted(v) for v in value.values())
    if isinstance(value, list):
        return any(_reformatted(v) for v in value)
    return isinstance(value, str) and (value != value.strip() or any(c in value for c in "\r\n\t"))


async def test_get_alert_is_the_stored_document(bed: DashboardBed, tmp_path: Path) -> None:
    """Value for value (issue 19: line breaks folded and blanks trimmed in 36 alerts, unsaid), for the first
    alert of every family and every alert holding text a display would reformat."""
    chosen: dict[str, Doc] = {}
    for doc in bed.docs:
        chosen.setdefault(bed.families[doc.id], doc)
    odd = [d for d in bed.docs if _reformatted(d.source)]
    assert odd  # web previous_output, win.system.message, Office 365 ModifiedProperties
    async with serving(bed, tmp_path / "audit.jsonl") as (client, _):
        for doc in [*chosen.values(), *odd]:
            got = ok(await client.call_tool("get_alert", {"alert_id": doc.id}))
            fidelity(got["document"], doc.source, got.get("cut", []))
            assert json.dumps(got["document"], ensure_ascii=False)  # it serialises as the model reads it
