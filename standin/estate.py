"""The stand-in's estate: a deterministic, believable fleet of Wazuh agents and their inventory.

Everything is derived from one integer seed with ``random.Random`` so the Server API stand-in,
the alert/vulnerability dataset generator and the tests agree on every agent, package, process
and port without sharing state. ``build_estate()`` is cached per (seed, count).

Times are not stored here: callers anchor them (``Agent.registered_days_ago`` etc. are offsets).
"""

from __future__ import annotations

import hashlib
import ipaddress
import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

AgentStatus = Literal["active", "disconnected", "pending", "never_connected"]
Platform = Literal["linux", "windows", "darwin"]

DEFAULT_SEED = 4147
DEFAULT_AGENT_COUNT = 60
WAZUH_VERSION = "Wazuh v4.14.7"
WAZUH_VERSION_5 = "Wazuh v5.0.0"  # the manager and agents of the stand-in's generation 5
MANAGER_NAME = "wazuh-manager"
NODE_NAME = "node01"


@dataclass(frozen=True)
class OsInfo:
    platform: str  # Wazuh's os.platform: ubuntu, centos, rhel, debian, amzn, windows, darwin
    name: str
    version: str
    major: str
    minor: str
    codename: str
    arch: str
    uname: str
    family: Platform


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    vendor: str
    architecture: str
    format: str  # deb | rpm | win | pkg
    description: str
    size: int  # KiB for deb/rpm, bytes otherwise (Wazuh reports what the OS reports)
    section: str
    install_days_ago: int


@dataclass(frozen=True)
class Process:
    pid: int
    ppid: int
    name: str
    cmd: str
    argvs: str
    euser: str
    state: str
    priority: int
    nice: int
    vm_size: int
    resident: int
    threads: int
    start_minutes_ago: int


@dataclass(frozen=True)
class Port:
    protocol: str  # tcp | udp | tcp6
    local_ip: str
    local_port: int
    remote_ip: str
    remote_port: int
    state: str  # listening | established | "" for udp
    pid: int
    process: str


@dataclass(frozen=True)
class Agent:
    id: str  # "000" is the manager itself
    name: str
    ip: str
    status: AgentStatus
    os: OsInfo
    groups: tuple[str, ...]
    version: str | None  # None for never_connected agents (Wazuh reports no version yet)
    registered_days_ago: int
    last_keepalive_minutes_ago: int | None
    packages: tuple[Package, ...] = field(default=(), repr=False)
    processes: tuple[Process, ...] = field(default=(), repr=False)
    ports: tuple[Port, ...] = field(default=(), repr=False)

    @property
    def has_inventory(self) -> bool:
        return self.status not in ("never_connected", "pending")


@dataclass(frozen=True)
class Estate:
    seed: int
    agents: tuple[Agent, ...]

    def agent(self, agent_id: str) -> Agent | None:
        return self._by_id.get(agent_id)

    @property
    def _by_id(self) -> dict[str, Agent]:
        return {agent.id: agent for agent in self.agents}

    def connected(self) -> list[Agent]:
        """Agents that produce alerts and inventory (active or once active)."""
        return [a for a in self.agents if a.id != "000" and a.status in ("active", "disconnected")]


# --- catalogues -------------------------------------------------------------------------------

