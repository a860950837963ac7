"""What an alert's event says (``data.*``), per decoder family, bounded; and the whole document for get_alert.

Wazuh decoders and integrations write the event under ``data``: ``data.vulnerability`` (the
vulnerability detector: ``cvss.cvss2/cvss3`` before 4.8, ``score.base`` and ``status`` from 4.8),
``data.win`` (Windows event channel), ``data.audit`` (Linux audit), ``data.aws`` (GuardDuty,
CloudTrail, …), ``data.sca`` and ``data.cis`` (configuration assessment), the web access-log decoder's
``protocol``/``id``/``url``, and the integrations (``osquery``, ``office365``, ``github``, ``docker``,
``gcp``, ``ms-graph``, Azure). A family lists the fields an analyst reads first; a field given as
alternatives shows the first one present, under its own path (so it can be hunted as ``data.<key>``).
Anything else gets the first scalars under ``data`` until the byte budget is spent.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from wazuh_mcp.tools._json_text import encoder
from wazuh_mcp.untrusted import ELLIPSIS, bound, clean

Scalar = str | int | float | bool
EventValue = Scalar | list[Scalar]

GENERIC_BUDGET = 420
"""Bytes of event fields (each counted with its whole path and JSON value) of a listed alert of no known
family; each ``Family`` has its own ``budget``."""
TIGHT_GENERIC_BUDGET = 160
COLUMNS_MAX = 8
"""Fields a ``path.*`` entry (osquery's result columns) shows at most."""
EVENT_VALUE_LIMIT = 160
"""Characters of one event value in a listed alert."""
LIST_ITEMS = 5
"""Values of one multi-valued field in a listed alert."""
KEY_LIMIT = 120

COMPLIANCE = ("pci_dss", "gdpr", "hipaa", "nist_800_53", "tsc")
"""Compliance tags a Wazuh rule carries (``rule.<tag>``), in the order shown."""
_TAGS_PER_FRAMEWORK = 8

# The fields the compact alert already shows at its top level (src_ip, dst_user, url…).
TOP_LEVEL = frozenset({"srcip", "srcport", "dstip", "dstport", "srcuser", "dstuser", "hostname", "url"})
_WIN_EVENT_ID = "win.system.eventID"
_VD_TITLE = "vulnerability.title"

Field = tuple[str, ...]
"""Alternative paths below ``data`` for one field; the first present is shown."""


@dataclass(frozen=True)
class Family:
    name: str
    matches: Callable[[dict[str, Any]], bool]
    fields: tuple[Field, ...]
    limits: dict[str, int] = dc_field(default_factory=dict)
    """Shorter limits for long free text (path → characters) in a listed alert."""
    budget: int = 420
    """Bytes of event fields this family's alerts show in a list: sized so a page of them fits whole."""
    tight: int | None = None
    """What an alert of the family keeps on a page that is over the page budget (default: half)."""

    @property
    def tight_budget(self) -> int:
        return self.tight if self.tight is not None else self.budget // 2


def _has(key: str) -> Callable[[dict[str, Any]], bool]:
    return lambda data: key in data


def _web(data: dict[str, Any]) -> bool:
    return "url" in data and ("protocol" in data or "id" in data)


_AWS_ACTION = "aws.service.action."
_GD_REMOTE = "remoteIpDetails.ipAddressV4"
AWS_REMOTE_IP = (
    "aws.sourceIPAddress",  # CloudTrail
    _AWS_ACTION + "portProbeAction.portProbeDetails." + _GD_REMOTE,  # GuardDuty findings by action type
    _AWS_ACTION + "awsApiCallAction." + _GD_REMOTE,
    _AWS_ACTION + "networkConnectionAction." + _GD_REMOTE,
    "aws.source_ip_address",
)
"""Where AWS events keep the remote address; the compact alert shows the first as ``src_ip``."""

FAMILIES: tuple[Family, ...] = (
    Family(
        "vulnerability-detector",
        _has("vulnerability"),
        (
            ("vulnerability.cve",),
            ("vulnerability.severity",),
            ("vulnerability.package.name",),
            ("vulnerability.score.base", "vulnerability.cvss.cvss3.base_score", "vulnerability.cvss.cvss2.base_score"),
            ("vulnerability.package.version",),
            ("vulnerability.package.condition",),
            ("vulnerability.status", "vulnerability.state"),
            ("vulnerability.title",),
        ),
        # Before 4.8 the title is often the CVE's whole description; get_alert has all of it.
        {"vulnerability.title": 60, "vulnerability.package.condition": 80},
        budget=520,
    ),
    Family(
        "windows-eventchannel",
        _has("win"),
        (
            ("win.eventdata.logonType",),
            ("win.eventdata.image", "win.eventdata.newProcessName", "win.eventdata.processName"),
            ("win.eventdata.commandLine",),
            ("win.eventdata.status",),
            ("win.eventdata.subStatus",),
            ("win.system.channel",),
            ("win.system.providerName",),
            ("win.eventdata.parentImage", "win.eventdata.parentProcessName"),
            ("win.eventdata.subjectUserName",),
            ("win.eventdata.targetUserName",),
            ("win.eventdata.user",),  # Sysmon: DOMAIN\\user that ran the process
            ("win.eventdata.ipAddress",),
            ("win.eventdata.hashes",),
            ("win.system.computer",),
        ),
        {"win.eventdata.commandLine": 120},
        budget=520,
        tight=140,  # a page of 25 logons: who, where and the event id are at the alert's top level
    ),
    Family(
        "windows",  # the legacy event log decoder: the computer is data.system_name, the event id data.id
        _has("system_name"),
        (("id",), ("status",), ("type",), ("extra_data",), ("system_name",)),
        {"extra_data": 80},
    ),
    Family(
        "audit",
        _has("audit"),
        (
            ("audit.exe",),
            ("audit.command",),
            ("audit.success",),
            ("audit.auid",),
            ("audit.euid",),
            ("audit.uid",),
            ("audit.key",),
            ("audit.cwd",),
            ("audit.file.name",),
            ("audit.type",),
        ),
    ),
    Family(
        "aws",
        _has("aws"),
        (
            ("aws.source",),
            ("aws.type",),
            ("aws.eventName", _AWS_ACTION + "awsApiCallAction.api"),
            ("aws.userIdentity.userName", "aws.userIdentity.arn", "aws.resource.accessKeyDetails.userName"),
            ("aws.resource.instanceDetails.instanceId",),
            ("aws.severity",),
            ("aws.eventSource", "aws.service.serviceName"),
            AWS_REMOTE_IP,
            ("aws.region", "aws.awsRegion"),
            ("aws.accountId", "aws.recipientAccountId", "aws.aws_account_id"),
            ("aws.errorCode",),
        ),
    ),
    Family(
        "sca",
        _has("sca"),
        (
            ("sca.check.title",),
            ("sca.check.result",),
            ("sca.check.id",),
            ("sca.policy",),
            ("sca.type",),
            ("sca.check.previous_result",),
            ("sca.check.file", "sca.check.command", "sca.check.registry"),
            ("sca.passed",),
            ("sca.failed",),
            ("sca.score",),
        ),
        {"sca.check.title": 100, "sca.policy": 80},
    ),
    Family(
        "ciscat",
        _has("cis"),
        (
            ("cis.benchmark",),
            ("cis.group",),
            ("cis.rule_title",),
            ("cis.result",),
            ("cis.pass",),
            ("cis.fail",),
            ("cis.score",),
        ),
    ),
    Family(
        "openscap",
        _has("oscap"),
        (
            ("oscap.check.title",),
            ("oscap.check.result",),
            ("oscap.check.severity",),
            ("oscap.scan.profile.title", "oscap.scan.profile.id"),
            ("oscap.check.id",),
            ("oscap.scan.score",),
            ("oscap.scan.content",),
        ),
        # the check's description, rationale and references run to kilobytes: get_alert has them
        {"oscap.check.title": 100, "oscap.scan.profile.title": 60, "oscap.check.id": 90},
    ),
    Family(
        "osquery",
        _has("osquery"),
        (("osquery.name",), ("osquery.pack",), ("osquery.action",), ("osquery.columns.*",)),
        {"osquery.columns.*": 60},
        budget=560,
    ),
    Family(
        "office365",
        _has("office365"),
        (
            ("office365.Operation",),
            ("office365.UserId",),
            ("office365.ClientIP", "office365.ActorIpAddress", "office365.ClientIPAddress"),
            ("office365.ResultStatus",),
            ("office365.Workload",),
            ("office365.ObjectId",),
        ),
        {"office365.ObjectId": 80},
    ),
    Family(
        "github",
        _has("github"),
        (
            ("github.action",),
            ("github.actor",),
            ("github.user",),
            ("github.org",),
            ("github.repo", "github.repository"),
            ("github.team",),
            ("github.actor_location.country_code",),
        ),
    ),
    Family(
        "docker",
        _has("docker"),
        (
            ("docker.Action", "docker.status"),
            ("docker.Type",),
            ("docker.Actor.Attributes.name",),
            ("docker.Actor.Attributes.image", "docker.from"),
            ("docker.id",),  # an image name; the 64-hex Actor.ID is in get_alert
        ),
    ),
    Family(
        "gcp",
        _has("gcp"),
        (
            ("gcp.resource.type",),
            ("gcp.severity",),
            ("gcp.protoPayload.methodName",),
            ("gcp.protoPayload.authenticationInfo.principalEmail",),
            ("gcp.jsonPayload.queryName",),
            ("gcp.jsonPayload.sourceIP",),
            ("gcp.jsonPayload.vmInstanceName",),
            ("gcp.resource.labels.project_id",),
        ),
    ),
    Family(
        "ms-graph",
        _has("ms-graph"),
        (
            ("ms-graph.title",),
            ("ms-graph.displayName",),
            ("ms-graph.activity",),
            ("ms-graph.riskLevel",),
            ("ms-graph.severity",),
            ("ms-graph.userPrincipalName", "ms-graph.userId"),
            ("ms-graph.ipAddress",),
            ("ms-graph.category",),
            ("ms-graph.status",),
        ),
        {"ms-graph.title": 80, "ms-graph.displayName": 80},
    ),
    Family(
        "virustotal",
        _has("virustotal"),
        (
            ("virustotal.source.file",),
            ("virustotal.positives",),
            ("virustotal.total",),
            ("virustotal.malicious",),
            ("virustotal.source.md5",),
            ("virustotal.source.sha1",),
            ("virustotal.found",),
            ("virustotal.permalink",),
        ),
        {"virustotal.permalink": 100},
    ),
    Family(
        "yara",
        _has("YARA"),
        (
            ("YARA.rule_name",),
            ("YARA.scanned_file",),
            ("YARA.rule_description",),
            ("YARA.tags",),
            ("YARA.log_type",),
        ),
        {"YARA.rule_description": 80},
    ),
    Family(
        "azure",
        lambda data: "azure_tag" in data or "azureSignInStatus" in data,
        (
            ("azure_tag",),
            ("OperationName", "operationName", "activityDisplayName"),
            ("Category", "category"),
            ("ResultType", "resultType", "result"),
            ("CallerIpAddress", "callerIpAddress", "ipAddress"),
            ("Caller", "identity", "userPrincipalName"),
            ("azureSignInStatus.errorCode",),
            ("azureSignInStatus.failureReason",),
        ),
    ),
    Family("web-accesslog", _web, (("protocol",), ("id",))),
)


def family_of(data: dict[str, Any]) -> Family | None:
    return next((f for f in FAMILIES if f.matches(data)), None)


@functools.lru_cache(maxsize=4096)
def dotted_parts(path: str) -> tuple[str, ...]:
    """``path`` split at its dots, once per path (bounded: event paths come from documents)."""
    return tuple(path.split("."))


def values_at(node: Any, path: str) -> list[Any]:
    """Every scalar at ``path`` below ``node``, descending into lists (Wazuh keeps arrays of objects)."""
    parts = dotted_parts(path)
    value = node
    for depth, part in enumerate(parts):  # the usual document: objects all the way down
        if isinstance(value, dict):
            if part not in value:
                return []
            value = value[part]
        elif isinstance(value, list):
            return _values_below([value], parts[depth:])
        else:
            return []
    if isinstance(value, list):
        return [one for one in value if one is not None and not isinstance(one, dict | list) and one != ""]
    return [] if value is None or isinstance(value, dict) or value == "" else [value]


def _values_below(current: list[Any], parts: tuple[str, ...]) -> list[Any]:
    for part in parts:
        nxt: list[Any] = []
        for item in current:
            for one in item if isinstance(item, list) else [item]:
                if isinstance(one, dict) and part in one:
                    nxt.append(one[part])
        current = nxt
    found: list[Any] = []
    for item in current:
        for one in item if isinstance(item, list) else [item]:
            if one is not None and not isinstance(one, dict | list) and one != "":
                found.append(one)
    return found


def shown_value(values: list[Any], limit: int, items: int) -> EventValue | None:
    """One field for a result: scalars keep their JSON type, text is bounded, lists are cut."""
    shown: list[Scalar] = []
    for value in values[:items]:
        if isinstance(value, bool | int | float):
            shown.append(value)
        else:
            text = bound(str(value), limit)
            if text:
                shown.append(text)
    if len(values) > items:
        shown.append(f"+{len(values) - items} more")
    if not shown:
        return None
    return shown[0] if len(shown) == 1 and len(values) == 1 else shown


_ENCODER = encoder(compact=False)
"""``json.dumps(value, ensure_ascii=False)``."""


def _cost(key: str, value: Any) -> int:
    return len(key) + len(_ENCODER(value)) + 4


def _scalar_paths(node: Any, prefix: str = "") -> Iterator[str]:
    """Dotted paths of the scalar (or scalar-list) leaves below ``node``, in document order."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _scalar_paths(value, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(node, list):
        if any(not isinstance(v, dict | list) for v in node):
            yield prefix
        seen: set[str] = set()
        for value in node:
            if isinstance(value, dict | list):
                for path in _scalar_paths(value, prefix):
                    if path not in seen:
                        seen.add(path)
                        yield path
    elif node is not None and node != "" and prefix:
        yield prefix


def _put(tree: dict[str, Any], path: str, value: EventValue) -> None:
    """``tree`` with ``value`` at dotted ``path`` (nested, as in the document: shared prefixes cost once)."""
    *parents, leaf = path.split(".")
    node = tree
    for part in parents:
        child = node.get(part)
        if not isinstance(child, dict):
            child = node[part] = {}
        node = child
    node[leaf] = value


_DISTINCT_TEXT = 8
"""Shorter values ("0", "ssh", "yes") repeat across fields by coincidence (uid and euid both "0"): kept."""


def _family_paths(data: dict[str, Any], family: Family) -> Iterator[str]:
    """The family's fields present in ``data``: the first of each alternative, ``x.*`` as x's scalar leaves."""
    for alternatives in family.fields:
        if len(alternatives) == 1 and alternatives[0].endswith(".*"):
            node: Any = data
            for part in alternatives[0][:-2].split("."):
                node = node.get(part) if isinstance(node, dict) else None
            yield from sorted(_scalar_paths(node, alternatives[0][:-2]))[:COLUMNS_MAX] if isinstance(node, dict) else ()
        else:
            yield _first_present(data, alternatives)


def event_fields(
    data: Any, *, shown: set[str | None], tight: bool = False, memo: dict[Any, Any] | None = None
) -> tuple[dict[str, Any], bool]:
    """The event of a listed alert, nested as under ``data``: the family's fields, else the first scalars.
    Also whether fields were left out for the ``budget`` (bytes, counting each field's whole path).

    ``shown`` holds text the alert already shows (src_ip, users, the rule description), so the
    fields that carry it (the Windows ipAddress, a 4.8+ vulnerability title) are not repeated.
    ``memo``: the same dict for every reading of one ``data`` (full, tight, beside another description),
    which then reads each field once: what a field shows depends on neither.
    """
    if not isinstance(data, dict) or not data:
        return {}, False
    memo = {} if memo is None else memo
    if None not in memo:
        family = family_of(data)
        # Sorted, not document order: engines may return ``_source`` keys in another order (osmem does),
        # and which fields fit the budget must not depend on the engine.
        memo[None] = family, tuple(_family_paths(data, family) if family is not None else sorted(_scalar_paths(data)))
    family, paths = memo[None]
    if family is None:
        left = TIGHT_GENERIC_BUDGET if tight else GENERIC_BUDGET
    else:
        left = family.tight_budget if tight else family.budget
    result: dict[str, Any] = {}
    taken: set[str] = set()
    shown = set(shown)
    cut = False
    for path in paths:
        if not path or path in TOP_LEVEL or path == _WIN_EVENT_ID or path in taken:
            continue
        field = memo.get(path)
        if field is None:
            field = memo[path] = _event_field(data, family, path)
        value, column, key, cost = field
        if value is None or (isinstance(value, str) and value in shown and not column):
            continue  # a result row's columns are each their own fact, even when two hold the same value
        if path == _VD_TITLE and str(value).startswith(str(result.get("vulnerability", {}).get("cve", "\0"))):
            continue  # "CVE-… affects pkg" / "CVE-… on Ubuntu 16.04": nothing the other fields don't say
        if cost > left:
            cut = True
            if family is None:
                break
            continue
        taken.add(path)
        if isinstance(value, str) and len(value) >= _DISTINCT_TEXT and not column:
            shown.add(value)  # the same text under a second path (aws.source, aws.service.serviceName) once
        _put(result, key, value)
        left -= cost
    return result, cut


def _event_field(data: dict[str, Any], family: Family | None, path: str) -> tuple[Any, bool, str, int]:
    """A field of the event as a listed alert shows it: its value (None: nothing to show), whether it is a
    result column (``path.*``), its key, and what it costs of the event's budget."""
    limit, column, key = _path_facts(family, path)
    value = shown_value(values_at(data, path), limit, LIST_ITEMS)
    if value is None:
        return None, column, "", 0
    return value, column, key, _cost(key, value)


_PATH_FACTS: dict[tuple[str | None, str], tuple[int, bool, str]] = {}
_PATH_FACTS_MAX = 4096
"""What ``_path_facts`` worked out per family and path: a family's paths repeat on every alert of it; paths
from documents are bounded in number here (crafted ones cost at most a few MB)."""


def _path_facts(family: Family | None, path: str) -> tuple[int, bool, str]:
    """A path's value limit, whether it is a result column (``path.*``) and its key as shown."""
    cache_key = (family.name if family is not None else None, path)
    found = _PATH_FACTS.get(cache_key)
    if found is None:
        column = family is not None and f"{path.rsplit('.', 1)[0]}.*" in family.limits
        found = (_limit(family, path), column, bound(path, KEY_LIMIT) or "?")
        if len(path) <= KEY_LIMIT * 4:
            if len(_PATH_FACTS) >= _PATH_FACTS_MAX:
                _PATH_FACTS.clear()
            _PATH_FACTS[cache_key] = found
    return found


def _limit(family: Family | None, path: str) -> int:
    if family is None:
        return EVENT_VALUE_LIMIT
    if path in family.limits:
        return family.limits[path]
    parent = path.rsplit(".", 1)[0] + ".*"
    return family.limits.get(parent, EVENT_VALUE_LIMIT)


def _first_present(data: dict[str, Any], alternatives: Field) -> str:
    return next((path for path in alternatives if values_at(data, path)), "")


def compliance_tags(source: dict[str, Any]) -> dict[str, list[str]]:
    """``rule.pci_dss``, ``gdpr``, ``hipaa``, ``nist_800_53`` and ``tsc``, each a short list."""
    rule = source.get("rule")
    if not isinstance(rule, dict):
        return {}
    result: dict[str, list[str]] = {}
    for tag in COMPLIANCE:
        values = values_at(rule, tag)
        shown = [b for b in (bound(str(v), 40) for v in values[:_TAGS_PER_FRAMEWORK]) if b]
        if shown:
            result[tag] = shown
    return result


# --- the whole document, for get_alert ------------------------------------------------------------------

DOCUMENT_BUDGET = 24_000
"""Bytes of the document get_alert returns (keys and JSON values)."""
DOCUMENT_VALUE_LIMIT = 2_000
DOCUMENT_LIST_ITEMS = 50
CUT_NAMES_MAX = 40


@dataclass
class Document:
    """The alert document as stored (nested), value for value: strings keep their line breaks, tabs and
    blanks; control and format characters are removed, long strings and lists cut, fields past the budget
    left out, and each of those changes named in ``cut``."""

    fields: dict[str, Any]
    cut: list[str]
    """Paths changed: shortened (…), left out, or ``<path>: control characters removed``; at most
    ``CUT_NAMES_MAX`` of them."""
    cut_count: int = 0
    left: int = DOCUMENT_BUDGET

    def note(self, path: str, why: str = "") -> None:
        self.cut_count += 1
        if len(self.cut) < CUT_NAMES_MAX:
            self.cut.append((bound(path, KEY_LIMIT) or "?") + why)


CLEANED = ": control characters removed"


def whole_document(source: dict[str, Any]) -> Document:
    doc = Document({}, [])
    doc.fields = _copy_object(source, "", doc)
    return doc


def _copy_object(node: dict[str, Any], prefix: str, doc: Document) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for raw_key, value in node.items():
        key = clean(str(raw_key))[:KEY_LIMIT] or "?"
        path = f"{prefix}.{key}" if prefix else key
        if key != raw_key:
            doc.note(path, CLEANED if len(str(raw_key)) <= KEY_LIMIT else "")
        if doc.left <= len(key) + 8:
            doc.note(path)
            continue
        doc.left -= len(key) + 4
        result[key] = _copy_value(value, path, doc)
    return result


def _copy_value(value: Any, path: str, doc: Document) -> Any:
    if isinstance(value, dict):
        return _copy_object(value, path, doc)
    if isinstance(value, list):
        items = [_copy_value(item, path, doc) for item in value[:DOCUMENT_LIST_ITEMS]]
        if len(value) > DOCUMENT_LIST_ITEMS:
            doc.note(path)
        return items
    if value is None or isinstance(value, bool | int | float):
        doc.left -= len(json.dumps(value))
        return value
    return _copy_text(str(value), path, doc)


def _copy_text(value: str, path: str, doc: Document) -> str | None:
    limit = min(DOCUMENT_VALUE_LIMIT, max(doc.left - 2, 0))
    head = value[: limit * 4 + 64]  # a megabyte field costs a bounded amount of work
    text = clean(head, keep_newlines=True)
    if text != head:
        doc.note(path, CLEANED)
    if len(text) > limit or len(head) < len(value):
        text = text[: max(limit - 1, 0)] + ELLIPSIS
        doc.note(path)
    doc.left -= len(json.dumps(text, ensure_ascii=False))
    return text
