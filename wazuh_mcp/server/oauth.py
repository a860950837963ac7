"""Team mode's OAuth 2.1 resource server: bearer tokens verified against the identity provider's keys.

``JwksTokenVerifier`` is the SDK's ``TokenVerifier``: the SDK's bearer middleware calls it on every HTTP
request, answers 401 with a ``WWW-Authenticate`` challenge naming the RFC 9728 metadata document when
it returns None, and serves that document. What a token must be to pass:

- at most ``MAX_TOKEN_BYTES``, three base64url parts, a header ``alg`` in the allowlist (never ``none``
  nor ``HS*``: an HMAC "signed" with the public key is the classic confusion attack) and a ``kid``;
- signed by a key of the provider's JWKS. An unknown ``kid`` refetches the JWKS (key rotation), at most
  once per ``jwks_min_refresh_s``, so a flood of made-up key ids cannot hammer the provider;
- ``iss`` exactly the configured issuer, ``aud`` containing the configured audience, ``exp`` in the
  future and ``nbf`` in the past (``leeway_s`` of skew), ``sub`` present.

``caller_of`` turns a verified token into a ``Caller`` (who, which Wazuh user, which role); nothing else
in the server reads claims.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import anyio
import jwt
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken

from wazuh_mcp.backends.jwks import fetch_jwks
from wazuh_mcp.errors import ConfigurationError, WazuhMCPError
from wazuh_mcp.setup.settings import OAuthSettings

log = logging.getLogger(__name__)

MAX_TOKEN_BYTES = 16 * 1024
"""Longer bearer values are refused before any parsing (Keycloak's tokens are ~1.5 KB)."""
MAX_CLAIM_CHARS = 128
"""A subject, Wazuh user or client id longer than this is refused (they end up in audit records)."""


@dataclass(frozen=True)
class Caller:
    """The analyst behind an HTTP request, from a verified token."""

    subject: str
    """The token's ``sub`` (unique per issuer)."""
    wazuh_user: str | None
    """The Wazuh user for ``run_as`` (the configured claim); None → the Server API service account."""
    role: str | None
    """The project role from ``role_map`` (None: no tool)."""
    client: str | None
    """The OAuth client the analyst used (``azp`` / ``client_id``)."""
    name: str | None = None
    """A display name (``preferred_username``), for the audit viewer only: never for decisions."""


CALLER: ContextVar[Caller | None] = ContextVar("wazuh_mcp_caller", default=None)
"""The verified analyst of the tool call being run (set by the server around each call; None: no token)."""


def _bounded(value: Any) -> str | None:
    if not isinstance(value, str) or not value or len(value) > MAX_CLAIM_CHARS:
        return None
    return "".join(ch for ch in value if ch.isprintable())


def role_for(claims: Mapping[str, Any], oauth: OAuthSettings) -> str | None:
    """The first ``role_map`` entry whose group/scope the token carries, else ``default_role``."""
    raw = claims.get(oauth.role_claim)
    carried = set(raw.split()) if isinstance(raw, str) else {g for g in raw or () if isinstance(g, str)}
    carried |= {g.rsplit("/", 1)[-1] for g in carried if "/" in g}  # Keycloak's full group paths
    for group, role in oauth.role_map.items():
        if group in carried:
            return role
    return oauth.default_role


def caller_from_token(token: AccessToken, oauth: OAuthSettings) -> Caller:
    claims = token.claims or {}
    return Caller(
        subject=token.subject or "",
        wazuh_user=_bounded(claims.get(oauth.user_claim)),
        role=role_for(claims, oauth),
        client=_bounded(token.client_id),
        name=_bounded(claims.get("preferred_username")),
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


class JwksTokenVerifier:
    """The SDK ``TokenVerifier`` for the identity provider's JWTs (see the module docstring)."""

    def __init__(self, oauth: OAuthSettings) -> None:
        if not oauth.issuer or not oauth.audience:
            raise ConfigurationError(
                "Team mode needs both oauth.issuer and oauth.audience.",
                hint="Set WAZUH_MCP_OAUTH_ISSUER and WAZUH_MCP_OAUTH_AUDIENCE (the audience your provider puts "
                "in tokens for this server).",
            )
        self.oauth = oauth
        self.issuer: str = oauth.issuer
        self.audience: str = oauth.audience
        self._jwks_url = oauth.jwks_url
        self._keys: dict[str, jwt.PyJWK] = {}
        self._fetched_at = float("-inf")
        self._lock = anyio.Lock()
        self.refreshes = 0
        """How many times the JWKS was fetched (tests check rotation and the rate limit)."""
        self.refusals: dict[str, int] = {}
        """Why tokens were refused, counted (a flood shows here, not as one log line per token)."""

    # --- keys ---------------------------------------------------------------------------------------

    async def refresh(self, *, force: bool = False) -> bool:
        """Fetch the JWKS unless it was fetched less than ``jwks_min_refresh_s`` ago. True when fetched."""
        async with self._lock:
            if not force and time.monotonic() - self._fetched_at < self.oauth.jwks_min_refresh_s:
                return False
            self._fetched_at = time.monotonic()
            try:
                self._jwks_url, document = await fetch_jwks(self.issuer, self._jwks_url)
                keys = jwt.PyJWKSet.from_dict(document).keys
            except (WazuhMCPError, jwt.PyJWKSetError) as exc:
                log.warning("could not fetch the identity provider's keys: %s", exc)
                return False
            self._keys = {k.key_id: k for k in keys if k.key_id and (k.public_key_use in (None, "sig"))}
            self.refreshes += 1
            return True

    async def _key(self, kid: str) -> jwt.PyJWK | None:
        key = self._keys.get(kid)
        if key is None and await self.refresh():
            key = self._keys.get(kid)
        return key

    # --- verification -------------------------------------------------------------------------------

    async def verify_token(self, token: str) -> AccessToken | None:
        claims = await self.verify(token)
        if claims is None:
            return None
        aud = claims.get("aud")
        return AccessToken(
            token=token,
            client_id=str(claims.get("azp") or claims.get("client_id") or ""),
            scopes=str(claims.get("scope") or "").split(),
            expires_at=int(claims["exp"]),
            resource=self.audience if aud else None,
            subject=str(claims["sub"]),
            claims=claims,
        )

    async def verify(self, token: str) -> dict[str, Any] | None:
        """The token's claims when it passes every check, else None (the reason is counted)."""
        try:
            return await self._checked_claims(token)
        except _Refused as refused:
            reason = str(refused)
            self.refusals[reason] = self.refusals.get(reason, 0) + 1
            log.info("bearer token refused: %s", reason)
            return None

    async def _checked_claims(self, token: str) -> dict[str, Any]:
        if len(token) > MAX_TOKEN_BYTES:
            raise _Refused("oversized")
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError:
            raise _Refused("malformed") from None
        alg, kid = header.get("alg"), header.get("kid")
        if not isinstance(alg, str) or alg not in self.oauth.algorithms:
            raise _Refused("algorithm")
        if not isinstance(kid, str):
            raise _Refused("no_kid")
        key = await self._key(kid)
        if key is None:
            raise _Refused("unknown_key")
        try:
            claims: dict[str, Any] = jwt.decode(
                token,
                key=key.key,
                algorithms=[alg],
                audience=self.audience,
                issuer=self.issuer,
                leeway=self.oauth.leeway_s,
                options={"require": ["exp", "iss", "aud", "sub"], "verify_nbf": True},
            )
        except jwt.PyJWTError as exc:
            raise _Refused(_REASONS.get(type(exc), f"invalid:{type(exc).__name__}")) from None
        if _bounded(claims.get("sub")) is None:
            raise _Refused("subject")
        return claims


class _Refused(Exception):
    """A token check failed; the message is the counted reason."""


_REASONS: dict[type[Exception], str] = {
    jwt.ExpiredSignatureError: "expired",
    jwt.ImmatureSignatureError: "not_yet_valid",
    jwt.InvalidAudienceError: "audience",
    jwt.InvalidIssuerError: "issuer",
    jwt.InvalidSignatureError: "signature",
    jwt.MissingRequiredClaimError: "missing_claim",
}
