"""The hunt grammar: structured ``{field, op, value}`` clauses → a closed subset of the query DSL.

A caller never writes DSL. It picks a field from ``FIELDS`` (real ``wazuh-alerts-*`` fields where
Wazuh stores what analysts pivot on — Linux, Windows eventchannel, audit, AWS, vulnerability-detector,
FIM — each typed from Wazuh's template, ``tests/unit/test_hunt_grammar.py`` checks them against it),
an operator from ``Op`` and a value, and this module:

1. checks the value against the field's type and the operator (``check_value``) and normalises
   it (agent ids zero-padded, hashes lower-cased, times rewritten as canonical UTC ISO-8601),
   so only plain values of the right type reach the engine — never date math, wildcards or
   query-string syntax;
2. emits only ``term`` / ``terms`` / ``range`` / ``exists`` / ``prefix`` fragments, in the
   ``filter`` and ``must_not`` lists of a single ``bool`` (``build_query``). There is no path to
   ``should``, ``script``, ``query_string``, ``wildcard``, ``regexp`` or ``runtime_mappings``.

Caller text only ever appears as a leaf value under one of those five fragments; field names
(the only keys derived from input) come from the allowlist. ``tests/unit/test_hunt_grammar.py``
checks both properties with hypothesis.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from wazuh_mcp.agent_ids import agent_id
from wazuh_mcp.errors import InvalidArgument

FieldType = Literal["keyword", "ip", "long", "date"]
"""The value a field takes. ``ip`` is an IP address, stored as ``keyword`` (data.srcip, agent.ip) or,
for a few AWS fields, mapped as OpenSearch ``ip`` (see ``HuntField.mapping``)."""
Mapping = Literal["keyword", "ip", "long", "date"]
"""How Wazuh's template maps the field (fields it does not list are strings: ``string_as_keyword``)."""
Op = Literal["eq", "ne", "gt", "gte", "lt", "lte", "in", "exists", "prefix"]

OPS_BY_TYPE: dict[FieldType, tuple[Op, ...]] = {
    "keyword": ("eq", "ne", "in", "exists", "prefix"),
    "ip": ("eq", "ne", "in", "exists", "prefix"),
    "long": ("eq", "ne", "gt", "gte", "lt", "lte", "in", "exists"),
    "date": ("eq", "ne", "gt", "gte", "lt", "lte", "exists"),
}
RANGE_OPS: tuple[Op, ...] = ("gt", "gte", "lt", "lte")
MAX_CLAUSES = 20
MAX_IN_VALUES = 100
MIN_PREFIX = 3
MAX_TEXT = 512
INT64 = 2**63 - 1


def _digits(name: str) -> Callable[[str], str]:
    def check(text: str) -> str:
        if not (text.isascii() and text.isdigit()):
            raise ValueError(f"{name} values are numeric strings, like '5710'")
        return text

    return check


def _matching(pattern: str, message: str, fold: Callable[[str], str] = str) -> Callable[[str], str]:
    """A value check: the text, case-folded by ``fold``, must match ``pattern`` whole; ValueError(message) if not."""

    def check(text: str) -> str:
        folded = fold(text)
        if not re.fullmatch(pattern, folded):
            raise ValueError(message)
        return folded

    return check


_technique = _matching(
    r"T[0-9]{4}(\.[0-9]{3})?", "rule.mitre.id values are ATT&CK ids like 'T1110' or 'T1110.001'", str.upper
)


def _digest(name: str, length: int, algorithm: str) -> Callable[[str], str]:
    return _matching(
        f"[0-9a-f]{{{length}}}", f"{name} values are {algorithm} digests: {length} hex characters", str.lower
    )


_cve = _matching(r"CVE-[0-9]{4}-[0-9]{4,7}", "CVE ids look like CVE-2024-3094", str.upper)
_severity = _matching(r"[A-Z][a-z]{2,15}", "severities are words like Low, Medium, High, Critical", str.capitalize)
_yes_no = _matching("yes|no", "data.audit.success is 'yes' or 'no'", str.lower)
_fim_event = _matching("added|modified|deleted", "syscheck.event is one of 'added', 'modified', 'deleted'", str.lower)
_hex_prefix = _matching(r"[0-9a-f]+", "a hash prefix is hex characters", str.lower)
_ip_prefix = _matching(r"[0-9A-Fa-f:.]+", "an IP prefix holds only digits, hex letters, '.' and ':' (e.g. '10.0.')")


