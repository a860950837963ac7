"""The inventory kinds agent_inventory reads, each on both generations: where Wazuh 4.x's Server API serves it
(``/syscollector/{agent}/<api>``, the 4.14 spec's shapes) and where Wazuh 5.x's Indexer keeps it
(``wazuh-states-inventory-<index>``, Wazuh Common Schema names from Wazuh's 5.x templates), read into one
item model per kind. Pure functions of a document: every text is bounded and cleaned (``excerpt``); Wazuh's
placeholders (``" "``, empty strings) read as None; WCS's one-element arrays as their value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from wazuh_mcp.backends.indexer_shapes import InventoryIndex, StateIndex
from wazuh_mcp.models.inventory import (
    BrowserExtensionItem,
    FimItem,
    GroupItem,
    HardwareItem,
    HotfixItem,
    InterfaceItem,
    InventoryItem,
    NetworkItem,
    OsItem,
    ProtocolItem,
    ServiceItem,
    UserItem,
)
from wazuh_mcp.tools._inventory_v5 import _get as get
from wazuh_mcp.tools._inventory_v5 import _int as number
from wazuh_mcp.tools._inventory_v5 import text

Kind = Literal[
    "services",
    "users",
    "groups",
    "interfaces",
    "networks",
    "protocols",
    "hotfixes",
    "browser_extensions",
    "os",
    "hardware",
    "files",
    "registry",
]
LONG = 200
"""Longest description an item carries."""


def texts(value: Any) -> list[str]:
    """A list of names: WCS keeps a list; 4.x's wazuh-db keeps one comma-separated string."""
    values = value if isinstance(value, list) else str(value).split(",") if value is not None else []
    return [t for t in (text(v) for v in values[:100]) if t]


def flag(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):  # 4.x's wazuh-db answers 0/1
        return bool(value)
    return None


def _either(doc: dict[str, Any], *paths: str) -> Any:
    """The first of ``paths`` the document has (4.x and 5.x spell some fields two ways)."""
    for path in paths:
        value = get(doc, path)
        if value is not None:
            return value
    return None


# --- Wazuh 4.x: the Server API's /syscollector items -------------------------------------------------


def _service(doc: dict[str, Any], user: Any) -> ServiceItem:
    """A service: the same WCS-style names on both generations but the account it runs as."""
    return ServiceItem(
        id=text(get(doc, "service.id")),
        name=text(get(doc, "service.name")),
        description=text(get(doc, "service.description"), LONG),
        state=text(get(doc, "service.state")),
        sub_state=text(get(doc, "service.sub_state")),
        start_type=text(get(doc, "service.start_type")),
        enabled=text(get(doc, "service.enabled")),
        type=text(get(doc, "service.type")),
        pid=number(get(doc, "process.pid")),
        executable=text(get(doc, "process.executable"), LONG),
        user=text(user),
    )


def _user(doc: dict[str, Any], gid: str, password_status: str) -> UserItem:
    """An account: the same names on both generations but the group id and password status."""
    return UserItem(
        name=text(get(doc, "user.name")),
        uid=text(get(doc, "user.id")),
        full_name=text(get(doc, "user.full_name")),
        home=text(get(doc, "user.home")),
        shell=text(get(doc, "user.shell")),
        type=text(get(doc, "user.type")),
        gid=number(get(doc, gid)),
        groups=texts(get(doc, "user.groups")),
        password_status=text(get(doc, password_status)),
        last_login=text(get(doc, "user.last_login")),
    )


def service_v4(doc: dict[str, Any]) -> ServiceItem:
    return _service(doc, _either(doc, "process.user_name", "process.user.name"))


def user_v4(doc: dict[str, Any]) -> UserItem:
    return _user(doc, "user.group_id", "user.password_status")


def group(doc: dict[str, Any]) -> GroupItem:
    return GroupItem(
        name=text(get(doc, "group.name")),
        gid=number(get(doc, "group.id")),
        description=text(get(doc, "group.description"), LONG),
        members=texts(get(doc, "group.users")),
    )


def interface_v4(doc: dict[str, Any]) -> InterfaceItem:
    return InterfaceItem(
        name=text(doc.get("name")),
        alias=text(doc.get("adapter")),
        type=text(doc.get("type")),
        state=text(doc.get("state")),
        mtu=number(doc.get("mtu")),
        mac=text(doc.get("mac")),
        **{
            f"{d}_{m}": number(get(doc, f"{d}.{m}"))
            for d in ("rx", "tx")
            for m in ("bytes", "packets", "errors", "dropped")
        },
    )


