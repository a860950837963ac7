"""The identity provider's signing keys over HTTP (OIDC discovery and the JWKS document).

The only HTTP team mode does besides the Server API and the Indexer; ``server.oauth`` verifies tokens
with what this returns and decides when to ask again.
"""

from __future__ import annotations

from typing import Any

import httpx

from wazuh_mcp.errors import ConfigurationError, UpstreamUnavailable


async def fetch_jwks(issuer: str, jwks_url: str | None) -> tuple[str, dict[str, Any]]:
    """``(jwks_url, jwks document)``; without a ``jwks_url`` it is discovered from the issuer's
    ``/.well-known/openid-configuration``, whose ``issuer`` must be ``issuer`` exactly."""
    # A client per fetch: fetches are rare (start, rotation), and nothing is left open at shutdown.
    try:
        async with httpx.AsyncClient(timeout=10.0, headers={"User-Agent": "wazuh-mcp"}) as http:
            if jwks_url is None:
                jwks_url = await _discover(http, issuer)
            response = await http.get(jwks_url)
            response.raise_for_status()
            document = response.json()
    except httpx.ConnectError as exc:
        raise _connect_error(issuer, exc) from exc
    except httpx.HTTPStatusError as exc:
        raise UpstreamUnavailable(
            f"The identity provider answered HTTP {exc.response.status_code} for {exc.request.url}.",
            hint="Check the issuer URL: it is the tokens' iss exactly (Keycloak: https://host/realms/<realm>), "
            "and the discovery document lives under it at /.well-known/openid-configuration.",
        ) from exc
    except (httpx.HTTPError, ValueError) as exc:
        raise UpstreamUnavailable(f"Could not fetch the identity provider's keys: {type(exc).__name__}: {exc}") from exc
    if not isinstance(document, dict):
        raise UpstreamUnavailable(f"The identity provider's JWKS at {jwks_url} is not a JSON object.")
    return jwks_url, document


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


async def _discover(http: httpx.AsyncClient, issuer: str) -> str:
    url = issuer.rstrip("/") + "/.well-known/openid-configuration"
    response = await http.get(url)
    response.raise_for_status()
    document = response.json()
    if document.get("issuer") != issuer:
        raise ConfigurationError(
            f"The provider at {url} says its issuer is {document.get('issuer')!r}, not {issuer!r}.",
            hint="Set WAZUH_MCP_OAUTH_ISSUER to the provider's issuer exactly (tokens carry it as iss).",
        )
    jwks_uri = document.get("jwks_uri")
    if not isinstance(jwks_uri, str):
        raise ConfigurationError(f"The provider's discovery document {url} has no jwks_uri.")
    return jwks_uri
