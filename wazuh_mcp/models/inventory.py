"""Results of the inventory.* tools: an agent's other inventory kinds (services, users, groups, network,
hotfixes, browser extensions, OS, hardware, FIM's files and registry) and its SCA (security configuration
assessment) results.

Every value comes from the monitored host, so every text is bounded and cleaned (``excerpt``); absent values
are left out of the JSON (``OptStr``…) rather than sent as null.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from wazuh_mcp.models.common import Result
from wazuh_mcp.models.paged import OptInt, OptStr, Tags


def _is_none(value: Any) -> bool:
    return value is None


OptBool = Annotated[bool | None, Field(exclude_if=_is_none)]


class ServiceItem(Result):
    id: OptStr = None
    name: OptStr = None
    description: OptStr = None
    state: OptStr = Field(default=None, description="running, active, STOPPED… as the host says.")
    sub_state: OptStr = None
    start_type: OptStr = None
    enabled: OptStr = None
    type: OptStr = None
    pid: OptInt = None
    executable: OptStr = None
    user: OptStr = Field(default=None, description="Account the service runs as.")


class UserItem(Result):
    name: OptStr = None
    uid: OptStr = None
    full_name: OptStr = None
    home: OptStr = None
    shell: OptStr = None
    type: OptStr = None
    gid: OptInt = None
    groups: Tags
    password_status: OptStr = Field(default=None, description="e.g. active, locked, disabled.")
    last_login: OptStr = None


class GroupItem(Result):
    name: OptStr = None
    gid: OptInt = None
    description: OptStr = None
    members: Tags


class InterfaceItem(Result):
    name: OptStr = None
    alias: OptStr = Field(default=None, description="Adapter name.")
    type: OptStr = None
    state: OptStr = None
    mtu: OptInt = None
    mac: OptStr = None
    rx_bytes: OptInt = None
    tx_bytes: OptInt = None
    rx_packets: OptInt = None
    tx_packets: OptInt = None
    rx_errors: OptInt = None
    tx_errors: OptInt = None
    rx_dropped: OptInt = None
    tx_dropped: OptInt = None


class NetworkItem(Result):
    interface: OptStr = None
    protocol: OptStr = Field(default=None, description="ipv4 or ipv6.")
    address: OptStr = None
    netmask: OptStr = None
    broadcast: OptStr = None


class ProtocolItem(Result):
    interface: OptStr = None
    type: OptStr = Field(default=None, description="ipv4 or ipv6.")
    gateway: OptStr = None
    dhcp: OptStr = Field(default=None, description="enabled, disabled, unknown or BOOTP.")
    metric: OptInt = None


class HotfixItem(Result):
    hotfix: OptStr = Field(default=None, description="A Windows update, e.g. KB5005565.")


class BrowserExtensionItem(Result):
    browser: OptStr = None
    name: OptStr = None
    id: OptStr = None
    version: OptStr = None
    vendor: OptStr = None
    description: OptStr = None
    path: OptStr = None
    enabled: OptBool = None
    from_webstore: OptBool = None
    profile: OptStr = None
    user: OptStr = None


class OsItem(Result):
    hostname: OptStr = None
    name: OptStr = None
    version: OptStr = None
    platform: OptStr = None
    codename: OptStr = None
    build: OptStr = None
    architecture: OptStr = None
    kernel: OptStr = Field(default=None, description="Kernel name (sysname).")
    kernel_release: OptStr = None
    kernel_version: OptStr = None


class HardwareItem(Result):
    cpu_name: OptStr = None
    cpu_cores: OptInt = None
    cpu_mhz: OptInt = None
    memory_total: OptInt = Field(default=None, description="As the agent reports it (KB on 4.x).")
    memory_free: OptInt = None
    memory_usage_percent: OptInt = None
    serial: OptStr = None


class FimItem(Result):
    """One entry of FIM's database: a file, a registry key or a registry value, as last scanned."""

    path: OptStr = None
    type: OptStr = Field(default=None, description="file, registry_key or registry_value.")
    value: OptStr = Field(default=None, description="Registry value name.")
    value_type: OptStr = None
    size: OptInt = None
    permissions: OptStr = None
    owner: OptStr = None
    group: OptStr = None
    uid: OptStr = None
    gid: OptStr = None
    mtime: OptStr = None
    inode: OptStr = None
    md5: OptStr = None
    sha1: OptStr = None
    sha256: OptStr = None
    arch: OptStr = None


InventoryItem = (
    ServiceItem
    | UserItem
    | GroupItem
    | InterfaceItem
    | NetworkItem
    | ProtocolItem
    | HotfixItem
    | BrowserExtensionItem
    | OsItem
    | HardwareItem
    | FimItem
)


class _Page(Result):
    agent_id: str
    total: int
    offset: int
    truncated: bool = Field(description="True when more items exist than this page holds: raise offset.")
    scan_time: OptStr = Field(default=None, description="When the agent last scanned or synced what is shown.")
    note: OptStr = Field(
        default=None,
        description='Why the list is empty when that is not "none on the host" (e.g. no scan yet).',
    )


class InventoryResult(_Page):
    kind: str
    items: list[InventoryItem]


class ScaPolicy(Result):
    policy_id: str
    name: OptStr = None
    description: OptStr = None
    passed: int
    failed: int
    not_applicable: int
    score: OptInt = Field(default=None, description="Percent of passed among passed and failed checks.")
    scan_end: OptStr = None


class ScaCheck(Result):
    id: str
    title: OptStr = None
    result: OptStr = Field(default=None, description="passed, failed or not applicable.")
    reason: OptStr = Field(default=None, description="Why the check could not be applied.")
    rationale: OptStr = None
    remediation: OptStr = None
    condition: OptStr = None


class ScaResult(_Page):
    policy_id: OptStr = None
    policies: list[ScaPolicy] = Field(default_factory=list, exclude_if=lambda v: not v)
    checks: list[ScaCheck] = Field(default_factory=list, exclude_if=lambda v: not v)
