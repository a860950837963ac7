"""Who is calling: the analyst behind an HTTP request, from the token the SDK's bearer middleware verified
(the ``Caller`` itself and the ``CALLER`` variable are in ``runtime.caller``).

Kept apart from ``oauth`` (which verifies tokens and needs PyJWT) so the stdio server's start-up path
stays lean; nothing here reads an unverified token.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken

from wazuh_mcp.config.settings import OAuthSettings
from wazuh_mcp.runtime.caller import Caller, bounded


def role_for(claims: Mapping[str, Any], oauth: OAuthSettings) -> str | None:
    """The first ``role_map`` entry whose group/scope the token carries, else ``default_role``."""
    raw = claims.get(oauth.role_claim)
    carried = (
        set(raw.split())
        if isinstance(raw, str)
        else {g for g in raw if isinstance(g, str)}
        if isinstance(raw, list)
        else set()
    )
    carried |= {g.rsplit("/", 1)[-1] for g in carried if "/" in g}  # Keycloak's full group paths
    for group, role in oauth.role_map.items():
        if group in carried:
            return role
    return oauth.default_role


def caller_from_token(token: AccessToken, oauth: OAuthSettings) -> Caller:
    claims = token.claims or {}
    wazuh_user = bounded(claims.get(oauth.user_claim))
    # A claim that is there but unusable (not a short printable string) must not fall back to the
    # service account: such a caller gets no role, so no tool.
    unusable = oauth.user_claim in claims and wazuh_user is None
    return Caller(
        subject=token.subject or "",
        wazuh_user=wazuh_user,
        role=None if unusable else role_for(claims, oauth),
        client=bounded(token.client_id),
        name=bounded(claims.get("preferred_username")),
    )


def caller_of(request: Any, oauth: OAuthSettings) -> Caller | None:
    """The verified caller of the current MCP request, or None (stdio, or HTTP without an issuer).

    Read from the HTTP request the SDK attached to the message (the bearer middleware put the user on
    its scope), else from the SDK's auth context variable. Nothing a client sends besides the verified
    token can name a caller."""
    user = getattr(request, "scope", {}).get("user") if request is not None else None
    token = user.access_token if isinstance(user, AuthenticatedUser) else get_access_token()
    if token is None or oauth.issuer is None:
        return None
    return caller_from_token(token, oauth)
