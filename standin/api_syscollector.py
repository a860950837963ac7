"""``/syscollector/{agent_id}/<table>``: one agent's inventory tables.

An unknown agent is a failed item (1701) in a 200 answer, an agent the caller may not read is
a failed item (4000), and an agent that never sent inventory (never connected, pending) is
400 error 2007, as wazuh-db answers when the agent's database does not exist yet.
"""

from __future__ import annotations

from typing import Any

from standin.framework import Ctx, Endpoint, Handler, v4_only
from standin.params import COMMON, LISTING, ParamSpec, alnum, specs
from standin.problems import envelope, failed_item, no_database
from standin.query import Collection, run
from standin.rbac import agent_resources

_SCAN = ("scan.id", "scan.time", "agent_id")
_NUM = ParamSpec(fmt="numbers")
_COUNT = ParamSpec("int", minimum=0)
_TRAFFIC = tuple(f"{d}.{m}" for d in ("tx", "rx") for m in ("packets", "bytes", "errors", "dropped"))

# table -> (fields, filter params)
TABLES: dict[str, tuple[tuple[str, ...], dict[str, ParamSpec]]] = {
    "os": (
        (
            "architecture",
            "hostname",
            "os.codename",
            "os.major",
            "os.minor",
            "os.name",
            "os.platform",
            "os.version",
            "os.build",
            "release",
            "sysname",
            "version",
            *_SCAN,
        ),
        {},
    ),
    "hardware": (
        ("board_serial", "cpu.cores", "cpu.mhz", "cpu.name", "ram.free", "ram.total", "ram.usage", *_SCAN),
        {},
    ),
    "packages": (
        (
            "architecture",
            "description",
            "format",
            "name",
            "priority",
            "section",
            "size",
            "vendor",
            "version",
            "install_time",
            "location",
            "multiarch",
            "source",
            *_SCAN,
        ),
        {"vendor": ParamSpec(), "name": alnum(), "architecture": alnum(), "format": alnum(), "version": ParamSpec()},
    ),
    "processes": (
        (
            "argvs",
            "cmd",
            "egroup",
            "euser",
            "fgroup",
            "name",
            "nice",
            "nlwp",
            "pgrp",
            "pid",
            "ppid",
            "priority",
            "processor",
            "resident",
            "rgroup",
            "ruser",
            "session",
            "sgroup",
            "share",
            "size",
            "start_time",
            "state",
            "stime",
            "suser",
            "tgid",
            "tty",
            "utime",
            "vm_size",
            *_SCAN,
        ),
        {
            "pid": _NUM,
            "state": alnum(),
            "ppid": _NUM,
            "egroup": alnum(),
            "euser": alnum(),
            "fgroup": alnum(),
            "name": alnum(),
            "nlwp": _NUM,
            "pgrp": _NUM,
            "priority": _NUM,
            "rgroup": alnum(),
            "ruser": alnum(),
            "sgroup": alnum(),
            "suser": alnum(),
        },
    ),
    "ports": (
        (
            "inode",
            "local.ip",
            "local.port",
            "protocol",
            "remote.ip",
            "remote.port",
            "rx_queue",
            "state",
            "tx_queue",
            "pid",
            "process",
            *_SCAN,
        ),
        {
            "pid": _NUM,
            "protocol": alnum(),
            "local.ip": alnum(),
            "local.port": _NUM,
            "remote.ip": alnum(),
            "tx_queue": _NUM,
            "state": alnum(),
            "process": alnum(),
        },
    ),
    "netaddr": (
        ("address", "broadcast", "iface", "netmask", "proto", *_SCAN),
        {"iface": alnum(), "proto": alnum(), "address": alnum(), "broadcast": alnum(), "netmask": alnum()},
    ),
    "netiface": (
        ("adapter", "mac", "mtu", "name", "state", "type", *_TRAFFIC, *_SCAN),
        {
            "name": alnum(),
            "adapter": alnum(),
            "type": ParamSpec(),
            "state": alnum(),
            "mtu": _COUNT,
            **{t: _COUNT for t in _TRAFFIC},
        },
    ),
    "netproto": (
        ("dhcp", "gateway", "iface", "type", "metric", *_SCAN),
        {
            "iface": alnum(),
            "type": alnum(),
            "gateway": alnum(),
            "dhcp": ParamSpec(enum=("enabled", "disabled", "unknown", "BOOTP")),
        },
    ),
    "hotfixes": (("hotfix", *_SCAN), {"hotfix": ParamSpec()}),
    "users": (("user.*", "login.*", "process_pid", "host_ip", "checksum", *_SCAN), {}),
    "groups": (("group.*", "checksum", *_SCAN), {}),
    "services": (
        ("service.*", "process.*", "file.path", "log_file.path", "error_log_file.path", "checksum", *_SCAN),
        {},
    ),
    "browser_extensions": (("browser.*", "package.*", "file_hash.sha256", "checksum", *_SCAN), {}),
}
MESSAGES = (
    "All specified syscollector information was returned",
    "Some syscollector information was not returned",
    "No syscollector information was returned",
)


def _handler(table: str, coll: Collection, filters: tuple[str, ...]) -> Handler:
    async def handle(ctx: Ctx) -> dict[str, Any]:
        agent_id = ctx.path["agent_id"]
        agent = ctx.state.fleet.agent(agent_id)
        if agent is None:
            return envelope([], failed=[failed_item(1701, [agent_id])], messages=MESSAGES)
        if not ctx.identity.grants.allows_any(agent_resources(agent_id, agent.get("group", [])), "syscollector:read"):
            return envelope([], failed=[failed_item(4000, [agent_id])], messages=MESSAGES)
        tables = ctx.state.fleet.inventory.get(agent_id) or {}
        if not tables:
            raise no_database(agent_id, ctx.state.fleet.node_name)
        query = ctx.list_query(**{name: ctx.params.get(name) for name in filters})
        page, total = run(tables.get(table, []), coll, query, ctx.now)
        return envelope(page, total, messages=MESSAGES)

    return handle


def _endpoints() -> list[Endpoint]:
    out = []
    for table, (fields, filters) in TABLES.items():
        coll = Collection(fields=fields, required=("agent_id",) if table in ("os", "hardware") else ())
        if table in ("os", "hardware"):
            params = specs(COMMON, select=ParamSpec("list", fmt="names"))
        else:
            params = specs(LISTING, **filters)
        out.append(
            Endpoint(
                "GET",
                f"/syscollector/{{agent_id}}/{table}",
                _handler(table, coll, tuple(filters)),
                params,
                action="syscollector:read",
                scoped=True,
                resource_type="agent:id",
                path_formats={"agent_id": "numbers"},
            )
        )
    return out


ENDPOINTS = v4_only(_endpoints())  # Wazuh 5.x keeps inventory in the indexer (wazuh-states-inventory-*)
