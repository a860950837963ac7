"""wazuh_mcp.server.sdk leans on MCP SDK internals; these tests fail loudly when the SDK changes them.

Each test names the point of the adapter's docstring it guards. A failure here means: read the new
SDK, then adapt (or delete) that part of ``wazuh_mcp/server/sdk.py``, not the test.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, cast

import pytest
from mcp.client.client import Client
from mcp.server.connection import Connection
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.server.session import ServerSession
from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel, ConfigDict, ValidationError

from wazuh_mcp.errors import NotFound, WazuhMCPError
from wazuh_mcp.server import sdk


class Answer(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    agent: str
    note: str


async def answer(agent_id: str) -> Answer:
    """A tool returning a result model."""
    if agent_id == "404":
        raise NotFound("There is no agent 404.")
    if agent_id == "bug":
        raise KeyError("secret internal detail")
    return Answer(agent=agent_id, note="é, not \\u00e9")


def _server() -> MCPServer[Any]:
    server: MCPServer[Any] = MCPServer(name="probe")
    server.add_tool(answer, name="answer", structured_output=True)
    return server


PASS = (ValidationError, WazuhMCPError, TimeoutError)


def test_point1_the_tool_registry_is_still_where_the_adapter_reads_it() -> None:
    server = _server()
    tool = server._tool_manager.get_tool("answer")  # noqa: SLF001 - this is the internal under test
    assert isinstance(tool, Tool)
    assert set(tool.parameters["properties"]) == {"agent_id"}
    assert tool.fn_metadata.output_model is Answer and tool.fn_metadata.wrap_output is False
    assert "convert_result" in inspect.signature(tool.run).parameters
    assert sdk.argument_names(server, "answer") == {"agent_id"}
    assert sdk.argument_names(server, "nope") is None


async def test_point1_adjusted_schemas_are_what_tools_list_advertises() -> None:
    server = _server()
    input_schema, output_schema = sdk.schemas(server, "answer")
    sdk.set_schemas(
        server,
        "answer",
        input_schema={**input_schema, "additionalProperties": False},
        output_schema={**output_schema, "title": "Compacted"},
    )
    (listed,) = await server.list_tools()
    assert listed.input_schema["additionalProperties"] is False
    assert listed.output_schema is not None and listed.output_schema["title"] == "Compacted"


async def test_point2_the_sdk_still_wraps_tool_errors_and_the_adapter_unwraps_them() -> None:
    server = _server()
    with pytest.raises(ToolError) as wrapped:
        await server.call_tool("answer", {"agent_id": "404"})
    assert isinstance(wrapped.value.__cause__, NotFound), "the SDK no longer chains the tool's error as __cause__"
    with pytest.raises(NotFound):
        await sdk.run_tool(server, "answer", {"agent_id": "404"}, None, passthrough=PASS)
    with pytest.raises(ValidationError):
        await sdk.run_tool(server, "answer", {}, None, passthrough=PASS)
    with pytest.raises(sdk.ToolCrashed) as crashed:
        await sdk.run_tool(server, "answer", {"agent_id": "bug"}, None, passthrough=PASS)
    assert isinstance(crashed.value.__cause__, KeyError)


async def test_point3_one_compact_serialisation_instead_of_the_sdks_indented_copy() -> None:
    server = _server()
    sdk_result = await server.call_tool("answer", {"agent_id": "001"})
    assert isinstance(sdk_result, CallToolResult) and isinstance(sdk_result.content[0], TextContent)
    # If this starts failing the SDK's own text is compact already and point 3 can go.
    assert "\n" in sdk_result.content[0].text
    ours = await sdk.run_tool(server, "answer", {"agent_id": "001"}, None, passthrough=PASS)
    assert isinstance(ours, CallToolResult) and isinstance(ours.content[0], TextContent)
    assert ours.structured_content == sdk_result.structured_content == {"agent": "001", "note": "é, not \\u00e9"}
    assert ours.content[0].text == '{"agent":"001","note":"é, not \\\\u00e9"}'
    assert json.loads(ours.content[0].text) == ours.structured_content


class Numbers(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    score: float
    event: dict[str, Any]


async def numbers() -> Numbers:
    """Floats as an event from a host may carry them: not finite, large, small, negative zero; a big integer."""
    odd = {"nan": float("nan"), "inf": float("-inf"), "big": 1e16, "small": 1e-7, "zero": -0.0, "int": 2**70}
    return Numbers(score=float("nan"), event={**odd, "nested": [odd, "\u202e\x1b"]})


async def test_point3_the_text_is_the_structured_content_as_json_for_any_float() -> None:
    """The text is pydantic's JSON of the result (not json.dumps of the dump): the same JSON value, valid JSON."""
    server: MCPServer[Any] = MCPServer(name="probe")
    server.add_tool(numbers, name="numbers", structured_output=True)
    ours = await sdk.run_tool(server, "numbers", {}, None, passthrough=PASS)
    assert isinstance(ours, CallToolResult) and isinstance(ours.content[0], TextContent)
    text = ours.content[0].text

    def strict(constant: str) -> None:
        raise AssertionError(f"{constant} is not JSON")

    assert json.loads(text, parse_constant=strict) == ours.structured_content
    assert ours.structured_content is not None and ours.structured_content["score"] is None
    assert ours.structured_content["event"]["big"] == 1e16 and ours.structured_content["event"]["int"] == 2**70


