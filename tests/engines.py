"""Indexer engines for tests: run the same test on osmem-server and on a real OpenSearch node.

Use from a test package's conftest.py::

    from tests.engines import engine, opensearch_engine, osmem_engine  # noqa: F401  (fixtures)

Fixtures (all session-scoped; each yields a ``LoadedEngine``):

- ``osmem_engine``: osmem-server with a ``TEST_SLICE_COUNT``-alert slice over ``TEST_SLICE_DAYS`` days,
  loaded with the project's own templates (as the demo is), anchored at the session's start.
- ``opensearch_engine``: the real node at ``$WAZUH_MCP_TEST_OPENSEARCH_URL`` holding the full dataset
  (100k alerts over 30 days) under Wazuh's real templates. Loaded once and reused across runs: it is
  reloaded only when the ``testbed-meta`` record is missing, describes another dataset, or its anchor is
  older than ``$WAZUH_MCP_TEST_OPENSEARCH_MAX_AGE`` seconds (default 3600). Skipped, with the reason
  shown, when the variable is unset. ``scripts/opensearch.sh start`` prints the URL; ``load`` preloads.
- ``engine``: parametrized over both (ids ``osmem`` and ``opensearch``).
- ``differential_engines``: ``(osmem, opensearch)`` holding the *same* slice under a per-session
  ``diff-<pid>-`` index prefix and the same templates, for tests that require identical results; the
  real node's copy is dropped at the end of the session. Needs the real node.
- ``tls_front``: the nginx TLS + basic-auth front of ``scripts/nginx-tls.sh`` (a ``TlsFront``).

Expectations come from ``LoadedEngine.meta`` (``now`` is the anchor every alert time is an offset from)
or, exactly, from ``expected_alerts()`` / ``expected_vulnerabilities()``, which regenerate the loaded
documents deterministically.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from opensearchpy import OpenSearch

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
from standin.engine import OsmemEngine, load_slice
from standin.estate import DEFAULT_SEED, build_estate
from standin.indexer_load import (
    DatasetMeta,
    TemplateSource,
    client,
    drop_dataset,
    load_dataset,
    read_meta,
    templates,
)

REPO = Path(__file__).resolve().parents[1]
TEST_SLICE_COUNT = 3_000
TEST_SLICE_DAYS = 7
DIFF_PREFIX = "diff-"  # + "<pid>-": concurrent sessions must not share (or delete) each other's copy
LOCK = REPO / ".cache" / "opensearch-load.lock"
OPENSEARCH_URL_ENV = "WAZUH_MCP_TEST_OPENSEARCH_URL"
MAX_AGE_ENV = "WAZUH_MCP_TEST_OPENSEARCH_MAX_AGE"
NO_NODE_REASON = (
    f"real OpenSearch node not configured: set {OPENSEARCH_URL_ENV} (scripts/opensearch.sh start prints it)"
)


@dataclass(frozen=True)
class LoadedEngine:
    name: str  # "osmem" | "opensearch"
    url: str
    meta: DatasetMeta
    auth: tuple[str, str] | None = None
    verify: bool | str = True

    @property
    def now(self) -> datetime:
        """The anchor: every alert timestamp is an offset back from it."""
        return self.meta.now_dt

    @property
    def alerts_pattern(self) -> str:
        return self.meta.index_prefix + ALERTS_PATTERN

    @property
    def vulnerabilities_pattern(self) -> str:
        return self.meta.index_prefix + VULNS_PATTERN

    def client(self) -> OpenSearch:
        return client(self.url, auth=self.auth, verify=self.verify)

    def expected_alerts(self) -> list[IndexedDoc]:
        """Exactly the alert documents loaded (index names without the prefix)."""
        m = self.meta
        return list(_alerts(m.estate_seed, m.now, m.days, m.alert_count, m.seed))

    def expected_vulnerabilities(self) -> list[IndexedDoc]:
        m = self.meta
        return list(_vulns(m.estate_seed, m.now, m.seed))


@lru_cache(maxsize=4)
def _alerts(estate_seed: int, now: str, days: int, count: int, seed: int) -> tuple[IndexedDoc, ...]:
    return tuple(
        generate_alerts(build_estate(estate_seed), now=datetime.fromisoformat(now), days=days, count=count, seed=seed)
    )


@lru_cache(maxsize=4)
def _vulns(estate_seed: int, now: str, seed: int) -> tuple[IndexedDoc, ...]:
    return tuple(generate_vulnerabilities(build_estate(estate_seed), now=datetime.fromisoformat(now), seed=seed))


# --- helpers (usable without the fixtures) -----------------------------------------------------------


def start_osmem(
    *,
    count: int = TEST_SLICE_COUNT,
    days: int = TEST_SLICE_DAYS,
    now: datetime | None = None,
    source: TemplateSource = "bundled",
    index_prefix: str = "",
) -> tuple[OsmemEngine, LoadedEngine]:
    """A fresh osmem-server with a slice loaded; the caller stops the engine."""
    osmem = OsmemEngine().start()
    try:
        meta, counts = load_slice(
            osmem.url,
            build_estate(DEFAULT_SEED),
            now or datetime.now(UTC),
            count=count,
            days=days,
            source=source,
            index_prefix=index_prefix,
        )
    except BaseException:
        osmem.stop()
        raise
    if counts.errors:
        osmem.stop()
        raise AssertionError(f"{counts.errors} documents failed to index into osmem-server")
    return osmem, LoadedEngine("osmem", osmem.url, meta)


def real_template_source() -> TemplateSource:
    """Wazuh's own templates when the reference tree is here, else ours."""
    return "wazuh" if templates("auto").origin == "wazuh" else "bundled"


