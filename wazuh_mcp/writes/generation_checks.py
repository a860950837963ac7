"""Which changes each Wazuh generation takes, checked twice: when a tool is asked (before any change is
recorded) and again when an approved change is applied (the manager may have been upgraded since).

Wazuh 5.0's Server API has no ``/rules/files`` and no ``/active-response``
(``../shared/reference/wazuh5/server-api/endpoints-4.14.7-vs-5.0.0.md``): 5.x rules are Sigma-style YAML in
the Indexer's Content Manager, and active responses are dashboard channels fired by Alerting monitors
(``../shared/reference/wazuh5/ruleset/MIGRATION-NOTES.md``, facts 13–15 and 21–23). Agent reload
(``PUT /agents/reload``) is new in 5.0 and absent from 4.x. Restarts, agent restarts and group membership
exist on both, each with its own endpoints (``requests_for``).

Who an agent restart or reload reaches differs too (``check_reach``): 4.x sends it to the connected agents
only (1707 for the others), 5.0 to every agent at v5.0.0 or later whatever its connection status, and to no
agent below (error 1761, ``spec-5.0.0.yaml``'s ``PUT /agents/restart`` and ``/agents/reload`` examples), so a
plan worded for 4.x would tell the approver the opposite of what 5.x does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from wazuh_mcp.backends.api_generation import ApiGeneration
from wazuh_mcp.errors import ConfigurationError, Conflict, InvalidArgument
from wazuh_mcp.models.write import AgentTarget, ChangeKind, PendingChange

RULE_KINDS = frozenset({"create_rule", "update_rule"})
ACTIVE_RESPONSE_KINDS = frozenset({"isolate_agent", "release_agent", "block_ip", "unblock_ip", "run_active_response"})

RULES_ON_V5 = (
    "Wazuh 5.x keeps no rule files on the manager (its Server API has no /rules/files): rules are Sigma-style "
    "YAML managed in the Indexer's Content Manager (/_plugins/_content_manager), written to the draft space, "
    "tried in the test space (logtest) and promoted to the custom space that runs. wazuh-mcp does not write "
    "5.x rules yet"
)
RULES_HINT = (
    "Write the rule in the Wazuh dashboard (Content Manager: draft, test, then custom), or through the Indexer's "
    "/_plugins/_content_manager API; on a Wazuh 4.8–4.14 manager this tool writes rule files."
)
RESPONSES_ON_V5 = (
    "Wazuh 5.x has no active-response API (its Server API has no /active-response): an active response is a "
    "channel in the Wazuh dashboard, fired by an Alerting monitor of type Active Response that matches findings "
    "(wazuh-findings-v5-*). wazuh-mcp does not send 5.x active responses"
)
RESPONSES_HINT = (
    "Define the channel and its monitor in the Wazuh dashboard; restart_agents (with reload) and the group "
    "tools work on 5.x."
)


def check_generation(kind: ChangeKind, where: ApiGeneration, *, reload: bool = False) -> None:
    """Refuse, in words, a change this manager's generation cannot take (``ConfigurationError``; a reload
    asked of 4.x is ``InvalidArgument``: the caller drops the argument).

    ``reload``: an agent restart asked as a 5.x reload (``PUT /agents/reload``), which 4.x lacks."""
    if where.v5 and kind in RULE_KINDS:
        raise ConfigurationError(f"The Server API is Wazuh {where.version}. {RULES_ON_V5}.", hint=RULES_HINT)
    if where.v5 and kind in ACTIVE_RESPONSE_KINDS:
        raise ConfigurationError(f"The Server API is Wazuh {where.version}. {RESPONSES_ON_V5}.", hint=RESPONSES_HINT)
    if reload and not where.v5:
        raise InvalidArgument(
            f"The Server API is Wazuh {where.version}: agent reload (PUT /agents/reload) is new in Wazuh 5.0, and "
            "4.x has no such endpoint.",
            hint="Call restart_agents without reload: on 4.x it restarts the agents (they reload their "
            "configuration as they start).",
        )


V5_AGENT = (5, 0, 0)
"""The oldest agent Wazuh 5.0 restarts or reloads through its Server API (older: error 1761)."""
_AGENT_VERSION = re.compile(r"(?:[Ww]azuh )?[vV]?(0|[1-9][0-9]{0,3})\.(0|[1-9][0-9]{0,3})\.(0|[1-9][0-9]{0,5})")
"""An agent's version as Wazuh lists it (``Wazuh v5.0.0``): the whole text, ASCII digits (a host chose it)."""


def agent_release(version: str | None) -> tuple[int, int, int] | None:
    """``(5, 0, 0)`` for ``Wazuh v5.0.0``; None for no version (never connected) or one that cannot be read."""
    text = (version or "").strip()
    match = _AGENT_VERSION.fullmatch(text) if len(text) <= 40 else None
    return (int(match.group(1)), int(match.group(2)), int(match.group(3))) if match else None


def reach_by_version(kind: ChangeKind, where: ApiGeneration) -> bool:
    """Whether the agents' versions decide who ``kind`` reaches (an agent restart or reload on 5.x)."""
    return where.v5 and kind == "restart_agents"


def check_reach(agents: list[AgentTarget], versions: Mapping[str, str | None] | None) -> None:
    """Wazuh 5.x, an agent restart or reload: refuse (``InvalidArgument``) an agent it would not reach as the
    plan shows it. One not connected: 5.0 sends it the command anyway (a 4.x plan says it will not receive
    it); one below v5.0.0, or whose version cannot be read: 5.0 answers 1761 and sends nothing.
    ``versions`` (agent id → its version, as ``GET /agents`` lists it): None at approval, where the record
    holds each agent's status and not its version."""
    away = [f"{a.id} {a.name} ({a.status})" for a in agents if a.status != "active"]
    if away:
        raise InvalidArgument(
            f"Wazuh 5.x sends an agent restart or reload to an agent that is not connected too (4.x does not), so "
            f"the change would reach agents that are not connected now: {', '.join(away)}.",
            hint="Name connected agents only (list_agents shows each agent's status), and ask for the others "
            "once they reconnect.",
        )
    if versions is None:
        return
    old = [
        f"{a.id} {a.name} ({versions.get(a.id) or 'no version'})"
        for a in agents
        if (agent_release(versions.get(a.id)) or (0, 0, 0)) < V5_AGENT
    ]
    if old:
        raise InvalidArgument(
            "Wazuh 5.0 restarts and reloads only agents at v5.0.0 or later through its Server API (below, it "
            f"answers error 1761 and sends nothing): {', '.join(old)}.",
            hint="Upgrade those agents, or leave them out of the change.",
        )


def check_at_apply(change: PendingChange, where: ApiGeneration) -> None:
    """At approval: the manager the change goes to takes it now, whatever it was when the change was asked
    for (a 4.x manager upgraded to 5.x meanwhile has no /rules/files or /active-response, and sends a
    restart to agents that were not connected, which the plan said would not receive it). ``Conflict``
    otherwise: the change is stale and fails, never retried."""
    try:
        check_generation(change.kind, where, reload=bool(change.arguments.get("reload")))
        if reach_by_version(change.kind, where):
            check_reach(change.agents, None)
    except (ConfigurationError, InvalidArgument) as exc:
        raise Conflict(
            f"Change {change.id} cannot be applied to this manager as it is now: {exc.message}",
            hint="Nothing was sent. " + (exc.hint or "Ask for the change again if it still applies."),
        ) from None
