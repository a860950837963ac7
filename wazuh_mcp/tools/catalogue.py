"""Every toolset and its tools: the one list the server, docgen, the role filter and the schema snapshots
read (``all_tools``), and the tools behind an index entry (``resolve``), importing only their toolsets.

Here, on the tools floor, so the registry beneath (``runtime.registry``: ``@tool``, the index, the role
filter) never imports a tool module.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from wazuh_mcp.runtime.registry import ToolInfo, ToolSpec

TOOLSETS = ("alerts", "agents", "inventory", "vulnerabilities", "mitre", "hunt", "fim", "cluster", "write", "respond")
"""Toolset modules under ``wazuh_mcp.tools``, in documentation order. Missing modules are skipped."""


def toolset_tools(toolset: str) -> list[ToolSpec]:
    """One toolset's tools (imports that module only); none when the module is missing."""
    try:
        module = importlib.import_module(f"wazuh_mcp.tools.{toolset}")
    except ModuleNotFoundError as exc:
        if exc.name == f"wazuh_mcp.tools.{toolset}":
            return []
        raise
    return list(module.TOOLS)


def all_tools() -> list[ToolSpec]:
    """Every tool of every toolset, in documentation order."""
    by_toolset = {toolset: toolset_tools(toolset) for toolset in TOOLSETS}
    specs = [spec for found in by_toolset.values() for spec in found]
    strays = [s.id for toolset, found in by_toolset.items() for s in found if s.toolset != toolset]
    if strays:  # resolve() finds a tool's module by its id
        raise RuntimeError(f"tool ids must start with their toolset's module name: {strays}")
    names = [s.name for s in specs]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        raise RuntimeError(f"duplicate tool names: {sorted(duplicates)}")
    return specs


def resolve(infos: Iterable[ToolInfo]) -> list[ToolSpec]:
    """The implementations of indexed tools, importing only their toolsets (a tool's id starts with its
    toolset's module name). A stale index is a bug, said plainly."""
    infos = list(infos)
    wanted = {info.toolset for info in infos}
    specs = {spec.name: spec for toolset in TOOLSETS if toolset in wanted for spec in toolset_tools(toolset)}
    resolved = []
    for info in infos:
        spec = specs.get(info.name)
        if spec is None or spec.info != info.info:
            raise RuntimeError(f"tool index is stale for {info.name}: run `python -m wazuh_mcp.docgen`")
        resolved.append(spec)
    return resolved
