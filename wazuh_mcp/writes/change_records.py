"""Where pending changes are kept: one interface, two stores. ``ChangeStore`` (approvals.py) holds the
policy — four eyes, roles, the checks before applying — and runs it the same over either store.

- ``FileRecords``: ``<state dir>/pending/ch-….json`` (one workstation, the default). A decision holds
  ``ch-….lock``, created whole (holding its pid) or not at all; a lock older than the lease, from the
  future, or whose process is gone is taken over.
- ``IndexerRecords``: one document per change in ``wazuh-mcp-changes`` (team mode: replicas with nothing
  shared but Wazuh). Every write names the version it read (``if_seq_no``/``if_primary_term``), so of any
  number of replicas deciding at once exactly one gets the claim; the others get ``conflict``. The claim
  is a lease in the document (owner, deadline): a replica that dies mid-apply leaves a lease that runs
  out, and the next claimer resolves the change from Wazuh's actual state (``writes/interrupted.py``).
  A lease further ahead than ``lease_s``, or held by a process of this replica that no longer runs,
  counts as run out.

Every revision of a change, in either store, is sealed with a keyed MAC (HMAC-SHA256 under the integrity
key, ``config/integrity.py``, which never lives in the store): ``{id, store, revision, prev, kid, mac}``
around the change, ``revision`` counting up from 1 and ``prev`` the MAC of the revision it replaced. A
record whose MAC does not verify — edited, forged with the project's own functions, or sealed by nobody
— is refused as tampering, naming the record; so is an older revision put back: a revision lower than
one this process has seen, or than the audit trail records (``ChangeStore`` checks that, approvals.py).
A demo change (``requested_by.demo``) is sealed with the demo's own key and is only ever applied to the
demo's stand-in.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from wazuh_mcp import atomic, untrusted
from wazuh_mcp.config import integrity
from wazuh_mcp.config.settings import replica_name
from wazuh_mcp.errors import Conflict, NotFound, Tampered, UpstreamError
from wazuh_mcp.models.write import PendingChange

if TYPE_CHECKING:
    from wazuh_mcp.backends.indexer_docs import Doc, IndexerDocs
    from wazuh_mcp.config.settings import Settings

log = logging.getLogger(__name__)

_NOT_FOUND_HINT = "`wazuh-mcp pending` lists the changes waiting for a decision."
_TAMPER_HINT = (
    "Someone who can write the store changed it. It is not applied; check the audit (wazuh-mcp audit --verify) "
    "and ask for the change again."
)
CLOCK_SKEW_S = 5.0
"""How far ahead of this clock a lease or a lock may be and still count (replicas' clocks differ a little)."""

StoreKind = Literal["file", "indexer"]
OnTamper = Callable[[str, Tampered], None]
"""Told of each record a listing skipped as tampered: its name (the change id it claims) and the refusal."""


@dataclass(frozen=True)
class Claim:
    """A held decision on one change. ``took_over`` names the owner of a lease that had run out: that
    replica died (or hung) while deciding, so the change may be half-applied and is resolved first."""

    change_id: str
    took_over: str | None = None


class ChangeRecords(Protocol):
    """What ``ChangeStore`` needs from a store."""

    where: str
    """For messages: the directory or the Indexer index."""
    kind: StoreKind

    def create(self, change: PendingChange) -> None:
        """Record a new change; ``FileExistsError`` when the id is taken (the caller draws another)."""

    def read(self, change_id: str) -> PendingChange: ...

    def write(self, change: PendingChange) -> PendingChange:
        """Replace the change (inside a claim: only while the claim is still this process's)."""

    def list(self, on_tamper: OnTamper | None = None) -> list[PendingChange]:
        """Every readable change; a record that is not what wazuh-mcp wrote is skipped, logged and handed to
        ``on_tamper`` (the record's name, the refusal)."""
        ...

    def claim(self, change_id: str) -> Any:
        """A context manager yielding a ``Claim``; ``Conflict`` when someone else holds a live one."""

    def held_elsewhere(self, change_id: str) -> bool: ...

    def revision(self, change_id: str) -> int:
        """The revision of ``change_id`` this process last read or wrote (0: none)."""


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


# --- the seal ---------------------------------------------------------------------------------


def canonical(fields: dict[str, Any]) -> bytes:
    """The bytes a revision's MAC is taken over: every field but ``mac``, sorted, compact JSON."""
    body = {k: v for k, v in fields.items() if k != "mac"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8", "surrogatepass")


def sealed(fields: dict[str, Any], keys: integrity.Keys) -> dict[str, Any]:
    """``fields`` with ``kid`` and ``mac`` (the signing key's HMAC over ``canonical``)."""
    key = keys.current or integrity.require("Change records").current
    assert key is not None  # require() raises when there is none
    out = {**fields, "kid": key.kid}
    out["mac"] = key.mac(canonical(out))
    return out


def named(where: str) -> str:
    """A record's path or document id as a refusal names it. A file name in the pending directory and a
    document's id are chosen by whoever wrote them, and the refusal reaches the audit record's ``error`` (read
    in a terminal, and by Wazuh): shown as ``untrusted.shown`` shows text to a person (every control, bidi and
    zero-width character written out) and bounded, like a change id (``approvals.shown_id``)."""
    return untrusted.shown(where, limit=300)


def check_seal(fields: dict[str, Any], keys: integrity.Keys, where: str) -> None:
    """Raise ``Tampered`` unless ``fields`` carry a MAC that verifies under one of ``keys`` (``where`` is
    already ``named``; the key id is the record's own text, shown and bounded here)."""
    kid, mac = fields.get("kid"), fields.get("mac")
    if not isinstance(kid, str) or not isinstance(mac, str):
        raise Tampered(
            f"The record {where} carries no MAC: it was not sealed by wazuh-mcp (or by a version before keyed "
            "records), so it is not trusted or applied.",
            hint=_TAMPER_HINT,
        )
    verdict = keys.verify(kid, canonical(fields), mac)
    if verdict is None:
        raise Tampered(
            f"The record {where} is sealed with an integrity key this process does not have (key id {untrusted.shown(kid, limit=24)}); "
            f"it is not trusted or applied ({keys.source}).",
            hint="If the key was rotated, keep the old key after the new one (docs/team.md, 'The integrity key'); "
            "otherwise the record was forged.",
        )
    if not verdict:
        raise Tampered(
            f"The record {where} is not what wazuh-mcp wrote: its MAC does not verify under the integrity key. "
            "It is not trusted or applied.",
            hint=_TAMPER_HINT,
        )


def _revision_of(fields: dict[str, Any], where: str) -> int:
    revision = fields.get("revision")
    if not isinstance(revision, int) or isinstance(revision, bool) or revision < 1:
        raise Tampered(f"The record {where} has no valid revision number.", hint=_TAMPER_HINT)
    return revision


class _Revisions:
    """The newest revision (and its MAC) this process has seen of each change: one put back lower is refused."""

    def __init__(self) -> None:
        self._seen: dict[str, tuple[int, str]] = {}

    def check(self, change_id: str, revision: int, mac: str, where: str) -> None:
        seen = self._seen.get(change_id)
        if seen is not None and (revision < seen[0] or (revision == seen[0] and mac != seen[1])):
            raise Tampered(
                f"The record {where} is revision {revision} of change {change_id}, but this process already saw "
                f"revision {seen[0]}: an older revision was put back. It is not acted on.",
                hint=_TAMPER_HINT,
            )
        self._seen[change_id] = (revision, mac)

    def revision(self, change_id: str) -> int:
        seen = self._seen.get(change_id)
        return seen[0] if seen else 0


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):  # another user's process, or no signal support: it exists
        return True
    return True


# --- files ------------------------------------------------------------------------------------


class FileRecords:
    kind: StoreKind = "file"

    def __init__(self, directory: Path, *, lease_s: float = 120.0) -> None:
        self.dir = directory
        self.where = str(directory)
        self.lease_s = lease_s
        self._revisions = _Revisions()

    def path(self, change_id: str) -> Path:
        return self.dir / f"{change_id}.json"

    def lock_path(self, change_id: str) -> Path:
        return self.dir / f"{change_id}.lock"

    def _ensure_dir(self) -> None:
        self.dir.mkdir(parents=True, exist_ok=True, mode=0o700)

    def _keys(self, change: PendingChange) -> integrity.Keys:
        if change.requested_by.demo:
            return integrity.demo_keys(self.dir.parent)
        return integrity.require("Change records")

    def _envelope(self, change: PendingChange, revision: int, prev: str | None) -> str:
        fields = {
            "id": change.id,
            "store": "file",
            "revision": revision,
            "prev": prev,
            "change": change.model_dump(mode="json"),
        }
        # The MAC is over ``canonical`` (the parsed values), not this text: escaping changes no seal.
        return untrusted.json_text_escaped(json.dumps(sealed(fields, self._keys(change)), indent=2, ensure_ascii=False))

    def create(self, change: PendingChange) -> None:
        self._ensure_dir()
        text = self._envelope(change, 1, None)
        atomic.write_text(self.path(change.id), text, 0o600, exclusive=True)
        self._revisions.check(change.id, 1, json.loads(text)["mac"], str(self.path(change.id)))

    def write(self, change: PendingChange) -> PendingChange:
        """Atomic: readers see the old or the new file, never half of one. The new revision chains to the one
        the store holds now (which must verify)."""
        self._ensure_dir()
        _, fields = self._load(change.id)
        text = self._envelope(change, int(fields["revision"]) + 1, str(fields["mac"]))
        atomic.write_text(self.path(change.id), text, 0o600)
        self._revisions.check(change.id, int(fields["revision"]) + 1, json.loads(text)["mac"], self.where)
        return change

    def _load(self, change_id: str) -> tuple[PendingChange, dict[str, Any]]:
        path = self.path(change_id)
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise NotFound(f"There is no change {change_id}.", hint=_NOT_FOUND_HINT) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise Conflict(f"The record of change {change_id} is unreadable ({path}).") from exc
        return self._parse(change_id, raw, str(path))

    def _parse(self, change_id: str, raw: str, where: str) -> tuple[PendingChange, dict[str, Any]]:
        """The change in ``raw``; ``change_id`` and ``where`` are the file's name (a listing's are the names
        found in the directory: anyone's text), so refusals show them through ``named``."""
        where = named(where)
        try:
            return self._parse_fields(change_id, raw, where)
        except RecursionError:  # JSON nested deeper than Python recurses: never a record wazuh-mcp wrote
            raise Conflict(f"The record of change {named(change_id)} is unreadable ({where}).") from None

    def _parse_fields(self, change_id: str, raw: str, where: str) -> tuple[PendingChange, dict[str, Any]]:
        try:
            fields = json.loads(raw)
        except ValueError as exc:
            raise Conflict(f"The record of change {named(change_id)} is unreadable ({where}).") from exc
        if not isinstance(fields, dict) or not isinstance(fields.get("change"), dict):
            raise Tampered(f"The record {where} is not a sealed change record.", hint=_TAMPER_HINT)
        try:
            change = PendingChange.model_validate(fields["change"])
        except ValueError as exc:
            raise Conflict(f"The record of change {named(change_id)} is unreadable ({where}).") from exc
        check_seal(fields, self._keys(change), where)
        if fields.get("id") != change_id or change.id != change_id or fields.get("store") != "file":
            raise Tampered(f"The record {where} holds another change ({named(change.id)}) or another store's.")
        self._revisions.check(change_id, _revision_of(fields, where), str(fields["mac"]), where)
        return change, fields

    def read(self, change_id: str) -> PendingChange:
        return self._load(change_id)[0]

    def revision(self, change_id: str) -> int:
        return self._revisions.revision(change_id)

    def list(self, on_tamper: OnTamper | None = None) -> list[PendingChange]:
        changes = []
        for path in sorted(self.dir.glob("ch-*.json")) if self.dir.is_dir() else []:
            try:
                changes.append(self._parse(path.stem, path.read_text(encoding="utf-8"), str(path))[0])
            except Tampered as exc:
                log.warning("%s", exc)
                if on_tamper is not None:
                    on_tamper(path.stem, exc)
            except (OSError, ValueError, Conflict, UpstreamError):
                log.warning("skipping unreadable pending change %s", named(str(path)))
        return changes

    def held_elsewhere(self, change_id: str) -> bool:
        lock = self.lock_path(change_id)
        return lock.exists() and not self._lock_dead(lock)

    def _lock_dead(self, lock: Path) -> bool:
        """Older than the lease, from the future (a clock can't put it there: someone did), or its process gone."""
        age = _age(lock)
        if age is None:
            return False
        if age >= self.lease_s or age < -CLOCK_SKEW_S:
            return True
        try:
            text = lock.read_text().strip()
            pid = int(text)
        except (OSError, ValueError):
            return False  # unreadable, or empty (a lock of an older version, between create and write): live
        return pid != os.getpid() and not _pid_alive(pid)

    @contextmanager
    def claim(self, change_id: str) -> Iterator[Claim]:
        self._ensure_dir()
        lock = self.lock_path(change_id)
        took_over = None
        try:
            _create_lock(lock)
        except FileExistsError:
            if not self._lock_dead(lock):
                raise Conflict(
                    f"Change {change_id} is being decided by another process right now.",
                    hint=f"Wait for it; if no other wazuh-mcp is running, delete {lock}.",
                ) from None
            took_over = _lock_owner(lock)
            lock.unlink(missing_ok=True)  # its lease ran out, or its process is gone
            try:
                _create_lock(lock)
            except FileExistsError:
                raise Conflict(f"Change {change_id} is being decided by another process right now.") from None
        try:
            yield Claim(change_id, took_over)
        finally:
            lock.unlink(missing_ok=True)


def _create_lock(lock: Path) -> None:
    """Create ``lock`` holding this process's pid, whole or not at all: written to a private file first, then
    linked into place (``FileExistsError`` when the lock exists), so no other process ever reads it empty."""
    try:
        atomic.write_text(lock, f"{os.getpid()}\n", 0o600, exclusive=True)
    except atomic.NotARegularFile as exc:  # a link or a FIFO there: the name is taken, as by a lock
        raise FileExistsError(exc.errno, exc.strerror, str(lock)) from exc


def _age(path: Path) -> float | None:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return None


def _lock_owner(path: Path) -> str:
    try:
        return f"pid {path.read_text().strip() or '?'}"
    except OSError:
        return "a process"


# --- the Indexer ------------------------------------------------------------------------------


class IndexerRecords:
    """One document per change: ``{id, store, state, created_at, change (the record's JSON), lease_owner,
    lease_until, revision, prev, replica, kid, mac}``. Only strings and numbers, so dynamic mapping stays
    the same for every document."""

    kind: StoreKind = "indexer"

    def __init__(self, docs: IndexerDocs, *, index: str, replica: str, lease_s: float) -> None:
        self.docs = docs
        self.index = index
        self.where = f"the Indexer index {index}"
        self.replica = replica
        self.owner = f"{replica}/{os.getpid()}"
        self.lease_s = lease_s
        self._held: dict[str, Doc] = {}
        self._revisions = _Revisions()

    def _body(self, change: PendingChange, prev: Doc | None, *, lease_until: str | None) -> dict[str, Any]:
        fields: dict[str, Any] = {
            "id": change.id,
            "store": "indexer",
            "state": change.state,
            "created_at": change.created_at,
            "change": change.model_dump_json(),
            "lease_owner": self.owner if lease_until else None,
            "lease_until": lease_until,
            "revision": (int(prev.source.get("revision", 0)) + 1) if prev else 1,
            "prev": prev.source.get("mac") if prev else None,
            "replica": self.replica,
        }
        return sealed(fields, integrity.require("Change records"))

    def _checked(self, doc: Doc) -> PendingChange:
        """The change in ``doc``, if the document is what wazuh-mcp wrote and not older than a revision
        seen; else ``Tampered`` naming it."""
        where = named(f"{doc.index}/{doc.id}")  # the document's id is whoever created it's text
        source = doc.source
        check_seal(source, integrity.require("Change records"), f"the Indexer's document {where}")
        try:
            change = PendingChange.model_validate_json(str(source.get("change")))
        except ValueError as exc:
            raise UpstreamError(f"The Indexer's document {where} does not hold a readable change.") from exc
        if change.id != doc.id or change.state != source.get("state") or source.get("store") != "indexer":
            raise Tampered(f"The Indexer's document {where} does not agree with the change it holds.")
        if change.requested_by.demo:
            raise Tampered(f"The Indexer's document {where} claims a demo change; the demo never records there.")
        revision = _revision_of(source, f"the Indexer's document {where}")
        self._revisions.check(change.id, revision, str(source.get("mac")), f"the Indexer's document {where}")
        return change

    def _get(self, change_id: str) -> Doc:
        doc = self.docs.get(self.index, change_id)
        if doc is None:
            raise NotFound(f"There is no change {change_id}.", hint=_NOT_FOUND_HINT)
        return doc

    def create(self, change: PendingChange) -> None:
        body = self._body(change, None, lease_until=None)
        try:
            self.docs.create(self.index, change.id, body)
        except Conflict:
            raise FileExistsError(change.id) from None
        self._revisions.check(change.id, 1, str(body["mac"]), self.where)

    def read(self, change_id: str) -> PendingChange:
        return self._checked(self._get(change_id))

    def revision(self, change_id: str) -> int:
        return self._revisions.revision(change_id)

    def _replace(self, doc: Doc, body: dict[str, Any]) -> Doc:
        written = self.docs.replace(doc, body)
        self._revisions.check(doc.id, int(body["revision"]), str(body["mac"]), self.where)
        return written

    def write(self, change: PendingChange) -> PendingChange:
        held = self._held.get(change.id)
        if held is not None:
            self._held[change.id] = self._replace(
                held, self._body(change, held, lease_until=held.source.get("lease_until"))
            )
            return change
        current = self._get(change.id)
        self._checked(current)
        self._replace(current, self._body(change, current, lease_until=None))
        return change

    def list(self, on_tamper: OnTamper | None = None) -> list[PendingChange]:
        changes = []
        self.docs.refresh(self.index)  # a get is real-time, a search sees what the last refresh made visible
        for doc in self.docs.search(self.index, {"match_all": {}}, size=1000):
            try:
                changes.append(self._checked(doc))
            except (UpstreamError, Conflict) as exc:
                log.warning("%s", exc)
                if on_tamper is not None and isinstance(exc, Tampered):
                    on_tamper(doc.id, exc)
        return changes

    def _lease(self, doc: Doc) -> tuple[str | None, datetime | None]:
        until = doc.source.get("lease_until")
        owner = doc.source.get("lease_owner")
        if not until:
            return None, None
        try:
            return str(owner), datetime.fromisoformat(str(until).replace("Z", "+00:00"))
        except ValueError:
            return str(owner), None

    def _live(self, owner: str | None, until: datetime | None) -> bool:
        """A lease counts while it runs — but never one further ahead than ``lease_s`` (no replica takes
        more), nor one whose owner is a process of this replica that no longer runs."""
        if owner is None or until is None:
            return False
        now = _now()
        if until <= now or until > now + timedelta(seconds=self.lease_s + CLOCK_SKEW_S):
            return False
        replica, _, pid = owner.rpartition("/")
        if replica == self.replica and pid.isdigit() and int(pid) != os.getpid():
            return _pid_alive(int(pid))
        return True

    def held_elsewhere(self, change_id: str) -> bool:
        doc = self.docs.get(self.index, change_id)
        if doc is None:
            return False
        return self._live(*self._lease(doc))

    @contextmanager
    def claim(self, change_id: str) -> Iterator[Claim]:
        doc = self._get(change_id)
        change = self._checked(doc)
        owner, until = self._lease(doc)
        took_over = None
        if owner is not None:
            if self._live(owner, until):
                assert until is not None
                raise Conflict(
                    f"Change {change_id} is being decided by replica {owner} right now (until {_iso(until)}).",
                    hint="Wait for it; its lease runs out if that replica stopped.",
                )
            took_over = owner
        lease_until = _iso(_now() + timedelta(seconds=self.lease_s))
        try:
            self._held[change_id] = self._replace(doc, self._body(change, doc, lease_until=lease_until))
        except Conflict:
            raise Conflict(f"Change {change_id} is being decided by another replica right now.") from None
        try:
            yield Claim(change_id, took_over)
        finally:
            held = self._held.pop(change_id)
            try:  # release: the same change, no lease
                current = self._checked(held)
                self._replace(held, self._body(current, held, lease_until=None))
            except Exception as exc:  # the lease runs out by itself; say why it was left
                log.warning("could not release the lease on %s: %s", change_id, exc)


def records_for(settings: Settings, profile: str, pending: Path) -> ChangeRecords:
    """The store the settings choose (``team.store``)."""
    team = settings.team
    if team.store == "indexer":
        from wazuh_mcp.runtime.factory import indexer_docs_from_settings

        docs = indexer_docs_from_settings(settings, profile)
        return IndexerRecords(docs, index=team.changes_index, replica=replica_name(settings), lease_s=team.lease_s)
    return FileRecords(pending, lease_s=team.lease_s)
