"""Puts Wazuh 5.x's own index templates and sample documents into an OpenSearch-compatible engine.

What Wazuh 5.x's indexer setup plugin installs: composable templates for the finding and event data
streams (``wazuh-findings-v5*``, ``wazuh-events-v5*``) and the strict state indices
(``wazuh-states-*``), then the samples of ``../shared/reference/wazuh5/samples/generated/`` written to the
stream or index each line names, as the dashboard's sample loader and Wazuh's generators do. Nothing here
is ours but the loading: the templates and documents are Wazuh's files, read at run time (the tree is
not shipped: Wazuh's templates are AGPL-3.0 and its dashboard samples GPL-2.0, this project Apache-2.0).

``load`` is the test bed's (everything, as Wazuh would take it); ``load_demo_phased`` is ``serve --demo
--wazuh 5``'s: the same files, newest findings first, with the clock moved so the newest finding is now.

Two engines take it: a real OpenSearch 3.x node (Wazuh 5.0's indexer is OpenSearch 3.x; the test bed runs
OpenSearch's integ-test distribution, which has no plugins), and osmem, which has no data streams.
``for_engine`` adapts a template to what the engine has, saying what it dropped (the codec, index state
management, data streams): the mappings, which are what the tools depend on, are never touched.

    python -m standin.indexer_load_v5 --url http://127.0.0.1:9450
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from standin.demo_load import DemoLoad

log = logging.getLogger(__name__)

_REPO = Path(__file__).resolve().parents[1]
SAMPLE_FILES = ("findings-5.x-generated.ndjson", "states-5.x-generated.ndjson")
"""The generated findings and states. The generated *events* are random placeholders the templates
refuse (top-level ``agent.*``, numeric severities): the 5.x reference README says so, and they stay out."""
BULK_LINES = 1000


def reference_dir() -> Path | None:
    """``../shared/reference/wazuh5`` when this checkout has it (``WAZUH_MCP_SHARED`` moves ``../shared``)."""
    base = Path(os.environ.get("WAZUH_MCP_SHARED", _REPO.parent / "shared"))
    candidate = base / "reference" / "wazuh5"
    return candidate if (candidate / "indexer" / "templates" / "streams" / "findings.json").is_file() else None


def templates(reference: Path) -> dict[str, dict[str, Any]]:
    """Template name -> composable template body: the finding and event streams and every state index."""
    base = reference / "indexer" / "templates"
    found = {f"wazuh-{p.stem}": p for p in ((base / "streams" / "findings.json"), (base / "streams" / "events.json"))}
    found |= {f"wazuh-states-{p.stem}": p for p in sorted((base / "states").glob("*.json"))}
    return {name: json.loads(path.read_text(encoding="utf-8")) for name, path in found.items()}


@dataclass(frozen=True)
class Engine:
    """What an engine can take of Wazuh's templates beyond their mappings."""

    data_streams: bool
    plugins: frozenset[str]

    @property
    def zstd(self) -> bool:
        return "opensearch-custom-codecs" in self.plugins

    @property
    def ism(self) -> bool:
        return "opensearch-index-management" in self.plugins


def for_engine(body: dict[str, Any], engine: Engine) -> tuple[dict[str, Any], list[str]]:
    """The template as ``engine`` can take it, and what was dropped: data streams where it has none (plain
    indices under the stream's name), the ``zstd`` codec without the custom-codecs plugin, index state
    management settings without that plugin. The mappings are never touched."""
    changed: list[str] = []
    body = json.loads(json.dumps(body))
    if not engine.data_streams and body.pop("data_stream", None) is not None:
        changed.append("data_stream (plain indices under the stream's name)")
    settings = body.get("template", {}).get("settings", {})
    index = settings.get("index") if isinstance(settings.get("index"), dict) else {}
    if not engine.zstd and str(index.get("codec", "")).startswith("zstd"):
        changed.append(f"index.codec {index.pop('codec')}")
    if not engine.ism:
        for key in [k for k in settings if k.startswith("plugins.index_state_management.")]:
            changed.append(f"{key} {settings.pop(key)}")
    return body, changed


