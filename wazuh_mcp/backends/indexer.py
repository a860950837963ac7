"""The Wazuh Indexer client (OpenSearch, port 9200): the only code that speaks HTTP to the Indexer.

opensearch-py's async client needs aiohttp, which is not among our dependencies, so the sync
client runs in worker threads (``anyio.to_thread.run_sync``) behind a capacity limiter the
size of its connection pool: the event loop never blocks, and at most ``max_concurrency``
searches are in flight; the others queue up to the tool call's deadline, then get ``rate_limited``
(``backends/limiter.py``). One ``OpenSearch`` client (one urllib3 pool) per process.

Every library error is translated here into ``wazuh_mcp.errors``; nothing above this module
sees opensearch-py:

    401                       → unauthenticated
    403                       → forbidden, naming the index pattern and the ``read`` privilege
    400 with failed shards    → upstream_error naming each index and the Wazuh mapping it lacks (every
                                index failed; when only some do, the 200 answer's failures become the
                                result's ``partial``/``warnings`` in ``tools/_search.py``)
    400 (search phase)        → upstream_error: every caller value is validated and normalised
                                before a query is built, so a 400 means the deployment's
                                mappings differ from Wazuh's template (or a bug here) — telling
                                the caller ``invalid_argument`` would send it retrying arguments
                                that cannot help
    404 on a concrete index   → not_found, naming the pattern setting
    429                       → rate_limited (search queue full / circuit breaker)
    refused, reset, 5xx, a body that is not OpenSearch JSON → upstream_unavailable
    read or connect timeout   → timeout
    TLS verification failure  → upstream_unavailable naming ``indexer.ca_bundle``
"""

from __future__ import annotations

import functools
import http.client
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from opensearchpy import OpenSearch, Urllib3HttpConnection
from opensearchpy.exceptions import (
    AuthenticationException,
    AuthorizationException,
    ConnectionError,
    ConnectionTimeout,
    NotFoundError,
    RequestError,
    SerializationError,
    SSLError,
    TransportError,
)
from urllib3.exceptions import ConnectTimeoutError, NewConnectionError, ProtocolError

from wazuh_mcp.backends.indexer_shapes import INVENTORY_INDICES, STATE_INDICES, TEMPLATE_FIX, IndexKind, shard_warnings
from wazuh_mcp.backends.limiter import CallLimiter
from wazuh_mcp.errors import (
    Forbidden,
    NotFound,
    RateLimited,
    Unauthenticated,
    UpstreamError,
    UpstreamTimeout,
    UpstreamUnavailable,
    WazuhMCPError,
)
from wazuh_mcp.untrusted import bound, without_credentials

log = logging.getLogger(__name__)

DEFAULT_CONCURRENCY = 8
"""Searches in flight at once (worker threads and pooled connections)."""
DEADLINE_MARGIN_S = 2.0
"""The whole call (queueing for a worker included) may take this much longer than one HTTP read."""
_REASON_LIMIT = 300

T = TypeVar("T")


class _LoggedWarningsConnection(Urllib3HttpConnection):
    """urllib3 connection that logs the engine's ``Warning`` headers instead of raising Python warnings.

    opensearch-py turns deprecation headers into ``warnings.warn`` calls from our worker
    threads, where nobody can act on them (and where ``-W error`` would turn a harmless
    deprecation into a failed search).
    """

    def _raise_warnings(self, warning_headers: Any) -> None:
        for header in warning_headers or ():
            log.warning("Indexer warning: %s", header)


@dataclass(frozen=True)
class IndexerConfig:
    url: str
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    verify: bool | str = True
    """True, False, or the path of a CA bundle (see ``factory.tls_verify_value``)."""
    timeout_s: float = 20.0
    alerts_pattern: str = "wazuh-alerts-*"
    vulnerabilities_pattern: str = "wazuh-states-vulnerabilities*"
    """4.8+ names it ``wazuh-states-vulnerabilities-<cluster>``, 5.x ``wazuh-states-vulnerabilities``."""
    findings_pattern: str = "wazuh-findings-v5*"
    archives_pattern: str = "wazuh-archives-*"
    events_pattern: str = "wazuh-events-v5*"
    inventory_pattern: str = "wazuh-states-inventory-{kind}*"
    """Wazuh 5.x's inventory state; ``{kind}`` becomes processes, packages, ports, services…"""
    states_pattern: str = "wazuh-states-{kind}*"
    """Wazuh 5.x's SCA and FIM state; ``{kind}`` becomes sca, fim-files or fim-registry."""
    max_concurrency: int = DEFAULT_CONCURRENCY
    password_hint: str = (
        "Check the Indexer user and password: `wazuh-mcp setup` stores the password in the OS keyring; "
        "WAZUH_MCP_INDEXER_PASSWORD, when set, wins over it."
    )
    """What to do when the login is refused: the factory says where this password came from."""


