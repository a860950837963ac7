"""Argument types shared by several tools: one definition of each limit from the tool reference."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BeforeValidator, Field

from wazuh_mcp.errors import InvalidArgument

AGENT_ID_MAX_LEN = 16


def agent_id(value: str) -> str:
    """The one agent-id rule, for tool arguments, hunt values, resource URIs and prompt arguments: Wazuh
    agent ids are ASCII digits (at most ``AGENT_ID_MAX_LEN``) shown with three digits, so '7' and '007'
    both mean agent 007. ValueError says what is wrong."""
    text = value.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > AGENT_ID_MAX_LEN:
        raise ValueError(f"agent ids are numeric (at most {AGENT_ID_MAX_LEN} digits), like '001' (see list_agents)")
    return text.zfill(3)


def _number_as_text(value: object) -> object:
    """Clients (and models) often send agent 7 as a JSON number; accept it rather than bounce the call."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


AgentId = Annotated[
    str,
    BeforeValidator(_number_as_text),
    Field(min_length=1, max_length=AGENT_ID_MAX_LEN, description="Wazuh agent id, e.g. '001' ('000' is the manager)."),
    AfterValidator(agent_id),
]
InventorySize = Annotated[int, Field(ge=1, le=500, description="Items per page (1..500).")]
Offset = Annotated[int, Field(ge=0, le=10000, description="Items to skip, for paging (0..10000).")]


def require(condition: bool, message: str) -> None:
    """Raise ``invalid_argument`` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise InvalidArgument(message)
