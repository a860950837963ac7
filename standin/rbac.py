"""Wazuh's default RBAC objects (roles, policies, auth-context rules) and their evaluation.

The defaults are the facts of Wazuh's ``framework/wazuh/rbac/default`` files, restated as
Python data: seven roles, each a set of policies, each policy a list of (actions, resources,
effect). Wazuh 5.0 has its own (``defaults(5)``: eight roles, no ``manager:*``, ``rules:*``,
``syscollector:*``... actions, and ``agent:reload``), restated from
``../shared/reference/wazuh5/server-api/rbac-defaults/``. Evaluation is Wazuh's "white" mode: nothing is allowed unless a policy allows it, and
a matching deny beats any allow. Resources are ``type:key:value`` with ``*`` wildcards;
resourceless actions use ``*:*:*``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

Statement = tuple[tuple[str, ...], tuple[str, ...], str]  # (actions, resources, effect)
ANY = "*:*:*"
AGENTS = ("agent:id:*", "agent:group:*")

POLICIES: dict[str, tuple[Statement, ...]] = {
    "agents_all": (
        (("agent:create", "group:create", "agent:uninstall"), (ANY,), "allow"),
        (
            ("agent:read", "agent:delete", "agent:modify_group", "agent:reconnect", "agent:restart", "agent:upgrade"),
            AGENTS,
            "allow",
        ),
        (("group:read", "group:delete", "group:update_config", "group:modify_assignments"), ("group:id:*",), "allow"),
    ),
    "agents_read": (
        (("agent:read",), AGENTS, "allow"),
        (("group:read",), ("group:id:*",), "allow"),
    ),
    "agents_commands": ((("active-response:command",), ("agent:id:*",), "allow"),),
    "security_all": (
        (
            (
                "security:create",
                "security:create_user",
                "security:read_config",
                "security:update_config",
                "security:revoke",
                "security:edit_run_as",
            ),
            (ANY,),
            "allow",
        ),
        (
            ("security:read", "security:update", "security:delete"),
            ("role:id:*", "policy:id:*", "user:id:*", "rule:id:*"),
            "allow",
        ),
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
        (
            ("cluster:status", "manager:read", "manager:read_api_config", "manager:update_config", "manager:restart"),
            (ANY,),
            "allow",
        ),
        (
            ("cluster:read_api_config", "cluster:read", "cluster:restart", "cluster:update_config"),
            ("node:id:*",),
            "allow",
        ),
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
    "administrator": (
        "agents_all",
        "agents_commands",
        "security_all",
        "cluster_all",
        "ciscat_read",
        "decoders_all",
        "lists_all",
        "rootcheck_all",
        "rules_all",
        "mitre_read",
        "sca_read",
        "syscheck_all",
        "syscollector_read",
        "logtest_all",
        "task_status",
        "events_ingest",
    ),
    "readonly": (
        "agents_read",
        "ciscat_read",
        "cluster_read",
        "decoders_read",
        "lists_read",
        "rootcheck_read",
        "rules_read",
        "mitre_read",
        "sca_read",
        "syscheck_read",
        "syscollector_read",
    ),
    "users_admin": ("users_all",),
    "agents_readonly": ("agents_read",),
    "agents_admin": ("agents_all",),
    "cluster_readonly": ("cluster_read",),
    "cluster_admin": ("cluster_all",),
}
ROLE_IDS = {name: index for index, name in enumerate(ROLES, start=1)}


# Auth-context rules (run_as): name -> (rule body, roles it grants). The first two are Wazuh's
# defaults; the others are the demo's. Bodies use Wazuh's operators (FIND, MATCH, and their
# regex forms FIND$, MATCH$).
AUTH_CONTEXT_RULES: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "wui_elastic_admin": ({"FIND": {"username": "elastic"}}, ("administrator",)),
    "wui_opensearch_admin": ({"FIND": {"user_name": "admin"}}, ("administrator",)),
    "demo_analyst_a": ({"MATCH": {"username": "analyst-a"}}, ("readonly",)),
    "demo_soc_department": ({"FIND": {"department": "soc"}}, ("readonly",)),
    "demo_cluster_ops": ({"FIND": {"team": "cluster-ops"}}, ("cluster_readonly",)),
}


# Wazuh 5.0's defaults (framework/wazuh/rbac/default/{policies,roles,relationships,rules}.yaml @58c8811b16).
POLICIES_V5: dict[str, tuple[Statement, ...]] = {
    "agents_all": (
        (("agent:create", "group:create", "agent:uninstall"), (ANY,), "allow"),
        (
            ("agent:read", "agent:delete", "agent:modify_group", "agent:restart", "agent:reload", "agent:upgrade"),
            AGENTS,
            "allow",
        ),
        (("group:read", "group:delete", "group:update_config", "group:modify_assignments"), ("group:id:*",), "allow"),
    ),
    "agents_read": POLICIES["agents_read"],
    "security_all": POLICIES["security_all"],
    "users_all": POLICIES["users_all"],
    "users_modify_run_as": ((("security:edit_run_as",), (ANY,), "allow"),),
    "mitre_read": POLICIES["mitre_read"],
    "cluster_all": (
        (("cluster:status", "cluster:update_config", "cluster:restart"), (ANY,), "allow"),
        (
            ("cluster:read_api_config", "cluster:read", "cluster:restart", "cluster:update_config"),
            ("node:id:*",),
            "allow",
        ),
    ),
    "cluster_read": (
        (("cluster:status", "cluster:read", "cluster:read_api_config"), (ANY,), "allow"),
        (("cluster:read_api_config", "cluster:read"), ("node:id:*",), "allow"),
    ),
    "security_read": (
        (("security:read_config",), (ANY,), "allow"),
        (("security:read",), ("role:id:*", "policy:id:*", "user:id:*", "rule:id:*"), "allow"),
    ),
}
ROLES_V5: dict[str, tuple[str, ...]] = {
    "administrator": ("agents_all", "security_all", "cluster_all", "mitre_read"),
    "readonly": ("agents_read", "cluster_read", "mitre_read"),
    "users_admin": ("users_all",),
    "agents_readonly": ("agents_read",),
    "agents_admin": ("agents_all",),
    "cluster_readonly": ("cluster_read",),
    "cluster_admin": ("cluster_all",),
    "wazuh_indexer_admin": ("agents_all", "security_read", "cluster_all", "mitre_read"),
}
AUTH_CONTEXT_RULES_V5: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "wui_elastic_admin": ({"FIND": {"username": "elastic"}}, ("administrator",)),
    "wui_opensearch_admin": ({"FIND": {"user_name": "admin"}}, ("administrator",)),
    "wazuh_indexer_demo": ({"FIND": {"user_name": "wazuh-demo"}}, ("readonly",)),
    "wazuh_indexer_readonly": ({"FIND": {"user_name": "wazuh-readonly"}}, ("readonly",)),
    "wazuh_indexer_admin": ({"FIND": {"user_name": "wazuh-admin"}}, ("wazuh_indexer_admin",)),
    **{name: rule for name, rule in AUTH_CONTEXT_RULES.items() if name.startswith("demo_")},
}


@dataclass(frozen=True)
class Defaults:
    """One generation's default policies, roles (in id order) and auth-context rules."""

    policies: Mapping[str, tuple[Statement, ...]]
    roles: Mapping[str, tuple[str, ...]]
    rules: Mapping[str, tuple[dict[str, Any], tuple[str, ...]]]

    @property
    def role_ids(self) -> dict[str, int]:
        return {name: index for index, name in enumerate(self.roles, start=1)}


