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


class VulnerabilitiesResult(Page):
    vulnerabilities: list[Vulnerability] = Field(description="Most recently detected first.")
