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
    except (httpx.HTTPError, ValueError) as exc:
        raise UpstreamUnavailable(f"Could not fetch the identity provider's keys: {type(exc).__name__}: {exc}") from exc
    if not isinstance(document, dict):
        raise UpstreamUnavailable(f"The identity provider's JWKS at {jwks_url} is not a JSON object.")
    return jwks_url, document


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
