"""Argument types shared by several tools: one definition of each limit from the tool reference."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BeforeValidator, Field

from wazuh_mcp.errors import InvalidArgument


def _agent_id(value: str) -> str:
    """Wazuh agent ids are numbers shown with three digits: '7' and '007' both mean agent 007."""
    text = value.strip()
    if not (text.isascii() and text.isdigit()):
        raise ValueError("agent ids are numeric, like '001' (see list_agents)")
    return text.zfill(3)


def _number_as_text(value: object) -> object:
    """Clients (and models) often send agent 7 as a JSON number; accept it rather than bounce the call."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


AgentId = Annotated[
    str,
    BeforeValidator(_number_as_text),
    Field(min_length=1, max_length=16, description="Wazuh agent id, e.g. '001' ('000' is the manager)."),
    AfterValidator(_agent_id),
]
InventorySize = Annotated[int, Field(ge=1, le=500, description="Items per page (1..500).")]
Offset = Annotated[int, Field(ge=0, le=10000, description="Items to skip, for paging (0..10000).")]


def require(condition: bool, message: str) -> None:
    """Raise ``invalid_argument`` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise InvalidArgument(message)