_LINUX_OSES = [
    OsInfo(
        "ubuntu",
        "Ubuntu",
        "22.04.4 LTS (Jammy Jellyfish)",
        "22",
        "04",
        "Jammy Jellyfish",
        "x86_64",
        "Linux |{host} |5.15.0-105-generic |#115-Ubuntu SMP |x86_64",
        "linux",
    ),
    OsInfo(
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
    OsInfo(
        "debian",
        "Debian GNU/Linux",
        "12 (bookworm)",
        "12",
        "",
        "bookworm",
        "x86_64",
        "Linux |{host} |6.1.0-25-amd64 |#1 SMP Debian 6.1.106-3 |x86_64",
        "linux",
    ),
    OsInfo(
        "rhel",
        "Red Hat Enterprise Linux",
        "9.4 (Plow)",
        "9",
        "4",
        "Plow",
        "x86_64",
        "Linux |{host} |5.14.0-427.13.1.el9_4.x86_64 |#1 SMP PREEMPT_DYNAMIC |x86_64",
        "linux",
    ),
    OsInfo(
        "centos",
        "CentOS Stream",
        "9",
        "9",
        "",
        "",
        "x86_64",
        "Linux |{host} |5.14.0-503.el9.x86_64 |#1 SMP PREEMPT_DYNAMIC |x86_64",
        "linux",
    ),
    OsInfo(
        "amzn",
        "Amazon Linux",
        "2023",
        "2023",
        "",
        "",
        "x86_64",
        "Linux |{host} |6.1.109-118.189.amzn2023.x86_64 |#1 SMP |x86_64",
        "linux",
    ),
]
_WINDOWS_OSES = [
    OsInfo(
        "windows",
        "Microsoft Windows Server 2022 Datacenter",
        "10.0.20348.2700",
        "10",
        "0",
        "",
        "x86_64",
        "Microsoft Windows Server 2022 Datacenter 10.0.20348.2700",
        "windows",
    ),
    OsInfo(
        "windows",
        "Microsoft Windows 11 Enterprise",
        "10.0.22631.4169",
        "10",
        "0",
        "23H2",
        "x86_64",
        "Microsoft Windows 11 Enterprise 10.0.22631.4169",
        "windows",
    ),
    OsInfo(
        "windows",
        "Microsoft Windows 10 Pro",
        "10.0.19045.4894",
        "10",
        "0",
        "22H2",
        "x86_64",
        "Microsoft Windows 10 Pro 10.0.19045.4894",
        "windows",
    ),
]
_MAC_OSES = [
    OsInfo(
        "darwin",
        "macOS",
        "14.6.1",
        "14",
        "6",
        "Sonoma",
        "arm64",
        "Darwin |{host} |23.6.0 |Darwin Kernel Version 23.6.0 |arm64",
        "darwin",
    ),
    OsInfo(
        "darwin",
        "macOS",
        "15.0.1",
        "15",
        "0",
        "Sequoia",
        "arm64",
        "Darwin |{host} |24.0.0 |Darwin Kernel Version 24.0.0 |arm64",
        "darwin",
    ),
]

# (name, version, vendor, section, description, size)
_DEB_PACKAGES = [
    ("openssh-server", "1:8.9p1-3ubuntu0.10", "Ubuntu Developers", "net", "secure shell (SSH) server", 1540),
    ("openssl", "3.0.2-0ubuntu1.15", "Ubuntu Developers", "utils", "Secure Sockets Layer toolkit", 2104),
    (
        "libssl3",
        "3.0.2-0ubuntu1.15",
        "Ubuntu Developers",
        "libs",
        "Secure Sockets Layer toolkit - shared libraries",
        5818,
    ),
    ("bash", "5.1-6ubuntu1.1", "Ubuntu Developers", "shells", "GNU Bourne Again SHell", 1864),
    ("coreutils", "8.32-4.1ubuntu1.2", "Ubuntu Developers", "utils", "GNU core utilities", 7196),
    ("sudo", "1.9.9-1ubuntu2.4", "Ubuntu Developers", "admin", "Provide limited super user privileges", 2504),
    (
        "curl",
        "7.81.0-1ubuntu1.18",
        "Ubuntu Developers",
        "web",
        "command line tool for transferring data with URL syntax",
        454,
    ),
    (
        "libcurl4",
        "7.81.0-1ubuntu1.18",
        "Ubuntu Developers",
        "libs",
        "easy-to-use client-side URL transfer library",
        880,
    ),
    ("nginx", "1.18.0-6ubuntu14.4", "Ubuntu Developers", "httpd", "small, powerful, scalable web/proxy server", 50),
    ("apache2", "2.4.52-1ubuntu4.12", "Ubuntu Developers", "httpd", "Apache HTTP Server", 546),
    (
        "python3.10",
        "3.10.12-1~22.04.6",
        "Ubuntu Developers",
        "python",
        "Interactive high-level object-oriented language",
        621,
    ),
    ("systemd", "249.11-0ubuntu3.12", "Ubuntu Developers", "admin", "system and service manager", 16048),
    ("libc6", "2.35-0ubuntu3.8", "Ubuntu Developers", "libs", "GNU C Library: Shared libraries", 13592),
    ("vim", "2:8.2.3995-1ubuntu2.19", "Ubuntu Developers", "editors", "Vi IMproved - enhanced vi editor", 3834),
    (
        "git",
        "1:2.34.1-1ubuntu1.11",
        "Ubuntu Developers",
        "vcs",
        "fast, scalable, distributed revision control system",
        18774,
    ),
    (
        "docker-ce",
        "5:27.3.1-1~ubuntu.22.04~jammy",
        "Docker",
        "admin",
        "Docker: the open-source application container engine",
        103012,
    ),
    (
        "postgresql-14",
        "14.13-0ubuntu0.22.04.1",
        "Ubuntu Developers",
        "database",
        "The World's Most Advanced Open Source Relational Database",
        20964,
    ),
    (
        "linux-image-5.15.0-105-generic",
        "5.15.0-105.115",
        "Ubuntu Developers",
        "kernel",
        "Signed kernel image generic",
        12124,
    ),
    ("gnupg", "2.2.27-3ubuntu2.1", "Ubuntu Developers", "utils", "GNU privacy guard - a free PGP replacement", 414),
    (
        "wazuh-agent",
        "4.14.7-1",
        "Wazuh, Inc",
        "admin",
        "Wazuh helps you to gain security visibility into your infrastructure",
        31118,
    ),
    (
        "rsync",
        "3.2.7-0ubuntu0.22.04.2",
        "Ubuntu Developers",
        "net",
        "fast, versatile, remote (and local) file-copying tool",
        766,
    ),
    (
        "tar",
        "1.34+dfsg-1ubuntu0.1.22.04.2",
        "Ubuntu Developers",
        "utils",
        "GNU version of the tar archiving utility",
        960,
    ),
]
_RPM_PACKAGES = [
    (
        "openssh-server",
        "8.7p1-38.el9",
        "Red Hat, Inc.",
        "System Environment/Daemons",
        "An open source SSH server daemon",
        1378,
    ),
    (
        "openssl",
        "3.0.7-27.el9",
        "Red Hat, Inc.",
        "System Environment/Libraries",
        "Utilities from the general purpose cryptography library with TLS implementation",
        1920,
    ),
    ("bash", "5.1.8-9.el9", "Red Hat, Inc.", "System Environment/Shells", "The GNU Bourne Again shell", 7738),
    (
        "sudo",
        "1.9.5p2-10.el9_3",
        "Red Hat, Inc.",
        "Applications/System",
        "Allows restricted root access for specified users",
        4680,
    ),
    (
        "curl",
        "7.76.1-29.el9_4.1",
        "Red Hat, Inc.",
        "Applications/Internet",
        "A utility for getting files from remote servers",
        711,
    ),
    ("glibc", "2.34-100.el9_4.3", "Red Hat, Inc.", "System Environment/Libraries", "The GNU libc libraries", 6210),
    ("kernel", "5.14.0-427.13.1.el9_4", "Red Hat, Inc.", "System Environment/Kernel", "The Linux kernel", 0),
    ("httpd", "2.4.57-11.el9_4.1", "Red Hat, Inc.", "System Environment/Daemons", "Apache HTTP Server", 4818),
    (
        "gnupg2",
        "2.3.3-4.el9",
        "Red Hat, Inc.",
        "Applications/System",
        "Utility for secure communication and data storage",
        9842,
    ),
    ("python3", "3.9.18-3.el9_4.5", "Red Hat, Inc.", "Development/Languages", "Python 3.9 interpreter", 33),
    ("systemd", "252-32.el9_4.7", "Red Hat, Inc.", "System Environment/Base", "System and Service Manager", 12944),
    (
        "wazuh-agent",
        "4.14.7-1",
        "Wazuh, Inc",
        "System Environment/Daemons",
        "Wazuh helps you to gain security visibility into your infrastructure",
        31118,
    ),
    (
        "postgresql-server",
        "13.14-1.el9_3",
        "Red Hat, Inc.",
        "Applications/Databases",
        "The programs needed to create and run a PostgreSQL server",
        22476,
    ),
    (
        "rsync",
        "3.2.3-19.el9_4.1",
        "Red Hat, Inc.",
        "Applications/Internet",
        "A program for synchronizing files over a network",
        807,
    ),
]
_WIN_PACKAGES = [
    ("Google Chrome", "129.0.6668.90", "Google LLC", "", "Google Chrome web browser", 0),
    ("Mozilla Firefox (x64 en-US)", "131.0", "Mozilla", "", "Mozilla Firefox web browser", 0),
    ("Microsoft Edge", "129.0.2792.79", "Microsoft Corporation", "", "Microsoft Edge browser", 0),
    ("7-Zip 23.01 (x64)", "23.01", "Igor Pavlov", "", "7-Zip file archiver", 0),
    ("Notepad++ (64-bit x64)", "8.6.9", "Notepad++ Team", "", "Notepad++ text editor", 0),
    ("Microsoft Office Professional Plus 2021", "16.0.14332.20763", "Microsoft Corporation", "", "Microsoft Office", 0),
    ("Adobe Acrobat Reader - English", "24.003.20112", "Adobe", "", "Adobe Acrobat Reader", 0),
    ("Python 3.12.6 (64-bit)", "3.12.6150.0", "Python Software Foundation", "", "Python interpreter", 0),
    ("Git", "2.46.2", "The Git Development Community", "", "Git for Windows", 0),
    ("Wazuh Agent", "4.14.7", "Wazuh, Inc.", "", "Wazuh agent", 0),
    ("Zoom Workplace (64-bit)", "6.2.3", "Zoom Video Communications, Inc.", "", "Zoom", 0),
    ("PuTTY release 0.81 (64-bit)", "0.81.0.0", "Simon Tatham", "", "PuTTY SSH client", 0),
    (
        "Microsoft Visual C++ 2015-2022 Redistributable (x64)",
        "14.40.33810.0",
        "Microsoft Corporation",
        "",
        "Visual C++ runtime",
        0,
    ),
]
_MAC_PACKAGES = [
    ("Google Chrome", "129.0.6668.90", "Google LLC", "", "Google Chrome web browser", 0),
    ("Slack", "4.40.126", "Slack Technologies", "", "Slack desktop", 0),
    ("zoom.us", "6.2.3", "Zoom Video Communications, Inc.", "", "Zoom", 0),
    ("Firefox", "131.0", "Mozilla", "", "Firefox web browser", 0),
    ("openssl@3", "3.3.2", "Homebrew", "", "Cryptography and SSL/TLS Toolkit", 0),
    ("curl", "8.10.1", "Homebrew", "", "Get a file from an HTTP, HTTPS or FTP server", 0),
    ("python@3.12", "3.12.6", "Homebrew", "", "Interpreted, interactive, object-oriented programming language", 0),
    ("Wazuh agent", "4.14.7", "Wazuh, Inc.", "", "Wazuh agent", 0),
    ("iTerm", "3.5.4", "George Nachman", "", "Terminal emulator", 0),
]

# (name, cmd, user, threads) per platform family
_LINUX_PROCS = [
    ("systemd", "/sbin/init", "root", 1),
    ("sshd", "/usr/sbin/sshd -D", "root", 1),
    ("cron", "/usr/sbin/cron -f", "root", 1),
    ("rsyslogd", "/usr/sbin/rsyslogd -n -iNONE", "syslog", 4),
    ("wazuh-agentd", "/var/ossec/bin/wazuh-agentd", "wazuh", 4),
    ("wazuh-modulesd", "/var/ossec/bin/wazuh-modulesd", "root", 12),
    ("wazuh-syscheckd", "/var/ossec/bin/wazuh-syscheckd", "root", 3),
    ("wazuh-logcollector", "/var/ossec/bin/wazuh-logcollector", "root", 6),
    ("nginx", "nginx: master process /usr/sbin/nginx -g daemon on; master_process on;", "root", 1),
    ("postgres", "/usr/lib/postgresql/14/bin/postgres -D /var/lib/postgresql/14/main", "postgres", 1),
    ("dockerd", "/usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock", "root", 18),
    ("containerd", "/usr/bin/containerd", "root", 14),
    ("systemd-journald", "/lib/systemd/systemd-journald", "root", 1),
    ("bash", "-bash", "ubuntu", 1),
    ("python3", "python3 /opt/app/worker.py --queue default", "app", 3),
]
_WIN_PROCS = [
    ("System", "", "SYSTEM", 180),
    ("smss.exe", "\\SystemRoot\\System32\\smss.exe", "SYSTEM", 2),
    ("csrss.exe", "C:\\Windows\\system32\\csrss.exe", "SYSTEM", 12),
    ("wininit.exe", "C:\\Windows\\system32\\wininit.exe", "SYSTEM", 1),
    ("services.exe", "C:\\Windows\\system32\\services.exe", "SYSTEM", 8),
    ("lsass.exe", "C:\\Windows\\system32\\lsass.exe", "SYSTEM", 9),
    ("svchost.exe", "C:\\Windows\\system32\\svchost.exe -k netsvcs -p", "SYSTEM", 22),
    ("explorer.exe", "C:\\Windows\\Explorer.EXE", "CORP\\jdoe", 64),
    ("wazuh-agent.exe", "C:\\Program Files (x86)\\ossec-agent\\wazuh-agent.exe", "SYSTEM", 14),
    (
        "MsMpEng.exe",
        '"C:\\ProgramData\\Microsoft\\Windows Defender\\platform\\4.18.24080.9-0\\MsMpEng.exe"',
        "SYSTEM",
        40,
    ),
    ("chrome.exe", '"C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe"', "CORP\\jdoe", 30),
    ("powershell.exe", "powershell.exe -NoProfile -ExecutionPolicy Bypass", "CORP\\jdoe", 12),
]
_MAC_PROCS = [
    ("launchd", "/sbin/launchd", "root", 3),
    (
        "WindowServer",
        "/System/Library/PrivateFrameworks/SkyLight.framework/Resources/WindowServer -daemon",
        "_windowserver",
        20,
    ),
    ("wazuh-agentd", "/Library/Ossec/bin/wazuh-agentd", "wazuh", 4),
    ("Finder", "/System/Library/CoreServices/Finder.app/Contents/MacOS/Finder", "amartin", 9),
    ("Google Chrome", "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", "amartin", 38),
    ("Slack", "/Applications/Slack.app/Contents/MacOS/Slack", "amartin", 27),
    ("sshd", "/usr/sbin/sshd -i", "root", 1),
]
# (protocol, port, process) listening services per family
_LINUX_PORTS = [
    ("tcp", 22, "sshd"),
    ("tcp", 80, "nginx"),
    ("tcp", 443, "nginx"),
    ("tcp", 5432, "postgres"),
    ("udp", 68, "systemd-networkd"),
    ("tcp6", 22, "sshd"),
]
_WIN_PORTS = [
    ("tcp", 135, "svchost.exe"),
    ("tcp", 445, "System"),
    ("tcp", 3389, "svchost.exe"),
    ("tcp", 5985, "System"),
    ("udp", 137, "System"),
    ("udp", 5353, "chrome.exe"),
]
_MAC_PORTS = [("tcp", 22, "sshd"), ("udp", 5353, "mDNSResponder"), ("tcp", 7000, "ControlCenter")]

_ROLES = [
    ("web", "linux", ["default", "webservers"]),
    ("db", "linux", ["default", "databases"]),
    ("app", "linux", ["default", "appservers"]),
    ("bastion", "linux", ["default", "dmz"]),
    ("k8s-node", "linux", ["default", "kubernetes"]),
    ("dc", "windows", ["default", "windows", "domain-controllers"]),
    ("ws", "windows", ["default", "windows", "workstations"]),
    ("fs", "windows", ["default", "windows"]),
    ("mac", "darwin", ["default", "macos", "workstations"]),
]
# Weighted so most agents are active, as in a real estate; every status appears.
_STATUS_WEIGHTS: list[tuple[AgentStatus, int]] = [
    ("active", 70),
    ("disconnected", 16),
    ("pending", 6),
    ("never_connected", 8),
]


def _pick_os(rng: random.Random, family: str) -> OsInfo:
    return rng.choice({"linux": _LINUX_OSES, "windows": _WINDOWS_OSES, "darwin": _MAC_OSES}[family])


def _packages(rng: random.Random, os_info: OsInfo) -> tuple[Package, ...]:
    if os_info.family == "windows":
        catalogue, fmt, arch = _WIN_PACKAGES, "win", "x86_64"
    elif os_info.family == "darwin":
        catalogue, fmt, arch = _MAC_PACKAGES, "pkg", "arm64"
    elif os_info.platform in ("ubuntu", "debian"):
        catalogue, fmt, arch = _DEB_PACKAGES, "deb", "amd64"
    else:
        catalogue, fmt, arch = _RPM_PACKAGES, "rpm", "x86_64"
    essentials = [p for p in catalogue if p[0].lower().startswith(("wazuh", "openssl", "bash", "libc6", "glibc"))]
    extras = rng.sample(
        [p for p in catalogue if p not in essentials], k=min(len(catalogue) - len(essentials), rng.randint(6, 12))
    )
    chosen = sorted(essentials + extras, key=lambda p: p[0].lower())
    return tuple(
        Package(name, version, vendor, arch, fmt, desc, size, section, rng.randint(3, 700))
        for name, version, vendor, section, desc, size in chosen
    )


def _processes(rng: random.Random, os_info: OsInfo) -> tuple[Process, ...]:
    catalogue = {"linux": _LINUX_PROCS, "windows": _WIN_PROCS, "darwin": _MAC_PROCS}[os_info.family]
    chosen = catalogue[:6] + rng.sample(catalogue[6:], k=min(len(catalogue) - 6, rng.randint(3, 8)))
    out: list[Process] = []
    pid = 1 if os_info.family != "windows" else 4
    for index, (name, cmd, user, threads) in enumerate(chosen):
        argv = cmd.split(" ", 1)[1] if " " in cmd else ""
        vm = rng.randint(8_000, 2_400_000)
        out.append(
            Process(
                pid=pid,
                ppid=0 if index == 0 else out[0].pid,
                name=name,
                cmd=cmd.split(" ", 1)[0],
                argvs=argv,
                euser=user,
                state="S" if os_info.family != "windows" else "",
                priority=20,
                nice=0,
                vm_size=vm,
                resident=vm // rng.randint(3, 9),
                threads=threads,
                start_minutes_ago=rng.randint(5, 60 * 24 * 40),
            )
        )
        pid += rng.randint(10, 900)
    return tuple(out)


def _ports(rng: random.Random, os_info: OsInfo, ip: str, processes: tuple[Process, ...]) -> tuple[Port, ...]:
    catalogue = {"linux": _LINUX_PORTS, "windows": _WIN_PORTS, "darwin": _MAC_PORTS}[os_info.family]
    pids = {p.name: p.pid for p in processes}
    out = []
    for protocol, number, proc in catalogue:
        if number not in (22, 135, 445) and rng.random() < 0.35:
            continue
        local = "::" if protocol == "tcp6" else "0.0.0.0"
        state = "" if protocol == "udp" else "listening"
        out.append(
            Port(protocol, local, number, "0.0.0.0" if protocol != "tcp6" else "::", 0, state, pids.get(proc, 0), proc)
        )
    if os_info.family != "darwin":  # the agent's own connection to the manager
        out.append(
            Port(
                "tcp",
                ip,
                rng.randint(40000, 60999),
                "10.10.0.2",
                1514,
                "established",
                pids.get("wazuh-agentd", pids.get("wazuh-agent.exe", 0)),
                "wazuh-agentd",
            )
        )
    return tuple(out)


def _manager(rng: random.Random) -> Agent:
    os_info = _LINUX_OSES[0]
    packages = _packages(rng, os_info)
    processes = _processes(rng, os_info)
    return Agent(
        "000",
        MANAGER_NAME,
        "127.0.0.1",
        "active",
        os_info,
        (),
        WAZUH_VERSION,
        400,
        0,
        packages,
        processes,
        _ports(rng, os_info, "127.0.0.1", processes),
    )


@lru_cache(maxsize=8)
def build_estate(seed: int = DEFAULT_SEED, count: int = DEFAULT_AGENT_COUNT) -> Estate:
    """The fleet: agent 000 (the manager) plus ``count`` agents, ids 001…, every status present."""
    rng = random.Random(seed)
    agents = [_manager(rng)]
    network = ipaddress.ip_network("10.20.0.0/16")
    used_ips: set[str] = set()
    statuses = [s for s, _ in _STATUS_WEIGHTS]
    weights = [w for _, w in _STATUS_WEIGHTS]
    role_counters: dict[str, int] = {}
    for number in range(1, count + 1):
        role, family, groups = _ROLES[(number - 1) % len(_ROLES)] if number <= len(_ROLES) else rng.choice(_ROLES)
        role_counters[role] = role_counters.get(role, 0) + 1
        os_info = _pick_os(rng, family)
        site = rng.choice(["fra", "nyc", "sgp"])
        name = f"{role}-{site}-{role_counters[role]:02d}"
        if family == "windows":
            name = name.upper()
        while True:
            ip = str(network[rng.randint(10, 65000)])
            if ip not in used_ips:
                used_ips.add(ip)
                break
        # The first four agents cover the four statuses so small slices still see all of them.
        status: AgentStatus = statuses[number - 1] if number <= 4 else rng.choices(statuses, weights)[0]
        connected = status in ("active", "disconnected")
        processes = _processes(rng, os_info) if connected else ()
        agents.append(
            Agent(
                id=f"{number:03d}",
                name=name,
                ip=ip,
                status=status,
                os=os_info,
                groups=tuple(groups),
                version=WAZUH_VERSION if status != "never_connected" else None,
                registered_days_ago=rng.randint(31, 600),
                last_keepalive_minutes_ago=(rng.randint(0, 1) if status == "active" else rng.randint(90, 60 * 24 * 12))
                if status in ("active", "disconnected")
                else None,
                packages=_packages(rng, os_info) if connected else (),
                processes=processes,
                ports=_ports(rng, os_info, ip, processes) if connected else (),
            )
        )
    return Estate(seed=seed, agents=tuple(agents))


def stable_hash(*parts: object, length: int = 32) -> str:
    """A deterministic hex id from parts (Wazuh's syscollector ``item_id`` style)."""
    return hashlib.sha1("|".join(str(p) for p in parts).encode()).hexdigest()[:length]
