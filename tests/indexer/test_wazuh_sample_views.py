"""Every alert tool against Wazuh's own 1,124 sample alerts, on osmem and on the real node.

Expectations come from the file (``sample_bed.read_sample``): totals, ids, order, the event fields
each decoder family must show, the compliance tags, the rule descriptions. The page budget
(12 KB of text per 25 alerts, no alert over 4 KB) is measured on the text content the client gets.
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from mcp.client.client import Client

from standin.server import DEMO_USERS, StandinServer
from tests.conftest import shared_dir
from tests.indexer.alert_views_bed import SampleBed, raw, sample_bed  # noqa: F401  (fixture)
from tests.indexer.conftest import pin_clock
from tests.indexer.expect import Doc
from tests.indexer.support import ok, serving
from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.build import build_server

PAGE_BUDGET = 12 * 1024
ALERT_BUDGET = 4 * 1024
COMPLIANCE = ("pci_dss", "gdpr", "hipaa", "nist_800_53", "tsc")


@pytest.fixture
def bed(sample_bed: SampleBed, monkeypatch: pytest.MonkeyPatch) -> SampleBed:  # noqa: F811
    pin_clock(monkeypatch, sample_bed.now)
    return sample_bed


def same_text(shown: Any, original: Any) -> bool:
    """``shown`` is ``original``, or its start cut with an ellipsis (values are bounded)."""
    if not isinstance(original, str):
        return bool(shown == original)
    if not isinstance(shown, str):
        return False
    return shown == original.strip() or (shown.endswith("…") and original.startswith(shown[:-1].rstrip()))


def merged(lists: list[list[str]]) -> list[str]:
    out: list[str] = []
    for values in lists:
        out.extend(v for v in values if v not in out)
    return out


def family(doc: Doc) -> str:
    """The decoder family the file's document belongs to, from the keys under ``data``."""
    data = doc.source.get("data") or {}
    known = ("vulnerability", "audit", "aws", "cis", "docker", "title", "file")
    return next((key for key in known if key in data), "other" if data else "")


async def all_pages(client: Any, tool: str, arguments: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str]]:
    """Every page of a paged call: the structured result and the text content the model reads."""
    pages = []
    cursor = None
    while True:
        result = await client.call_tool(tool, {**arguments, **({"cursor": cursor} if cursor else {})})
        pages.append((ok(result), str(getattr(result.content[0], "text", ""))))
        cursor = pages[-1][0]["next_cursor"]
        if not cursor:
            return iter(pages)


def _vulnerability(alert: dict[str, Any], s: dict[str, Any]) -> None:
    v, shown = s["data"]["vulnerability"], alert["event"]["vulnerability"]
    assert same_text(shown["cve"], v["cve"]) and same_text(shown["severity"], v["severity"])
    assert same_text(shown["package"]["name"], v["package"]["name"])
    assert same_text(shown["package"]["version"], v["package"]["version"])
    assert same_text(shown["package"]["condition"], v["package"]["condition"])
    assert same_text(shown["state"], v["state"])  # pre-4.8: Fixed / Unfixed
    version = "cvss3" if "cvss3" in v["cvss"] else "cvss2"
    assert shown["cvss"] == {version: {"base_score": v["cvss"][version]["base_score"]}}
    if not v["title"].startswith(v["cve"]):
        assert same_text(shown["title"], v["title"])


def _audit(alert: dict[str, Any], s: dict[str, Any]) -> None:
    a, shown = s["data"]["audit"], alert["event"]["audit"]
    for key in ("exe", "command", "success", "cwd"):
        assert same_text(shown[key], a[key]), key
    assert same_text(shown["file"]["name"], a["file"]["name"])


def _aws(alert: dict[str, Any], s: dict[str, Any]) -> None:
    a, shown = s["data"]["aws"], alert["event"]["aws"]
    assert same_text(shown["source"], a["source"])
    remote = [
        raw(a, f"service.action.{action}.remoteIpDetails.ipAddressV4")
        for action in ("portProbeAction.portProbeDetails", "awsApiCallAction", "networkConnectionAction")
    ]
    if any(remote):
        assert alert["src_ip"] == next(ip for ip in remote if ip)
    if not alert.get("event_cut"):
        for path in ("type", "region", "accountId", "resource.instanceDetails.instanceId"):
            if raw(a, path) is not None:
                assert same_text(raw(shown, path), raw(a, path)), path


