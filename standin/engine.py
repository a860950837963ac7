"""osmem-server as a child process: the in-memory OpenSearch-compatible engine behind the demo and fast tests.

The wheel ships a static ``osmem-server`` binary. It prints one JSON line (``{"url": ...}``) on stdout
when it listens, and exits by itself when its stdin closes or when the ``--parent-pid`` process is
gone. We lean on those two watches for "no process left behind, even if we crash": the kernel closes
our end of its stdin pipe whatever way we die. ``PR_SET_PDEATHSIG`` is not used on purpose: it fires
when the *thread* that forked exits (an asyncio.to_thread worker would do), and setting it needs
``preexec_fn``, which is unsafe in a threaded process. The child gets its own session, so a Ctrl-C
meant for us does not reach it first, and ``stop()`` kills the whole group if it lingers.

Its stdout is a pipe we drain; its stderr goes to a log file or our stderr, never our stdout (the MCP
stdio server owns that).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Self

from standin.alerts_render import wazuh_timestamp
from standin.dataset import (
    ALERTS_PATTERN,
    DEFAULT_DATASET_SEED,
    DEMO_ALERT_COUNT,
    DEMO_DAYS,
    VULNS_PATTERN,
    IndexedDoc,
    generate_alerts,
    generate_vulnerabilities,
)
from standin.demo_load import FIRST, RECENT, DemoLoad
from standin.estate import Estate
from standin.indexer_load import (
    ALERTS_TEMPLATE,
    META_INDEX,
    META_INDEX_BODY,
    VULNS_TEMPLATE,
    DatasetMeta,
    LoadCounts,
    TemplateSource,
    bulk_load,
    load_templates,
    meta_id,
    templates,
    write_meta,
)

log = logging.getLogger(__name__)


class EngineError(RuntimeError):
    """The engine could not be started."""


def osmem_binary() -> str:
    """The bundled osmem-server binary (or ``OSMEM_SERVER_BIN``)."""
    import osmem_server

    return str(osmem_server.resolve_binary())


class OsmemEngine:
    """One osmem-server process on a free loopback port.

    >>> with OsmemEngine() as engine:
    ...     OpenSearch(hosts=[engine.url]).info()
    """

    def __init__(self, *, log_path: Path | None = None, startup_timeout: float = 30.0) -> None:
        self.log_path = log_path
        self.startup_timeout = startup_timeout
        self._process: subprocess.Popen[str] | None = None
        self._log_file: IO[str] | None = None
        self._drain: threading.Thread | None = None
        self._stopping = False
        self.url = ""
        self.version = ""
        self.ready_seconds = 0.0

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    @property
    def running(self) -> bool:
        # Not while stopping: poll() answers None while stop()'s wait() holds the reaping lock, and a
        # load that failed because we stopped the engine is then told apart from a real failure.
        return not self._stopping and self._process is not None and self._process.poll() is None

    def start(self) -> Self:
        if self.running:
            return self
        started = time.monotonic()
        stderr: IO[str] | int
        if self.log_path is not None:
            from wazuh_mcp.private_files import open_private

            self.log_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            self._log_file = stderr = open_private(self.log_path, "a")
        else:
            stderr = sys.stderr.fileno() if _has_fileno(sys.stderr) else subprocess.DEVNULL
        args = [osmem_binary(), "--parent-pid", str(os.getpid()), "--addr", "127.0.0.1:0", "--no-ja"]
        self._process = subprocess.Popen(
            args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            start_new_session=True,
            close_fds=True,
        )
        ready = self._await_ready()
        self.url, self.version = ready["url"], str(ready.get("version", ""))
        self._drain = threading.Thread(target=self._drain_stdout, name="osmem-stdout", daemon=True)
        self._drain.start()
        self.ready_seconds = time.monotonic() - started
        log.info("osmem-server %s at %s (pid %s, %.2f s)", self.version, self.url, self.pid, self.ready_seconds)
        return self

    def _await_ready(self) -> dict[str, Any]:
        assert self._process is not None and self._process.stdout is not None
        found: dict[str, Any] = {}
        stdout = self._process.stdout

        def read() -> None:
            for line in stdout:
                with contextlib.suppress(ValueError):
                    message = json.loads(line)
                    if isinstance(message, dict) and "url" in message:
                        found.update(message)
                        return

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(self.startup_timeout)
        if not found:
            code = self._process.poll()
            self.stop()
            raise EngineError(
                "osmem-server "
                + (
                    f"exited with {code} during startup"
                    if code is not None
                    else f"was not ready within {self.startup_timeout} s"
                )
            )
        return found

    def _drain_stdout(self) -> None:
        # Anything else it prints goes to the log, so a full pipe never blocks it.
        assert self._process is not None and self._process.stdout is not None
        with contextlib.suppress(ValueError, OSError):
            for line in self._process.stdout:
                log.debug("osmem-server: %s", line.rstrip())

    def rss_bytes(self) -> int | None:
        """Resident memory of the server process (Linux; None elsewhere or when stopped)."""
        if not self.running or self.pid is None:
            return None
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        except OSError:
            return None
        return None

    def stop(self, grace: float = 5.0) -> None:
        """Close its stdin (its own exit signal), then kill its process group if it lingers."""
        process = self._process
        if process is None:
            return
        self._stopping = True
        if process.poll() is None:
            with contextlib.suppress(OSError):
                if process.stdin:
                    process.stdin.close()
            try:
                process.wait(grace)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        for stream in (process.stdin, process.stdout):
            with contextlib.suppress(OSError, ValueError):
                if stream:
                    stream.close()
        if self._drain is not None:
            self._drain.join(1.0)
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None
        self._process = None
        self._stopping = False

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


def _has_fileno(stream: Any) -> bool:
    try:
        stream.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    return True


def load_slice(
    engine_url: str,
    estate: Estate,
    now: datetime,
    *,
    count: int = DEMO_ALERT_COUNT,
    days: int = DEMO_DAYS,
    seed: int = DEFAULT_DATASET_SEED,
    source: TemplateSource = "bundled",
    index_prefix: str = "",
) -> tuple[DatasetMeta, LoadCounts]:
    """Templates, a slice of the dataset and its meta into a fresh engine (nothing is reset first)."""
    now = now.astimezone(UTC)
    origin = load_templates(engine_url, source=source, index_prefix=index_prefix)
    # Small bulk requests keep osmem's peak memory down (2,000-doc requests nearly double it).
    counts = bulk_load(
        engine_url,
        generate_alerts(estate, now=now, days=days, count=count, seed=seed),
        generate_vulnerabilities(estate, now=now, seed=seed),
        chunk=500,
        index_prefix=index_prefix,
    )
    meta = DatasetMeta(
        now.isoformat(), seed, estate.seed, counts.alerts, days, counts.vulnerabilities, origin, index_prefix
    )
    write_meta(engine_url, meta)
    return meta, counts


OLDER_STEP = 1_000
"""Alerts older than 24 hours become searchable this many at a time (one refresh each)."""
DEMO_CHUNK = 100
"""Documents per bulk request in the demo's load. osmem-server answers no search while it indexes a bulk
request (500 documents held a search about 2 s on 2 busy cores, 100 about 0.5 s), and the load runs
while calls are being answered."""


def _is_recent(doc: IndexedDoc, cutoff: str) -> bool:
    return str(doc.source["timestamp"]) >= cutoff  # one fixed-width UTC format: text order is time order


def demo_alerts(
    estate: Estate,
    now: datetime,
    *,
    count: int = DEMO_ALERT_COUNT,
    days: int = DEMO_DAYS,
    seed: int = DEFAULT_DATASET_SEED,
) -> list[IndexedDoc]:
    """The demo slice's alerts, oldest first (exactly ``load_slice``'s); built while the engine starts."""
    return list(generate_alerts(estate, now=now.astimezone(UTC), days=days, count=count, seed=seed))


def _http(url: str, method: str, path: str, body: bytes | dict[str, Any] | None = None) -> Any:
    """One request to the demo's engine (plain HTTP on loopback, no login). The demo's load speaks to it
    directly: opensearch-py and requests cost a third of a second to import, on the first answer's path."""
    data = body if isinstance(body, bytes) else None if body is None else json.dumps(body).encode()
    kind = "application/x-ndjson" if isinstance(body, bytes) else "application/json"
    request = urllib.request.Request(url + path, data=data, method=method, headers={"Content-Type": kind})
    with urllib.request.urlopen(request, timeout=300) as response:
        return json.loads(response.read())


