"""The fleet as the Server API shows it: agent records, syscollector inventory and groups.

``Fleet`` holds API-shaped dicts, derived from the deterministic estate (``build_fleet``) or
from the tavern fixture (``tavern.py``). Times are anchored to one ``started`` instant so the
same seed gives the same answers within a run, and relative filters (``older_than``,
``lastKeepAlive<1d``) behave as on a live manager.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from standin import estate
from standin.estate import Agent, OsInfo

Item = dict[str, Any]
MANAGER_KEEPALIVE = "9999-12-31T23:59:59Z"  # what wazuh-db reports for agent 000
AGENT_CONF = "<agent_config>\n\n  <!-- Shared agent configuration here -->\n\n</agent_config>\n"
INVENTORY_KINDS = (
    "os",
    "hardware",
    "packages",
    "processes",
    "ports",
    "netaddr",
    "netiface",
    "netproto",
    "hotfixes",
    "users",
    "groups",
    "services",
    "browser_extensions",
)
STATUS_CODES = {"active": 0, "disconnected": 4, "pending": 0, "never_connected": 0}


def iso(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def md5(text: str) -> str:
    return hashlib.md5(text.encode()).hexdigest()


@dataclass(frozen=True)
class AgentFacts:
    """One agent: the estate's inventory plus what the manager knows about it, times anchored."""

    agent: Agent
    date_add: datetime
    last_keepalive: datetime | None
    register_ip: str
    manager: str | None
    node_name: str
    version: str | None
    synced: bool
    ipv6: bool = True  # its interface has IPv6 addresses (a container on Docker's default network has none)


@dataclass
class ClusterNode:
    name: str
    type: str  # master | worker
    ip: str
    version: str = "4.14.7"


@dataclass
class Fleet:
    """Everything the agent, group, syscollector and cluster endpoints read."""

    hostname: str
    node_name: str
    cluster_name: str
    started: datetime
    agents: list[Item]
    inventory: Mapping[str, dict[str, list[Item]]]
    groups: dict[str, dict[str, str]]  # group -> file name -> content
    nodes: list[ClusterNode] = field(default_factory=list)
    keys: dict[str, str] = field(default_factory=dict)
    stats_days: dict[str, int] = field(default_factory=dict)  # extra days with statistics -> hours recorded
    manager_version: str = estate.WAZUH_VERSION
    """The manager's version where there is no agent 000 to carry it (Wazuh 5.x lists no agent 000)."""

    def agent(self, agent_id: str) -> Item | None:
        return next((a for a in self.agents if a["id"] == agent_id), None)


def _os_version(os_info: OsInfo) -> str:
    # Wazuh reports "22.04.4 LTS" and the codename apart; the estate keeps the full release string.
    return re.sub(r"\s*\(.*\)\s*$", "", os_info.version) or os_info.version


def _uname(os_info: OsInfo, name: str) -> str:
    return os_info.uname.replace("{host}", name)


def os_record(os_info: OsInfo, name: str) -> Item:
    values = {
        "arch": os_info.arch,
        "codename": os_info.codename,
        "major": os_info.major,
        "minor": os_info.minor,
        "name": os_info.name,
        "platform": os_info.platform,
        "uname": _uname(os_info, name),
        "version": _os_version(os_info),
    }
    return {key: value for key, value in values.items() if value}  # empty columns are NULL in wazuh-db


def merged_sum(groups: tuple[str, ...]) -> str:
    return md5("merged.mg|" + ",".join(groups))


V5_AGENT_DROPS = ("manager", "node_name", "configSum", "mergedSum", "group_config_status")
"""Agent fields 5.0 no longer has (framework/wazuh/core/agent.py ``Agent.fields`` @58c8811b16)."""
OS_TYPES = {"linux": "linux", "windows": "windows", "darwin": "macos"}
"""An estate OS family as 5.0's ``os.type`` (the agent's ECS ``host.os.type``)."""


def agent_record_v5(facts: AgentFacts) -> Item:
    """An agent item as 5.0 lists it: 4.x's without the manager, node and group-sync fields, and an ``os``
    with ``type`` instead of ``codename`` and ``uname``."""
    record = {k: v for k, v in agent_record(facts).items() if k not in V5_AGENT_DROPS}
    if "os" in record:
        os_item = {k: v for k, v in record["os"].items() if k not in ("codename", "uname")}
        record["os"] = dict(sorted({**os_item, "type": OS_TYPES[facts.agent.os.family]}.items()))
    return record


