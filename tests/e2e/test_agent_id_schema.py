"""``agent_id``: what the schema says and what the server accepts agree (issue 26 item 14: a JSON number was
accepted while every input schema said string). Through the official client against ``serve --demo``: each
tool's listed schema is applied with ``jsonschema`` (a validator nobody here wrote) to what the server
actually does with a number, a string, and values it refuses."""

from __future__ import annotations

from typing import Any

import jsonschema
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters


def accepts(schema: dict[str, Any], arguments: dict[str, Any]) -> bool:
    try:
        jsonschema.validate(arguments, schema)
    except jsonschema.ValidationError:
        return False
    return True


async def test_the_schema_and_the_server_agree_on_agent_id(demo_params: StdioServerParameters) -> None:
    async with Client(demo_params) as client:
        tools = {tool.name: tool.input_schema for tool in (await client.list_tools()).tools}
        with_agent = {name: schema for name, schema in tools.items() if "agent_id" in schema.get("properties", {})}
        assert {"get_agent", "agent_packages", "search_alerts"} <= set(with_agent)
        for schema in with_agent.values():
            prop = schema["properties"]["agent_id"]
            assert accepts({"type": "object", "properties": {"agent_id": prop}}, {"agent_id": 1}), prop
            assert accepts({"type": "object", "properties": {"agent_id": prop}}, {"agent_id": "001"}), prop
            assert not accepts({"type": "object", "properties": {"agent_id": prop}}, {"agent_id": 1.5}), prop
            assert not accepts({"type": "object", "properties": {"agent_id": prop}}, {"agent_id": True}), prop
        as_number = await client.call_tool("get_agent", {"agent_id": 1})
        as_text = await client.call_tool("get_agent", {"agent_id": "001"})
        assert not as_number.is_error and not as_text.is_error, (as_number.content, as_text.content)
        assert as_number.structured_content == as_text.structured_content
        for refused in (1.5, True, -1):
            result = await client.call_tool("get_agent", {"agent_id": refused})
            assert result.is_error, refused
            text = str(getattr(result.content[0], "text", ""))
            assert text.startswith("invalid_argument:"), text