def network_v4(doc: dict[str, Any]) -> NetworkItem:
    return NetworkItem(
        interface=text(doc.get("iface")),
        protocol=text(doc.get("proto")),
        address=text(doc.get("address")),
        netmask=text(doc.get("netmask")),
        broadcast=text(doc.get("broadcast")),
    )


def protocol_v4(doc: dict[str, Any]) -> ProtocolItem:
    return ProtocolItem(
        interface=text(doc.get("iface")),
        type=text(doc.get("type")),
        gateway=text(doc.get("gateway")),
        dhcp=text(doc.get("dhcp")),
        metric=number(doc.get("metric")),
    )


def hotfix_v4(doc: dict[str, Any]) -> HotfixItem:
    return HotfixItem(hotfix=text(doc.get("hotfix")))


def browser_extension(doc: dict[str, Any]) -> BrowserExtensionItem:
    """Both generations: 4.x's wazuh-db says ``browser.profile_name``, 5.x's template ``browser.profile.name``."""
    return BrowserExtensionItem(
        browser=text(get(doc, "browser.name")),
        name=text(get(doc, "package.name")),
        id=text(get(doc, "package.id")),
        version=text(get(doc, "package.version")),
        vendor=text(get(doc, "package.vendor")),
        description=text(get(doc, "package.description"), LONG),
        path=text(get(doc, "package.path"), LONG),
        enabled=flag(get(doc, "package.enabled")),
        from_webstore=flag(get(doc, "package.from_webstore")),
        profile=text(_either(doc, "browser.profile_name", "browser.profile.name")),
        user=text(get(doc, "user.id")),
    )


def os_v4(doc: dict[str, Any]) -> OsItem:
    return OsItem(
        hostname=text(doc.get("hostname")),
        name=text(get(doc, "os.name")),
        version=text(get(doc, "os.version")),
        platform=text(get(doc, "os.platform")),
        codename=text(get(doc, "os.codename")),
        build=text(get(doc, "os.build")),
        architecture=text(doc.get("architecture")),
        kernel=text(doc.get("sysname")),
        kernel_release=text(doc.get("release")),
        kernel_version=text(doc.get("version")),
    )


def hardware_v4(doc: dict[str, Any]) -> HardwareItem:
    return HardwareItem(
        cpu_name=text(get(doc, "cpu.name")),
        cpu_cores=number(get(doc, "cpu.cores")),
        cpu_mhz=_whole(get(doc, "cpu.mhz")),
        memory_total=number(get(doc, "ram.total")),
        memory_free=number(get(doc, "ram.free")),
        memory_usage_percent=_whole(get(doc, "ram.usage")),
        serial=text(doc.get("board_serial")),
    )


def _whole(value: Any) -> int | None:
    """A number Wazuh may send as a float (``cpu.mhz`` 2600.0) as a whole number."""
    try:
        return round(float(value)) if value is not None and not isinstance(value, bool) and value != "" else None
    except (TypeError, ValueError):
        return None


# --- Wazuh 5.x: the wazuh-states-inventory-* documents ----------------------------------------------


def service_v5(doc: dict[str, Any]) -> ServiceItem:
    process = get(doc, "process") or {}
    user = get(doc, "process.user.name") or (process.get("user.name") if isinstance(process, dict) else None)
    return _service(doc, user)


def user_v5(doc: dict[str, Any]) -> UserItem:
    return _user(doc, "user.group.id", "user.password.status")


def interface_v5(doc: dict[str, Any]) -> InterfaceItem:
    traffic = {"rx": "host.network.ingress", "tx": "host.network.egress"}
    counters = {"bytes": "bytes", "packets": "packets", "errors": "errors", "dropped": "drops"}
    return InterfaceItem(
        name=text(get(doc, "interface.name")),
        alias=text(get(doc, "interface.alias")),
        type=text(get(doc, "interface.type")),
        state=text(get(doc, "interface.state")),
        mtu=number(get(doc, "interface.mtu")),
        mac=text(get(doc, "host.mac")),
        **{f"{d}_{m}": number(get(doc, f"{traffic[d]}.{field}")) for d in traffic for m, field in counters.items()},
    )