def agent_record(facts: AgentFacts) -> Item:
    """An agent item with the fields the real API includes for its status."""
    agent = facts.agent
    record: Item = {
        "id": agent.id,
        "name": agent.name,
        "ip": agent.ip,
        "registerIP": facts.register_ip,
        "status": agent.status,
        "status_code": STATUS_CODES[agent.status],
        "dateAdd": iso(facts.date_add),
        "node_name": facts.node_name,
    }
    if agent.id == "000":
        record["lastKeepAlive"] = MANAGER_KEEPALIVE
    elif facts.last_keepalive is not None:
        record["lastKeepAlive"] = iso(facts.last_keepalive)
    if facts.version is not None:
        record["version"] = facts.version
    if facts.manager is not None:
        record["manager"] = facts.manager
    if agent.status in ("active", "disconnected"):
        record["os"] = os_record(agent.os, agent.name)
    if agent.groups:
        record["group"] = list(agent.groups)
        if agent.status in ("active", "disconnected"):
            record["configSum"] = md5(AGENT_CONF)
            record["mergedSum"] = merged_sum(agent.groups)
    record["group_config_status"] = "synced" if facts.synced else "not synced"
    if agent.status == "disconnected" and facts.last_keepalive is not None:
        record["disconnection_time"] = iso(facts.last_keepalive + timedelta(seconds=45))
    return record


# --- syscollector ---------------------------------------------------------------------------------


def _scan(when: datetime, with_time: bool = True) -> Item:
    return {"id": 0, "time": iso(when)} if with_time else {"id": 0}


def _sysname(os_info: OsInfo) -> str:
    return {"linux": "Linux", "windows": "Windows", "darwin": "Darwin"}[os_info.family]


class LazyInventory(Mapping[str, dict[str, list[Item]]]):
    """Agent id → its syscollector tables, each agent's built when first read: the demo's Server API stand-in
    starts without building all 61 (a sixth of its start, while the demo's first answer waits). Each agent's
    tables come from its own seed and its fixed facts, so when they are built changes nothing."""

    def __init__(self, facts: dict[str, AgentFacts], seed: int) -> None:
        self._facts, self._seed = facts, seed
        self._built: dict[str, dict[str, list[Item]]] = {}

    def __getitem__(self, agent_id: str) -> dict[str, list[Item]]:
        if agent_id not in self._built:
            self._built[agent_id] = inventory(self._facts[agent_id], self._seed)  # KeyError: no such agent
        return self._built[agent_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._facts)

    def __len__(self) -> int:
        return len(self._facts)


