"""Results of the mitre.* tools."""

from __future__ import annotations

from pydantic import Field

from wazuh_mcp.models.common import Result


class Technique(Result):
    id: str = Field(description="ATT&CK id, e.g. T1110 or T1110.001.")
    name: str
    tactics: list[str] = Field(description="Tactic names, e.g. 'Credential Access'.")
    description: str | None = Field(default=None, description="Excerpt of ATT&CK's description.")
    url: str | None = None
    deprecated: bool = False


class MitreTechniqueResult(Result):
    technique: Technique


class MitreSearchResult(Result):
    techniques: list[Technique]
    total: int
    truncated: bool = Field(description="True when more techniques match than were returned: raise size.")
