"""Do two code trees shape every alert page byte for byte alike? And what does the shaping cost?

A change that makes the page view faster must not change one byte of a page. This records raw pages of
hits once, then renders them with the tree on ``PYTHONPATH`` (the page view, the result model, its JSON
text, as search_alerts builds them) into one digest line per page, and times the stages:

    # once, from a loaded node (scripts/opensearch.sh load): 7 queries, page sizes 1-100
    python bench/page_equivalence.py record --url http://127.0.0.1:9250 --out /tmp/pages.json
    # with each tree; --all adds Wazuh's 4.x and dashboard samples, the 5.x findings and events
    # (../shared/reference) and every third recorded page with control, bidi and non-ASCII text planted
    PYTHONPATH=/path/to/main python /path/to/main/bench/page_equivalence.py render --pages /tmp/pages.json --all --out /tmp/main.txt
    PYTHONPATH=$PWD python bench/page_equivalence.py render --pages /tmp/pages.json --all --out /tmp/new.txt
    diff /tmp/main.txt /tmp/new.txt    # nothing: every page the same

Each digest line is the SHA-256 of the page's JSON text, its hit count and its bytes. The CPU times (per
25 hits, ``time.process_time``) compare trees on one machine; run each a few times (``--reps``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference"
QUERIES: list[dict[str, Any]] = [
    {"match_all": {}},
    {"range": {"rule.level": {"gte": 5}}},
    {"exists": {"field": "syscheck.path"}},
    {"exists": {"field": "data.win"}},
    {"exists": {"field": "data.srcip"}},
    {"exists": {"field": "rule.pci_dss"}},
    {"bool": {"must_not": [{"exists": {"field": "rule.mitre.id"}}]}},
]
SIZES = (25, 25, 25, 1, 5, 10, 50, 100, 2, 99)
PAGES_PER_QUERY = 60
_PLANTED = ("\x1b[2K", "\u202e", "\t", "\n", "\u200b", "\U000e0041", "é", "\x00", "  ")


def record(url: str, out: Path) -> None:
    from opensearchpy import OpenSearch

    from wazuh_mcp.tools._alert_view import ALERT_SORT, ALERT_SOURCE

    engine = OpenSearch(hosts=[url], timeout=60)
    pages: list[dict[str, Any]] = []
    for query in QUERIES:
        after = None
        for number in range(PAGES_PER_QUERY):
            body: dict[str, Any] = {
                "size": SIZES[number % len(SIZES)],
                "sort": ALERT_SORT,
                "_source": {"includes": ALERT_SOURCE},
                "query": query,
            }
            if after:
                body["search_after"] = after
            hits = engine.search(index="wazuh-alerts-*", body=body)["hits"]["hits"]
            if not hits:
                break
            pages.append({"hits": hits})
            after = hits[-1]["sort"]
    out.write_text(json.dumps(pages))
    print(f"{len(pages)} pages, {sum(len(p['hits']) for p in pages)} hits", file=sys.stderr)


def _planted(value: Any, seed: int) -> Any:
    if isinstance(value, str):
        return value[: len(value) // 2] + _PLANTED[seed % len(_PLANTED)] + value[len(value) // 2 :]
    if isinstance(value, dict):
        return {key: _planted(item, seed + n) for n, (key, item) in enumerate(value.items())}
    if isinstance(value, list):
        return [_planted(item, seed + n) for n, item in enumerate(value)]
    return value


def _chunks(hits: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    for start in range(0, len(hits), 25):
        yield hits[start : start + 25]


def _lines(relative: str) -> list[dict[str, Any]]:
    path = REFERENCE / relative
    if not path.is_file():
        sys.exit(f"{path} is missing: --all needs ../shared/reference beside the repository")
    text = path.read_text().replace('"{timestamp}"', '"2026-12-01T10:00:00.000+0000"')
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def more_pages(recorded: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Wazuh's samples as 25-hit pages, the 5.x ones read as alerts, and recorded pages with text planted."""
    from wazuh_mcp.tools._finding_view import as_alert_hit

    docs = _lines("wazuh/samples/alerts-4.x-sample.ndjson")
    hits = [{"_id": f"s{n}", "_source": doc, "sort": [n]} for n, doc in enumerate(docs)]
    docs = _lines("wazuh/samples/dashboard-sample-alerts-4.14.7.ndjson")
    hits += [{"_id": doc["_id"], "_source": doc["alert"], "sort": [n]} for n, doc in enumerate(docs)]
    pages = [{"hits": chunk} for chunk in _chunks(hits)]
    for name in ("findings", "events"):
        docs = _lines(f"wazuh5/samples/generated/{name}-5.x-generated.ndjson")
        found = [
            as_alert_hit({"_id": f"{name}{n}", "_index": doc.get("_index"), "_source": doc["_source"], "sort": [n]})
            for n, doc in enumerate(docs)
        ]
        pages += [{"hits": chunk} for chunk in _chunks(found)]
    pages += [{"hits": [_planted(hit, n) for n, hit in enumerate(page["hits"])]} for page in recorded[::3]]
    return pages


def render(pages_file: Path, out: Path, *, everything: bool, reps: int) -> None:
    from wazuh_mcp.models.alerts import SearchAlertsResult
    from wazuh_mcp.tools._alert_view import alert_page_view

    pages: list[dict[str, Any]] = json.loads(pages_file.read_text())
    if everything:
        pages += more_pages(pages)
    view = result = text = 0.0
    digests: list[str] = []
    for _ in range(reps):
        digests = []
        for page in pages:
            hits = page["hits"]
            cursor = "c" * 180 if len(hits) > 1 else ""  # a signed cursor's length, in the page's overhead
            started = time.process_time()
            shaped = alert_page_view(hits, overhead=len(cursor) + 120)
            viewed = time.process_time()
            result_model = SearchAlertsResult(
                alerts=shaped.alerts,
                rules=shaped.rules,
                agents=shaped.agents,
                compliance_cut=shaped.compliance_cut,
                total=len(hits),
                truncated=bool(cursor),
                next_cursor=cursor,
            )
            dumped = time.process_time()
            body = result_model.model_dump_json(by_alias=True)  # the result's text and content, as server/sdk.py
            json.loads(body)
            done = time.process_time()
            view, result, text = view + viewed - started, result + dumped - viewed, text + done - dumped
            data = body.encode()
            digests.append(f"{hashlib.sha256(data).hexdigest()[:16]} {len(hits)} {len(data)}")
    per25 = sum(len(page["hits"]) for page in pages) * reps / 25
    print(
        f"{len(pages)} pages; CPU per 25 hits: view {view / per25 * 1000:.2f} ms, result model "
        f"{result / per25 * 1000:.2f} ms, its JSON text and structured content {text / per25 * 1000:.2f} ms",
        file=sys.stderr,
    )
    out.write_text("\n".join(digests) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="raw pages of hits from a loaded node")
    rec.add_argument("--url", required=True)
    rec.add_argument("--out", type=Path, required=True)
    ren = sub.add_parser("render", help="one digest line per page, with this tree's page view")
    ren.add_argument("--pages", type=Path, required=True)
    ren.add_argument("--out", type=Path, required=True)
    ren.add_argument("--all", action="store_true", help="add Wazuh's samples and planted control/bidi text")
    ren.add_argument("--reps", type=int, default=1)
    args = parser.parse_args()
    if args.command == "record":
        record(args.url, args.out)
    else:
        render(args.pages, args.out, everything=args.all, reps=args.reps)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
