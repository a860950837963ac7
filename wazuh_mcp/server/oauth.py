"""Team mode's OAuth 2.1 resource server: bearer tokens verified against the identity provider's keys.

``JwksTokenVerifier`` is the SDK's ``TokenVerifier``: the SDK's bearer middleware calls it on every HTTP
request, answers 401 with a ``WWW-Authenticate`` challenge naming the RFC 9728 metadata document when
it returns None, and serves that document. What a token must be to pass:

- at most ``MAX_TOKEN_BYTES``, three base64url parts, a header ``alg`` in the allowlist (never ``none``
  nor ``HS*``: an HMAC "signed" with the public key is the classic confusion attack) and a ``kid``;
- the ``kid``'s key is of the type the ``alg`` needs (RSA for RS*/PS*, EC on the matching curve for ES*),
  and the ``alg`` the key declares in the JWKS, if any, is the header's;
- signed by a key of the provider's JWKS. An unknown ``kid`` refetches the JWKS (key rotation), at most
  once per ``jwks_min_refresh_s``, so a flood of made-up key ids cannot hammer the provider;
- ``iss`` exactly the configured issuer, ``aud`` containing the configured audience, ``exp`` in the
  future and ``nbf`` in the past (``leeway_s`` of skew), ``sub`` present.

Any problem with a token is a refusal (None → the SDK's 401), never an exception: each is counted by
reason in ``refusals``, the first of each reason is logged, and after that at most one summary line per
``LOG_EVERY_S``, so a flood of bad tokens cannot push ``server.log``'s history out.

``server.caller`` turns a verified token into a ``Caller`` (who, which Wazuh user, which role).
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass
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
LOG_EVERY_S = 60.0
"""Refused tokens are logged once per reason, then summarised at most this often."""
_KEY_TYPE = {"RS": "RSA", "PS": "RSA", "ES": "EC"}
_CURVE = {"ES256": "P-256", "ES384": "P-384", "ES512": "P-521"}


@dataclass(frozen=True)
class _Key:
    """One signing key of the JWKS, with what it declares about itself."""

    jwk: jwt.PyJWK
    kty: str
    alg: str | None
    """The ``alg`` the JWKS names for the key (None: not declared)."""
    crv: str | None


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
        self._keys: dict[str, _Key] = {}
        self._fetched_at = float("-inf")
        self._lock = anyio.Lock()
        self.refreshes = 0
        """How many times the JWKS was fetched (tests check rotation and the rate limit)."""
        self.refusals: dict[str, int] = {}
        """Why tokens were refused, counted (a flood shows here, not as one log line per token)."""
        self._unlogged: dict[str, int] = {}
        self._logged_at = float("-inf")

    # --- keys ---------------------------------------------------------------------------------------

    async def refresh(self, *, force: bool = False) -> bool:
        """Fetch the JWKS unless it was fetched less than ``jwks_min_refresh_s`` ago. True when fetched."""
        async with self._lock:
            if not force and time.monotonic() - self._fetched_at < self.oauth.jwks_min_refresh_s:
                return False
            self._fetched_at = time.monotonic()
            try:
                self._jwks_url, document = await fetch_jwks(self.issuer, self._jwks_url)
            except WazuhMCPError as exc:
                log.warning("could not fetch the identity provider's keys: %s", exc)
                return False
            self._keys = _signing_keys(document)
            self.refreshes += 1
            return True

    async def _key(self, kid: str) -> _Key | None:
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
        try:
            return AccessToken(
                token=token,
                client_id=str(claims.get("azp") or claims.get("client_id") or ""),
                scopes=str(claims.get("scope") or "").split(),
                # The SDK's middleware refuses past ``expires_at`` on its own: the same leeway as the checks
                # here, so /mcp and /approvals agree on when a token has expired.
                expires_at=math.ceil(float(claims["exp"]) + self.oauth.leeway_s),
                resource=self.audience if aud else None,
                subject=str(claims["sub"]),
                claims=claims,
            )
        except Exception as exc:  # claims the SDK's model will not take: a refusal like any other
            self._refused(f"invalid:{type(exc).__name__}"[:64])
            return None

    async def verify(self, token: str) -> dict[str, Any] | None:
        """The token's claims when it passes every check, else None (the reason is counted)."""
        try:
            return await self._checked_claims(token)
        except _Refused as refused:
            self._refused(str(refused))
        except Exception as exc:  # whatever a crafted token makes a library raise is a refusal, not a 500
            self._refused(f"invalid:{type(exc).__name__}"[:64])
        return None

    def _refused(self, reason: str) -> None:
        """Count a refusal; log the first of each reason, then one summary per ``LOG_EVERY_S`` at most."""
        first = reason not in self.refusals
        self.refusals[reason] = self.refusals.get(reason, 0) + 1
        if first:
            log.info("bearer token refused: %s (repeats are summarised at most every %.0f s)", reason, LOG_EVERY_S)
            return
        self._unlogged[reason] = self._unlogged.get(reason, 0) + 1
        now = time.monotonic()
        if now - self._logged_at >= LOG_EVERY_S:
            self._logged_at = now
            counts = ", ".join(f"{r} {n}" for r, n in sorted(self._unlogged.items())[:20])
            log.info("bearer tokens refused since the last summary: %s", counts)
            self._unlogged.clear()

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
        if key.alg is not None and key.alg != alg:
            raise _Refused("algorithm_not_the_keys")  # the JWKS says which algorithm this key signs with
        if _KEY_TYPE.get(alg[:2]) != key.kty or (alg in _CURVE and key.crv != _CURVE[alg]):
            raise _Refused("key_type")  # e.g. ES256 in the header, an RSA key behind the kid
        try:
            claims: dict[str, Any] = jwt.decode(
                token,
                key=key.jwk.key,
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
        if not all(_finite_time(claims.get(name)) for name in ("exp", "nbf", "iat")):
            raise _Refused("time_claim")  # NaN passes PyJWT's comparisons; infinity breaks int()
        return claims


def _finite_time(value: Any) -> bool:
    """Absent, or a finite number of seconds (not a bool)."""
    return value is None or (isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value))


def _signing_keys(document: dict[str, Any]) -> dict[str, _Key]:
    """The JWKS's signature keys by ``kid``; a key PyJWT cannot read is left out (and logged once)."""
    keys: dict[str, _Key] = {}
    raw_keys = document.get("keys")
    for raw in raw_keys if isinstance(raw_keys, list) else []:
        if not isinstance(raw, dict) or not isinstance(raw.get("kid"), str) or raw.get("use") not in (None, "sig"):
            continue
        try:
            jwk = jwt.PyJWK(raw)
        except (jwt.PyJWKError, jwt.InvalidKeyError) as exc:
            log.warning("identity provider key %s left out: %s", bounded(raw.get("kid")), type(exc).__name__)
            continue
        alg = raw.get("alg") if isinstance(raw.get("alg"), str) else None
        crv = raw.get("crv") if isinstance(raw.get("crv"), str) else None
        keys[raw["kid"]] = _Key(jwk, str(raw.get("kty")), alg, crv)
    return keys


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