def _bulk(url: str, docs: list[IndexedDoc]) -> int:
    """One bulk request; the number of documents that failed (a few samples go to the log)."""
    lines: list[str] = []
    for doc in docs:
        lines += [json.dumps({"index": {"_index": doc.index, "_id": doc.id}}), json.dumps(doc.source)]
    answer = _http(url, "POST", "/_bulk", ("\n".join(lines) + "\n").encode())
    if not answer.get("errors"):
        return 0
    failed = [item for item in answer.get("items", []) if (item.get("index") or {}).get("error")]
    for item in failed[:3]:
        log.error("demo bulk item failed: %s", json.dumps(item)[:600])
    return len(failed)


def _index(
    url: str, docs: list[IndexedDoc], progress: DemoLoad, *, vulnerabilities: bool = False, first: bool = False
) -> int:
    """Bulk-index ``docs`` in small requests, each after the searches in flight (calls go first, except
    during the first phase: they are waiting for it); the number of documents that failed. The counts
    move on per request (osmem shows documents before a refresh); the caller refreshes each whole step."""
    errors = 0
    for start in range(0, len(docs), DEMO_CHUNK):
        if not first:
            progress.wait_for_searches()
        part = docs[start : start + DEMO_CHUNK]
        errors += _bulk(url, part)
        if vulnerabilities:
            progress.vulnerabilities_loaded += len(part)
        else:
            progress.alerts_loaded += len(part)
    return errors


