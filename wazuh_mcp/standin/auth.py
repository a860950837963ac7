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

from wazuh_mcp.standin.problems import ApiError, wazuh_error
from wazuh_mcp.standin.rbac import ROLE_IDS, ROLE_NAMES, Grants, roles_for_context

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
    """Who a valid token speaks for."""

    user: str
    roles: tuple[str, ...]
    run_as: bool = False

    @property
    def grants(self) -> Grants:
        return Grants(self.roles)


@dataclass
class TokenIssuer:
    ttl_s: int = 900
    secret: str = field(default_factory=lambda: secrets.token_hex(32))
    generation: int = 0
    users: dict[str, DemoUser] = field(default_factory=lambda: dict(DEMO_USERS))

    def check_basic(self, header: str | None) -> tuple[str, DemoUser]:
        """The user a Basic ``Authorization`` header names, or 401 "Invalid credentials"."""
        invalid = ApiError(401, "Invalid credentials")
        if not header or not header.lower().startswith("basic "):
            raise invalid
        try:
            decoded = base64.b64decode(header[6:].strip(), validate=True).decode()
        except (binascii.Error, UnicodeDecodeError):
            raise invalid from None
        name, _, password = decoded.partition(":")
        user = self.users.get(name)
        if user is None or not hmac.compare_digest(user.password.encode(), password.encode()):
            raise invalid
        return name, user

    def issue(self, user: str, roles: tuple[str, ...], run_as: bool = False) -> str:
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": ISSUER, "aud": AUDIENCE, "nbf": now, "exp": now + self.ttl_s, "sub": user,
            "run_as": run_as, "rbac_roles": [ROLE_IDS[r] for r in roles], "rbac_mode": "white",
            "gen": self.generation,
        }
        return jwt.encode(claims, self.secret, algorithm="HS256")

    def login(self, header: str | None) -> str:
        name, user = self.check_basic(header)
        return self.issue(name, user.roles)

    def login_run_as(self, header: str | None, context: Any) -> str:
        name, user = self.check_basic(header)
        if not user.allow_run_as:
            raise wazuh_error(6004, status=403)
        return self.issue(name, roles_for_context(context), run_as=True)

    def identify(self, header: str | None) -> Identity:
        """The identity of a Bearer token, or 401 as the real API answers."""
        if not header or not header.lower().startswith("bearer "):
            raise ApiError(401, "No authorization token provided")
        try:
            claims = jwt.decode(header[7:].strip(), self.secret, algorithms=["HS256"], audience=AUDIENCE,
                                issuer=ISSUER, options={"require": ["exp", "nbf", "sub"]})
        except jwt.PyJWTError:
            raise ApiError(401, "Invalid token") from None
        if claims.get("gen") != self.generation or claims["sub"] not in self.users:
            raise ApiError(401, "Invalid token")
        roles = tuple(ROLE_NAMES[r] for r in claims.get("rbac_roles", []) if r in ROLE_NAMES)
        return Identity(claims["sub"], roles, bool(claims.get("run_as")))

    def revoke_all(self) -> None:
        self.generation += 1
