"""``wazuh-mcp``: argument parsing and dispatch. Heavy imports happen inside each command so that
``serve`` starts fast and never loads the TUI.

    wazuh-mcp                 the launcher (TUI) when on a terminal
    wazuh-mcp serve [--demo]  the MCP server: stdio (what AI clients start)
    wazuh-mcp serve --http    or Streamable HTTP for a team behind its identity provider (docs/team.md)
    wazuh-mcp demo [--json]   a guided tour against the embedded stand-in (no Wazuh needed)
    wazuh-mcp version         print the version
    wazuh-mcp install-launcher  a double-click launcher (Linux menu entry, macOS .command)

Other packages add subcommands through the ``wazuh_mcp.commands`` entry-point group (the
launcher's ``setup``, ``connect``, ``audit`` come from ``tui`` that way, declared in
pyproject.toml): each entry point names a function ``add_parsers(sub)`` that adds its
subparsers, and its module registers the handlers with ``@command`` (``wazuh_mcp.commands``). They are read only for
commands other than ``serve``, so the server's start-up path never loads them.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
from collections.abc import Sequence
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Any

from wazuh_mcp import __version__
from wazuh_mcp.commands import COMMANDS_GROUP, ParserHook, command, handler
from wazuh_mcp.untrusted import shown

NO_TERMINAL_HINT = (
    "wazuh-mcp: no terminal. Open it from a terminal (or its desktop launcher: `wazuh-mcp install-launcher`); "
    "AI clients start `wazuh-mcp serve`."
)
"""One line, then exit 2: started with no terminal (a double-click without one), never wait for input."""


class PrivateRotatingFileHandler(RotatingFileHandler):
    """``server.log`` and its rotated copies are created 0600 (they name hosts, users and errors)."""

    def __init__(self, path: os.PathLike[str]) -> None:
        super().__init__(path, maxBytes=2_000_000, backupCount=3, encoding="utf-8")

    def _open(self) -> Any:
        from wazuh_mcp.private_files import open_private

        return open_private(Path(self.baseFilename), "a")


LOGGED_MESSAGE = 4_000
LOGGED_TRACEBACK = 16_000
"""Most characters of one log record's message and of its traceback: a logged value cannot flood the log."""


class ShownFormatter(logging.Formatter):
    """Log lines as a person may read them: the message (which may quote a host, a token's claims or a record)
    on one line with every control, bidi and invisible character made visible (``untrusted.shown``), so no
    logged value can forge a line or drive the terminal; a traceback keeps its own lines, and is shown the same
    way (its exception's message can quote an answer). Both are cut; a traceback keeps its end, which names
    the exception."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        record.message = shown(record.message, limit=LOGGED_MESSAGE)
        return super().formatMessage(record)

    def formatException(self, ei: Any) -> str:
        return _shown_lines(super().formatException(ei))

    def formatStack(self, stack_info: str) -> str:
        return _shown_lines(super().formatStack(stack_info))


def _shown_lines(text: str) -> str:
    text = shown(text, multiline=True)
    if len(text) <= LOGGED_TRACEBACK:
        return text
    half = LOGGED_TRACEBACK // 2
    return f"{text[:half]}\n… ({len(text) - 2 * half} characters left out) …\n{text[-half:]}"


def configure_logging(*, to_file: bool) -> None:
    """Logs go to stderr (``WAZUH_MCP_DEBUG=1`` for debug detail) and to a rotating file; never stdout."""
    level = logging.DEBUG if os.environ.get("WAZUH_MCP_DEBUG") == "1" else logging.WARNING
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if to_file:
        from wazuh_mcp.config.settings import ensure_state_dir

        # A read-only home must not stop the server; stderr still has the logs.
        with contextlib.suppress(OSError):
            handlers.append(PrivateRotatingFileHandler(ensure_state_dir() / "server.log"))
    logging.basicConfig(level=level, handlers=handlers, force=True)
    for sink in handlers:  # a person reads both: every message through the one sanitizer
        sink.setFormatter(ShownFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    if level > logging.DEBUG:
        for noisy in ("httpx", "httpcore", "urllib3", "mcp"):
            logging.getLogger(noisy).setLevel(logging.WARNING)
        # opensearch-py logs every failed request with a traceback; the backend already turns
        # each failure into one clear error for the caller.
        logging.getLogger("opensearch").setLevel(logging.ERROR)


class _Formatter(argparse.HelpFormatter):
    """argparse's help, but a line never breaks inside a hyphenated word (``wazuh-`` / ``mcp pending``)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        import textwrap

        return textwrap.fill(
            " ".join(text.split()), width, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False
        )


