"""Launcher subcommands: ``launcher``, ``setup``, ``connect`` and ``audit``.

Loaded through the ``wazuh_mcp.commands`` entry point declared in pyproject.toml (``add_parsers``),
which ``wazuh_mcp.cli`` reads for every command but ``serve``. Textual is imported
only by the commands that open the launcher, so ``setup --non-interactive`` and ``connect``
stay quick in scripts.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import sys
from pathlib import Path
from typing import TextIO

from wazuh_mcp.commands import SubParsers, command
from wazuh_mcp.setup.ai_clients import (
    CLIENTS,
    DEFAULT_SERVER_NAME,
    apply_change,
    claude_mcp_add_command,
    plan_change,
    remote_entry,
)
from wazuh_mcp.setup.ai_clients import server_entry as _server_entry
from wazuh_mcp.setup.ai_clients import target_for as _target_for

OK_MARK = {"ok": "[ ok ]", "warn": "[warn]", "fail": "[FAIL]", "skip": "[skip]", "running": "[ .. ]"}


def add_parsers(sub: SubParsers) -> None:
    launcher = sub.add_parser("launcher", help="open the launcher (what `wazuh-mcp` does on a terminal)")
    launcher.add_argument("--profile", help="profile to show and edit")

    setup = sub.add_parser(
        "setup",
        help="set up a profile: the wizard, or --non-interactive for scripted roll-outs",
        description="Without --non-interactive this opens the setup wizard. With it, the Server API password "
        "and then the Indexer password are read from stdin, one per line.",
    )
    setup.add_argument("--non-interactive", action="store_true", help="no UI: flags + passwords on stdin")
    setup.add_argument("--profile", help="profile name (default: the file's default_profile, else 'default')")
    setup.add_argument("--api-url", help="Server API URL, e.g. https://wazuh.example.org:55000")
    setup.add_argument("--api-user", help="Server API user")
    setup.add_argument("--indexer-url", help="Indexer URL, e.g. https://wazuh.example.org:9200")
    setup.add_argument("--indexer-user", help="Indexer user")
    setup.add_argument("--ca-bundle", help="PEM file of the CA that signed the Wazuh certificates")
    setup.add_argument("--insecure", action="store_true", help="do not verify TLS certificates (labs only)")
    setup.add_argument("--run-as", help='run_as auth context as JSON, e.g. \'{"username": "alice"}\'')
    setup.add_argument("--role", default=None, help="admin, analyst (default) or readonly")
    setup.add_argument("--writes", choices=("on", "off"), default=None, help="offer the write tools")
    setup.add_argument("--default", action="store_true", help="make this the default profile")
    setup.add_argument("--no-test", action="store_true", help="skip the connection test")

    connect = sub.add_parser("connect", help="write (or remove) the wazuh-mcp entry in an AI client's config")
    connect.add_argument("client", choices=CLIENTS)
    connect.add_argument(
        "--project",
        type=Path,
        help="project directory (Cursor: the project file, not ~/.cursor; "
        "VS Code and Claude Code: default the current directory)",
    )
    connect.add_argument("--dry-run", action="store_true", help="show the change, write nothing")
    connect.add_argument("--remove", action="store_true", help="remove the entry instead")
    connect.add_argument("--profile", help="the entry runs `serve --profile NAME` (default: the default profile)")
    connect.add_argument("--demo", action="store_true", help="the entry runs `serve --demo`")
    connect.add_argument("--url", help="a team server's MCP URL (serve --http): the entry connects instead of starting")
    connect.add_argument("--name", default=DEFAULT_SERVER_NAME, help="server name in the client (default: wazuh)")

    audit = sub.add_parser("audit", help="follow the audit log live (prints the last calls when not on a terminal)")
    audit.add_argument("--file", type=Path, help="audit JSONL to follow (default: the profile's audit_log)")
    audit.add_argument("--profile", help="profile whose audit log to follow")
    audit.add_argument("--last", type=int, default=20, help="without a terminal: how many calls to print")
    audit.add_argument(
        "--verify",
        action="store_true",
        help="check the hash chain of the audit and changes streams (removed, reordered or edited "
        "records); exit 1 when damaged",
    )
    audit.add_argument(
        "--indexer",
        action="store_true",
        help="with --verify: check every replica's copy in the Indexer (team.store = 'indexer') and this "
        "replica's local file against it",
    )


def _on_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _run_app(start: str, profile: str | None, audit_path: Path | None = None) -> int:
    from tui.app import create_app

    app = create_app(start=start, profile=profile, audit_path=audit_path)  # type: ignore[arg-type]
    result = app.run()
    return result if isinstance(result, int) else 0


@command("launcher")
def _launcher(args: argparse.Namespace) -> int:
    if not _on_terminal():
        print("wazuh-mcp: the launcher needs a terminal. AI clients must start `wazuh-mcp serve`.", file=sys.stderr)
        return 2
    # `wazuh-mcp` alone lands here too, without the subcommand's options parsed.
    return _run_app("home", getattr(args, "profile", None))


# --- setup --------------------------------------------------------------------------------


def _read_passwords(stdin: TextIO, want_indexer: bool) -> tuple[str, str]:
    """Server API password, then Indexer password: one line each (prompted when on a terminal, unless its
    headless variable is set). An empty or missing line leaves that password to its variable."""
    from wazuh_mcp.config import secrets

    if stdin.isatty():
        api = "" if secrets.from_environment("api") else getpass.getpass("Server API password: ")
        ask = want_indexer and not secrets.from_environment("indexer")
        return api, getpass.getpass("Indexer password: ") if ask else ""
    api = stdin.readline().rstrip("\r\n")
    indexer = stdin.readline().rstrip("\r\n") if want_indexer else ""
    return api, indexer


def _saved_sentence(name: str, saved: object) -> str:
    """Where the settings went and where ``serve`` will find each password, said plainly."""
    from wazuh_mcp.setup.flow import Saved

    assert isinstance(saved, Saved)
    text = f"Saved profile '{name}': settings in {saved.path}"
    if saved.stored:
        text += f"; the {' and '.join(saved.stored)} password{'s' if len(saved.stored) > 1 else ''} in the OS keyring"
    text += "."
    if not saved.keyring:
        every = " and ".join(saved.from_env + saved.env_needed)
        text += (
            " No OS keyring is usable here, so no password was stored (wazuh-mcp never writes one to a file): "
            f"`wazuh-mcp serve` will read the passwords from {every}."
        )
    elif saved.from_env:
        text += f" {' and '.join(saved.from_env)} {'is' if len(saved.from_env) == 1 else 'are'} set: "
        text += "`wazuh-mcp serve` reads the password from there first (it wins over the keyring)."
    if saved.env_needed:
        text += f" Set {' and '.join(saved.env_needed)} in the environment `wazuh-mcp serve` runs in."
    return text


def _print_check(check: object) -> None:
    from wazuh_mcp.setup.conncheck import Check

    assert isinstance(check, Check)
    if check.status == "running":
        return
    print(f"{OK_MARK[check.status]} {check.title}: {check.detail}", flush=True)
    if check.hint and check.status in ("warn", "fail"):
        print(f"       → {check.hint}", flush=True)


@command("setup")
def _setup(args: argparse.Namespace) -> int:
    if not args.non_interactive:
        if not _on_terminal():
            print(
                "wazuh-mcp: no terminal for the wizard; use `wazuh-mcp setup --non-interactive …` "
                "(see `wazuh-mcp setup --help`).",
                file=sys.stderr,
            )
            return 2
        return _run_app("setup", args.profile)
    return setup_non_interactive(args, sys.stdin)


def setup_non_interactive(args: argparse.Namespace, stdin: TextIO) -> int:
    from wazuh_mcp.config import secrets
    from wazuh_mcp.config.settings import read_config_file, selected_profile
    from wazuh_mcp.errors import WazuhMCPError
    from wazuh_mcp.setup.conncheck import run_connection_test, save_report
    from wazuh_mcp.setup.flow import ProfileInput, check_input, parse_run_as, save_headless

    missing = [
        flag
        for flag, value in (
            ("--api-url", args.api_url),
            ("--api-user", args.api_user),
            ("--indexer-url", args.indexer_url),
            ("--indexer-user", args.indexer_user),
        )
        if not value
    ]
    if missing:
        print(f"wazuh-mcp setup: --non-interactive needs {', '.join(missing)}.", file=sys.stderr)
        return 2
    if args.insecure and args.ca_bundle:
        print("wazuh-mcp setup: --insecure and --ca-bundle contradict each other; choose one.", file=sys.stderr)
        return 2
    try:
        name = args.profile or selected_profile(None, read_config_file())
        base = ProfileInput.from_profile(name)
        entered = ProfileInput(
            name=name,
            api_url=args.api_url,
            api_user=args.api_user,
            indexer_url=args.indexer_url,
            indexer_user=args.indexer_user,
            verify_tls=not args.insecure,
            ca_bundle=args.ca_bundle or "",
            run_as=parse_run_as(args.run_as or "") if args.run_as is not None else base.run_as,
            role=args.role or base.role,
            writes=(args.writes == "on") if args.writes else base.writes,
            make_default=args.default or base.make_default,
            extra=base.extra,
        )
        entered.api_password, entered.indexer_password = _read_passwords(stdin, want_indexer=True)
        # Without a keyring a typed password cannot be kept: the variables carry it, set here or later.
        checked = check_input(entered, require_passwords=secrets.keyring_usable())
        for problem in checked.problems.values():
            print(f"wazuh-mcp setup: {problem}", file=sys.stderr)
        if checked.problems:
            return 2
        for warning in checked.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        saved = save_headless(entered)
    except WazuhMCPError as exc:
        print(f"wazuh-mcp setup: {exc}", file=sys.stderr)
        return 1 if exc.code != "invalid_argument" else 2
    print(_saved_sentence(entered.name, saved))
    if args.no_test:
        return 0
    typed = {secrets.ENV_VARS["api"]: entered.api_password, secrets.ENV_VARS["indexer"]: entered.indexer_password}
    if untyped := [variable for variable in saved.env_needed if not typed[variable]]:
        print(
            f"Connection test skipped: no password to log in with. Set {' and '.join(untyped)} and run this "
            "command again to test the connection."
        )
        return 0
    print("Connection test:", flush=True)
    try:
        report = asyncio.run(
            run_connection_test(
                entered.settings(),
                profile=entered.name,
                api_password=entered.api_password,
                indexer_password=entered.indexer_password,
                progress=_print_check,
            )
        )
    except WazuhMCPError as exc:
        print(f"wazuh-mcp setup: {exc}", file=sys.stderr)
        return 1
    save_report(report)
    verdict = {"ok": "passed", "warn": "passed with warnings", "fail": "FAILED"}[report.status]
    print(f"Connection test {verdict}.")
    return 0 if report.ok else 1


# --- connect ------------------------------------------------------------------------------


@command("connect")
def _connect(args: argparse.Namespace) -> int:
    if args.demo and args.profile:
        print("wazuh-mcp connect: --demo and --profile contradict each other; choose one.", file=sys.stderr)
        return 2
    if args.url and (args.demo or args.profile):
        print("wazuh-mcp connect: --url connects to a running team server; drop --demo/--profile.", file=sys.stderr)
        return 2
    if args.project is not None and args.client == "claude-desktop":
        print("wazuh-mcp connect: Claude Desktop has no per-project configuration; drop --project.", file=sys.stderr)
        return 2
    target = _target_for(args.client, project=args.project)
    if args.remove:
        entry = None
    elif args.url:
        entry = remote_entry(args.client, args.url)
    else:
        entry = _server_entry(args.client, profile=args.profile, demo=args.demo)
    change = plan_change(target, args.name, entry=entry)
    print(change.summary())
    if change.changed:
        print(change.diff(), end="")
    if args.client == "claude-code" and entry is not None:
        print(f"\nEquivalent with Claude Code's CLI:\n  {claude_mcp_add_command(args.name, entry)}")
    if args.dry_run or not change.changed:
        if args.dry_run and change.changed:
            print("\n(dry run: nothing written)")
        return 0
    backup = apply_change(change)
    done = "Removed from" if change.action == "remove" else "Wrote"
    print(f"\n{done} {target.path}." + (f" Previous file kept as {backup}." if backup else ""))
    if change.action != "remove":
        print(f"Restart {target.title} to pick it up.")
    return 0


# --- audit --------------------------------------------------------------------------------


@command("audit")
def _audit(args: argparse.Namespace) -> int:
    if args.verify:
        return _verify_audit(args)
    if _on_terminal():
        return _run_app("audit", args.profile, args.file)
    from tui.audit_tail import AuditTail
    from tui.audit_users import legend, shown_user
    from tui.status import audit_path_for, load_settings
    from wazuh_mcp.runtime.audit import terminal_safe

    settings = load_settings(args.profile)[1]
    path = args.file or audit_path_for(settings)
    events = AuditTail(path).load_tail(max(1, args.last))
    if not events:
        print(f"No audit records in {path}.", file=sys.stderr)
        return 0
    # "#" lines: a person reads what the columns are; a script skips them.
    print(terminal_safe(f"# wazuh-mcp audit: the last {len(events)} call(s) in {path}, oldest first", limit=400))
    print("# time (UTC) | tool | outcome | duration | user | error code")
    for event in events:
        code = f" {event.error_code}" if event.error_code else ""
        line = f"{event.ts} {event.shown_tool()} {event.outcome} {event.duration_ms:.0f}ms {shown_user(event)}{code}"
        print(terminal_safe(line, limit=400))
    accounts = [settings.api.user] if settings is not None and settings.api.user else []
    for words in legend((shown_user(e) for e in events), accounts):
        print(terminal_safe(f"# user {words}", limit=400))
    return 0


def _verify_audit(args: argparse.Namespace) -> int:
    """``audit --verify``: no Textual, one report per stream, exit 1 when any is damaged."""
    from tui.status import audit_path_for, load_settings
    from wazuh_mcp.runtime.audit import changes_path, terminal_safe
    from wazuh_mcp.runtime.audit_chain import verify

    path = args.file or audit_path_for(load_settings(args.profile)[1])
    if args.indexer:
        return _verify_indexed(args, path)
    ok = True
    for stream in (path, changes_path(path)):
        try:
            report = verify(stream)
        except OSError as exc:
            print(f"wazuh-mcp audit: cannot read {stream}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        ok = ok and report.ok
        print(terminal_safe(report.summary(), keep_newlines=True))
        _record_verify(args, stream, report.ok, len(report.problems), report.summary())
    return 0 if ok else 1


def _record_verify(args: argparse.Namespace, stream: Path | str, ok: bool, problems: int, summary: str) -> None:
    """A verification is itself audited, so Wazuh's rule 100711 alerts on a broken chain (best effort: a
    trail that cannot be written is what the report above already says)."""
    import time

    from wazuh_mcp.config.settings import Settings, selected_profile
    from wazuh_mcp.runtime.audit import Auditor, AuditSink, now_iso

    if args.file is not None:  # some other file: appending to it would change what was verified
        return
    try:
        settings = Settings.load(profile=selected_profile(args.profile))
        auditor = Auditor(AuditSink.from_settings(settings), session="cli-verify", role=None)
        auditor.record(
            "audit.verify",
            "audit",
            args={"stream": str(stream), "problems": problems},
            ts=now_iso(),
            started=time.perf_counter(),
            error_code=None if ok else "conflict",
            error=None if ok else summary[:1000],
        )
    except Exception as exc:  # never hide the report behind a failure to record it
        print(f"wazuh-mcp audit: could not record this verification: {exc}", file=sys.stderr)


def _verify_indexed(args: argparse.Namespace, path: Path) -> int:
    """``audit --verify --indexer``: each replica's chain as the Indexer holds it, and this replica's file."""
    from wazuh_mcp.config.settings import Settings, replica_name, selected_profile
    from wazuh_mcp.errors import WazuhMCPError
    from wazuh_mcp.runtime.audit import terminal_safe
    from wazuh_mcp.runtime.audit_index import verify_indexed
    from wazuh_mcp.runtime.factory import indexer_docs_from_settings

    name = selected_profile(args.profile)
    settings = Settings.load(profile=name)
    try:
        docs = indexer_docs_from_settings(settings, name)
        reports = verify_indexed(docs, f"{settings.team.audit_prefix}-*", local=path, replica=replica_name(settings))
    except WazuhMCPError as exc:
        print(f"wazuh-mcp audit: {exc.render()}", file=sys.stderr)
        return 2
    for report in reports:
        print(terminal_safe(report.summary(), keep_newlines=True))
        _record_verify(args, f"indexer:{report.replica}", report.ok, len(report.problems), report.summary())
    return 0 if all(report.ok for report in reports) else 1