@dataclass
class LoadReport:
    accepted: Counter[str] = field(default_factory=Counter)
    """Documents written, by the stream or index each sample line names."""
    rejected: dict[str, list[str]] = field(default_factory=dict)
    """Rejection reasons by target, as the engine gave them (first five each)."""
    rejected_count: Counter[str] = field(default_factory=Counter)
    adapted: dict[str, list[str]] = field(default_factory=dict)


def call(url: str, method: str, path: str, body: bytes | None = None, ndjson: bool = False) -> Any:
    kind = "application/x-ndjson" if ndjson else "application/json"
    request = urllib.request.Request(url + path, data=body, method=method, headers={"Content-Type": kind})
    with urllib.request.urlopen(request, timeout=120) as answer:
        return json.loads(answer.read() or b"null")


def engine_of(url: str) -> Engine:
    """A real OpenSearch node has data streams and lists its plugins; osmem (its build hash says so) has
    neither. OpenSearch's integ-test distribution has no plugin at all; Wazuh's indexer has both used here."""
    info = call(url, "GET", "/")
    if (info.get("version") or {}).get("build_hash") == "osmem":
        return Engine(data_streams=False, plugins=frozenset())
    listed = call(url, "GET", "/_cat/plugins?format=json") or []
    return Engine(data_streams=True, plugins=frozenset(str(p.get("component")) for p in listed))


FINDINGS_PREFIX, EVENTS_PREFIX = "wazuh-findings-v5-", "wazuh-events-v5-"


