"""Results of the cluster.* tools."""

from __future__ import annotations

from pydantic import Field

from wazuh_mcp.models.common import Result


class ClusterNode(Result):
    name: str
    type: str = Field(description="master or worker.")
    status: str = Field(description="'running' for every node the master reports as connected.")
    version: str | None = None
    ip: str | None = None


class ClusterStatusResult(Result):
    enabled: bool = Field(description="Clustering is configured. False on a single-node deployment.")
    running: bool
    nodes: list[ClusterNode]
