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
from typing import Any, TextIO

from wazuh_mcp.commands import SubParsers, command, positive_count
from wazuh_mcp.setup.ai_clients import (
    CLIENTS,
    DEFAULT_SERVER_NAME,
    Login,
    apply_change,
    claude_mcp_add_command,
    plan_change,
    remote_entry,
)
from wazuh_mcp.setup.ai_clients import server_entry as _server_entry
from wazuh_mcp.setup.ai_clients import target_for as _target_for
from wazuh_mcp.untrusted import shown

OK_MARK = {"ok": "[ ok ]", "warn": "[warn]", "fail": "[FAIL]", "skip": "[skip]", "running": "[ .. ]"}


def add_parsers(sub: SubParsers) -> None:
    launcher = sub.add_parser("launcher", help="open the launcher (what `wazuh-mcp` does on a terminal)")
    launcher.add_argument("--profile", help="profile to show and edit")

    setup = sub.add_parser(
        "setup",
        help="set up a profile: the wizard, or --non-interactive for scripted roll-outs",
        description="Without --non-interactive this opens the setup wizard. With it, the Server API password "
        "and then, with --indexer-url, the Indexer password are read from stdin, one per line.",
    )
    setup.add_argument("--non-interactive", action="store_true", help="no UI: flags + passwords on stdin")
    setup.add_argument("--profile", help="profile name (default: the file's default_profile, else 'default')")
    setup.add_argument("--api-url", help="Server API URL, e.g. https://wazuh.example.org:55000")
    setup.add_argument("--api-user", help="Server API user")
    setup.add_argument(
        "--indexer-url",
        help="Indexer URL, e.g. https://wazuh.example.org:9200 (leave out for a Server-API-only profile)",
    )
    setup.add_argument("--indexer-user", help="Indexer user (with --indexer-url)")
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
    login = connect.add_argument_group(
        'signing in to a team server (with --url; docs/team.md, "Logging in")',
        "Without these the client registers itself at the identity provider the server names.",
    )
    login.add_argument(
        "--client-id", help="a client registered at the identity provider beforehand (providers without registration)"
    )
    login.add_argument(
        "--callback-port", type=int, help="Claude Code: the fixed port of that client's loopback redirect URI"
    )
    login.add_argument("--scope", help='scopes the client asks for, e.g. "api://wazuh-mcp/mcp.use" (Entra ID)')
    login.add_argument(
        "--token-env",
        metavar="VAR",
        help="no sign-in by the client: send the token held in environment variable VAR (the file names VAR only)",
    )

    audit = sub.add_parser("audit", help="follow the audit log live (prints the last calls when not on a terminal)")
    audit.add_argument("--file", type=Path, help="audit JSONL to follow (default: the profile's audit_log)")
    audit.add_argument("--profile", help="profile whose audit log to follow")
    audit.add_argument(
        "--last", type=positive_count, default=20, help="without a terminal: how many calls to print (1 or more)"
    )
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


def _missing_profile(name: str) -> str | None:
    from wazuh_mcp.config.profiles import missing_profile

    return missing_profile(name)


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


