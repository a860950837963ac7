"""What the audit's User column means, said for the names a person is likely to misread.

A record names the Wazuh account a call really used: usually not a person but the account the
server logs in with (the profile's ``api.user``, e.g. ``wazuh``), ``<account> as <analyst>`` in team
mode (run_as), or ``(anonymous)`` for an Indexer that takes no login (the demo's engine). The audit
viewer and ``wazuh-mcp audit`` without a terminal both explain these with the lines below.
"""

from __future__ import annotations

from collections.abc import Iterable

from wazuh_mcp.runtime.audit import AuditEvent

ANONYMOUS = "(anonymous)"
"""What the server records for an Indexer reached without a user (``AppContext.indexer``)."""
NOBODY = "-"


def shown_user(event: AuditEvent) -> str:
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
    account, sep, analyst = user.partition(" as ")
    if sep:
        return f"the service account {account} acting for analyst {analyst} (team mode, run_as)"
    return _WHY["service" if user in set(service_accounts) else "account"][pick]


def legend(users: Iterable[str], service_accounts: Iterable[str] = (), *, short: bool = False) -> list[str]:
    """``user: why`` for every name shown, in a stable order (one each)."""
    accounts = list(service_accounts)
    return [f"{user}: {explain(user, accounts, short=short)}" for user in sorted(set(users))]
