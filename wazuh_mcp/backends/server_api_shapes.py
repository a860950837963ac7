"""The Server API's answers as plain data, without httpx: what tools and write helpers import (``serve``
loads this before ``initialize``; the client in ``server_api`` is loaded on first use)."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from wazuh_mcp import untrusted
from wazuh_mcp.errors import Conflict, Forbidden, InvalidArgument, NotFound, UpstreamError, UpstreamUnavailable

NOT_FOUND_CODES = {1701, 1707, 1750, 2004, 1200, 1201, 1415, 1416}
"""Wazuh error codes that mean "no such thing" (agent, file, technique…), in failed items or errors."""

RULE_DOES_NOT_EXIST = 1208
FILE_MISSING_CODES = NOT_FOUND_CODES | {1906}
"""Failed-item codes of ``GET /rules/files/{name}`` that mean "there is no such file"."""


@dataclass(frozen=True)
class Attribution:
    """Whose Server API calls these are (set by the HTTP server from a verified token, nothing else)."""

    wazuh_user: str | None
    """The analyst's Wazuh user for ``run_as``; None → the service account's own login."""


ATTRIBUTION: ContextVar[Attribution | None] = ContextVar("wazuh_mcp_attribution", default=None)
"""None (stdio, the demo, tests): the configured login, as before team mode existed."""


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


WAZUH_WORDS_LIMIT = 500
"""Wazuh's own words (a ``detail``, a failed item's ``message``) quoted in an error: they can repeat what a
host, a file or a caller wrote, so they are cleaned and cut (``untrusted.bound``) before a model reads them."""


def wazuh_words(value: Any, limit: int = WAZUH_WORDS_LIMIT) -> str:
    """Text Wazuh sent, as an error may quote it: cleaned of control, bidi and format characters, bounded."""
    return untrusted.bound(str(value), limit) or "" if value is not None else ""


def raise_failed_item(failed: dict[str, Any]) -> None:
    """Turn one Wazuh ``failed_items`` entry into our error."""
    error = failed.get("error") or {}
    code = error.get("code")
    message = wazuh_words(error.get("message")) or "Wazuh reported a failure"
    ids = ", ".join(wazuh_words(i, 32) for i in (failed.get("id") or [])[:10])
    code = code if isinstance(code, int) else wazuh_words(code, 32) or None
    text = f"{message}{f': {ids}' if ids else ''} (Wazuh error {code})."
    if code in NOT_FOUND_CODES:
        raise NotFound(text, upstream_code=code)
    if code == 4000:
        raise Forbidden(text, upstream_code=code)
    raise UpstreamError(text, upstream_code=code if isinstance(code, int) else None)


AGENT_FAILURES: dict[int, str] = {
    1652: "the manager does not define this active-response command (not in its ar.conf)",
    1701: "unknown agent (no agent has this id)",
    1703: "agent 000 is the manager itself, not an agent",
    1707: "not connected (Wazuh cannot reach an agent that is not active)",
    1740: "not connected (this needs an active agent)",
    1734: "not in that group",
    1750: "active response is disabled in the agent's own ossec.conf",
    1751: "already in that group",
    4000: "not permitted (Wazuh RBAC does not let this API user act on it)",
}
"""Wazuh's per-agent ``failed_items`` codes in words: what a real 4.14.7 answers to an action on agents
(the oracle's 1707 for never-connected agents, 4000 beside allowed ones for a restricted user)."""


def failed_agents(failed: list[dict[str, Any]], limit: int = 100) -> list[str]:
    """One line per agent of ``failed_items``: ``'<id>: <what happened> (Wazuh error <code>)'``."""
    lines: list[str] = []
    for entry in failed:
        error = entry.get("error") or {}
        code = error.get("code")
        words = AGENT_FAILURES.get(code) if isinstance(code, int) else None
        said = words or wazuh_words(error.get("message"), 120) or "failed"
        shown = code if isinstance(code, int) else wazuh_words(code, 32) or None
        lines += [f"{wazuh_words(agent_id, 16)}: {said} (Wazuh error {shown})" for agent_id in entry.get("id") or []]
    return lines[:limit]


def check_envelope(body: dict[str, Any], where: str) -> None:
    """The shape every Wazuh envelope has, checked once where answers are read (the client, ``envelope_data``):
    ``data`` an object; its ``affected_items`` and ``failed_items`` lists; each failed item an object whose
    ``error`` is an object and ``id`` a list. An answer of another shape is ``UpstreamUnavailable`` naming the
    path and the part, never a ``KeyError`` or ``AttributeError`` further up."""
    if "data" not in body:
        return
    data = body["data"]
    problem = None
    if not isinstance(data, dict):
        problem = f"its 'data' is {_kind(data)}, not an object"
    else:
        for key in ("affected_items", "failed_items"):
            if data.get(key) is not None and not isinstance(data[key], list):
                problem = f"its '{key}' is {_kind(data[key])}, not a list"
        total = data.get("total_affected_items")
        if total is not None and (not isinstance(total, int) or isinstance(total, bool) or total < 0):
            problem = f"its 'total_affected_items' is {_kind(total)}, not a count"
        for entry in data.get("failed_items") or [] if problem is None else []:
            if not isinstance(entry, dict):
                problem = f"a failed item is {_kind(entry)}, not an object"
            elif not isinstance(entry.get("error") or {}, dict) or not isinstance(entry.get("id") or [], list):
                problem = "a failed item's 'error' is not an object or its 'id' not a list"
            if problem:
                break
    if problem:
        raise not_envelope(where, problem)


def not_envelope(where: str, problem: str) -> UpstreamUnavailable:
    """The refusal of an answer that is not a Wazuh envelope, naming the path and the part."""
    return UpstreamUnavailable(
        f"The Server API answer for {untrusted.bound(where, 200)} is not a Wazuh envelope: {problem}.",
        hint="Nothing was done with it. Check that the URL reaches a Wazuh Server API (not a proxy's page).",
    )


def action_items(body: Any, where: str) -> tuple[list[str], list[dict[str, Any]]]:
    """``affected_items`` (agent ids) and ``failed_items`` of the answer to an action on agents (an active
    response, a restart, a group change). Wazuh answers every such action with both lists in its ``data``
    (the oracle's PUT /active-response, /agents/restart, /agents/{id}/group/{g}); an answer without them says
    nothing about which agents were reached, so it is refused (``UpstreamUnavailable``), never read as
    "no agent"."""
    if not isinstance(body, dict):
        raise not_envelope(where, f"it is {_kind(body)}, not an object")
    if "data" not in body:
        raise not_envelope(where, "it has no 'data'")
    check_envelope(body, where)
    data = body["data"]
    for key in ("affected_items", "failed_items"):
        if not isinstance(data.get(key), list):
            raise not_envelope(where, f"its 'data' has no '{key}' list")
    for item in data["affected_items"]:
        if not isinstance(item, str):
            raise not_envelope(where, f"an affected item is {_kind(item)}, not an agent id")
    return data["affected_items"], data["failed_items"]


def _kind(value: Any) -> str:
    return {list: "a list", str: "a string", dict: "an object", bool: "a boolean"}.get(
        type(value), type(value).__name__
    )


def envelope_data(body: Any, where: str) -> dict[str, Any]:
    """The ``data`` object of a Wazuh envelope, whatever its ``error`` says (callers judge failed items)."""
    if not isinstance(body, dict) or not isinstance(body.get("data"), dict):
        raise UpstreamUnavailable(f"The Server API answer for {where} is not a Wazuh envelope.")
    check_envelope(body, where)
    data: dict[str, Any] = body["data"]
    return data


def envelope_objects(items: list[Any], where: str, *, needs: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """``affected_items`` an endpoint answers as objects (agents, nodes, validation results): each one an
    object holding ``needs``, else ``UpstreamUnavailable`` (an answer of another shape is not read)."""
    for item in items:
        missing = [key for key in needs if item.get(key) is None] if isinstance(item, dict) else []
        if not isinstance(item, dict) or missing:
            said = f"has no {', '.join(repr(k) for k in missing)}" if missing else f"is {_kind(item)}, not an object"
            raise not_envelope(where, f"an item {said}")
    return items


def envelope_items(body: Any, where: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``affected_items`` and ``failed_items`` of a Wazuh envelope."""
    data = envelope_data(body, where)
    return list(data.get("affected_items") or []), list(data.get("failed_items") or [])


def failed_code(failed: dict[str, Any]) -> Any:
    """The Wazuh error code of one ``failed_items`` entry."""
    return (failed.get("error") or {}).get("code")


def raise_rule_file_failure(failed: dict[str, Any], path: str) -> None:
    """Wazuh's 200-with-error answers to ``PUT /rules/files/{name}``, as errors that say what to do."""
    error = failed.get("error") or {}
    code = error.get("code")
    said = wazuh_words(error.get("message"))
    wazuh = f" Wazuh said: {said}" if said else ""
    if code == 1905:
        raise Conflict(
            f"{path} already exists on the manager (Wazuh error 1905).{wazuh}",
            hint="Use update_rule to replace a file that exists.",
            upstream_code=code,
        )
    if code in (1113, 1908):
        raise InvalidArgument(
            f"Wazuh rejected the XML of {path} (Wazuh error {code}).{wazuh}",
            hint="Fix the rule XML and request the change again.",
            upstream_code=code,
        )
    if code == 1210:
        raise Forbidden(
            f"Wazuh refuses to change default ruleset files ({path}, Wazuh error 1210).{wazuh}", upstream_code=code
        )
    if code in (1209, 1211):
        raise InvalidArgument(
            f"A rule file named like {path} exists in another directory (Wazuh error {code}).{wazuh}",
            hint="Choose rule ids that give a different file name.",
            upstream_code=code,
        )
    raise_failed_item(failed)


def no_agent_on_v5(identity: str) -> str:
    """Wazuh 5.x lists no manager agent (000: the 5.0 stand-in and spec's Agent have none), so an empty unfiltered
    listing cannot tell an estate with no agent yet from a user who may read none: both are said."""
    return (
        "Wazuh 5.x returned no agent. 5.x lists no manager agent (000), so either no agent has enrolled yet, or "
        f"the Wazuh user '{identity}' may read no agent (its role grants no 'agent:read'): if agents should "
        "exist, grant agent:read on agent:id:* to that user's role."
    )


def no_agent_readable(identity: str) -> Forbidden:
    """An unfiltered listing always holds agent 000, the manager itself. A real 4.14.7 answers an empty list
    (not a 403) to a user who may read no agent (the oracle's api-237), for instance one whose policy names
    an action that does not exist (``agents:read``, which Wazuh accepts): say so instead of "no agents" (list_agents and the connection test)."""
    return Forbidden(
        f"Wazuh returned no agent at all, not even the manager (000): the Wazuh user '{identity}' may read no "
        "agent. Wazuh answers so when a role grants no 'agent:read' (it also accepts policies with action names "
        "that do not exist, such as agents:read).",
        hint="Grant agent:read on agent:id:* (or the agents this user should see) to the user's role in Wazuh.",
    )
