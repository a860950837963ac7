"""Results of the vulnerabilities.* tools: Wazuh 4.8+ vulnerability state (wazuh-states-vulnerabilities-*)."""

from __future__ import annotations

from pydantic import Field

from wazuh_mcp.models.common import Result
from wazuh_mcp.models.paged import OptFloat, OptStr, Page


class Vulnerability(Result):
    cve: str = Field(description="Vulnerability id, e.g. CVE-2024-3094.")
    severity: str = Field(description="Low, Medium, High or Critical (as scored by Wazuh's feed).")
    score: OptFloat = Field(default=None, description="CVSS base score.")
    agent_id: str
    agent_name: OptStr = None
    package: OptStr = Field(default=None, description="Affected package name (or the OS for OS-level CVEs).")
    version: OptStr = Field(default=None, description="Installed package version.")
    description: OptStr = Field(default=None, description="Excerpt of the vulnerability description.")
    detected_at: OptStr = None
    published_at: OptStr = None
    reference: OptStr = Field(default=None, description="First reference URL.")
    condition: OptStr = Field(
        default=None,
        description="Wazuh's detection condition (vulnerability.scanner.condition), e.g. 'Package less than 2.4.1'.",
    )
    fixed_in: OptStr = Field(
        default=None, description="First fixed version, when the condition names one ('Package less than X')."
    )


class VulnerabilitiesResult(Page):
    vulnerabilities: list[Vulnerability] = Field(description="Most recently detected first.")
    note: OptStr = Field(
        default=None,
        description="Why the result may be empty although Wazuh has vulnerability data (e.g. no state index, "
        "but vulnerability-detector alerts exist).",
    )