def _cis(alert: dict[str, Any], s: dict[str, Any]) -> None:
    c, shown = s["data"]["cis"], alert["event"]["cis"]
    for key in ("benchmark", "group", "rule_title", "result", "pass", "fail", "score"):
        assert same_text(shown[key], c[key]), key


def _docker(alert: dict[str, Any], s: dict[str, Any]) -> None:
    d, shown = s["data"]["docker"], alert["event"]["docker"]
    assert same_text(shown["Action"], d["Action"]) and same_text(shown["Type"], d["Type"])
    assert same_text(shown["Actor"]["Attributes"]["name"], d["Actor"]["Attributes"]["name"])


def _first_scalars(alert: dict[str, Any], s: dict[str, Any]) -> None:  # rootcheck: no family
    event = alert.get("event", {})
    assert event.keys() == s["data"].keys()
    assert all(same_text(event[k], v) for k, v in s["data"].items())


CHECKS = {
    "vulnerability": _vulnerability,
    "audit": _audit,
    "aws": _aws,
    "cis": _cis,
    "docker": _docker,
    "title": _first_scalars,
    "file": _first_scalars,
}


def check_event(alert: dict[str, Any], doc: Doc) -> None:
    """The fields an analyst needs for the document's decoder family, as the file has them."""
    check = CHECKS.get(family(doc))
    if check is None:
        assert alert.get("event", {}) == {}, family(doc)
    else:
        check(alert, doc.source)


async def test_search_alerts_shows_every_sample_alert_with_its_event(bed: SampleBed, tmp_path: Path) -> None:
    by_id = {d.id: d for d in bed.docs}
    async with serving(bed, tmp_path / "audit.jsonl") as (client, _):
        pages = list(await all_pages(client, "search_alerts", {"time_range": "24h", "size": 100}))
    assert {p["total"] for p, _ in pages} == {len(bed.docs)}
    listed = [a for p, _ in pages for a in p["alerts"]]
    assert [a["id"] for a in listed] == [d.id for d in bed.docs]  # file order is newest first
    families: Counter[str] = Counter()
    for page, _ in pages:
        for alert in page["alerts"]:
            doc = by_id[alert["id"]]
            s = doc.source
            assert alert["timestamp"] == s["timestamp"]
            assert alert["rule"]["id"] == str(s["rule"]["id"])  # 90 documents carry an integer
            assert alert["rule"]["level"] == s["rule"]["level"]
            assert same_text(alert["rule"]["description"], s["rule"]["description"])
            assert alert["agent"] == {"id": s["agent"]["id"]}
            assert page["agents"][s["agent"]["id"]] == {"name": s["agent"]["name"], "ip": s["agent"]["ip"]}
            # Rule tags once per page: the file's tags of every alert of the rule on the page, merged.
            same_rule = [
                by_id[a["id"]].source["rule"] for a in page["alerts"] if a["rule"]["id"] == alert["rule"]["id"]
            ]
            info = page["rules"].get(alert["rule"]["id"], {})
            for key in COMPLIANCE:
                assert info.get("compliance", {}).get(key, []) == merged([r.get(key) or [] for r in same_rule]), key
            assert info.get("mitre_ids", []) == merged([raw(r, "mitre.id") or [] for r in same_rule])
            assert info.get("groups", []) == merged([r["groups"] for r in same_rule])
            check_event(alert, doc)
            families[family(doc)] += 1
    assert families == Counter(family(d) for d in bed.docs)


async def test_pages_stay_within_the_budget(bed: SampleBed, tmp_path: Path) -> None:
    async with serving(bed, tmp_path / "audit.jsonl") as (client, _):
        pages = list(await all_pages(client, "search_alerts", {"time_range": "24h", "size": 25}))
    sizes = [len(text.encode()) for _, text in pages]
    alerts = [
        len(json.dumps(a, separators=(",", ":"), ensure_ascii=False).encode()) for p, _ in pages for a in p["alerts"]
    ]
    assert sum(len(p["alerts"]) for p, _ in pages) == len(bed.docs)
    assert max(sizes) <= PAGE_BUDGET, f"largest 25-alert page: {max(sizes)} bytes"
    assert max(alerts) <= ALERT_BUDGET, f"largest alert: {max(alerts)} bytes"
    # The budget is met by cutting events only where it must: most pages show every event in full.
    assert sum(1 for p, _ in pages if any(a.get("event_cut") for a in p["alerts"])) <= len(pages) // 4


