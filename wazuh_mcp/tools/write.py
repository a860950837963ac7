"""write.*: custom rule files and manager restarts — never carried out on the model's word alone.

The model reads alert text an attacker wrote, so a write tool only *prepares* a change. Under
the default ``confirmation_required`` tier it validates the request, records the exact
payload, a diff, the target's current sha256 and the requesting session in the pending-change
store (``wazuh_mcp.writes.approvals``), and answers ``pending_approval``: Wazuh is untouched until a
human runs ``wazuh-mcp approve <id>`` in another process. Under the looser, per-tool
``caller_attested`` tier (``write_tiers`` in the settings) the same call applies the change when
it carries ``confirm=true``; that proves only that the client said the user agreed.

These tools are hidden unless writes are enabled (``WAZUH_MCP_WRITES=on``) and the role allows
them; that filtering lives in the registry, not here.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context
from pydantic import Field

from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.errors import InvalidArgument, NotFound
from wazuh_mcp.models.write import ChangeKind, RestartScope, Tier, WriteResult
from wazuh_mcp.rulecheck.rule_xml import (
    CUSTOM_ID_MAX,
    CUSTOM_ID_MIN,
    CUSTOM_RULES_DIR,
    MAX_RULE_FILE_BYTES,
    RuleFile,
    parse_rule_file,
    require_custom_file,
    silencing,
)
from wazuh_mcp.runtime.context import AppContext, deps
from wazuh_mcp.runtime.registry import tool
from wazuh_mcp.tools._changes import change_store, requester_of
from wazuh_mcp.untrusted import bound, clean
from wazuh_mcp.writes.approvals import unified_diff
from wazuh_mcp.writes.generation_checks import check_generation
from wazuh_mcp.writes.rule_files import (
    check_against_manager,
    manager_node,
    read_rule_file,
    rule_descriptions,
    rule_locations,
    rules_defined_elsewhere,
    validate_configuration,
)

MAX_DIFF_CHARS = 6000
"""The diff in a tool result is for the model to show the user; the full one is in the change record."""
_RULE_ID_ATTR = re.compile(r"<rule\b[^>]*?\bid\s*=\s*[\"']\s*([0-9]+)\s*[\"']", re.IGNORECASE)

RuleXml = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_RULE_FILE_BYTES,
        description='The whole rule file: <group name="..."> holding <rule id="..." level="..."> elements, each '
        f"with a <description> (<var> allowed); custom ids ({CUSTOM_ID_MIN}-{CUSTOM_ID_MAX}); no <?xml?> "
        "declaration, DOCTYPE or CDATA (Wazuh refuses them).",
    ),
]
CustomRuleId = Annotated[
    int,
    Field(
        ge=CUSTOM_ID_MIN,
        le=CUSTOM_ID_MAX,
        description=f"Id of an existing custom rule ({CUSTOM_ID_MIN}-{CUSTOM_ID_MAX}); its file is replaced.",
    ),
]
Confirm = Annotated[
    bool,
    Field(
        description="caller_attested tier only: true once the user agreed to this exact change here; otherwise "
        "a person approves out of band.",
    ),
]


def _tier(app: AppContext, tool_id: str) -> Tier:
    return app.settings.write_tiers.get(tool_id, "confirmation_required")


def _cut(diff: str) -> tuple[str, bool]:
    """The diff as the model reads it: cut, and cleaned with its lines kept — its ``-`` lines are the current file
    as the manager holds it, which any rule file's author wrote (C1, bidi and tag characters are valid XML). The
    record keeps the diff as it is; a person reads it through ``untrusted.shown``."""
    if len(diff) <= MAX_DIFF_CHARS:
        return clean(diff, keep_newlines=True), False
    return clean(
        diff[:MAX_DIFF_CHARS], keep_newlines=True
    ) + "\n… (diff cut; `wazuh-mcp pending` shows all of it)\n", True


async def _submit(
    ctx: Context[Any, Any],
    *,
    tool_id: str,
    kind: ChangeKind,
    target: str,
    payload: str,
    summary: str,
    confirm: bool,
    after: str,
    base_text: str | None = None,
    filename: str | None = None,
    scope: RestartScope | None = None,
    rule_ids: list[int] | None = None,
    removed: list[int] | None = None,
    silences: list[str] | None = None,
    parent_rules: dict[int, str] | None = None,
    arguments: dict[str, Any] | None = None,
) -> WriteResult:
    """The one place that decides, by tier, whether a validated change waits, asks or applies."""
    app = deps(ctx)
    api = app.server_api()
    tier = _tier(app, tool_id)
    requester = requester_of(app, api)
    common: dict[str, Any] = {
        "tool": tool_id,
        "tier": tier,
        "target": target,
        "rule_ids": rule_ids or [],
        "removed_rule_ids": removed or [],
        "silences": silences or [],
    }
    warning = _silence_warning(silences)
    if tier == "caller_attested" and not confirm:
        diff, cut = _cut(unified_diff(target, base_text, payload) if kind != "restart_manager" else "")
        return WriteResult(
            status="confirmation_required",
            diff=diff,
            diff_truncated=cut,
            **common,
            message=(
                f"Nothing was changed. {summary}.{warning} Show the user this change; only if they explicitly agree to "
                "exactly this, call the tool again with the same arguments and confirm=true."
            ),
        )
    store = change_store(app)
    change = store.prepare(
        tool=tool_id,
        kind=kind,
        tier=tier,
        requester=requester,
        target=target,
        payload=payload,
        summary=summary,
        base_text=base_text,
        filename=filename,
        relative_dirname=CUSTOM_RULES_DIR if filename else None,
        scope=scope,
        rule_ids=rule_ids,
        silences=silences,
        parent_rules=parent_rules,
        arguments=arguments or {},
    )
    diff, cut = _cut(change.diff)
    common.update(change_id=change.id, change_sha256=change.change_sha256, diff=diff, diff_truncated=cut)
    if tier == "confirmation_required":
        ignored = " confirm=true has no effect under this tier." if confirm else ""
        return WriteResult(
            status="pending_approval",
            expires_at=change.expires_at,
            approve_with=f"wazuh-mcp approve {change.id}",
            **common,
            message=(
                f"Nothing was changed in Wazuh yet. {summary}.{warning} Recorded as change {change.id} "
                f"(sha256 {change.change_sha256[:12]}…), waiting for a person to approve it outside this "
                f"conversation: `wazuh-mcp approve {change.id}` (or `wazuh-mcp reject {change.id}`) in a terminal, "
                f"or the Approvals screen of the wazuh-mcp app, before {change.expires_at}. You cannot approve it "
                f"yourself.{ignored} Tell the user the change id and what it does. {after}"
            ),
        )
    applied = await store.approve(change.id, api, api_url=requester.api_url, attested=True)
    return WriteResult(status="applied", **common, message=f"{summary}: {applied.result}. {after}")


def _silence_warning(silences: list[str] | None) -> str:
    if not silences:
        return ""
    return " WARNING, this change silences detections: " + " ".join(silences)


async def _silences(api: ServerApiBackend, parsed: RuleFile) -> tuple[list[str], dict[int, str]]:
    """What the rules stop Wazuh from reporting, naming the parent rules as the manager describes them."""
    parents = await rule_descriptions(api, list(parsed.parent_sids)) if parsed.parent_sids else {}
    return silencing(parsed, parents), parents


def _ids_in(text: str) -> set[int]:
    """Rule ids of an existing file, read leniently (Wazuh's own files are not one XML document)."""
    return {int(match) for match in _RULE_ID_ATTR.findall(text)}


async def _ids_taken_elsewhere(api: ServerApiBackend, ids: list[int], own_path: str | None) -> None:
    taken = await rules_defined_elsewhere(api, ids, own_path)
    if taken:
        listed = ", ".join(f"{i} (in {bound(where.path, 200)})" for i, where in sorted(taken.items()))  # GET /rules
        raise InvalidArgument(
            f"Rule id(s) already used: {listed}.",
            hint=f"Pick ids that are free in {CUSTOM_ID_MIN}-{CUSTOM_ID_MAX}, or change that file with update_rule.",
        )


_AFTER_RULE = (
    "Once applied, the rule file is on the manager but only takes effect after a restart "
    "(restart_manager); read it back with the wazuh://rules/{id} resource."
)


# destructive: a new rule can silence others (a level-0 child of a default rule hides its alerts).
@tool("write.create_rule", title="Create custom rule", read_only=False, destructive=True, idempotent=False)
async def create_rule(ctx: Context[Any, Any], rule_xml: RuleXml, confirm: Confirm = False) -> WriteResult:
    """Propose a NEW custom rule file, etc/rules/wazuh-mcp-<first rule id>.xml, checked as Wazuh's loader
    checks it (elements, patterns, addresses, parent rules; custom ids 100000-120000 not in use); a refusal
    names the line, element and reason. Nothing changes in Wazuh: the answer is pending_approval with a
    change_id a person approves outside this conversation (tell the user); the rule takes effect after
    approval and a manager restart. `silences` says in words what it stops Wazuh from detecting."""
    # 5.x: refused first, in words saying what it offers instead
    check_generation("create_rule", await deps(ctx).api_generation(fresh=True))
    parsed = parse_rule_file(rule_xml)
    api = deps(ctx).server_api()
    await check_against_manager(api, parsed)
    await _ids_taken_elsewhere(api, list(parsed.rule_ids), None)
    target = f"{CUSTOM_RULES_DIR}/{parsed.filename}"
    if await read_rule_file(api, parsed.filename, CUSTOM_RULES_DIR) is not None:
        raise InvalidArgument(
            f"{target} already exists.", hint=f"Replace it with update_rule(rule_id={parsed.first_id}, ...)."
        )
    ids = ", ".join(str(i) for i in parsed.rule_ids)
    silences, parents = await _silences(api, parsed)
    return await _submit(
        ctx,
        tool_id="write.create_rule",
        kind="create_rule",
        target=target,
        payload=parsed.text,
        summary=f"Create {target} with rule(s) {ids}",
        confirm=confirm,
        after=_AFTER_RULE,
        filename=parsed.filename,
        rule_ids=list(parsed.rule_ids),
        silences=silences,
        parent_rules=parents,
    )


@tool("write.update_rule", title="Replace custom rule file", read_only=False, destructive=True, idempotent=False)
async def update_rule(
    ctx: Context[Any, Any], rule_id: CustomRuleId, rule_xml: RuleXml, confirm: Confirm = False
) -> WriteResult:
    """Propose replacing the custom rule file (under etc/rules) holding rule_id with rule_xml, which must
    still define rule_id; its other rules missing from rule_xml are removed (removed_rule_ids). Default
    ruleset files are never changed. Nothing changes in Wazuh: the answer is pending_approval with a
    change_id a person approves outside this conversation. `silences` says in words what the new content
    stops Wazuh from detecting."""
    check_generation("update_rule", await deps(ctx).api_generation(fresh=True))
    parsed = parse_rule_file(rule_xml)
    if rule_id not in parsed.rule_ids:
        raise InvalidArgument(
            f"The new XML must still define rule {rule_id} (it defines {', '.join(str(i) for i in parsed.rule_ids)})."
        )
    api = deps(ctx).server_api()
    where = (await rule_locations(api, [rule_id])).get(rule_id)
    if where is None:
        raise NotFound(f"Rule {rule_id} does not exist.", hint="Create it with create_rule.")
    require_custom_file(where.filename, where.relative_dirname)
    current = await read_rule_file(api, where.filename, where.relative_dirname)
    if current is None:
        raise NotFound(f"Wazuh lists rule {rule_id} in {where.path} but the file cannot be read.")
    if current == parsed.text:
        raise InvalidArgument(f"{where.path} already has exactly this content; there is nothing to change.")
    await _ids_taken_elsewhere(api, list(parsed.rule_ids), where.path)
    await check_against_manager(api, parsed)
    removed = sorted(_ids_in(current) - set(parsed.rule_ids))
    dropped = f", removing rule(s) {', '.join(map(str, removed))}" if removed else ""
    silences, parents = await _silences(api, parsed)
    return await _submit(
        ctx,
        tool_id="write.update_rule",
        kind="update_rule",
        target=where.path,
        payload=parsed.text,
        summary=f"Replace {where.path} (rule {rule_id}){dropped}",
        confirm=confirm,
        after=_AFTER_RULE,
        base_text=current,
        filename=where.filename,
        rule_ids=list(parsed.rule_ids),
        removed=removed,
        silences=silences,
        parent_rules=parents,
    )


@tool("write.restart_manager", title="Restart Wazuh manager", read_only=False, destructive=True, idempotent=False)
async def restart_manager(
    ctx: Context[Any, Any],
    scope: Annotated[
        Literal["manager", "cluster"],
        Field(description="'manager': this manager node; 'cluster': every node of a running cluster."),
    ] = "manager",
    confirm: Confirm = False,
) -> WriteResult:
    """Propose restarting the Wazuh manager (or every cluster node): it loads new rule files and briefly stops
    analysis. An invalid configuration is refused with Wazuh's message. Nothing happens until a person approves
    the change_id; then poll cluster_status until every node runs."""
    app = deps(ctx)
    api = app.server_api()
    if scope == "cluster":
        status = await api.request("GET", "/cluster/status", action="cluster:status")
        running = str((status.get("data") or {}).get("running", "")).lower() in {"yes", "true"}
        if not running:
            raise InvalidArgument(
                "Clustering is not running on this deployment, so there is no cluster to restart.",
                hint="Use scope='manager'.",
            )
    # Wazuh 5.x has no /manager/*: its own node is validated (and, once approved, restarted) through /cluster/*.
    # That node is recorded and shown: approval restarts it only if the API still names it (a URL that balances
    # over several nodes may reach another one).
    node = await manager_node(api, await app.api_generation(fresh=True))
    await validate_configuration(api, scope, node)
    what = "every node of the Wazuh cluster" if scope == "cluster" else "the Wazuh manager"
    recorded = {"node": node} if node and scope == "manager" else {}
    if recorded:
        what += f" (node {node})"
    return await _submit(
        ctx,
        tool_id="write.restart_manager",
        kind="restart_manager",
        target=scope,
        payload=scope,
        summary=f"Restart {what}",
        confirm=confirm,
        scope=scope,
        arguments=recorded,
        after="After it is applied, poll cluster_status every few seconds until every node reports running "
        "(a restart takes about 30 s).",
    )


TOOLS = [create_rule, update_rule, restart_manager]
