"""Puts the dataset into an OpenSearch-compatible engine: index templates, then a streaming bulk load.

Templates: Wazuh's real ones from ``../shared/reference/wazuh/indexer/`` when that reference tree is
present (tests and CI), else the project's own in ``standin/templates/`` (what users' machines have).
The loaded dataset's parameters, the ``now`` anchor above all, are kept in the ``testbed-meta``
index so a test run that finds a pre-loaded node can compute its expectations.

``index_prefix`` puts a second dataset beside the standard one on the same node (``diff-wazuh-alerts-…``
with templates whose patterns carry the same prefix); point the backend's ``alerts_pattern`` and
``vulnerabilities_pattern`` at ``<prefix>wazuh-alerts-*`` and ``<prefix>wazuh-states-vulnerabilities-*``.

    python -m standin.indexer_load --url http://127.0.0.1:9250 --count 100000 --templates wazuh
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from standin.dataset import (
    ALERTS_PATTERN,
    DEFAULT_DATASET_SEED,
    FULL_ALERT_COUNT,
    FULL_DAYS,
    VULNS_PATTERN,
    IndexedDoc,
    generate_alerts,
    generate_vulnerabilities,
)
from standin.estate import DEFAULT_SEED, build_estate

if TYPE_CHECKING:  # imported where used: the demo's own load (engine.py) needs this module, not opensearch-py
    from opensearchpy import OpenSearch

log = logging.getLogger(__name__)

TemplateSource = Literal["auto", "wazuh", "bundled"]
META_INDEX = "testbed-meta"
ALERTS_TEMPLATE = "wazuh"  # the name Wazuh's own setup gives it
VULNS_TEMPLATE = "wazuh-states-vulnerabilities"
_REPO = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Templates:
    alerts: dict[str, Any]  # legacy _template body
    vulnerabilities: dict[str, Any]  # composable _index_template body
    origin: Literal["wazuh", "bundled"]


@dataclass(frozen=True)
class LoadCounts:
    alerts: int
    vulnerabilities: int
    errors: int
    seconds: float


@dataclass(frozen=True)
class DatasetMeta:
    """What was loaded, as stored in ``testbed-meta``."""

    now: str  # ISO 8601 UTC: the anchor every alert time is an offset from
    seed: int
    estate_seed: int
    alert_count: int
    days: int
    vulnerability_count: int
    templates: str
    index_prefix: str = ""

    @property
    def now_dt(self) -> datetime:
        return datetime.fromisoformat(self.now)


def wazuh_reference_dir() -> Path | None:
    """Wazuh's indexer templates from the shared reference tree, when this checkout has one."""
    base = Path(os.environ.get("WAZUH_MCP_SHARED", _REPO.parent / "shared"))
    candidate = base / "reference" / "wazuh" / "indexer"
    return candidate if (candidate / "wazuh-template-4.14.7.json").is_file() else None


def templates(source: TemplateSource = "auto") -> Templates:
    reference = wazuh_reference_dir()
    if source == "wazuh" or (source == "auto" and reference is not None):
        if reference is None:
            raise FileNotFoundError("Wazuh's reference templates are not present (../shared/reference/wazuh/indexer)")
        return Templates(
            json.loads((reference / "wazuh-template-4.14.7.json").read_text()),
            json.loads((reference / "states-vulnerabilities-template-4.14.7.json").read_text()),
            "wazuh",
        )
    bundled = resources.files("standin") / "templates"

    def read(name: str) -> dict[str, Any]:
        body: dict[str, Any] = json.loads((bundled / name).read_text())
        body.pop("_comment", None)  # OpenSearch rejects unknown template keys
        return body

    return Templates(read("wazuh-alerts.json"), read("wazuh-states-vulnerabilities.json"), "bundled")


def client(
    url: str, *, auth: tuple[str, str] | None = None, verify: bool | str = True, timeout: float = 120.0
) -> OpenSearch:
    """An opensearch-py client; ``verify`` is True, False or the path of a CA bundle."""
    from opensearchpy import OpenSearch

    return OpenSearch(
        hosts=[url],
        http_auth=auth,
        verify_certs=verify is not False,
        ca_certs=verify if isinstance(verify, str) else None,
        timeout=timeout,
        ssl_show_warn=False,
    )