class _Subcommands(argparse._SubParsersAction):  # type: ignore[type-arg]  # noqa: SLF001 - argparse's only hook
    """Every subcommand's ``--help`` says what it does: a subparser added with ``help=`` and no
    ``description=`` (ours and extensions') gets the help as its description."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        kwargs.setdefault("formatter_class", _Formatter)
        if kwargs.get("help") and not kwargs.get("description"):
            text = str(kwargs["help"])
            kwargs["description"] = text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
        parser: argparse.ArgumentParser = super().add_parser(name, **kwargs)
        return parser


def tcp_port(text: str) -> int:
    """``--port``: a TCP port, 0 to 65535, said so when it is not (argparse turns the error into usage)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number; give 1-65535 (0: any free port)") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a TCP port; give 1-65535 (0: any free port)")
    return port


SERVE_DESCRIPTION = (
    "Run the Wazuh MCP server. Without --http it speaks MCP over stdio: what Claude Desktop, Cursor, VS Code and "
    "Claude Code start (`wazuh-mcp connect` writes their entry); stdout carries JSON-RPC only. With --http it "
    "serves MCP Streamable HTTP for a team, behind its identity provider (docs/team.md). --demo runs either "
    "against the embedded Wazuh stand-in, no Wazuh needed."
)


class _Parser(argparse.ArgumentParser):
    """The top-level parser, which knows its subcommands' parsers (to report an error with theirs)."""

    commands: dict[str, argparse.ArgumentParser]


def build_parser(extensions: Sequence[ParserHook] = ()) -> argparse.ArgumentParser:
    parser = _Parser(prog="wazuh-mcp", description="Wazuh MCP server and launcher.", formatter_class=_Formatter)
    parser.add_argument("--version", action="version", version=f"wazuh-mcp {__version__}")
    sub = parser.add_subparsers(dest="command", action=_Subcommands, parser_class=argparse.ArgumentParser)
    serve = sub.add_parser(
        "serve",
        help="run the MCP server: stdio for AI clients, or --http for a team",
        description=SERVE_DESCRIPTION,
    )
    serve.add_argument("--demo", action="store_true", help="run against the embedded Wazuh stand-in")
    serve.add_argument(
        "--wazuh",
        type=int,
        choices=(4, 5),
        help="with --demo: the Wazuh generation the stand-in plays, 4 (default: 4.14, generated data) or 5 "
        "(the 5.0 Server API and Wazuh's own 5.x sample findings, events and states)",
    )
    serve.add_argument("--profile", help="settings profile to use (default: the file's default_profile)")
    serve.add_argument("--http", action="store_true", help="serve MCP Streamable HTTP for a team (docs/team.md)")
    serve.add_argument("--host", help="with --http: address to listen on (default http.host, 127.0.0.1)")
    serve.add_argument("--port", type=tcp_port, help="with --http: TCP port (default http.port, 8765; 0 = any free)")
    sub.add_parser("version", help="print the version")
    sub.add_parser("install-launcher", help="add a double-click launcher for this executable (menu entry / .command)")
    demo = sub.add_parser("demo", help="a guided tour against the embedded Wazuh stand-in, in this terminal")
    demo.add_argument(
        "--json",
        action="store_true",
        help="print one JSON document: the load and each call's structured result with what was said",
    )
    demo.add_argument(
        "--wazuh",
        type=int,
        choices=(4, 5),
        default=4,
        help="the Wazuh generation the demo plays: 4 (default) or 5 (Wazuh 5.x's findings, events and states)",
    )
    for extend in extensions:
        extend(sub)
    parser.commands = dict(sub.choices)
    return parser


@command("version")
def _version(_: argparse.Namespace) -> int:
    print(f"wazuh-mcp {__version__}")
    return 0


