"""Results of the fim.* tools: file-integrity events from the alerts index (4.x) or FIM findings (5.x)."""

from __future__ import annotations

from pydantic import Field

from wazuh_mcp.models.alerts import AlertAgent, FimDetail
from wazuh_mcp.models.common import Result
from wazuh_mcp.models.paged import OptStr, Page


class FimEvent(Result):
    id: str = Field(description="Alert document id; get_alert shows the whole alert.")
    timestamp: str
    agent: AlertAgent
    rule_id: str
    level: int | str = Field(description="A 4.x number or a 5.x keyword, as the alert or finding carries it.")
    description: OptStr = None
    file: FimDetail


class FimResult(Page):
    events: list[FimEvent] = Field(description="Newest first.")
