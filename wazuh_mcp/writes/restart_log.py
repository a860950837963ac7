"""After a restart wazuh-mcp makes: what Wazuh's rule loader said about the rules wazuh-mcp wrote.

Uploading a rule file and validating the configuration do not prove Wazuh uses the rule: analysisd
loads some rules only to drop them at start, with a WARNING in ``ossec.log`` ("Rule '100100' will be
ignored": an ``if_sid`` of a rule that is not there, a group no rule carries, a list ``ossec.conf`` does
not declare…), and ``GET /rules`` still lists them ``enabled`` (issue 25). So when a restart that
wazuh-mcp carries out is applied, it notes the newest ``wazuh-analysisd`` line of ``GET /manager/logs``
first, waits for the manager to be back (``GET /manager/status`` answers with analysisd running, and
analysisd has logged since; on Wazuh 5.x, which has no ``/manager/*``, the node's ``/cluster/{node}/logs``
and ``/cluster/{node}/status``, daemon ``wazuh-manager-analysisd``), then reads analysisd's warnings, errors and critical lines logged since the
restart and reports those that name a rule id or a file wazuh-mcp wrote (its applied rule changes).

The report goes into the change's result (``wazuh-mcp show``, the launcher, the audit record). It never
fails the change: the restart happened; the person learns which rule does not do what it says.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from wazuh_mcp import untrusted
from wazuh_mcp.backends.api_generation import node_path
from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.backends.server_api_shapes import envelope_items
from wazuh_mcp.errors import WazuhMCPError

WAIT_S = 50.0
"""How long to wait for the manager to come back from the restart (a real one takes about 30 s); kept under the
60 s a reverse proxy commonly gives a request (the team server's approval endpoint answers after it)."""
POLL_S = 3.0
MAX_REPORTED = 20
_LEVELS = ("warning", "error", "critical")
_TAG = "wazuh-analysisd"
_TAG_V5 = "wazuh-manager-analysisd"
"""Wazuh 5.0's daemon names (``framework/wazuh/core/cluster/utils.py``, ``get_manager_status``)."""
_RULE_NAMED = re.compile(r"\b[Rr]ule(?: ID)?:? '?([0-9]{1,6})\b")
_FILE_NAMED = re.compile(r"(etc/rules/[A-Za-z0-9_./-]+\.xml)")

Entry = tuple[str, str, str]
"""(timestamp, level, description) of one log line."""


@dataclass(frozen=True)
class Ours:
    """The rules wazuh-mcp wrote: their ids and their files (``etc/rules/…``)."""

    rule_ids: frozenset[int]
    paths: frozenset[str]

    def __bool__(self) -> bool:
        return bool(self.rule_ids or self.paths)

    def named_in(self, line: str) -> bool:
        ids = {int(found) for found in _RULE_NAMED.findall(line)}
        return bool(ids & self.rule_ids) or any(path in self.paths for path in _FILE_NAMED.findall(line))


@dataclass(frozen=True)
class Mark:
    """Where analysisd's log stood before the restart: its newest timestamp and the lines logged then."""

    newest: str
    lines: frozenset[Entry]

    def after(self, entry: Entry) -> bool:
        return entry[0] > self.newest or (entry[0] == self.newest and entry not in self.lines)


def _where(node: str | None) -> tuple[str, str, str]:
    """(log path, status path, analysisd's tag): Wazuh 4.x's ``/manager/*``, or on Wazuh 5.x (no
    ``/manager/*``) ``node``'s ``/cluster/{node}/*``, where the daemons are ``wazuh-manager-*``."""
    if node is None:
        return "/manager/logs", "/manager/status", _TAG
    at = node_path(node)
    return f"{at}/logs", f"{at}/status", _TAG_V5


async def _analysisd(
    api: ServerApiBackend, level: str | None, limit: int = 500, node: str | None = None
) -> list[Entry]:
    path, _, tag = _where(node)
    params: dict[str, Any] = {"tag": tag, "sort": "-timestamp", "limit": limit}
    if level:
        params["level"] = level
    body = await api.request("GET", path, action="cluster:read" if node else "manager:read", params=params)
    items, _ = envelope_items(body, path)
    return [
        (str(item.get("timestamp", "")), str(item.get("level", "")), str(item.get("description", "")).strip())
        for item in items
    ]


async def mark(api: ServerApiBackend, node: str | None = None) -> Mark | None:
    """analysisd's newest log lines before a restart; None when the log cannot be read (then nothing is
    reported afterwards: which lines are new could not be told). ``node``: Wazuh 5.x's node (``_where``)."""
    try:
        entries = await _analysisd(api, None, limit=50, node=node)
    except WazuhMCPError:
        return None
    newest = max((entry[0] for entry in entries), default="")
    return Mark(newest, frozenset(entry for entry in entries if entry[0] == newest))


def _running(state: Any) -> bool:
    """4.x says ``"running"``; 5.x says ``{"running": true, "ready": …}`` (``/cluster/{node}/status``)."""
    return state == "running" or (isinstance(state, dict) and state.get("running") is True)


async def _back(api: ServerApiBackend, since: Mark, node: str | None) -> bool:
    """Is the manager back: analysisd running, and logging since the restart?"""
    _, status, tag = _where(node)
    try:
        body = await api.request("GET", status, action="cluster:read" if node else "manager:read")
        items, _ = envelope_items(body, status)
        if not items or not _running(items[0].get(tag)):
            return False
        return any(since.after(entry) for entry in await _analysisd(api, None, limit=50, node=node))
    except WazuhMCPError:  # down, restarting (1017), the API itself restarting
        return False


async def report(
    api: ServerApiBackend, since: Mark | None, ours: Ours, wait_s: float | None = None, *, node: str | None = None
) -> str:
    """In words: what analysisd logged since ``since`` about ``ours`` once the manager is back."""
    if not ours:
        return "no rule written by wazuh-mcp to check in the manager's log"
    if since is None:
        return "the manager's log could not be read before the restart, so its rule loader's warnings were not checked"
    deadline = time.monotonic() + (WAIT_S if wait_s is None else wait_s)
    while not await _back(api, since, node):
        if time.monotonic() >= deadline:
            path, _, tag = _where(node)
            return (
                f"the manager was not back within {WAIT_S if wait_s is None else wait_s:g} s, so its rule loader's "
                f"warnings were not read: check GET {path}?tag={tag}&level=warning"
            )
        await asyncio.sleep(POLL_S)
    found: list[Entry] = []
    try:
        for level in _LEVELS:
            found += [entry for entry in await _analysisd(api, level, node=node) if since.after(entry)]
    except WazuhMCPError as exc:
        return f"the manager's log could not be read after the restart ({exc.message})"
    return _words(entry for entry in found if ours.named_in(entry[2]))


def _words(entries: Iterable[Entry]) -> str:
    """The lines, a dropped rule's first (they are what matters, and a record may keep only the start)."""
    ordered = sorted(entries, key=lambda entry: ("will be ignored" not in entry[2], entry[0]))
    lines = [
        f"{untrusted.bound(text, 300)}" + ("" if level == "warning" else f" [{level}]") for _, level, text in ordered
    ]
    if not lines:
        return "Wazuh's rule loader logged no warning about the rules wazuh-mcp wrote"
    more = f" (and {len(lines) - MAX_REPORTED} more)" if len(lines) > MAX_REPORTED else ""
    return (
        f"RULE LOADER WARNINGS ({len(lines)}): {'; '.join(lines[:MAX_REPORTED])}{more} — a rule Wazuh 'will ignore' "
        "never fires, although GET /rules lists it enabled"
    )
