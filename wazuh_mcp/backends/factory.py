"""Builds the real backends from settings plus the OS keyring (the only place they meet)."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from wazuh_mcp.backends.indexer import Indexer, IndexerConfig
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.errors import ConfigurationError, WazuhMCPError
from wazuh_mcp.server.context import Backends, IndexerBackend, ServerApiBackend
from wazuh_mcp.setup import secrets
from wazuh_mcp.setup.settings import IndexerSettings, ServerApiSettings, Settings

log = logging.getLogger(__name__)


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


def server_api_from_settings(api: ServerApiSettings, profile: str) -> ServerApi | None:
    """The Server API client for a profile, or None when no URL/user is configured."""
    if not api.url or not api.user:
        return None
    return ServerApi(
        ServerApiConfig(
            url=api.url,
            user=api.user,
            password=secrets.require_password(profile, "api", api.user),
            verify=tls_verify_value(api.verify_tls, api.ca_bundle),
            timeout_s=api.timeout_s,
            max_concurrency=api.max_concurrency,
            run_as=api.run_as,
        )
    )


def indexer_from_settings(indexer: IndexerSettings, profile: str) -> Indexer | None:
    """The Indexer client for a profile, or None when no URL is configured. A user is optional
    (a lab node without the security plugin); when one is set, its password is required."""
    if not indexer.url:
        return None
    password = secrets.require_password(profile, "indexer", indexer.user) if indexer.user else None
    return Indexer(
        IndexerConfig(
            url=indexer.url,
            user=indexer.user,
            password=password,
            verify=tls_verify_value(indexer.verify_tls, indexer.ca_bundle),
            timeout_s=indexer.timeout_s,
            max_concurrency=indexer.max_concurrency,
            alerts_pattern=indexer.alerts_pattern,
            vulnerabilities_pattern=indexer.vulnerabilities_pattern,
        )
    )


@asynccontextmanager
async def open_backends(settings: Settings, profile: str) -> AsyncIterator[Backends]:
    """Backends for a configured deployment. A missing part is None: its tools explain how to configure it."""
    server_api: ServerApiBackend | None = None
    indexer: IndexerBackend | None = None
    problems: dict[str, WazuhMCPError] = {}
    try:
        server_api = server_api_from_settings(settings.api, profile)
    except WazuhMCPError as exc:
        problems["api"] = exc
        log.error("Server API unavailable: %s", exc)
    try:
        indexer = indexer_from_settings(settings.indexer, profile)
    except WazuhMCPError as exc:
        problems["indexer"] = exc
        log.error("Indexer unavailable: %s", exc)
    if settings.plaintext_backends:
        # L1: an http:// URL used to be served silently (and audited as verified TLS).
        log.warning(
            "PLAIN HTTP for %s: passwords and results cross the network unencrypted and unverified; "
            "use the https:// URL Wazuh serves by default",
            " and ".join(f"the {name}" for name in settings.plaintext_backends),
        )
    if not settings.api.verify_tls or not settings.indexer.verify_tls:
        log.warning(
            "TLS certificate verification is OFF for %s",
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
