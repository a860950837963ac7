"""The Server API's answers as plain data, without httpx: what tools and write helpers import (``serve``
loads this before ``initialize``; the client in ``server_api`` is loaded on first use)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wazuh_mcp.errors import Forbidden, NotFound, UpstreamError

NOT_FOUND_CODES = {1701, 1707, 1750, 2004, 1200, 1201, 1415, 1416}
"""Wazuh error codes that mean "no such thing" (agent, file, technique…), in failed items or errors."""


@dataclass(frozen=True)
class Page:
    """The ``data`` part of a Wazuh envelope."""

    items: list[dict[str, Any]]
    total: int
    failed: list[dict[str, Any]] = field(default_factory=list)


def api_identity(user: str, run_as: dict[str, Any] | None) -> str:
    """Who Wazuh's own audit will see: the run_as user when configured, else the API user."""
    if run_as:
        who = run_as.get("username") or run_as.get("user")
        return f"{user} as {who}" if who else f"{user} (run_as)"
    return user


def raise_failed_item(failed: dict[str, Any]) -> None:
    """Turn one Wazuh ``failed_items`` entry into our error."""
    error = failed.get("error") or {}
    code = error.get("code")
    message = str(error.get("message") or "Wazuh reported a failure")
    ids = ", ".join(str(i) for i in failed.get("id", [])[:10])
    text = f"{message}{f': {ids}' if ids else ''} (Wazuh error {code})."
    if code in NOT_FOUND_CODES:
        raise NotFound(text, upstream_code=code)
    if code == 4000:
        raise Forbidden(text, upstream_code=code)
    raise UpstreamError(text, upstream_code=code if isinstance(code, int) else None)
