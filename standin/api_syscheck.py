"""``/syscheck/{agent_id}``: one agent's FIM database, as Wazuh 4.14 answers it (the spec's ``SyscheckResult``
and the oracle's recorded ``/syscheck/001``: ``file``, ``type``, hashes, ``perm``, ``uname``/``gname``,
``mtime``, ``date`` of the last change, ``changes``). Windows agents also hold registry keys and values
(``type`` ``registry_key`` / ``registry_value``, ``arch``, ``value.name``/``value.type``). An unknown agent is
a failed item (1701), one the caller may not read a failed item (4000), an agent that never connected has
no database (400, 2007). Wazuh 5.0 has no ``/syscheck`` (``v4_only``). The monitored files are a small list per OS family, hashes drawn from the agent
id and path, so an agent answers the same within a run.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from typing import Any

from standin.framework import Ctx, Endpoint, Handler, v4_only
from standin.params import COMMON, LISTING, ParamSpec, alnum, specs
from standin.problems import envelope, failed_item, no_database
from standin.query import Collection, run
from standin.rbac import agent_resources

MESSAGES = (
    "FIM findings of the agent were returned",
    "Some FIM findings were not returned",
    "No FIM information was returned",
)
_LINUX = (
    ("/etc/passwd", "rw-r--r--", 2356),
    ("/etc/shadow", "rw-r-----", 1245),
    ("/etc/group", "rw-r--r--", 912),
    ("/etc/hosts", "rw-r--r--", 221),
    ("/etc/sudoers", "r--r-----", 1714),
    ("/etc/crontab", "rw-r--r--", 1136),
    ("/etc/ssh/sshd_config", "rw-r--r--", 3265),
    ("/usr/bin/sudo", "rwsr-xr-x", 232416),
    ("/usr/bin/passwd", "rwsr-xr-x", 59976),
    ("/usr/sbin/sshd", "rwxr-xr-x", 921288),
    ("/bin/bash", "rwxr-xr-x", 1396520),
)
_WINDOWS = (
    ("c:\\windows\\system32\\drivers\\etc\\hosts", "", 824),
    ("c:\\windows\\system32\\cmd.exe", "", 289792),
    ("c:\\windows\\system32\\wbem\\wmic.exe", "", 571392),
    ("c:\\windows\\regedit.exe", "", 358400),
)
_RUN_KEY = "HKEY_LOCAL_MACHINE\\Software\\Microsoft\\Windows\\CurrentVersion\\Run"
_REGISTRY = (
    (_RUN_KEY, None, None),
    (_RUN_KEY, "SecurityHealth", "REG_EXPAND_SZ"),
    (_RUN_KEY, "VMware User Process", "REG_SZ"),
    ("HKEY_LOCAL_MACHINE\\System\\CurrentControlSet\\Services\\WinDefend", None, None),
)


def _hashes(seed: str) -> dict[str, str]:
    return {
        "md5": hashlib.md5(seed.encode()).hexdigest(),
        "sha1": hashlib.sha1(seed.encode()).hexdigest(),
        "sha256": hashlib.sha256(seed.encode()).hexdigest(),
    }


def fim_database(agent: dict[str, Any], scanned: str) -> list[dict[str, Any]]:
    """The agent's FIM entries: files for every family, registry keys and values on Windows."""
    windows = str((agent.get("os") or {}).get("platform") or "") == "windows"
    entries: list[dict[str, Any]] = []
    for index, (path, perm, size) in enumerate(_WINDOWS if windows else _LINUX):
        entries.append(
            {
                "file": path,
                "type": "file",
                "perm": perm,
                "uname": "SYSTEM" if windows else "root",
                "gname": "" if windows else "root",
                "uid": "" if windows else "0",
                "gid": "" if windows else "0",
                "size": size,
                "inode": 0 if windows else 131000 + index,
                "mtime": "2026-01-12T09:30:00+00:00",
                "date": scanned,
                "changes": 1 + (index % 3 == 0),
                "attributes": "ARCHIVE" if windows else "",
                **_hashes(f"{agent['id']}|{path}"),
            }
        )
    if windows:
        for path, value, kind in _REGISTRY:
            entry: dict[str, Any] = {"file": path, "arch": "[x64]", "date": scanned, "changes": 1}
            if value is None:
                entry |= {"type": "registry_key", "uname": "SYSTEM", "mtime": "2026-01-12T09:30:00+00:00"}
            else:
                entry |= {"type": "registry_value", "value": {"name": value, "type": kind}, "size": 64}
                entry |= _hashes(f"{agent['id']}|{path}|{value}")
            entries.append(entry)
    return entries


_COLL = Collection(
    fields=(
        "file",
        "type",
        "perm",
        "uname",
        "gname",
        "uid",
        "gid",
        "size",
        "inode",
        "mtime",
        "date",
        "changes",
        "attributes",
        "md5",
        "sha1",
        "sha256",
        "arch",
        "value.name",
        "value.type",
    ),
    required=("file",),
)
_FILTERS = ("type", "file", "arch", "value.name", "value.type", "md5", "sha1", "sha256")


