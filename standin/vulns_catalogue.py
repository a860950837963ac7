"""Known CVEs of the packages in the stand-in estate, and which agent has which (the "findings").

The CVE ids, scores, dates and summaries are public facts about those packages; the "fixed in"
versions are chosen so that the estate's versions are affected. Both the vulnerability state index
and the vulnerability-detector alerts are derived from ``findings()``, so they agree.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date

from standin.estate import Agent, Estate, Package


@dataclass(frozen=True)
class Cve:
    id: str
    score: float  # CVSS 3.x base score
    published: date
    description: str
    # package name -> {package format -> first fixed version ("" = no fix yet)}
    affects: dict[str, dict[str, str]]
    cvss_version: str = "3.1"

    @property
    def severity(self) -> str:
        if self.score >= 9.0:
            return "Critical"
        if self.score >= 7.0:
            return "High"
        return "Medium" if self.score >= 4.0 else "Low"


def _c(cve: str, score: float, published: str, description: str, **affects: dict[str, str]) -> Cve:
    # Package names with characters Python keywords cannot hold are spelled with "_" for "-", "." and "@".
    names = {_PACKAGE_ALIASES.get(k, k): v for k, v in affects.items()}
    return Cve(cve, score, date.fromisoformat(published), description, names)


_PACKAGE_ALIASES = {
    "openssh_server": "openssh-server",
    "python3_10": "python3.10",
    "linux_image": "linux-image-5.15.0-105-generic",
    "postgresql_14": "postgresql-14",
    "postgresql_server": "postgresql-server",
    "chrome": "Google Chrome",
    "firefox_win": "Mozilla Firefox (x64 en-US)",
    "firefox_mac": "Firefox",
    "sevenzip": "7-Zip 23.01 (x64)",
    "notepadpp": "Notepad++ (64-bit x64)",
    "acrobat": "Adobe Acrobat Reader - English",
    "python_win": "Python 3.12.6 (64-bit)",
    "git_win": "Git",
    "office": "Microsoft Office Professional Plus 2021",
    "openssl_brew": "openssl@3",
    "python_brew": "python@3.12",
}

CVES: tuple[Cve, ...] = (
    _c(
        "CVE-2024-6387",
        8.1,
        "2024-07-01",
        'A signal handler race condition in OpenSSH\'s server (sshd) ("regreSSHion") can let an unauthenticated '
        "remote attacker run code as root on glibc-based Linux systems.",
        openssh_server={"rpm": "8.7p1-38.el9_4.1"},
    ),
    _c(
        "CVE-2025-26465",
        6.8,
        "2025-02-18",
        "OpenSSH clients with VerifyHostKeyDNS enabled can be tricked into accepting a machine-in-the-middle "
        "server's key when the client runs out of memory.",
        openssh_server={"deb": "1:8.9p1-3ubuntu0.11"},
    ),
    _c(
        "CVE-2025-32728",
        4.3,
        "2025-04-10",
        "In sshd before 10.0, the DisableForwarding directive does not disable X11 and agent forwarding as documented.",
        openssh_server={"deb": "1:8.9p1-3ubuntu0.13", "rpm": "8.7p1-45.el9"},
    ),
    _c(
        "CVE-2024-5535",
        9.1,
        "2024-06-27",
        "SSL_select_next_proto in OpenSSL may read past the end of a buffer when called with an empty client "
        "protocol list, leaking up to 255 bytes of memory.",
        openssl={"deb": "3.0.2-0ubuntu1.17", "rpm": "3.0.7-28.el9_4"},
        libssl3={"deb": "3.0.2-0ubuntu1.17"},
    ),
    _c(
        "CVE-2024-6119",
        7.5,
        "2024-09-03",
        "Checking an X.509 certificate's otherName subject alternative name in OpenSSL can read an invalid "
        "address and crash the application (denial of service).",
        openssl={"deb": "3.0.2-0ubuntu1.18", "rpm": "3.0.7-29.el9_4"},
        libssl3={"deb": "3.0.2-0ubuntu1.18"},
    ),
    _c(
        "CVE-2024-9143",
        4.3,
        "2024-10-16",
        "Low-level GF(2^m) elliptic curve APIs in OpenSSL with untrusted explicit parameters may access memory "
        "out of bounds.",
        openssl={"deb": "3.0.2-0ubuntu1.19"},
        libssl3={"deb": "3.0.2-0ubuntu1.19"},
        openssl_brew={"pkg": "3.4.0"},
    ),
    _c(
        "CVE-2022-3715",
        7.8,
        "2023-01-05",
        "A heap buffer overflow in bash's valid_parameter_transform function can crash the shell or corrupt memory.",
        bash={"deb": "", "rpm": ""},
    ),
    _c(
        "CVE-2016-2781",
        6.5,
        "2017-02-07",
        "chroot in GNU coreutils, when used with --userspec, lets local users escape to the parent session "
        "through a crafted TIOCSTI ioctl call.",
        coreutils={"deb": ""},
    ),
    _c(
        "CVE-2023-22809",
        7.8,
        "2023-01-18",
        "sudoedit in sudo mishandles extra arguments in user-supplied editor variables, letting a local user "
        "with sudoedit rights edit arbitrary files.",
        sudo={"deb": "", "rpm": ""},
    ),
    _c(
        "CVE-2023-28486",
        5.3,
        "2023-03-16",
        "Sudo before 1.9.13 does not escape control characters in log messages.",
        sudo={"deb": "", "rpm": ""},
    ),
    _c(
        "CVE-2024-7264",
        6.5,
        "2024-07-31",
        "libcurl's ASN.1 date parser (GTime2str) can read out of bounds on a crafted certificate field.",
        curl={"deb": "7.81.0-1ubuntu1.19", "rpm": "7.76.1-31.el9"},
        libcurl4={"deb": "7.81.0-1ubuntu1.19"},
    ),
    _c(
        "CVE-2024-2398",
        8.6,
        "2024-03-27",
        "libcurl leaks memory when an HTTP/2 server push is aborted because it sent too many headers.",
        curl={"deb": "7.81.0-1ubuntu1.20", "rpm": "7.76.1-31.el9"},
        libcurl4={"deb": "7.81.0-1ubuntu1.20"},
    ),
    _c(
        "CVE-2024-9681",
        6.5,
        "2024-11-06",
        "curl's HSTS cache can let a subdomain's entry overwrite the parent domain's expiry.",
        curl={"pkg": "8.11.0"},
    ),
    _c(
        "CVE-2023-44487",
        7.5,
        "2023-10-10",
        'The HTTP/2 protocol allows a denial of service ("Rapid Reset") because request cancellation can '
        "reset many streams quickly.",
        nginx={"deb": "1.18.0-6ubuntu14.5"},
    ),
    _c(
        "CVE-2022-41741",
        7.8,
        "2022-10-19",
        "nginx's ngx_http_mp4_module can corrupt worker memory when processing a specially crafted mp4 file.",
        nginx={"deb": "1.18.0-6ubuntu14.5"},
    ),
    _c(
        "CVE-2024-38476",
        9.8,
        "2024-07-01",
        "Apache HTTP Server 2.4.59 and earlier may disclose information, forward requests (SSRF) or run local "
        "scripts through malicious or exploitable backend response headers.",
        apache2={"deb": "2.4.52-1ubuntu4.13"},
        httpd={"rpm": "2.4.62-1.el9"},
    ),
    _c(
        "CVE-2024-38474",
        9.8,
        "2024-07-01",
        "Substitution encoding in mod_rewrite of Apache HTTP Server 2.4.59 and earlier lets an attacker run "
        "scripts in directories the configuration allows but that are not reachable by URL.",
        apache2={"deb": "2.4.52-1ubuntu4.13"},
    ),
    _c(
        "CVE-2024-38477",
        7.5,
        "2024-07-01",
        "A null pointer dereference in mod_proxy of Apache HTTP Server 2.4.59 and earlier lets a malicious "
        "request crash the server.",
        httpd={"rpm": "2.4.62-1.el9"},
    ),
    _c(
        "CVE-2024-6232",
        7.5,
        "2024-09-03",
        "Regular expressions in CPython's tarfile module allow a ReDoS when parsing tar archive headers.",
        python3_10={"deb": "3.10.12-1~22.04.7"},
        python3={"rpm": "3.9.19-8.el9"},
    ),
    _c(
        "CVE-2024-7592",
        7.5,
        "2024-08-19",
        "Parsing cookies with backslashes in CPython's http.cookies module takes quadratic time.",
        python3_10={"deb": "3.10.12-1~22.04.7"},
    ),
    _c(
        "CVE-2024-9287",
        5.3,
        "2024-10-22",
        "CPython's venv module does not quote path names in the activation scripts it creates, allowing "
        "command injection.",
        python_win={"win": "3.12.8"},
        python_brew={"pkg": "3.12.8"},
    ),
    _c(
        "CVE-2023-7008",
        5.9,
        "2023-12-23",
        "systemd-resolved accepts records of DNSSEC-signed domains even without signatures.",
        systemd={"deb": "", "rpm": ""},
    ),
    _c(
        "CVE-2024-33599",
        7.6,
        "2024-05-06",
        "A stack-based buffer overflow in the netgroup cache of glibc's nscd can be triggered when the cache is full.",
        libc6={"deb": "2.35-0ubuntu3.9"},
        glibc={"rpm": "2.34-100.el9_4.4"},
    ),
    _c(
        "CVE-2024-2961",
        7.3,
        "2024-04-17",
        "iconv() in glibc may overflow the output buffer by up to 4 bytes when converting to the "
        "ISO-2022-CN-EXT character set.",
        libc6={"deb": "2.35-0ubuntu3.9"},
        glibc={"rpm": "2.34-100.el9_4.4"},
    ),
    _c(
        "CVE-2024-43802",
        7.8,
        "2024-08-26",
        "A heap buffer overflow in Vim's typeahead handling can be triggered by crafted input.",
        vim={"deb": "2:8.2.3995-1ubuntu2.20"},
    ),
    _c(
        "CVE-2023-48706",
        4.7,
        "2023-11-22",
        "A use-after-free in Vim's :s command with a crafted replacement string can crash the editor.",
        vim={"deb": "2:8.2.3995-1ubuntu2.20"},
    ),
    _c(
        "CVE-2024-32002",
        9.0,
        "2024-05-14",
        "Repositories with submodules can trick Git into writing a hook that runs during a recursive clone "
        "(remote code execution).",
        git={"deb": "1:2.34.1-1ubuntu1.12"},
    ),
    _c(
        "CVE-2024-32004",
        8.1,
        "2024-05-14",
        "Cloning a specially crafted local repository owned by another user can make Git run arbitrary code.",
        git={"deb": "1:2.34.1-1ubuntu1.12"},
    ),
    _c(
        "CVE-2024-52006",
        2.1,
        "2025-01-14",
        "Git's credential helper protocol can be confused by lone carriage returns in URLs.",
        git_win={"win": "2.47.1.2"},
    ),
    _c(
        "CVE-2024-50349",
        2.1,
        "2025-01-14",
        "Git prints host names from URLs without escaping them when asking for credentials.",
        git_win={"win": "2.47.1.2"},
    ),
    _c(
        "CVE-2024-10979",
        8.8,
        "2024-11-14",
        "Incorrect control of environment variables in PostgreSQL PL/Perl lets an unprivileged user change "
        "sensitive process environment variables.",
        postgresql_14={"deb": "14.14-0ubuntu0.22.04.1"},
        postgresql_server={"rpm": "13.18-1.el9_5"},
    ),
    _c(
        "CVE-2024-10976",
        4.2,
        "2024-11-14",
        "PostgreSQL row security policies can disregard user ID changes after inlining.",
        postgresql_14={"deb": "14.14-0ubuntu0.22.04.1"},
    ),
    _c(
        "CVE-2024-7348",
        8.8,
        "2024-08-08",
        "A race condition in PostgreSQL's pg_dump lets an object creator run arbitrary SQL as the user "
        "running pg_dump.",
        postgresql_server={"rpm": "13.16-1.el9_4"},
    ),
    _c(
        "CVE-2024-36971",
        7.8,
        "2024-06-10",
        "A use-after-free in the Linux kernel's network route management (__dst_negative_advice) can be "
        "exploited for local privilege escalation.",
        linux_image={"deb": "5.15.0-119.129"},
        kernel={"rpm": "5.14.0-427.31.1.el9_4"},
    ),
    _c(
        "CVE-2024-1086",
        7.8,
        "2024-01-31",
        "A use-after-free in the Linux kernel's netfilter nf_tables component allows local privilege escalation.",
        kernel={"rpm": "5.14.0-427.16.1.el9_4"},
    ),
    _c(
        "CVE-2022-3219",
        3.3,
        "2023-02-23",
        "GnuPG can spin on a small crafted public key with thousands of compressed signatures (denial of service).",
        gnupg={"deb": ""},
        gnupg2={"rpm": ""},
    ),
    _c(
        "CVE-2024-12084",
        9.8,
        "2025-01-14",
        "A heap buffer overflow in the rsync daemon's checksum handling lets an attacker write out of bounds.",
        rsync={"deb": "3.2.7-0ubuntu0.22.04.4", "rpm": "3.2.3-20.el9_5.1"},
    ),
    _c(
        "CVE-2024-12085",
        7.5,
        "2025-01-14",
        "rsync leaks one byte of uninitialized stack data per checksum comparison.",
        rsync={"deb": "3.2.7-0ubuntu0.22.04.4", "rpm": "3.2.3-20.el9_5.1"},
    ),
    _c(
        "CVE-2022-48303",
        5.5,
        "2023-01-30",
        "GNU tar reads one byte out of bounds when parsing a crafted V7 archive header.",
        tar={"deb": ""},
    ),
    _c(
        "CVE-2024-9602",
        8.8,
        "2024-10-08",
        "Type confusion in V8 in Google Chrome before 129.0.6668.100 allows heap corruption through a crafted "
        "HTML page.",
        chrome={"win": "129.0.6668.100", "pkg": "129.0.6668.100"},
    ),
    _c(
        "CVE-2024-9603",
        8.8,
        "2024-10-08",
        "Type confusion in V8 in Google Chrome before 129.0.6668.100 allows remote code execution through a "
        "crafted HTML page.",
        chrome={"win": "129.0.6668.100", "pkg": "129.0.6668.100"},
    ),
    _c(
        "CVE-2024-9680",
        9.8,
        "2024-10-09",
        "A use-after-free in Firefox's animation timelines was exploited in the wild for code execution in "
        "the content process.",
        firefox_win={"win": "131.0.2"},
        firefox_mac={"pkg": "131.0.2"},
    ),
    _c(
        "CVE-2024-11477",
        7.8,
        "2024-11-22",
        "An integer underflow in 7-Zip's Zstandard decompression allows code execution with a crafted archive.",
        sevenzip={"win": "24.07"},
    ),
    _c(
        "CVE-2025-0411",
        7.0,
        "2025-01-25",
        "7-Zip does not propagate the Mark-of-the-Web to files extracted from nested archives.",
        sevenzip={"win": "24.09"},
    ),
    _c(
        "CVE-2025-49144",
        7.3,
        "2025-06-23",
        "The Notepad++ installer looks up executables in its working directory, allowing privilege escalation.",
        notepadpp={"win": "8.8.2"},
    ),
    _c(
        "CVE-2024-49530",
        7.8,
        "2024-11-12",
        "A use-after-free in Adobe Acrobat Reader allows code execution when opening a malicious file.",
        acrobat={"win": "24.005.20307"},
    ),
    _c(
        "CVE-2024-43609",
        6.5,
        "2024-10-08",
        "A Microsoft Office spoofing vulnerability.",
        office={"win": "16.0.14332.20791"},
    ),
)

# Windows OS CVEs, matched on the OS name (Wazuh reports them with category "OS").
OS_CVES: tuple[tuple[str, float, str, str, tuple[str, ...]], ...] = (
    (
        "CVE-2024-43558",
        6.5,
        "2024-10-08",
        "Windows Mobile Broadband Driver Denial of Service Vulnerability",
        ("Microsoft Windows Server 2022 Datacenter",),
    ),
    (
        "CVE-2024-43572",
        7.8,
        "2024-10-08",
        "Microsoft Management Console Remote Code Execution Vulnerability",
        ("Microsoft Windows Server 2022 Datacenter", "Microsoft Windows 11 Enterprise", "Microsoft Windows 10 Pro"),
    ),
    (
        "CVE-2024-49138",
        7.8,
        "2024-12-10",
        "Windows Common Log File System Driver Elevation of Privilege Vulnerability",
        ("Microsoft Windows Server 2022 Datacenter", "Microsoft Windows 11 Enterprise", "Microsoft Windows 10 Pro"),
    ),
    (
        "CVE-2024-43583",
        7.8,
        "2024-10-08",
        "Winlogon Elevation of Privilege Vulnerability",
        ("Microsoft Windows 11 Enterprise",),
    ),
)


@dataclass(frozen=True)
class Finding:
    """One (agent, package or OS, CVE) the scanner reports, detected ``detected_ago_s`` seconds before now."""

    agent: Agent
    package: Package | None  # None: the CVE affects the operating system itself
    cve: Cve
    condition: str
    detected_ago_s: int


def _os_cve(entry: tuple[str, float, str, str, tuple[str, ...]]) -> Cve:
    cve, score, published, description, _ = entry
    return Cve(cve, score, date.fromisoformat(published), description, {})


def findings(estate: Estate, seed: int) -> list[Finding]:
    """Every finding in the estate, most recently detected first.

    Most were detected at the agent's first scans (weeks to months ago); a steady trickle comes from
    feed updates. The first two are pinned to the last hour and the last day so a triage always has a
    fresh critical and a fresh high finding to show.
    """
    rng = random.Random(seed * 7919 + 23501)
    raw: list[tuple[Agent, Package | None, Cve, str]] = []
    for agent in estate.agents:
        if not agent.packages:
            continue
        for package in agent.packages:
            for cve in CVES:
                fixed = cve.affects.get(package.name, {}).get(package.format)
                if fixed is None:
                    continue
                condition = f"Package less than {fixed}" if fixed else "Package default status"
                raw.append((agent, package, cve, condition))
        for entry in OS_CVES:
            if agent.os.name in entry[4]:
                raw.append((agent, None, _os_cve(entry), "Package less than 10.0.99999"))
    out: list[Finding] = []
    for agent, maybe_package, cve, condition in raw:
        # Most date from the initial scan or the day the CVE entered the feed; the rest are recent.
        ago = rng.randint(3 * 86400, 200 * 86400) if rng.random() < 0.7 else rng.randint(600, 30 * 86400)
        out.append(Finding(agent, maybe_package, cve, condition, ago))
    # Pin one critical to the last hour and one high to the last day, on agents that are up.
    for severity, ago in (("Critical", rng.randint(15 * 60, 40 * 60)), ("High", rng.randint(3 * 3600, 20 * 3600))):
        pool = [
            i
            for i, f in enumerate(out)
            if f.cve.severity == severity and f.agent.status == "active" and f.detected_ago_s > 86400
        ]
        if pool:
            i = pool[rng.randrange(len(pool))]
            f = out[i]
            out[i] = Finding(f.agent, f.package, f.cve, f.condition, ago)
    # A disconnected agent was last scanned before it went away.
    out = [
        Finding(
            f.agent,
            f.package,
            f.cve,
            f.condition,
            max(f.detected_ago_s, (f.agent.last_keepalive_minutes_ago or 0) * 60 + 60),
        )
        for f in out
    ]
    out.sort(key=lambda f: (f.detected_ago_s, f.agent.id, f.cve.id))
    return out
