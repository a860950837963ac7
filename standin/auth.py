"""Login, tokens and identities: Wazuh's HS256 JWTs, expiry, revocation and run_as.

A token carries Wazuh's claims (``iss``, ``aud``, ``nbf``, ``exp``, ``sub``, ``run_as``,
``rbac_roles``, ``rbac_mode``) plus a revocation generation: revoking (the "expire every
token" fault, like a security-config change on a real manager) bumps the generation and every
older token then answers 401 "Invalid token".
"""

from __future__ import annotations

import base64
import binascii
import hmac
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import jwt

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


@dataclass
class TokenIssuer:
    ttl_s: int = 900
    secret: str = field(default_factory=lambda: secrets.token_hex(32))
    generation: int = 0
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

    def issue(self, user: str, roles: list[int], run_as: bool = False) -> str:
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": ISSUER,
            "aud": AUDIENCE,
            "nbf": now,
            "exp": now + self.ttl_s,
            "sub": user,
            "run_as": run_as,
            "rbac_roles": roles,
            "rbac_mode": "white",
            "gen": self.generation,
        }
        return jwt.encode(claims, self.secret, algorithm="HS256")

    def login(self, header: str | None) -> str:
        user = self.check_basic(header)
        return self.issue(user.username, list(user.roles))

    def login_run_as(self, header: str | None, context: Any) -> str:
        user = self.check_basic(header)
        if not user.allow_run_as:
            raise wazuh_error(6004, status=403)
        self.run_as_log.append((user.username, dict(context) if isinstance(context, dict) else {}))
        return self.issue(user.username, self.db.roles_for_context(context), run_as=True)

    def identify(self, header: str | None) -> Identity:
        """The identity of a Bearer token, or 401 as the real API answers."""
        if not header or not header.lower().startswith("bearer "):
            raise ApiError(401, "No authorization token provided")
        try:
            claims = jwt.decode(
                header[7:].strip(),
                self.secret,
                algorithms=["HS256"],
                audience=AUDIENCE,
                issuer=ISSUER,
                options={"require": ["exp", "nbf", "sub"]},
            )
        except jwt.PyJWTError:
            raise ApiError(401, "Invalid token") from None
        user = self.db.user(claims["sub"])
        if claims.get("gen") != self.generation or user is None:
            raise ApiError(401, "Invalid token")
        # A plain login follows the user's current roles; a run_as token keeps the roles it got.
        roles = [int(r) for r in claims.get("rbac_roles", [])] if claims.get("run_as") else list(user.roles)
        return Identity(user.username, tuple(roles), self.db.grants(roles), bool(claims.get("run_as")))

    def revoke_all(self) -> None:
        self.generation += 1
