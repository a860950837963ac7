"""Turns planned specs into Wazuh 4.x alert documents, shaped as the manager writes them to alerts.json.

Rendering runs in time order with one random stream, so counters that Wazuh keeps (``firedtimes``
per agent and rule, the ``id`` offset, Windows event record ids) grow the way they do for real.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from standin.alerts_catalogue import (
    AUDIT_COMMANDS,
    AWS_ACCOUNT,
    AWS_REGIONS,
    DEB_UPDATES,
    DOMAIN,
    LINUX_FIM_PATHS,
    RPM_UPDATES,
    RULES,
    SCA_CHECKS,
    SUDO_COMMANDS,
    SYSLOG_NOISE,
    SYSMON_PROCESSES,
    USER_AGENTS,
    VULN_RULE_BY_SEVERITY,
    WINDOWS_FIM_PATHS,
    Rule,
)
from standin.alerts_plan import Spec
from standin.estate import MANAGER_NAME, Agent
from standin.vulns_catalogue import Finding

JsonDict = dict[str, Any]
Geo = tuple[str, str, str, str, float, float]

_WIN_PROVIDER = {
    "providerName": "Microsoft-Windows-Security-Auditing",
    "providerGuid": "{54849625-5478-4994-a5ba-3e3b0328c30d}",
}
_LOGON_TYPES = (
    ("2", "User32 ", "Negotiate"),
    ("3", "NtLmSsp ", "NTLM"),
    ("3", "Kerberos", "Kerberos"),
    ("10", "User32 ", "Negotiate"),
)


# Formatted field by field, not with strftime: the demo renders its 6,000 alerts before its first answer.
def _to_millis(ts: datetime) -> str:
    """``2026-11-30T10:11:12.345``: both timestamps' shared part (each adds its zone)."""
    return (
        f"{ts.year:04d}-{ts.month:02d}-{ts.day:02d}T{ts.hour:02d}:{ts.minute:02d}:{ts.second:02d}"
        f".{ts.microsecond // 1000:03d}"
    )


WAZUH_ZONE, ISO_ZONE = "+0000", "Z"


def wazuh_timestamp(ts: datetime) -> str:
    """``2026-11-30T10:11:12.345+0000``: the manager's own format, kept in ``timestamp``."""
    return _to_millis(ts) + WAZUH_ZONE


def iso_timestamp(ts: datetime) -> str:
    return _to_millis(ts) + ISO_ZONE


_MONTHS = (
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
)  # syslog's, not the locale's


def _syslog_ts(ts: datetime) -> str:
    return f"{_MONTHS[ts.month - 1]} {ts.day:>2} {ts.hour:02d}:{ts.minute:02d}:{ts.second:02d}"


def _hexdigest(kind: str, *parts: object) -> str:
    return hashlib.new(kind, "|".join(map(str, parts)).encode()).hexdigest()


def _geo(geo: Geo | None) -> JsonDict | None:
    if geo is None:
        return None
    _, country, region, city, lat, lon = geo
    return {"country_name": country, "region_name": region, "city_name": city, "location": {"lat": lat, "lon": lon}}


def _host(agent: Agent) -> str:
    return agent.name.lower() if agent.os.family != "windows" else agent.name


def _auth_log(agent: Agent) -> str:
    return "/var/log/auth.log" if agent.os.platform in ("ubuntu", "debian") else "/var/log/secure"


def _syslog_file(agent: Agent) -> str:
    return "/var/log/syslog" if agent.os.platform in ("ubuntu", "debian") else "/var/log/messages"


