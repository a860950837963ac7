"""The tool registry: every tool describes itself once, here is the only list of them.

A toolset module (``wazuh_mcp/tools/<toolset>.py``) defines its tools with ``@tool(...)`` and
exports them as ``TOOLS``. ``all_tools()`` enumerates every toolset; the server, the role
filter, the schema snapshots and ``docs/tools.md`` all read from it, so nothing is ever
registered by hand.

Names: the canonical id is the seed's dotted form (``agents.get_agent``) and is what role
allowlists and the audit log use; the wire name (``get_agent``) is what clients see, because
Claude Desktop rejects dotted tool names.
"""

from __future__ import annotations

import fnmatch
import importlib
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from mcp_types import ToolAnnotations

TOOLSETS = ("alerts", "agents", "vulnerabilities", "mitre", "hunt", "fim", "cluster", "write", "respond")
"""Toolset modules under ``wazuh_mcp.tools``, in documentation order. Missing modules are skipped."""

_WIRE_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


@dataclass(frozen=True)
class ToolSpec:
    """One tool: its identity, its hints and the coroutine that implements it."""

    id: str
    fn: Callable[..., Awaitable[Any]]
    title: str
    name: str
    read_only: bool = True
    destructive: bool = False
    idempotent: bool = True

    @property
    def toolset(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def is_write(self) -> bool:
        return not self.read_only

    @property
    def description(self) -> str:
        return (self.fn.__doc__ or "").strip()

    @property
    def annotations(self) -> ToolAnnotations:
        return ToolAnnotations(
            title=self.title,
            read_only_hint=self.read_only,
            destructive_hint=self.destructive,
            idempotent_hint=self.idempotent,
            open_world_hint=False,
        )

    @property
    def meta(self) -> dict[str, Any]:
        return {"toolset": self.toolset, "canonical_id": self.id}


def tool(
    id: str,
    *,
    title: str,
    name: str | None = None,
    read_only: bool = True,
    destructive: bool = False,
    idempotent: bool = True,
) -> Callable[[Callable[..., Awaitable[Any]]], ToolSpec]:
    """Declare a tool. The wire name defaults to the part after the dot."""
    wire = name or id.split(".", 1)[1]
    if not _WIRE_NAME.match(wire):
        raise ValueError(f"tool name {wire!r} must match {_WIRE_NAME.pattern}")

    def decorate(fn: Callable[..., Awaitable[Any]]) -> ToolSpec:
        return ToolSpec(
            id=id, fn=fn, title=title, name=wire, read_only=read_only, destructive=destructive, idempotent=idempotent
        )

    return decorate


def all_tools() -> list[ToolSpec]:
    """Every tool of every toolset, in documentation order."""
    specs: list[ToolSpec] = []
    for toolset in TOOLSETS:
        try:
            module = importlib.import_module(f"wazuh_mcp.tools.{toolset}")
        except ModuleNotFoundError as exc:
            if exc.name == f"wazuh_mcp.tools.{toolset}":
                continue
            raise
        specs.extend(module.TOOLS)
    names = [s.name for s in specs]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        raise RuntimeError(f"duplicate tool names: {sorted(duplicates)}")
    return specs


def role_allows(patterns: Iterable[str], canonical_id: str) -> bool:
    """Glob match of a canonical id against a role's allowlist (``alerts.*``, ``cluster.status``, ``*``)."""
    return any(fnmatch.fnmatchcase(canonical_id, pattern) for pattern in patterns)


@dataclass(frozen=True)
class Exposure:
    """Which tools this server lists, and why the others are hidden."""

    listed: list[ToolSpec]
    hidden: dict[str, str]
    """Wire name → the reason a direct call is refused."""


def expose(specs: Iterable[ToolSpec], *, role: str, allowlist: dict[str, list[str]], writes: bool) -> Exposure:
    """The registry filter: role allowlist and the writes switch. Never checked inside handlers."""
    patterns = allowlist.get(role)
    listed: list[ToolSpec] = []
    hidden: dict[str, str] = {}
    for spec in specs:
        if patterns is None:
            hidden[spec.name] = (
                f"Role '{role}' is not defined, so it allows no tool. "
                f"Known roles: {', '.join(sorted(allowlist))}. Set WAZUH_MCP_ROLE or role in the settings file."
            )
        elif not role_allows(patterns, spec.id):
            hidden[spec.name] = f"Tool {spec.id} is not allowed for role '{role}' (role_tool_allowlist)."
        elif spec.is_write and not writes:
            hidden[spec.name] = (
                f"Write tool {spec.id} is disabled. Enable writes with WAZUH_MCP_WRITES=on "
                "(changes still need a human's approval)."
            )
        else:
            listed.append(spec)
    return Exposure(listed=listed, hidden=hidden)
