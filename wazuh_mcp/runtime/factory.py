"""Builds the backends from settings plus the OS keyring: the only code that constructs a Server API or
Indexer client. The overrides serve the callers that are not ``serve``: the connection test passes the
password typed in the wizard (not stored yet) and a single connection; the demo and approving a
demo change pass the stand-in's password."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, TypeVar

from wazuh_mcp.backends.lazy import LazyIndexer, LazyServerApi
from wazuh_mcp.backends.protocols import Backends, IndexerBackend, ServerApiBackend
from wazuh_mcp.config import secrets
from wazuh_mcp.config.settings import TLS_OFF_WARNING, IndexerSettings, ServerApiSettings, Settings
from wazuh_mcp.errors import ConfigurationError, WazuhMCPError

if TYPE_CHECKING:
    from wazuh_mcp.backends.indexer import Indexer
    from wazuh_mcp.backends.indexer_docs import IndexerDocs
    from wazuh_mcp.backends.server_api import ServerApi

log = logging.getLogger(__name__)
T = TypeVar("T")
R = TypeVar("R")


def tls_verify_value(verify_tls: bool, ca_bundle: object) -> bool | str:
    """httpx/opensearch ``verify``: False, True, or the CA bundle path (which must exist)."""
    if not verify_tls:
        return False
    if ca_bundle is None:
        return True
    path = str(ca_bundle)
    if not os.path.isfile(path):
        raise ConfigurationError(
            f"The CA bundle {path} does not exist.",
            hint="Point ca_bundle at the PEM file of your Wazuh root CA (e.g. root-ca.pem), or remove it.",
        )
    return path


def server_api_from_settings(api: ServerApiSettings, profile: str, *, password: str | None = None) -> ServerApi | None:
    """The Server API client for a profile, or None when no URL/user is configured. ``password``
    replaces the keyring's."""
    if not api.url or not api.user:
        return None
    from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig

    return ServerApi(
        ServerApiConfig(
            url=api.url,
            user=api.user,
            password=secrets.require_password(profile, "api", api.user, given=password),
            verify=tls_verify_value(api.verify_tls, api.ca_bundle),
            timeout_s=api.timeout_s,
            max_concurrency=api.max_concurrency,
            run_as=api.run_as,
            password_hint=secrets.refused_hint(profile, "api", given=password),
        )
    )


def indexer_from_settings(
    indexer: IndexerSettings, profile: str, *, password: str | None = None, max_concurrency: int | None = None
) -> Indexer | None:
    """The Indexer client for a profile, or None when no URL is configured. A user is optional
    (``secrets.needs_password``). ``password`` replaces the keyring's; ``max_concurrency`` the default."""
    if not indexer.url:
        return None
    from wazuh_mcp.backends.indexer import Indexer, IndexerConfig

    hint = secrets.refused_hint(profile, "indexer", given=password)
    if indexer.user and secrets.needs_password(indexer.url, indexer.user):
        password = secrets.require_password(profile, "indexer", indexer.user, given=password)
    else:
        password = None
    return Indexer(
        IndexerConfig(
            url=indexer.url,
            user=indexer.user,
            password=password,
            verify=tls_verify_value(indexer.verify_tls, indexer.ca_bundle),
            timeout_s=indexer.timeout_s,
            # The connection test asks for its own limit; everything else takes the settings'.
            max_concurrency=indexer.max_concurrency if max_concurrency is None else max_concurrency,
            alerts_pattern=indexer.alerts_pattern,
            vulnerabilities_pattern=indexer.vulnerabilities_pattern,
            findings_pattern=indexer.findings_pattern,
            archives_pattern=indexer.archives_pattern,
            events_pattern=indexer.events_pattern,
            inventory_pattern=indexer.inventory_pattern,
            states_pattern=indexer.states_pattern,
            password_hint=hint,
        )
    )


_DOCS: dict[tuple[str, str | None, str], IndexerDocs] = {}


def indexer_docs_from_settings(settings: Settings, profile: str) -> IndexerDocs:
    """The team store's Indexer client (pending changes, the audit copy): one per process and connection,
    shared by the audit sink and the change store. Team mode without ``indexer.url`` is a configuration error."""
    indexer = settings.indexer
    if not indexer.url:
        raise ConfigurationError(
            "team.store is 'indexer' but no Indexer is configured.",
            hint="Set indexer.url (WAZUH_MCP_INDEXER_URL), or team.store = 'file' for one workstation.",
        )
    key = (indexer.url, indexer.user, profile)
    if key not in _DOCS:
        from wazuh_mcp.backends.indexer import IndexerConfig
        from wazuh_mcp.backends.indexer_docs import IndexerDocs

        password = None
        if indexer.user and secrets.needs_password(indexer.url, indexer.user):
            password = secrets.require_password(profile, "indexer", indexer.user)
        config = IndexerConfig(
            url=indexer.url,
            user=indexer.user,
            password=password,
            verify=tls_verify_value(indexer.verify_tls, indexer.ca_bundle),
        )
        _DOCS[key] = IndexerDocs(config)
    return _DOCS[key]


def _logged(what: str, build: Callable[[T, str], R | None], part: T, profile: str) -> R:
    try:
        built = build(part, profile)
    except WazuhMCPError as exc:
        log.error("%s unavailable: %s", what, exc)
        raise
    assert built is not None  # only called for a configured part
    return built


@asynccontextmanager
async def open_backends(settings: Settings, profile: str) -> AsyncIterator[Backends]:
    """Backends for a configured deployment. A missing part is None: its tools explain how to configure it.
    The clients (and the keyring lookups for their passwords) are built on first use (``backends.lazy``);
    a part that cannot be built tells each caller why, as it would have at start-up."""
    api, idx = settings.api, settings.indexer
    server_api: ServerApiBackend | None = None
    indexer: IndexerBackend | None = None
    if api.url and api.user:
        server_api = LazyServerApi(
            lambda: _logged("Server API", server_api_from_settings, api, profile), user=api.user, run_as=api.run_as
        )
    if idx.url:
        indexer = LazyIndexer(lambda: _logged("Indexer", indexer_from_settings, idx, profile))
    problems: dict[str, WazuhMCPError] = {}
    if settings.plaintext_backends:
        # L1: an http:// URL used to be served silently (and audited as verified TLS).
        log.warning(
            "PLAIN HTTP for %s: passwords and results cross the network unencrypted and unverified; "
            "use the https:// URL Wazuh serves by default",
            " and ".join(f"the {name}" for name in settings.plaintext_backends),
        )
    if not settings.api.verify_tls or not settings.indexer.verify_tls:
        log.warning(
            "%s (%s)",
            TLS_OFF_WARNING,
            " and ".join(
                n for n, s in (("the Server API", settings.api), ("the Indexer", settings.indexer)) if not s.verify_tls
            ),
        )
    try:
        yield Backends(
            server_api=server_api,
            indexer=indexer,
            problems=problems,
            tls_verify=settings.tls_verified,
        )
    finally:
        for backend in (server_api, indexer):
            if backend is not None:
                await backend.aclose()