def _prefixed(body: dict[str, Any], prefix: str) -> dict[str, Any]:
    return body | {"index_patterns": [prefix + p for p in body["index_patterns"]]} if prefix else body


def load_templates(
    url: str,
    *,
    auth: tuple[str, str] | None = None,
    verify: bool | str = True,
    source: TemplateSource = "auto",
    index_prefix: str = "",
) -> str:
    """Install the alert and vulnerability templates; returns which ones ("wazuh" or "bundled")."""
    chosen = templates(source)
    es = client(url, auth=auth, verify=verify)
    es.indices.put_template(name=index_prefix + ALERTS_TEMPLATE, body=_prefixed(chosen.alerts, index_prefix))
    es.indices.put_index_template(
        name=index_prefix + VULNS_TEMPLATE, body=_prefixed(chosen.vulnerabilities, index_prefix)
    )
    return chosen.origin


def reset(url: str, *, auth: tuple[str, str] | None = None, verify: bool | str = True, index_prefix: str = "") -> None:
    """Remove a previously loaded dataset (its alerts, vulnerabilities and meta record)."""
    es = client(url, auth=auth, verify=verify)
    for pattern in (ALERTS_PATTERN, VULNS_PATTERN):
        es.indices.delete(index=index_prefix + pattern, ignore_unavailable=True, allow_no_indices=True)
    if es.indices.exists(index=META_INDEX):
        es.delete(index=META_INDEX, id=meta_id(index_prefix), ignore=[404], refresh=True)


def drop_dataset(
    url: str, *, index_prefix: str, auth: tuple[str, str] | None = None, verify: bool | str = True
) -> None:
    """Remove a prefixed dataset completely: its indices, its meta record and its templates."""
    if not index_prefix:
        raise ValueError("drop_dataset is for prefixed side datasets; use reset() for the standard one")
    reset(url, auth=auth, verify=verify, index_prefix=index_prefix)
    es = client(url, auth=auth, verify=verify)
    es.indices.delete_template(name=index_prefix + ALERTS_TEMPLATE, ignore=[404])
    es.indices.delete_index_template(name=index_prefix + VULNS_TEMPLATE, ignore=[404])


def meta_id(index_prefix: str) -> str:
    return f"{index_prefix}dataset"


def bulk_load(
    url: str,
    alerts: Iterable[IndexedDoc],
    vulns: Iterable[IndexedDoc],
    *,
    chunk: int = 500,
    auth: tuple[str, str] | None = None,
    verify: bool | str = True,
    refresh: bool = True,
    index_prefix: str = "",
    max_error_samples: int = 5,
) -> LoadCounts:
    """Stream both document sets in; refresh at the end so everything is searchable on return.

    Indexing errors are counted, not raised, so a test can assert on the count and see samples in the log.
    """
    from opensearchpy import helpers

    es = client(url, auth=auth, verify=verify)
    started = time.monotonic()
    counts = {"alerts": 0, "vulnerabilities": 0}
    errors = 0

    def actions() -> Iterator[dict[str, Any]]:
        for key, docs in (("alerts", alerts), ("vulnerabilities", vulns)):
            for doc in docs:
                counts[key] += 1
                action = doc.action()
                action["_index"] = index_prefix + doc.index
                yield action

    for ok, item in helpers.streaming_bulk(
        es,
        actions(),
        chunk_size=chunk,
        max_chunk_bytes=20 * 1024 * 1024,
        raise_on_error=False,
        raise_on_exception=True,
        request_timeout=300,
    ):
        if not ok:
            errors += 1
            if errors <= max_error_samples:
                log.error("bulk item failed: %s", json.dumps(item)[:600])
    if refresh:
        es.indices.refresh(index=f"{index_prefix}{ALERTS_PATTERN},{index_prefix}{VULNS_PATTERN}", allow_no_indices=True)
    return LoadCounts(counts["alerts"], counts["vulnerabilities"], errors, time.monotonic() - started)


META_INDEX_BODY: dict[str, Any] = {
    "settings": {"index": {"number_of_shards": 1, "number_of_replicas": 0}},
    "mappings": {"dynamic": False},
}


