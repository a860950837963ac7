"""Results of the cluster.* tools."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from wazuh_mcp.models.common import Result


class ClusterNode(Result):
    name: str
    type: str = Field(description="master or worker.")
    status: str = Field(
        description="'running' for a connected node whose daemons run; 'failed' when Wazuh reports one of its daemons "
        "as failed (failed_daemons names them); 'restarting' while its daemons come back; 'starting' (5.x) while "
        "one runs but is not ready yet."
    )
    version: str | None = None
    ip: str | None = None


ClusterMode = Literal["single_node", "cluster", "cluster_stopped"]


class ClusterStatusResult(Result):
    mode: ClusterMode = Field(
        description="single_node: one manager, clustering not configured (the usual deployment, not an outage); "
        "cluster: clustering configured and running; cluster_stopped: configured but its daemon is not running."
    )
    summary: str = Field(description="The state in one sentence, for a person.")
    enabled: bool = Field(description="Clustering is configured. False on a 4.x single node (5.x: one-node cluster).")
    running: bool = Field(description="The cluster daemon runs. False on a 4.x single node.")
    nodes: list[ClusterNode]
    failed_daemons: list[str] = Field(
        default_factory=list,
        description="Daemons Wazuh reports as failed ('node: daemon'); empty when every daemon that should run runs.",
    )
