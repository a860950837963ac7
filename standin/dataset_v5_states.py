"""The built-in 5.x dataset's agent states: inventory, FIM and SCA, as Wazuh 5.x's state indices hold them.

The same hosts as the 4.x demo, told in 5.x's documents (``standin.dataset_v5`` does the findings and the
vulnerabilities). For each agent the stand-in fleet holds syscollector data for:

- **inventory** (``wazuh-states-inventory-<kind>``): the fleet's syscollector tables, what the 4.x demo's
  ``/syscollector/{agent}/*`` answers, in the Wazuh Common Schema names of the 5.x templates: processes,
  packages, ports, and what 5.x adds to the API's view (services, users, groups, interfaces, networks,
  protocols, hotfixes, browser extensions, system, hardware). The shapes follow the items real 5.0 agents sync
  (``../shared/reference/wazuh5/samples/agent-sync-dumps/syscollector_sync_*``): lists where WCS keeps one
  (``host.mac``, ``network.ip``, ``user.groups``), booleans for wazuh-db's 0/1, nothing for its ``" "``;
- **FIM** (``wazuh-states-fim-files``, ``-registry-keys``, ``-registry-values``): the 4.x demo's FIM database
  (``standin.api_syscheck.fim_database``: the monitored files, and on Windows the Run key and its values)
  with each path's FIM findings applied in time order, so the state ends where the findings leave it: a file
  added or modified is there with the hashes, size and owner after the change; one deleted is gone;
- **SCA** (``wazuh-states-sca``): the 4.x demo's assessment (``standin.api_sca.assessment``: one CIS policy
  per OS, the same checks and results), one document per check with its policy beside it, results spelled as
  real 5.0 agents send them (``Passed``, ``Failed``, ``Not applicable``: ``agent-sync-dumps/sca_full_*``).

Each document carries the agent (``wazuh.agent.*``), the cluster, the WCS version and a SHA-1 checksum, as the
manager indexes them. Pure functions of the fleet and the 4.x alerts: the same run answers the same.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from typing import Any

Doc = dict[str, Any]
Row = dict[str, Any]


def _v(value: Any) -> Any:
    """wazuh-db's placeholders (``" "``, ``""``) as nothing."""
    return None if isinstance(value, str) and not value.strip() else value


def _listed(value: Any) -> list[Any] | None:
    """One value as WCS's one-element list; wazuh-db's comma-separated names as a list."""
    value = _v(value)
    if value is None:
        return None
    if isinstance(value, str) and "," in value:
        return [part.strip() for part in value.split(",") if part.strip()]
    return [value]


def _bool(value: Any) -> bool | None:
    """wazuh-db's 0/1 as WCS's boolean."""
    value = _v(value)
    return None if value is None else bool(value)


def _iso(text: Any) -> str | None:
    """A time as the 5.x samples write it: ``2026-01-12T09:30:00.000Z``."""
    text = _v(text)
    if text is None:
        return None
    when = datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    when = when if when.tzinfo else when.replace(tzinfo=UTC)
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def _get(row: Row, *path: str) -> Any:
    node: Any = row
    for part in path:
        node = node.get(part) if isinstance(node, dict) else None
    return _v(node)


# --- inventory: the fleet's syscollector rows in WCS names -------------------------------------------


