"""The one module that relies on the MCP SDK's private parts (``mcp`` 2.x ``MCPServer``).

What it works around, and why (tests/unit/test_sdk_adapter.py fails loudly if the SDK changes any of it):

1. ``MCPServer`` keeps its registered tools in ``_tool_manager`` and has no public way to read or
   adjust one. We need the registered ``Tool`` to advertise a compacted input schema that says
   ``additionalProperties: false`` (what ``WazuhServer.call_tool`` enforces) and a compacted output
   schema, and to know a tool's argument names before it runs.
2. ``Tool.run`` wraps every failure in a ``ToolError`` ("Error executing tool …") with the original
   exception as ``__cause__``. ``run_tool`` hands back the original, so our error codes, pydantic's
   field errors and timeouts reach the audit wrapper as themselves.
3. ``MCPServer.call_tool`` mirrors structured output as indented JSON text, which we would then
   replace by a compact copy (two serialisations per call). ``run_tool`` runs the tool
   without the SDK's conversion and serialises a result model once: one compact JSON text (pydantic's, about
   half the bytes) and ``structuredContent`` read back from it.
4. A resource read puts ``_meta`` only on each content item; ``AdaptedServer`` also puts the cache
   hint (``ttl_seconds``) on the result, where the tool reference promises it, by overriding the
   private request handler ``_handle_read_resource``.
5. ``tools/list`` has no per-request hook: ``MCPServer._handle_list_tools`` answers ``list_tools()``
   for every caller. ``AdaptedServer`` overrides that private handler to answer ``tools_for(ctx)``,
   so team mode shows each caller its own role's tools.
6. A resource read has no per-request hook either: ``AdaptedServer`` runs the private
   ``_handle_read_resource`` inside ``reading_as(ctx)``, so a read reaches Wazuh as the caller and
   its audit record names them.
7. ``ServerSession`` exposes no session id; its private ``_connection`` (an
   ``mcp.server.connection.Connection``) does. ``session_id`` reads it, for the error-flood limit.

Nothing else in the project touches an SDK name that starts with an underscore (ruff's SLF rule
catches attribute reads; the overrides above are the only private methods redefined).
"""

from __future__ import annotations

import json
from contextlib import AbstractContextManager, nullcontext
from typing import Any, TypeVar

from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp_types import (
    CallToolResult,
    InputRequiredResult,
    ListToolsResult,
    PaginatedRequestParams,
    ReadResourceRequestParams,
    ReadResourceResult,
    TextContent,
)
from mcp_types import Tool as MCPTool
from pydantic import BaseModel

LifespanT = TypeVar("LifespanT")


class ToolCrashed(Exception):
    """The tool raised something that is neither ours nor a validation error (a bug); ``__cause__`` has it."""


def _tool(server: MCPServer[Any], name: str) -> Tool | None:
    return server._tool_manager.get_tool(name)  # noqa: SLF001 - point 1 of the module docstring


def argument_names(server: MCPServer[Any], name: str) -> set[str] | None:
    """The argument names a registered tool accepts (None: no such tool)."""
    tool = _tool(server, name)
    return None if tool is None else set(tool.parameters.get("properties", {}))


def set_schemas(server: MCPServer[Any], name: str, *, input_schema: dict[str, Any], output_schema: Any) -> None:
    """Replace what ``tools/list`` advertises for a registered tool (validation still uses its models)."""
    tool = _tool(server, name)
    if tool is None:
        raise KeyError(name)
    tool.parameters = input_schema
    tool.fn_metadata.output_schema = output_schema


def schemas(server: MCPServer[Any], name: str) -> tuple[dict[str, Any], Any]:
    """The input and output schema a registered tool advertises."""
    tool = _tool(server, name)
    if tool is None:
        raise KeyError(name)
    return tool.parameters, tool.fn_metadata.output_schema


async def run_tool(
    server: MCPServer[Any],
    name: str,
    arguments: dict[str, Any],
    context: Context[Any, Any] | None,
    *,
    passthrough: tuple[type[Exception], ...],
) -> CallToolResult | InputRequiredResult:
    """Run a registered tool. An exception of a ``passthrough`` type raised by the tool (or by argument
    validation) is raised as itself, unwrapped from the SDK's ``ToolError``; anything else comes as
    ``ToolCrashed`` (its text stays on the server)."""
    tool = _tool(server, name)
    if tool is None:
        raise KeyError(name)
    if context is None:
        context = Context(mcp_server=server, subscriptions=server._subscriptions)  # noqa: SLF001 - what MCPServer.call_tool does
    try:
        raw = await tool.run(arguments, context, convert_result=False)
    except ToolError as exc:
        cause = exc.__cause__
        if isinstance(cause, passthrough):
            raise cause from None
        raise ToolCrashed(name) from (cause or exc)
    metadata = tool.fn_metadata
    model = metadata.output_model if metadata.output_schema is not None else None
    if model is not None and not metadata.wrap_output and isinstance(raw, model) and isinstance(raw, BaseModel):
        # pydantic writes the JSON text (compact, non-ASCII as is, a non-finite float as null: always valid JSON)
        # and the structured content is that text read back, so the two are the same value by construction;
        # cheaper than dumping the model and then encoding the dump with the json module.
        text = raw.model_dump_json(by_alias=True)
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=json.loads(text))
    try:
        return metadata.convert_result(raw)
    except Exception as exc:  # a result that does not fit the tool's output schema: a bug
        raise ToolCrashed(name) from exc


def session_id(session: object) -> str | None:
    """Point 7: the transport's session id of a ``ServerSession`` (None: stdio, or a stateless request)."""
    found = getattr(getattr(session, "_connection", None), "session_id", None)
    return found if isinstance(found, str) else None


class AdaptedServer(MCPServer[LifespanT]):
    """``MCPServer`` with points 4 to 6 of the module docstring applied: override ``tools_for`` and
    ``reading_as``, never the SDK's private handlers."""

    async def tools_for(self, ctx: ServerRequestContext[LifespanT]) -> list[MCPTool]:
        """The tools this request's caller may see (default: every registered tool)."""
        return await self.list_tools()

    def reading_as(self, ctx: ServerRequestContext[LifespanT]) -> AbstractContextManager[object]:
        """What a resource read of this request runs inside (default: nothing)."""
        return nullcontext()

    async def _handle_list_tools(
        self, ctx: ServerRequestContext[LifespanT], params: PaginatedRequestParams | None
    ) -> ListToolsResult:
        return ListToolsResult(tools=await self.tools_for(ctx))

    async def _handle_read_resource(
        self, ctx: ServerRequestContext[LifespanT], params: ReadResourceRequestParams
    ) -> ReadResourceResult | InputRequiredResult:
        with self.reading_as(ctx):
            result = await super()._handle_read_resource(ctx, params)
        if isinstance(result, ReadResourceResult) and result.contents:
            ttl = (result.contents[0].meta or {}).get("ttl_seconds")
            if ttl is not None:
                return result.model_copy(update={"meta": {**(result.meta or {}), "ttl_seconds": ttl}})
        return result