class Indexer:
    """Async facade over opensearch-py for the Indexer tools. ``aclose()`` on shutdown."""

    def __init__(self, config: IndexerConfig) -> None:
        self.config = config
        _quiet_library_log()
        verify = config.verify
        self._client = OpenSearch(
            hosts=[config.url],
            http_auth=(config.user, config.password or "") if config.user else None,
            use_ssl=config.url.lower().startswith("https://"),
            verify_certs=verify is not False,
            ca_certs=verify if isinstance(verify, str) else None,
            ssl_show_warn=False,  # verification off is explicit, logged once by the factory and audited
            timeout=config.timeout_s,
            max_retries=1,  # one retry covers a pooled keep-alive connection the server closed meanwhile
            retry_on_timeout=False,  # a slow Indexer must surface as `timeout`, not wait twice as long
            pool_maxsize=config.max_concurrency,
            connection_class=_LoggedWarningsConnection,
            headers={"User-Agent": "wazuh-mcp"},
        )
        self._limiter: anyio.CapacityLimiter | None = None
        """Worker threads; an abandoned (timed-out) search keeps its thread until the socket gives up."""
        self.slots = CallLimiter(
            "The Wazuh Indexer",
            config.max_concurrency,
            setting="indexer.max_concurrency",
            fallback_wait_s=config.timeout_s,
        )

    @property
    def shown_url(self) -> str:
        """The URL for messages: any ``user:password@`` written into indexer.url is left out."""
        return without_credentials(self.config.url)

    def pattern(self, kind: IndexKind) -> str:
        if kind in INVENTORY_INDICES:
            return self.config.inventory_pattern.replace("{kind}", kind)
        if kind in STATE_INDICES:
            return self.config.states_pattern.replace("{kind}", kind)
        return {
            "alerts": self.config.alerts_pattern,
            "vulnerabilities": self.config.vulnerabilities_pattern,
            "findings": self.config.findings_pattern,
            "archives": self.config.archives_pattern,
            "events": self.config.events_pattern,
        }[kind]

    async def aclose(self) -> None:
        await anyio.to_thread.run_sync(self._client.close)

    # --- requests ---------------------------------------------------------------------------

    async def search(self, kind: IndexKind, body: dict[str, Any]) -> dict[str, Any]:
        """One ``_search`` over the kind's index pattern; the raw response (hits, total, aggregations)."""
        index = self.pattern(kind)
        response = await self._call(kind, functools.partial(self._client.search, index=index, body=body))
        if not isinstance(response, dict) or not isinstance(response.get("hits"), dict):
            raise UpstreamUnavailable(
                f"The Indexer at {self.shown_url} answered a search with JSON that is not an OpenSearch result.",
                hint="Check indexer.url: it must point at the Wazuh Indexer (OpenSearch), usually port 9200.",
            )
        return response

    async def field_types(
        self, kind: IndexKind, fields: list[str], pattern: str | None = None
    ) -> dict[str, dict[str, str]]:
        """Index name → {field: mapped type} for ``fields`` in every index of ``pattern`` (default: the
        kind's); an index holding none of them maps to ``{}``, no index at all gives ``{}``. Needs only
        the ``read`` privilege (``indices:admin/mappings/fields/get``)."""
        call = functools.partial(
            self._client.indices.get_field_mapping,
            fields=",".join(fields),
            index=pattern or self.pattern(kind),
            params={"allow_no_indices": "true", "ignore_unavailable": "true"},
        )
        try:
            response = await self._call(kind, call)
        except NotFound:  # a concrete index name that does not exist
            return {}
        if not isinstance(response, dict):
            raise UpstreamUnavailable("The Indexer answered a field-mapping request with something else.")
        return {str(index): _leaf_types(body) for index, body in response.items() if isinstance(body, dict)}

    # --- plumbing ---------------------------------------------------------------------------

    async def _call(self, kind: IndexKind, fn: Callable[[], T]) -> T:
        if self._limiter is None:  # created lazily: a limiter belongs to the running event loop
            self._limiter = anyio.CapacityLimiter(self.config.max_concurrency)
        deadline = self.config.timeout_s + DEADLINE_MARGIN_S
        async with self.slots.slot():  # queueing for a turn is bounded by the caller's deadline, not this one
            try:
                with anyio.fail_after(deadline):
                    # abandon_on_cancel: a cancelled or timed-out call returns at once; the worker
                    # finishes on its own, bounded by the client's socket timeout.
                    return await anyio.to_thread.run_sync(fn, limiter=self._limiter, abandon_on_cancel=True)
            except TimeoutError as exc:
                raise self._timeout() from exc
            except (TransportError, SerializationError) as exc:
                raise self._translate(kind, exc) from exc
            except RecursionError as exc:  # JSON nested deeper than the reader recurses (opensearch-py catches
                # ValueError only, on answers and on error bodies alike): a body that is not JSON we can read
                raise self._translate(kind, SerializationError(type(exc).__name__)) from exc

    def _timeout(self) -> UpstreamTimeout:
        return UpstreamTimeout(
            f"The Indexer did not answer within {self.config.timeout_s:g} s.",
            hint="Narrow the time range, or raise indexer.timeout_s if the Indexer is busy.",
        )

    def _translate(self, kind: IndexKind, exc: TransportError | SerializationError) -> WazuhMCPError:
        url, pattern = self.shown_url, self.pattern(kind)
        if isinstance(exc, SerializationError):
            return UpstreamUnavailable(
                f"The Indexer at {url} answered with a body that is not JSON.",
                hint="Check indexer.url: it must point at the Wazuh Indexer (OpenSearch), usually port 9200.",
            )
        if isinstance(exc, ConnectionTimeout) or _connect_timed_out(exc.info):
            return self._timeout()
        if isinstance(exc, SSLError):
            return self._tls_error(str(exc))
        if isinstance(exc, ConnectionError) and _not_http(exc.info):
            return UpstreamUnavailable(
                f"The server at {url} does not answer in HTTP; it is not an Indexer (or speaks TLS only).",
                hint="Check indexer.url: the Wazuh Indexer listens on port 9200, usually with https://.",
            )
        if isinstance(exc, ConnectionError):
            return UpstreamUnavailable(
                f"Could not connect to the Indexer at {url} (refused, reset or unreachable).",
                hint="Check that the Wazuh Indexer is running and that indexer.url is right.",
            )
        status = exc.status_code if isinstance(exc.status_code, int) else 0
        reason = _reason(exc)
        who = f"user '{self.config.user}'" if self.config.user else "anonymous access"
        if isinstance(exc, AuthenticationException) or status == 401:
            return Unauthenticated(
                f"The Indexer refused {who} (wrong user or password).",
                hint=self.config.password_hint,
            )
        if isinstance(exc, AuthorizationException) or status == 403:
            return Forbidden(
                f"The Indexer denied {who} read access to '{pattern}' ({reason or 'no permission'}).",
                hint=f"Give the user a role with the index privilege 'read' (action indices:data/read/search) "
                f"on '{pattern}' in the Indexer's security settings.",
            )
        if isinstance(exc, NotFoundError) or status == 404:
            setting = f"indexer.{kind}_pattern"
            return NotFound(
                f"The Indexer has no index matching '{pattern}' ({reason or 'index not found'}).",
                hint=f"Check {setting}; Wazuh's default is a wildcard pattern.",
            )
        if isinstance(exc, RequestError) or status == 400:
            return self._rejected(kind, exc, reason)
        if status == 429:
            return RateLimited(
                f"The Indexer is overloaded and refused the search ({reason or 'HTTP 429'}).",
                hint="Retry in a moment, or narrow the time range.",
            )
        if status >= 500:
            return UpstreamUnavailable(
                f"The Indexer failed the search on '{pattern}' (HTTP {status}): {reason or 'server error'}."
            )
        return UpstreamError(f"The Indexer answered HTTP {status or '?'} on '{pattern}': {reason or 'unexpected'}.")

    def _rejected(self, kind: IndexKind, exc: TransportError, reason: str) -> WazuhMCPError:
        pattern = self.pattern(kind)
        failed = _failed_shards(exc.info)
        if failed:
            # Every index failed on its shards (osmem fails a request whole where OpenSearch would fail
            # only the bad index's shards): name each index and the mapping it lacks.
            answer = {"_shards": {"failed": len(failed), "failures": failed}}
            return UpstreamError(
                f"No index of '{pattern}' could answer: " + " ".join(shard_warnings(answer, fix=TEMPLATE_FIX[kind])),
                hint="Your arguments were valid; fix the listed indices and ask again.",
            )
        return UpstreamError(
            f"The Indexer rejected the query on '{pattern}': {reason or 'bad request'}.",
            hint="Your arguments were valid; the index mappings differ from Wazuh's template. "
            "Report this with the Indexer and Wazuh versions.",
        )

    def _tls_error(self, text: str) -> WazuhMCPError:
        # A trusted CA does not help with these two, so they get their own advice.
        if "Hostname mismatch" in text or "IP address mismatch" in text:
            return UpstreamUnavailable(
                f"The Indexer's certificate is not issued for the host in {self.shown_url}.",
                hint="Use in indexer.url the host name the certificate names (see its subject alternative "
                "names); indexer.ca_bundle is not the problem.",
            )
        if "certificate has expired" in text or "certificate is not yet valid" in text:
            return UpstreamUnavailable(
                f"The Indexer at {self.shown_url} presented an expired (or not yet valid) certificate.",
                hint="Renew the Indexer's certificate (or check this machine's clock); indexer.ca_bundle "
                "is not the problem.",
            )
        if "CERTIFICATE_VERIFY_FAILED" in text or "certificate verify failed" in text:
            return UpstreamUnavailable(
                f"The Indexer at {self.shown_url} presented a certificate this machine does not trust.",
                hint="Set indexer.ca_bundle to the PEM of the CA that signed it (Wazuh installs a self-signed "
                "root-ca.pem), or, only for a lab, turn indexer.verify_tls off.",
            )
        return UpstreamUnavailable(
            f"The TLS handshake with the Indexer at {self.shown_url} failed.",
            hint="Check that indexer.url uses the scheme the Indexer serves (https on a secured node) and "
            "that indexer.ca_bundle is the right CA.",
        )