def write_meta(url: str, meta: DatasetMeta, *, auth: tuple[str, str] | None = None, verify: bool | str = True) -> None:
    es = client(url, auth=auth, verify=verify)
    if not es.indices.exists(index=META_INDEX):
        es.indices.create(index=META_INDEX, body=META_INDEX_BODY)
    es.index(index=META_INDEX, id=meta_id(meta.index_prefix), body=asdict(meta), refresh=True)


def read_meta(
    url: str, *, auth: tuple[str, str] | None = None, verify: bool | str = True, index_prefix: str = ""
) -> DatasetMeta | None:
    es = client(url, auth=auth, verify=verify)
    if not es.indices.exists(index=META_INDEX):
        return None
    found = es.get(index=META_INDEX, id=meta_id(index_prefix), ignore=[404])
    if not found.get("found"):
        return None
    try:
        return DatasetMeta(**found["_source"])
    except TypeError:  # written by an older shape of this module: treat as "not loaded"
        return None


def load_dataset(
    url: str,
    *,
    now: datetime | None = None,
    count: int = FULL_ALERT_COUNT,
    days: int = FULL_DAYS,
    seed: int = DEFAULT_DATASET_SEED,
    estate_seed: int = DEFAULT_SEED,
    source: TemplateSource = "auto",
    auth: tuple[str, str] | None = None,
    verify: bool | str = True,
    chunk: int = 2_000,
    index_prefix: str = "",
) -> tuple[DatasetMeta, LoadCounts]:
    """Reset, install templates, load alerts and vulnerabilities anchored at ``now``, record the meta.

    The engine should not hold other documents under the same names: ``reset`` removes them first.
    """
    anchor = (now or datetime.now(UTC)).astimezone(UTC)
    estate = build_estate(estate_seed)
    reset(url, auth=auth, verify=verify, index_prefix=index_prefix)
    origin = load_templates(url, auth=auth, verify=verify, source=source, index_prefix=index_prefix)
    counts = bulk_load(
        url,
        generate_alerts(estate, now=anchor, days=days, count=count, seed=seed),
        generate_vulnerabilities(estate, now=anchor, seed=seed),
        chunk=chunk,
        auth=auth,
        verify=verify,
        index_prefix=index_prefix,
    )
    meta = DatasetMeta(
        anchor.isoformat(), seed, estate_seed, counts.alerts, days, counts.vulnerabilities, origin, index_prefix
    )
    write_meta(url, meta, auth=auth, verify=verify)
    return meta, counts


def _same_dataset(meta: DatasetMeta, args: argparse.Namespace) -> bool:
    return (meta.alert_count, meta.days, meta.seed, meta.estate_seed, meta.templates) == (
        args.count,
        args.days,
        args.seed,
        DEFAULT_SEED,
        templates(args.templates).origin,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Load the wazuh-mcp test dataset into OpenSearch.")
    parser.add_argument("--url", required=True)
    parser.add_argument("--count", type=int, default=FULL_ALERT_COUNT)
    parser.add_argument("--days", type=int, default=FULL_DAYS)
    parser.add_argument("--seed", type=int, default=DEFAULT_DATASET_SEED)
    parser.add_argument("--templates", choices=("auto", "wazuh", "bundled"), default="auto")
    parser.add_argument("--index-prefix", default="")
    parser.add_argument(
        "--if-older-than",
        type=float,
        metavar="SECONDS",
        help="keep a loaded dataset with the same parameters whose anchor is younger than this",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("opensearch").setLevel(logging.WARNING)  # one line per bulk request is noise here
    if args.if_older_than is not None:
        current = read_meta(args.url, index_prefix=args.index_prefix)
        if (
            current is not None
            and _same_dataset(current, args)
            and (datetime.now(UTC) - current.now_dt).total_seconds() < args.if_older_than
        ):
            print(json.dumps({"url": args.url, **asdict(current), "reused": True}))
            return 0
    meta, counts = load_dataset(
        args.url,
        count=args.count,
        days=args.days,
        seed=args.seed,
        source=args.templates,
        index_prefix=args.index_prefix,
    )
    print(json.dumps({"url": args.url, **asdict(meta), "errors": counts.errors, "seconds": round(counts.seconds, 1)}))
    return 1 if counts.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
