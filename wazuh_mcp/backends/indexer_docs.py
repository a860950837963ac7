"""Documents wazuh-mcp itself keeps in the Wazuh Indexer (team mode): pending changes and the audit copy.

The only code that writes to the Indexer. It is synchronous on purpose: the audit sink and the change
store are synchronous (one record is written before a call may go on), and each operation is one short
request on a pooled connection. Every write is conditional:

- ``create``: ``op_type=create``, so an existing document is never replaced (409 → ``Conflict``);
- ``replace``: ``if_seq_no``/``if_primary_term`` of the version read (OpenSearch's optimistic concurrency
  control), so of two writers that read the same version exactly one succeeds (409 → ``Conflict``).

Errors name the index and the document, translated into ``wazuh_mcp.errors`` like ``indexer.py``'s.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from opensearchpy import OpenSearch
from opensearchpy.exceptions import (
    AuthenticationException,
    AuthorizationException,
    ConflictError,
    ConnectionError,
    ConnectionTimeout,
    NotFoundError,
    SerializationError,
    TransportError,
)

from wazuh_mcp import untrusted
from wazuh_mcp.backends.indexer import IndexerConfig
from wazuh_mcp.errors import Conflict, Forbidden, Unauthenticated, UpstreamError, UpstreamUnavailable, WazuhMCPError

log = logging.getLogger(__name__)

_FAILED = (TransportError, SerializationError, RecursionError)
"""What a call on the client raises for an answer it could not get or read: RecursionError for JSON nested
deeper than the reader recurses (opensearch-py catches ValueError only, on answers and error bodies alike)."""


@dataclass(frozen=True)
class Doc:
    """One document as the Indexer holds it, with the version a conditional write must name."""

    index: str
    id: str
    source: dict[str, Any]
    seq_no: int
    primary_term: int


class IndexerDocs:
    """Get, create, conditionally replace and search wazuh-mcp's own documents."""

    def __init__(self, config: IndexerConfig, *, timeout_s: float = 5.0) -> None:
        self.config = config
        verify = config.verify
        self._client = OpenSearch(
            hosts=[config.url],
            http_auth=(config.user, config.password or "") if config.user else None,
            use_ssl=config.url.lower().startswith("https://"),
            verify_certs=verify is not False,
            ca_certs=verify if isinstance(verify, str) else None,
            ssl_show_warn=False,
            timeout=timeout_s,
            # No retry: a create retried after a lost answer would come back 409 for our own record.
            max_retries=0,
            retry_on_timeout=False,
            pool_maxsize=8,
            headers={"User-Agent": "wazuh-mcp"},
        )

    @property
    def url(self) -> str:
        return self.config.url

    def close(self) -> None:
        self._client.close()

    # --- documents ------------------------------------------------------------------------

    def get(self, index: str, doc_id: str) -> Doc | None:
        try:
            answer = self._client.get(index=index, id=doc_id)
        except NotFoundError:
            return None
        except _FAILED as exc:
            raise self._translate(exc, f"{index}/{doc_id}", "read") from exc
        return _doc(answer, index, doc_id)

    def mget(self, keys: list[tuple[str, str]]) -> list[Doc | None]:
        """Each ``(index, id)`` as the Indexer holds it now (a real-time read, not a search that waits for a
        refresh); None where there is no such document or no such index."""
        if not keys:
            return []
        try:
            answer = self._client.mget(body={"docs": [{"_index": index, "_id": doc_id} for index, doc_id in keys]})
        except _FAILED as exc:
            raise self._translate(exc, "_mget", "read") from exc
        items = answer.get("docs") if isinstance(answer, dict) else None
        if not isinstance(items, list) or len(items) != len(keys):
            raise UpstreamError("The Indexer answered a multi-get with something that is not one result per document.")
        found: list[Doc | None] = []
        for (index, doc_id), item in zip(keys, items, strict=True):
            error = item.get("error") if isinstance(item, dict) else "not an object"
            if error is not None:
                kind = error.get("type") if isinstance(error, dict) else None
                if kind != "index_not_found_exception":
                    said = untrusted.shown(str(kind), limit=80) if kind else "no answer"
                    raise UpstreamError(f"The Indexer could not read {index}/{doc_id} ({said}).")
                found.append(None)
            else:
                found.append(_doc(item, index, doc_id) if item.get("found") else None)
        return found

    def create(self, index: str, doc_id: str, body: dict[str, Any], *, refresh: bool = False) -> Doc:
        """``op_type=create``: a document with this id already there is a ``Conflict``, never replaced."""
        try:
            answer = self._client.index(
                index=index, id=doc_id, body=body, op_type="create", refresh="true" if refresh else "false"
            )
        except ConflictError as exc:
            raise Conflict(f"The Indexer already holds {index}/{doc_id}; it was not replaced.") from exc
        except _FAILED as exc:
            raise self._translate(exc, f"{index}/{doc_id}", "create") from exc
        return _written(answer, index, doc_id, body)

    def replace(self, doc: Doc, body: dict[str, Any], *, refresh: bool = False) -> Doc:
        """Replace ``doc`` only if it is still the version read (``if_seq_no``/``if_primary_term``)."""
        try:
            answer = self._client.index(
                index=doc.index,
                id=doc.id,
                body=body,
                if_seq_no=doc.seq_no,
                if_primary_term=doc.primary_term,
                refresh="true" if refresh else "false",
            )
        except ConflictError as exc:
            raise Conflict(f"{doc.index}/{doc.id} was changed by another writer meanwhile.") from exc
        except _FAILED as exc:
            raise self._translate(exc, f"{doc.index}/{doc.id}", "write") from exc
        return _written(answer, doc.index, doc.id, body)

    def bulk_create(self, items: Iterable[tuple[str, str, dict[str, Any]]]) -> list[int]:
        """Create each ``(index, id, body)``; the HTTP status per item (201 created, 409 already there)."""
        lines: list[dict[str, Any]] = []
        for index, doc_id, body in items:
            lines += [{"create": {"_index": index, "_id": doc_id}}, body]
        if not lines:
            return []
        try:
            answer = self._client.bulk(body=lines, refresh="false")
        except _FAILED as exc:
            raise self._translate(exc, "_bulk", "create") from exc
        results = answer.get("items") if isinstance(answer, dict) else None
        if not isinstance(results, list):
            raise UpstreamError("The Indexer answered a bulk create with something that is not one result per item.")
        return [_bulk_status(result) for result in results]

    def search(
        self,
        index: str,
        query: dict[str, Any],
        *,
        sort: list[Any] | None = None,
        size: int = 1000,
        search_after: list[Any] | None = None,
    ) -> list[Doc]:
        body: dict[str, Any] = {"query": query, "size": size, "seq_no_primary_term": True}
        if sort:
            body["sort"] = sort
        if search_after:
            body["search_after"] = search_after
        try:
            answer = self._client.search(
                index=index, body=body, params={"allow_no_indices": "true", "ignore_unavailable": "true"}
            )
        except NotFoundError:
            return []
        except _FAILED as exc:
            raise self._translate(exc, index, "search") from exc
        hits = (answer.get("hits") or {}).get("hits") if isinstance(answer, dict) else None
        if not isinstance(hits, list):
            raise UpstreamError(f"The Indexer answered a search of {index} with something that is not a result.")
        return [_doc(hit, index, str(hit.get("_id") if isinstance(hit, dict) else None)) for hit in hits]

    def refresh(self, index: str) -> None:
        try:
            self._client.indices.refresh(index=index, params={"allow_no_indices": "true", "ignore_unavailable": "true"})
        except _FAILED as exc:
            raise self._translate(exc, index, "refresh") from exc

    def try_delete(self, index: str, doc_id: str) -> int:
        """The connection test's probe: the HTTP status of deleting ``doc_id`` (403 is what a create-only
        user must get; 404 means the user *may* delete)."""
        try:
            self._client.delete(index=index, id=doc_id)
        except _FAILED as exc:
            status = getattr(exc, "status_code", None)
            if isinstance(status, int):
                return status
            raise self._translate(exc, f"{index}/{doc_id}", "delete") from exc
        return 200

    # --- errors -----------------------------------------------------------------------------

    def _translate(
        self, exc: TransportError | SerializationError | RecursionError, where: str, verb: str
    ) -> WazuhMCPError:
        url = untrusted.without_credentials(self.config.url)  # never a user:password@ written into indexer.url
        if isinstance(exc, SerializationError | RecursionError):
            return UpstreamError(f"The Indexer at {url} answered the {verb} of {where} with a body that is not JSON.")
        if isinstance(exc, ConnectionTimeout):
            return UpstreamUnavailable(f"The Indexer at {url} did not answer the {verb} of {where} in time.")
        if isinstance(exc, ConnectionError):
            return UpstreamUnavailable(
                f"Could not reach the Indexer at {url} to {verb} {where} (refused, reset or unreachable).",
                hint="Team mode keeps pending changes and the audit copy in the Indexer: start it or fix indexer.url.",
            )
        status = exc.status_code if isinstance(exc.status_code, int) else 0
        who = f"user '{self.config.user}'" if self.config.user else "anonymous access"
        if isinstance(exc, AuthenticationException) or status == 401:
            return Unauthenticated(f"The Indexer refused {who} ({verb} {where}).")
        if isinstance(exc, AuthorizationException) or status == 403:
            return Forbidden(
                f"The Indexer denied {who} the {verb} of {where}.",
                hint="docs/team.md gives the role the team store needs (create on wazuh-mcp-audit-*, "
                "index on wazuh-mcp-changes).",
            )
        if status >= 500 or status == 429:
            return UpstreamUnavailable(f"The Indexer failed the {verb} of {where} (HTTP {status}).")
        return UpstreamError(f"The Indexer answered HTTP {status or '?'} to the {verb} of {where}.")


