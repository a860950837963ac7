"""Results of the alerts.* tools: compact alerts (not raw ``_source``) and the triage summary."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from wazuh_mcp.models.common import Coverage, Result
from wazuh_mcp.models.paged import OptInt, OptStr, Page, Tags

Nested = Annotated[dict[str, Any], Field(exclude_if=lambda v: not v)]
ComplianceTags = Annotated[dict[str, list[str]], Field(exclude_if=lambda v: not v)]


class RuleInfo(Result):
    """What a rule maps to; the same for every alert of the rule."""

    groups: Tags
    mitre_ids: Tags
    mitre_tactics: Tags
    mitre_techniques: Tags
    compliance: ComplianceTags = Field(
        default_factory=dict,
        description="Compliance requirements the rule maps to: pci_dss, gdpr, hipaa, nist_800_53, tsc.",
    )


class AlertRule(Result):
    """The rule's groups, MITRE and compliance tags are in the result's `rules`, once per rule id."""

    id: str
    level: int | str = Field(
        description="Wazuh 4.x: 0..15, 12 and above is high severity; Wazuh 5.x: informational, low, medium, "
        "high or critical."
    )
    description: OptStr = Field(default=None, description="As Wazuh wrote it for this alert (fields interpolated).")


class AgentInfo(Result):
    name: OptStr = None
    ip: OptStr = None


class AlertAgent(AgentInfo):
    """In a list of alerts only the id; the name and IP are in the result's `agents`."""

    id: str


class FimDetail(Result):
    """What a file-integrity alert says about the file (syscheck.*)."""

    path: str
    event: OptStr = Field(default=None, description="added, modified or deleted.")
    changed: Tags = Field(description="Changed attributes: size, mtime, md5, sha256, permission…")
    sha256_before: OptStr = None
    sha256_after: OptStr = None
    md5_after: OptStr = None
    sha1_after: OptStr = None
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
    src_ip: OptStr = Field(
        default=None, description="Source IP (data.srcip, else the Windows ipAddress or the AWS remote IP)."
    )
    src_port: OptStr = None
    dst_ip: OptStr = None
    dst_port: OptStr = None
    src_user: OptStr = None
    dst_user: OptStr = Field(default=None, description="Target user (data.dstuser, or the Windows targetUserName).")
    event_id: OptStr = Field(default=None, description="Windows event id (4625 = failed logon…).")
    host: OptStr = Field(default=None, description="Host or domain named by the event (data.hostname).")
    url: OptStr = None
    location: OptStr = Field(
        default=None, description="Log source: file path or event channel (left out when it names a rule group)."
    )
    decoder: OptStr = Field(default=None, description="Decoder name (left out for Wazuh's generic 'json').")
    event: Nested = Field(
        default_factory=dict,
        description="What the event says (the alert's `data`, nested as stored: hunt a field as data.<path>), "
        "the fields that matter for its decoder family (vulnerability, Windows, audit, AWS, SCA…), values "
        "bounded; get_alert has every field.",
    )
    event_cut: bool = Field(
        default=False,
        exclude_if=lambda v: not v,
        description="True when event fields were left out to keep the result small; get_alert has them all.",
    )
    fim: FimDetail | None = Field(default=None, exclude_if=lambda v: v is None)
    log: OptStr = Field(
        default=None,
        description="Excerpt of the original log line (full_log); shorter, or left out where decoded fields "
        "say the same, on a crowded page. get_alert has it whole.",
    )


RulesOnPage = Annotated[dict[str, RuleInfo], Field(exclude_if=lambda v: not v)]
AgentsOnPage = Annotated[dict[str, AgentInfo], Field(exclude_if=lambda v: not v)]


class SearchAlertsResult(Page):
    alerts: list[Alert] = Field(description="Newest first.")
    rules: RulesOnPage = Field(
        default_factory=dict,
        description="Groups, MITRE ATT&CK and compliance tags of each rule on this page, by rule id.",
    )
    agents: AgentsOnPage = Field(default_factory=dict, description="Name and IP of each agent on this page, by id.")
    compliance_cut: bool = Field(
        default=False,
        exclude_if=lambda v: not v,
        description="True when the rules' compliance tags were left out to keep the page small (get_alert has them).",
    )


class GetAlertResult(Coverage):
    alert: Alert
    rules: RulesOnPage = Field(
        default_factory=dict, description="Groups, MITRE ATT&CK and compliance tags of the rule."
    )
    document: Nested = Field(
        default_factory=dict,
        description="The whole alert document as stored, value for value: control characters removed, long text "
        "cut with …, each change named in `cut`.",
    )
    cut: Tags = Field(
        description="Fields of the document changed: shortened (…), left out for the size budget, or "
        "'<path>: control characters removed'."
    )
    cut_count: OptInt = Field(default=None, description="How many fields were cut, when more than `cut` lists.")
    same_wazuh_id: OptInt = Field(
        default=None,
        description="When looked up by Wazuh's alert id: how many alerts carry it (the newest is shown).",
    )


class DescriptionCount(Result):
    text: str
    count: int


class RuleCount(Result):
    id: str
    description: OptStr = Field(
        default=None,
        description="The rule's own description: its definition from the Server API (with Wazuh's $(field) "
        "placeholders), else the one text all its alerts share. Absent when neither is known.",
    )
    descriptions: Annotated[list[DescriptionCount], Field(exclude_if=lambda v: not v)] = Field(
        default_factory=list,
        description="When the rule's alerts carry different texts (Wazuh interpolates event fields): the most "
        "frequent, with how many alerts carry each. One alert's text is not the rule's.",
    )
    level: Annotated[int | str | None, Field(exclude_if=lambda v: v is None)] = None
    count: int


class AgentCount(Result):
    id: str
    name: OptStr = None
    count: int


class LevelCount(Result):
    level: int | str = Field(description="A 4.x number or a 5.x keyword, as the alerts carry it.")
    count: int


class NameCount(Result):
    name: str
    count: int


class TechniqueCount(Result):
    id: str = Field(description="ATT&CK technique id, e.g. T1110.001 (a sub-technique of T1110).")
    name: OptStr = Field(
        default=None,
        description="The technique's name from the manager's MITRE database (e.g. Password Guessing); absent "
        "when the Server API cannot tell.",
    )
    count: int


class SummarizeAlertsResult(Coverage):
    total: int = Field(description="Alerts in the window (after the filters).")
    since: str = Field(description="Start of the window (UTC).")
    until: str = Field(description="End of the window (UTC).")
    by_rule: list[RuleCount] = Field(description="Most frequent rules, most first.")
    by_agent: list[AgentCount] = Field(description="Noisiest agents, most first.")
    by_level: list[LevelCount] = Field(description="Every level present, highest first.")
    by_tactic: list[NameCount] = Field(description="MITRE tactics, most first.")
    by_technique: list[TechniqueCount] = Field(
        description="MITRE techniques, most first, each counted by its own id: a sub-technique (T1110.001) is "
        "its own entry, not part of its parent's (T1110)."
    )
    by_integration: list[NameCount] = Field(
        default_factory=list, description="Wazuh 5.x: integrations that decoded the findings, most first."
    )
    by_category: list[NameCount] = Field(
        default_factory=list, description="Wazuh 5.x: integration categories (Cloud Services…), most first."
    )
    truncated: bool = Field(description="True when some list was cut to its top entries.")