def _digit_prefix(text: str) -> str:
    if not (text.isascii() and text.isdigit()):
        raise ValueError("this prefix is digits only")
    return text


@dataclass(frozen=True)
class HuntField:
    """One allowlisted alert field: its mapped type and how its values are checked."""

    name: str
    type: FieldType
    description: str
    example: str | int
    normalize: Callable[[str], str] | None = None
    """Checks and normalises a whole value (eq / ne / in) of a keyword field."""
    normalize_prefix: Callable[[str], str] | None = None
    minimum: int | None = None
    maximum: int | None = None
    ip_mapped: bool = False
    """Wazuh's template maps it as ``ip`` (not keyword): no prefix queries, and "" cannot be stored."""

    @property
    def mapping(self) -> Mapping:
        if self.type == "ip":
            return "ip" if self.ip_mapped else "keyword"
        return self.type

    @property
    def ops(self) -> tuple[Op, ...]:
        ops = OPS_BY_TYPE[self.type]
        return tuple(op for op in ops if op != "prefix") if self.ip_mapped else ops


_WIN_DATA, _WIN_SYSTEM, _AUDIT = "data.win.eventdata.", "data.win.system.", "data.audit."
_GUARDDUTY = "data.aws.service.action."
_AWS_NIC = "data.aws.resource.instanceDetails.networkInterfaces."


def _hash_fields(algorithm: str, length: int, example: str) -> tuple[HuntField, ...]:
    def one(name: str, when: str) -> HuntField:
        return HuntField(
            name,
            "keyword",
            f"{algorithm} of the file {when} the change (FIM).",
            example,
            _digest(name, length, algorithm),
            _hex_prefix,
        )

    key = algorithm.lower().replace("-", "")
    return one(f"syscheck.{key}_after", "after"), one(f"syscheck.{key}_before", "before")