def inventory(facts: AgentFacts, seed: int) -> dict[str, list[Item]]:
    """Syscollector tables for one agent (empty for agents that never sent inventory)."""
    agent = facts.agent
    if not agent.has_inventory:
        return {}
    rng = random.Random(f"{seed}|{agent.id}")
    scanned = (facts.last_keepalive or facts.date_add) - timedelta(minutes=rng.randint(5, 55))
    if agent.id == "000":
        scanned = facts.date_add + timedelta(days=400)
    aid = agent.id
    os_info = agent.os
    uname_parts = [p.strip() for p in _uname(os_info, agent.name).split("|")]
    release = uname_parts[2] if len(uname_parts) > 2 and os_info.family != "windows" else os_info.version
    kernel_version = uname_parts[3] if len(uname_parts) > 3 and os_info.family != "windows" else ""
    os_item: Item = {
        "scan": _scan(scanned),
        "architecture": os_info.arch,
        "hostname": agent.name,
        "os": {
            k: v
            for k, v in {
                "codename": os_info.codename,
                "major": os_info.major,
                "minor": os_info.minor,
                "name": os_info.name,
                "platform": os_info.platform,
                "version": _os_version(os_info),
            }.items()
            if v
        },
        "release": release,
        "sysname": _sysname(os_info),
        "agent_id": aid,
    }
    if kernel_version:
        os_item["version"] = kernel_version
    total_ram = rng.choice([2, 4, 8, 16, 32]) * 1024 * 1024
    free = int(total_ram * rng.uniform(0.1, 0.7))
    hardware: Item = {
        "scan": _scan(scanned),
        "board_serial": f"{rng.randrange(16**8):08X}",
        "cpu": {
            "cores": rng.choice([2, 4, 8]),
            "mhz": float(rng.choice([2100, 2400, 2600, 3000])),
            "name": rng.choice(
                [
                    "Intel(R) Xeon(R) Platinum 8259CL CPU @ 2.50GHz",
                    "AMD EPYC 7R13 Processor",
                    "Intel(R) Core(TM) i7-10610U CPU @ 1.80GHz",
                ]
            ),
        },
        "ram": {"free": free, "total": total_ram, "usage": round(100 * (1 - free / total_ram))},
        "agent_id": aid,
    }
    packages = [_package(p, scanned, aid) for p in agent.packages]
    processes = [_process(p, scanned, aid, rng) for p in agent.processes]
    ports = [_port(p, scanned, aid, rng) for p in agent.ports]
    mac = "02:42:" + ":".join(f"{rng.randrange(256):02x}" for _ in range(4))
    iface = "Ethernet" if os_info.family == "windows" else ("en0" if os_info.family == "darwin" else "eth0")
    netiface = [
        {
            "scan": _scan(scanned),
            "name": iface,
            "type": "ethernet",
            "state": "up",
            "mtu": 1500,
            "mac": mac,
            "tx": _traffic(rng),
            "rx": _traffic(rng),
            "agent_id": aid,
        }
    ]
    octets = agent.ip.split(".")
    ipv6 = (f"fd00::{int(octets[-1]):x}", _link_local(mac)) if facts.ipv6 else ()
    netaddr = [  # IPv6 rows have no broadcast, and come first, as the recorded agent's did (t4-ex-020)
        *(
            {"scan": {"id": 0}, "address": address, "iface": iface, "netmask": "ffff:ffff:ffff:ffff::", "proto": "ipv6"}
            for address in ipv6
        ),
        {
            "scan": {"id": 0},
            "address": agent.ip,
            "broadcast": ".".join([*octets[:2], "255", "255"]),
            "iface": iface,
            "netmask": "255.255.0.0",
            "proto": "ipv4",
        },
    ]
    for row in netaddr:
        row["agent_id"] = aid
    netproto = [
        {
            "scan": {"id": 0},
            "iface": iface,
            "type": "ipv4",
            "gateway": ".".join([*octets[:3], "1"]),
            "dhcp": "enabled" if os_info.family != "linux" else "disabled",
            "agent_id": aid,
        }
    ]
    hotfixes = (
        [{"scan": _scan(scanned), "hotfix": f"KB50{rng.randint(10000, 49999)}", "agent_id": aid} for _ in range(3)]
        if os_info.family == "windows"
        else []
    )
    return {
        "os": [os_item],
        "hardware": [hardware],
        "packages": packages,
        "processes": processes,
        "ports": ports,
        "netaddr": netaddr,
        "netiface": netiface,
        "netproto": netproto,
        "hotfixes": hotfixes,
        **_accounts(agent, scanned, rng),
    }


def _link_local(mac: str) -> str:
    """The interface's IPv6 link-local address from its MAC (modified EUI-64, RFC 4291)."""
    octets = [int(part, 16) for part in mac.split(":")]
    octets[0] ^= 0x02
    eui = [*octets[:3], 0xFF, 0xFE, *octets[3:]]
    groups = [f"{(eui[i] << 8) | eui[i + 1]:x}" for i in range(0, 8, 2)]
    return "fe80::" + ":".join(groups)


def _traffic(rng: random.Random) -> Item:
    packets = rng.randint(5_000, 900_000)
    return {"packets": packets, "bytes": packets * rng.randint(80, 1400), "errors": 0, "dropped": 0}