def _quiet_library_log() -> None:
    """opensearch-py logs every failed request at WARNING *with its traceback*, in the worker thread that
    made it. Each failure already becomes one clear error for the caller, and rendering those tracebacks
    (the SDK's rich log handler, when it is the one installed) took longer than the tool deadline under
    load: a connection reset came back as ``timeout`` (found by tests/faults). Quiet unless debugging."""
    library = logging.getLogger("opensearch")
    if not logging.getLogger().isEnabledFor(logging.DEBUG) and library.getEffectiveLevel() < logging.ERROR:
        library.setLevel(logging.ERROR)


def _leaf_types(body: dict[str, Any]) -> dict[str, str]:
    """``{"mappings": {"rule.id": {"mapping": {"id": {"type": "keyword"}}}}}`` → ``{"rule.id": "keyword"}``."""
    types: dict[str, str] = {}
    for name, entry in (body.get("mappings") or {}).items():
        leaf = (entry or {}).get("mapping") or {} if isinstance(entry, dict) else {}
        for spec in leaf.values():
            if isinstance(spec, dict):
                types[str(name)] = str(spec.get("type") or "object")
    return types


def _failed_shards(info: object) -> list[dict[str, Any]]:
    """``error.failed_shards`` of a search phase failure (each with its ``index`` and ``reason``)."""
    error = info.get("error") if isinstance(info, dict) else None
    failed = error.get("failed_shards") if isinstance(error, dict) else None
    return [f for f in failed if isinstance(f, dict)] if isinstance(failed, list) else []