_FIELD_LIST = (
    HuntField("@timestamp", "date", "When the event was indexed (copy of the alert time).", "2024-05-01T10:00:00Z"),
    HuntField(
        "agent.id", "keyword", "Agent that raised the alert ('000' is the manager).", "001", agent_id, _digit_prefix
    ),
    HuntField("agent.name", "keyword", "Agent host name.", "web-01"),
    HuntField("agent.ip", "ip", "Agent IP address.", "10.0.0.12", None, _ip_prefix),
    HuntField("manager.name", "keyword", "Wazuh manager (node) that analysed the event.", "wazuh-manager"),
    HuntField("rule.id", "keyword", "Wazuh rule id.", "5710", _digits("rule.id"), _digit_prefix),
    HuntField("rule.level", "long", "Rule level, 0..15 (12+ is high severity).", 10, minimum=0, maximum=15),
    HuntField("rule.description", "keyword", "Rule description, exact text.", "sshd: authentication failed."),
    HuntField(
        "rule.groups",
        "keyword",
        "Rule groups, e.g. authentication_failed, syscheck, audit, aws.",
        "authentication_failed",
    ),
    HuntField("rule.mitre.id", "keyword", "MITRE ATT&CK technique id.", "T1110", _technique),
    HuntField("rule.mitre.tactic", "keyword", "MITRE ATT&CK tactic name.", "Credential Access"),
    HuntField("rule.mitre.technique", "keyword", "MITRE ATT&CK technique name.", "Brute Force"),
    HuntField("decoder.name", "keyword", "Decoder that parsed the event.", "sshd"),
    HuntField("location", "keyword", "Log source: file path, channel or module.", "/var/log/auth.log"),
    HuntField("data.srcip", "ip", "Source IP address of the event.", "203.0.113.7", None, _ip_prefix),
    HuntField("data.dstip", "ip", "Destination IP address.", "10.0.0.5", None, _ip_prefix),
    HuntField(
        "data.dstport", "keyword", "Destination port (stored as text).", "22", _digits("data.dstport"), _digit_prefix
    ),
    HuntField("data.srcuser", "keyword", "Source user name.", "root"),
    HuntField("data.dstuser", "keyword", "Destination / target user name.", "admin"),
    HuntField("data.hostname", "keyword", "Host or domain name in the event.", "example.org"),
    HuntField("data.url", "keyword", "URL in a web or proxy event.", "/wp-login.php"),
    # Windows eventchannel: who and where live under data.win.*, not data.srcip/srcuser.
    HuntField(f"{_WIN_DATA}ipAddress", "ip", "Windows: client IP of a logon.", "10.0.0.7", None, _ip_prefix),
    HuntField(f"{_WIN_DATA}targetUserName", "keyword", "Windows: account the event is about.", "Administrator"),
    HuntField(f"{_WIN_DATA}subjectUserName", "keyword", "Windows: account that acted.", "SYSTEM"),
    HuntField(
        f"{_WIN_DATA}logonType",
        "keyword",
        "Windows: logon type (3 network, 10 remote desktop).",
        "3",
        _digits("logonType"),
        _digit_prefix,
    ),
    HuntField(f"{_WIN_DATA}image", "keyword", "Windows/Sysmon: process image path.", "C:\\Windows\\System32\\cmd.exe"),
    HuntField(f"{_WIN_DATA}commandLine", "keyword", "Windows/Sysmon: command line, exact text.", "whoami /all"),
    HuntField(
        f"{_WIN_DATA}parentImage", "keyword", "Windows/Sysmon: parent process image.", "C:\\Windows\\explorer.exe"
    ),
    HuntField(
        f"{_WIN_DATA}hashes", "keyword", "Sysmon: 'SHA1=…,MD5=…,SHA256=…' as one text (use prefix).", "SHA1=3f786850"
    ),
    HuntField(
        f"{_WIN_SYSTEM}eventID",
        "keyword",
        "Windows event id (4625 failed logon, 4688 process).",
        "4625",
        _digits("eventID"),
        _digit_prefix,
    ),
    HuntField(f"{_WIN_SYSTEM}channel", "keyword", "Windows event channel.", "Security"),
    HuntField(
        f"{_WIN_SYSTEM}providerName", "keyword", "Windows event provider.", "Microsoft-Windows-Security-Auditing"
    ),
    # Linux audit (auditd)
    HuntField(f"{_AUDIT}exe", "keyword", "audit: executable that made the call.", "/usr/bin/curl"),
    HuntField(f"{_AUDIT}command", "keyword", "audit: command name.", "curl"),
    HuntField(f"{_AUDIT}key", "keyword", "audit: the audit rule key that matched.", "audit-wazuh-c"),
    HuntField(f"{_AUDIT}success", "keyword", "audit: whether the call succeeded: yes or no.", "yes", _yes_no),
    # AWS: CloudTrail, VPC flow logs, GuardDuty (remote IPs per finding type), instance names.
    HuntField("data.aws.sourceIPAddress", "ip", "AWS CloudTrail: caller IP.", "198.51.100.4", None, _ip_prefix),
    HuntField("data.aws.srcaddr", "ip", "AWS VPC flow log: source address.", "10.0.1.5", ip_mapped=True),
    HuntField("data.aws.dstaddr", "ip", "AWS VPC flow log: destination address.", "10.0.1.9", ip_mapped=True),
    HuntField(
        f"{_GUARDDUTY}portProbeAction.portProbeDetails.remoteIpDetails.ipAddressV4",
        "ip",
        "AWS GuardDuty: remote IP of a port probe.",
        "198.51.100.7",
        None,
        _ip_prefix,
    ),
    HuntField(
        f"{_GUARDDUTY}awsApiCallAction.remoteIpDetails.ipAddressV4",
        "ip",
        "AWS GuardDuty: remote IP of an API call.",
        "198.51.100.8",
        None,
        _ip_prefix,
    ),
    HuntField(
        f"{_GUARDDUTY}networkConnectionAction.remoteIpDetails.ipAddressV4",
        "ip",
        "AWS GuardDuty: remote IP of a network connection.",
        "198.51.100.9",
        ip_mapped=True,
    ),
    HuntField(f"{_AWS_NIC}publicIp", "ip", "AWS GuardDuty: public IP of the instance.", "54.0.0.1", ip_mapped=True),
    HuntField(
        f"{_AWS_NIC}publicDnsName",
        "keyword",
        "AWS GuardDuty: public DNS name of the instance.",
        "ec2-54-0-0-1.compute-1.amazonaws.com",
    ),
    HuntField(
        f"{_AWS_NIC}privateDnsName",
        "keyword",
        "AWS GuardDuty: private DNS name of the instance.",
        "ip-10-0-0-1.ec2.internal",
    ),
    HuntField(
        "data.aws.resource.accessKeyDetails.userName",
        "keyword",
        "AWS GuardDuty: IAM user of the access key.",
        "ec2-user",
    ),
    # vulnerability-detector alerts (every version's alerts carry these)
    HuntField("data.vulnerability.cve", "keyword", "Vulnerability alert: CVE id.", "CVE-2024-3094", _cve),
    HuntField(
        "data.vulnerability.severity",
        "keyword",
        "Vulnerability alert: Low, Medium, High or Critical.",
        "High",
        _severity,
    ),
    HuntField("data.vulnerability.package.name", "keyword", "Vulnerability alert: affected package.", "openssl"),
    # file integrity monitoring
    HuntField("syscheck.path", "keyword", "File (or registry key) path of a FIM event.", "/etc/passwd"),
    HuntField("syscheck.event", "keyword", "FIM event: added, modified or deleted.", "modified", _fim_event),
    *_hash_fields("MD5", 32, "d41d8cd98f00b204e9800998ecf8427e"),
    *_hash_fields("SHA-1", 40, "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
    *_hash_fields("SHA-256", 64, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
)
FIELDS: dict[str, HuntField] = {f.name: f for f in _FIELD_LIST}
"""The hunt allowlist, in documentation order."""

FieldName = Literal[
    "@timestamp",
    "agent.id",
    "agent.name",
    "agent.ip",
    "manager.name",
    "rule.id",
    "rule.level",
    "rule.description",
    "rule.groups",
    "rule.mitre.id",
    "rule.mitre.tactic",
    "rule.mitre.technique",
    "decoder.name",
    "location",
    "data.srcip",
    "data.dstip",
    "data.dstport",
    "data.srcuser",
    "data.dstuser",
    "data.hostname",
    "data.url",
    "data.win.eventdata.ipAddress",
    "data.win.eventdata.targetUserName",
    "data.win.eventdata.subjectUserName",
    "data.win.eventdata.logonType",
    "data.win.eventdata.image",
    "data.win.eventdata.commandLine",
    "data.win.eventdata.parentImage",
    "data.win.eventdata.hashes",
    "data.win.system.eventID",
    "data.win.system.channel",
    "data.win.system.providerName",
    "data.audit.exe",
    "data.audit.command",
    "data.audit.key",
    "data.audit.success",
    "data.aws.sourceIPAddress",
    "data.aws.srcaddr",
    "data.aws.dstaddr",
    "data.aws.service.action.portProbeAction.portProbeDetails.remoteIpDetails.ipAddressV4",
    "data.aws.service.action.awsApiCallAction.remoteIpDetails.ipAddressV4",
    "data.aws.service.action.networkConnectionAction.remoteIpDetails.ipAddressV4",
    "data.aws.resource.instanceDetails.networkInterfaces.publicIp",
    "data.aws.resource.instanceDetails.networkInterfaces.publicDnsName",
    "data.aws.resource.instanceDetails.networkInterfaces.privateDnsName",
    "data.aws.resource.accessKeyDetails.userName",
    "data.vulnerability.cve",
    "data.vulnerability.severity",
    "data.vulnerability.package.name",
    "syscheck.path",
    "syscheck.event",
    "syscheck.md5_after",
    "syscheck.md5_before",
    "syscheck.sha1_after",
    "syscheck.sha1_before",
    "syscheck.sha256_after",
    "syscheck.sha256_before",
]
assert set(get_args(FieldName)) == set(FIELDS), "FieldName and FIELDS must list the same fields"

Scalar = str | int | float | bool
Value = str | int | float | bool | list[str | int | float]


def canonical_time(text: str) -> str:
    """An ISO-8601 time as ``YYYY-MM-DDTHH:MM:SS.mmmZ`` (UTC; a time without offset is taken as UTC)."""
    try:
        parsed = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"{text!r} is not an ISO-8601 time like '2024-05-01T10:00:00Z'") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        parsed = parsed.astimezone(UTC)
    except OverflowError:  # 9999-12-31T23:59:59-14:00 is in the year 10000 in UTC
        raise ValueError(f"{text!r} is outside the years 1970..9999 (in UTC)") from None
    if not 1970 <= parsed.year <= 9999:
        raise ValueError(f"{text!r} is outside the years 1970..9999")
    return parsed.strftime("%Y-%m-%dT%H:%M:%S.") + f"{parsed.microsecond // 1000:03d}Z"


def _scalar(spec: HuntField, value: Any) -> str | int:
    """One value of ``spec``'s type, normalised; ValueError names the rule it breaks."""
    if isinstance(value, list | dict):
        raise ValueError(f"{spec.name} takes a single value here, not a {type(value).__name__}")
    if isinstance(value, bool):
        raise ValueError(f"{spec.name} takes a {spec.type} value, not true/false (true is only for 'exists')")
    if spec.type == "long":
        return _long(spec, value)
    if isinstance(value, float):
        raise ValueError(f"{spec.name} takes a {'time' if spec.type == 'date' else 'text'} value, not a number")
    return _text(spec, value)


def _long(spec: HuntField, value: Any) -> int:
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError(f"{spec.name} is an integer field; {value!r} has a fraction")
        value = int(value)
    elif isinstance(value, str):
        if not re.fullmatch(r"-?[0-9]{1,19}", value.strip()):
            raise ValueError(f"{spec.name} is an integer field; {value[:40]!r} is not an integer")
        value = int(value.strip())
    if not -INT64 <= value <= INT64:
        raise ValueError(f"{spec.name} value {value} is out of range")
    if spec.minimum is not None and spec.maximum is not None and not spec.minimum <= value <= spec.maximum:
        raise ValueError(f"{spec.name} is between {spec.minimum} and {spec.maximum}; got {value}")
    return int(value)


def _text(spec: HuntField, value: Any) -> str:
    """A keyword, date or ip value (anything but a number field)."""
    text = str(value).strip()
    if not text:
        raise ValueError(f"{spec.name} values must not be empty")
    if len(text) > MAX_TEXT:
        raise ValueError(f"{spec.name} values are at most {MAX_TEXT} characters")
    if spec.type == "date":
        if not isinstance(value, str):
            raise ValueError(f"{spec.name} takes an ISO-8601 time like '2024-05-01T10:00:00Z'")
        return canonical_time(text)
    if spec.type == "ip":
        try:
            ipaddress.ip_address(text)
        except ValueError:
            raise ValueError(f"{spec.name} takes an IP address; {text[:40]!r} is not one") from None
        return text
    return spec.normalize(text) if spec.normalize else text


def check_value(field: str, op: str, value: Any) -> Any:
    """The normalised value for ``field op value``; ValueError with the rule when it is not allowed."""
    spec = FIELDS.get(field)
    if spec is None:
        raise ValueError(f"{field!r} is not a hunt field; use one of: {', '.join(FIELDS)}")
    if op not in get_args(Op):
        raise ValueError(f"{op!r} is not an operator; use one of: {', '.join(get_args(Op))}")
    if op not in spec.ops:
        if op in RANGE_OPS:
            kind = "range operators (gt/gte/lt/lte) apply only to number and time fields"
        elif spec.ip_mapped:
            kind = f"'{op}' does not apply to {field}: Wazuh maps it as an OpenSearch ip field"
        else:
            kind = f"'{op}' does not apply to {spec.type} fields"
        raise ValueError(f"{kind}; {field} takes {', '.join(spec.ops)}")
    if op == "exists":
        if value is not True:
            raise ValueError("'exists' takes the value true (put the clause in must_not for 'field is missing')")
        return True
    if op == "in":
        return _in_values(spec, value)
    if op == "prefix":
        return _prefix(spec, value)
    return _scalar(spec, value)


def _in_values(spec: HuntField, value: Any) -> list[Any]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_IN_VALUES:
        raise ValueError(f"'in' takes a list of 1..{MAX_IN_VALUES} values")
    normalized: list[Any] = []
    for item in value:
        one = _scalar(spec, item)
        if one not in normalized:
            normalized.append(one)
    return normalized


def _prefix(spec: HuntField, value: Any) -> str:
    if not isinstance(value, str) or len(value.strip()) < MIN_PREFIX:
        raise ValueError(f"'prefix' takes text of at least {MIN_PREFIX} characters")
    text = value.strip()
    if len(text) > MAX_TEXT:
        raise ValueError(f"'prefix' text is at most {MAX_TEXT} characters")
    return spec.normalize_prefix(text) if spec.normalize_prefix else text


class HuntClause(BaseModel):
    """One condition: ``field`` (from the allowlist) ``op`` ``value``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    field: FieldName = Field(
        description="Alert field from the hunt allowlist; hunt_fields lists each field's type and operators."
    )
    op: Op = Field(
        description="eq, ne, in, exists, prefix on any field; gt/gte/lt/lte only on number "
        "and time fields (rule.level, @timestamp)."
    )
    value: Value = Field(
        description="A single value for eq/ne/gt/gte/lt/lte; a list of 1..100 values for "
        "in; true for exists; text of 3+ characters for prefix. Times are "
        "ISO-8601, e.g. '2024-05-01T10:00:00Z'."
    )

    @model_validator(mode="after")
    def _value_fits(self) -> HuntClause:
        check_value(self.field, self.op, self.value)
        return self


def _fragment(clause: HuntClause) -> dict[str, Any]:
    """The DSL fragment for one clause, positive sense (``ne`` is emitted as ``eq`` under must_not)."""
    value = check_value(clause.field, clause.op, clause.value)
    field = FIELDS[clause.field].name  # the allowlist's own string, never the caller's
    if clause.op in ("eq", "ne"):
        return {"term": {field: value}}
    if clause.op == "in":
        return {"terms": {field: value}}
    if clause.op == "exists":
        return {"exists": {"field": field}}
    if clause.op == "prefix":
        return {"prefix": {field: value}}
    return {"range": {field: {clause.op: value}}}


def check_clause_counts(must: Sequence[HuntClause], must_not: Sequence[HuntClause]) -> None:
    """The grammar's limits across both lists; ``invalid_argument`` naming the rule."""
    if not must:
        raise InvalidArgument(
            "hunt_query needs at least one clause in must (must_not alone would match almost everything)."
        )
    if len(must) + len(must_not) > MAX_CLAUSES:
        raise InvalidArgument(
            f"hunt_query takes at most {MAX_CLAUSES} clauses in must and must_not together; "
            f"got {len(must) + len(must_not)}."
        )
    for index, clause in enumerate(must_not):
        if clause.op == "ne":
            raise InvalidArgument(
                f"must_not.{index}: 'ne' inside must_not is a double negative; "
                f"write it as {{field: {clause.field!r}, op: 'eq'}} in must."
            )


def build_query(
    must: Sequence[HuntClause], must_not: Sequence[HuntClause] = (), *, filters: Sequence[dict[str, Any]] = ()
) -> dict[str, Any]:
    """One ``bool`` with ``filter`` (``filters`` — e.g. the time window — then ``must``) and ``must_not``."""
    check_clause_counts(must, must_not)
    positive: list[dict[str, Any]] = list(filters)
    negative: list[dict[str, Any]] = []
    for clause in must:
        (negative if clause.op == "ne" else positive).append(_fragment(clause))
    negative.extend(_fragment(clause) for clause in must_not)
    query: dict[str, Any] = {"filter": positive}
    if negative:
        query["must_not"] = negative
    return {"bool": query}
