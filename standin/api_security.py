"""``/security/*`` administration: users, roles, policies, auth-context rules and their links.

New objects land in the app's ``SecurityDb`` and take effect at once (a user's token follows
its roles). Failures per object are Wazuh's: 4005/4009 (name or body exists), 4006 (invalid
policy), 4002/4007/4022/5001 (unknown role/policy/rule/user), 4017 (already linked), 5000
(user exists). Bodies are validated like the spec's request schemas (400 otherwise).
"""

from __future__ import annotations

import json
import re
from typing import Any

from standin.framework import Ctx, Endpoint
from standin.params import COMMON, FORMATS, LISTING, ParamSpec, specs
from standin.problems import bad_request, envelope, failed_item, group_failures
from standin.query import Collection, run
from standin.security import PolicyRec, RoleRec, RuleRec, UserRec

_PASSWORD = re.compile(r"^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^\w\s]).{8,64}$")
_ACTION = re.compile(r"^[a-z\-]+:[a-z_\-]+$")
_RESOURCE = re.compile(r"^[^:\s]+:[^:\s]+:.+$")


async def _body(ctx: Ctx, allowed: set[str], required: set[str]) -> dict[str, Any]:
    raw = await ctx.request.body()
    try:
        body = json.loads(raw) if raw else None
    except ValueError:
        raise bad_request("Invalid JSON body") from None
    if not isinstance(body, dict):
        raise bad_request("The request body must be a JSON object")
    extra = set(body) - allowed
    if extra:
        raise bad_request(f"Additional properties are not allowed ({', '.join(sorted(extra))} were unexpected)")
    missing = required - set(body)
    if missing:
        raise bad_request(f"'{sorted(missing)[0]}' is a required property")
    return body


def _name(body: dict[str, Any], key: str = "name", min_length: int = 1) -> str:
    value = body[key]
    if not isinstance(value, str):
        raise bad_request(f"{value!r} is not of type 'string'")
    if not min_length <= len(value) <= 64:
        raise bad_request(f"'{value}' is too {'long' if len(value) > 64 else 'short'}")
    if not FORMATS["names"].match(value):
        raise bad_request(f"'{value}' is not a 'names'")
    return value


async def create_user(ctx: Ctx) -> dict[str, Any]:
    body = await _body(ctx, {"username", "password"}, {"username", "password"})
    username = _name(body, "username", min_length=4)
    password = body["password"]
    if not isinstance(password, str) or not _PASSWORD.match(password):
        raise bad_request(
            "The password must be 8 to 64 characters long with upper and lower case letters, a number and a symbol"
        )
    db = ctx.state.issuer.db
    messages = ("User was successfully created", "User could not be created", "User could not be created")
    with db.lock:
        if db.user(username) is not None:
            return envelope([], failed=[failed_item(5000, [username])], messages=messages)
        user = UserRec(db.next_id(db.users), username, password)
        db.users[user.id] = user
    return envelope([user.item()], messages=messages)


async def create_role(ctx: Ctx) -> dict[str, Any]:
    body = await _body(ctx, {"name"}, {"name"})
    name = _name(body)
    db = ctx.state.issuer.db
    messages = ("Role was successfully created", "Role could not be created", "Role could not be created")
    with db.lock:
        if any(r.name == name for r in db.roles.values()):
            return envelope([], failed=[failed_item(4005, [name])], messages=messages)
        role = RoleRec(db.next_id(db.roles), name)
        db.roles[role.id] = role
    return envelope([role.item([])], messages=messages)


async def create_rule(ctx: Ctx) -> dict[str, Any]:
    body = await _body(ctx, {"name", "rule"}, {"name", "rule"})
    name = _name(body)
    if not isinstance(body["rule"], dict):
        raise bad_request(f"{body['rule']!r} is not of type 'object'")
    db = ctx.state.issuer.db
    messages = (
        "Security rule was successfully created",
        "Security rule could not be created",
        "Security rule could not be created",
    )
    with db.lock:
        if any(r.name == name or r.rule == body["rule"] for r in db.rules.values()):
            return envelope([], failed=[failed_item(4005, [name])], messages=messages)
        rule = RuleRec(db.next_id(db.rules), name, body["rule"])
        db.rules[rule.id] = rule
    return envelope([rule.item([])], messages=messages)


