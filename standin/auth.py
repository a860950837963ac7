"""Login, tokens and identities: Wazuh's ES512 JWTs, expiry, revocation and run_as.

As recorded from a real 4.14.7 manager (the oracle's ``auth-claims*`` lines): tokens are
ES512, signed with a P-521 key generated once per stand-in, and carry exactly Wazuh's claims
(``iss``, ``aud``, ``nbf``, ``exp = nbf + auth_token_exp_timeout``, ``sub``, ``run_as``,
``rbac_roles``, ``rbac_mode``; a run_as token adds ``hash_auth_context``, a BLAKE2b-128 of the
auth context). The key outlives a manager restart, so old tokens stay valid across one (the
oracle's ``api2-rst-3``); a security-config change (``PUT``/``DELETE /security/config``, or the
"expire every token" fault) revokes every token issued before it. Wazuh keeps that in its own
database, not in the token, so the issuer remembers which revocation epoch each token it
signed belongs to. Any other token (garbage, tampered, ``alg=none``, expired) is 401 "Invalid
token".
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import ec

from standin.problems import ApiError, wazuh_error
from standin.rbac import Grants
from standin.security import SecurityDb, UserRec

ISSUER = "wazuh"
AUDIENCE = "Wazuh API REST"


@dataclass(frozen=True)
class DemoUser:
    password: str
    roles: tuple[str, ...]
    allow_run_as: bool = False


# The stand-in's API users. Passwords are demo-only: they unlock nothing but this in-process fake.
DEMO_USERS: dict[str, DemoUser] = {
    "wazuh": DemoUser("wazuh", ("administrator",), allow_run_as=True),
    "wazuh-wui": DemoUser("wazuh-wui", ("administrator",), allow_run_as=True),
    "analyst": DemoUser("Analyst.Demo-1", ("readonly",)),
    "agents-ro": DemoUser("AgentsRO.Demo-1", ("agents_readonly",)),
    "cluster-ro": DemoUser("ClusterRO.Demo-1", ("cluster_readonly",)),
    "nobody": DemoUser("Nobody.Demo-1", ()),
}


@dataclass(frozen=True)
class Identity:
    """Who a valid token speaks for: the user, its role ids and what they grant."""

    user: str
    roles: tuple[int, ...]
    grants: Grants
    run_as: bool = False


ANONYMOUS = Identity("", (), Grants(()))


def _p521() -> ec.EllipticCurvePrivateKey:
    return ec.generate_private_key(ec.SECP521R1())


def hash_auth_context(context: Any) -> str:
    """Wazuh's ``hash_auth_context`` claim: BLAKE2b, 16 bytes, of the context as ``json.dumps`` writes it."""
    return hashlib.blake2b(json.dumps(context).encode(), digest_size=16).hexdigest()


@dataclass
class TokenIssuer:
    ttl_s: int = 900
    key: ec.EllipticCurvePrivateKey = field(default_factory=_p521, repr=False)
    generation: int = 0
    clock_offset_s: float = 0.0
    """Added to the clock tokens are issued and checked by (a test moves time instead of waiting)."""
    _epochs: dict[str, tuple[int, int]] = field(default_factory=dict, repr=False)  # signature -> (generation, exp)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    db: SecurityDb = field(default_factory=lambda: SecurityDb.default(DEMO_USERS))
    run_as_log: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    """Every run_as login: (API user, auth context), as a manager's API log shows them (tests read it)."""

    def check_basic(self, header: str | None) -> UserRec:
        """The user a Basic ``Authorization`` header names, or 401 "Invalid credentials"."""
        invalid = ApiError(401, "Invalid credentials")
        if not header or not header.lower().startswith("basic "):
            raise invalid
        try:
            decoded = base64.b64decode(header[6:].strip(), validate=True).decode()
        except (binascii.Error, UnicodeDecodeError):
            raise invalid from None
        name, _, password = decoded.partition(":")
        user = self.db.user(name)
        if user is None or not hmac.compare_digest(user.password.encode(), password.encode()):
            raise invalid
        return user

    def now(self) -> float:
        return time.time() + self.clock_offset_s

    def issue(self, user: str, roles: list[int], run_as: bool = False, context: Any = None) -> str:
        now = int(self.now())
        claims: dict[str, Any] = {
            "iss": ISSUER,
            "aud": AUDIENCE,
            "nbf": now,
            "exp": now + self.ttl_s,
            "sub": user,
            "run_as": run_as,
            "rbac_roles": roles,
            "rbac_mode": "white",
        }
        if run_as:
            claims["hash_auth_context"] = hash_auth_context(context)
        token = jwt.encode(claims, self.key, algorithm="ES512")
        with self._lock:
            self._epochs = {s: e for s, e in self._epochs.items() if e[1] >= now}  # forget expired tokens
            self._epochs[token.rsplit(".", 1)[1]] = (self.generation, claims["exp"])
        return token

    def login(self, header: str | None) -> str:
        user = self.check_basic(header)
        return self.issue(user.username, list(user.roles))

    def login_run_as(self, header: str | None, context: Any) -> str:
        user = self.check_basic(header)
        if not user.allow_run_as:
            raise wazuh_error(6004, status=403)
        self.run_as_log.append((user.username, dict(context) if isinstance(context, dict) else {}))
        return self.issue(user.username, self.db.roles_for_context(context), run_as=True, context=context)

    def identify(self, header: str | None) -> Identity:
        """The identity of a Bearer token, or 401 as the real API answers."""
        if not header or not header.lower().startswith("bearer "):
            raise ApiError(401, "No authorization token provided")
        token = header[7:].strip()
        invalid = ApiError(401, "Invalid token")
        try:
            claims = jwt.decode(
                token,
                self.key.public_key(),
                algorithms=["ES512"],
                audience=AUDIENCE,
                issuer=ISSUER,
                options={"require": ["exp", "nbf", "sub"], "verify_exp": False, "verify_nbf": False},
            )
        except (jwt.PyJWTError, ValueError, TypeError):
            raise invalid from None
        now = self.now()
        with self._lock:
            epoch = self._epochs.get(token.rsplit(".", 1)[1])
        if epoch is None or epoch[0] != self.generation or not claims["nbf"] <= now < claims["exp"]:
            raise invalid
        user = self.db.user(claims["sub"])
        if user is None:
            raise invalid
        # A plain login follows the user's current roles; a run_as token keeps the roles it got.
        roles = [int(r) for r in claims.get("rbac_roles", [])] if claims.get("run_as") else list(user.roles)
        return Identity(user.username, tuple(roles), self.db.grants(roles), bool(claims.get("run_as")))

    def revoke_all(self) -> None:
        self.generation += 1
