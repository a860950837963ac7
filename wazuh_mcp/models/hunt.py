"""Results of the hunt.* tools."""

from __future__ import annotations

from pydantic import Field

from wazuh_mcp.models.alerts import SearchAlertsResult
from wazuh_mcp.models.common import Coverage, Result
from wazuh_mcp.models.paged import OptStr


class HuntQueryResult(SearchAlertsResult):
    """Alerts (or, with ``events``, events: one that matched no rule has an empty rule id) matching the hunt,
    newest first, with the rules and agents they name."""

    note: OptStr = Field(
        default=None,
        description="Why the result may be empty although Wazuh saw events (Wazuh 4.x indexes its archives only "
        "when Filebeat's archives input is on).",
    )


class FieldCount(Result):
    field: str
    alerts: int = Field(description="Alerts in the window holding the indicator in this field.")


class PivotResult(HuntQueryResult):
    fields: list[FieldCount] = Field(
        default_factory=list,
        exclude_if=lambda v: not v,
        description="First page only: where the indicator appears, alerts per field (an alert may count in several).",
    )


class HuntFieldInfo(Result):
    field: str
    type: str = Field(description="keyword, ip (an IP address), long or date.")
    ops: list[str] = Field(description="Operators this field takes.")
    example: str | int
    description: str
    alerts_with_field: int = Field(description="Alerts in the window that carry this field with a non-empty value.")


class HuntFieldsResult(Coverage):
    total: int = Field(description="Alerts in the window.")
    since: str
    until: str
    fields: list[HuntFieldInfo]
