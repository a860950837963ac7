"""Which changes each Wazuh generation takes, checked twice: when a tool is asked (before any change is
recorded) and again when an approved change is applied (the manager may have been upgraded since).

Wazuh 5.0's Server API has no ``/rules/files`` and no ``/active-response``
(``../shared/reference/wazuh5/server-api/endpoints-4.14.7-vs-5.0.0.md``): 5.x rules are Sigma-style YAML in
the Indexer's Content Manager, and active responses are dashboard channels fired by Alerting monitors
(``../shared/reference/wazuh5/ruleset/MIGRATION-NOTES.md``, facts 13–15 and 21–23). Agent reload
(``PUT /agents/reload``) is new in 5.0 and absent from 4.x. Restarts, agent restarts and group membership
exist on both, each with its own endpoints (``requests_for``).
"""

from __future__ import annotations

from wazuh_mcp.backends.api_generation import ApiGeneration
from wazuh_mcp.errors import ConfigurationError, Conflict, InvalidArgument
from wazuh_mcp.models.write import ChangeKind, PendingChange

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


def check_at_apply(change: PendingChange, where: ApiGeneration) -> None:
    """At approval: the manager the change goes to takes it now, whatever it was when the change was asked
    for (a 4.x manager upgraded to 5.x meanwhile has no /rules/files or /active-response). ``Conflict``
    otherwise: the change is stale and fails, never retried."""
    try:
        check_generation(change.kind, where, reload=bool(change.arguments.get("reload")))
    except (ConfigurationError, InvalidArgument) as exc:
        raise Conflict(
            f"Change {change.id} cannot be applied to this manager as it is now: {exc.message}",
            hint="Nothing was sent. " + (exc.hint or "Ask for the change again if it still applies."),
        ) from None
