"""A fleet shaped like Wazuh's API integration environment, for replaying its tavern files.

Wazuh's own expectations assume their docker environment: a master and two workers, agents
001-012 named ``wazuh-agent<N>``, 001-004 on the current version, 005-008 on 3.13.2, 009-010
disconnected on 3.9.2, 011-012 never connected, in groups ``group1``-``group3``. This module
states those facts as our own data (group memberships and dates are the ones the expectations
imply) and nothing else; only the tavern replay test uses it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from standin import estate
from standin.estate import Agent, OsInfo, Package, Port, Process
from standin.fleet import (
    AgentFacts,
    ClusterNode,
    Fleet,
    agent_key,
    agent_record,
    group_files,
    inventory,
)
from standin.security import PolicyRec, RoleRec, RuleRec, SecurityDb, UserRec

_UBUNTU = {
    "24": OsInfo(
        "ubuntu",
        "Ubuntu",
        "24.04.1 LTS (Noble Numbat)",
        "24",
        "04",
        "Noble Numbat",
        "x86_64",
        "Linux |{host} |6.8.0-45-generic |#45-Ubuntu SMP |x86_64",
        "linux",
    ),
    "18": OsInfo(
        "ubuntu",
        "Ubuntu",
        "18.04.6 LTS (Bionic Beaver)",
        "18",
        "04",
        "Bionic Beaver",
        "x86_64",
        "Linux |{host} |4.15.0-213-generic |#224-Ubuntu SMP |x86_64",
        "linux",
    ),
    "16": OsInfo(
        "ubuntu",
        "Ubuntu",
        "16.04.7 LTS (Xenial Xerus)",
        "16",
        "04",
        "Xenial Xerus",
        "x86_64",
        "Linux |{host} |4.4.0-210-generic |#242-Ubuntu SMP |x86_64",
        "linux",
    ),
}
_CORE = "Ubuntu Core developers <ubuntu-devel-discuss@lists.ubuntu.com>"
_DEVS = "Ubuntu Developers <ubuntu-devel-discuss@lists.ubuntu.com>"
_PACKAGES = tuple(
    Package(name, version, vendor, "amd64", "deb", description, size, section, 90)
    for name, version, vendor, description, size, section in (
        ("adduser", "3.137ubuntu1", _CORE, "add and remove users and groups", 608, "admin"),
        ("apt", "2.7.14build2", _CORE, "commandline package manager", 4156, "admin"),
        ("base-files", "13ubuntu10.1", _DEVS, "Debian base system miscellaneous files", 394, "admin"),
        ("bash", "5.2.21-2ubuntu4", _DEVS, "GNU Bourne Again SHell", 1864, "shells"),
        ("binutils", "2.42-4ubuntu2", _CORE, "GNU assembler and linker and binary utilities", 86, "devel"),
        ("coreutils", "9.4-3ubuntu6", _DEVS, "GNU core utilities", 7196, "utils"),
        ("curl", "8.5.0-2ubuntu10.4", _DEVS, "command line tool for transferring data with URL syntax", 454, "web"),
        ("libc6", "2.39-0ubuntu8.3", _DEVS, "GNU C Library: Shared libraries", 13592, "libs"),
        ("openssl", "3.0.13-0ubuntu3.4", _DEVS, "Secure Sockets Layer toolkit - cryptographic utility", 2104, "utils"),
        (
            "wazuh-agent",
            "4.14.7-1",
            "Wazuh Inc <info@wazuh.com>",
            "Wazuh helps you to gain security visibility",
            31118,
            "admin",
        ),
    )
)
_PROCESSES = (
    Process(1, 0, "bash", "/bin/bash", "/scripts/entrypoint.sh", "root", "S", 20, 0, 3984, 788, 1, 600),
    Process(57, 1, "wazuh-agentd", "/var/ossec/bin/wazuh-agentd", "", "wazuh", "S", 20, 0, 175412, 2616, 4, 599),
    Process(73, 1, "wazuh-execd", "/var/ossec/bin/wazuh-execd", "", "root", "S", 20, 0, 10680, 1784, 1, 599),
    Process(
        91, 1, "wazuh-logcollec", "/var/ossec/bin/wazuh-logcollector", "", "root", "S", 20, 0, 456772, 3316, 6, 599
    ),
    Process(104, 1, "wazuh-modulesd", "/var/ossec/bin/wazuh-modulesd", "", "root", "S", 20, 0, 1068500, 11856, 12, 599),
)
_PORTS = (
    Port("tcp", "0.0.0.0", 22, "0.0.0.0", 0, "listening", 0, "sshd"),
    Port("tcp", "127.0.0.11", 41663, "0.0.0.0", 0, "listening", 0, ""),
    Port("tcp", "172.20.0.6", 47436, "172.20.0.4", 1514, "established", 57, "wazuh-agentd"),
)
_GROUPS = {
    "001": ("default", "group1"),
    "002": ("default", "group2"),
    "003": ("default", "group3"),
    "004": ("default",),
    "005": ("default", "group1", "group2"),
    "006": ("default", "group2", "group3"),
    "007": ("default", "group1", "group3"),
    "008": ("default", "group1", "group2", "group3"),
    "009": ("default", "group1"),
    "010": ("default", "group2"),
}
CURRENT = estate.WAZUH_VERSION
_VERSIONS = {
    **{f"{n:03d}": CURRENT for n in range(5)},
    **{f"{n:03d}": "Wazuh v3.13.2" for n in range(5, 9)},
    "009": "Wazuh v3.9.2",
    "010": "Wazuh v3.9.2",
}
_MAJORS = {**{f"{n:03d}": "24" for n in range(5)}, **{f"{n:03d}": "18" for n in range(5, 9)}, "009": "16", "010": "16"}


def _facts(number: int, started: datetime) -> AgentFacts:
    aid = f"{number:03d}"
    status: estate.AgentStatus = "active" if number <= 8 else "disconnected" if number <= 10 else "never_connected"
    name = "wazuh-master" if number == 0 else f"wazuh-agent{number}"
    ip = "127.0.0.1" if number == 0 else f"172.20.0.{number + 5}"
    os_info = _UBUNTU[_MAJORS.get(aid, "24")]
    connected = status != "never_connected"
    agent = Agent(
        aid,
        name,
        ip,
        status,
        os_info,
        _GROUPS.get(aid, ()),
        _VERSIONS.get(aid),
        0,
        None,
        packages=_PACKAGES if connected else (),
        processes=_PROCESSES if connected else (),
        ports=_PORTS if connected else (),
    )
    date_add = {
        9: datetime(2021, 7, 3, 12, tzinfo=UTC),
        10: datetime(2021, 7, 8, 12, tzinfo=UTC),
        11: datetime(2021, 7, 2, 12, tzinfo=UTC),
        12: datetime(2021, 7, 2, 12, 5, tzinfo=UTC),
    }.get(number, datetime(2021, 7, 1, 10, number, tzinfo=UTC))
    keepalive = {9: datetime(2021, 7, 5, 12, tzinfo=UTC), 10: datetime(2021, 7, 9, 12, tzinfo=UTC)}.get(
        number, started - timedelta(seconds=30) if connected else None
    )
    worker = "worker1" if number % 2 else "worker2"
    return AgentFacts(
        agent=agent,
        date_add=date_add,
        last_keepalive=keepalive,
        register_ip="127.0.0.1" if number == 0 else "any",
        manager=None if not connected else ("wazuh-master" if number == 0 else f"wazuh-{worker}"),
        node_name="master-node" if number == 0 else (worker if connected else "unknown"),
        version=_VERSIONS.get(aid),
        synced=number <= 8,
        ipv6=False,  # Wazuh's test environment runs its agents as containers on Docker's default network
    )


def tavern_fleet(started: datetime | None = None) -> Fleet:
    started = (started or datetime.now(UTC)).replace(microsecond=0)
    facts = [_facts(n, started) for n in range(13)]
    fleet = Fleet(
        hostname="wazuh-master",
        node_name="master-node",
        cluster_name="wazuh",
        started=started,
        agents=[agent_record(f) for f in facts],
        inventory={f.agent.id: inventory(f, 0) for f in facts},
        groups={g: group_files(g) for g in ("default", "group1", "group2", "group3")},
        nodes=[
            ClusterNode("master-node", "master", "172.20.0.2"),
            ClusterNode("worker1", "worker", "172.20.0.3"),
            ClusterNode("worker2", "worker", "172.20.0.4"),
        ],
    )
    fleet.keys = {f.agent.id: agent_key(f.agent.id, f.agent.name, f.agent.ip, 0) for f in facts}
    fleet.stats_days = {"2019-08-27": 1}  # the one-hour statistics file Wazuh's test environment ships
    return fleet


def seed_security(db: SecurityDb) -> None:
    """The custom RBAC objects Wazuh's security expectations assume exist (ids 100-105 of each)."""
    with db.lock:
        for n in range(100, 106):
            db.users[n] = UserRec(n, f"tavern_user_{n}", "Tavern.Fixture-1")
            db.roles[n] = RoleRec(n, f"tavern_role_{n}")
            db.policies[n] = PolicyRec(n, f"tavern_policy_{n}", ["agent:read"], [f"agent:id:{n:03d}"], "allow")
            db.rules[n] = RuleRec(n, f"tavern_rule_{n}", {"MATCH": {"tavern_fixture": str(n)}})
