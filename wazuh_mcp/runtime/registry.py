"""The tool registry: every tool describes itself once, here is the only list of them.

A toolset module (``wazuh_mcp/tools/<toolset>.py``) defines its tools with ``@tool(...)`` and
exports them as ``TOOLS``. ``tools.catalogue.all_tools()`` enumerates every toolset (the tools
floor loads its own modules; the runtime never imports a tool); the server, the role filter, the
schema snapshots and ``docs/tools.md`` all read from it, so nothing is ever registered by hand.

``indexed_tools()`` names the same tools without importing their modules: ``tool_index.py`` is
generated from ``tools.catalogue.all_tools()`` by ``python -m wazuh_mcp.docgen`` (a test fails when it is stale).
``serve`` answers ``initialize`` and decides what a role may list from the index alone; the tool
modules (their argument and result models) load on the first ``tools/list`` or call.

Names: the canonical id is the seed's dotted form (``agents.get_agent``) and is what role
allowlists and the audit log use; the wire name (``get_agent``) is what clients see, because
Claude Desktop rejects dotted tool names.
"""

from __future__ import annotations

import fnmatch
import inspect
import json
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any

from mcp_types import ToolAnnotations

_WIRE_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


@dataclass(frozen=True)
class ToolInfo:
    """One tool's identity and hints: what the listing decision and the audit need (the index holds these)."""

    id: str
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

    @property
    def info(self) -> ToolInfo:
        """Just the identity and hints (what the index records), whatever the subclass."""
        return ToolInfo(self.id, self.title, self.name, self.read_only, self.destructive, self.idempotent)


@dataclass(frozen=True, kw_only=True)
class ToolSpec(ToolInfo):
    """One tool: its identity, its hints and the coroutine that implements it."""

    fn: Callable[..., Awaitable[Any]]

    @property
    def description(self) -> str:
        """The docstring as the model reads it: dedented, trimmed, and its source line wraps joined (a blank
        line still starts a paragraph): no source layout on the wire, where each wrap costs an escaped newline."""
        paragraphs = inspect.cleandoc(self.fn.__doc__ or "").split("\n\n")
        return "\n\n".join(" ".join(p.split()) for p in paragraphs)


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


def indexed_tools() -> list[ToolInfo]:
    """Every tool as ``all_tools()`` names it, in the same order, without importing a tool module."""
    from wazuh_mcp.runtime.tool_index import TOOLS

    return list(TOOLS)


def render_index(specs: Iterable[ToolInfo]) -> str:
    """The source of ``tool_index.py`` for these tools (docgen writes it; a test compares)."""
    lines = [
        '"""Generated from the registry by `python -m wazuh_mcp.docgen`: do not edit. Names every tool',
        "without importing the tool modules, so `serve` answers `initialize` before loading them.",
        '"""',
        "",
        "from wazuh_mcp.runtime.registry import ToolInfo",
        "",
        "TOOLS: tuple[ToolInfo, ...] = (",
    ]
    for spec in specs:
        i = spec.info
        lines += [
            "    ToolInfo(",
            *(f"        {key}={_literal(value)}," for key, value in _index_fields(i)),
            "    ),",
        ]
    lines.append(")")
    return "\n".join(lines) + "\n"


def _index_fields(info: ToolInfo) -> list[tuple[str, Any]]:
    return [(f.name, getattr(info, f.name)) for f in fields(ToolInfo)]


def _literal(value: Any) -> str:
    """A Python literal as ``ruff format`` writes it (double-quoted strings)."""
    return repr(value) if isinstance(value, bool) else json.dumps(value, ensure_ascii=False)


def role_allows(patterns: Iterable[str], canonical_id: str) -> bool:
    """Glob match of a canonical id against a role's allowlist (``alerts.*``, ``cluster.status``, ``*``)."""
    return any(fnmatch.fnmatchcase(canonical_id, pattern) for pattern in patterns)


@dataclass(frozen=True)
class Exposure:
    """Which tools this server lists, and why the others are hidden."""

    listed: list[ToolInfo]
    hidden: dict[str, str]
    """Wire name → the reason a direct call is refused."""


def expose(specs: Iterable[ToolInfo], *, role: str, allowlist: dict[str, list[str]], writes: bool) -> Exposure:
    """The registry filter: role allowlist and the writes switch. Never checked inside handlers."""
    patterns = allowlist.get(role)
    listed: list[ToolInfo] = []
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
