"""The manager's ``etc/shared/ar.conf``, computed from ``ossec.conf`` the way Wazuh 4.14 writes it.

Wazuh's ``PUT /active-response`` accepts a command only as ar.conf spells it (the framework's
``get_commands()`` reads the first field of each line; a ``!script`` skips the check), so what the
stand-in accepts follows from its configuration exactly as a real manager's does:

- ``AR_ReadConfig`` (``src/analysisd/active-response.c``) truncates ar.conf and writes six fixed
  lines first: ``restart-ossec0`` and ``restart-wazuh0``, each for the Unix and the Windows
  executable. So ``restart-wazuh0`` is always defined, with no ``<active-response>`` block.
- ``ReadActiveResponses`` (``src/config/active-response.c``) then appends one line per
  ``<active-response>`` block that is not ``disabled``, has a ``<command>`` and a ``<location>`` and
  names a ``<command>`` block: ``<command name><timeout> - <executable> - <timeout>``. The timeout
  is ``atoi`` of ``<timeout>`` (0 when absent), and 0 when the command says
  ``<timeout_allowed>no</timeout_allowed>`` (or does not say: the default is no).
- analysisd's ``getconfig active_response`` / ``command`` answers (``GET
  /manager/configuration/analysis/active_response`` and ``…/command``) list those blocks and
  commands as ``src/analysisd/config.c`` builds them: numbers for ``timeout``, ``level`` and
  ``timeout_allowed``, the location as a flag name.

Recorded on a real 4.14.7 manager (``oracle/api_exchanges_agent.jsonl``): ``firewall-drop600``,
``wazuh-mcp-isolate0`` and ``restart-wazuh0`` are sent; ``firewall-drop``, ``wazuh-mcp-isolate`` and
``restart-wazuh`` answer 1652.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from standin import manager_data as md

Item = dict[str, Any]

BUILTIN_LINES = (
    "restart-ossec0 - restart-ossec.sh - 0",
    "restart-ossec0 - restart-ossec.cmd - 0",
    "restart-wazuh0 - restart-ossec.sh - 0",
    "restart-wazuh0 - restart-ossec.cmd - 0",
    "restart-wazuh0 - restart-wazuh - 0",
    "restart-wazuh0 - restart-wazuh.exe - 0",
)
"""What ``AR_ReadConfig`` writes before any configured block (Wazuh 4.14.7)."""

_LOCATIONS = (
    (re.compile(r"AS|analysisd|analysis-server|server"), "AS_ONLY"),
    (re.compile(r"local"), "REMOTE_AGENT"),
    (re.compile(r"defined-agent"), "SPECIFIC_AGENT"),
    (re.compile(r"all|any"), "ALL_AGENTS"),
)


@dataclass(frozen=True)
class ArEntry:
    """One configured ``<active-response>`` block as analysisd keeps it."""

    name: str
    """Its ar.conf name: the command's name with the timeout appended."""
    command: str
    executable: str
    timeout: int
    location: str
    block: Item


def _atoi(text: Any) -> int:
    match = re.match(r"\s*([+-]?\d+)", str(text))
    return int(match.group(1)) if match else 0


def _location(text: str) -> str | None:
    for pattern, flag in _LOCATIONS:  # analysisd reports the first flag it set, in this order
        if pattern.search(text):
            return flag
    return None


def entries(conf: Item) -> list[ArEntry]:
    """The ``<active-response>`` blocks of ``conf`` (ossec.conf as a dict) that reach ar.conf, in order."""
    commands = {str(c.get("name")): c for c in conf.get("command") or [] if c.get("name") and c.get("executable")}
    found: list[ArEntry] = []
    for block in conf.get("active-response") or []:
        if str(block.get("disabled", "no")) == "yes":
            continue
        name, where = str(block.get("command") or ""), str(block.get("location") or "")
        command = commands.get(name)
        flag = _location(where)
        if not name or not where or command is None or flag is None:
            continue  # analysisd refuses or skips such a block; nothing reaches ar.conf
        if flag == "SPECIFIC_AGENT" and _atoi(block.get("agent_id", "0")) == 0:
            continue
        timeout = _atoi(block.get("timeout", 0))
        if str(command.get("timeout_allowed", "no")) != "yes":
            timeout = 0
        found.append(ArEntry(f"{name}{timeout}", name, str(command["executable"]), timeout, flag, block))
    return found


def text(conf: Item) -> str:
    """The file ``etc/shared/ar.conf`` as analysisd writes it."""
    lines = [*BUILTIN_LINES, *(f"{e.name} - {e.executable} - {e.timeout}" for e in entries(conf))]
    return "\n".join(lines) + "\n"


def names(conf: Item) -> list[str]:
    """What the framework's ``get_commands()`` reads from that file: each line's first field."""
    return [line.split(" - ")[0] for line in text(conf).splitlines()]


def accepts(conf: Item, command: str) -> bool:
    """Whether ``PUT /active-response`` takes ``command`` (``ARMessageBuilder.validate_command``)."""
    return command.startswith("!") or command in names(conf)


def analysisd_active_response(conf: Item) -> Item:
    """``getconfig active_response`` (``getARManagerConfig``)."""
    listed = []
    for entry in entries(conf):
        item: Item = {"command": entry.command}
        for key in ("agent_id", "rules_id", "rules_group"):
            if entry.block.get(key) is not None:
                item[key] = str(entry.block[key])
        item.update({"timeout": entry.timeout, "level": _atoi(entry.block.get("level", 0)), "location": entry.location})
        listed.append(item)
    return {"active-response": listed}


def analysisd_commands(conf: Item) -> Item:
    """``getconfig command`` (``getARCommandsConfig``)."""
    return {
        "command": [
            {
                "name": str(c["name"]),
                "executable": str(c["executable"]),
                "timeout_allowed": 1 if str(c.get("timeout_allowed", "no")) == "yes" else 0,
            }
            for c in conf.get("command") or []
            if c.get("name") and c.get("executable")
        ]
    }


def manager_sections(override: Item | None) -> Item:
    """The manager's ``command`` and ``active-response`` sections: the stand-in's defaults
    (``manager_data.OSSEC_CONF``), or ``StandinConfig.active_response`` where a test gives its own."""
    source = override if override is not None else md.OSSEC_CONF
    return {key: copy.deepcopy(source.get(key) or []) for key in ("command", "active-response")}
