"""Active-response commands as the manager defines them: the only spellings ``PUT /active-response`` takes.

Wazuh 4.14 accepts a command only as the manager's ``etc/shared/ar.conf`` spells it (the framework's
``get_commands()``; recorded on a real 4.14.7 manager with a connected agent,
``oracle/api_exchanges_agent.jsonl``):

- the ``<command>`` name **with the timeout of its ``<active-response>`` block appended**:
  ``firewall-drop600``, ``wazuh-mcp-isolate0``. analysisd writes one such line per enabled
  ``<active-response>`` block (timeout 0 when the block has none or the command says
  ``<timeout_allowed>no``), after two it always writes: ``restart-ossec0`` and ``restart-wazuh0``.
  A ``<command>`` with no ``<active-response>`` block is not in ar.conf at all;
- or a script as ``!name`` (``active-response/bin/name`` on the agent, run with no timeout). Wazuh
  checks nothing about it: ``!no-such-script`` is "sent" too.

The bare name (``firewall-drop``) answers 1652 "The command used is not defined in the
configuration", per agent, after a person approved it. So a plan reads what the running analysisd
holds (``GET /manager/configuration/analysis/active_response``, RBAC ``manager:read``: one entry per
line it wrote to ar.conf, each with its command and timeout) and refuses at the request a command the
manager does not define, naming the ones it does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from wazuh_mcp import untrusted
from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.backends.server_api_shapes import envelope_data
from wazuh_mcp.errors import InvalidArgument, UpstreamUnavailable, WazuhMCPError

CONFIG_PATH = "/manager/configuration/analysis/active_response"
BUILTIN = (("restart-ossec", 0), ("restart-wazuh", 0))
"""ar.conf's first lines, whatever ossec.conf says (``AR_ReadConfig``, src/analysisd/active-response.c)."""
_NAME = re.compile(r"[A-Za-z0-9_.][A-Za-z0-9_.-]{0,63}")
_MAX_SHOWN = 24
_MAX_ENTRIES = 1000


@dataclass(frozen=True)
class ArCommand:
    """One command as ``PUT /active-response`` takes it."""

    name: str
    """What is sent: ``firewall-drop600``, or ``!script``."""
    command: str
    """The ``<command>`` name of ossec.conf (for ``!script``: the script)."""
    timeout: int | None
    """Seconds after which the agent undoes it by itself (0: never); None for ``!script`` (no lapse is promised)."""

    @property
    def lapse_s(self) -> int | None:
        return self.timeout or None

    @property
    def script(self) -> bool:
        return self.name.startswith("!")

    def described(self) -> str:
        if self.script:
            return f"{self.name} (the script {self.command} in active-response/bin, no timeout)"
        if self.timeout:
            return f"{self.name} (<command> {self.command}, undone by the agent after {self.timeout} s)"
        return f"{self.name} (<command> {self.command}, no timeout)"


@dataclass(frozen=True)
class Defined:
    """The commands the manager defines (its ar.conf names), and where that was learnt."""

    commands: tuple[ArCommand, ...]
    source: str

    def names(self) -> list[str]:
        return sorted({c.name for c in self.commands})

    def shown(self) -> str:
        listed = self.names()
        more = f" and {len(listed) - _MAX_SHOWN} more" if len(listed) > _MAX_SHOWN else ""
        return ", ".join(listed[:_MAX_SHOWN]) + more

    def resolve(self, configured: str, *, where: str, hint: str, timeout: int | None = None) -> ArCommand:
        """``configured`` as the manager spells it: a ``<command>`` name (its one ar.conf name, or the one
        with ``timeout``), an ar.conf name itself, or ``!script``. Refuses what the manager does not define,
        naming what it does; ``where`` says whose value it is (a setting, the caller's argument)."""
        if configured.startswith("!"):
            if timeout is not None:
                raise InvalidArgument(
                    f"{where} = '{configured}' runs a script with no timeout, so it never lapses by itself; "
                    f"a timeout of {timeout} s cannot be promised.",
                    hint="Name the manager's <command> instead (its <active-response> block sets the timeout), "
                    "or remove the timeout setting.",
                )
            return ArCommand(configured, configured[1:], None)
        exact = [c for c in self.commands if c.name == configured]
        found = exact or [c for c in self.commands if c.command == configured]
        if timeout is not None:
            found = [c for c in found if c.timeout == timeout]
        distinct = sorted({c.name: c for c in found}.values(), key=lambda c: c.name)
        if len(distinct) == 1:
            return distinct[0]
        if distinct:
            raise InvalidArgument(
                f"The manager defines {where} = '{configured}' several times: "
                f"{', '.join(c.described() for c in distinct)}; which one is meant cannot be told.",
                hint=f"Set {where} to one of {', '.join(c.name for c in distinct)} (its ar.conf name).",
            )
        spelled = [c for c in self.commands if c.command == configured or c.name == configured]
        if spelled and timeout is not None:
            raise InvalidArgument(
                f"The manager defines '{configured}' only as {', '.join(c.described() for c in spelled)}, "
                f"not with a timeout of {timeout} s.",
                hint="Make the timeout setting match the manager's <active-response> block, or remove it.",
            )
        raise InvalidArgument(
            f"The manager does not define the active-response command '{configured}' ({where}): Wazuh would "
            f"answer 1652 'The command used is not defined in the configuration' and send nothing. "
            f"It defines: {self.shown() or 'none'} ({self.source}).",
            hint=hint,
        )


