"""What the server knows about alert fields: one table, read by the IOC pivots, the hunt allowlist and the views.

Two sources, kept apart:

- **Wazuh's files** decide each field's type: ``template_types`` is generated from Wazuh's alerts template
  (a field it does not map is ``keyword``, by the template's one dynamic rule) and lists the fields Wazuh's
  ingest pipeline geolocates, which are IP addresses whatever their mapping says.
- **This table** (hand-kept) says what a field means — an IP address, a user, a host, a file hash, a URL,
  a process, a file — and which integration writes it. ``tests/unit/test_fields.py`` walks the template
  and fails when an IP, user, host or hash field of an integration Wazuh ships is in neither this table nor
  ``NOT_PIVOTED`` (which says why).

``pivot_by_ioc`` searches every field of the indicator's kind (``ioc_fields``), ``hunt_query`` accepts the
fields listed here (value rules by type in ``hunt_grammar``), and the alert views show them per family.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from wazuh_mcp.query.template_types import GEOIP, MAPPED

Meaning = Literal["ip", "user", "host", "hash", "url", "file", "process", "other"]
IocKind = Literal["hash", "ip", "user", "domain"]
Algorithm = Literal["md5", "sha1", "sha256"]
HASH_LENGTH: dict[int, Algorithm] = {32: "md5", 40: "sha1", 64: "sha256"}
ALGORITHM_NAMES: dict[Algorithm, str] = {"md5": "MD5", "sha1": "SHA-1", "sha256": "SHA-256"}
IOC_MEANING: dict[IocKind, Meaning] = {"ip": "ip", "user": "user", "domain": "host", "hash": "hash"}


@dataclass(frozen=True)
class FieldInfo:
    name: str
    meaning: Meaning
    integration: str
    """Who writes it: "wazuh" (the manager's own fields), a decoder family or an integration."""
    description: str
    example: str | int
    rule: str | None = None
    """A value rule of the hunt grammar beyond the type's (``hunt_grammar.VALUE_RULES``)."""

    @property
    def mapping(self) -> str:
        """How Wazuh's template maps the field (``keyword`` when it leaves it to its dynamic rule)."""
        return MAPPED.get(self.name, "keyword")

    @property
    def algorithm(self) -> Algorithm | None:
        if self.meaning != "hash":
            return None
        return next((a for a in ("sha256", "sha1", "md5") if a in self.name.lower()), None)


def _f(
    name: str, meaning: Meaning, integration: str, description: str, example: str | int, rule: str | None = None
) -> FieldInfo:
    return FieldInfo(name, meaning, integration, description, example, rule)


_WIN_DATA, _WIN_SYSTEM, _AUDIT = "data.win.eventdata.", "data.win.system.", "data.audit."
_GUARDDUTY = "data.aws.service.action."
_AWS_NIC = "data.aws.resource.instanceDetails.networkInterfaces."
_O365, _GCP, _GRAPH, _OSQ = "data.office365.", "data.gcp.", "data.ms-graph.", "data.osquery.columns."
_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
_SHA1, _MD5 = "da39a3ee5e6b4b0d3255bfef95601890afd80709", "d41d8cd98f00b204e9800998ecf8427e"


def _fim_hashes() -> tuple[FieldInfo, ...]:
    examples: dict[Algorithm, str] = {"md5": _MD5, "sha1": _SHA1, "sha256": _SHA256}
    return tuple(
        _f(f"syscheck.{key}_{when}", "hash", "fim", f"{ALGORITHM_NAMES[key]} of the file {when} the change.", example)
        for key, example in examples.items()
        for when in ("after", "before")
    )


FIELD_LIST: tuple[FieldInfo, ...] = (
    _f("@timestamp", "other", "wazuh", "When the event was indexed (copy of the alert time).", "2024-05-01T10:00:00Z"),
    _f("agent.id", "other", "wazuh", "Agent that raised the alert ('000' is the manager).", "001", "agent_id"),
    _f("agent.name", "host", "wazuh", "Agent host name.", "web-01"),
    _f("agent.ip", "ip", "wazuh", "Agent IP address.", "10.0.0.12"),
    _f("manager.name", "other", "wazuh", "Wazuh manager (node) that analysed the event.", "wazuh-manager"),
    _f("rule.id", "other", "wazuh", "Wazuh rule id.", "5710", "digits"),
    _f("rule.level", "other", "wazuh", "Rule level, 0..15 (12+ is high severity).", 10, "level"),
    _f("rule.description", "other", "wazuh", "Rule description, exact text.", "sshd: authentication failed."),
    _f("rule.groups", "other", "wazuh", "Rule groups, e.g. authentication_failed, syscheck, aws.", "sshd"),
    _f(
        "rule.mitre.id",
        "other",
        "wazuh",
        "MITRE ATT&CK technique id. eq matches that id only; prefix T1110 also matches its sub-techniques "
        "(T1110.001…), as alerts_by_mitre does.",
        "T1110",
        "technique",
    ),
    _f("rule.mitre.tactic", "other", "wazuh", "MITRE ATT&CK tactic name.", "Credential Access"),
    _f("rule.mitre.technique", "other", "wazuh", "MITRE ATT&CK technique name.", "Brute Force"),
    _f("decoder.name", "other", "wazuh", "Decoder that parsed the event.", "sshd"),
    _f("location", "other", "wazuh", "Log source: file path, channel or module.", "/var/log/auth.log"),
    _f("predecoder.hostname", "host", "syslog", "Host named in the syslog header.", "web-01"),
    _f("data.srcip", "ip", "syslog", "Source IP address of the event.", "203.0.113.7"),
    _f("data.dstip", "ip", "syslog", "Destination IP address.", "10.0.0.5"),
    _f("data.src_ip", "ip", "syslog", "Source IP (JSON decoders, e.g. Suricata).", "203.0.113.8"),
    _f("data.dstport", "other", "syslog", "Destination port (stored as text).", "22", "digits"),
    _f("data.srcuser", "user", "syslog", "Source user name.", "root"),
    _f("data.dstuser", "user", "syslog", "Destination / target user name.", "admin"),
    _f("data.hostname", "host", "syslog", "Host or domain name in the event.", "example.org"),
    _f("data.system_name", "host", "windows", "Windows (legacy event log): computer name.", "WIN-SRV-01"),
    _f("data.url", "url", "web", "URL in a web or proxy event.", "/wp-login.php"),
    # Windows eventchannel: who and where live under data.win.*, not data.srcip/srcuser.
    _f(f"{_WIN_DATA}ipAddress", "ip", "windows", "Windows: client IP of a logon.", "10.0.0.7"),
    _f(f"{_WIN_DATA}targetUserName", "user", "windows", "Windows: account the event is about.", "Administrator"),
    _f(f"{_WIN_DATA}subjectUserName", "user", "windows", "Windows: account that acted.", "SYSTEM"),
    _f(f"{_WIN_DATA}workstationName", "host", "windows", "Windows: workstation of a logon.", "WKS-07"),
    _f(f"{_WIN_DATA}logonType", "other", "windows", "Windows: logon type (3 network, 10 RDP).", "3", "digits"),
    _f(f"{_WIN_DATA}image", "process", "windows", "Sysmon: process image path.", "C:\\Windows\\System32\\cmd.exe"),
    _f(f"{_WIN_DATA}commandLine", "process", "windows", "Sysmon: command line, exact text.", "whoami /all"),
    _f(f"{_WIN_DATA}parentImage", "process", "windows", "Sysmon: parent process image.", "C:\\Windows\\explorer.exe"),
    _f(f"{_WIN_DATA}hashes", "other", "windows", "Sysmon: 'SHA1=…,MD5=…' as one text (use prefix).", "SHA1=3f78"),
    _f(f"{_WIN_SYSTEM}eventID", "other", "windows", "Windows event id (4625 failed logon).", "4625", "digits"),
    _f(f"{_WIN_SYSTEM}computer", "host", "windows", "Windows: computer that logged the event.", "WIN-SRV-01"),
    _f(f"{_WIN_SYSTEM}channel", "other", "windows", "Windows event channel.", "Security"),
    _f(f"{_WIN_SYSTEM}providerName", "other", "windows", "Windows event provider.", "Microsoft-Windows-Sysmon"),
    # Linux audit (auditd)
    _f(f"{_AUDIT}exe", "process", "audit", "audit: executable that made the call.", "/usr/bin/curl"),
    _f(f"{_AUDIT}command", "process", "audit", "audit: command name.", "curl"),
    _f(f"{_AUDIT}key", "other", "audit", "audit: the audit rule key that matched.", "audit-wazuh-c"),
    _f(f"{_AUDIT}success", "other", "audit", "audit: whether the call succeeded: yes or no.", "yes", "yes_no"),
    _f(f"{_AUDIT}srcip", "ip", "audit", "audit: remote address of the call.", "10.0.0.9"),
    # AWS: CloudTrail, VPC flow logs, GuardDuty (remote IPs per finding type), instance names.
    _f("data.aws.sourceIPAddress", "ip", "aws", "AWS CloudTrail: caller IP.", "198.51.100.4"),
    _f("data.aws.source_ip_address", "ip", "aws", "AWS: source IP (mapped as ip).", "198.51.100.5"),
    _f("data.aws.client_ip", "ip", "aws", "AWS load balancer: client IP.", "198.51.100.6"),
    _f("data.aws.httpRequest.clientIp", "ip", "aws", "AWS WAF: client IP.", "198.51.100.7"),
    _f("data.aws.srcaddr", "ip", "aws", "AWS VPC flow log: source address.", "10.0.1.5"),
    _f("data.aws.dstaddr", "ip", "aws", "AWS VPC flow log: destination address.", "10.0.1.9"),
    _f(
        f"{_GUARDDUTY}portProbeAction.portProbeDetails.remoteIpDetails.ipAddressV4",
        "ip",
        "aws",
        "GuardDuty: remote IP of a port probe.",
        "198.51.100.7",
    ),
    _f(
        f"{_GUARDDUTY}awsApiCallAction.remoteIpDetails.ipAddressV4", "ip", "aws", "GuardDuty: API caller IP.", "1.2.3.4"
    ),
    _f(
        f"{_GUARDDUTY}networkConnectionAction.remoteIpDetails.ipAddressV4",
        "ip",
        "aws",
        "GuardDuty: remote IP of a connection.",
        "198.51.100.9",
    ),
    _f(
        f"{_GUARDDUTY}networkConnectionAction.localIpDetails.ipAddressV4",
        "ip",
        "aws",
        "GuardDuty: local IP of a connection.",
        "10.0.0.8",
    ),
    _f(f"{_AWS_NIC}publicIp", "ip", "aws", "GuardDuty: public IP of the instance.", "54.0.0.1"),
    _f(f"{_AWS_NIC}privateIpAddress", "ip", "aws", "GuardDuty: private IP of the instance.", "10.0.0.1"),
    _f(f"{_AWS_NIC}publicDnsName", "host", "aws", "GuardDuty: public DNS name of the instance.", "ec2-54.aws.com"),
    _f(f"{_AWS_NIC}privateDnsName", "host", "aws", "GuardDuty: private DNS name of the instance.", "ip-10-0-0-1"),
    _f("data.aws.resource.accessKeyDetails.userName", "user", "aws", "GuardDuty: IAM user of the key.", "ec2-user"),
    _f("data.aws.userIdentity.userName", "user", "aws", "AWS CloudTrail: IAM user.", "alice"),
    _f("data.aws.actor", "user", "aws", "AWS Macie: actor.", "alice"),
    _f("data.aws.responseElements.user.userName", "user", "aws", "AWS CloudTrail: IAM user created.", "bob"),
    _f("data.aws.responseElements.loginProfile.userName", "user", "aws", "AWS CloudTrail: login profile user.", "bob"),
    _f("data.aws.requestParameters.masterUsername", "user", "aws", "AWS RDS: master user name.", "admin"),
    # vulnerability-detector alerts (every version's alerts carry these)
    _f("data.vulnerability.cve", "other", "vulnerability", "Vulnerability alert: CVE id.", "CVE-2024-3094", "cve"),
    _f("data.vulnerability.severity", "other", "vulnerability", "Low, Medium, High or Critical.", "High", "severity"),
    _f("data.vulnerability.package.name", "other", "vulnerability", "Affected package.", "openssl"),
    # file integrity monitoring, with who-data
    _f("syscheck.path", "file", "fim", "File (or registry key) path of a FIM event.", "/etc/passwd"),
    _f("syscheck.event", "other", "fim", "FIM event: added, modified or deleted.", "modified", "fim_event"),
    *_fim_hashes(),
    _f("syscheck.uname_after", "other", "fim", "Owner of the file after the change.", "root"),
    _f("syscheck.audit.user.name", "user", "fim", "Who-data: user that made the change.", "alice"),
    _f("syscheck.audit.effective_user.name", "user", "fim", "Who-data: effective user of the change.", "root"),
    _f("syscheck.audit.login_user.name", "user", "fim", "Who-data: login user behind the change.", "alice"),
    _f("syscheck.audit.process.name", "process", "fim", "Who-data: process that made the change.", "/usr/bin/vi"),
    # GitHub audit log
    _f("data.github.actor", "user", "github", "GitHub: who acted.", "octocat"),
    _f("data.github.user", "user", "github", "GitHub: user acted upon.", "octocat"),
    _f("data.github.org", "other", "github", "GitHub: organisation.", "acme"),
    _f("data.github.repo", "other", "github", "GitHub: repository.", "acme/app"),
    _f("data.github.action", "other", "github", "GitHub: audit action.", "git.clone"),
    _f("data.github.actor_location.country_code", "other", "github", "GitHub: actor's country.", "US"),
    # Office 365 management activity
    _f(f"{_O365}ClientIP", "ip", "office365", "Office 365: client IP.", "13.226.52.66"),
    _f(f"{_O365}ActorIpAddress", "ip", "office365", "Office 365: actor IP.", "13.226.52.67"),
    _f(f"{_O365}ClientIPAddress", "ip", "office365", "Office 365 (Exchange): client IP.", "13.226.52.68"),
    _f(f"{_O365}UserId", "user", "office365", "Office 365: user that acted.", "smith@example.com"),
    _f(f"{_O365}MailboxOwnerUPN", "user", "office365", "Office 365: mailbox owner.", "smith@example.com"),
    _f(f"{_O365}TargetUserOrGroupName", "user", "office365", "Office 365: user or group acted upon.", "jones"),
    _f(f"{_O365}Operation", "other", "office365", "Office 365: operation.", "FileAccessed"),
    _f(f"{_O365}Workload", "other", "office365", "Office 365: workload.", "SharePoint"),
    _f(f"{_O365}ResultStatus", "other", "office365", "Office 365: result.", "Succeeded"),
    # Google Cloud
    _f(f"{_GCP}jsonPayload.sourceIP", "ip", "gcp", "GCP DNS: client IP.", "77.38.119.17"),
    _f(f"{_GCP}jsonPayload.queryName", "host", "gcp", "GCP DNS: name queried.", "example.com."),
    _f(f"{_GCP}jsonPayload.vmInstanceName", "host", "gcp", "GCP: VM instance.", "123.instance-1"),
    _f(f"{_GCP}protoPayload.authenticationInfo.principalEmail", "user", "gcp", "GCP audit: caller.", "a@b.iam"),
    _f(f"{_GCP}resource.type", "other", "gcp", "GCP: resource type.", "dns_query"),
    _f(f"{_GCP}resource.labels.project_id", "other", "gcp", "GCP: project.", "wazuh-prod"),
    # Microsoft Graph (Azure security alerts, Entra ID, Intune)
    _f(f"{_GRAPH}ipAddress", "ip", "ms-graph", "MS Graph: IP of the sign-in or activity.", "20.1.2.3"),
    _f(f"{_GRAPH}actor.ipAddress", "ip", "ms-graph", "MS Graph audit: actor IP.", "20.1.2.4"),
    _f(f"{_GRAPH}userPrincipalName", "user", "ms-graph", "MS Graph: user principal name.", "a@contoso.com"),
    _f(f"{_GRAPH}actor.userPrincipalName", "user", "ms-graph", "MS Graph audit: actor.", "a@contoso.com"),
    _f(f"{_GRAPH}userId", "user", "ms-graph", "MS Graph: user id.", "4f686e03-7cf6"),
    _f(f"{_GRAPH}userDisplayName", "user", "ms-graph", "MS Graph: user display name.", "Alice"),
    _f(f"{_GRAPH}deviceName", "host", "ms-graph", "MS Graph (Intune): device name.", "LAPTOP-1"),
    _f(f"{_GRAPH}managedDeviceName", "host", "ms-graph", "MS Graph (Intune): managed device.", "LAPTOP-1"),
    _f(f"{_GRAPH}riskLevel", "other", "ms-graph", "MS Graph: risk level.", "high"),
    _f(f"{_GRAPH}severity", "other", "ms-graph", "MS Graph: alert severity.", "high"),
    _f(f"{_GRAPH}category", "other", "ms-graph", "MS Graph: alert category.", "InitialAccess"),
    # what names an MS Graph alert (its view shows them first): hunted as the view shows them
    _f(f"{_GRAPH}title", "other", "ms-graph", "MS Graph: alert title, exact text.", "Suspicious inbox rule"),
    _f(f"{_GRAPH}displayName", "other", "ms-graph", "MS Graph: what the event is about, by name.", "Risky sign-in"),
    _f(f"{_GRAPH}activity", "other", "ms-graph", "MS Graph: the activity detected.", "signin"),
    _f(f"{_GRAPH}status", "other", "ms-graph", "MS Graph: alert status.", "newAlert"),
    # osquery results (columns depend on the query)
    _f("data.osquery.name", "other", "osquery", "osquery: query name.", "pack_it_processes"),
    _f("data.osquery.pack", "other", "osquery", "osquery: pack.", "incident-response"),
    _f(f"{_OSQ}src_ip", "ip", "osquery", "osquery: source IP column.", "10.0.0.3"),
    _f(f"{_OSQ}dst_ip", "ip", "osquery", "osquery: destination IP column.", "10.0.0.4"),
    _f(f"{_OSQ}address", "ip", "osquery", "osquery: address column.", "10.0.0.5"),
    _f(f"{_OSQ}hostname", "host", "osquery", "osquery: hostname column.", "web-01"),
    _f(f"{_OSQ}user", "user", "osquery", "osquery: user column.", "root"),
    _f(f"{_OSQ}username", "user", "osquery", "osquery: username column.", "root"),
    _f(f"{_OSQ}md5", "hash", "osquery", "osquery: MD5 column.", _MD5),
    _f(f"{_OSQ}sha1", "hash", "osquery", "osquery: SHA-1 column.", _SHA1),
    _f(f"{_OSQ}sha256", "hash", "osquery", "osquery: SHA-256 column.", _SHA256),
    _f(f"{_OSQ}path", "file", "osquery", "osquery: path column.", "/tmp/x"),
    _f(f"{_OSQ}command", "process", "osquery", "osquery: command column.", "nc -l 4444"),
    # VirusTotal
    _f("data.virustotal.source.md5", "hash", "virustotal", "VirusTotal: MD5 of the file checked.", _MD5),
    _f("data.virustotal.source.sha1", "hash", "virustotal", "VirusTotal: SHA-1 of the file checked.", _SHA1),
    _f("data.virustotal.sha1", "hash", "virustotal", "VirusTotal: SHA-1 VirusTotal reports.", _SHA1),
    _f("data.virustotal.source.file", "file", "virustotal", "VirusTotal: file checked.", "/tmp/x"),
    _f("data.virustotal.malicious", "other", "virustotal", "VirusTotal: 1 when engines flagged it.", "1"),
    # Docker
    _f("data.docker.Action", "other", "docker", "Docker: action (start, kill, exec_create…).", "kill"),
    _f("data.docker.Actor.Attributes.name", "other", "docker", "Docker: container name.", "nginx_container"),
    _f("data.docker.Actor.Attributes.image", "other", "docker", "Docker: image.", "nginx"),
    _f("data.docker.Type", "other", "docker", "Docker: object type.", "container"),
    # YARA (active response)
    _f("data.YARA.rule_name", "other", "yara", "YARA: rule that matched.", "Webshell_RID603"),
    _f("data.YARA.scanned_file", "file", "yara", "YARA: file scanned.", "/var/www/html/x.php"),
    # syscollector and process monitoring
    _f("data.port.local_ip", "ip", "syscollector", "Syscollector: listening address.", "0.0.0.0"),
    _f("data.port.remote_ip", "ip", "syscollector", "Syscollector: remote address.", "10.0.0.2"),
    _f("data.netinfo.iface.ipv4.address", "ip", "syscollector", "Syscollector: interface IPv4 address.", "10.0.0.3"),
    _f("data.netinfo.iface.ipv6.address", "ip", "syscollector", "Syscollector: interface IPv6 address.", "fe80::1"),
    _f("data.os.hostname", "host", "syscollector", "Syscollector: host name.", "web-01"),
    _f("data.process.euser", "user", "syscollector", "Syscollector: process effective user.", "root"),
    _f("data.process.ruser", "user", "syscollector", "Syscollector: process real user.", "root"),
    _f("data.process.suser", "user", "syscollector", "Syscollector: process saved user.", "root"),
)
FIELDS: dict[str, FieldInfo] = {f.name: f for f in FIELD_LIST}
"""Every field the server pivots and hunts on, by name, in documentation order."""

NOT_PIVOTED: dict[str, str] = {
    "GeoLocation.ip": "filled by Wazuh's pipeline from the event's own IP field, which is pivoted",
    "cluster.name": "the Wazuh cluster, not an indicator",
    "host": "Filebeat's own host, removed by Wazuh's pipeline",
    "data.ms-graph.actorDisplayName": "the display name of an actor whose principal name is pivoted",
    "data.ms-graph.actor.applicationDisplayName": "an application, not a user",
    "data.ms-graph.actor.servicePrincipalName": "a service principal, not a user",
    "data.ms-graph.resources.displayName": "the resource acted upon (any object), not a user",
    "data.ms-graph.resources.modifiedProperties.displayName": "a property name",
    "data.ms-graph.managedDevices.deviceName": "inside a list of devices of a user; the alert's device is pivoted",
    "data.ms-graph.displayName": "the display name of whatever the event is about (risk, device, user)",
    "data.ms-graph.emailAddress": "Intune device owner's mailbox; the user principal name is pivoted",
    "data.ms-graph.udid": "a device's hardware id",
    "data.ms-graph.easDeviceId": "a device's Exchange ActiveSync id",
    "data.ms-graph.azureADDeviceId": "a device's Entra id",
    "data.ms-graph.actor.userId": "an object id; the actor's principal name is pivoted",
    "data.ms-graph.deviceHealthAttestationState.pcrHashAlgorithm": "an algorithm name, not a hash",
    "data.office365.Actor.ID": "a list of ids of mixed kinds (UPN, GUID, PUID) of the actor; UserId is pivoted",
    "data.win.eventdata.subjectDomainName": "a Windows domain, not a host",
    "data.win.eventdata.targetDomainName": "a Windows domain, not a host",
    "data.win.system.userID": "a SID",
    "data.win.system.securityUserID": "a SID",
    "data.osquery.columns.description": "free text",
    "data.audit.directory.name": "a directory, not a user",
    "data.audit.file.name": "a file, not a user",
    "data.process.name": "a process name, not a user",
    "data.program.name": "a package name",
    "data.netinfo.iface.name": "a network interface name",
    "data.hardware.cpu_name": "a CPU model",
    "data.os.name": "an operating system name",
    "data.sca.name": "an SCA policy name",
    "data.docker.Actor.ID": "a container or image digest, not a file hash",
    "data.docker.id": "an image or container id",
    "syscheck.audit.group.name": "a group, not a user",
    "syscheck.audit.process.name": "a process (hunted, not pivoted as a user)",
    "predecoder.program_name": "a program name",
    "program_name": "a program name",
    "decoder.name": "a decoder name",
    "manager.name": "the Wazuh manager, not an indicator",
    "data.YARA.rule_name": "a rule name",
    "data.osquery.name": "a query name",
    "data.vulnerability.package.name": "a package name",
    "data.docker.Actor.Attributes.name": "a container name (hunted and shown, not a host name)",
    "data.virustotal.source.alert_id": "a Wazuh alert id",
    "data.aws.responseElements.user.userId": "an IAM id; the user name beside it is pivoted",
}
"""Fields whose names suggest an IP, user, host or hash that are not pivoted, each with the reason."""


def ip_mapped(name: str) -> bool:
    """Wazuh's template maps it as OpenSearch ``ip``: no prefix queries, no empty string."""
    return MAPPED.get(name) == "ip"


def is_ip(name: str) -> bool:
    info = FIELDS.get(name)
    return (info is not None and info.meaning == "ip") or name in GEOIP or ip_mapped(name)


PRIMARY: dict[IocKind, str] = {"ip": "data.srcip", "user": "data.srcuser", "domain": "data.hostname"}
"""Where most alerts carry the kind: listed first (a hash's primary field is the FIM ``_after`` one)."""


def of_meaning(meaning: Meaning) -> tuple[str, ...]:
    return tuple(f.name for f in FIELD_LIST if f.meaning == meaning)


def ioc_fields(kind: IocKind, algorithm: Algorithm | None = None) -> tuple[str, ...]:
    """Every field where Wazuh stores this kind of indicator, the kind's primary field first."""
    fields = of_meaning(IOC_MEANING[kind])
    if kind == "hash":
        return tuple(name for name in fields if FIELDS[name].algorithm == algorithm)
    primary = PRIMARY[kind]
    return (primary, *(name for name in fields if name != primary))


def of_integration(integration: str) -> tuple[FieldInfo, ...]:
    return tuple(f for f in FIELD_LIST if f.integration == integration)


SLOTS: dict[str, tuple[str, ...]] = {
    "src_ip": (
        "data.srcip",
        f"{_WIN_DATA}ipAddress",
        "data.aws.sourceIPAddress",
        f"{_GUARDDUTY}portProbeAction.portProbeDetails.remoteIpDetails.ipAddressV4",
        f"{_GUARDDUTY}awsApiCallAction.remoteIpDetails.ipAddressV4",
        f"{_GUARDDUTY}networkConnectionAction.remoteIpDetails.ipAddressV4",
        "data.aws.source_ip_address",
        f"{_O365}ClientIP",
        f"{_O365}ActorIpAddress",
        f"{_O365}ClientIPAddress",
        f"{_GCP}jsonPayload.sourceIP",
        f"{_GRAPH}ipAddress",
        f"{_GRAPH}actor.ipAddress",
        "data.src_ip",
        f"{_AUDIT}srcip",
    ),
    "src_user": (
        "data.srcuser",
        f"{_WIN_DATA}subjectUserName",
        "data.github.actor",
        f"{_O365}UserId",
        f"{_GRAPH}userPrincipalName",
        f"{_GRAPH}actor.userPrincipalName",
        f"{_GRAPH}userId",
        f"{_GCP}protoPayload.authenticationInfo.principalEmail",
        "data.aws.userIdentity.userName",
    ),
    "dst_user": (
        "data.dstuser",
        f"{_WIN_DATA}targetUserName",
        "data.github.user",
        f"{_O365}TargetUserOrGroupName",
    ),
    "host": (
        "data.hostname",
        f"{_WIN_SYSTEM}computer",
        "data.system_name",
        f"{_WIN_DATA}workstationName",
        f"{_GCP}jsonPayload.queryName",
        f"{_GRAPH}deviceName",
        f"{_GRAPH}managedDeviceName",
        f"{_OSQ}hostname",
    ),
}
"""Which fields fill the compact alert's who and where (the first present wins): every family's source IP,
acting user, target user and host land in the same four places, so a model reads them the same way."""