def defaults(generation: int = 4) -> Defaults:
    if generation == 5:
        return Defaults(POLICIES_V5, ROLES_V5, AUTH_CONTEXT_RULES_V5)
    return Defaults(POLICIES, ROLES, AUTH_CONTEXT_RULES)


def rule_matches(rule: Mapping[str, Any], body: Any) -> bool:
    """Whether an auth-context ``body`` satisfies a rule (every operator in it must hold)."""
    if not isinstance(rule, Mapping) or not rule:
        return False
    for operator, spec in rule.items():
        op = operator.upper()
        if op in ("AND", "OR", "NOT"):
            parts = spec if isinstance(spec, list) else [spec]
            results = [rule_matches(part, body) for part in parts]
            ok = all(results) if op == "AND" else any(results) if op == "OR" else not any(results)
        elif op in ("FIND", "FIND$", "MATCH", "MATCH$") and isinstance(spec, Mapping):
            search = _find if op.startswith("FIND") else _match_top
            ok = all(search(body, key, value, op.endswith("$")) for key, value in spec.items())
        else:
            return False
        if not ok:
            return False
    return True


def _same(actual: Any, wanted: Any, regex: bool) -> bool:
    values = actual if isinstance(actual, list) else [actual]
    if regex:
        return any(isinstance(v, str) and re.fullmatch(str(wanted), v) is not None for v in values)
    return any(v == wanted for v in values)


def _match_top(body: Any, key: str, value: Any, regex: bool) -> bool:
    return isinstance(body, Mapping) and key in body and _same(body[key], value, regex)


def _find(body: Any, key: str, value: Any, regex: bool = False) -> bool:
    if isinstance(body, Mapping):
        return any((k == key and _same(v, value, regex)) or _find(v, key, value, regex) for k, v in body.items())
    if isinstance(body, list):
        return any(_find(v, key, value, regex) for v in body)
    return False


def _resource_matches(pattern: str, resource: str) -> bool:
    p_parts, r_parts = pattern.split(":"), resource.split(":")
    if len(p_parts) != 3 or len(r_parts) != 3:
        return False
    return all(p == "*" or p == r for p, r in zip(p_parts, r_parts, strict=True))


class Grants:
    """What a set of policy statements allows."""

    def __init__(self, statements: Iterable[Statement]) -> None:
        self.statements: list[Statement] = list(statements)

    def _effects(self, action: str, resource: str) -> set[str]:
        return {
            effect
            for actions, resources, effect in self.statements
            if action in actions and any(_resource_matches(r, resource) for r in resources)
        }

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