_LINUX_ACCOUNTS = (  # (name, uid, gid, full name, home, shell, groups), by name as wazuh-db lists them
    ("_apt", 42, 65534, "", "/nonexistent", "/usr/sbin/nologin", "nogroup"),
    ("backup", 34, 34, "backup", "/var/backups", "/usr/sbin/nologin", "backup"),
    ("bin", 2, 2, "bin", "/bin", "/usr/sbin/nologin", "bin"),
    ("daemon", 1, 1, "daemon", "/usr/sbin", "/usr/sbin/nologin", "daemon"),
    ("ops", 1000, 1000, "ops", "/home/ops", "/bin/bash", "ops,sudo,adm"),
    ("root", 0, 0, "root", "/root", "/bin/bash", "root"),
    ("sshd", 105, 65534, "", "/run/sshd", "/usr/sbin/nologin", "nogroup"),
    ("www-data", 33, 33, "www-data", "/var/www", "/usr/sbin/nologin", "www-data"),
)
_WINDOWS_ACCOUNTS = (
    ("Administrator", 500, 513, "Administrator", "", "C:\\Windows\\system32\\cmd.exe", "Administrators"),
    ("Guest", 501, 513, "Guest", "", "C:\\Windows\\system32\\cmd.exe", "Guests"),
    (
        "svc-backup",
        1001,
        513,
        "svc-backup",
        "C:\\Users\\svc-backup",
        "C:\\Windows\\system32\\cmd.exe",
        "Backup Operators",
    ),
)
_PASSWORD_CHANGED = 1747699200  # shadow's last change (a whole day, in seconds), as the recorded agent's users


def _user_row(aid: str, family: str, account: tuple[Any, ...], scanned: datetime) -> Item:
    """One ``/syscollector/{id}/users`` row with the keys the recorded 4.14 agent reported (t4-ex-024):
    wazuh-db's ``" "`` where a value is absent, 0/1 flags, shadow's password ages, and no ``full_name`` when
    the account has none (as ``_apt``)."""
    name, uid, gid, full_name, home, shell, groups = account
    user: Item = {"auth_failed_count": 0}
    if full_name:
        user["full_name"] = full_name
    user |= {
        "group_id": gid,
        "group_id_signed": gid,
        "groups": groups,
        "home": home or " ",
        "id": uid,
        "is_hidden": 0,
        "is_remote": 0 if family == "windows" else 1,
        "name": name,
        "password_last_change": _PASSWORD_CHANGED,
        "password_max_days_between_changes": 99999,
        "password_min_days_between_changes": 0,
        "password_status": "locked" if shell.endswith("nologin") or name == "Guest" else "active",
        "password_warning_days_before_expiration": 7,
        "roles": " ",
        "shell": shell,
        "type": "local" if family == "windows" else " ",
        "uid_signed": uid,
        "uuid": " ",
    }
    return {
        "login": {"status": 0, "tty": " ", "type": " "},
        "scan": _scan(scanned),
        "user": user,
        "host_ip": " ",
        "process_pid": 0,
        "checksum": hashlib.sha1(f"{aid}|user|{name}".encode()).hexdigest(),
        "agent_id": aid,
    }


def _accounts(agent: Agent, scanned: datetime, rng: random.Random) -> dict[str, list[Item]]:
    """Users, groups, services and browser extensions as 4.14's syscollector answers them (the oracle's
    ``api_exchanges_agent.jsonl`` shapes: wazuh-db's ``" "`` where a value is absent, 0/1 flags)."""
    aid, family = agent.id, agent.os.family
    accounts = _WINDOWS_ACCOUNTS if family == "windows" else _LINUX_ACCOUNTS
    users = [_user_row(aid, family, account, scanned) for account in accounts]
    group_names = sorted({g for *_, groups in accounts for g in groups.split(",")})
    groups_ = [
        {
            "group": {
                "description": " ",
                "id": 100 + index,
                "id_signed": 100 + index,
                "is_hidden": 0,
                "name": name,
                "users": ",".join(a[0] for a in accounts if name in a[-1].split(",")) or " ",
                "uuid": " ",
            },
            "scan": _scan(scanned),
            "checksum": hashlib.sha1(f"{aid}|group|{name}".encode()).hexdigest(),
            "agent_id": aid,
        }
        for index, name in enumerate(group_names)
    ]
    services = [
        {
            "service": {
                "id": f"{proc.name}.service" if family != "windows" else proc.name.removesuffix(".exe"),
                "name": proc.name,
                "description": f"{proc.name} service",
                "state": "active" if family != "windows" else "RUNNING",
                "sub_state": "running" if family != "windows" else " ",
                "enabled": "enabled" if family != "windows" else " ",
                "start_type": " " if family != "windows" else "AUTO_START",
                "type": " " if family != "windows" else "OWN_PROCESS",
                "exit_code": 0,
                "win32_exit_code": 0,
            },
            "process": {"pid": proc.pid, "executable": proc.cmd.split(" ")[0] or proc.name, "user_name": proc.euser},
            "scan": _scan(scanned),
            "checksum": hashlib.sha1(f"{aid}|service|{proc.name}|{proc.pid}".encode()).hexdigest(),
            "agent_id": aid,
        }
        for proc in agent.processes
        if proc.ppid in (0, 1) and proc.pid != 1
    ][:20]
    browsers = [p for p in agent.packages if p.name.split(" ")[0] in ("Google", "Mozilla", "Firefox", "Microsoft")]
    extensions = [
        {
            "browser": {"name": browser.name, "profile_name": "Default", "profile_path": " ", "profile_referenced": 0},
            "package": {
                "id": f"{rng.randrange(16**16):016x}",
                "name": "uBlock Origin",
                "version": "1.60.0",
                "vendor": "Raymond Hill",
                "description": "An efficient blocker",
                "path": " ",
                "enabled": 1,
                "from_webstore": 1,
                "autoupdate": 1,
                "persistent": 0,
            },
            "scan": _scan(scanned),
            "checksum": hashlib.sha1(f"{aid}|ext|{browser.name}".encode()).hexdigest(),
            "agent_id": aid,
        }
        for browser in browsers[:2]
    ]
    return {"users": users, "groups": groups_, "services": services, "browser_extensions": extensions}