def _normalise_resource(resource: str) -> str:
    # Wazuh lower-cases a resource's type and key, not its value ("group:id:Group_Name").
    parts = resource.split(":", 2)
    return ":".join([parts[0].lower(), parts[1].lower(), parts[2]])


async def create_policy(ctx: Ctx) -> dict[str, Any]:
    body = await _body(ctx, {"name", "policy"}, {"name", "policy"})
    name = _name(body)
    policy = body["policy"]
    if not isinstance(policy, dict):
        raise bad_request(f"{policy!r} is not of type 'object'")
    for key in ("actions", "resources", "effect"):
        if key not in policy:
            raise bad_request(f"'{key}' is a required property")
    messages = ("Policy was successfully created", "Policy could not be created", "Policy could not be created")
    actions, resources, effect = policy["actions"], policy["resources"], policy["effect"]
    if not (
        isinstance(actions, list)
        and isinstance(resources, list)
        and isinstance(effect, str)
        and actions
        and resources
        and all(isinstance(x, str) for x in [*actions, *resources])
    ):
        raise bad_request("policy: 'actions' and 'resources' must be lists of strings, 'effect' a string")
    actions = [a.lower() for a in actions]
    effect = effect.lower()
    if (
        not all(_ACTION.match(a) for a in actions)
        or not all(_RESOURCE.match(r) for r in resources)
        or effect not in ("allow", "deny")
    ):
        return envelope([], failed=[failed_item(4006, [name])], messages=messages)
    resources = [_normalise_resource(r) for r in resources]
    db = ctx.state.issuer.db
    with db.lock:
        same = [
            p
            for p in db.policies.values()
            if p.name == name or (p.actions, p.resources, p.effect) == (actions, resources, effect)
        ]
        if same:
            return envelope([], failed=[failed_item(4009, [name])], messages=messages)
        record = PolicyRec(db.next_id(db.policies), name, actions, resources, effect)
        db.policies[record.id] = record
    return envelope([record.item([])], messages=messages)


def _ids(ctx: Ctx, param: str) -> list[int]:
    return [int(i) for i in dict.fromkeys(ctx.params[param])]


async def link_user_roles(ctx: Ctx) -> dict[str, Any]:
    db = ctx.state.issuer.db
    user_id = int(ctx.path["user_id"])
    messages = ("All roles were linked to user", "Some roles were not linked to user", "No link was created")
    with db.lock:
        user = db.users.get(user_id)
        if user is None:
            return envelope([], failed=[failed_item(5001, [user_id])], messages=messages)
        failures: list[tuple[Any, int]] = []
        linked = 0
        for role_id in sorted(_ids(ctx, "role_ids")):
            if role_id not in db.roles:
                failures.append((role_id, 4002))
            elif role_id in user.roles:
                failures.append((role_id, 4017))
            else:
                user.roles.append(role_id)
                linked += 1
        items = [{"username": user.username, "roles": sorted(user.roles)}] if linked else []
    return envelope(items, linked, failed=group_failures(failures), messages=messages)


def _link_role(attr: str, param: str, table: str, missing_code: int) -> Any:
    async def handle(ctx: Ctx) -> dict[str, Any]:
        db = ctx.state.issuer.db
        role_id = int(ctx.path["role_id"])
        messages = (f"All {table} were linked to role", f"Some {table} were not linked to role", "No link was created")
        with db.lock:
            role = db.roles.get(role_id)
            if role is None:
                return envelope([], failed=[failed_item(4002, [role_id])], messages=messages)
            targets = getattr(db, table)
            links: list[int] = getattr(role, attr)
            failures: list[tuple[Any, int]] = []
            linked = 0
            for target in sorted(_ids(ctx, param)):
                if target not in targets:
                    failures.append((target, missing_code))
                elif target in links:
                    failures.append((target, 4011 if attr == "policies" else 4023))
                else:
                    links.append(target)
                    linked += 1
            items = [role.item(db.users_of(role.id))] if linked else []
        return envelope(items, linked, failed=group_failures(failures), messages=messages)

    return handle