def _agent_db(ctx: Ctx, action: str, messages: tuple[str, str, str]) -> tuple[Any, dict[str, Any] | None]:
    """The agent's inventory tables, or the answer that ends the request: an unknown agent is a failed item
    (1701), one the caller may not read a failed item (4000), an agent that never sent anything 400 2007."""
    agent_id = ctx.path["agent_id"]
    agent = ctx.state.fleet.agent(agent_id)
    if agent is None:
        return None, envelope([], failed=[failed_item(1701, [agent_id])], messages=messages)
    if not ctx.identity.grants.allows_any(agent_resources(agent_id, agent.get("group", [])), action):
        return None, envelope([], failed=[failed_item(4000, [agent_id])], messages=messages)
    tables = ctx.state.fleet.inventory.get(agent_id) or {}
    if not tables:
        raise no_database(agent_id, ctx.state.fleet.node_name)
    return (agent, tables), None


def _scan_time(tables: dict[str, Any]) -> str:
    return str(((tables.get("os") or [{}])[0].get("scan") or {}).get("time") or "").replace("Z", "+00:00")


async def _database(ctx: Ctx) -> dict[str, Any]:
    found, answer = _agent_db(ctx, "syscheck:read", MESSAGES)
    if answer is not None:
        return answer
    agent, tables = found
    query = ctx.list_query(**{name: ctx.params.get(name) for name in _FILTERS})
    page, total = run(fim_database(agent, _scan_time(tables)), _COLL, query, ctx.now)
    return envelope(page, total, messages=MESSAGES)


def _last_scan(module: str, messages: tuple[str, str, str], seconds: int) -> Handler:
    """``/{module}/{agent_id}/last_scan``: when the agent's last scan started and ended (one item; the
    recorded ``/syscheck/001/last_scan``, t4-ex-031, took a second). The scan ends at its inventory's scan
    time."""

    async def handle(ctx: Ctx) -> dict[str, Any]:
        found, answer = _agent_db(ctx, f"{module}:read", messages)
        if answer is not None:
            return answer
        end = datetime.fromisoformat(_scan_time(found[1]))
        item = {"start": (end - timedelta(seconds=seconds)).isoformat(), "end": end.isoformat()}
        return envelope([item], messages=messages)

    return handle


ROOTCHECK_MESSAGES = (
    "All selected rootcheck information was returned",
    "Some rootcheck information was not returned",
    "No rootcheck information was returned",
)
_ROOTCHECK = Collection(fields=("status", "log", "date_first", "date_last", "pci_dss", "cis"), required=("log",))


async def _rootcheck(ctx: Ctx) -> dict[str, Any]:
    """The agent's rootcheck database. The stand-in's agents report no rootcheck findings, as the recorded
    connected agent did not (t4-ex-033): an empty list, "No rootcheck information was returned"."""
    _, answer = _agent_db(ctx, "rootcheck:read", ROOTCHECK_MESSAGES)
    if answer is not None:
        return answer
    filters = {"status": ctx.params.get("status"), "pci_dss": ctx.params.get("pci_dss"), "cis": ctx.params.get("cis")}
    if filters["status"] == "all":
        filters["status"] = None
    page, total = run([], _ROOTCHECK, ctx.list_query(**filters), ctx.now)
    return envelope(page, total, messages=ROOTCHECK_MESSAGES)


def _agent_endpoint(path: str, handler: Handler, params: dict[str, ParamSpec], action: str) -> Endpoint:
    return Endpoint(
        "GET",
        path,
        handler,
        params,
        action=action,
        scoped=True,
        resource_type="agent:id",
        path_formats={"agent_id": "numbers"},
    )


ENDPOINTS = v4_only(
    [
        _agent_endpoint(
            "/syscheck/{agent_id}",
            _database,
            specs(
                LISTING,
                type=ParamSpec(enum=("file", "registry_key", "registry_value")),
                file=ParamSpec(),
                arch=ParamSpec(enum=("[x32]", "[x64]")),
                md5=ParamSpec(),
                sha1=ParamSpec(),
                sha256=ParamSpec(),
                **{"value.name": alnum(), "value.type": alnum()},
            ),
            "syscheck:read",
        ),
        _agent_endpoint(
            "/syscheck/{agent_id}/last_scan",
            _last_scan(
                "syscheck",
                ("Last syscheck scan of the agent was returned", "", "No last scan information was returned"),
                1,
            ),
            specs(COMMON),
            "syscheck:read",
        ),
        _agent_endpoint(
            "/rootcheck/{agent_id}",
            _rootcheck,
            specs(LISTING, status=alnum(), pci_dss=ParamSpec(), cis=ParamSpec()),
            "rootcheck:read",
        ),
        _agent_endpoint(
            "/rootcheck/{agent_id}/last_scan",
            _last_scan(
                "rootcheck",
                ("Last rootcheck scan of the agent was returned", "", "No last scan information was returned"),
                9,
            ),
            specs(COMMON),
            "rootcheck:read",
        ),
    ]
)