def _package(package: estate.Package, scanned: datetime, aid: str) -> Item:
    item: Item = {
        "scan": _scan(scanned),
        "name": package.name,
        "version": package.version,
        "vendor": package.vendor,
        "architecture": package.architecture,
        "format": package.format,
        "description": package.description,
        "size": package.size,
        "install_time": iso(scanned - timedelta(days=package.install_days_ago)),
        "location": "",
        "agent_id": aid,
    }
    if package.format in ("deb", "rpm"):
        item["section"] = package.section
        item["priority"] = "optional"
    if package.format == "deb":
        item["multiarch"] = "same" if package.name.startswith("lib") else "foreign"
        item["install_time"] = ""  # dpkg keeps no install time; wazuh-db stores it empty
    return item


def _process(proc: estate.Process, scanned: datetime, aid: str, rng: random.Random) -> Item:
    user = proc.euser
    group = "root" if user == "root" else user
    start = scanned - timedelta(minutes=proc.start_minutes_ago)
    return {
        "scan": _scan(scanned),
        "pid": str(proc.pid),
        "ppid": proc.ppid,
        "name": proc.name,
        "cmd": proc.cmd,
        "argvs": proc.argvs,
        "euser": user,
        "ruser": user,
        "suser": user,
        "egroup": group,
        "rgroup": group,
        "sgroup": group,
        "fgroup": group,
        "state": proc.state or "R",
        "priority": proc.priority,
        "nice": proc.nice,
        "vm_size": proc.vm_size,
        "resident": proc.resident,
        "share": proc.resident // 3,
        "size": proc.vm_size // 4,
        "start_time": int(start.timestamp()),
        "stime": rng.randint(0, 900),
        "utime": rng.randint(0, 4000),
        "tgid": proc.pid,
        "tty": 0,
        "session": proc.pid if proc.ppid == 0 else 1,
        "pgrp": proc.pid,
        "processor": rng.randint(0, 3),
        "nlwp": proc.threads,
        "agent_id": aid,
    }


def _port(port: estate.Port, scanned: datetime, aid: str, rng: random.Random) -> Item:
    item: Item = {
        "scan": _scan(scanned),
        "protocol": port.protocol,
        "local": {"ip": port.local_ip, "port": port.local_port},
        "remote": {"ip": port.remote_ip, "port": port.remote_port},
        "tx_queue": 0,
        "rx_queue": 0,
        "inode": rng.randint(10_000, 9_999_999),
        "pid": port.pid,
        "process": port.process,
        "agent_id": aid,
    }
    if port.state:
        item["state"] = port.state
    return item


# --- the estate's fleet ---------------------------------------------------------------------------


