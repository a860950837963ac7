"""The RBAC database of one stand-in: users, roles, policies and auth-context rules, with ids.

Seeded from Wazuh's defaults (``rbac.py``: roles 1-7, their policies, the two WUI rules) and
the demo users; ``POST /security/*`` adds to it for the life of the app. Default objects keep
ids below 100 and new ones start at 100, as on a real manager. Tokens name roles by id, and a
token's grants are computed from the roles' linked policies at each request.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from standin import rbac

CUSTOM_START = 100


@dataclass
class UserRec:
    id: int
    username: str
    password: str
    allow_run_as: bool = False
    roles: list[int] = field(default_factory=list)

    def item(self) -> dict[str, Any]:
        return {"id": self.id, "username": self.username, "allow_run_as": self.allow_run_as, "roles": list(self.roles)}


@dataclass
class RoleRec:
    id: int
    name: str
    policies: list[int] = field(default_factory=list)
    rules: list[int] = field(default_factory=list)

    def item(self, users: list[int]) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "policies": list(self.policies),
            "rules": list(self.rules),
            "users": users,
        }


@dataclass
class PolicyRec:
    id: int
    name: str
    actions: list[str]
    resources: list[str]
    effect: str

    def item(self, roles: list[int]) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "policy": {"actions": self.actions, "resources": self.resources, "effect": self.effect},
            "roles": roles,
        }


@dataclass
class RuleRec:
    id: int
    name: str
    rule: dict[str, Any]

    def item(self, roles: list[int]) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "rule": self.rule, "roles": roles}


@dataclass
class SecurityDb:
    users: dict[int, UserRec] = field(default_factory=dict)
    roles: dict[int, RoleRec] = field(default_factory=dict)
    policies: dict[int, PolicyRec] = field(default_factory=dict)
    rules: dict[int, RuleRec] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    @classmethod
    def default(cls, users: Mapping[str, Any], generation: int = 4) -> SecurityDb:
        """Wazuh's default roles, policies and rules (4.14's, or 5.0's for ``generation`` 5), and ``users``
        (name -> DemoUser) as users 1..n."""
        defaults = rbac.defaults(generation)
        role_ids = defaults.role_ids
        db = cls()
        policy_ids: dict[str, list[int]] = {}
        for name, statements in defaults.policies.items():
            for index, (actions, resources, effect) in enumerate(statements):
                pid = len(db.policies) + 1
                db.policies[pid] = PolicyRec(pid, f"{name}_{index}", list(actions), list(resources), effect)
                policy_ids.setdefault(name, []).append(pid)
        for name, policy_names in defaults.roles.items():
            rid = role_ids[name]
            db.roles[rid] = RoleRec(rid, name, [p for n in policy_names for p in policy_ids[n]])
        for index, (name, (body, role_names)) in enumerate(defaults.rules.items(), start=1):
            db.rules[index] = RuleRec(index, name, dict(body))
            for role_name in role_names:
                db.roles[role_ids[role_name]].rules.append(index)
        for index, (name, user) in enumerate(users.items(), start=1):
            db.users[index] = UserRec(index, name, user.password, user.allow_run_as, [role_ids[r] for r in user.roles])
        return db

    def next_id(self, table: Mapping[int, Any]) -> int:
        return max([CUSTOM_START - 1, *table]) + 1

    def user(self, name: str) -> UserRec | None:
        return next((u for u in self.users.values() if u.username == name), None)

    def grants(self, role_ids: list[int]) -> rbac.Grants:
        with self.lock:
            statements = [
                (tuple(p.actions), tuple(p.resources), p.effect)
                for rid in role_ids
                if rid in self.roles
                for pid in self.roles[rid].policies
                if (p := self.policies.get(pid))
            ]
        return rbac.Grants(statements)

    def roles_for_context(self, body: Any) -> list[int]:
        with self.lock:
            matched = {r.id for r in self.rules.values() if rbac.rule_matches(r.rule, body)}
            return [role.id for role in self.roles.values() if matched & set(role.rules)]

    def users_of(self, role_id: int) -> list[int]:
        return [u.id for u in self.users.values() if role_id in u.roles]

    def roles_with(self, attr: str, item_id: int) -> list[int]:
        return [r.id for r in self.roles.values() if item_id in getattr(r, attr)]
