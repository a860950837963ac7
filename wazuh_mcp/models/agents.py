"""Results of the agents.* tools: compact agent records and syscollector inventory."""

from __future__ import annotations

from pydantic import Field

from wazuh_mcp.models.common import Result


class Agent(Result):
    id: str = Field(description="Agent id ('000' is the manager).")
    name: str
    ip: str | None = None
    status: str = Field(description="active, disconnected, pending or never_connected.")
    os: str | None = Field(default=None, description="OS name and version, e.g. 'Ubuntu 22.04.4 LTS'.")
    platform: str | None = Field(default=None, description="Wazuh os.platform: ubuntu, rhel, windows, darwin…")
    version: str | None = Field(default=None, description="Wazuh agent version.")
    groups: list[str] = Field(default_factory=list)
    last_keepalive: str | None = None
    registered: str | None = Field(default=None, description="When the agent was enrolled (dateAdd).")
    node: str | None = Field(default=None, description="Manager node the agent reports to.")


class AgentsResult(Result):
    agents: list[Agent]
    total: int = Field(description="Agents matching the filters, across all pages.")
    offset: int
    truncated: bool = Field(description="True when more agents match than this page holds: raise offset.")
    note: str | None = Field(default=None, description="What an empty answer means, when Wazuh cannot say it.")


class AgentResult(Result):
    agent: Agent


class ProcessItem(Result):
    pid: int | None = None
    ppid: int | None = None
    name: str | None = None
    cmd: str | None = None
    args: str | None = None
    user: str | None = None
    state: str | None = None
    vm_size_kb: int | None = None
    resident_kb: int | None = None
    threads: int | None = None
    started: int | None = Field(default=None, description="Start time, epoch seconds.")


class PackageItem(Result):
    name: str | None = None
    version: str | None = None
    vendor: str | None = None
    architecture: str | None = None
    format: str | None = Field(default=None, description="deb, rpm, win, pkg…")
    description: str | None = None
    installed: str | None = None


class PortItem(Result):
    protocol: str | None = None
    local_ip: str | None = None
    local_port: int | None = None
    remote_ip: str | None = None
    remote_port: int | None = None
    state: str | None = None
    pid: int | None = None
    process: str | None = None


class _Inventory(Result):
    agent_id: str
    total: int
    offset: int
    truncated: bool = Field(description="True when more items exist than this page holds: raise offset.")
    scan_time: str | None = Field(default=None, description="When syscollector last scanned this agent.")
    note: str | None = Field(
        default=None,
        exclude_if=lambda v: v is None,
        description='Why the list is empty when that is not "nothing installed/running" (e.g. no scan yet).',
    )


class ProcessInventoryResult(_Inventory):
    items: list[ProcessItem]


class PackageInventoryResult(_Inventory):
    items: list[PackageItem]


class PortInventoryResult(_Inventory):
    items: list[PortItem]
