"""``wazuh-mcp pending | show | approve | reject``: a person deciding on changes a model asked for.

These run in a terminal, in a process separate from the ``serve`` that an AI client started, with
the same environment (state dir, settings, profile). ``approve`` applies the change to the Wazuh
it was prepared for — the demo stand-in for a ``serve --demo`` session — see ``wazuh_mcp.writes.approvals``.

    wazuh-mcp pending [--all]          what waits for a decision (--all: every recorded change)
    wazuh-mcp show ID                  one change in full: who asked, target, sha256, diff
    wazuh-mcp approve ID [--yes]       show it, ask on a terminal (refused without one unless --yes), apply once
    wazuh-mcp reject ID [--reason R]   refuse it; it can never be applied afterwards
    wazuh-mcp undo ID                  propose the inverse of an applied response (a new change to approve)
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time

from wazuh_mcp.commands import SubParsers, command
from wazuh_mcp.models.write import PendingChange


def add_parsers(sub: SubParsers) -> None:
    pending = sub.add_parser("pending", help="list changes waiting for a person's approval")
    pending.add_argument("--all", action="store_true", help="every recorded change, decided ones included")
    show = sub.add_parser("show", help="show one pending change in full (diff, sha256, who asked)")
    show.add_argument("change_id", metavar="ID")
    approve = sub.add_parser("approve", help="approve and apply a pending change to Wazuh")
    approve.add_argument("change_id", metavar="ID")
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
    reject.add_argument("change_id", metavar="ID")
    reject.add_argument("--reason", help="why (kept in the change record and the audit log)")
    undo = sub.add_parser("undo", help="propose the inverse of an applied response action, as a new pending change")
    undo.add_argument("change_id", metavar="ID")
    undo.add_argument("--profile", help="settings profile to plan with (default: the requesting server's)")


def _line(change: PendingChange) -> str:
    return (
        f"{change.id}  {change.state:<8}  {change.tool:<21}  {change.target:<40}  "
        f"asked {change.created_at}  expires {change.expires_at}"
    )


def describe(change: PendingChange) -> str:
    """Everything a person needs to decide, as text."""
    who = change.requested_by
    asked_by = ", ".join(
        p
        for p in (
            f"session {who.session}" if who.session else "",
            f"role {who.role}" if who.role else "",
            f"analyst {who.analyst}" if who.analyst else "",
            f"subject {who.subject}" if who.subject else "",
            f"Wazuh user {who.wazuh_user}" if who.wazuh_user else "",
            "demo" if who.demo else "",
        )
        if p
    )
    lines = [
        f"Change {change.id}: {change.summary}",
        f"  state       {change.state}" + (f" ({change.reason})" if change.reason else ""),
        f"  tool        {change.tool} (tier {change.tier})",
        f"  target      {change.target} on {who.api_url or 'the configured Server API'}",
        f"  asked by    {asked_by or 'unknown'} at {change.created_at}",
        f"  expires     {change.expires_at}",
        f"  sha256      {change.change_sha256}",
    ]
    if change.base_sha256:
        lines.append(f"  replaces    file with sha256 {change.base_sha256}")
    if change.undo_of:
        lines.append(f"  undoes      {change.undo_of}")
    if change.applied_at:
        lines.append(f"  applied     {change.applied_at}: {change.result}")
    if change.silences:
        lines += ["", "WARNING: this change silences detections:"] + [f"  - {words}" for words in change.silences]
    lines += ["", change.diff.rstrip("\n")]
    if change.outcomes:
        lines += ["", "What Wazuh answered:"]
        for outcome in change.outcomes:
            lines.append(f"  {outcome.request}")
            lines.append(f"    sent to: {', '.join(outcome.affected) or 'no agent'}")
            lines += [f"    not sent: {failed}" for failed in outcome.failed]
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
        print(f"    {change.summary}")
    if not args.all:
        print("\nInspect one with `wazuh-mcp show ID`; decide with `wazuh-mcp approve ID` or `wazuh-mcp reject ID`.")
    return 0


@command("show")
def _show(args: argparse.Namespace) -> int:
    from wazuh_mcp.writes.approvals import get_change

    print(describe(get_change(args.change_id)))
    return 0


def _confirmed(change: PendingChange) -> bool:
    try:
        answer = input(f"\nApply {change.id} to {change.requested_by.api_url or 'Wazuh'}? Type yes to apply: ")
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
    print(f"\nApplied {applied.id}: {applied.result}.")
    if applied.requests:
        if applied.inverse:
            print(f"To reverse it: `wazuh-mcp undo {applied.id}` ({applied.inverse.summary}; needs its own approval).")
    elif applied.kind == "restart_manager":
        print("The manager is restarting; `cluster_status` shows when every node runs again.")
    else:
        print("The rule file is on the manager; it takes effect after a manager restart.")
    return 0


@command("reject")
def _reject(args: argparse.Namespace) -> int:
    from wazuh_mcp.writes.approvals import reject

    change = reject(args.change_id, reason=args.reason)
    print(f"Rejected {change.id} ({change.summary}). It can no longer be applied.")
    return 0


@command("undo")
def _undo(args: argparse.Namespace) -> int:
    from wazuh_mcp.demo import DEMO_WAZUH
    from wazuh_mcp.writes.approvals import propose_undo

    change = asyncio.run(propose_undo(args.change_id, profile=args.profile, demo=DEMO_WAZUH))
    print(describe(change))
    print(f"\nProposed {change.id} to undo {args.change_id}; nothing was sent.")
    print(f"Approve it with `wazuh-mcp approve {change.id}` or reject it with `wazuh-mcp reject {change.id}`.")
    return 0