def _estate_facts(agent: Agent, started: datetime, node_name: str, hostname: str, rng: random.Random) -> AgentFacts:
    date_add = started - timedelta(days=agent.registered_days_ago, seconds=rng.randint(0, 86_399))
    keepalive = (
        started - timedelta(minutes=agent.last_keepalive_minutes_ago, seconds=rng.randint(0, 59))
        if agent.last_keepalive_minutes_ago is not None
        else None
    )
    if agent.id == "000":
        keepalive = None
    return AgentFacts(
        agent=agent,
        date_add=date_add,
        last_keepalive=keepalive,
        register_ip="any" if agent.id != "000" else agent.ip,
        manager=hostname if agent.status != "never_connected" else None,
        node_name=node_name if agent.status != "never_connected" else "unknown",
        version=agent.version,
        synced=agent.status == "active",
    )


def build_fleet(
    seed: int = estate.DEFAULT_SEED,
    count: int = estate.DEFAULT_AGENT_COUNT,
    started: datetime | None = None,
    cluster: bool = False,
    generation: int = 4,
) -> Fleet:
    """The demo fleet from the estate, every time anchored to ``started``. Generation 5 is the same estate as a
    Wazuh 5.0 manager shows it: no agent 000 (Wazuh commit 79eab04988 removed it from the framework), agents
    and nodes at 5.0.0, and always one cluster node at least (5.0's default: master ``node01``)."""
    started = (started or datetime.now(UTC)).replace(microsecond=0)
    the_estate = estate.build_estate(seed, count)
    node_name = "master-node" if cluster else estate.NODE_NAME
    rng = random.Random(f"fleet|{seed}")
    facts = [_estate_facts(a, started, node_name, estate.MANAGER_NAME, rng) for a in the_estate.agents]
    node_version = "4.14.7"
    if generation == 5:
        facts = [_as_v5(f) for f in facts if f.agent.id != "000"]
        node_version = estate.WAZUH_VERSION_5.removeprefix("Wazuh v")
    agents = [agent_record_v5(f) if generation == 5 else agent_record(f) for f in facts]
    inv = LazyInventory({f.agent.id: f for f in facts}, seed)
    groups = sorted({g for f in facts for g in f.agent.groups})
    nodes = (
        [
            ClusterNode("master-node", "master", "10.10.0.2", node_version),
            ClusterNode("worker1", "worker", "10.10.0.3", node_version),
            ClusterNode("worker2", "worker", "10.10.0.4", node_version),
        ]
        if cluster
        # 5.0's default cluster configuration (read_cluster_config): node01, master, nodes ['127.0.0.1']
        else [ClusterNode(estate.NODE_NAME, "master", "127.0.0.1", node_version)]
        if generation == 5
        else []
    )
    fleet = Fleet(
        hostname=estate.MANAGER_NAME,
        node_name=node_name,
        cluster_name="wazuh",
        started=started,
        agents=agents,
        inventory=inv,
        groups={g: group_files(g) for g in groups},
        nodes=nodes,
        manager_version=estate.WAZUH_VERSION_5 if generation == 5 else estate.WAZUH_VERSION,
    )
    fleet.keys = {f.agent.id: agent_key(f.agent.id, f.agent.name, f.agent.ip, seed) for f in facts}
    return fleet


def _as_v5(facts: AgentFacts) -> AgentFacts:
    """An agent of a 5.0 manager: at 5.0.0 once it has connected (a never-connected one reports no version)."""
    version = estate.WAZUH_VERSION_5 if facts.version is not None else None
    return replace(facts, version=version)


def set_agent_version(fleet: Fleet, agent_id: str, version: str | None) -> None:
    """Set one agent's version (a test's 4.x agent on a 5.0 manager: restart and reload refuse it, 1761)."""
    agent = fleet.agent(agent_id)
    if agent is None:
        raise KeyError(agent_id)
    if version is None:
        agent.pop("version", None)
    else:
        agent["version"] = version


def group_files(name: str) -> dict[str, str]:
    merged = f"#default\n!{len(AGENT_CONF)} agent.conf\n{AGENT_CONF}"
    return {
        "agent.conf": AGENT_CONF,
        "ar.conf": "restart-ossec0 - restart-ossec.sh - 0\n",
        "merged.mg": merged if name == "default" else merged.replace("#default", f"#{name}"),
    }


def agent_key(agent_id: str, name: str, ip: str, seed: int) -> str:
    import base64

    secret = hashlib.sha256(f"{seed}|{agent_id}|key".encode()).hexdigest()
    return base64.b64encode(f"{agent_id} {name} {ip} {secret}".encode()).decode()