def test_point4_the_read_resource_handler_we_override_still_exists() -> None:
    handler = MCPServer._handle_read_resource  # noqa: SLF001 - this is the internal under test
    assert list(inspect.signature(handler).parameters) == ["self", "ctx", "params"]
    assert sdk.AdaptedServer._handle_read_resource is not handler  # noqa: SLF001 - the override itself


class _PerRequest(sdk.AdaptedServer[Any]):
    """What the team server does with points 5 and 6, on a bare server: hide a tool, scope a read."""

    def __init__(self) -> None:
        super().__init__(name="probe")
        self.add_tool(answer, name="answer", structured_output=True)
        self.add_tool(answer, name="hidden", structured_output=True)
        self.reads: list[str] = []

    async def tools_for(self, ctx: Any) -> list[Any]:
        return [tool for tool in await self.list_tools() if tool.name != "hidden"]

    @contextmanager
    def reading_as(self, ctx: Any) -> Iterator[None]:
        token = READING_AS.set("the caller")
        try:
            yield
        finally:
            READING_AS.reset(token)


READING_AS: ContextVar[str | None] = ContextVar("reading_as", default=None)


async def test_point5_tools_list_goes_through_the_per_request_hook() -> None:
    """If the SDK stops routing tools/list through ``_handle_list_tools`` (or renames it), every role would
    see every tool: the hidden one shows up here."""
    assert "_handle_list_tools" in vars(MCPServer), "MCPServer no longer has the handler sdk.py overrides"
    server = _PerRequest()
    async with Client(server) as client:
        listed = await client.list_tools()
    assert [tool.name for tool in listed.tools] == ["answer"]


async def test_point6_a_resource_read_runs_inside_the_per_request_scope() -> None:
    server = _PerRequest()

    @server.resource("probe://who", name="who", mime_type="text/plain")
    def who() -> str:
        return READING_AS.get() or "nobody"

    async with Client(server) as client:
        read = await client.read_resource("probe://who")
    assert [getattr(c, "text", None) for c in read.contents] == ["the caller"]


def test_point7_the_session_id_is_still_on_the_sessions_private_connection() -> None:
    assert "connection" in inspect.signature(ServerSession.__init__).parameters
    connection = Connection(cast(Any, None), protocol_version="2025-06-18", session_id="abc123")
    session = ServerSession(cast(Any, None), connection)
    assert sdk.session_id(session) == "abc123", "ServerSession no longer keeps its Connection in _connection"
    assert sdk.session_id(ServerSession(cast(Any, None), Connection(cast(Any, None), protocol_version="x"))) is None
