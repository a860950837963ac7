"""The one exception tree of wazuh-mcp.

Every failure a caller can see is a ``WazuhMCPError`` carrying a *safe error code*
(part of the audit record and of the tool's error text) and a message that tells the
caller how to fix it. Backends translate library errors (httpx, opensearch-py) into
this tree at their boundary; nothing above a backend ever sees a library exception.

    WazuhMCPError                     code
     ├── InvalidArgument              invalid_argument      bad input, rejected before any backend call
     ├── NotFound                     not_found             unknown agent / alert / technique / rule / change
     ├── Forbidden                    forbidden             Wazuh RBAC or the local role allowlist said no
     ├── Unauthenticated              unauthenticated       wrong credentials, or a token Wazuh refuses
     ├── RateLimited                  rate_limited          Wazuh's limits (429), or ours: calls in flight, error floods
     ├── Conflict                     conflict              a pending change is stale, expired or already decided
     │    └── Tampered                                       a stored record forged, edited or an old revision put back
     ├── UpstreamUnavailable          upstream_unavailable  refused, reset, 5xx, or an answer that is not Wazuh's
     ├── UpstreamTimeout              timeout               no answer within the configured deadline
     ├── ConfigurationError           configuration_error   settings or secrets missing / unusable
     │    └── AuditUnavailable                               the audit log cannot be written (fail closed)
     └── UpstreamError                upstream_error        Wazuh answered with an error we cannot classify further

Two codes exist only in the audit record, never as exceptions: ``cancelled`` (the client
cancelled the call) and ``internal`` (a bug: the message stays on the server).
"""

from __future__ import annotations

from typing import ClassVar, Literal

ErrorCode = Literal[
    "invalid_argument",
    "not_found",
    "forbidden",
    "unauthenticated",
    "rate_limited",
    "conflict",
    "upstream_unavailable",
    "timeout",
    "configuration_error",
    "upstream_error",
    "cancelled",
    "internal",
]


class WazuhMCPError(Exception):
    """Base of every error a tool caller may see. ``str(err)`` is safe to show and to audit."""

    code: ClassVar[ErrorCode] = "upstream_error"

    def __init__(self, message: str, *, hint: str | None = None, upstream_code: int | None = None) -> None:
        self.message = message
        self.hint = hint
        self.upstream_code = upstream_code
        """Wazuh's own error number when the error came from Wazuh (e.g. 3013, 1701)."""
        super().__init__(f"{message} {hint}" if hint else message)

    def render(self) -> str:
        """The text a client sees: the code first, so a model can branch on it."""
        return f"{self.code}: {self}"


class InvalidArgument(WazuhMCPError):
    code = "invalid_argument"


class NotFound(WazuhMCPError):
    code = "not_found"


class Forbidden(WazuhMCPError):
    code = "forbidden"


class Unauthenticated(WazuhMCPError):
    code = "unauthenticated"


class RateLimited(WazuhMCPError):
    code = "rate_limited"


class Conflict(WazuhMCPError):
    code = "conflict"


class Tampered(Conflict):
    """A stored record is not what wazuh-mcp wrote: its MAC does not verify, or it is an older revision put
    back. Reported as tampering (which record, which revision), audited, and never acted on."""


class UpstreamUnavailable(WazuhMCPError):
    code = "upstream_unavailable"


class UpstreamTimeout(WazuhMCPError):
    code = "timeout"


class ConfigurationError(WazuhMCPError):
    code = "configuration_error"


class UpstreamError(WazuhMCPError):
    code = "upstream_error"


class AuditUnavailable(ConfigurationError):
    """The audit record of a call cannot be written: the call is refused before it reaches Wazuh."""