def network_v5(doc: dict[str, Any]) -> NetworkItem:
    return NetworkItem(
        interface=text(get(doc, "interface.name")),
        protocol=text(get(doc, "network.type")),
        address=text(get(doc, "network.ip")),
        netmask=text(get(doc, "network.netmask")),
        broadcast=text(get(doc, "network.broadcast")),
    )


def protocol_v5(doc: dict[str, Any]) -> ProtocolItem:
    dhcp = get(doc, "network.dhcp")
    return ProtocolItem(
        interface=text(get(doc, "interface.name")),
        type=text(get(doc, "network.type")),
        gateway=text(get(doc, "network.gateway")),
        dhcp=("enabled" if dhcp else "disabled") if isinstance(dhcp, bool) else text(dhcp),
        metric=number(get(doc, "network.metric")),
    )


def hotfix_v5(doc: dict[str, Any]) -> HotfixItem:
    return HotfixItem(hotfix=text(get(doc, "package.hotfix.name")))


def os_v5(doc: dict[str, Any]) -> OsItem:
    return OsItem(
        hostname=text(get(doc, "host.hostname")),
        name=text(get(doc, "host.os.name")),
        version=text(get(doc, "host.os.version")),
        platform=text(get(doc, "host.os.platform")),
        codename=text(get(doc, "host.os.codename")),
        build=text(get(doc, "host.os.build")),
        architecture=text(get(doc, "host.architecture")),
        kernel=text(get(doc, "host.os.kernel.name")),
        kernel_release=text(get(doc, "host.os.kernel.release")),
        kernel_version=text(get(doc, "host.os.kernel.version")),
    )


def hardware_v5(doc: dict[str, Any]) -> HardwareItem:
    usage = get(doc, "host.memory.usage")  # WCS: "between 0 and 1"
    percent = _whole(float(usage) * 100) if isinstance(usage, int | float) and not isinstance(usage, bool) else None
    return HardwareItem(
        cpu_name=text(get(doc, "host.cpu.name")),
        cpu_cores=number(get(doc, "host.cpu.cores")),
        cpu_mhz=_whole(get(doc, "host.cpu.speed")),
        memory_total=number(get(doc, "host.memory.total")),
        memory_free=number(get(doc, "host.memory.free")),
        memory_usage_percent=percent,
        serial=text(get(doc, "host.serial_number")),
    )


# --- FIM's database: 4.x's /syscheck/{agent}, 5.x's wazuh-states-fim-* ---------------------------------


def fim_v4(doc: dict[str, Any]) -> FimItem:
    return FimItem(
        path=text(doc.get("file"), LONG),
        type=text(doc.get("type")),
        value=text(_either(doc, "value.name", "value_name")),
        value_type=text(_either(doc, "value.type", "value_type")),
        size=number(doc.get("size")),
        permissions=text(doc.get("perm")),
        owner=text(doc.get("uname")),
        group=text(doc.get("gname")),
        uid=text(doc.get("uid")),
        gid=text(doc.get("gid")),
        mtime=text(doc.get("mtime")),
        inode=text(doc.get("inode")),
        md5=text(doc.get("md5")),
        sha1=text(doc.get("sha1")),
        sha256=text(doc.get("sha256")),
        arch=text(doc.get("arch")),
    )


def file_v5(doc: dict[str, Any]) -> FimItem:
    return FimItem(
        path=text(get(doc, "file.path"), LONG),
        type="file",
        size=number(get(doc, "file.size")),
        permissions=text(get(doc, "file.permissions")),
        owner=text(get(doc, "file.owner")),
        group=text(get(doc, "file.group")),
        uid=text(get(doc, "file.uid")),
        gid=text(get(doc, "file.gid")),
        mtime=text(get(doc, "file.mtime")),
        inode=text(get(doc, "file.inode")),
        md5=text(get(doc, "file.hash.md5")),
        sha1=text(get(doc, "file.hash.sha1")),
        sha256=text(get(doc, "file.hash.sha256")),
    )


