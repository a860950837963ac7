"""Results of the hunt.* tools."""

from __future__ import annotations

from pydantic import Field

from wazuh_mcp.models.alerts import SearchAlertsResult
from wazuh_mcp.models.common import Coverage, Result


class HuntQueryResult(SearchAlertsResult):
    """Alerts matching the hunt, newest first, with the rules and agents they name."""


class FieldCount(Result):
    field: str
    alerts: int = Field(description="Alerts in the window whose `field` equals the indicator.")


class PivotResult(HuntQueryResult):
    field: str = Field(description="The field searched for `alerts` (the IOC kind's primary field).")
    elsewhere: list[FieldCount] = Field(
        default_factory=list,
        exclude_if=lambda v: not v,
        description="First page only: for every other field where Wazuh stores this kind of value, how many "
        "alerts hold the indicator there. Page through them with hunt_query on that field.",
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
