"""What the audit's User column means, said for the names a person is likely to misread.

A record names the Wazuh account a call really used: usually not a person but the account the
server logs in with (the profile's ``api.user``, e.g. ``wazuh``), ``<account> as <analyst>`` in team
mode (run_as), or ``(anonymous)`` for an Indexer that takes no login (the demo's engine). The audit
viewer and ``wazuh-mcp audit`` without a terminal both explain these with the lines below.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from wazuh_mcp.runtime.audit import AuditEvent

ANONYMOUS = "(anonymous)"
"""What the server records for an Indexer reached without a user (``AppContext.indexer``)."""
NOBODY = "-"


DECIDER = "by "
"""Marks the person who approved or rejected a change (``decided_by``): ``by alice``, not the account the
change was sent with."""


def shown_user(event: AuditEvent) -> str:
    """The person for a decision (``approval.approve`` / ``approval.reject``: who decided, the record's
    ``decided_by``); for every other record the Wazuh account the call used."""
    if event.decided_by:
        return f"{DECIDER}{event.decided_by}"
    return event.wazuh_user or event.indexer_user or NOBODY


_WHY = {  # (full, short): the short one for the audit viewer's legend line
    "anonymous": (
        "the Indexer was reached without a login (it has no authentication, like the demo's engine)",
        "Indexer reached without a login (the demo's engine has none)",
    ),
    "nobody": (
        "the call reached no Wazuh account (refused or answered before any backend)",
        "no Wazuh account reached",
    ),
    "service": (
        "the service account this profile logs in with (api.user), shared by every AI client of it; not a person",
        "this profile's service account (api.user), not a person",
    ),
    "decider": (
        "the person who approved or rejected this change (decided_by); the Wazuh account it was sent with is in "
        "the detail",
        "the person who approved or rejected a change",
    ),
    "account": (
        "the account the server logged in with: a service account, not necessarily a person",
        "the account the server logs in with, not necessarily a person",
    ),
}


def explain(user: str, service_accounts: Iterable[str] = (), *, short: bool = False) -> str:
    """One reason for one name in the User column."""
    pick = 1 if short else 0
    if user == ANONYMOUS:
        return _WHY["anonymous"][pick]
    if user == NOBODY:
        return _WHY["nobody"][pick]
    if user.startswith(DECIDER):
        return _WHY["decider"][pick]
    account, sep, analyst = user.partition(" as ")
    if sep:
        return f"the service account {account} acting for analyst {analyst} (team mode, run_as)"
    return _WHY["service" if user in set(service_accounts) else "account"][pick]


def legend(users: Iterable[str], service_accounts: Iterable[str] = (), *, short: bool = False) -> list[str]:
    """``user: why`` for every name shown, in a stable order (one each)."""
    accounts = list(service_accounts)
    return [f"{user}: {explain(user, accounts, short=short)}" for user in sorted(set(users))]


@cache
def _wire_names() -> dict[str, str]:
    """Canonical id → the name clients call (``cluster.status`` → ``cluster_status``), from the registry's
    index (no tool module is imported)."""
    from wazuh_mcp.runtime.registry import indexed_tools

    return {info.id: info.name for info in indexed_tools()}


def called_name(event: AuditEvent) -> str:
    """The tool as an AI client names it (``list_vulnerabilities_by_agent``); an approval step, an unknown
    tool or one this build does not know as the audit records it (escaped and bounded)."""
    shown = event.shown_tool()
    if event.requested_tool is None and event.toolset != "unknown":
        return _wire_names().get(event.tool, shown)
    return shown
