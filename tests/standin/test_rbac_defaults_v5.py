"""The 5.0 stand-in's default RBAC is Wazuh 5.0's (``../shared/reference/wazuh5/server-api/rbac-defaults``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from standin import rbac

Statement = tuple[frozenset[str], frozenset[str], str]


def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def reference(shared: Path) -> dict[str, Any]:
    base = shared / "reference/wazuh5/server-api/rbac-defaults"
    return {name: _load(base / f"{name}.yaml") for name in ("policies", "roles", "relationships", "rules")}


def _statements(statements: Any) -> set[Statement]:
    return {(frozenset(a), frozenset(r), e) for a, r, e in statements}


def test_policies_are_5_0_s(reference: dict[str, Any]) -> None:
    wanted = {
        name: {(frozenset(p["actions"]), frozenset(p["resources"]), p["effect"]) for p in body["policies"].values()}
        for name, body in reference["policies"]["default_policies"].items()
    }
    got = {name: _statements(statements) for name, statements in rbac.defaults(5).policies.items()}
    assert got == wanted


def test_roles_their_policies_and_rules_are_5_0_s(reference: dict[str, Any]) -> None:
    defaults = rbac.defaults(5)
    assert list(defaults.roles) == list(reference["roles"]["default_roles"])  # role ids follow this order
    relations = reference["relationships"]["relationships"]["roles"]
    assert {r: list(p) for r, p in defaults.roles.items()} == {r: v["policy_ids"] for r, v in relations.items()}
    wazuh_rules = reference["rules"]["default_rules"]
    ours = {name: (body, roles) for name, (body, roles) in defaults.rules.items() if not name.startswith("demo_")}
    assert {name: body for name, (body, _) in ours.items()} == {n: r["rule"] for n, r in wazuh_rules.items()}
    granted = {name: set(roles) for name, (_, roles) in ours.items()}
    assert granted == {rule: {role for role, v in relations.items() if rule in v["rule_ids"]} for rule in wazuh_rules}


def test_the_5_0_administrator_may_reload_agents_and_4x_s_may_not() -> None:
    def admin(generation: int) -> rbac.Grants:
        d = rbac.defaults(generation)
        return rbac.Grants(s for p in d.roles["administrator"] for s in d.policies[p])

    assert admin(5).allows("agent:reload", "agent:id:001")
    assert not admin(4).allows("agent:reload", "agent:id:001")
    assert not admin(5).allows("manager:restart") and admin(4).allows("manager:restart")
