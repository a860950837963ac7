"""``wazuh-mcp pending | show | approve | reject``: a person deciding on changes a model asked for.

These run in a terminal, in a process separate from the ``serve`` that an AI client started, with
the same environment (state dir, settings, profile). ``approve`` applies the change to the Wazuh
it was prepared for — the demo stand-in for a ``serve --demo`` session — see ``wazuh_mcp.writes.approvals``.

    wazuh-mcp pending [--all]          what waits for a decision (--all: every recorded change)
    wazuh-mcp show ID                  one change in full: who asked, target, sha256, diff
    wazuh-mcp approve ID [--yes]       show it, ask on a terminal (refused without one unless --yes), apply once
    wazuh-mcp reject ID [--reason R]   refuse it; it can never be applied afterwards
    wazuh-mcp undo ID                  propose the inverse of an applied response (a new change to approve)
    wazuh-mcp integrity-key [--new | --set | --rotate]   the key change records and the audit are sealed with
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time

from wazuh_mcp.commands import SubParsers, command
from wazuh_mcp.models.write import PendingChange
from wazuh_mcp.untrusted import shown

CHANGE_ID_HELP = "the change's id: ch- and 8 hex digits, e.g. ch-1a2b3c4d (`wazuh-mcp pending` lists them)"


def add_parsers(sub: SubParsers) -> None:
    pending = sub.add_parser("pending", help="list changes waiting for a person's approval")
    pending.add_argument("--all", action="store_true", help="every recorded change, decided ones included")
    show = sub.add_parser("show", help="show one pending change in full (diff, sha256, who asked)")
    show.add_argument("change_id", metavar="ID", help=CHANGE_ID_HELP)
    approve = sub.add_parser("approve", help="approve and apply a pending change to Wazuh")
    approve.add_argument("change_id", metavar="ID", help=CHANGE_ID_HELP)
    approve.add_argument(
        "--yes", "-y", action="store_true", help="apply without asking (needed when stdin or stdout is not a terminal)"
    )
    approve.add_argument("--profile", help="settings profile to apply with (default: the requesting server's)")
    approve.add_argument(
        "--unnamed-requester",
        action="store_true",
        help="approve a team change whose requester's token carried no name (you know who asked, and it was not you)",
    )
    reject = sub.add_parser("reject", help="reject a pending change")
    reject.add_argument("change_id", metavar="ID", help=CHANGE_ID_HELP)
    reject.add_argument("--reason", help="why (kept in the change record and the audit log)")
    undo = sub.add_parser("undo", help="propose the inverse of an applied response action, as a new pending change")
    undo.add_argument("change_id", metavar="ID", help=CHANGE_ID_HELP)
    undo.add_argument("--profile", help="settings profile to plan with (default: the requesting server's)")
    key = sub.add_parser(
        "integrity-key", help="the key change records and the audit trail are sealed with (docs/team.md)"
    )
    action = key.add_mutually_exclusive_group()
    action.add_argument("--new", action="store_true", help="print a fresh key for a team's secret store; store nothing")
    action.add_argument("--set", action="store_true", help="store the key(s) read from stdin in the OS keyring")
    action.add_argument("--rotate", action="store_true", help="a new key first in the keyring, the old kept to verify")


SILENCES_WARNING = "WARNING: this change silences detections"


def _missing_profile(verb: str, profile: str | None, nothing: str) -> bool:
    """True, said on stderr, when ``--profile`` names a profile the settings file does not hold (issue 26 item 9):
    a typo applied or planned with the WAZUH_MCP_* variables alone and that name's default response policy.
    Refused as `connect` and `audit` refuse it."""
    from wazuh_mcp.config.profiles import missing_profile

    problem = missing_profile(profile) if profile else None
    if problem:
        print(f"wazuh-mcp {verb}: {problem} {nothing}", file=sys.stderr)
    return problem is not None


def _s(value: object) -> str:
    """One value of a change record on one line, every control, bidi and invisible character made visible:
    the record holds what a model, a monitored host or a writer of the store put there (``untrusted.shown``)."""
    return shown(str(value))


def _line(change: PendingChange) -> str:
    return (
        f"{_s(change.id)}  {_s(change.state):<8}  {_s(change.tool):<21}  {_s(change.target):<40}  "
        f"asked {_s(change.created_at)}  expires {_s(change.expires_at)}"
    )


def describe(change: PendingChange) -> str:
    """Everything a person needs to decide, as text; every value through ``untrusted.shown`` (one line each,
    the diff with its own lines), so nothing recorded can move the cursor, erase a line or reorder text."""
    who = change.requested_by
    asked_by = ", ".join(
        p
        for p in (
            f"session {_s(who.session)}" if who.session else "",
            f"role {_s(who.role)}" if who.role else "",
            f"analyst {_s(who.analyst)}" if who.analyst else "",
            f"subject {_s(who.subject)}" if who.subject else "",
            f"Wazuh user {_s(who.wazuh_user)}" if who.wazuh_user else "",
            "demo" if who.demo else "",
        )
        if p
    )
    lines = [
        f"Change {_s(change.id)}: {_s(change.summary)}",
        f"  state       {_s(change.state)}" + (f" ({_s(change.reason)})" if change.reason else ""),
        f"  tool        {_s(change.tool)} (tier {_s(change.tier)})",
        f"  target      {_s(change.target)} on {_s(who.api_url or 'the configured Server API')}",
        f"  asked by    {asked_by or 'unknown'} at {_s(change.created_at)}",
        f"  expires     {_s(change.expires_at)}",
        f"  sha256      {_s(change.change_sha256)}",
    ]
    if change.kind == "restart_manager" and change.arguments.get("node"):
        node = _s(change.arguments["node"])
        lines.append(
            f"  node        {node} (approval restarts it only if the Server API still names it as this manager)"
        )
    if change.base_sha256:
        lines.append(f"  replaces    file with sha256 {_s(change.base_sha256)}")
    if change.undo_of:
        lines.append(f"  undoes      {_s(change.undo_of)}")
    if change.applied_at:
        lines.append(f"  applied     {_s(change.applied_at)}: {_s(change.result)}")
    if change.silences:
        lines += ["", f"{SILENCES_WARNING}:"] + [f"  - {_s(words)}" for words in change.silences]
    lines += ["", shown(change.diff.rstrip("\n"), multiline=True)]
    if change.outcomes:
        lines += ["", "What Wazuh answered:"]
        for outcome in change.outcomes:
            lines.append(f"  {_s(outcome.request)}")
            lines.append(f"    sent to: {_s(', '.join(outcome.affected) or 'no agent')}")
            lines += [f"    not sent: {_s(failed)}" for failed in outcome.failed]
    return "\n".join(lines)


@command("pending")
def _pending(args: argparse.Namespace) -> int:
    from wazuh_mcp.writes.approvals import default_store

    store = default_store()
    changes = store.list_changes() if args.all else store.list_pending()
    if not changes:
        print("No change is waiting for approval." if not args.all else "No change has been recorded.")
        return 0
    for change in changes:
        print(_line(change))
        print(f"    {_s(change.summary)}")
    if not args.all:
        print("\nInspect one with `wazuh-mcp show ID`; decide with `wazuh-mcp approve ID` or `wazuh-mcp reject ID`.")
    return 0


@command("show")
def _show(args: argparse.Namespace) -> int:
    from wazuh_mcp.writes.approvals import get_change

    print(describe(get_change(args.change_id)))
    return 0


def _confirmed(change: PendingChange) -> bool:
    if change.silences:  # again, next to the question: a long rule scrolls the first warning off the screen
        print(f"\n{SILENCES_WARNING} ({len(change.silences)} detection(s), listed above the rule).")
    try:
        answer = input(f"\nApply {_s(change.id)} to {_s(change.requested_by.api_url or 'Wazuh')}? Type yes to apply: ")
    except EOFError:  # Ctrl-D at the prompt is a no, not a traceback
        print()
        return False
    return answer.strip().lower() == "yes"


@command("approve")
def _approve(args: argparse.Namespace) -> int:
    from wazuh_mcp.demo import DEMO_WAZUH
    from wazuh_mcp.errors import InvalidArgument
    from wazuh_mcp.runtime.audit import now_iso
    from wazuh_mcp.writes.approvals import ApprovalPath

    if _missing_profile("approve", args.profile, "Nothing was applied."):
        return 2
    # settings, auditor and store once for the whole decision
    path = ApprovalPath.local(demo=DEMO_WAZUH, unnamed_requester=args.unnamed_requester)
    store = path.store
    change = store.ensure_pending(args.change_id, step="approval.approve")
    print(describe(change))
    if not args.yes:
        # The question needs a person at a terminal on both ends: with a pipe on stdin (`echo no | approve`)
        # or on stdout (`approve | less`, an agent's shell tool) nobody sees it or answers it, so no answer
        # can be taken as yes. Only an explicit --yes applies without asking.
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            with store.refusals_audited("approval.approve", change.id, now_iso(), time.perf_counter()):
                raise InvalidArgument(
                    f"Change {change.id} was not approved: approve asks for a typed 'yes' on a terminal, and "
                    "stdin or stdout is not a terminal.",
                    hint=f"Run `wazuh-mcp approve {change.id}` in a terminal, or pass --yes to approve without "
                    "being asked.",
                )
        if not _confirmed(change):
            print("Not approved; the change stays pending.")
            return 1
    applied = asyncio.run(path.approve(args.change_id, profile=args.profile))
    print(f"\nApplied {_s(applied.id)}: {_s(applied.result)}.")
    if applied.requests:
        if applied.inverse:
            print(
                f"To reverse it: `wazuh-mcp undo {_s(applied.id)}` ({_s(applied.inverse.summary)}; needs its own "
                "approval)."
            )
    elif applied.kind == "restart_manager":
        print("The manager is restarting; `cluster_status` shows when every node runs again.")
    else:
        print("The rule file is on the manager; it takes effect after a manager restart.")
    return 0


@command("reject")
def _reject(args: argparse.Namespace) -> int:
    from wazuh_mcp.writes.approvals import reject

    change = reject(args.change_id, reason=args.reason)
    print(f"Rejected {_s(change.id)} ({_s(change.summary)}). It can no longer be applied.")
    return 0


@command("undo")
def _undo(args: argparse.Namespace) -> int:
    from wazuh_mcp.demo import DEMO_WAZUH
    from wazuh_mcp.writes.approvals import propose_undo

    if _missing_profile("undo", args.profile, "Nothing was proposed."):
        return 2
    change = asyncio.run(propose_undo(args.change_id, profile=args.profile, demo=DEMO_WAZUH))
    print(describe(change))
    print(f"\nProposed {_s(change.id)} to undo {_s(args.change_id)}; nothing was sent.")
    print(f"Approve it with `wazuh-mcp approve {_s(change.id)}` or reject it with `wazuh-mcp reject {_s(change.id)}`.")
    return 0


@command("integrity-key")
def _integrity_key(args: argparse.Namespace) -> int:
    from wazuh_mcp.config import integrity

    if args.new:
        print(integrity.new_key_text())
        return 0
    if args.set:
        found = integrity.store_in_keyring(sys.stdin.read())
        print(f"Stored in the OS keyring: signing key {found.current.kid if found.current else '?'}.")
        return 0
    if args.rotate:
        old = integrity.stored_text() or ""
        found = integrity.store_in_keyring(f"{integrity.new_key_text()} {old}")
        print(
            f"New signing key {found.current.kid if found.current else '?'}; {len(found.known) - 1} older key(s) kept."
        )
        print("Give every replica the same keys (docs/team.md, 'The integrity key').")
        return 0
    found = integrity.load(create=False)
    if found.current is None:
        why = found.unavailable or "no integrity key"
        print(f"{why[0].upper()}{why[1:]}. Change tools and approvals refuse until there is one (docs/team.md).")
        return 1
    older = [kid for kid in found.known if kid != found.current.kid]
    print(f"Signing key {found.current.kid}, from {found.source}.")
    if older:
        print(f"Verify-only key(s): {', '.join(older)}.")
    return 0
