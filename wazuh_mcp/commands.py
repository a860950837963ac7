"""The public hook through which a module or package adds ``wazuh-mcp`` subcommands: ``@command(name)``
registers a handler, and an ``add_parsers(sub)`` function (a ``wazuh_mcp.commands`` entry point, or one
of ``wazuh_mcp.cli``'s own) adds its subparsers.

Apart from ``cli`` so that a command module (``approval_cli``, the launcher's ``tui.cli``) and the
dispatcher that loads it do not import each other.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeAlias

Command = Callable[[argparse.Namespace], int]
# argparse has no public name for what add_subparsers() returns; a string keeps it to type checking.
SubParsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"  # noqa: SLF001 - see above
ParserHook = Callable[[SubParsers], None]
"""What a ``wazuh_mcp.commands`` entry point names: adds subparsers to ``wazuh-mcp``'s parser."""
COMMANDS_GROUP = "wazuh_mcp.commands"
_COMMANDS: dict[str, Command] = {}


def command(name: str) -> Callable[[Command], Command]:
    """Register the handler of subcommand ``name`` (public: extensions use it next to ``add_parsers``)."""

    def register(fn: Command) -> Command:
        _COMMANDS[name] = fn
        return fn

    return register


def handler(name: str) -> Command | None:
    """The handler registered for subcommand ``name``, if any."""
    return _COMMANDS.get(name)


def positive_count(text: str) -> int:
    """An argument type for a count (``audit --last N``): a whole number, 1 or more, said so when it is not."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number; give a count, 1 or more") from None
    if count < 1:
        raise argparse.ArgumentTypeError(f"{count} is not a count; give 1 or more")
    return count
