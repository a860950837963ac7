"""Who is calling: the verified analyst of the tool call being run (team mode), as tools, writes and the
audit read it. Set by the server around each call from the token the SDK verified (``server.caller``);
nothing here imports the SDK, so the launcher reading the audit stays lean."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

MAX_CLAIM_CHARS = 128
"""A subject, Wazuh user or client id longer than this is refused (they end up in audit records)."""


@dataclass(frozen=True)
class Caller:
    """The analyst behind an HTTP request, from a verified token."""

    subject: str
    """The token's ``sub`` (unique per issuer)."""
    wazuh_user: str | None
    """The Wazuh user for ``run_as`` (the configured claim); None → the Server API service account."""
    role: str | None
    """The project role from ``role_map`` (None: no tool)."""
    client: str | None
    """The OAuth client the analyst used (``azp`` / ``client_id``)."""
    name: str | None = None
    """A display name (``preferred_username``), for the audit viewer only: never for decisions."""


CALLER: ContextVar[Caller | None] = ContextVar("wazuh_mcp_caller", default=None)
"""The verified analyst of the tool call being run (set by the server around each call; None: no token)."""


def bounded(value: Any) -> str | None:
    """A claim fit for decisions and the audit: a printable string of at most ``MAX_CLAIM_CHARS``, else None."""
    if not isinstance(value, str) or not value or len(value) > MAX_CLAIM_CHARS or not value.isprintable():
        return None
    return value