def _print_check(check: object) -> None:
    from wazuh_mcp.setup.conncheck import Check

    assert isinstance(check, Check)
    if check.status == "running":
        return
    # the detail quotes what the server answered (a version string, an error body): through the sanitizer
    print(f"{OK_MARK[check.status]} {shown(check.title)}: {shown(check.detail)}", flush=True)
    if check.hint and check.status in ("warn", "fail"):
        print(f"       → {shown(check.hint)}", flush=True)


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
    from wazuh_mcp.config.settings import read_config_file, selected_profile
    from wazuh_mcp.errors import WazuhMCPError
    from wazuh_mcp.setup.conncheck import run_connection_test, save_report
    from wazuh_mcp.setup.flow import (
        ProfileInput,
        check_input,
        must_enter_passwords,
        parse_run_as,
        save_headless,
        saved_sentence,
        untestable,
    )

    # The Indexer is optional (a profile may use only the Server API: agents, rules, changes, responses);
    # its user is needed only with its URL (check_input says so).
    missing = [flag for flag, value in (("--api-url", args.api_url), ("--api-user", args.api_user)) if not value]
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
            indexer_url=args.indexer_url or "",
            indexer_user=args.indexer_user or "",
            verify_tls=not args.insecure,
            ca_bundle=args.ca_bundle or "",
            run_as=parse_run_as(args.run_as or "") if args.run_as is not None else base.run_as,
            role=args.role or base.role,
            writes=(args.writes == "on") if args.writes else base.writes,
            make_default=args.default or base.make_default,
            extra=base.extra,
        )
        entered.api_password, entered.indexer_password = _read_passwords(stdin, want_indexer=bool(args.indexer_url))
        # Without a keyring a typed password cannot be kept: the variables carry it, set here or later.
        checked = check_input(entered, require_passwords=must_enter_passwords())
        for problem in checked.problems.values():
            print(f"wazuh-mcp setup: {problem}", file=sys.stderr)
        if checked.problems:
            return 2
        for warning in checked.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        saved = save_headless(entered)
    except WazuhMCPError as exc:
        print(f"wazuh-mcp setup: {shown(str(exc))}", file=sys.stderr)
        return 1 if exc.code != "invalid_argument" else 2
    print(saved_sentence(entered.name, saved))
    if args.no_test:
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
                untested=untestable(entered),
            )
        )
    except WazuhMCPError as exc:
        print(f"wazuh-mcp setup: {shown(str(exc))}", file=sys.stderr)
        return 1
    save_report(report)
    verdict = {"ok": "passed", "warn": "passed with warnings", "fail": "FAILED"}[report.status]
    print(f"Connection test {verdict}.")
    return 0 if report.ok else 1


# --- connect ------------------------------------------------------------------------------


_SIGNING_IN = ("--client-id", "--callback-port", "--scope", "--token-env")


def _connect_conflict(args: argparse.Namespace) -> str | None:
    """What makes ``connect``'s options contradict each other, in words; None when they fit."""
    if args.demo and args.profile:
        return "--demo and --profile contradict each other; choose one."
    if args.url and (args.demo or args.profile):
        return "--url connects to a running team server; drop --demo/--profile."
    given = [flag for flag in _SIGNING_IN if getattr(args, flag[2:].replace("-", "_")) is not None]
    if given and not args.url:
        return f"{', '.join(given)} apply to a team server; add --url."
    if args.project is not None and args.client == "claude-desktop":
        return "Claude Desktop has no per-project configuration; drop --project."
    return None


@command("connect")
def _connect(args: argparse.Namespace) -> int:
    conflict = _connect_conflict(args)
    if conflict is not None:
        print(f"wazuh-mcp connect: {conflict}", file=sys.stderr)
        return 2
    if args.profile and not args.remove and (problem := _missing_profile(args.profile)):
        # The entry would start `serve --profile NAME` and every call would fail: say so now, not there.
        print(
            f"wazuh-mcp connect: {problem} Nothing written: the entry would start a server with nothing configured.",
            file=sys.stderr,
        )
        return 2
    target = _target_for(args.client, project=args.project)
    if args.remove:
        entry = None
    elif args.url:
        login = Login(args.client_id, args.callback_port, args.scope, args.token_env)
        entry = remote_entry(args.client, args.url, login)
    else:
        entry = _server_entry(args.client, profile=args.profile, demo=args.demo)
    change = plan_change(target, args.name, entry=entry)
    print(shown(change.summary()))  # a cloned project's file: its path and text are someone else's
    if change.changed:
        print(shown(change.diff(), multiline=True), end="")
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
    if entry is not None and args.token_env:
        print(
            f"{target.title} sends the token held in {args.token_env}: set it in the environment {target.title} "
            "starts in, and again when the token expires (the file names the variable only)."
        )
    elif entry is not None and args.url and args.client == "claude-code":
        print(f"Claude Code signs you in at the identity provider on first use, or now: claude mcp login {args.name}")
    return 0


# --- audit --------------------------------------------------------------------------------