_UNSAFE = {"Cc", "Cf", "Cs", "Zl", "Zp"}


def as_shown(value: Any, path: str = "", changed: list[str] | None = None) -> Any:
    """The document as get_alert must show it: the stored values, but control, format and separator
    characters (Unicode's own categories; tab and newline kept) removed, each such path named."""
    changed = [] if changed is None else changed
    if isinstance(value, dict):
        return {k: as_shown(v, f"{path}.{k}" if path else k, changed) for k, v in value.items()}
    if isinstance(value, list):
        return [as_shown(v, path, changed) for v in value]
    if isinstance(value, str):
        kept = "".join(c for c in value if c in "\t\n" or unicodedata.category(c) not in _UNSAFE)
        if kept != value:
            changed.append(f"{path}: control characters removed")
        return kept
    return value


def fidelity(document: Any, source: dict[str, Any], cut: list[str]) -> None:
    changed: list[str] = []
    assert document == as_shown(source, changed=changed)
    assert sorted(set(cut)) == sorted(set(changed))


async def test_get_alert_returns_the_whole_document(bed: SampleBed, tmp_path: Path) -> None:
    firsts: dict[tuple[str, bool], Doc] = {}
    for doc in bed.docs:
        firsts.setdefault((family(doc), isinstance(doc.source["rule"]["id"], int)), doc)
    async with serving(bed, tmp_path / "audit.jsonl") as (client, _):
        for doc in firsts.values():
            got = ok(await client.call_tool("get_alert", {"alert_id": doc.id}))
            fidelity(got["document"], doc.source, got.get("cut", []))
            assert "same_wazuh_id" not in got
            assert got["alert"]["agent"] == doc.source["agent"]
            rule = doc.source["rule"]
            info = got["rules"][str(rule["id"])]
            assert info["groups"] == rule["groups"]
            assert info.get("compliance", {}) == {k: rule[k] for k in COMPLIANCE if rule.get(k)}
            if "mitre" in rule:
                assert info["mitre_techniques"] == rule["mitre"]["technique"]
            check_event(got["alert"], doc)


async def test_get_alert_takes_wazuhs_alert_id(bed: SampleBed, tmp_path: Path) -> None:
    wazuh_id = bed.docs[0].source["id"]
    sharing = sum(1 for d in bed.docs if d.source["id"] == wazuh_id)
    async with serving(bed, tmp_path / "audit.jsonl") as (client, _):
        got = ok(await client.call_tool("get_alert", {"alert_id": wazuh_id}))
    assert got["alert"]["id"] == bed.docs[0].id  # the newest of the alerts that carry it
    assert got["same_wazuh_id"] == sharing == len(bed.docs)  # the sample repeats one id everywhere


async def test_summarize_alerts_tells_the_rules_truth(bed: SampleBed, tmp_path: Path) -> None:
    docs = bed.docs
    async with serving(bed, tmp_path / "audit.jsonl") as (client, _):
        summary = ok(await client.call_tool("summarize_alerts", {"time_range": "24h"}))

    def top(counter: Counter[Any], n: int = 10) -> list[tuple[Any, int]]:
        return sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))[:n]

    assert summary["total"] == len(docs)
    rules = Counter(str(d.source["rule"]["id"]) for d in docs)
    assert [(r["id"], r["count"]) for r in summary["by_rule"]] == top(rules)
    for listed in summary["by_rule"]:
        texts = Counter(d.source["rule"]["description"] for d in docs if str(d.source["rule"]["id"]) == listed["id"])
        if len(texts) == 1:
            assert listed["description"] == next(iter(texts)) and "descriptions" not in listed
        else:
            assert "description" not in listed, listed
            assert [(t["text"], t["count"]) for t in listed["descriptions"]] == top(texts, 3)
    agents = Counter(d.source["agent"]["id"] for d in docs)
    assert [(a["id"], a["count"]) for a in summary["by_agent"]] == top(agents)
    levels = Counter(d.source["rule"]["level"] for d in docs)
    assert [(lv["level"], lv["count"]) for lv in summary["by_level"]] == sorted(levels.items(), reverse=True)
    tactics = Counter(t for d in docs for t in raw(d.source, "rule.mitre.tactic") or [])
    assert [(t["name"], t["count"]) for t in summary["by_tactic"]] == top(tactics)
    techniques = Counter(t for d in docs for t in raw(d.source, "rule.mitre.id") or [])
    assert [(t["id"], t["count"]) for t in summary["by_technique"]] == top(techniques)