def _not_http(cause: object) -> bool:
    """urllib3 wraps a status line it cannot parse (another protocol on that port) in ProtocolError.
    RemoteDisconnected is a BadStatusLine too, but it is a peer that closed without answering (an
    Indexer restarting behind a proxy, found by tests/faults), not another protocol."""
    return isinstance(cause, ProtocolError) and any(
        isinstance(arg, http.client.BadStatusLine) and not isinstance(arg, http.client.RemoteDisconnected)
        for arg in cause.args
    )


def _connect_timed_out(cause: object) -> bool:
    # urllib3 makes NewConnectionError (refused, unreachable) a subclass of ConnectTimeoutError.
    return isinstance(cause, ConnectTimeoutError) and not isinstance(cause, NewConnectionError)


def _reason(exc: TransportError) -> str:
    """The engine's own explanation (root cause first), cleaned and cut short (``untrusted.bound``)."""
    info = exc.info
    reason: Any = None
    if isinstance(info, dict) and isinstance(info.get("error"), dict):
        error = info["error"]
        causes = error.get("root_cause") or []
        if causes and isinstance(causes[0], dict):
            reason = causes[0].get("reason") or causes[0].get("type")
        reason = reason or error.get("reason") or error.get("type")
    if reason is None and isinstance(exc.error, str) and exc.error not in {"N/A", "TIMEOUT"}:
        reason = exc.error
    text = " ".join(str(reason).split()) if reason else ""
    if text.startswith("<"):  # a proxy's HTML error page: its title says it all
        title = re.search(r"<title>(.*?)</title>", text, re.IGNORECASE | re.DOTALL)
        text = title.group(1).strip() if title else "an HTML error page"
    return bound(text, _REASON_LIMIT) or ""  # it can quote a query's value or a document's: cleaned too