def _refresh(url: str) -> None:
    _http(url, "POST", f"/{ALERTS_PATTERN},{VULNS_PATTERN}/_refresh?allow_no_indices=true")


def _demo_templates(url: str) -> None:
    """The project's own templates (the demo must not depend on the reference tree)."""
    bundled = templates("bundled")
    _http(url, "PUT", f"/_template/{ALERTS_TEMPLATE}", bundled.alerts)
    _http(url, "PUT", f"/_index_template/{VULNS_TEMPLATE}", bundled.vulnerabilities)


def _demo_meta(url: str, meta: DatasetMeta) -> None:
    _http(url, "PUT", f"/{META_INDEX}", META_INDEX_BODY)  # a fresh engine: not there yet
    _http(url, "PUT", f"/{META_INDEX}/_doc/{meta_id('')}?refresh=true", asdict(meta))


def load_demo_phased(
    engine_url: str,
    estate: Estate,
    now: datetime,
    progress: DemoLoad,
    *,
    count: int = DEMO_ALERT_COUNT,
    days: int = DEMO_DAYS,
    seed: int = DEFAULT_DATASET_SEED,
    alerts: list[IndexedDoc] | None = None,
) -> LoadCounts:
    """The demo slice in searchable steps, newest first, so the first questions are answered while the rest
    loads: the last hour of alerts (about 120: a fraction of a second), the rest of the last 24 hours, the
    vulnerabilities, then the older alerts (and the meta record). ``alerts`` is ``demo_alerts(...)`` when
    the caller built it already. The documents are exactly ``load_slice``'s; only the order differs."""
    now = now.astimezone(UTC)
    started = time.monotonic()
    _demo_templates(engine_url)
    progress.step("templates")
    if alerts is None:
        alerts = demo_alerts(estate, now, count=count, days=days, seed=seed)
        progress.step("generated")
    newest_first = alerts[::-1]
    first_cut, recent_cut = wazuh_timestamp(now - FIRST), wazuh_timestamp(now - RECENT)
    first = [doc for doc in newest_first if _is_recent(doc, first_cut)]
    recent = [doc for doc in newest_first[len(first) :] if _is_recent(doc, recent_cut)]
    older = newest_first[len(first) + len(recent) :]
    progress.alerts_total = len(alerts)
    errors = 0
    for docs, span, phase in ((first, FIRST, "first"), (recent, RECENT, "recent")):
        errors += _index(engine_url, docs, progress, first=phase == "first")
        _refresh(engine_url)
        progress.complete_span, progress.recent_complete = span, span >= RECENT
        progress.mark(phase)
    vulns = list(generate_vulnerabilities(estate, now=now, seed=seed))
    errors += _index(engine_url, vulns, progress, vulnerabilities=True)
    _refresh(engine_url)
    progress.mark("vulnerabilities")
    for start in range(0, len(older), OLDER_STEP):  # searchable step by step, newest first
        errors += _index(engine_url, older[start : start + OLDER_STEP], progress)
        _refresh(engine_url)
    meta = DatasetMeta(now.isoformat(), seed, estate.seed, len(alerts), days, len(vulns), "bundled", "")
    _demo_meta(engine_url, meta)
    if errors:
        raise EngineError(f"{errors} demo documents failed to index")
    progress.complete_span = timedelta(days=days)
    progress.complete = True
    progress.mark("all")
    return LoadCounts(len(alerts), len(vulns), errors, time.monotonic() - started)


async def start_demo_indexer(
    estate: Estate,
    now: datetime,
    *,
    count: int = DEMO_ALERT_COUNT,
    days: int = DEMO_DAYS,
    log_path: Path | None = None,
    engine: OsmemEngine | None = None,
) -> tuple[OsmemEngine, LoadCounts]:
    """Start osmem-server and load the demo slice with the project's own templates; the caller stops it.

    The demo must not depend on the reference tree, so it always uses the bundled templates. A
    caller that may shut down mid-load passes its own ``engine`` and stops it: the load then
    fails fast instead of running on in its thread.
    """
    engine = engine or OsmemEngine(log_path=log_path)
    await asyncio.to_thread(engine.start)
    try:
        _, counts = await asyncio.to_thread(load_slice, engine.url, estate, now, count=count, days=days)
    except BaseException:
        engine.stop()
        raise
    if counts.errors:
        engine.stop()
        raise EngineError(f"{counts.errors} demo documents failed to index")
    return engine, counts