def _doc(answer: Any, index: str, doc_id: str) -> Doc:
    """A get or search hit as a ``Doc``; anything else is an error naming the index and the document."""
    if (
        not isinstance(answer, dict)
        or not isinstance(answer.get("_source"), dict)
        or not isinstance(answer.get("_seq_no"), int)
        or not isinstance(answer.get("_primary_term"), int)
    ):
        raise UpstreamError(
            f"The Indexer's answer for {index}/{untrusted.shown(doc_id, limit=120)} is not a document with its version."
        )
    return Doc(
        str(answer.get("_index") or index), doc_id, answer["_source"], answer["_seq_no"], answer["_primary_term"]
    )


def _written(answer: Any, index: str, doc_id: str, body: dict[str, Any]) -> Doc:
    term = answer.get("_primary_term", 1) if isinstance(answer, dict) else None
    if not isinstance(answer, dict) or not isinstance(answer.get("_seq_no"), int) or not isinstance(term, int):
        raise UpstreamError(f"The Indexer's answer to writing {index}/{doc_id} does not say which version it kept.")
    return Doc(str(answer.get("_index") or index), doc_id, body, answer["_seq_no"], term)


def _bulk_status(item: Any) -> int:
    """The HTTP status of one item of a bulk answer (``{"create": {"status": 201, …}}``), 0 when it has none."""
    result = next(iter(item.values()), None) if isinstance(item, dict) else None
    status = result.get("status") if isinstance(result, dict) else None
    return status if isinstance(status, int) and not isinstance(status, bool) else 0