def _entries(items: Iterable[object]) -> list[ArCommand]:
    found = [ArCommand(f"{name}{timeout}", name, timeout) for name, timeout in BUILTIN]
    for entry in list(items)[:_MAX_ENTRIES]:
        if not isinstance(entry, dict):
            continue
        command, timeout = entry.get("command"), entry.get("timeout", 0)
        if not isinstance(command, str) or not _NAME.fullmatch(command):
            continue  # not a name Wazuh could have written, or one no request of ours could send
        if isinstance(timeout, bool) or not isinstance(timeout, int) or timeout < 0:
            continue
        found.append(ArCommand(f"{command}{timeout}", command, timeout))
    return found


async def read_defined(api: ServerApiBackend) -> Defined:
    """What the running analysisd wrote to ar.conf, from ``GET /manager/configuration/analysis/active_response``."""
    try:
        body = await api.request("GET", CONFIG_PATH, action="manager:read")
    except WazuhMCPError as exc:
        hint = (
            "The Server API user needs the RBAC action manager:read: without it no command can be checked, "
            "and an unchecked one fails with 1652 after a person approved it."
            if exc.code == "forbidden"
            else exc.hint
        )
        raise type(exc)(
            f"wazuh-mcp could not read which active-response commands the manager defines (GET {CONFIG_PATH}): "
            f"{exc.message}",
            hint=hint,
            upstream_code=exc.upstream_code,
        ) from None
    data = envelope_data(body, CONFIG_PATH)
    items = data.get("affected_items") or []
    if not items or not isinstance(items[0], dict) or not isinstance(items[0].get("active-response", []), list):
        failed = data.get("failed_items") or []
        said = untrusted.bound(str((failed[0].get("error") or {}).get("message", "")), 200) if failed else ""
        raise UpstreamUnavailable(
            f"The manager did not say which active-response commands it defines (GET {CONFIG_PATH})"
            + (f": {said}" if said else ".")
        )
    return Defined(tuple(_entries(items[0].get("active-response") or [])), f"GET {CONFIG_PATH}")


def recorded(name: str, lapse_after_s: int | None) -> Defined:
    """The one command a recorded plan sends, as the plan resolved it (for the checks at approval, which
    rebuild the requests without asking the manager; ``still_defined`` asks it)."""
    if name.startswith("!"):
        return Defined((ArCommand(name, name[1:], None),), "the change's record")
    timeout = lapse_after_s or 0
    suffix = str(timeout)
    command = name[: -len(suffix)] if name.endswith(suffix) and len(name) > len(suffix) else name
    return Defined((ArCommand(name, command, timeout),), "the change's record")


async def still_defined(api: ServerApiBackend, names: Iterable[str]) -> list[str]:
    """The names of ``names`` the manager no longer defines (``!script`` names are never checked by Wazuh),
    each with what it defines now."""
    wanted = [n for n in names if not n.startswith("!")]
    if not wanted:
        return []
    defined = await read_defined(api)
    now = set(defined.names())
    return [
        f"the manager no longer defines the active-response command '{n}' (it defines: {defined.shown()})"
        for n in wanted
        if n not in now
    ]