def ensure_opensearch(
    url: str,
    *,
    count: int = FULL_ALERT_COUNT,
    days: int = FULL_DAYS,
    now: datetime | None = None,
    source: TemplateSource | None = None,
    index_prefix: str = "",
    max_age_s: float | None = None,
) -> LoadedEngine:
    """The real node with the wanted dataset, loading it only if what is there is missing, other or stale.

    With ``now`` given, the dataset must have exactly that anchor (differential tests).
    """
    wanted_source = source or real_template_source()
    max_age = float(os.environ.get(MAX_AGE_ENV, "3600")) if max_age_s is None else max_age_s
    # Test sessions running side by side on one machine share the node: one loads, the others wait
    # and then find the fresh dataset.
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        meta = read_meta(url, index_prefix=index_prefix)
        fresh = meta is not None and (
            meta.alert_count == count
            and meta.days == days
            and meta.seed == DEFAULT_DATASET_SEED
            and meta.estate_seed == DEFAULT_SEED
            and meta.templates == wanted_source
            and (meta.now_dt == now if now is not None else (datetime.now(UTC) - meta.now_dt).total_seconds() < max_age)
        )
        if meta is None or not fresh:
            meta, counts = load_dataset(
                url, now=now, count=count, days=days, source=wanted_source, index_prefix=index_prefix
            )
            if counts.errors:
                raise AssertionError(f"{counts.errors} documents failed to index into {url}")
    return LoadedEngine("opensearch", url, meta)


@dataclass(frozen=True)
class TlsFront:
    """nginx in front of the real node (scripts/nginx-tls.sh): TLS from our own CA plus basic auth."""

    url: str  # https://127.0.0.1:9443: certificate for 127.0.0.1/localhost signed by ``ca``
    ca: str  # PEM path of the CA that signed the certificates
    user: str
    password: str
    wrong_host_url: str  # same CA, certificate for another host name: hostname verification fails
    expired_url: str  # same CA, certificate expired: verification fails
    upstream: str


def tls_front_from_env() -> TlsFront | None:
    """From ``WAZUH_MCP_TEST_TLS_*`` variables, else the front.json the script writes when it runs."""
    url = os.environ.get("WAZUH_MCP_TEST_TLS_URL")
    if url:
        return TlsFront(
            url,
            os.environ["WAZUH_MCP_TEST_TLS_CA"],
            os.environ["WAZUH_MCP_TEST_TLS_USER"],
            os.environ["WAZUH_MCP_TEST_TLS_PASSWORD"],
            os.environ.get("WAZUH_MCP_TEST_TLS_WRONG_HOST_URL", ""),
            os.environ.get("WAZUH_MCP_TEST_TLS_EXPIRED_URL", ""),
            os.environ.get("WAZUH_MCP_TEST_TLS_UPSTREAM", ""),
        )
    state = Path(os.environ.get("WAZUH_MCP_TEST_TLS_FILE", REPO / ".cache" / "nginx-tls" / "front.json"))
    if not state.is_file():
        return None
    data = json.loads(state.read_text())
    return TlsFront(
        data["url"],
        data["ca"],
        data["user"],
        data["password"],
        data["wrong_host_url"],
        data["expired_url"],
        data["upstream"],
    )


# --- fixtures -------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def osmem_engine() -> Iterator[LoadedEngine]:
    osmem, loaded = start_osmem()
    try:
        yield loaded
    finally:
        osmem.stop()


@pytest.fixture(scope="session")
def opensearch_engine() -> LoadedEngine:
    url = os.environ.get(OPENSEARCH_URL_ENV)
    if not url:
        pytest.skip(NO_NODE_REASON)
    return ensure_opensearch(url)


@pytest.fixture(scope="session", params=["osmem", pytest.param("opensearch", marks=pytest.mark.opensearch)])
def engine(request: pytest.FixtureRequest) -> LoadedEngine:
    loaded: LoadedEngine = request.getfixturevalue(f"{request.param}_engine")
    return loaded


@pytest.fixture(scope="session")
def differential_engines() -> Iterator[tuple[LoadedEngine, LoadedEngine]]:
    url = os.environ.get(OPENSEARCH_URL_ENV)
    if not url:
        pytest.skip(NO_NODE_REASON)
    source = real_template_source()
    prefix = f"{DIFF_PREFIX}{os.getpid()}-"
    osmem, left = start_osmem(source=source, index_prefix=prefix)
    try:
        right = ensure_opensearch(
            url, count=left.meta.alert_count, days=left.meta.days, now=left.now, source=source, index_prefix=prefix
        )
        yield left, right
    finally:
        osmem.stop()
        drop_dataset(url, index_prefix=prefix)


@pytest.fixture(scope="session")
def tls_front() -> TlsFront:
    front = tls_front_from_env()
    if front is None:
        pytest.skip("nginx TLS front not running: scripts/nginx-tls.sh start (or set WAZUH_MCP_TEST_TLS_*)")
    parsed = urlsplit(front.url)
    try:
        socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 443), timeout=2).close()
    except OSError as exc:
        pytest.skip(f"nginx TLS front configured at {front.url} but not answering ({exc})")
    return front