async def test_alerts_by_agent_and_by_mitre_count_the_sample(bed: SampleBed, tmp_path: Path) -> None:
    docs = bed.docs
    technique = Counter(t for d in docs for t in raw(d.source, "rule.mitre.id") or []).most_common(1)[0][0]
    async with serving(bed, tmp_path / "audit.jsonl") as (client, _):
        for agent in sorted({d.source["agent"]["id"] for d in docs}):
            got = ok(await client.call_tool("alerts_by_agent", {"agent_id": agent, "time_range": "24h"}))
            mine = [d for d in docs if d.source["agent"]["id"] == agent]
            assert got["total"] == len(mine) and [a["id"] for a in got["alerts"]] == [d.id for d in mine[:25]]
        got = ok(await client.call_tool("alerts_by_mitre", {"technique_id": technique, "time_range": "24h"}))
    mapped = [d for d in docs if technique in (raw(d.source, "rule.mitre.id") or [])]
    assert got["total"] == len(mapped) > 0 and [a["id"] for a in got["alerts"]] == [d.id for d in mapped[:25]]


def rule_descriptions(xml_file: Path) -> dict[str, str]:
    """Rule id → <description> as Wazuh's rule file defines it (several <group> roots, so wrapped)."""
    root = ElementTree.fromstring(f"<root>{xml_file.read_text(encoding='utf-8')}</root>")
    return {r.get("id", ""): (r.findtext("description") or "").strip() for r in root.iter("rule")}


async def test_summarize_alerts_uses_the_rules_definition(bed: SampleBed, tmp_path: Path) -> None:
    """With the Server API at hand, a rule whose alerts carry interpolated texts is described by its
    definition ($(field) placeholders kept), as Wazuh's own rule file has it."""
    shared = shared_dir()
    assert shared is not None
    defined = rule_descriptions(
        shared / "reference" / "wazuh" / "ruleset-samples" / "0520-vulnerability-detector_rules.xml"
    )
    with StandinServer(tls=True) as standin:
        api = ServerApi(
            ServerApiConfig(
                url=standin.url, user="wazuh", password=DEMO_USERS["wazuh"].password, verify=str(standin.ca_path)
            )
        )
        indexer = Indexer(IndexerConfig(url=bed.url, alerts_pattern=bed.alerts_pattern, timeout_s=30))

        @asynccontextmanager
        async def backends() -> AsyncIterator[Backends]:
            yield Backends(server_api=api, indexer=indexer)

        try:
            settings = Settings.load(role="analyst", audit_log=tmp_path / "audit.jsonl")
            async with Client(build_server(settings, backends=backends)) as client:
                summary = ok(await client.call_tool("summarize_alerts", {"time_range": "24h", "min_level": 5}))
        finally:
            await indexer.aclose()
            await api.aclose()
    vd = [r for r in summary["by_rule"] if r["id"] in defined]
    assert vd, "the sample's vulnerability-detector rules are among the top rules from level 5"
    for listed in vd:
        assert listed["description"] == defined[listed["id"]]  # "$(vulnerability.cve) affects …"
        texts = Counter(
            d.source["rule"]["description"] for d in bed.docs if str(d.source["rule"]["id"]) == listed["id"]
        )
        assert [(t["text"], t["count"]) for t in listed.get("descriptions", [])] == (
            [] if len(texts) == 1 else sorted(texts.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
        )
