"""Wazuh's default RBAC objects (roles, policies, auth-context rules) and their evaluation.

The defaults are the facts of Wazuh's ``framework/wazuh/rbac/default`` files, restated as
Python data: seven roles, each a set of policies, each policy a list of (actions, resources,
effect). Evaluation is Wazuh's "white" mode: nothing is allowed unless a policy allows it, and
a matching deny beats any allow. Resources are ``type:key:value`` with ``*`` wildcards;
resourceless actions use ``*:*:*``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

Statement = tuple[tuple[str, ...], tuple[str, ...], str]  # (actions, resources, effect)
ANY = "*:*:*"
AGENTS = ("agent:id:*", "agent:group:*")

POLICIES: dict[str, tuple[Statement, ...]] = {
    "agents_all": (
        (("agent:create", "group:create", "agent:uninstall"), (ANY,), "allow"),
        (("agent:read", "agent:delete", "agent:modify_group", "agent:reconnect", "agent:restart", "agent:upgrade"),
         AGENTS, "allow"),
        (("group:read", "group:delete", "group:update_config", "group:modify_assignments"), ("group:id:*",), "allow"),
    ),
    "agents_read": (
        (("agent:read",), AGENTS, "allow"),
        (("group:read",), ("group:id:*",), "allow"),
    ),
    "agents_commands": ((("active-response:command",), ("agent:id:*",), "allow"),),
    "security_all": (
        (("security:create", "security:create_user", "security:read_config", "security:update_config",
          "security:revoke", "security:edit_run_as"), (ANY,), "allow"),
        (("security:read", "security:update", "security:delete"),
         ("role:id:*", "policy:id:*", "user:id:*", "rule:id:*"), "allow"),
    ),
    "users_all": (
        (("security:create_user", "security:revoke", "security:edit_run_as"), (ANY,), "allow"),
        (("security:read", "security:update", "security:delete"), ("user:id:*",), "allow"),
    ),
    "ciscat_read": ((("ciscat:read",), ("agent:id:*",), "allow"),),
    "decoders_read": ((("decoders:read",), ("decoder:file:*",), "allow"),),
    "decoders_all": (
        (("decoders:read", "decoders:delete"), ("decoder:file:*",), "allow"),
        (("decoders:update",), (ANY,), "allow"),
    ),
    "mitre_read": ((("mitre:read",), (ANY,), "allow"),),
    "lists_read": ((("lists:read",), ("list:file:*",), "allow"),),
    "lists_all": (
        (("lists:read", "lists:delete"), ("list:file:*",), "allow"),
        (("lists:update",), (ANY,), "allow"),
    ),
    "rootcheck_read": ((("rootcheck:read",), ("agent:id:*",), "allow"),),
    "rootcheck_all": ((("rootcheck:clear", "rootcheck:read", "rootcheck:run"), ("agent:id:*",), "allow"),),
    "rules_read": ((("rules:read",), ("rule:file:*",), "allow"),),
    "rules_all": (
        (("rules:read", "rules:delete"), ("rule:file:*",), "allow"),
        (("rules:update",), (ANY,), "allow"),
    ),
    "sca_read": ((("sca:read",), ("agent:id:*",), "allow"),),
    "syscheck_read": ((("syscheck:read",), ("agent:id:*",), "allow"),),
    "syscheck_all": ((("syscheck:clear", "syscheck:read", "syscheck:run"), ("agent:id:*",), "allow"),),
    "syscollector_read": ((("syscollector:read",), ("agent:id:*",), "allow"),),
    "cluster_all": (
        (("cluster:status", "manager:read", "manager:read_api_config", "manager:update_config", "manager:restart"),
         (ANY,), "allow"),
        (("cluster:read_api_config", "cluster:read", "cluster:restart", "cluster:update_config"),
         ("node:id:*",), "allow"),
    ),
    "cluster_read": (
        (("cluster:status", "manager:read", "manager:read_api_config"), (ANY,), "allow"),
        (("cluster:read_api_config", "cluster:read"), ("node:id:*",), "allow"),
    ),
    "logtest_all": ((("logtest:run",), (ANY,), "allow"),),
    "task_status": ((("task:status",), (ANY,), "allow"),),
    "events_ingest": ((("event:ingest",), (ANY,), "allow"),),
}

# Role names in Wazuh's id order (administrator is role 1 in every token's rbac_roles).
ROLES: dict[str, tuple[str, ...]] = {
    "administrator": ("agents_all", "agents_commands", "security_all", "cluster_all", "ciscat_read",
                      "decoders_all", "lists_all", "rootcheck_all", "rules_all", "mitre_read", "sca_read",
                      "syscheck_all", "syscollector_read", "logtest_all", "task_status", "events_ingest"),
    "readonly": ("agents_read", "ciscat_read", "cluster_read", "decoders_read", "lists_read", "rootcheck_read",
                 "rules_read", "mitre_read", "sca_read", "syscheck_read", "syscollector_read"),
    "users_admin": ("users_all",),
    "agents_readonly": ("agents_read",),
    "agents_admin": ("agents_all",),
    "cluster_readonly": ("cluster_read",),
    "cluster_admin": ("cluster_all",),
}
ROLE_IDS = {name: index for index, name in enumerate(ROLES, start=1)}
ROLE_NAMES = {index: name for name, index in ROLE_IDS.items()}


@dataclass(frozen=True)
class AuthContextRule:
    """A run_as rule: if the auth-context body matches, the token gets ``roles``.

    ``FIND`` matches a key anywhere in the body with that value (or a list holding it), as
    Wazuh's rule engine does; the first two are Wazuh's defaults, the others are the demo's.
    """

    name: str
    find: Mapping[str, Any]
    roles: tuple[str, ...]

    def matches(self, body: Any) -> bool:
        return all(_find(body, key, value) for key, value in self.find.items())


def _find(body: Any, key: str, value: Any) -> bool:
    if isinstance(body, Mapping):
        for k, v in body.items():
            if k == key and (v == value or (isinstance(v, list) and value in v)):
                return True
            if _find(v, key, value):
                return True
    elif isinstance(body, list):
        return any(_find(v, key, value) for v in body)
    return False


AUTH_CONTEXT_RULES: tuple[AuthContextRule, ...] = (
    AuthContextRule("wui_elastic_admin", {"username": "elastic"}, ("administrator",)),
    AuthContextRule("wui_opensearch_admin", {"user_name": "admin"}, ("administrator",)),
    AuthContextRule("demo_analyst_a", {"username": "analyst-a"}, ("readonly",)),
    AuthContextRule("demo_soc_department", {"department": "soc"}, ("readonly",)),
    AuthContextRule("demo_cluster_ops", {"team": "cluster-ops"}, ("cluster_readonly",)),
)


def roles_for_context(body: Any) -> tuple[str, ...]:
    roles: list[str] = []
    for rule in AUTH_CONTEXT_RULES:
        if rule.matches(body):
            roles.extend(r for r in rule.roles if r not in roles)
    return tuple(roles)


def _resource_matches(pattern: str, resource: str) -> bool:
    p_parts, r_parts = pattern.split(":"), resource.split(":")
    if len(p_parts) != 3 or len(r_parts) != 3:
        return False
    return all(p == "*" or p == r for p, r in zip(p_parts, r_parts, strict=True))


class Grants:
    """What a set of roles may do."""

    def __init__(self, roles: Iterable[str]) -> None:
        self.roles = tuple(roles)
        self.statements: list[Statement] = [s for role in self.roles for p in ROLES.get(role, ())
                                            for s in POLICIES[p]]

    def _effects(self, action: str, resource: str) -> set[str]:
        return {effect for actions, resources, effect in self.statements
                if action in actions and any(_resource_matches(r, resource) for r in resources)}

    def allows(self, action: str, resource: str = ANY) -> bool:
        effects = self._effects(action, resource)
        return "allow" in effects and "deny" not in effects

    def allows_any(self, resources: Iterable[str], action: str) -> bool:
        """True when one of ``resources`` is allowed (an agent by id or by one of its groups)."""
        return any(self.allows(action, r) for r in resources)

    def has_action(self, action: str) -> bool:
        return any(action in actions and effect == "allow" for actions, _, effect in self.statements)


def agent_resources(agent_id: str, groups: Iterable[str]) -> list[str]:
    return [f"agent:id:{agent_id}", *(f"agent:group:{g}" for g in groups)]
