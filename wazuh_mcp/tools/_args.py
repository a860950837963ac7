"""Argument types shared by several tools: one definition of each limit from the tool reference."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BeforeValidator, Field

from wazuh_mcp.agent_ids import AGENT_ID_MAX_LEN, agent_id
from wazuh_mcp.errors import InvalidArgument


def _number_as_text(value: object) -> object:
    """Clients (and models) often send agent 7 as a JSON number; accept it rather than bounce the call."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


AgentId = Annotated[
    str,
    BeforeValidator(_number_as_text),
    Field(
        min_length=1,
        max_length=AGENT_ID_MAX_LEN,
        description="Agent id, e.g. '001' ('000': the manager).",
        # The schema says what is accepted: a JSON number too (issue 26: it was accepted, the schema said string).
        json_schema_extra={"type": ["string", "integer"], "minimum": 0},
    ),
    AfterValidator(agent_id),
]
InventorySize = Annotated[int, Field(ge=1, le=500, description="Items per page.")]
Offset = Annotated[int, Field(ge=0, le=10000, description="Items to skip (paging).")]


def require(condition: bool, message: str) -> None:
    """Raise ``invalid_argument`` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise InvalidArgument(message)
