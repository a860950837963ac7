"""Results of the hunt.* tools."""

from __future__ import annotations

from pydantic import Field

from wazuh_mcp.models.alerts import SearchAlertsResult
from wazuh_mcp.models.common import Result


class HuntQueryResult(SearchAlertsResult):
    """Alerts matching the hunt, newest first, with the rules and agents they name."""


class HuntFieldInfo(Result):
    field: str
    type: str = Field(description="keyword, ip (an IP stored as keyword), long or date.")
    ops: list[str] = Field(description="Operators this field takes.")
    example: str | int
    description: str
    alerts_with_field: int = Field(description="Alerts in the window that carry this field.")


class HuntFieldsResult(Result):
    total: int = Field(description="Alerts in the window.")
    since: str
    until: str
    fields: list[HuntFieldInfo]