def registry_v5(doc: dict[str, Any]) -> FimItem:
    """A registry key (owner, permissions) or value (name, data type and hashes): 5.x keeps them apart."""
    value = get(doc, "registry.value")
    return FimItem(
        path=text(get(doc, "registry.path"), LONG),
        type="registry_value" if value is not None else "registry_key",
        value=text(value),
        value_type=text(get(doc, "registry.data.type")),
        size=number(get(doc, "registry.size")),
        permissions=text(get(doc, "registry.permissions")),
        owner=text(get(doc, "registry.owner")),
        group=text(get(doc, "registry.group")),
        uid=text(get(doc, "registry.uid")),
        gid=text(get(doc, "registry.gid")),
        mtime=text(get(doc, "registry.mtime")),
        md5=text(get(doc, "registry.data.hash.md5")),
        sha1=text(get(doc, "registry.data.hash.sha1")),
        sha256=text(get(doc, "registry.data.hash.sha256")),
        arch=text(get(doc, "registry.architecture")),
    )


@dataclass(frozen=True)
class KindSpec:
    """One kind on both generations."""

    api: str
    """4.x: ``/syscollector/{agent}/<api>``, or a path of its own (``/syscheck/{agent}`` for FIM)."""
    index: InventoryIndex | StateIndex
    """5.x: ``wazuh-states-inventory-<index>`` or, for a ``StateIndex``, ``wazuh-states-<index>``."""
    v4: Callable[[dict[str, Any]], InventoryItem]
    v5: Callable[[dict[str, Any]], InventoryItem]
    sort: str
    """5.x: the field pages are ordered by (then the document's checksum)."""
    source: tuple[str, ...]
    """5.x: the fields a page reads."""
    paged: bool = True
    """4.x: the endpoint takes limit/offset (``os`` and ``hardware`` answer one item and refuse them)."""
    params: tuple[tuple[str, str], ...] = ()
    """4.x: fixed query parameters (FIM's entry types)."""
    action: str = "syscollector:read"
    """4.x: the RBAC action the endpoint needs."""
    tiebreak: str = "checksum.hash.sha1"
    """5.x: what orders documents with the same ``sort`` value (then the checksum)."""

    def endpoint(self, agent_id: str) -> str:
        """4.x: ``/syscollector/{agent}/<api>``, or the kind's own path."""
        return self.api.format(agent=agent_id) if self.api.startswith("/") else f"/syscollector/{agent_id}/{self.api}"

    @property
    def scan(self) -> str:
        return "FIM scan" if self.index.startswith("fim-") else "syscollector scan"

    @property
    def shown_index(self) -> str:
        """5.x: the index name as Wazuh writes it."""
        prefix = "wazuh-states-" if self.index in ("sca", "fim-files", "fim-registry") else "wazuh-states-inventory-"
        return prefix + self.index + ("-*" if self.index == "fim-registry" else "")


KINDS: dict[Kind, KindSpec] = {
    "services": KindSpec("services", "services", service_v4, service_v5, "service.id", ("service.*", "process.*")),
    "users": KindSpec("users", "users", user_v4, user_v5, "user.name", ("user.*",)),
    "groups": KindSpec("groups", "groups", group, group, "group.name", ("group.*",)),
    "interfaces": KindSpec(
        "netiface", "interfaces", interface_v4, interface_v5, "interface.name", ("interface.*", "host.*")
    ),
    "networks": KindSpec("netaddr", "networks", network_v4, network_v5, "interface.name", ("interface.*", "network.*")),
    "protocols": KindSpec(
        "netproto", "protocols", protocol_v4, protocol_v5, "interface.name", ("interface.*", "network.*")
    ),
    "hotfixes": KindSpec("hotfixes", "hotfixes", hotfix_v4, hotfix_v5, "package.hotfix.name", ("package.*",)),
    "browser_extensions": KindSpec(
        "browser_extensions",
        "browser-extensions",
        browser_extension,
        browser_extension,
        "package.name",
        ("browser.*", "package.*", "user.*"),
    ),
    "os": KindSpec("os", "system", os_v4, os_v5, "host.hostname", ("host.*",), paged=False),
    "hardware": KindSpec("hardware", "hardware", hardware_v4, hardware_v5, "host.cpu.name", ("host.*",), paged=False),
    "files": KindSpec(
        "/syscheck/{agent}",
        "fim-files",
        fim_v4,
        file_v5,
        "file.path",
        ("file.*",),
        params=(("type", "file"),),
        action="syscheck:read",
    ),
    "registry": KindSpec(
        "/syscheck/{agent}",
        "fim-registry",
        fim_v4,
        registry_v5,
        "registry.path",
        ("registry.*",),
        params=(("q", "type!=file"),),
        action="syscheck:read",
        tiebreak="registry.value",
    ),
}
