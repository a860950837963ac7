"""Results of the alerts.* tools: compact alerts (not raw ``_source``) and the triage summary."""

from __future__ import annotations

from pydantic import Field

from wazuh_mcp.models.common import Coverage, Result
from wazuh_mcp.models.paged import OptInt, OptStr, Page, Tags


class AlertRule(Result):
    id: str
    level: int = Field(description="0..15; 12 and above is high severity.")
    description: OptStr = None
    groups: Tags
    mitre_ids: Tags
    mitre_tactics: Tags
    mitre_techniques: Tags


class AlertAgent(Result):
    id: str
    name: OptStr = None
    ip: OptStr = None


class FimDetail(Result):
    """What a file-integrity alert says about the file (syscheck.*)."""

    path: str
    event: OptStr = Field(default=None, description="added, modified or deleted.")
    changed: Tags = Field(description="Changed attributes: size, mtime, md5, sha256, permission…")
    sha256_before: OptStr = None
    sha256_after: OptStr = None
    md5_after: OptStr = None
    size_after: OptInt = None
    user_after: OptStr = Field(default=None, description="File owner after the change.")
    perm_after: OptStr = None
    mtime_after: OptStr = None
    who: OptStr = Field(default=None, description="User that made the change (who-data), when audited.")
    process: OptStr = Field(default=None, description="Process that made the change (who-data), when audited.")
    diff: OptStr = Field(default=None, description="Excerpt of the content diff, when report_changes is on.")


class Alert(Result):
    id: str = Field(description="Document id; pass it to get_alert.")
    timestamp: str
    rule: AlertRule
    agent: AlertAgent
    src_ip: OptStr = Field(default=None, description="Source IP (data.srcip, or the Windows ipAddress).")
    src_port: OptStr = None
    dst_ip: OptStr = None
    dst_port: OptStr = None
    src_user: OptStr = None
    dst_user: OptStr = Field(default=None, description="Target user (data.dstuser, or the Windows targetUserName).")
    event_id: OptStr = Field(default=None, description="Windows event id (4625 = failed logon…).")
    host: OptStr = Field(default=None, description="Host or domain named by the event (data.hostname).")
    url: OptStr = None
    location: OptStr = Field(default=None, description="Log source: file path or event channel.")
    decoder: OptStr = None
    fim: FimDetail | None = Field(default=None, exclude_if=lambda v: v is None)
    log: OptStr = Field(default=None, description="Excerpt of the original log line (full_log).")


class SearchAlertsResult(Page):
    alerts: list[Alert] = Field(description="Newest first.")


class GetAlertResult(Coverage):
    alert: Alert


class RuleCount(Result):
    id: str
    description: OptStr = None
    level: OptInt = None
    count: int


class AgentCount(Result):
    id: str
    name: OptStr = None
    count: int


class LevelCount(Result):
    level: int
    count: int


class NameCount(Result):
    name: str
    count: int


class SummarizeAlertsResult(Coverage):
    total: int = Field(description="Alerts in the window (after the filters).")
    since: str = Field(description="Start of the window (UTC).")
    until: str = Field(description="End of the window (UTC).")
    by_rule: list[RuleCount] = Field(description="Most frequent rules, most first.")
    by_agent: list[AgentCount] = Field(description="Noisiest agents, most first.")
    by_level: list[LevelCount] = Field(description="Every level present, highest first.")
    by_tactic: list[NameCount] = Field(description="MITRE tactics, most first.")
    by_technique: list[NameCount] = Field(description="MITRE technique ids, most first.")
    truncated: bool = Field(description="True when some list was cut to its top entries.")