@command("install-launcher")
def _install_launcher(_: argparse.Namespace) -> int:
    from pathlib import Path

    from wazuh_mcp.setup.launchers import install
    from wazuh_mcp.setup.serve_command import executable_argv

    argv = executable_argv()
    if len(argv) != 1:
        print("wazuh-mcp: install-launcher needs the wazuh-mcp executable (or console script).", file=sys.stderr)
        return 2
    path = install(Path(argv[0]), platform=sys.platform, home=Path.home())
    print(path or "Windows: double-click wazuh-mcp.exe (a console program) to open the launcher.")
    return 0


@command("demo")
def _demo(args: argparse.Namespace) -> int:
    configure_logging(to_file=False)
    from wazuh_mcp.tour import run_tour

    return run_tour(as_json=args.json, wazuh=args.wazuh)


@command("serve")
def _serve(args: argparse.Namespace) -> int:
    from wazuh_mcp.setup.bundle_env import demo_requested, drop_unfilled

    drop_unfilled(os.environ)  # fields an MCP Bundle user left empty
    args.demo = args.demo or demo_requested(os.environ)
    os.environ.pop("WAZUH_MCP_DEMO", None)  # not a setting
    configure_logging(to_file=True)
    demo = None
    if args.wazuh is not None and not args.demo:
        print(
            "wazuh-mcp: --wazuh picks the demo's Wazuh generation and needs --demo (a real Wazuh's generation is "
            "read from its first answer).",
            file=sys.stderr,
        )
        return 2
    if args.demo:
        from wazuh_mcp.demo import demo_parts  # the demo's wiring: the stand-ins, injected into the server

        demo = demo_parts(wazuh=5 if args.wazuh == 5 else 4)  # 5.x without Wazuh's files: built-in data
    if args.http:
        from wazuh_mcp.server.http import run_http

        return run_http(demo=demo, profile=args.profile, host=args.host, port=args.port)
    if args.host or args.port is not None:
        print("wazuh-mcp: --host and --port need --http (stdio has no listener).", file=sys.stderr)
        return 2
    from wazuh_mcp.server.stdio import run_serve

    return run_serve(demo=demo, profile=args.profile)


def load_extensions() -> list[ParserHook]:
    """Subcommands that live with their feature: the approval verbs, then every ``wazuh_mcp.commands``
    entry point. An entry point whose package is not installed (a build without the launcher) is skipped."""
    from importlib.metadata import entry_points

    from wazuh_mcp import approval_cli

    hooks: list[ParserHook] = [approval_cli.add_parsers]
    for entry in entry_points(group=COMMANDS_GROUP):
        try:
            hooks.append(entry.load())
        except ModuleNotFoundError as exc:
            logging.getLogger(__name__).debug("skipping wazuh-mcp commands %s: %s", entry.value, exc)
    return hooks


def parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """Parse; an unknown option is reported with the usage of the subcommand it was given to (``serve
    --bogus`` shows serve's usage, not the top-level one)."""
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        commands = parser.commands if isinstance(parser, _Parser) else {}
        commands.get(args.command, parser).error(f"unrecognized arguments: {' '.join(unknown)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # serve stays lean: no extension imports on its start-up path
    parser = build_parser(load_extensions() if argv[:1] != ["serve"] else ())
    args = parse(parser, argv)
    if args.command is None:
        if sys.stdin.isatty() and sys.stdout.isatty():
            args.command = "launcher"
        else:
            print(NO_TERMINAL_HINT, file=sys.stderr)
            return 2
    run = handler(args.command)
    if run is None:
        print(f"wazuh-mcp: '{args.command}' is not available in this build.", file=sys.stderr)
        return 2
    try:
        return run(args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        from wazuh_mcp.errors import WazuhMCPError

        if isinstance(exc, WazuhMCPError):
            print(f"wazuh-mcp: {shown(exc.render())}", file=sys.stderr)  # it may quote a record or a host
            return 1
        from pydantic import ValidationError

        if isinstance(exc, ValidationError) and exc.title == "Settings":  # a setting refused, in words
            for error in exc.errors()[:10]:
                where = ".".join(str(part) for part in error["loc"])
                words = str(error["msg"]).removeprefix("Value error, ")
                said = shown(f"{where + ': ' if where else ''}{words}")
                print(f"wazuh-mcp: configuration_error: {said}", file=sys.stderr)
            return 1
        # a defect: its traceback for the report, through the sanitizer too (an exception may quote a record)
        import traceback

        print(shown(traceback.format_exc(), multiline=True), file=sys.stderr, end="")
        return 1