def sample_lines(reference: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    for name in SAMPLE_FILES:
        for line in (reference / "samples" / "generated" / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                entry = json.loads(line)
                yield entry["_index"], entry["_source"]


def as_event(target: str, finding: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The event a finding was made from: Wazuh documents a finding as its event enriched with the matching
    rule (``wazuh.rule``), so the event is the finding without it, in the same category's events stream.
    An inference (no real 5.x event is public; the generated ones are placeholders the template refuses)."""
    if not target.startswith(FINDINGS_PREFIX):
        return None
    wazuh = {key: value for key, value in (finding.get("wazuh") or {}).items() if key != "rule"}
    event = {**finding, "wazuh": wazuh}
    if isinstance(finding.get("event"), dict):  # event.doc_id is the finding's pointer to its event
        event["event"] = {key: value for key, value in finding["event"].items() if key != "doc_id"}
    return EVENTS_PREFIX + target.removeprefix(FINDINGS_PREFIX), event


def documents(reference: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every sample document to load and where: the findings, the states, and each finding's event."""
    for target, source in sample_lines(reference):
        yield target, source
        if (event := as_event(target, source)) is not None:
            yield event


def load(url: str, reference: Path) -> LoadReport:
    """Templates, then every sample document with ``create`` (what a data stream takes); refresh."""
    engine = engine_of(url)
    report = LoadReport()
    for name, body in templates(reference).items():
        adapted, changed = for_engine(body, engine)
        if changed:
            report.adapted[name] = changed
        call(url, "PUT", f"/_index_template/{name}", json.dumps(adapted).encode())
    batch: list[tuple[str, dict[str, Any]]] = []
    for target, source in documents(reference):
        batch.append((target, source))
        if len(batch) == BULK_LINES:
            bulk_create(url, batch, report)
            batch = []
    if batch:
        bulk_create(url, batch, report)
    call(url, "POST", "/wazuh-*/_refresh")
    return report


def bulk_create(url: str, batch: list[tuple[str, dict[str, Any]]], report: LoadReport) -> None:
    """``create`` each (target, document) in one bulk request; what was taken and refused goes to ``report``."""
    lines = [json.dumps(part) for target, source in batch for part in ({"create": {"_index": target}}, source)]
    answer = call(url, "POST", "/_bulk", ("\n".join(lines) + "\n").encode(), ndjson=True)
    for (target, _), item in zip(batch, answer.get("items") or [], strict=True):
        outcome = next(iter(item.values()))
        error = outcome.get("error")
        if error is None:
            report.accepted[target] += 1
            continue
        report.rejected_count[target] += 1
        reasons = report.rejected.setdefault(target, [])
        if len(reasons) < 5:
            reasons.append(str(error.get("reason") if isinstance(error, dict) else error)[:300])


# -- the demo's load ---------------------------------------------------------------------------------

DEMO_CHUNK = 100
"""Documents per bulk request in the demo's load (osmem answers no search while it indexes one; 5.x
documents are several KB each)."""
OLDER_STEP = 500
"""Findings older than 24 hours become searchable this many at a time (one refresh each)."""
CLOCK_FIELDS = ("@timestamp", "event.created", "event.start", "event.end", "event.ingested")
"""The times a finding (and its event) is placed at: moved together by the demo's clock."""


def _parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _render(when: datetime) -> str:
    """The samples' own form: ``2026-11-23T09:22:50.111Z`` (milliseconds, UTC)."""
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def clock_shift(reference: Path, now: datetime) -> timedelta:
    """How far the demo moves the findings' clock: the newest finding lands at ``now`` (the samples were
    drawn over the 30 days before they were generated; a demo asks about the last hours)."""
    newest = max(
        _parse(str(source["@timestamp"]))
        for target, source in sample_lines(reference)
        if target.startswith(FINDINGS_PREFIX)
    )
    return now.astimezone(UTC) - newest


def shifted(source: dict[str, Any], delta: timedelta) -> dict[str, Any]:
    """The document with its ``CLOCK_FIELDS`` moved by ``delta``; everything else as Wazuh wrote it."""
    moved = dict(source)
    if isinstance(moved.get("@timestamp"), str):
        moved["@timestamp"] = _render(_parse(moved["@timestamp"]) + delta)
    if isinstance(moved.get("event"), dict):
        event = dict(moved["event"])
        for key in (f.removeprefix("event.") for f in CLOCK_FIELDS if f.startswith("event.")):
            if isinstance(event.get(key), str):
                event[key] = _render(_parse(event[key]) + delta)
        moved["event"] = event
    return moved


def _properties_of(reference: Path) -> dict[str, dict[str, Any]]:
    """Each strict state template's index prefix -> its mapped properties."""
    found: dict[str, dict[str, Any]] = {}
    for body in templates(reference).values():
        mappings = body.get("template", {}).get("mappings", {})
        if mappings.get("dynamic") == "strict":
            for pattern in body.get("index_patterns", []):
                found[str(pattern).rstrip("*")] = mappings.get("properties", {})
    return found


def without_unmapped(
    source: dict[str, Any], properties: dict[str, Any], prefix: str = ""
) -> tuple[dict[str, Any], list[str]]:
    """The document without the fields its strict template does not map, and their paths. A real indexer
    refuses such a document whole; the generator's placeholders have two (``vulnerability.reference``,
    ``browser.profile``: the 5.x reference README names them), and the demo keeps the rest of each."""
    kept: dict[str, Any] = {}
    dropped: list[str] = []
    for key, value in source.items():
        node: dict[str, Any] | None = {"properties": properties}
        for part in key.split("."):  # a dotted key ("user.name") is the nested field, as the engine reads it
            node = (node or {}).get("properties", {}).get(part)
        if node is None:
            dropped.append(prefix + key)
            continue
        inner = node.get("properties")
        if inner is not None and isinstance(value, dict):
            kept[key], lost = without_unmapped(value, inner, f"{prefix}{key}.")
            dropped += lost
        elif inner is not None and isinstance(value, list):
            items = [without_unmapped(v, inner, f"{prefix}{key}.") if isinstance(v, dict) else (v, []) for v in value]
            kept[key] = [item for item, _ in items]
            dropped += [path for _, lost in items for path in lost]
        else:
            kept[key] = value
    return kept, dropped


@dataclass
class DemoDocuments:
    findings: list[tuple[str, dict[str, Any]]]
    """Newest first, clock moved."""
    states: list[tuple[str, dict[str, Any]]]
    events: list[tuple[str, dict[str, Any]]]
    """Each finding's event (``as_event``), newest first."""
    dropped: Counter[str]
    """Field path -> state documents it was left out of (not in the strict template)."""
    templates: dict[str, dict[str, Any]] | None = None
    """The templates these documents come with (the built-in dataset's, ``standin.dataset_v5``); None for
    Wazuh's samples, which load under Wazuh's own templates."""
    later: Callable[[], tuple[list[tuple[str, dict[str, Any]]], dict[str, dict[str, Any]]]] | None = None
    """States built when the load reaches them, with their templates (the built-in dataset's: the first
    findings are searchable without waiting on them); None when ``states`` holds them all."""


def demo_documents(reference: Path, now: datetime) -> DemoDocuments:
    """What the 5.x demo loads: the sample findings with the clock moved to ``now`` (newest first), the
    states with what their strict templates map, and the findings' events."""
    delta = clock_shift(reference, now)
    strict = _properties_of(reference)
    findings: list[tuple[str, dict[str, Any]]] = []
    states: list[tuple[str, dict[str, Any]]] = []
    dropped: Counter[str] = Counter()
    for target, source in sample_lines(reference):
        if target.startswith(FINDINGS_PREFIX):
            findings.append((target, shifted(source, delta)))
            continue
        properties = next((props for prefix, props in strict.items() if target.startswith(prefix)), None)
        if properties is not None:
            source, lost = without_unmapped(source, properties)
            dropped.update(set(lost))
        states.append((target, source))
    findings.sort(key=lambda item: str(item[1]["@timestamp"]), reverse=True)  # one UTC form: text order is time order
    events = [event for target, source in findings if (event := as_event(target, source)) is not None]
    return DemoDocuments(findings, states, events, dropped)


@dataclass(frozen=True)
class DemoCounts:
    findings: int
    events: int
    states: int
    vulnerabilities: int
    errors: int
    seconds: float


def _demo_bulk(url: str, batch: list[tuple[str, dict[str, Any]]], progress: DemoLoad, *, first: bool = False) -> int:
    """Bulk-create ``batch`` in small requests, each after the searches in flight (except in the first
    phase: calls wait for it); the number of documents refused."""
    report = LoadReport()
    for start in range(0, len(batch), DEMO_CHUNK):
        if not first:
            progress.wait_for_searches()
        bulk_create(url, batch[start : start + DEMO_CHUNK], report)
    for target, reasons in report.rejected.items():
        log.error("demo: %d documents refused by %s: %s", report.rejected_count[target], target, reasons[0])
    return sum(report.rejected_count.values())


def set_paths(sources: Iterator[dict[str, Any]]) -> set[str]:
    """Every field path the documents set, and each of its parents (``wazuh``, ``wazuh.rule``, …)."""
    paths: set[str] = set()

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, f"{path}.{key}" if path else key)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, path)
        elif path not in paths:
            parts = path.split(".")
            paths.update(".".join(parts[: i + 1]) for i in range(len(parts)))

    for source in sources:
        walk(source, "")
    return paths


def only_set(properties: dict[str, Any], paths: set[str], prefix: str = "") -> dict[str, Any]:
    """The template's properties that ``paths`` set, each mapped exactly as Wazuh's template maps it."""
    kept: dict[str, Any] = {}
    for key, node in properties.items():
        path = prefix + key
        if path not in paths:
            continue
        if "properties" in node:
            inner = only_set(node["properties"], paths, f"{path}.")
            if inner:
                kept[key] = {**node, "properties": inner}
        else:
            kept[key] = node
    return kept


PRUNED_TEMPLATES = ("wazuh-findings",)
"""Templates the demo maps to the fields its samples set. Not the events template: its properties are bare
objects whose leaves come from ``dynamic_templates`` as documents set them (already the fields in use)."""


def _demo_templates(url: str, reference: Path | None, docs: DemoDocuments) -> dict[str, str]:
    """Wazuh's templates as the engine takes them (``for_engine``), the findings stream's mapped to the
    fields the samples set: osmem's aggregations cost in proportion to an index's mapped fields, and the
    findings template maps 2,330 of which the samples set about 260 (a terms aggregation over the 1,702
    findings: ~3.6 s with all, ~0.5 s with those). Each kept field keeps Wazuh's type; the others are fields
    no document here holds. What was cut, by template, for the log. Without Wazuh's files (``reference``
    None), the templates the documents come with (the built-in dataset's), already mapped to what it sets."""
    engine = engine_of(url)
    cut: dict[str, str] = {}
    if reference is None:
        _put_templates(url, engine, docs.templates or {})
        return cut
    paths = set_paths(source for _, source in docs.findings)
    bodies = templates(reference)
    for name, body in bodies.items():
        mappings = body.get("template", {}).get("mappings", {})
        if name in PRUNED_TEMPLATES and "properties" in mappings:
            whole = _leaf_count(mappings["properties"])
            mappings["properties"] = only_set(mappings["properties"], paths)
            cut[name] = f"{_leaf_count(mappings['properties'])} of {whole} fields mapped (those the samples set)"
    _put_templates(url, engine, bodies)
    return cut


def _put_templates(url: str, engine: Engine, bodies: dict[str, dict[str, Any]]) -> None:
    for name, body in bodies.items():
        adapted, _ = for_engine(body, engine)
        call(url, "PUT", f"/_index_template/{name}", json.dumps(adapted).encode())


def _leaf_count(properties: dict[str, Any]) -> int:
    return sum(_leaf_count(n["properties"]) if "properties" in n else 1 for n in properties.values())


def load_demo_phased(
    url: str, reference: Path | None, now: datetime, progress: DemoLoad, docs: DemoDocuments | None = None
) -> DemoCounts:
    """The 5.x demo in searchable steps, as the 4.x one (``standin.engine.load_demo_phased``): the findings
    of the last hour, of the last 24 hours, the states (vulnerabilities, inventory, FIM, SCA), the older
    findings step by step, then the findings' events. ``progress`` counts findings as its alerts. Wazuh's
    samples and templates from ``reference``; with None, ``docs`` must be the built-in dataset's
    (``standin.dataset_v5``, with its templates)."""
    from standin.demo_load import FIRST, RECENT

    started = time.monotonic()
    if docs is None:
        if reference is None:
            raise ValueError("without Wazuh's files, pass the built-in dataset's documents (standin.dataset_v5)")
        docs = demo_documents(reference, now)
    for name, what in _demo_templates(url, reference, docs).items():
        log.info("demo template %s: %s", name, what)
    progress.step("templates")
    progress.alerts_total = len(docs.findings)
    first_cut, recent_cut = _render(now - FIRST), _render(now - RECENT)
    first = [d for d in docs.findings if str(d[1]["@timestamp"]) >= first_cut]
    recent = [d for d in docs.findings[len(first) :] if str(d[1]["@timestamp"]) >= recent_cut]
    older = docs.findings[len(first) + len(recent) :]
    errors = 0
    for batch, span, phase in ((first, FIRST, "first"), (recent, RECENT, "recent")):
        errors += _demo_bulk(url, batch, progress, first=phase == "first")
        progress.alerts_loaded += len(batch)
        _refresh(url)
        progress.complete_span, progress.recent_complete = span, span >= RECENT
        progress.mark(phase)
    if docs.later is not None:
        states, bodies = docs.later()
        _put_templates(url, engine_of(url), bodies)
        docs.states, docs.later = [*docs.states, *states], None
        progress.step("states built")
    errors += _demo_bulk(url, docs.states, progress)
    vulnerabilities = sum(1 for target, _ in docs.states if target.startswith("wazuh-states-vulnerabilities"))
    progress.vulnerabilities_loaded = vulnerabilities
    _refresh(url)
    progress.mark("vulnerabilities")
    for start in range(0, len(older), OLDER_STEP):
        errors += _demo_bulk(url, older[start : start + OLDER_STEP], progress)
        progress.alerts_loaded += len(older[start : start + OLDER_STEP])
        _refresh(url)
    errors += _demo_bulk(url, docs.events, progress)
    _refresh(url)
    if errors:
        raise RuntimeError(f"{errors} demo documents were refused")
    progress.complete_span = timedelta(days=90)
    progress.complete = True
    progress.mark("all")
    return DemoCounts(
        len(docs.findings), len(docs.events), len(docs.states), vulnerabilities, errors, time.monotonic() - started
    )


def _refresh(url: str) -> None:
    call(url, "POST", "/wazuh-*/_refresh?allow_no_indices=true")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--url", required=True)
    args = parser.parse_args(argv)
    reference = reference_dir()
    if reference is None:
        print("../shared/reference/wazuh5 is not here: nothing to load", file=sys.stderr)
        return 2
    try:
        report = load(args.url, reference)
    except (urllib.error.URLError, OSError) as exc:
        print(f"could not load {args.url}: {exc}", file=sys.stderr)
        return 1
    for target, count in sorted(report.accepted.items()):
        print(f"{count:6d}  {target}", file=sys.stderr)
    for target, count in sorted(report.rejected_count.items()):
        print(f"{count:6d}  refused by {target}: {report.rejected[target][0]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
