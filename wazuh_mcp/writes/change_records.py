"""Where pending changes are kept: one interface, two stores. ``ChangeStore`` (approvals.py) holds the
policy — four eyes, roles, the checks before applying — and runs it the same over either store.

- ``FileRecords``: ``<state dir>/pending/ch-….json`` (one workstation, the default). A decision holds
  ``ch-….lock`` (``O_EXCL``); a lock older than the lease is taken over.
- ``IndexerRecords``: one document per change in ``wazuh-mcp-changes`` (team mode: replicas with nothing
  shared but Wazuh). Every write names the version it read (``if_seq_no``/``if_primary_term``), so of any
  number of replicas deciding at once exactly one gets the claim; the others get ``conflict``. The claim
  is a lease in the document (owner, deadline): a replica that dies mid-apply leaves a lease that runs
  out, and the next claimer resolves the change from Wazuh's actual state (``writes/interrupted.py``).
  Each document revision is hash-chained to the one before, so a document altered in the Indexer by
  anything but wazuh-mcp is refused, naming the index and the document.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from wazuh_mcp import atomic
from wazuh_mcp.config.settings import replica_name
from wazuh_mcp.errors import Conflict, NotFound, UpstreamError
from wazuh_mcp.models.write import PendingChange

if TYPE_CHECKING:
    from wazuh_mcp.backends.indexer_docs import Doc, IndexerDocs
    from wazuh_mcp.config.settings import Settings

_NOT_FOUND_HINT = "`wazuh-mcp pending` lists the changes waiting for a decision."


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

    def create(self, change: PendingChange) -> None:
        """Record a new change; ``FileExistsError`` when the id is taken (the caller draws another)."""

    def read(self, change_id: str) -> PendingChange: ...

    def write(self, change: PendingChange) -> PendingChange:
        """Replace the change (inside a claim: only while the claim is still this process's)."""

    def list(self) -> list[PendingChange]: ...

    def claim(self, change_id: str) -> Any:
        """A context manager yielding a ``Claim``; ``Conflict`` when someone else holds a live one."""

    def held_elsewhere(self, change_id: str) -> bool: ...


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


# --- files ------------------------------------------------------------------------------------


class FileRecords:
    def __init__(self, directory: Path, *, lease_s: float = 120.0) -> None:
        self.dir = directory
        self.where = str(directory)
        self.lease_s = lease_s

    def path(self, change_id: str) -> Path:
        return self.dir / f"{change_id}.json"

    def lock_path(self, change_id: str) -> Path:
        return self.dir / f"{change_id}.lock"

    def _ensure_dir(self) -> None:
        self.dir.mkdir(parents=True, exist_ok=True, mode=0o700)

    def create(self, change: PendingChange) -> None:
        self._ensure_dir()
        atomic.write_text(self.path(change.id), change.model_dump_json(indent=2), 0o600, exclusive=True)

    def write(self, change: PendingChange) -> PendingChange:
        """Atomic: readers see the old or the new file, never half of one."""
        self._ensure_dir()
        atomic.write_text(self.path(change.id), change.model_dump_json(indent=2), 0o600)
        return change

    def read(self, change_id: str) -> PendingChange:
        path = self.path(change_id)
        try:
            return PendingChange.model_validate_json(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise NotFound(f"There is no change {change_id}.", hint=_NOT_FOUND_HINT) from None
        except ValueError as exc:
            raise Conflict(f"The record of change {change_id} is unreadable ({path}).") from exc

    def list(self) -> list[PendingChange]:
        import logging

        changes = []
        for path in sorted(self.dir.glob("ch-*.json")) if self.dir.is_dir() else []:
            try:
                changes.append(PendingChange.model_validate_json(path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                logging.getLogger(__name__).warning("skipping unreadable pending change %s", path)
        return changes

    def held_elsewhere(self, change_id: str) -> bool:
        return self.lock_path(change_id).exists()

    @contextmanager
    def claim(self, change_id: str) -> Iterator[Claim]:
        self._ensure_dir()
        lock = self.lock_path(change_id)
        took_over = None
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            age = _age(lock)
            if age is None or age < self.lease_s:
                raise Conflict(
                    f"Change {change_id} is being decided by another process right now.",
                    hint=f"Wait for it; if no other wazuh-mcp is running, delete {lock}.",
                ) from None
            took_over = _lock_owner(lock)
            lock.unlink(missing_ok=True)  # older than any decision takes: its process is gone
            try:
                fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                raise Conflict(f"Change {change_id} is being decided by another process right now.") from None
        try:
            os.write(fd, f"{os.getpid()}\n".encode())
        finally:
            os.close(fd)
        try:
            yield Claim(change_id, took_over)
        finally:
            lock.unlink(missing_ok=True)


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


def revision_hash(fields: dict[str, Any]) -> str:
    """sha256 over a change document's fields but ``hash`` (sorted, compact JSON)."""
    body = {k: v for k, v in fields.items() if k != "hash"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


class IndexerRecords:
    """One document per change: ``{id, state, created_at, change (the record's JSON), lease_owner,
    lease_until, revision, prev, hash, replica}``. Only strings and numbers, so dynamic mapping stays
    the same for every document."""

    def __init__(self, docs: IndexerDocs, *, index: str, replica: str, lease_s: float) -> None:
        self.docs = docs
        self.index = index
        self.where = f"the Indexer index {index}"
        self.replica = replica
        self.owner = f"{replica}/{os.getpid()}"
        self.lease_s = lease_s
        self._held: dict[str, Doc] = {}

    def _body(self, change: PendingChange, prev: Doc | None, *, lease_until: str | None) -> dict[str, Any]:
        fields: dict[str, Any] = {
            "id": change.id,
            "state": change.state,
            "created_at": change.created_at,
            "change": change.model_dump_json(),
            "lease_owner": self.owner if lease_until else None,
            "lease_until": lease_until,
            "revision": (int(prev.source.get("revision", 0)) + 1) if prev else 1,
            "prev": prev.source.get("hash") if prev else None,
            "replica": self.replica,
        }
        fields["hash"] = revision_hash(fields)
        return fields

    def _checked(self, doc: Doc) -> PendingChange:
        """The change in ``doc``, if the document is what wazuh-mcp wrote; else an error naming it."""
        where = f"{doc.index}/{doc.id}"
        source = doc.source
        if source.get("hash") != revision_hash(source):
            raise UpstreamError(
                f"The Indexer's document {where} is not what wazuh-mcp wrote (its hash does not match); "
                "it will not be applied or trusted.",
                hint="Someone changed it in the Indexer. Check the audit (wazuh-mcp audit --verify) and ask again.",
            )
        try:
            change = PendingChange.model_validate_json(str(source.get("change")))
        except ValueError as exc:
            raise UpstreamError(f"The Indexer's document {where} does not hold a readable change.") from exc
        if change.id != doc.id or change.state != source.get("state"):
            raise UpstreamError(f"The Indexer's document {where} does not agree with the change it holds.")
        return change

    def _get(self, change_id: str) -> Doc:
        doc = self.docs.get(self.index, change_id)
        if doc is None:
            raise NotFound(f"There is no change {change_id}.", hint=_NOT_FOUND_HINT)
        return doc

    def create(self, change: PendingChange) -> None:
        try:
            self.docs.create(self.index, change.id, self._body(change, None, lease_until=None))
        except Conflict:
            raise FileExistsError(change.id) from None

    def read(self, change_id: str) -> PendingChange:
        return self._checked(self._get(change_id))

    def write(self, change: PendingChange) -> PendingChange:
        held = self._held.get(change.id)
        if held is not None:
            self._held[change.id] = self.docs.replace(
                held, self._body(change, held, lease_until=held.source.get("lease_until"))
            )
            return change
        current = self._get(change.id)
        self._checked(current)
        self.docs.replace(current, self._body(change, current, lease_until=None))
        return change

    def list(self) -> list[PendingChange]:
        changes = []
        self.docs.refresh(self.index)  # a get is real-time, a search sees what the last refresh made visible
        for doc in self.docs.search(self.index, {"match_all": {}}, size=1000):
            try:
                changes.append(self._checked(doc))
            except UpstreamError as exc:
                import logging

                logging.getLogger(__name__).warning("%s", exc)
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

    def held_elsewhere(self, change_id: str) -> bool:
        doc = self.docs.get(self.index, change_id)
        if doc is None:
            return False
        owner, until = self._lease(doc)
        return owner is not None and until is not None and until > _now()

    @contextmanager
    def claim(self, change_id: str) -> Iterator[Claim]:
        doc = self._get(change_id)
        change = self._checked(doc)
        owner, until = self._lease(doc)
        took_over = None
        if owner is not None:
            if until is not None and until > _now():
                raise Conflict(
                    f"Change {change_id} is being decided by replica {owner} right now (until {_iso(until)}).",
                    hint="Wait for it; its lease runs out if that replica stopped.",
                )
            took_over = owner
        lease_until = _iso(_now() + timedelta(seconds=self.lease_s))
        try:
            self._held[change_id] = self.docs.replace(doc, self._body(change, doc, lease_until=lease_until))
        except Conflict:
            raise Conflict(f"Change {change_id} is being decided by another replica right now.") from None
        try:
            yield Claim(change_id, took_over)
        finally:
            held = self._held.pop(change_id)
            try:  # release: the same change, no lease
                current = self._checked(held)
                self.docs.replace(held, self._body(current, held, lease_until=None))
            except Exception as exc:  # the lease runs out by itself; say why it was left
                import logging

                logging.getLogger(__name__).warning("could not release the lease on %s: %s", change_id, exc)


def records_for(settings: Settings, profile: str, pending: Path) -> ChangeRecords:
    """The store the settings choose (``team.store``)."""
    team = settings.team
    if team.store == "indexer":
        from wazuh_mcp.runtime.factory import indexer_docs_from_settings

        docs = indexer_docs_from_settings(settings, profile)
        return IndexerRecords(docs, index=team.changes_index, replica=replica_name(settings), lease_s=team.lease_s)
    return FileRecords(pending, lease_s=team.lease_s)
