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

``server.caller`` turns a verified token into a ``Caller`` (who, which Wazuh user, which role).
"""

from __future__ import annotations

import logging
import time
from typing import Any

import anyio
import jwt
from mcp.server.auth.provider import AccessToken

from wazuh_mcp.backends.jwks import fetch_jwks
from wazuh_mcp.config.settings import OAuthSettings
from wazuh_mcp.errors import ConfigurationError, WazuhMCPError
from wazuh_mcp.runtime.caller import bounded

log = logging.getLogger(__name__)

MAX_TOKEN_BYTES = 16 * 1024
"""Longer bearer values are refused before any parsing (Keycloak's tokens are ~1.5 KB)."""


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
        if bounded(claims.get("sub")) is None:
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
