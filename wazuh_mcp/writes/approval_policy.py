"""Who may decide on a change: the one policy every change store applies, whatever holds the changes.

- **The approver's role must allow the change's own tool** (``respond.isolate_agent``, not just any
  write tool): a role without ``respond.*`` cannot approve an isolation, and a role allowed only
  ``respond.*`` can approve responses.
- **Four eyes** for a change a team analyst asked for (it carries the requester's token ``sub``):
  the approver is another person. Identities are compared after normalising (``identity_key``: case,
  the ``@domain`` of a UPN, the ``DOMAIN\\`` of a down-level name), and *any* shared identity makes
  them one person: the token subject, the display name (``preferred_username``), the Wazuh user the
  analyst runs as, the OS login of a ``wazuh-mcp approve`` at the server. So two subjects with one
  display name read as one person (refused), and one person cannot approve with a second subject
  that carries their name or Wazuh user.
- A change with **no requester subject** is exempt only when a stdio session on this workstation asked
  for it and it is kept in the file store (the record says ``channel: stdio``): the workstation's own user
  approves the model's request; so is the undo of such a change asked at this machine's command line
  (``channel: cli``). Over HTTP, in the Indexer store, or without a recorded channel it is
  refused — never waved through four eyes.
- A team change whose requester had **no name claim** cannot be compared with an OS login: the CLI
  approves it only when the approver says so (``--unnamed-requester``).
- **Undo** is requested by whoever runs it, as themselves, and a change is undone at most once
  (``check_undo``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from wazuh_mcp.errors import Conflict, Forbidden
from wazuh_mcp.models.write import PendingChange, Requester
from wazuh_mcp.runtime.registry import role_allows

Channel = Literal["http", "cli", "attested"]
LIVE_STATES = frozenset({"pending", "approved", "applied"})
"""An undo in one of these states counts: the original is (being) undone."""


def identity_key(name: str | None) -> str | None:
    """One person's name as compared: NFKC, case-folded, without a UPN's ``@domain`` or a
    ``DOMAIN\\`` prefix, surrounding spaces removed. None for nothing usable."""
    if not name:
        return None
    text = unicodedata.normalize("NFKC", name).strip().casefold()
    text = text.rsplit("\\", 1)[-1].split("@", 1)[0].strip()
    return text or None


def run_as_user(identity: str | None) -> str | None:
    """The analyst's own Wazuh user in a recorded identity (``svc as analyst-a`` → ``analyst-a``); the
    service account alone names nobody in particular."""
    if not identity or " as " not in identity:
        return None
    return identity.split(" as ", 1)[1]


@dataclass(frozen=True)
class Approver:
    """Who decides in this process, and what their role allows."""

    person: str
    """``decided_by``: the OS login (CLI) or the analyst's name and subject (HTTP)."""
    role: str | None
    allowed: tuple[str, ...]
    """The role's tool patterns (``role_tool_allowlist[role]``)."""
    channel: Channel
    subject: str | None = None
    """HTTP: the token's ``sub``."""
    names: tuple[str, ...] = field(default_factory=tuple)
    """Every name this approver goes by: display name, Wazuh user, OS login."""
    unnamed_requester: bool = False
    """CLI: the approver said they know who asked a change whose token carried no name."""

    def keys(self) -> set[str]:
        return {k for k in map(identity_key, self.names) if k}


def requester_keys(asked: Requester) -> set[str]:
    return {k for k in (identity_key(asked.analyst), identity_key(run_as_user(asked.wazuh_user))) if k}


def decided_by(name: str | None, subject: str) -> str:
    """The HTTP approver as the record shows them: a display name alone can be shared by two subjects."""
    return f"{name} (sub {subject})" if name else f"sub {subject}"


def check_approval(change: PendingChange, approver: Approver, store: str = "file") -> None:
    """Refuse (``Forbidden``, saying why) unless ``approver`` may approve ``change`` (kept in ``store``,
    ``file`` or ``indexer``)."""
    if not role_allows(approver.allowed, change.tool):
        raise Forbidden(
            f"Role '{approver.role}' may not approve change {change.id}: it is a {change.tool} change, and "
            "the role is not allowed that tool.",
            hint=f"Someone whose role allows {change.tool} (role_tool_allowlist) approves it.",
        )
    asked = change.requested_by
    if asked.subject is None:
        if asked.channel in ("stdio", "cli") and store == "file":
            return  # asked on this workstation (stdio, or its own command line): its own user approves it
        how = "over HTTP" if asked.channel == "http" else "by a session that did not record how it was asked"
        if asked.channel in ("stdio", "cli"):
            how = f"over {asked.channel} but kept in the {store} store"
        raise Forbidden(
            f"Change {change.id} was asked for {how} with no requester subject, so nothing shows who asked: four "
            "eyes cannot be checked, and it is refused.",
            hint="Ask for the change again through the team server with a verified token (serve --http with "
            "oauth.issuer), or from a stdio session on the workstation that keeps it in its own file store.",
        )
    same = (approver.subject is not None and approver.subject == asked.subject) or bool(
        approver.keys() & requester_keys(asked)
    )
    if same:
        raise Forbidden(
            f"Change {change.id} was requested by {_requester(asked)}; another person must approve it (four eyes).",
            hint="Ask a colleague to approve it (wazuh-mcp approve, or the approval endpoint).",
        )
    if approver.channel == "cli" and not requester_keys(asked) and not approver.unnamed_requester:
        raise Forbidden(
            f"Change {change.id} was requested by a token with no name claim (subject {asked.subject}), so "
            "nothing shows whether that was you.",
            hint=f"If you know who asked and it was not you, run `wazuh-mcp approve {change.id} --unnamed-requester`.",
        )


def _requester(asked: Requester) -> str:
    return f"{asked.analyst} (sub {asked.subject})" if asked.analyst else f"sub {asked.subject}"


def check_undo(change: PendingChange, changes: Iterable[PendingChange], undoer: Approver) -> None:
    """Whoever asks for an undo asks as themselves: their role must allow the inverse tool. A change is
    undone at most once: refuse when an undo of it is pending or went through."""
    inverse = change.inverse.tool if change.inverse else change.tool
    if not role_allows(undoer.allowed, inverse):
        raise Forbidden(
            f"Role '{undoer.role}' may not ask for {inverse}, the undo of change {change.id}.",
            hint=f"Someone whose role allows {inverse} runs `wazuh-mcp undo {change.id}`.",
        )
    for other in changes:
        if other.undo_of == change.id and other.state in LIVE_STATES:
            raise Conflict(
                f"Change {change.id} is already being undone by {other.id} ({other.state}); a change is undone "
                "at most once.",
                hint=f"Reject {other.id} first if that undo is not wanted (`wazuh-mcp reject {other.id}`).",
            )


def undo_requester(
    original: Requester, *, login: str, session: str, role: str | None, wazuh_user: str, channel: Channel
) -> Requester:
    """Who asks for an undo: the person running it, never the original requester. A team change's undo is a
    team change (four eyes again), asked for by that OS login. ``channel`` is the undoer's own (``cli`` for
    ``wazuh-mcp undo`` and the launcher), never the original request's."""
    return Requester(
        session=session,
        role=role,
        wazuh_user=wazuh_user,
        profile=original.profile,
        demo=original.demo,
        api_url=original.api_url,
        subject=f"local:{login}" if original.subject is not None else None,
        analyst=login,
        channel="http" if channel == "http" else "cli",
    )