@command("audit")
def _audit(args: argparse.Namespace) -> int:
    if args.profile and (problem := _missing_profile(args.profile)):
        # A typo would read (and --verify would vouch for, and record in) the default profile's trail.
        print(f"wazuh-mcp audit: {problem}", file=sys.stderr)
        return 2
    if args.verify:
        return _verify_audit(args)
    if _on_terminal():
        return _run_app("audit", args.profile, args.file)
    from tui.audit_tail import AuditTail
    from tui.audit_users import legend, shown_user
    from tui.status import audit_path_for, load_settings

    settings = load_settings(args.profile)[1]
    path = args.file or audit_path_for(settings)
    events = AuditTail(path).load_tail(args.last)
    if not events:
        print(f"No audit records in {path}.", file=sys.stderr)
        return 0
    # "#" lines: a person reads what the columns are; a script skips them.
    print(shown(f"# wazuh-mcp audit: the last {len(events)} call(s) in {path}, oldest first", limit=400))
    print("# time (UTC) | tool | outcome | duration | user | error code")
    for event in events:
        code = f" {event.error_code}" if event.error_code else ""
        line = f"{event.ts} {event.shown_tool()} {event.outcome} {event.duration_ms:.0f}ms {shown_user(event)}{code}"
        print(shown(line, limit=400))
    accounts = [settings.api.user] if settings is not None and settings.api.user else []
    for words in legend((shown_user(e) for e in events), accounts):
        print(shown(f"# user {words}", limit=400))
    return 0


def _verify_audit(args: argparse.Namespace) -> int:
    """``audit --verify``: no Textual, one report per stream, exit 1 when any is damaged."""
    from tui.status import audit_path_for, load_settings
    from wazuh_mcp.runtime.audit import changes_path
    from wazuh_mcp.runtime.audit_chain import verify

    settings = load_settings(args.profile)[1]
    path = args.file or audit_path_for(settings)
    if args.indexer:
        return _verify_indexed(args, path)
    ok = True
    for stream in (path, changes_path(path)):
        try:
            report = verify(stream, _indexer_anchor(settings, stream, args.file))
        except OSError as exc:
            print(f"wazuh-mcp audit: cannot read {stream}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        ok = ok and report.ok
        print(shown(report.summary(), multiline=True))
        _record_verify(args, stream, report.ok, len(report.problems), report.summary())
    return 0 if ok else 1


def _indexer_anchor(settings: Any, stream: Path, file: Path | None) -> Any:
    """Team mode: the Indexer's copy of this replica's trail, an anchor outside the state directory."""
    if file is not None or settings is None or settings.team.store != "indexer":
        return None
    from wazuh_mcp.runtime.audit import AuditSink

    return AuditSink.from_settings(settings).outside_copy(stream)


def _record_verify(args: argparse.Namespace, stream: Path | str, ok: bool, problems: int, summary: str) -> None:
    """A verification is itself audited, so Wazuh's rule 100711 alerts on a broken chain (best effort: a
    trail that cannot be written is what the report above already says). The record goes to the profile's
    own trail, also when ``--file`` named another file (issue 25: a failed check of a copy left no trace);
    ``stream`` says which file was checked."""
    import time

    from wazuh_mcp.config.settings import Settings, selected_profile
    from wazuh_mcp.runtime.audit import Auditor, AuditSink, now_iso

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
        print(f"wazuh-mcp audit: could not record this verification: {shown(str(exc))}", file=sys.stderr)


def _verify_indexed(args: argparse.Namespace, path: Path) -> int:
    """``audit --verify --indexer``: each replica's chain as the Indexer holds it, and this replica's file."""
    from wazuh_mcp.config.settings import Settings, replica_name, selected_profile
    from wazuh_mcp.errors import WazuhMCPError
    from wazuh_mcp.runtime.audit_index import verify_indexed
    from wazuh_mcp.runtime.factory import indexer_docs_from_settings

    name = selected_profile(args.profile)
    settings = Settings.load(profile=name)
    try:
        docs = indexer_docs_from_settings(settings, name)
        reports = verify_indexed(docs, f"{settings.team.audit_prefix}-*", local=path, replica=replica_name(settings))
    except WazuhMCPError as exc:
        print(f"wazuh-mcp audit: {shown(exc.render())}", file=sys.stderr)
        return 2
    for report in reports:
        print(shown(report.summary(), multiline=True))
        _record_verify(args, f"indexer:{report.replica}", report.ok, len(report.problems), report.summary())
    return 0 if all(report.ok for report in reports) else 1
