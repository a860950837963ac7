"""The identity provider's signing keys over HTTP (OIDC discovery and the JWKS document).

The only HTTP team mode does besides the Server API and the Indexer; ``server.oauth`` verifies tokens
with what this returns and decides when to ask again.
"""

from __future__ import annotations

import ipaddress
import json
from typing import Any
from urllib.parse import urlsplit

import httpx

from wazuh_mcp.errors import ConfigurationError, UpstreamUnavailable
from wazuh_mcp.untrusted import bound

MAX_DOCUMENT_BYTES = 1024 * 1024
"""A discovery document or key set larger than this is refused unread (real ones are a few KB): whoever
answers at the issuer's URL cannot make the server or the connection test allocate without bound."""


async def fetch_jwks(issuer: str, jwks_url: str | None) -> tuple[str, dict[str, Any]]:
    """``(jwks_url, jwks document)``; without a ``jwks_url`` it is discovered from the issuer's
    ``/.well-known/openid-configuration``, whose ``issuer`` must be ``issuer`` exactly."""
    _tls_or_loopback(issuer, "issuer")
    # A client per fetch: fetches are rare (start, rotation), and nothing is left open at shutdown.
    try:
        async with httpx.AsyncClient(timeout=10.0, headers={"User-Agent": "wazuh-mcp"}) as http:
            if jwks_url is None:
                jwks_url = _jwks_uri(issuer, await _discover(http, issuer))
            _no_downgrade(issuer, jwks_url)
            document = await _get_json(http, jwks_url)
    except (httpx.HTTPError, ValueError) as exc:
        raise _translated(issuer, exc) from exc
    if not isinstance(document, dict):
        raise UpstreamUnavailable(f"The identity provider's JWKS at {jwks_url} is not a JSON object.")
    return jwks_url, document


async def fetch_discovery(issuer: str) -> dict[str, Any]:
    """The issuer's OpenID Connect discovery document (its ``issuer`` checked): what an MCP client reads to
    learn where to sign in and how it gets a client id (``registration_endpoint``,
    ``client_id_metadata_document_supported``)."""
    _tls_or_loopback(issuer, "issuer")
    try:
        async with httpx.AsyncClient(timeout=10.0, headers={"User-Agent": "wazuh-mcp"}) as http:
            return await _discover(http, issuer)
    except (httpx.HTTPError, ValueError) as exc:
        raise _translated(issuer, exc) from exc


def _translated(issuer: str, exc: Exception) -> Exception:
    """An httpx or JSON error of a fetch from the provider, as the product's error."""
    if isinstance(exc, httpx.ConnectError):
        return _connect_error(issuer, exc)
    if isinstance(exc, httpx.HTTPStatusError):
        return UpstreamUnavailable(
            f"The identity provider answered HTTP {exc.response.status_code} for {exc.request.url}.",
            hint="Check the issuer URL: it is the tokens' iss exactly (Keycloak: https://host/realms/<realm>), "
            "and the discovery document lives under it at /.well-known/openid-configuration.",
        )
    return UpstreamUnavailable(f"Could not read the identity provider's answer: {type(exc).__name__}: {exc}")


def _connect_error(issuer: str, exc: httpx.ConnectError) -> UpstreamUnavailable:
    """A failed connection in words (the team screen's connection test shows these as they are)."""
    text = str(exc)
    if "CERTIFICATE_VERIFY_FAILED" in text or "certificate verify failed" in text:
        return UpstreamUnavailable(
            f"The identity provider at {issuer} presented a certificate this machine does not trust.",
            hint="Add its CA to the system trust store (or SSL_CERT_FILE) for the server's account.",
        )
    if "Name or service not known" in text or "nodename nor servname" in text or "getaddrinfo" in text:
        return UpstreamUnavailable(
            f"The identity provider's host in {issuer} does not resolve.", hint="Check the issuer URL's host name."
        )
    return UpstreamUnavailable(
        f"Could not connect to the identity provider at {issuer}: the connection was refused or the host "
        "is unreachable.",
        hint="Check the issuer URL and port, and that the provider is running and reachable from this machine.",
    )


async def _get_json(http: httpx.AsyncClient, url: str) -> Any:
    """GET ``url`` (redirects are not followed) and parse its JSON, refusing a body over ``MAX_DOCUMENT_BYTES``
    before it is held whole."""
    async with http.stream("GET", url) as response:
        response.raise_for_status()
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_DOCUMENT_BYTES:
            raise _too_large(url)
        body = bytearray()
        async for chunk in response.aiter_bytes():
            body += chunk
            if len(body) > MAX_DOCUMENT_BYTES:
                raise _too_large(url)
    return json.loads(bytes(body))


def _too_large(url: str) -> UpstreamUnavailable:
    return UpstreamUnavailable(
        f"The identity provider's answer at {bound(url, 200)} is larger than {MAX_DOCUMENT_BYTES // 1024} KiB, "
        "so it was refused unread (a discovery document or key set is a few KB).",
        hint="Check that the issuer and jwks_url name the identity provider itself.",
    )


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _tls_or_loopback(url: str, what: str) -> None:
    """Plain HTTP to the identity provider only on this machine (a test or a provider beside the server): over
    a network, whoever is on the path would answer with their own discovery document and keys."""
    parts = urlsplit(url)
    if parts.scheme.lower() == "https" or (parts.scheme.lower() == "http" and _is_loopback(parts.hostname or "")):
        return
    raise ConfigurationError(
        f"The {what} {bound(url, 200)!r} is not https: signing keys fetched without TLS from another machine "
        "could be swapped on the way, so nothing is fetched from it.",
        hint="Use the provider's https URL (plain http only to a provider on this machine's loopback).",
    )


def _no_downgrade(issuer: str, jwks_url: str) -> None:
    """Signing keys come over https when the issuer is https: an ``http://`` key set (configured or named by
    the discovery document) would let anyone on the path hand the server keys that sign any token."""
    _tls_or_loopback(jwks_url, "signing keys' URL")
    scheme = urlsplit(jwks_url).scheme.lower()
    if scheme not in ("https", "http") or (scheme == "http" and urlsplit(issuer).scheme.lower() == "https"):
        raise ConfigurationError(
            f"The signing keys' URL {bound(jwks_url, 200)!r} is not https, while the issuer {bound(issuer, 200)!r} "
            "is: keys fetched without TLS could be swapped on the way, so they are not fetched.",
            hint="Serve the key set over https (the provider's jwks_uri, or oauth.jwks_url).",
        )


async def _discover(http: httpx.AsyncClient, issuer: str) -> dict[str, Any]:
    url = issuer.rstrip("/") + "/.well-known/openid-configuration"
    document = await _get_json(http, url)
    if not isinstance(document, dict):
        raise UpstreamUnavailable(f"The provider's discovery document {url} is not a JSON object.")
    if document.get("issuer") != issuer:
        said = bound(repr(document.get("issuer")), 200)  # the provider's text: bounded, controls escaped
        raise ConfigurationError(
            f"The provider at {url} says its issuer is {said}, not {issuer!r}.",
            hint="Set WAZUH_MCP_OAUTH_ISSUER to the provider's issuer exactly (tokens carry it as iss).",
        )
    return document


def _jwks_uri(issuer: str, document: dict[str, Any]) -> str:
    jwks_uri = document.get("jwks_uri")
    if not isinstance(jwks_uri, str):
        raise ConfigurationError(
            f"The provider's discovery document {issuer.rstrip('/')}/.well-known/openid-configuration has no jwks_uri."
        )
    return jwks_uri
