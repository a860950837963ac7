"""Pending changes: the human half of every write to a Wazuh manager.

A write tool never changes Wazuh on the model's word. Under the default
``confirmation_required`` tier it calls ``ChangeStore.prepare`` and returns the change id;
a human then runs ``wazuh-mcp approve ID`` (or uses the TUI) in another process, which calls
``approve`` here. The store is a directory, so both processes share it:

    <state dir>/pending/ch-1a2b3c4d.json   one ``PendingChange`` per file, 0600, replaced atomically
    <state dir>/pending/ch-1a2b3c4d.lock   held (O_EXCL) while one process approves or rejects it

States: ``pending`` → ``approved`` → ``applied`` | ``failed``; ``pending`` → ``rejected``;
``pending`` → ``expired`` once ``expires_at`` passes. Only ``pending`` can be decided, and the
lock makes two concurrent approvals apply at most once. Before anything is sent the change is
checked against its own sha256 (the file was not edited), against the Wazuh it was prepared for
(same Server API URL) and against the target as it is *now* (same file hash, ids still free):
a stale change fails and is never retried. Every step is one ``AuditEvent`` (``approval.*``,
with ``change_id``).

Deciding goes through one ``ApprovalPath`` (the CLI, the launcher and the team server's endpoint):
settings loaded once, one auditor and one store (``default_store``), then the Wazuh the change was
prepared for — the way ``serve`` finds it (settings, profile, keyring), the serving process's own
client over HTTP, or, for a change a ``serve --demo`` session asked for, the demo's stand-in, which
the demo's wiring hands in (``DemoWazuh``). ``list_pending()``, ``get_change(id)`` and
``reject(id, reason)`` need no Wazuh.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import logging
import os
import re
import secrets
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from wazuh_mcp import untrusted
from wazuh_mcp.backends.api_generation import api_generation
from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.config.settings import ResponseSettings, Settings, selected_profile, state_dir
from wazuh_mcp.errors import (
    AuditUnavailable,
    ConfigurationError,
    Conflict,
    InvalidArgument,
    NotFound,
    Tampered,
    UpstreamError,
    UpstreamTimeout,
    UpstreamUnavailable,
    WazuhMCPError,
)
from wazuh_mcp.models.write import DECISION_FIELDS, ChangeKind, PendingChange, Requester, RestartScope, Tier
from wazuh_mcp.runtime.audit import Auditor, AuditSink, now_iso
from wazuh_mcp.writes import interrupted, responses, restart_log
from wazuh_mcp.writes.approval_policy import Approver, check_approval, check_undo, undo_requester
from wazuh_mcp.writes.change_records import ChangeRecords, Claim, FileRecords, records_for
from wazuh_mcp.writes.generation_checks import check_at_apply
from wazuh_mcp.writes.rule_files import check_fresh, check_node, check_record, manager_node, send_change, sha256_text

if TYPE_CHECKING:
    from wazuh_mcp.backends.server_api import ServerApi

log = logging.getLogger(__name__)

DEFAULT_TTL = timedelta(hours=24)
"""A change nobody decided on within a day is stale by policy: the situation that prompted it has moved on."""
_CHANGE_ID = re.compile(r"ch-[0-9a-f]{8}")


def pending_dir(root: Path | None = None) -> Path:
    return (root or state_dir()) / "pending"


def change_digest(change: PendingChange) -> str:
    """The sha256 a human can compare. It covers the whole request — what is sent, where, what it
    replaces, what ``show`` displays (file name, diff, summary, silences), who asked and until when —
    every field but the decision fields, so editing any of them in the pending file is detected."""
    document = change.model_dump(mode="json", exclude=set(DECISION_FIELDS))
    document["requested_by"]["api_url"] = normalise_url(change.requested_by.api_url)
    return hashlib.sha256(json.dumps(document, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def normalise_url(url: str | None) -> str | None:
    return url.rstrip("/").lower() if url else None


def _public(url: str | None) -> str | None:
    return untrusted.without_credentials(url) if url else None


def unified_diff(target: str, before: str | None, after: str) -> str:
    lines = difflib.unified_diff(
        (before or "").splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile="/dev/null" if before is None else f"a/{target}",
        tofile=f"b/{target}",
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def _parse_time(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def local_uid() -> int | None:
    """The real uid of this process (None on Windows, which has none): what the audit records beside the name."""
    return os.getuid() if hasattr(os, "getuid") else None


def local_person() -> str:
    """The OS account deciding at this terminal (recorded as ``decided_by``): the account of the process's
    real uid, from the system's user database, never from ``LOGNAME``/``USER``/``LNAME``/``USERNAME``, which
    anyone sets before a command (Python's ``getpass`` reads them first). On Windows, the account of the
    process's token (``GetUserNameW``), which no variable changes."""
    uid = local_uid()
    if uid is None:
        return _windows_account()
    import pwd

    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:  # a uid with no account (some containers): the uid itself names it
        return f"uid {uid}"


def _windows_account() -> str:  # pragma: no cover - Windows only, untested on this project's CI
    if sys.platform != "win32":
        raise ConfigurationError("This system has neither a uid nor a Windows token to name the person deciding.")
    import ctypes
    from ctypes import wintypes

    size = wintypes.DWORD(257)  # UNLEN + 1
    buffer = ctypes.create_unicode_buffer(size.value)
    if not ctypes.WinDLL("advapi32", use_last_error=True).GetUserNameW(buffer, ctypes.byref(size)):
        raise ConfigurationError(
            f"Windows did not say which account runs this process (error {ctypes.get_last_error()}), so no "
            "decision can be attributed.",
            hint="Run wazuh-mcp as a signed-in Windows user.",
        )
    return buffer.value


def shown_id(change_id: str) -> str:
    """A change id as a record or a message may name it: as is when well formed, else the asker's text with
    every control, bidi and invisible character made visible (``\\x1b``, ``<U+202E>``) and bounded, so the
    person reading the refusal or the audit sees what was typed (an id a caller typed, or a record's file name)."""
    return change_id if _CHANGE_ID.fullmatch(change_id) else untrusted.shown(change_id, limit=300) or "(empty)"


TAMPER_NOTES = 100
"""At most this many ``approval.tamper`` records per process and store for tampered records found while listing
(then one that says the rest are only logged)."""


class _TamperNotes:
    """Which tampered records this process has audited (each once), up to ``TAMPER_NOTES`` per store."""

    def __init__(self) -> None:
        self._seen: dict[str, set[str]] = {}
        self._lock = threading.Lock()

    def take(self, store: str, key: str) -> Literal["note", "last", "skip"]:
        with self._lock:
            seen = self._seen.setdefault(store, set())
            if key in seen or len(seen) > TAMPER_NOTES:
                return "skip"
            seen.add(key)
            return "last" if len(seen) > TAMPER_NOTES else "note"


_TAMPER_NOTES = _TamperNotes()


class _Watched:
    """The Server API as the applier uses it: notes whether a request that changes Wazuh (anything but a GET)
    was sent, so an unexpected stop can say whether anything reached Wazuh."""

    def __init__(self, api: ServerApiBackend) -> None:
        self._api = api
        self.sent = False

    @property
    def identity(self) -> str:
        return self._api.identity

    async def request(self, method: str, path: str, **kwargs: Any) -> Any:
        if method.upper() != "GET":
            self.sent = True  # before the call: a request that failed may still have reached Wazuh
        return await self._api.request(method, path, **kwargs)

    async def page(self, path: str, *, action: str, params: dict[str, Any] | None = None) -> Any:
        return await self._api.page(path, action=action, params=params)

    async def aclose(self) -> None:
        await self._api.aclose()


_ANSWER_LOST = (UpstreamUnavailable, UpstreamTimeout, UpstreamError)
"""Errors that say Wazuh's answer was lost, late or unreadable — not that Wazuh refused the request."""


def _after_the_send(change: PendingChange, exc: WazuhMCPError, watched: _Watched) -> WazuhMCPError:
    """A restart's or a response's error once its request went out. An answer lost, late or unreadable (a
    malformed envelope, a timeout, a 5xx) does not mean nothing happened: the words say the request was sent
    and may have been carried out, so the person checks before asking again (a restart or an isolation run
    twice). A rule change's own words already say what was put back (``send_change``)."""
    if not watched.sent or change.kind not in (*responses.RESPONSE_KINDS, "restart_manager"):
        return exc
    if not isinstance(exc, _ANSWER_LOST):
        return exc
    return type(exc)(
        f"{exc.message} The request was sent to Wazuh, or was being sent, when that happened: whether Wazuh "
        "carried it out cannot be read back, so it is not sent again (check the manager and the agents before "
        "asking again).",
        upstream_code=exc.upstream_code,
    )


class ChangeStore:
    """The pending-change directory. Safe to use from several processes at once."""

    def __init__(
        self,
        root: Path | None = None,
        *,
        auditor: Auditor,
        approver: Approver,
        ttl: timedelta = DEFAULT_TTL,
        policy: ResponseSettings | None = None,
        records: ChangeRecords | None = None,
    ) -> None:
        self.dir = pending_dir(root)
        self.records: ChangeRecords = records or FileRecords(self.dir)
        """Where the changes are kept (``change_records``): the policy below is the same over either store."""
        self.auditor = auditor
        """Writes the ``approval.*`` records (with this process's session and role)."""
        self.approver = approver
        """Who decides in this process, and what their role allows (``approval_policy``)."""
        self.ttl = ttl
        self.policy = policy or ResponseSettings()
        """The response settings (allowlist, commands, caps) a response change is checked against at approval."""

    # --- files --------------------------------------------------------------------------

    def _path(self, change_id: str) -> Path:
        if not _CHANGE_ID.fullmatch(change_id):
            raise NotFound(
                f"'{shown_id(change_id)}' is not a change id (they look like ch-1a2b3c4d).",
                hint="`wazuh-mcp pending` lists the changes waiting for a decision.",
            )
        return self.dir / f"{change_id}.json"

    def _write(self, change: PendingChange, *, new: bool = False) -> PendingChange:
        """Readers see the old or the new record, never half of one. ``new`` refuses to replace
        (FileExistsError if the id is taken, so an id is never reused)."""
        if new:
            self.records.create(change)
            return change
        return self.records.write(change)

    def _read(self, change_id: str) -> PendingChange:
        self._path(change_id)  # validates the id
        change = self.records.read(change_id)
        self._not_replayed(change, self.auditor.sink.recorded_revisions([change_id]))
        return change

    def _not_replayed(self, change: PendingChange, recorded: dict[str, int]) -> None:
        """The store's revision must not be older than one the audit trail records: a genuine revision put
        back (a ``pending`` one of an applied change) is tampering, never a change to decide again."""
        have, seen = self.records.revision(change.id), recorded.get(change.id, 0)
        if have < seen:
            raise Tampered(
                f"Change {change.id} in {self.records.where} is revision {have} ({change.state}), but the audit "
                f"trail records revision {seen} of it: an older revision was put back. It is not acted on.",
                hint="Someone who can write the store replayed a saved copy. Check `wazuh-mcp audit --verify`; "
                "the change's real state is in the audit trail (approval.* records with its id).",
            )

    def _expired(self, change: PendingChange, now: datetime | None = None) -> bool:
        return change.state == "pending" and (now or datetime.now(UTC)) >= _parse_time(change.expires_at)

    def _effective(self, change: PendingChange) -> PendingChange:
        return change.model_copy(update={"state": "expired"}) if self._expired(change) else change

    # --- reading ------------------------------------------------------------------------

    def get(self, change_id: str) -> PendingChange:
        """One change, with an overdue ``pending`` reported as ``expired``."""
        return self._effective(self._read(change_id))

    def shown(self, change_id: str) -> PendingChange:
        """``get`` for a person reading one change (``wazuh-mcp show``): a forged record is refused and
        recorded as a refused ``approval.tamper`` (step ``approval.show``), bounded as a listing's notes are (a
        screen polls it: once per record per process)."""
        try:
            return self.get(change_id)
        except Tampered as exc:
            self._note_tamper(change_id, exc, step="approval.show")
            raise

    def list_changes(self) -> list[PendingChange]:
        """Every recorded change, oldest first. Unreadable or tampered records are skipped (and logged); a
        tampered one — its MAC does not verify, or an older revision was put back — is also recorded in the
        audit as a refused ``approval.tamper``, once per record per process (``_note_tamper``)."""
        found = self.records.list(on_tamper=self._note_tamper)
        recorded = self.auditor.sink.recorded_revisions(c.id for c in found) if found else {}
        changes = []
        for change in found:
            try:
                self._not_replayed(change, recorded)
            except Tampered as exc:
                log.warning("%s", exc)
                self._note_tamper(change.id, exc)
                continue
            changes.append(self._effective(change))
        return sorted(changes, key=lambda c: c.created_at)

    def list_pending(self) -> list[PendingChange]:
        """The changes a human can still approve or reject."""
        return [c for c in self.list_changes() if c.state == "pending"]

    def _note_tamper(self, record: str, exc: Tampered, *, step: str = "approval.list") -> None:
        """A tampered record found while listing (or shown): one ``approval.tamper`` record per record per
        process, and at most ``TAMPER_NOTES`` of them (then one that says the rest are only logged), so a store
        filled with forged records cannot flood the audit trail."""
        change_id = untrusted.bound(record, 32) or "unnamed"
        note = _TAMPER_NOTES.take(str(self.records.where), f"{change_id}|{exc.message[:200]}")
        if note == "skip":
            return
        started, ts = time.perf_counter(), now_iso()
        if note == "last":
            exc = Tampered(
                f"{exc.message} More than {TAMPER_NOTES} tampered change records were found by this process: the "
                "next ones are logged, not audited one by one.",
                hint=exc.hint,
            )
        self._emit("approval.tamper", {"change_id": change_id, "step": step}, change_id, ts, started, exc)

    # --- requesting ---------------------------------------------------------------------

    def prepare(
        self,
        *,
        tool: str,
        kind: ChangeKind,
        tier: Tier,
        requester: Requester,
        target: str,
        payload: str,
        summary: str,
        base_text: str | None = None,
        filename: str | None = None,
        relative_dirname: str | None = None,
        scope: RestartScope | None = None,
        rule_ids: list[int] | None = None,
        silences: list[str] | None = None,
        parent_rules: dict[int, str] | None = None,
        diff: str | None = None,
        **response: Any,
    ) -> PendingChange:
        """Record a change that waits for a decision. Nothing is sent to Wazuh. ``response`` holds a
        response action's fields (arguments, requests, agents, group, caps, inverse, undo_of…)."""
        started, ts = time.perf_counter(), now_iso()
        created = datetime.now(UTC)
        base_sha = sha256_text(base_text) if base_text is not None else None
        if diff is None and kind == "restart_manager":
            node = (response.get("arguments") or {}).get("node")
            diff = f"restart {target}{f' (node {node})' if node else ''}\n"
        if diff is None:
            diff = unified_diff(target, base_text, payload)
        fields: dict[str, Any] = {
            "tool": tool,
            "kind": kind,
            "state": "pending",
            "tier": tier,
            "created_at": _iso(created),
            "expires_at": _iso(created + self.ttl),
            "requested_by": requester,
            "target": target,
            "filename": filename,
            "relative_dirname": relative_dirname,
            "scope": scope,
            "payload": payload,
            "rule_ids": list(rule_ids or []),
            "base_sha256": base_sha,
            "diff": diff,
            "summary": summary,
            "silences": list(silences or []),
            "parent_rules": dict(parent_rules or {}),
            **response,
            "change_sha256": "",
        }
        self.auditor.ready_for_change()  # fail closed: no change is recorded whose record could not be kept
        for _ in range(5):
            change = PendingChange(id=f"ch-{secrets.token_hex(4)}", **fields)
            change = change.model_copy(update={"change_sha256": change_digest(change)})
            try:
                self._write(change, new=True)
            except FileExistsError:
                continue
            written = self._audit(
                "approval.request",
                change,
                ts,
                started,
                session=requester.session,
                role=requester.role,
                wazuh_user=requester.wazuh_user,
            )
            self._kept_or_refuse(
                written,
                f"change {change.id} was recorded, but the record of its request was not kept in the audit trail; "
                "it cannot be approved until the trail takes records again",
            )
            return change
        raise Conflict("Could not allocate a change id; try again.")  # pragma: no cover - 2**32 ids

    def record_plan(self, plan: responses.Plan, requester: Requester, *, undo_of: str | None = None) -> PendingChange:
        """Record a response action's plan (the ``respond.*`` tools and ``wazuh-mcp undo``)."""
        return self.prepare(
            tool=plan.tool,
            kind=plan.kind,
            tier="confirmation_required",
            requester=requester,
            target=plan.target,
            payload="\n".join(call.line() for call in plan.requests),
            summary=plan.summary,
            diff=responses.describe_plan(plan.requests, plan.agents, plan.caps, plan.inverse, plan.notes),
            arguments=plan.arguments,
            requests=plan.requests,
            agents=plan.agents,
            group=plan.group,
            caps=plan.caps,
            inverse=plan.inverse,
            undo_of=undo_of,
            lapse_after_s=plan.lapse_after_s,
        )

    # --- deciding -----------------------------------------------------------------------

    @contextmanager
    def refusals_audited(self, step: str, change_id: str, ts: str, started: float) -> Iterator[None]:
        """A ``WazuhMCPError`` raised inside is recorded as a refused ``step`` before it propagates; a record
        that is not what wazuh-mcp wrote (``Tampered``) as a refused ``approval.tamper`` naming ``step``."""
        try:
            yield
        except Tampered as exc:
            self._emit("approval.tamper", {"change_id": change_id, "step": step}, change_id, ts, started, exc)
            raise
        except WazuhMCPError as exc:
            self._audit_refusal(step, change_id, ts, started, exc)
            raise

    @contextmanager
    def _exclusive(self, change_id: str, step: str, ts: str, started: float) -> Iterator[Claim]:
        """The per-change claim (a lock file, or a lease in the Indexer document): two processes never
        decide the same change at once."""
        with self.refusals_audited(step, change_id, ts, started):
            self._path(change_id)  # validates the id before it names a file or a document
            claim = self.records.claim(change_id)
            held = claim.__enter__()
        try:
            yield held
        finally:
            claim.__exit__(None, None, None)

    @contextmanager
    def exclusive_undo(self, change_id: str, step: str, ts: str, started: float) -> Iterator[None]:
        """The change's own claim, held while its undo is recorded: two ``wazuh-mcp undo`` at once, on any
        replica and either store, record one."""
        with self._exclusive(change_id, step, ts, started):
            yield

    def ensure_pending(self, change_id: str, *, step: str | None = None) -> PendingChange:
        """The change if it can still be decided, else the refusal (unknown, applied, rejected, expired…).
        With ``step`` (``approval.approve``…) a refusal is audited as that step."""
        if step is None:
            return self._decidable(change_id)
        with self.refusals_audited(step, change_id, now_iso(), time.perf_counter()):
            return self._decidable(change_id)

    def _history_intact(self, change: PendingChange) -> None:
        """Before anything is decided: the changes trail this host keeps must be whole — not cut since its
        last record (head, keyring, what this process wrote), and no break sealed after the change was asked
        for — or a decision recorded there (the one a replayed revision would undo) may be the one lost."""
        sink = self.auditor.sink
        cut = [p for p in sink.check_tail(sink.changes_path) if not p.startswith("note:")]
        broken = sink.broken_history([change.id]).get(change.id)
        if cut or broken:
            raise Tampered(
                f"Change {change.id} is not decided: {broken or 'the changes trail ' + str(sink.changes_path) + ' was cut (' + cut[0] + ')'}"
                ", so a decision recorded there may be the one lost, and the store's revision cannot be confirmed.",
                hint="Check `wazuh-mcp audit --verify`; ask for the change again (a new change has a whole history).",
            )

    def _decidable(self, change_id: str) -> PendingChange:
        """The change, if a human may still decide on it; otherwise a refusal that says why."""
        change = self._read(change_id)
        self._history_intact(change)
        if self._expired(change):
            change = self._write(change.model_copy(update={"state": "expired"}))
        who = f" by {change.decided_by}" if change.decided_by else ""
        reason = f" ({change.reason})" if change.reason else ""
        if change.state == "pending":
            return change
        if change.state == "applied":
            raise Conflict(
                f"Change {change_id} was already applied at {change.applied_at}{who}; a change is applied only once."
            )
        if change.state == "rejected":
            raise Conflict(
                f"Change {change_id} was rejected at {change.decided_at}{who}{reason}.",
                hint="Ask for the change again if it is still wanted.",
            )
        if change.state == "expired":
            raise Conflict(
                f"Change {change_id} expired at {change.expires_at} without a decision.",
                hint="Ask for the change again if it is still wanted.",
            )
        if change.state == "failed":
            raise Conflict(
                f"Change {change_id} already failed{reason}; failed changes are never retried.",
                hint="Ask for the change again.",
            )
        if self.records.held_elsewhere(change_id):
            raise Conflict(
                f"Change {change_id} was approved at {change.decided_at}{who} and is being applied "
                "by another process right now."
            )
        raise Conflict(
            f"Change {change_id} was approved at {change.decided_at}{who} but applying it did not finish.",
            hint="Check the manager (get the rule or file), then ask for the change again if needed.",
        )

    @property
    def person(self) -> str:
        """Who decides in this process (``decided_by``)."""
        return self.approver.person

    def _verify(self, change: PendingChange, api_url: str | None) -> None:
        try:
            if change_digest(change) != change.change_sha256:
                raise Conflict(
                    f"The record of change {change.id} was altered after it was requested "
                    "(its sha256 no longer matches); it will not be applied."
                )
            # The hash proves the record is the one written, not that wazuh-mcp wrote it: someone who can
            # write the state dir can recompute it. So the rules every request passed are checked again.
            if change.kind in responses.RESPONSE_KINDS:
                responses.check_response_record(change, self.policy)
            else:
                check_record(change)
        except Conflict as exc:
            self._write(change.model_copy(update={"state": "failed", "reason": f"refused: {exc.message}"}))
            raise
        # Compared, and named, without credentials: a record written before they were left out may hold them.
        wanted = normalise_url(_public(change.requested_by.api_url))
        if wanted and normalise_url(_public(api_url)) != wanted:
            raise Conflict(
                f"Change {change.id} was prepared against {untrusted.shown(_public(change.requested_by.api_url) or '', limit=200)}, "
                f"but this process talks to {untrusted.shown(_public(api_url) or 'no Server API', limit=200)}.",
                hint="Run approve with the same settings (profile, WAZUH_MCP_API_URL) as the server that asked.",
            )

    def reject(self, change_id: str, *, reason: str | None = None) -> PendingChange:
        """Refuse a pending change; it can never be applied afterwards."""
        step, started, ts = "approval.reject", time.perf_counter(), now_iso()
        with self._exclusive(change_id, step, ts, started):
            with self.refusals_audited(step, change_id, ts, started):
                change = self._decidable(change_id)
            change = self._write(
                change.model_copy(
                    update={
                        "state": "rejected",
                        "decided_at": now_iso(),
                        "decided_by": self.person,
                        "reason": reason,
                    }
                )
            )
        self._audit(step, change, ts, started)
        return change

    async def approve(
        self, change_id: str, api: ServerApiBackend, *, api_url: str | None, attested: bool = False
    ) -> PendingChange:
        """Decide yes and apply: once, only to the Wazuh it was prepared for, only if not stale.

        ``attested`` marks the caller-attested tier (``confirm=true`` in the same tool call)."""
        step = "approval.attest" if attested else "approval.approve"
        started, ts = time.perf_counter(), now_iso()
        with self._exclusive(change_id, step, ts, started) as claim:
            with self.refusals_audited(step, change_id, ts, started):
                self.auditor.ready_for_change()  # fail closed: nothing is applied that could not be audited
            if claim.took_over:  # whoever held it died mid-decision: Wazuh's state says what happened
                await self._resolve(change_id, claim.took_over, api, step, ts, started)
            with self.refusals_audited(step, change_id, ts, started):
                change = self._decidable(change_id)
                check_approval(change, self.approver, self.records.kind)  # the role allows this tool; four eyes
                self._verify(change, api_url)
            change = self._write(
                change.model_copy(
                    update={
                        "state": "applying",
                        "decided_at": now_iso(),
                        "decided_by": self.person,
                        "reason": None,
                    }
                )
            )
            if not self._audit(step, change, ts, started, wazuh_user=api.identity):
                # The approval's own record was not kept (in team mode: the Indexer refused its copy, e.g. an id
                # created ahead of the writer): nothing is sent without it. The change goes back to pending.
                self._write(
                    change.model_copy(
                        update={"state": "pending", "decided_at": None, "decided_by": None, "reason": None}
                    )
                )
                self._kept_or_refuse(False, f"nothing was sent for change {change.id}; it is pending again")
            return await self._apply(change, api)

    async def _resolve(
        self, change_id: str, owner: str, api: ServerApiBackend, step: str, ts: str, started: float
    ) -> None:
        """A change left ``applying`` by a dead claimer: applied, back to pending, or failed — from what
        Wazuh holds now (``interrupted.resolve``), never by sending it again blindly."""
        with self.refusals_audited(step, change_id, ts, started):  # a forged record here too: approval.tamper
            change = self._read(change_id)
        if change.state not in ("applying", "approved"):
            return
        with self.refusals_audited(step, change_id, ts, started):
            try:
                resolved = await interrupted.resolve(change, api, owner)
            except WazuhMCPError:
                raise  # cannot tell yet (unreachable…): it stays applying, the next approval looks again
            except Exception as exc:  # never stuck applying on an answer nothing reads
                log.error("resolving change %s stopped on %s", change_id, type(exc).__name__, exc_info=exc)
                resolved = change.model_copy(
                    update={
                        "state": "failed",
                        "reason": f"{owner} stopped while applying it, and reading Wazuh's state then met an "
                        f"unexpected {type(exc).__name__} (the server's log has the details): whether Wazuh carried "
                        "it out cannot be read back, so it is not sent again (check the manager, and ask again if "
                        "needed)",
                    }
                )
        self._write(resolved)
        self._audit("approval.resolve", resolved, ts, started, wazuh_user=api.identity)

    # --- applying -----------------------------------------------------------------------

    async def _apply(self, change: PendingChange, api: ServerApiBackend) -> PendingChange:
        started, ts = time.perf_counter(), now_iso()
        is_response = change.kind in responses.RESPONSE_KINDS
        watched = _Watched(api)  # knows whether a request that changes Wazuh went out
        try:
            node = await self._as_it_is_now(change, watched)
        except Conflict as exc:
            change = self._write(change.model_copy(update={"state": "failed", "reason": f"stale: {exc.message}"}))
            self._audit("approval.apply", change, ts, started, error=exc, wazuh_user=api.identity)
            raise
        except WazuhMCPError as exc:
            # Nothing reached Wazuh (we could not even read the target): let a human try again.
            change = self._write(
                change.model_copy(
                    update={
                        "state": "pending",
                        "decided_at": None,
                        "decided_by": None,
                        "reason": f"last attempt: {exc}",
                    }
                )
            )
            self._audit("approval.apply", change, ts, started, error=exc, wazuh_user=api.identity)
            raise
        except Exception as exc:
            raise self._unexpected(change, exc, watched, ts, started) from None
        try:
            if is_response:
                sent = await responses.send(watched, change)
                result, outcomes = sent.result, sent.outcomes
            else:
                result, outcomes = await send_change(watched, change, self._ours(change), node), []
        except WazuhMCPError as exc:
            exc = _after_the_send(change, exc, watched)
            change = self._write(change.model_copy(update={"state": "failed", "reason": str(exc)}))
            self._audit("approval.apply", change, ts, started, error=exc, wazuh_user=api.identity)
            raise exc from None
        except Exception as exc:
            raise self._unexpected(change, exc, watched, ts, started) from None
        if is_response and not sent.reached_any:
            error = Conflict(f"Wazuh sent change {change.id} to no agent: {result}.")
            change = self._write(
                change.model_copy(update={"state": "failed", "reason": error.message, "outcomes": outcomes})
            )
            self._audit("approval.apply", change, ts, started, error=error, wazuh_user=api.identity)
            raise error
        if change.lapse_after_s:
            lapses = datetime.now(UTC) + timedelta(seconds=change.lapse_after_s)
            result += f"; the agent undoes it by itself at {_iso(lapses)} (lapses at its timeout)"
        change = self._write(
            change.model_copy(
                update={"state": "applied", "applied_at": now_iso(), "result": result, "outcomes": outcomes}
            )
        )
        self._audit("approval.apply", change, ts, started, wazuh_user=api.identity)
        return change

    async def _as_it_is_now(self, change: PendingChange, api: ServerApiBackend) -> str | None:
        """Before anything is sent: the manager takes this change now, and its target is as the change found it
        (stale → ``Conflict``). Returns, for a restart on 5.x, this manager's node — resolved
        once here and used for the validation, the restart and its log (``check_node``)."""
        # Asked now, not taken from the request: a manager upgraded to 5.x since has no /rules/files or
        # /active-response, and restarts through /cluster/restart.
        where = await api_generation(api)
        check_at_apply(change, where)
        if change.kind in responses.RESPONSE_KINDS:
            await responses.check_targets(api, change, self.policy.max_agents)
            return None
        node = await manager_node(api, where) if change.kind == "restart_manager" else None
        check_node(change, node)
        await check_fresh(api, change, node)
        return node

    def _unexpected(
        self, change: PendingChange, exc: Exception, watched: _Watched, ts: str, started: float
    ) -> WazuhMCPError:
        """An exception no check expected (an answer of a shape nothing reads, a bug): the change ends ``failed``
        and audited, never left ``applying`` — saying whether anything had been sent to Wazuh."""
        log.error("applying change %s stopped on %s", change.id, type(exc).__name__, exc_info=exc)
        what = f"an unexpected {type(exc).__name__} while applying it (the server's log has the details)"
        if watched.sent:
            reason = (
                f"stopped by {what}, after a request that changes Wazuh was sent: whether Wazuh carried it out "
                "cannot be read back, so it is not sent again (check the manager and the agents, and ask again "
                "if needed)"
            )
        else:
            reason = f"not applied: stopped by {what} before anything was sent to Wazuh; ask for the change again"
        error = UpstreamError(f"Change {change.id} failed, {reason}.")
        change = self._write(change.model_copy(update={"state": "failed", "reason": reason}))
        self._audit("approval.apply", change, ts, started, error=error, wazuh_user=watched.identity)
        return error

    def _ours(self, change: PendingChange) -> restart_log.Ours | None:
        """For a restart: the rules wazuh-mcp wrote (applied rule changes), whose loader warnings it reports."""
        if change.kind != "restart_manager":
            return None
        written = [c for c in self.list_changes() if c.state == "applied" and c.kind in ("create_rule", "update_rule")]
        return restart_log.Ours(
            frozenset(i for c in written for i in c.rule_ids), frozenset(c.target for c in written if c.target)
        )

    # --- audit --------------------------------------------------------------------------

    def _audit(
        self,
        step: str,
        change: PendingChange,
        ts: str,
        started: float,
        *,
        error: WazuhMCPError | None = None,
        session: str | None = None,
        role: str | None = None,
        wazuh_user: str | None = None,
    ) -> bool:
        """Record ``step`` of ``change``; False when the record was not kept (``Auditor.record``)."""
        args = {
            "change_id": change.id,
            "tool": change.tool,
            "target": change.target,
            "state": change.state,
            "change_sha256": change.change_sha256,
            "revision": self.records.revision(change.id),
        }
        if change.reason:
            args["reason"] = change.reason
        if step == "approval.request" and change.requested_by.channel:
            args["channel"] = change.requested_by.channel  # stdio, http, or cli (an undo asked at this machine)
        if change.undo_of:
            args["undo_of"] = change.undo_of  # an undo is a new change: Wazuh's rules tell it apart (100702)
        if step in ("approval.apply", "approval.resolve") and change.result:
            args["result"] = change.result[:1000]  # per agent: sent to / not sent to (code, message)
        decided_by = change.decided_by if step in ("approval.approve", "approval.reject") else None
        # Who asked: the team analyst, else the OS account of the process that asked (serve, or `wazuh-mcp undo`),
        # so Wazuh's rules 100701/100702 name a person outside team mode too.
        # (A team request whose token carried no name stays unnamed: the server's own account did not ask.)
        asked = change.requested_by
        local = local_person() if asked.subject is None else None
        asked_by = (asked.analyst or local) if step == "approval.request" else None
        return self._emit(
            step,
            args,
            change.id,
            ts,
            started,
            error,
            session=session,
            role=role,
            wazuh_user=wazuh_user,
            decided_by=decided_by,
            analyst=asked_by,
        )

    def _kept_or_refuse(self, written: bool, what: str) -> None:
        """Fail closed when the record a change depends on was not kept: ``AuditUnavailable`` saying ``what``
        happened to the change and why the record was refused (the sink's own words)."""
        if written:
            return
        said = what[0].upper() + what[1:] + "."
        try:
            self.auditor.ready_for_change()
        except AuditUnavailable as exc:
            raise AuditUnavailable(f"{exc.message} {said}", hint=exc.hint) from exc
        raise AuditUnavailable(
            f"Refused: the audit record could not be written. {said}",
            hint="The server's log says why; decide the change again once records are written.",
        )

    def _audit_refusal(self, step: str, change_id: str, ts: str, started: float, error: WazuhMCPError) -> None:
        self._emit(step, {"change_id": change_id}, change_id, ts, started, error)

    def _emit(
        self,
        step: str,
        args: dict[str, Any],
        change_id: str,
        ts: str,
        started: float,
        error: WazuhMCPError | None,
        *,
        session: str | None = None,
        role: str | None = None,
        wazuh_user: str | None = None,
        decided_by: str | None = None,
        analyst: str | None = None,
    ) -> bool:
        """``wazuh_user`` only for a step that uses the Server API (request, approve, apply); ``analyst`` only
        for a request (who asked, when no team analyst is the caller). False when the record was not kept."""
        change_id = shown_id(change_id)  # a refusal names the id it was asked for: the asker's text
        if "change_id" in args:
            args = {**args, "change_id": change_id}
        return self.auditor.record(
            step,
            "approval",
            args=args,
            ts=ts,
            started=started,
            error_code=error.code if error else None,
            error=str(error) if error else None,
            wazuh_user=wazuh_user,
            role=role,
            session=session,
            change_id=change_id,
            decided_by=decided_by,
            analyst=analyst,
        )


# --- the approval path: the CLI, the launcher and the team server --------------------------


def local_approver(settings: Settings, *, unnamed_requester: bool = False) -> Approver:
    """This OS user at a terminal, with the role of the settings the approval runs under."""
    login = local_person()
    return Approver(
        person=login,
        role=settings.role,
        allowed=tuple(settings.role_tool_allowlist.get(settings.role, [])),
        channel="cli",
        names=(login,),
        unnamed_requester=unnamed_requester,
    )


def default_store(
    settings: Settings | None = None,
    *,
    auditor: Auditor | None = None,
    approver: Approver | None = None,
    profile: str | None = None,
    unnamed_requester: bool = False,
) -> ChangeStore:
    """The one place a store is built for deciding: the records ``team.store`` chooses (the state dir, or
    the Indexer), auditing to the same file as ``serve``, checked against ``settings.responses``. It acts as
    this OS user unless the team server passes its own auditor, the approving analyst and its profile."""
    settings = settings or Settings.load()
    if auditor is None:
        auditor = Auditor(
            AuditSink.from_settings(settings), session=f"cli-{os.getpid()}", role=settings.role, os_uid=local_uid()
        )
    records = records_for(settings, profile or selected_profile(), pending_dir())
    approver = approver or local_approver(settings, unnamed_requester=unnamed_requester)
    return ChangeStore(auditor=auditor, approver=approver, policy=settings.responses, records=records)


class DemoWazuh(Protocol):
    """The Wazuh of a running ``serve --demo`` session (its stand-in, named in ``<state dir>/demo.json``),
    for a change that session asked for. The demo's wiring provides it (``wazuh_mcp.demo.DEMO_WAZUH``), so
    nothing in writes imports the stand-in."""

    def settings(self) -> Settings: ...

    def running_api(self) -> ServerApi | None: ...


@dataclass(frozen=True)
class Target:
    """Where a change is applied, and under which settings it is decided."""

    api: ServerApiBackend
    url: str | None
    policy: ResponseSettings
    owned: bool
    """The path opened ``api`` and closes it after use (the team server's own client stays open)."""
    decided_under: Settings | None = None
    """A person at this machine decides under these settings' role (the demo's, or the change's profile);
    None keeps the store's approver."""


@dataclass
class ApprovalPath:
    """One path for every decision, whoever decides (``wazuh-mcp approve``, the launcher, the team server's
    endpoint): settings loaded once, one auditor and one store, then the Wazuh the change was prepared for.

    ``local`` builds it for a person at this machine; the team server passes ``serving_api`` (its own
    Server API client, used with ``settings``). The decision itself (``approval_policy``: the approver's
    role allows the change's own tool, four eyes; the hash, the target as it is now, applying once) is
    ``ChangeStore``'s."""

    settings: Settings
    store: ChangeStore
    profile: str | None
    """The profile ``settings`` were loaded for, when known: a change prepared under it reuses them."""
    demo: DemoWazuh | None = None
    serving_api: ServerApiBackend | None = None
    _loaded: dict[str, Settings] = field(default_factory=dict)

    @classmethod
    def local(
        cls, settings: Settings | None = None, *, demo: DemoWazuh | None = None, unnamed_requester: bool = False
    ) -> ApprovalPath:
        """For the CLI and the launcher: ``settings`` as given (the launcher's), else the selected
        profile's, loaded here. ``unnamed_requester``: the approver knows who asked a team change whose
        token carried no name (``approval_policy``)."""
        name = None
        if settings is None:
            name = selected_profile()
            settings = Settings.load(profile=name)
        store = default_store(settings, unnamed_requester=unnamed_requester)
        return cls(settings=settings, store=store, profile=name, demo=demo)

    def _settings_for(self, name: str) -> Settings:
        if name == self.profile:
            return self.settings
        if name not in self._loaded:
            self._loaded[name] = Settings.load(profile=name)
        return self._loaded[name]

    def target(self, change: PendingChange, profile: str | None = None) -> Target:
        """The Server API ``change`` was prepared for, and the settings to decide it under: the serving
        process's own; the demo's stand-in for a demo change; else those of its profile (the same as the
        server that asked, unless ``profile`` says otherwise). Close an owned ``api`` after use."""
        if change.requested_by.demo and (profile is not None or self.serving_api is not None):
            raise ConfigurationError(
                f"Change {change.id} was asked for by a `wazuh-mcp serve --demo` session: it is applied only to "
                "the demo's own stand-in, never with another profile or by a team server.",
                hint="Approve it with `wazuh-mcp approve` (no --profile) or the launcher while the demo runs.",
            )
        if self.serving_api is not None:
            config = getattr(self.serving_api, "config", None)  # the real client knows its URL
            url = getattr(config, "url", None) or self.settings.api.url
            return Target(self.serving_api, url, self.settings.responses, owned=False)
        if change.requested_by.demo and profile is None:
            return self._demo_target(change)
        from wazuh_mcp.runtime.factory import server_api_from_settings

        asked = profile or change.requested_by.profile
        name = selected_profile(asked)
        settings = self._settings_for(name)
        policy = settings.responses if asked else self.settings.responses
        api = server_api_from_settings(settings.api, name)
        if api is None:
            raise ConfigurationError(
                f"No Server API is configured for profile '{name}', so change {change.id} cannot be applied.",
                hint="Run approve with the same settings as the server (WAZUH_MCP_API_URL / `wazuh-mcp setup`).",
            )
        return Target(api, api.config.url, policy, owned=True, decided_under=settings if asked else None)

    def _demo_target(self, change: PendingChange) -> Target:
        """The demo's settings and stand-in live only in that session."""
        if self.demo is None:
            raise ConfigurationError(
                f"Change {change.id} was asked for by a `wazuh-mcp serve --demo` session, and this process "
                "cannot reach the demo's Wazuh.",
                hint="Approve it with `wazuh-mcp approve` or the launcher while that session runs.",
            )
        settings = self.demo.settings()
        demo_api = self.demo.running_api()
        if demo_api is None:
            raise ConfigurationError(
                f"Change {change.id} was asked for by a `wazuh-mcp serve --demo` session that is no longer running.",
                hint="The demo's Wazuh stand-in lives only as long as that session; reject the change.",
            )
        return Target(demo_api, demo_api.config.url, settings.responses, owned=True, decided_under=settings)

    def _decide_under(self, target: Target) -> None:
        """Point the store at the target's response settings and, for a person here, its role."""
        store = self.store
        store.policy = target.policy
        if target.decided_under is not None:
            store.approver = local_approver(target.decided_under, unnamed_requester=store.approver.unnamed_requester)
            store.auditor.role = store.approver.role  # the records name the role the person decided under

    async def approve(self, change_id: str, *, profile: str | None = None) -> PendingChange:
        """Approve and apply ``change_id`` against the Wazuh it was prepared for."""
        store = self.store
        started, ts = time.perf_counter(), now_iso()
        with store.refusals_audited("approval.approve", change_id, ts, started):
            change = store.get(change_id)
        if change.state not in ("applying", "approved"):
            # Refused before touching any backend. A change left applying goes on to the claim, which names
            # the replica whose lease still runs, or resolves it from Wazuh's state if its applier died.
            change = store.ensure_pending(change_id, step="approval.approve")
        with store.refusals_audited("approval.approve", change_id, ts, started):
            target = self.target(change, profile)
        try:
            with store.refusals_audited("approval.approve", change_id, ts, started):
                self._decide_under(target)
                check_approval(change, store.approver, store.records.kind)  # before any request reaches Wazuh
            return await store.approve(change_id, target.api, api_url=target.url)
        finally:
            if target.owned:
                await target.api.aclose()

    async def propose_undo(self, change_id: str, *, profile: str | None = None) -> PendingChange:
        """Record the inverse of an applied response change as a NEW pending change (it needs its own
        approval), requested by whoever runs this (never credited to the original requester), at most once
        per change. The inverse is planned afresh — current targets, current settings — like any request."""
        store = self.store
        step, started, ts = "approval.undo", time.perf_counter(), now_iso()
        with store.refusals_audited(step, change_id, ts, started):
            change = store.get(change_id)
        with store.exclusive_undo(change_id, step, ts, started):
            return await self._record_undo(change, profile, step, ts, started)

    async def _record_undo(
        self, change: PendingChange, profile: str | None, step: str, ts: str, started: float
    ) -> PendingChange:
        store, change_id = self.store, change.id
        with store.refusals_audited(step, change_id, ts, started):
            if change.state != "applied":
                raise Conflict(
                    f"Change {change_id} is {change.state}; only an applied change can be undone.",
                    hint="A pending change is rejected instead: `wazuh-mcp reject ID`.",
                )
            if change.inverse is None:
                raise InvalidArgument(
                    f"Change {change_id} ({change.summary}) has no inverse that Wazuh allows.",
                    hint="See docs/writes.md: restarts and active responses cannot be reversed; a block without "
                    "responses.unblock_command lapses only by its ossec.conf timeout.",
                )
            inverse = change.inverse
            target = self.target(change, profile)
        api = target.api
        try:
            with store.refusals_audited(step, change_id, ts, started):
                self._decide_under(target)
                check_undo(change, store.list_changes(), store.approver)
                plan = await responses.plan(
                    responses.kind_of(inverse.tool),
                    inverse.arguments,
                    api,
                    store.policy,
                    target.url,
                    await api_generation(api),  # an undo asked after an upgrade is refused as a request is
                )
                requester = undo_requester(
                    change.requested_by,
                    login=store.person,
                    session=store.auditor.session,
                    role=store.approver.role,
                    wazuh_user=api.identity,
                    channel=store.approver.channel,
                )
                return store.record_plan(plan, requester, undo_of=change.id)
        finally:
            if target.owned:
                await api.aclose()


def list_pending(settings: Settings | None = None) -> list[PendingChange]:
    return default_store(settings).list_pending()


def get_change(change_id: str, settings: Settings | None = None) -> PendingChange:
    return default_store(settings).shown(change_id)


def reject(change_id: str, reason: str | None = None, *, settings: Settings | None = None) -> PendingChange:
    return default_store(settings).reject(change_id, reason=reason)


async def approve(
    change_id: str,
    *,
    profile: str | None = None,
    settings: Settings | None = None,
    demo: DemoWazuh | None = None,
    unnamed_requester: bool = False,
) -> PendingChange:
    """``ApprovalPath.local(settings, demo=demo).approve(change_id, profile=profile)``."""
    path = ApprovalPath.local(settings, demo=demo, unnamed_requester=unnamed_requester)
    return await path.approve(change_id, profile=profile)


async def propose_undo(
    change_id: str, *, profile: str | None = None, settings: Settings | None = None, demo: DemoWazuh | None = None
) -> PendingChange:
    """``ApprovalPath.local(settings, demo=demo).propose_undo(change_id, profile=profile)``."""
    return await ApprovalPath.local(settings, demo=demo).propose_undo(change_id, profile=profile)