class Renderer:
    def __init__(self, now: datetime, seed: int) -> None:
        self.now = now
        self.rng = random.Random(seed ^ 0x5EED)
        self.fired: dict[tuple[str, str], int] = {}
        self.offset = self.rng.randint(10_000, 90_000)
        self.record_ids: dict[str, int] = {}

    # -- the envelope every alert shares ----------------------------------------------------------

    def alert(
        self,
        spec: Spec,
        rule: Rule,
        *,
        location: str,
        decoder: JsonDict,
        full_log: str | None = None,
        data: JsonDict | None = None,
        predecoder: bool = False,
        program: str = "",
        description: str | None = None,
        geo: Geo | None = None,
        **extra: Any,
    ) -> JsonDict:
        ts = self.now - timedelta(milliseconds=spec.ago_ms)
        agent = spec.agent
        key = (agent.id, rule.id)
        self.fired[key] = self.fired.get(key, 0) + 1
        stamp = _to_millis(ts)  # both timestamps: one formatting
        doc: JsonDict = {
            "timestamp": stamp + WAZUH_ZONE,  # wazuh_timestamp(ts)
            "rule": rule.as_alert_rule(self.fired[key], description),
            "agent": {"id": agent.id, "name": agent.name} | ({"ip": agent.ip} if agent.id != "000" else {}),
            "manager": {"name": MANAGER_NAME},
            "id": f"{int(ts.timestamp())}.{self.offset}",
        }
        self.offset += 380 + len(full_log or "") + self.rng.randint(0, 400)
        if full_log is not None:
            doc["full_log"] = full_log
        if predecoder:
            doc["predecoder"] = {"program_name": program, "timestamp": _syslog_ts(ts), "hostname": _host(agent)}
        doc["decoder"] = decoder
        if data:
            doc["data"] = data
        doc["location"] = location
        doc.update(extra)
        if (located := _geo(geo)) is not None:
            doc["GeoLocation"] = located
        doc["@timestamp"] = stamp + ISO_ZONE  # iso_timestamp(ts)
        return doc

    def ts(self, spec: Spec) -> datetime:
        return self.now - timedelta(milliseconds=spec.ago_ms)

    def pid(self) -> int:
        return self.rng.randint(900, 4_194_000)

    # -- sshd / PAM / sudo --------------------------------------------------------------------------

    def ssh_ok(self, spec: Spec) -> JsonDict:
        user, src, port, method = spec.params
        ts, host = self.ts(spec), _host(spec.agent)
        key = f": RSA SHA256:{_hexdigest('sha256', user, host)[:43]}" if method == "publickey" else ""
        line = (
            f"{_syslog_ts(ts)} {host} sshd[{self.pid()}]: Accepted {method} for {user} from {src} port {port} ssh2{key}"
        )
        return self.alert(
            spec,
            RULES["5715"],
            location=_auth_log(spec.agent),
            decoder={"parent": "sshd", "name": "sshd"},
            full_log=line,
            predecoder=True,
            program="sshd",
            data={"srcip": src, "srcport": str(port), "dstuser": user},
        )

    def _ssh_failure(self, spec: Spec, template: str, user_field: str) -> JsonDict:
        user, src, geo, rule, port = spec.params
        ts, host = self.ts(spec), _host(spec.agent)
        line = f"{_syslog_ts(ts)} {host} sshd[{self.pid()}]: " + template.format(user=user, src=src, port=port)
        return self.alert(
            spec,
            RULES[rule],
            location=_auth_log(spec.agent),
            decoder={"parent": "sshd", "name": "sshd"},
            full_log=line,
            predecoder=True,
            program="sshd",
            geo=geo,
            data={"srcip": src, "srcport": str(port), user_field: user},
        )

    def ssh_fail(self, spec: Spec) -> JsonDict:
        return self._ssh_failure(spec, "Failed password for {user} from {src} port {port} ssh2", "dstuser")

    def ssh_multi_fail(self, spec: Spec) -> JsonDict:
        return self.ssh_fail(spec)

    def ssh_invalid(self, spec: Spec) -> JsonDict:
        return self._ssh_failure(spec, "Invalid user {user} from {src} port {port}", "srcuser")

    def ssh_bruteforce(self, spec: Spec) -> JsonDict:
        return self.ssh_invalid(spec)

    def _pam(self, spec: Spec, rule: str, message: str, data: JsonDict, geo: Geo | None = None) -> JsonDict:
        ts, host = self.ts(spec), _host(spec.agent)
        line = f"{_syslog_ts(ts)} {host} sshd[{self.pid()}]: {message}"
        return self.alert(
            spec,
            RULES[rule],
            location=_auth_log(spec.agent),
            decoder={"parent": "pam", "name": "pam"},
            full_log=line,
            predecoder=True,
            program="sshd",
            data=data,
            geo=geo,
        )

    def pam_open(self, spec: Spec) -> JsonDict:
        (user,) = spec.params
        uid = 0 if user == "root" else 1000 + sum(map(ord, user)) % 400
        return self._pam(
            spec,
            "5501",
            f"pam_unix(sshd:session): session opened for user {user}(uid={uid}) by (uid=0)",
            {"dstuser": user, "uid": "0"},
        )

    def pam_close(self, spec: Spec) -> JsonDict:
        (user,) = spec.params
        return self._pam(spec, "5502", f"pam_unix(sshd:session): session closed for user {user}", {"dstuser": user})

    def pam_fail(self, spec: Spec) -> JsonDict:
        user, src, geo = spec.params
        message = (
            "pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= "
            f"rhost={src}  user={user}"
        )
        return self._pam(
            spec, "5503", message, {"srcip": src, "dstuser": user, "uid": "0", "euid": "0", "tty": "ssh"}, geo
        )

    def _sudo(self, spec: Spec, rule: str, failed: bool) -> JsonDict:
        (user,) = spec.params
        ts, host = self.ts(spec), _host(spec.agent)
        command = self.rng.choice(SUDO_COMMANDS)
        tty = f"pts/{self.rng.randint(0, 4)}"
        pwd = "/root" if user == "root" else f"/home/{user}"
        prefix = "1 incorrect password attempt ; " if failed else ""
        line = (
            f"{_syslog_ts(ts)} {host} sudo: {user:>8} : {prefix}TTY={tty} ; PWD={pwd} ; USER=root ; COMMAND={command}"
        )
        return self.alert(
            spec,
            RULES[rule],
            location=_auth_log(spec.agent),
            decoder={"parent": "sudo", "name": "sudo"},
            full_log=line,
            predecoder=True,
            program="sudo",
            data={"srcuser": user, "dstuser": "root", "tty": tty, "pwd": pwd, "command": command},
        )

    def sudo_ok(self, spec: Spec) -> JsonDict:
        return self._sudo(spec, "5402", failed=False)

    def sudo_fail(self, spec: Spec) -> JsonDict:
        return self._sudo(spec, "5401", failed=True)

    # -- Windows event channel ----------------------------------------------------------------------

    def _win(self, spec: Spec, rule: str, success: bool) -> JsonDict:
        user, src, geo = spec.params
        agent, ts = spec.agent, self.ts(spec)
        record = self.record_ids.get(agent.id, self.rng.randint(200_000, 9_000_000)) + self.rng.randint(1, 40)
        self.record_ids[agent.id] = record
        remote = geo is not None
        logon_type, process, package = ("3", "NtLmSsp ", "NTLM") if remote else self.rng.choice(_LOGON_TYPES)
        system = _WIN_PROVIDER | {
            "eventID": "4624" if success else "4625",
            "version": "2" if success else "0",
            "level": "0",
            "task": "12544",
            "opcode": "0",
            "keywords": "0x8020000000000000" if success else "0x8010000000000000",
            "systemTime": ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ts.microsecond:06d}0Z",
            "eventRecordID": str(record),
            "processID": "652",
            "threadID": str(self.rng.randint(700, 9000)),
            "channel": "Security",
            "computer": f"{agent.name}.corp.example.com",
            "severityValue": "AUDIT_SUCCESS" if success else "AUDIT_FAILURE",
            "message": '"An account was successfully logged on."' if success else '"An account failed to log on."',
        }
        eventdata: JsonDict = {
            "subjectUserSid": "S-1-5-18" if not remote else "S-1-0-0",
            "subjectUserName": f"{agent.name}$" if not remote else "-",
            "subjectDomainName": DOMAIN if not remote else "-",
            "subjectLogonId": "0x3e7" if not remote else "0x0",
            "targetUserName": user,
            "targetDomainName": DOMAIN if not remote else "",
            "logonType": logon_type,
            "logonProcessName": process,
            "authenticationPackageName": package,
            "workstationName": "-"
            if remote
            else f"WS-{self.rng.choice(['FRA', 'NYC', 'SGP'])}-{self.rng.randint(1, 40):02d}",
            "ipAddress": src,
            "ipPort": str(self.rng.randint(49152, 65535)) if src != "-" else "-",
            "processId": "0x0" if remote else "0x2d4",
            "processName": "-" if remote else "C:\\Windows\\System32\\svchost.exe",
            "keyLength": "0",
        }
        if success:
            eventdata |= {
                "targetUserSid": f"S-1-5-21-3623811015-3361044348-30300820-{1000 + sum(map(ord, user)) % 900}",
                "targetLogonId": f"0x{self.rng.randint(0x100000, 0xFFFFFF):x}",
                "impersonationLevel": "%%1833",
                "elevatedToken": "%%1842" if user == "Administrator" else "%%1843",
                "logonGuid": "{00000000-0000-0000-0000-000000000000}",
            }
        else:
            unknown = user.lower() not in {u.lower() for u in ("Administrator", "svc_backup", "jdoe")}
            eventdata |= {
                "targetUserSid": "S-1-0-0",
                "status": "0xc000006d",
                "subStatus": "0xc0000064" if unknown else "0xc000006a",
                "failureReason": "%%2313",
            }
        return self.alert(
            spec,
            RULES[rule],
            location="EventChannel",
            decoder={"name": "windows_eventchannel"},
            data={"win": {"system": system, "eventdata": eventdata}},
            geo=geo,
        )

    def win_ok(self, spec: Spec) -> JsonDict:
        return self._win(spec, "60106", success=True)

    def win_fail(self, spec: Spec) -> JsonDict:
        return self._win(spec, "60122", success=False)

    def win_bruteforce(self, spec: Spec) -> JsonDict:
        return self._win(spec, "60204", success=False)

    # -- web access logs ------------------------------------------------------------------------------

    def _web(self, spec: Spec, rule: str) -> JsonDict:
        geo, log, method, url, status = spec.params
        ts = self.ts(spec)
        agent_string = self.rng.choice(USER_AGENTS[1:] if rule in ("31103", "31106") else USER_AGENTS)
        line = (
            f'{geo[0]} - - [{ts:%d/%b/%Y:%H:%M:%S} +0000] "{method} {url} HTTP/1.1" {status} '
            f'{self.rng.randint(140, 9000)} "-" "{agent_string}"'
        )
        return self.alert(
            spec,
            RULES[rule],
            location=log,
            decoder={"name": "web-accesslog"},
            full_log=line,
            data={"protocol": method, "srcip": geo[0], "id": status, "url": url},
            geo=geo,
        )

    def web_400(self, spec: Spec) -> JsonDict:
        return self._web(spec, "31101")

    def web_scan(self, spec: Spec) -> JsonDict:
        return self._web(spec, "31151")

    def web_sqli(self, spec: Spec) -> JsonDict:
        return self._web(spec, "31103")

    def web_success(self, spec: Spec) -> JsonDict:
        return self._web(spec, "31106")

    # -- FIM -------------------------------------------------------------------------------------------

    def _fim(self, spec: Spec, event: str) -> JsonDict:
        (path,) = spec.params
        agent, ts = spec.agent, self.ts(spec)
        windows = agent.os.family == "windows"
        known = {p[0]: p for p in LINUX_FIM_PATHS}
        size = (
            next((s for p, s in WINDOWS_FIM_PATHS if p == path), 0)
            if windows
            else (known[path][4] if path in known else self.rng.randint(400, 90_000))
        )
        mode = self.rng.choice(("realtime", "scheduled", "whodata") if not windows else ("realtime", "scheduled"))
        version = self.rng.randint(0, 10**6)
        after = {
            "size_after": size + self.rng.randint(-40, 120) if event == "modified" else size,
            "md5_after": _hexdigest("md5", agent.id, path, version),
            "sha1_after": _hexdigest("sha1", agent.id, path, version),
            "sha256_after": _hexdigest("sha256", agent.id, path, version),
            "mtime_after": (ts - timedelta(seconds=self.rng.randint(0, 3))).strftime("%Y-%m-%dT%H:%M:%S"),
            "inode_after": self.rng.randint(1_000, 9_000_000) if not windows else 0,
        }
        if windows:
            del after["inode_after"]
            after |= {"uid_after": "S-1-5-32-544", "uname_after": "Administrators"}
        else:
            owner, group, perm = known[path][1:4] if path in known else ("root", "root", "rwxr-xr-x")
            after |= {
                "uid_after": "0" if owner == "root" else "1001",
                "gid_after": "0",
                "uname_after": owner,
                "gname_after": group,
                "perm_after": perm,
            }
        syscheck: JsonDict = {"path": path, "mode": mode, "event": event} | after
        lines = [f"File '{path}' {event}", f"Mode: {mode}"]
        if event == "modified":
            old = version - 1
            before = {
                "size_before": size,
                "md5_before": _hexdigest("md5", agent.id, path, old),
                "sha1_before": _hexdigest("sha1", agent.id, path, old),
                "sha256_before": _hexdigest("sha256", agent.id, path, old),
                "mtime_before": (ts - timedelta(days=self.rng.randint(1, 300))).strftime("%Y-%m-%dT%H:%M:%S"),
            }
            syscheck |= before
            changed = (
                ["size", "mtime", "md5", "sha1", "sha256"]
                if before["size_before"] != after["size_after"]
                else ["mtime", "md5", "sha1", "sha256"]
            )
            syscheck["changed_attributes"] = changed
            lines += [
                f"Changed attributes: {','.join(changed)}",
                f"Size changed from '{before['size_before']}' to '{after['size_after']}'",
                f"Old modification time was: '{before['mtime_before']}', now it is '{after['mtime_after']}'",
                f"Old md5sum was: '{before['md5_before']}'",
                f"New md5sum is : '{after['md5_after']}'",
                f"Old sha1sum was: '{before['sha1_before']}'",
                f"New sha1sum is : '{after['sha1_after']}'",
                f"Old sha256sum was: '{before['sha256_before']}'",
                f"New sha256sum is : '{after['sha256_after']}'",
            ]
        if mode == "whodata":
            login = self.rng.choice(("jdoe", "asmith", "ubuntu", "deploy"))
            syscheck["audit"] = {
                "user": {"id": "0", "name": "root"},
                "effective_user": {"id": "0", "name": "root"},
                "login_user": {"id": str(1000 + sum(map(ord, login)) % 400), "name": login},
                "group": {"id": "0", "name": "root"},
                "process": {
                    "id": str(self.pid()),
                    "ppid": str(self.pid()),
                    "name": self.rng.choice(("/usr/bin/vim.basic", "/usr/bin/cp", "/usr/bin/bash", "/usr/bin/curl")),
                },
            }
        rule = {"modified": "550", "deleted": "553", "added": "554"}[event]
        decoder = {
            "modified": "syscheck_integrity_changed",
            "deleted": "syscheck_deleted",
            "added": "syscheck_new_entry",
        }[event]
        return self.alert(
            spec,
            RULES[rule],
            location="syscheck",
            decoder={"name": decoder},
            full_log="\n".join(lines) + "\n",
            syscheck=syscheck,
        )

    def fim_modified(self, spec: Spec) -> JsonDict:
        return self._fim(spec, "modified")

    def fim_added(self, spec: Spec) -> JsonDict:
        return self._fim(spec, "added")

    def fim_deleted(self, spec: Spec) -> JsonDict:
        return self._fim(spec, "deleted")

    # -- rootcheck, vulnerability detector ------------------------------------------------------------

    def rootcheck(self, spec: Spec) -> JsonDict:
        rule, title = spec.params
        return self.alert(
            spec,
            RULES[rule],
            location="rootcheck",
            decoder={"name": "rootcheck"},
            full_log=title,
            data={"title": title},
        )

    def vuln(self, spec: Spec) -> JsonDict:
        finding: Finding = spec.params[0]
        cve = finding.cve
        agent = spec.agent
        if finding.package is None:
            package = {
                "name": f"{agent.os.name} {agent.os.version}",
                "version": agent.os.version,
                "architecture": "x86_64",
            }
        else:
            package = {
                "name": finding.package.name,
                "version": finding.package.version,
                "architecture": finding.package.architecture,
            }
        package["condition"] = finding.condition
        published = f"{cve.published.isoformat()}T{cve_time(cve.id)}Z"
        vulnerability = {
            "classification": "CVSS",
            "cve": cve.id,
            "cvss": {"cvss3": {"base_score": f"{cve.score}"}},
            "enumeration": "CVE",
            "package": package,
            "published": published,
            "updated": published,
            "reference": cve_reference(cve.id, agent, os_level=finding.package is None),
            "severity": cve.severity,
            "status": "Active",
            "score": {"base": f"{cve.score}", "version": cve.cvss_version},
            "scanner": {"reference": f"https://cti.wazuh.com/vulnerabilities/cves/{cve.id}"},
            "title": f"{cve.id} affects {package['name']}",
            "type": "Packages" if finding.package else "OS",
        }
        rule = RULES[VULN_RULE_BY_SEVERITY[cve.severity]]
        return self.alert(
            spec,
            rule,
            location="vulnerability-detector",
            decoder={"name": "json"},
            description=f"{cve.id} affects {package['name']}",
            data={"vulnerability": vulnerability},
        )

    # -- agent life cycle and background ---------------------------------------------------------------

    def _ossec(self, spec: Spec, rule: str, line: str, location: str = "wazuh-agent") -> JsonDict:
        return self.alert(spec, RULES[rule], location=location, decoder={"name": "ossec"}, full_log=line)

    def agent_started(self, spec: Spec) -> JsonDict:
        return self._ossec(spec, "503", f"ossec: Agent started: '{spec.agent.name}->any'.")

    def agent_stopped(self, spec: Spec) -> JsonDict:
        return self._ossec(spec, "506", f"ossec: Agent stopped: '{spec.agent.name}->any'.")

    def agent_disconnected(self, spec: Spec) -> JsonDict:
        (gone,) = spec.params
        return self._ossec(spec, "504", f"ossec: Agent disconnected: '{gone.id}-{gone.name}'.", "wazuh-monitord")

    def _syslog(self, spec: Spec, rule: str, program: str, message: str, decoder: JsonDict) -> JsonDict:
        ts, host = self.ts(spec), _host(spec.agent)
        pid = "" if program == "kernel" else f"[{self.pid()}]"
        line = f"{_syslog_ts(ts)} {host} {program}{pid}: {message}"
        return self.alert(
            spec,
            RULES[rule],
            location=_syslog_file(spec.agent),
            decoder=decoder,
            full_log=line,
            predecoder=True,
            program=program,
        )

    def shutdown(self, spec: Spec) -> JsonDict:
        return self._syslog(spec, "5113", "kernel", "Kernel log daemon terminating.", {"name": "kernel"})

    def promisc(self, spec: Spec) -> JsonDict:
        uptime = f"[{self.rng.randint(1000, 9_000_000)}.{self.rng.randint(0, 999_999):06d}]"
        message = f"{uptime} device veth{self.rng.randint(0, 0xFFFFFF):06x} entered promiscuous mode"
        return self._syslog(spec, "5104", "kernel", message, {"name": "kernel"})

    def syslog_error(self, spec: Spec) -> JsonDict:
        program, message = self.rng.choice(SYSLOG_NOISE)
        return self._syslog(spec, "1002", program, message, {"name": program.split("/")[0].lower()})

    def dpkg(self, spec: Spec) -> JsonDict:
        (removed,) = spec.params
        ts = self.ts(spec)
        name = self.rng.choice(DEB_UPDATES)
        version = f"{self.rng.randint(1, 9)}.{self.rng.randint(0, 40)}-{self.rng.randint(1, 9)}ubuntu0.{self.rng.randint(1, 30)}"
        action = "remove" if removed else "install"
        line = f"{ts:%Y-%m-%d %H:%M:%S} {action} {name}:amd64 <none> {version}"
        return self.alert(
            spec,
            RULES["2903" if removed else "2902"],
            location="/var/log/dpkg.log",
            decoder={"name": "dpkg-decoder"},
            full_log=line,
            data={"dpkg_status": action, "package": name, "arch": "amd64", "version": version},
        )

    def yum(self, spec: Spec) -> JsonDict:
        ts = self.ts(spec)
        name = self.rng.choice(RPM_UPDATES)
        version = f"{self.rng.randint(1, 9)}.{self.rng.randint(0, 40)}-{self.rng.randint(1, 60)}.el9_4"
        line = f"{ts:%Y-%m-%dT%H:%M:%S}+0000 SUBDEBUG Installed: {name}-{version}.x86_64"
        return self.alert(
            spec,
            RULES["2932"],
            location="/var/log/dnf.rpm.log",
            decoder={"name": "yum-log"},
            full_log=line,
            data={"package": name, "version": version},
        )

    # -- Linux audit, Sysmon, AWS, SCA, Office 365 (shapes as Wazuh's decoders and wodles write them) ------

    def audit_cmd(self, spec: Spec) -> JsonDict:
        (user,) = spec.params
        exe, argv = self.rng.choice(AUDIT_COMMANDS)
        ts, pid = self.ts(spec), self.pid()
        uid = "0" if user == "root" else str(1000 + sum(map(ord, user)) % 50)
        serial = f"{ts.timestamp():.3f}:{self.rng.randint(1000, 999_999)}"
        execve = {f"a{i}": arg for i, arg in enumerate(argv)}
        line = (
            f"type=SYSCALL msg=audit({serial}): arch=c000003e syscall=59 success=yes exit=0 ppid={pid - 7} pid={pid} "
            f'auid={uid} uid=0 gid=0 euid=0 tty=pts0 ses=3 comm="{argv[0]}" exe="{exe}" key="audit-wazuh-c" '
            f"type=EXECVE msg=audit({serial}): argc={len(argv)} " + " ".join(f'a{i}="{a}"' for i, a in enumerate(argv))
        )
        audit = {
            "id": serial.split(":")[1],
            "type": "SYSCALL",
            "arch": "c000003e",
            "syscall": "59",
            "success": "yes",
            "exit": "0",
            "ppid": str(pid - 7),
            "pid": str(pid),
            "auid": uid,
            "uid": "0",
            "gid": "0",
            "euid": "0",
            "suid": "0",
            "fsuid": "0",
            "egid": "0",
            "sgid": "0",
            "fsgid": "0",
            "tty": "pts0",
            "session": "3",
            "command": argv[0],
            "exe": exe,
            "key": "audit-wazuh-c",
            "cwd": "/root" if user == "root" else f"/home/{user}",
            "execve": execve,
        }
        return self.alert(
            spec,
            RULES["80792"],
            location="/var/log/audit/audit.log",
            decoder={"parent": "auditd", "name": "auditd"},
            full_log=line,
            description=f"Audit: Command: {exe}.",
            data={"audit": audit},
        )

    def sysmon_process(self, spec: Spec) -> JsonDict:
        (user,) = spec.params
        agent, ts = spec.agent, self.ts(spec)
        image, command, parent, what = self.rng.choice(SYSMON_PROCESSES)
        record = self.record_ids.get(agent.id, self.rng.randint(200_000, 9_000_000)) + self.rng.randint(1, 40)
        self.record_ids[agent.id] = record
        digest = _hexdigest("sha256", image, agent.id)
        suspicious = parent.endswith("WINWORD.EXE")
        system = {
            "providerName": "Microsoft-Windows-Sysmon",
            "providerGuid": "{5770385f-c22a-43e0-bf4c-06f5698ffbd9}",
            "eventID": "1",
            "version": "5",
            "level": "4",
            "task": "1",
            "opcode": "0",
            "keywords": "0x8000000000000000",
            "systemTime": ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ts.microsecond:06d}0Z",
            "eventRecordID": str(record),
            "processID": "2956",
            "threadID": str(self.rng.randint(700, 9000)),
            "channel": "Microsoft-Windows-Sysmon/Operational",
            "computer": f"{agent.name}.corp.example.com",
            "severityValue": "INFORMATION",
            "message": f'"Process Create: RuleName: - Image: {image} CommandLine: {command}"',
        }
        eventdata = {
            "utcTime": ts.strftime("%Y-%m-%d %H:%M:%S.") + f"{ts.microsecond // 1000:03d}",
            "processGuid": f"{{{_hexdigest('md5', record)[:8]}-{_hexdigest('md5', agent.id)[:4]}-6650-0000-0010}}",
            "processId": str(self.pid() % 65536),
            "image": image,
            "fileVersion": "10.0.19041.1",
            "description": what,
            "product": "Microsoft® Windows® Operating System",
            "company": "Microsoft Corporation",
            "originalFileName": image.rsplit("\\", 1)[-1].upper(),
            "commandLine": command,
            "currentDirectory": f"C:\\Users\\{user}\\",
            "user": f"{DOMAIN}\\{user}",
            "logonId": f"0x{self.rng.randint(0x10000, 0xFFFFFF):x}",
            "terminalSessionId": "1",
            "integrityLevel": "Medium",
            "hashes": f"SHA1={digest[:40].upper()},MD5={digest[:32].upper()},SHA256={digest.upper()}",
            "parentProcessGuid": f"{{{_hexdigest('md5', parent)[:8]}-6650-0000-0010}}",
            "parentProcessId": str(self.pid() % 65536),
            "parentImage": parent,
            "parentCommandLine": parent.rsplit("\\", 1)[-1],
        }
        rule = RULES["92052" if suspicious else "61603"]
        return self.alert(
            spec,
            rule,
            location="EventChannel",
            decoder={"name": "windows_eventchannel"},
            description=rule.description if suspicious else f"Sysmon - Event 1: Process creation {what}",
            data={"win": {"system": system, "eventdata": eventdata}},
        )

    def _aws(self, spec: Spec, rule: str, description: str, aws: JsonDict) -> JsonDict:
        ts = self.ts(spec)
        aws["log_info"] = {
            "s3bucket": "corp-security-logs",
            "log_file": f"{aws['source']}/{ts:%Y/%m/%d}/{_hexdigest('md5', ts, rule)[:16]}.json.gz",
        }
        return self.alert(
            spec,
            RULES[rule],
            location="Wazuh-AWS",
            decoder={"name": "json"},
            description=description,
            data={"integration": "aws", "aws": aws},
            input={"type": "log"},
        )

    def guardduty_probe(self, spec: Spec) -> JsonDict:
        (attacker,) = spec.params
        ts = self.ts(spec)
        instance = f"i-0{_hexdigest('md5', spec.agent.id)[:16]}"
        port = self.rng.choice(("22", "80", "3389", "5432"))
        title = f"Unprotected port on EC2 instance {instance} is being probed."
        aws = {
            "source": "guardduty",
            "schemaVersion": "2.0",
            "accountId": AWS_ACCOUNT,
            "region": self.rng.choice(AWS_REGIONS),
            "partition": "aws",
            "id": _hexdigest("md5", ts, instance),
            "arn": f"arn:aws:guardduty:us-east-1:{AWS_ACCOUNT}:detector/cab38390b400c06fb2897dfcebffb80d",
            "type": "Recon:EC2/PortProbeUnprotectedPort",
            "resource": {
                "resourceType": "Instance",
                "instanceDetails": {"instanceId": instance, "instanceType": "t3.medium", "instanceState": "running"},
            },
            "service": {
                "serviceName": "guardduty",
                "detectorId": "cab38390b400c06fb2897dfcebffb80d",
                "action": {
                    "actionType": "PORT_PROBE",
                    "portProbeAction": {
                        "blocked": "false",
                        "portProbeDetails": {
                            "localPortDetails": {"port": port, "portName": "Unknown"},
                            "remoteIpDetails": {
                                "ipAddressV4": attacker[0],
                                "country": {"countryName": attacker[1]},
                                "city": {"cityName": attacker[3]},
                            },
                        },
                    },
                },
                "resourceRole": "TARGET",
                "count": str(self.rng.randint(2, 900)),
                "eventFirstSeen": iso_timestamp(ts - timedelta(hours=6)),
                "eventLastSeen": iso_timestamp(ts),
            },
            "severity": "2",
            "createdAt": iso_timestamp(ts - timedelta(hours=6)),
            "updatedAt": iso_timestamp(ts),
            "title": title,
            "description": "EC2 instance has an unprotected port which is being probed by a known malicious host.",
        }
        description = f"AWS GuardDuty: PORT_PROBE - {title} [IP: {attacker[0]}] [Port: {port}]"
        return self._aws(spec, "80305", description, aws)

    def cloudtrail_login(self, spec: Spec) -> JsonDict:
        user, src, failed = spec.params
        ts = self.ts(spec)
        aws = {
            "source": "cloudtrail",
            "eventVersion": "1.08",
            "userIdentity": {
                "type": "IAMUser",
                "principalId": f"AIDA{_hexdigest('md5', user)[:16].upper()}",
                "arn": f"arn:aws:iam::{AWS_ACCOUNT}:user/{user}",
                "accountId": AWS_ACCOUNT,
                "userName": user,
            },
            "eventTime": ts.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "eventSource": "signin.amazonaws.com",
            "eventName": "ConsoleLogin",
            "awsRegion": "us-east-1",
            "sourceIPAddress": src,
            "userAgent": USER_AGENTS[0],
            "responseElements": {"ConsoleLogin": "Failure" if failed else "Success"},
            "additionalEventData": {"MFAUsed": "No", "LoginTo": "https://console.aws.amazon.com/console/home"},
            "eventID": _hexdigest("md5", ts, user),
            "eventType": "AwsConsoleSignIn",
            "recipientAccountId": AWS_ACCOUNT,
            "aws_account_id": AWS_ACCOUNT,
        }
        if failed:
            aws["errorMessage"] = "Failed authentication"
        rule = "80254" if failed else "80202"
        suffix = " - Failed login." if failed else "."
        return self._aws(spec, rule, f"AWS Cloudtrail: signin.amazonaws.com - ConsoleLogin{suffix}", aws)

    def sca_check(self, spec: Spec) -> JsonDict:
        check_id, title, command, result = self.rng.choice(SCA_CHECKS)
        agent = spec.agent
        policy = f"CIS Benchmark for {agent.os.name} {agent.os.version}"
        sca = {
            "type": "check",
            "scan_id": str(self.rng.randint(10**8, 10**9)),
            "policy": policy,
            "check": {
                "id": check_id,
                "title": title,
                "description": f"{title[7:-1]} reduces the attack surface of the system.",
                "rationale": "Removing support for unneeded features reduces the local attack surface.",
                "remediation": "Apply the benchmark's configuration and re-run the scan.",
                "compliance": {"cis": f"1.1.{int(check_id) % 20}", "pci_dss": "2.2.4", "nist_800_53": "CM.1"},
                "command": [command],
                "result": result,
            },
        }
        rule = RULES["19007" if result == "failed" else "19008"]
        return self.alert(
            spec,
            rule,
            location="sca",
            decoder={"name": "sca"},
            description=f"{policy}: {title}",
            data={"sca": sca},
        )

    def office365_login(self, spec: Spec) -> JsonDict:
        user, src, failed = spec.params
        ts = self.ts(spec)
        office = {
            "CreationTime": ts.strftime("%Y-%m-%dT%H:%M:%S"),
            "Id": _hexdigest("md5", ts, user),
            "Operation": "UserLoginFailed" if failed else "UserLoggedIn",
            "OrganizationId": "b3a7c6e2-1d7f-4c5a-9b0e-1f2a3b4c5d6e",
            "RecordType": 15,
            "ResultStatus": "Failed" if failed else "Success",
            "UserKey": f"1003{_hexdigest('md5', user)[:12].upper()}",
            "UserType": 0,
            "Version": 1,
            "Workload": "AzureActiveDirectory",
            "ClientIP": src,
            "ObjectId": "00000002-0000-0ff1-ce00-000000000000",
            "UserId": user,
            "AzureActiveDirectoryEventType": 1,
            "Subscription": "Audit.AzureActiveDirectory",
        }
        if failed:
            office["LogonError"] = "InvalidUserNameOrPassword"
        rule = "91558" if failed else "91545"
        description = (
            f"Office 365: Failed login of {user}." if failed else f"Office 365: {office['Operation']} by {user}."
        )
        return self.alert(
            spec,
            RULES[rule],
            location="office365",
            decoder={"name": "json"},
            description=description,
            data={"integration": "office365", "office365": office},
        )

    def render(self, spec: Spec) -> JsonDict:
        handler: Callable[[Spec], JsonDict] = getattr(self, spec.kind)
        return handler(spec)


def cve_time(cve_id: str) -> str:
    """A stable hh:mm:ss for a CVE's publication (feeds carry one; the catalogue keeps only dates)."""
    digest = int(_hexdigest("sha1", cve_id)[:8], 16)
    return f"{digest % 24:02d}:{digest // 24 % 60:02d}:{digest // 1440 % 60:02d}"


def cve_reference(cve_id: str, agent: Agent, *, os_level: bool) -> str:
    if agent.os.platform == "ubuntu":
        return f"https://ubuntu.com/security/{cve_id}, https://www.cve.org/CVERecord?id={cve_id}"
    if agent.os.platform in ("rhel", "centos"):
        return f"https://access.redhat.com/security/cve/{cve_id}"
    if agent.os.platform == "debian":
        return f"https://security-tracker.debian.org/tracker/{cve_id}"
    if os_level and agent.os.family == "windows":
        return f"https://msrc.microsoft.com/update-guide/vulnerability/{cve_id}"
    return f"https://nvd.nist.gov/vuln/detail/{cve_id}"