_USERS = Collection(fields=("id", "username", "allow_run_as", "roles"), required=("id",), wdb=False)
_ROLES = Collection(fields=("id", "name", "policies", "rules", "users"), required=("id",), wdb=False)
_POLICIES = Collection(
    fields=("id", "name", "policy.actions", "policy.resources", "policy.effect", "roles"), required=("id",), wdb=False
)
_RULES = Collection(fields=("id", "name", "rule", "roles"), required=("id",), wdb=False)


def _listing(table: str, coll: Collection, ids_param: str) -> Any:
    async def handle(ctx: Ctx) -> dict[str, Any]:
        db = ctx.state.issuer.db
        with db.lock:
            if table == "users":
                items = [u.item() for u in db.users.values()]
            elif table == "roles":
                items = [r.item(db.users_of(r.id)) for r in db.roles.values()]
            elif table == "policies":
                items = [p.item(db.roles_with("policies", p.id)) for p in db.policies.values()]
            else:
                items = [r.item(db.roles_with("rules", r.id)) for r in db.rules.values()]
        wanted = ctx.params.get(ids_param)
        failed = []
        if wanted:
            ids = [int(i) for i in wanted]
            known = {i["id"] for i in items}
            missing = [i for i in ids if i not in known]
            failed = (
                [failed_item({"users": 5001, "roles": 4002, "policies": 4007, "rules": 4022}[table], missing)]
                if missing
                else []
            )
            items = [i for i in items if i["id"] in ids]
        page, total = run(items, coll, ctx.list_query())
        return envelope(
            page,
            total,
            failed=failed,
            messages=(
                f"All specified {table} were returned",
                f"Some {table} were not returned",
                f"No {table} were returned",
            ),
        )

    return handle


_IDS = ParamSpec("list", fmt="numbers")
_POSITION = ParamSpec("int", minimum=0)
ENDPOINTS = [
    Endpoint("POST", "/security/users", create_user, COMMON, action="security:create_user"),
    Endpoint("POST", "/security/roles", create_role, COMMON, action="security:create"),
    Endpoint("POST", "/security/rules", create_rule, COMMON, action="security:create"),
    Endpoint("POST", "/security/policies", create_policy, COMMON, action="security:create"),
    Endpoint(
        "POST",
        "/security/users/{user_id}/roles",
        link_user_roles,
        specs(COMMON, role_ids=_IDS, position=_POSITION),
        action="security:update",
        scoped=True,
        resource_type="user:id",
        path_formats={"user_id": "numbers"},
    ),
    Endpoint(
        "POST",
        "/security/roles/{role_id}/policies",
        _link_role("policies", "policy_ids", "policies", 4007),
        specs(COMMON, policy_ids=_IDS, position=_POSITION),
        action="security:update",
        scoped=True,
        resource_type="role:id",
        path_formats={"role_id": "numbers"},
    ),
    Endpoint(
        "POST",
        "/security/roles/{role_id}/rules",
        _link_role("rules", "rule_ids", "rules", 4022),
        specs(COMMON, rule_ids=_IDS),
        action="security:update",
        scoped=True,
        resource_type="role:id",
        path_formats={"role_id": "numbers"},
    ),
    Endpoint(
        "GET",
        "/security/users",
        _listing("users", _USERS, "user_ids"),
        specs(LISTING, user_ids=_IDS),
        action="security:read",
        scoped=True,
        resource_type="user:id",
    ),
    Endpoint(
        "GET",
        "/security/roles",
        _listing("roles", _ROLES, "role_ids"),
        specs(LISTING, role_ids=_IDS),
        action="security:read",
        scoped=True,
        resource_type="role:id",
    ),
    Endpoint(
        "GET",
        "/security/policies",
        _listing("policies", _POLICIES, "policy_ids"),
        specs(LISTING, policy_ids=_IDS),
        action="security:read",
        scoped=True,
        resource_type="policy:id",
    ),
    Endpoint(
        "GET",
        "/security/rules",
        _listing("rules", _RULES, "rule_ids"),
        specs(LISTING, rule_ids=_IDS),
        action="security:read",
        scoped=True,
        resource_type="rule:id",
    ),
]