def _process(row: Row) -> Doc:
    process = {
        "pid": int(row["pid"]),
        "parent": {"pid": int(row.get("ppid") or 0)},
        "name": row.get("name"),
        "command_line": row.get("cmd"),
        "args": row.get("argvs") or None,
        "state": row.get("state"),
        "stime": row.get("stime"),
        "utime": row.get("utime"),
    }
    if row.get("start_time"):
        process["start"] = datetime.fromtimestamp(int(row["start_time"]), UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {"process": process}


def _package(row: Row) -> Doc:
    return {
        "package": {
            "name": row.get("name"),
            "version": row.get("version"),
            "vendor": row.get("vendor"),
            "architecture": row.get("architecture"),
            "type": row.get("format"),
            "description": row.get("description"),
            "size": row.get("size"),
            "category": row.get("section"),
            "priority": row.get("priority"),
            "installed": row.get("install_time") or None,
            "path": row.get("location") or None,
        }
    }


def _port(row: Row) -> Doc:
    local, remote = row.get("local") or {}, row.get("remote") or {}
    return {
        "source": {"ip": local.get("ip"), "port": local.get("port")},
        "destination": {"ip": remote.get("ip"), "port": remote.get("port")},
        "network": {"transport": row.get("protocol")},
        "interface": {"state": row.get("state")},
        "process": {"name": row.get("process"), "pid": row.get("pid")},
        "file": {"inode": str(row["inode"]) if row.get("inode") is not None else None},
        "host": {"network": {"egress": {"queue": row.get("tx_queue")}, "ingress": {"queue": row.get("rx_queue")}}},
    }


def _service(row: Row) -> Doc:
    service = {
        key: _get(row, "service", key)
        for key in ("id", "name", "description", "state", "sub_state", "enabled", "start_type", "type")
    }
    service |= {
        "exit_code": _get(row, "service", "exit_code"),
        "win32_exit_code": _get(row, "service", "win32_exit_code"),
    }
    process = {
        "pid": _get(row, "process", "pid"),
        "executable": _get(row, "process", "executable"),
        "user": {"name": _get(row, "process", "user_name")},
    }
    return {"service": service, "process": process}


def _user(row: Row) -> Doc:
    user = {key: _get(row, "user", key) for key in ("full_name", "home", "name", "shell", "type", "uid_signed", "uuid")}
    uid = _get(row, "user", "id")
    user |= {
        "id": None if uid is None else str(uid),
        "group": {"id": _get(row, "user", "group_id"), "id_signed": _get(row, "user", "group_id_signed")},
        "groups": _listed(_get(row, "user", "groups")),
        "is_hidden": _bool(_get(row, "user", "is_hidden")),
        "is_remote": _bool(_get(row, "user", "is_remote")),
        "auth_failures": {"count": _get(row, "user", "auth_failed_count")},
        "password": {"status": _get(row, "user", "password_status")},
    }
    login = {
        "status": _bool(_get(row, "login", "status")),
        "tty": _get(row, "login", "tty"),
        "type": _get(row, "login", "type"),
    }
    return {
        "user": user,
        "login": login,
        "host": {"ip": _listed(row.get("host_ip"))},
        "process": {"pid": row.get("process_pid")},
    }


def _group(row: Row) -> Doc:
    group = {key: _get(row, "group", key) for key in ("description", "id", "id_signed", "name", "uuid")}
    group |= {"is_hidden": _bool(_get(row, "group", "is_hidden")), "users": _listed(_get(row, "group", "users"))}
    return {"group": group}


def _interface(row: Row) -> Doc:
    counters = {"bytes": "bytes", "packets": "packets", "errors": "errors", "dropped": "drops"}
    traffic = {
        wcs: {name: _get(row, api, field) for field, name in counters.items()}
        for api, wcs in (("tx", "egress"), ("rx", "ingress"))
    }
    interface = {key: _v(row.get(key)) for key in ("name", "type", "state", "mtu")} | {"alias": _v(row.get("adapter"))}
    return {"interface": interface, "host": {"mac": _listed(row.get("mac")), "network": traffic}}


def _network(row: Row) -> Doc:
    network = {"type": _v(row.get("proto"))} | {
        wcs: _listed(row.get(api))
        for api, wcs in (("address", "ip"), ("netmask", "netmask"), ("broadcast", "broadcast"))
    }
    return {"interface": {"name": _v(row.get("iface"))}, "network": network}


def _protocol(row: Row) -> Doc:
    dhcp = _v(row.get("dhcp"))
    network = {
        "type": _v(row.get("type")),
        "gateway": _listed(row.get("gateway")),
        "dhcp": None if dhcp is None else dhcp == "enabled",
        "metric": _v(row.get("metric")),
    }
    return {"interface": {"name": _v(row.get("iface"))}, "network": network}


def _hotfix(row: Row) -> Doc:
    return {"package": {"hotfix": {"name": _v(row.get("hotfix"))}}}


def _extension(row: Row) -> Doc:
    browser = {
        "name": _get(row, "browser", "name"),
        "profile": {
            "name": _get(row, "browser", "profile_name"),
            "path": _get(row, "browser", "profile_path"),
            "referenced": _bool(_get(row, "browser", "profile_referenced")),
        },
    }
    package = {key: _get(row, "package", key) for key in ("id", "name", "version", "vendor", "description", "path")}
    package |= {
        key: _bool(_get(row, "package", key)) for key in ("enabled", "from_webstore", "autoupdate", "persistent")
    }
    return {"browser": browser, "package": package}


def _system(row: Row, os_type: str | None) -> Doc:
    os_info = {
        key: _get(row, "os", key) for key in ("name", "version", "platform", "major", "minor", "codename", "build")
    }
    os_info |= {
        "type": os_type,
        "kernel": {
            "name": _v(row.get("sysname")),
            "release": _v(row.get("release")),
            "version": _v(row.get("version")),
        },
    }
    return {"host": {"hostname": _v(row.get("hostname")), "architecture": _v(row.get("architecture")), "os": os_info}}


def _hardware(row: Row) -> Doc:
    total, free, usage = _get(row, "ram", "total"), _get(row, "ram", "free"), _get(row, "ram", "usage")
    memory = {
        "total": total,
        "free": free,
        "used": total - free if isinstance(total, int) and isinstance(free, int) else None,
        "usage": round(usage / 100, 2) if isinstance(usage, int | float) else None,  # WCS: between 0 and 1
    }
    mhz = _get(row, "cpu", "mhz")
    cpu = {"name": _get(row, "cpu", "name"), "cores": _get(row, "cpu", "cores")}
    cpu["speed"] = round(mhz) if isinstance(mhz, int | float) else None
    return {"host": {"cpu": cpu, "memory": memory, "serial_number": _v(row.get("board_serial"))}}


INVENTORY: dict[str, tuple[str, Callable[[Row], Doc]]] = {
    "processes": ("processes", _process),
    "packages": ("packages", _package),
    "ports": ("ports", _port),
    "services": ("services", _service),
    "users": ("users", _user),
    "groups": ("groups", _group),
    "netiface": ("interfaces", _interface),
    "netaddr": ("networks", _network),
    "netproto": ("protocols", _protocol),
    "hotfixes": ("hotfixes", _hotfix),
    "browser_extensions": ("browser-extensions", _extension),
    "hardware": ("hardware", _hardware),
}
"""Fleet table (the 4.x API's syscollector name) -> (its 5.x ``wazuh-states-inventory-<kind>``, the row's
translation). ``os`` is ``system`` (``_system``: it needs the agent's OS type)."""
INVENTORY_KINDS = (*(kind for kind, _ in INVENTORY.values()), "system")
"""Every inventory kind the built-in 5.x states hold."""


def _scanned(tables: dict[str, list[Row]]) -> str | None:
    """When syscollector last scanned the agent (the OS table's scan; the network tables carry none)."""
    return _iso(_get((tables.get("os") or [{}])[0], "scan", "time"))


def inventory_of(agent: Row, tables: dict[str, list[Row]]) -> Iterator[tuple[str, Doc, str | None]]:
    """The agent's syscollector tables as (``inventory-<kind>``, WCS document, when scanned)."""
    scanned = _scanned(tables)
    os_type = _v((agent.get("os") or {}).get("type"))
    for table, (kind, translate) in INVENTORY.items():
        for row in tables.get(table) or []:
            yield f"inventory-{kind}", translate(row), _iso(_get(row, "scan", "time")) or scanned
    for row in tables.get("os") or []:
        yield "inventory-system", _system(row, os_type), scanned


# --- FIM: the 4.x FIM database, with the FIM findings applied ---------------------------------------

_HIVES = {"HKEY_LOCAL_MACHINE": "HKLM", "HKEY_USERS": "HKU", "HKEY_CURRENT_USER": "HKCU", "HKEY_CLASSES_ROOT": "HKCR"}


def _file(entry: Row) -> Doc:
    """One 4.x ``/syscheck`` file entry (or a FIM alert's ``*_after`` values, renamed) as ``file.*``."""
    file = {
        "path": entry["file"],
        "size": _v(entry.get("size")),
        "permissions": [entry["perm"]] if _v(entry.get("perm")) else None,
        "owner": _v(entry.get("uname")),
        "group": _v(entry.get("gname")),
        "uid": _v(entry.get("uid")),
        "gid": _v(entry.get("gid")),
        "inode": None if _v(entry.get("inode")) is None else str(entry["inode"]),
        "mtime": _iso(entry.get("mtime")),
        "hash": {key: _v(entry.get(key)) for key in ("md5", "sha1", "sha256")},
        "attributes": _listed(entry.get("attributes")),
    }
    return {"file": file}


def _registry(entry: Row) -> Doc:
    path = str(entry["file"])
    hive_name, _, rest = path.partition("\\")
    hive = _HIVES.get(hive_name, hive_name)
    registry: Doc = {"path": path, "key": f"{hive}\\{rest}", "hive": hive, "architecture": _v(entry.get("arch"))}
    value = entry.get("value") or {}
    if entry.get("type") == "registry_value":
        registry |= {
            "value": value.get("name"),
            "data": {"type": value.get("type"), "hash": {key: _v(entry.get(key)) for key in ("md5", "sha1", "sha256")}},
            "size": _v(entry.get("size")),
        }
    else:
        registry |= {"owner": _v(entry.get("uname")), "mtime": _iso(entry.get("mtime"))}
    return {"registry": registry}


def _after(alert: Row) -> Row:
    """A FIM alert's ``syscheck`` as the file it leaves: its ``*_after`` values under ``/syscheck``'s names."""
    syscheck = alert["syscheck"]
    entry = {"file": syscheck["path"], "type": "file"}
    for name, key in (("size", "size"), ("perm", "perm"), ("uname", "uname"), ("gname", "gname"), ("uid", "uid")):
        entry[key] = syscheck.get(f"{name}_after")
    for key in ("gid", "inode", "mtime", "md5", "sha1", "sha256"):
        entry[key] = syscheck.get(f"{key}_after")
    return entry


def fim_of(agent: Row, scanned: str, alerts: Iterable[Row]) -> Iterator[tuple[str, Doc, str | None]]:
    """The agent's FIM state as (``fim-<kind>``, document, last changed): the 4.x FIM database, then its FIM
    alerts in time order (``alerts``: this agent's, oldest first) — added or modified sets the file as the
    alert leaves it, deleted removes it."""
    from standin.api_syscheck import fim_database

    scanned_iso = _iso(scanned)
    files: dict[str, tuple[Row, str | None]] = {}
    for entry in fim_database(agent, scanned):
        if entry.get("type") == "file":
            files[entry["file"]] = (entry, scanned_iso)
        else:
            kind = "fim-registry-values" if entry.get("type") == "registry_value" else "fim-registry-keys"
            yield kind, _registry(entry), scanned_iso
    for alert in alerts:
        path = str(alert["syscheck"]["path"])
        if alert["syscheck"].get("event") == "deleted":
            files.pop(path, None)
        else:
            files[path] = (_after(alert), _iso(alert["@timestamp"]))
    for entry, changed in files.values():
        yield "fim-files", _file(entry), changed


# --- SCA: the 4.x assessment, one document per check ------------------------------------------------

_RESULTS = {"passed": "Passed", "failed": "Failed", "not applicable": "Not applicable"}
"""4.x's results as real 5.0 agents spell them (``agent-sync-dumps/sca_full_*``)."""


def sca_of(agent: Row, scanned: str, compliance: Iterable[str]) -> Iterator[tuple[str, Doc, str | None]]:
    """The agent's SCA state: each check of its policy (``standin.api_sca.assessment``) as a
    ``wazuh-states-sca`` document. ``compliance``: the frameworks 5.x's template has (4.x's ``cis`` is not one)."""
    from standin.api_sca import assessment

    policy, checks = assessment(agent, scanned)
    frameworks = set(compliance)
    policy_doc = {
        "id": policy["policy_id"],
        "name": policy["name"],
        "description": policy["description"],
        "file": f"{policy['policy_id']}.yml",
        "references": _listed(policy.get("references")),
    }
    for check in checks:
        kept: dict[str, list[str]] = {}
        for item in check.get("compliance") or []:
            if item["key"] in frameworks:
                kept.setdefault(item["key"], []).append(str(item["value"]))
        doc = {
            "policy": policy_doc,
            "check": {
                "id": str(check["id"]),
                "name": check["title"],
                "description": check.get("description"),
                "rationale": check.get("rationale"),
                "remediation": check.get("remediation"),
                "references": _listed(check.get("references")),
                "condition": check.get("condition"),
                "result": _RESULTS.get(str(check["result"]), check["result"]),
                "reason": check.get("reason"),
                "compliance": kept,
                "rules": [str(rule["rule"]) for rule in check.get("rules") or []],
            },
        }
        yield "sca", doc, _iso(scanned)


# --- together ------------------------------------------------------------------------------------------


def states_of(
    fleet: Any, fim_alerts: dict[str, list[Row]], compliance: Iterable[str]
) -> Iterator[tuple[str, Row, Doc, str | None]]:
    """Every agent's inventory, FIM and SCA state: (state kind, the agent, the document, when it last
    changed), in agent order. ``fim_alerts``: each agent's FIM alerts (4.x), oldest first."""
    frameworks = tuple(compliance)
    for agent in fleet.agents:
        tables = fleet.inventory.get(agent["id"])
        if not tables:  # never connected, or pending: no syscollector, FIM or SCA database (4.x answers 2007)
            continue
        yield from ((kind, agent, doc, when) for kind, doc, when in inventory_of(agent, tables))
        scan = str(_get((tables.get("os") or [{}])[0], "scan", "time") or "").replace("Z", "+00:00")
        for kind, doc, when in (
            *fim_of(agent, scan, fim_alerts.get(agent["id"], ())),
            *sca_of(agent, scan, frameworks),
        ):
            yield kind, agent, doc, when


def checksum(agent_id: str, kind: str, source: Doc) -> str:
    """The document's SHA-1, as the manager keys a state document (upper-case hex, as Wazuh's samples)."""
    return hashlib.sha1(json.dumps([agent_id, kind, source], sort_keys=True, default=str).encode()).hexdigest().upper()
