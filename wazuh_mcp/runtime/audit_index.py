"""The audit trail's copy in the Wazuh Indexer (team mode), beside the local file.

Every sealed record (``audit_chain``) is also indexed with ``op_type: create`` into the daily
``<team.audit_prefix>-YYYY.MM.DD`` as ``{replica, seq, @timestamp, tool, toolset, outcome, error_code,
change_id, subject, role, line}``, with id ``<replica>-<seq>``: ``line`` is the sealed JSON byte for
byte, so the hash chain *per replica* is the local file's chain, and the Indexer user needs no right
but creating documents (a second create of an id is 409, never an overwrite).

Failing closed: a record a change depends on (a write tool, an approval step) that the Indexer does not
take makes the call fail (``Auditor.record`` returns False, the result is withheld), and approvals check
the Indexer first (``ready_for_change``). Other records — reads — are copied by a background thread in
bulk batches (every record after the newest the Indexer holds for this replica, from memory or read back
from the file), so a read costs about what the file sink costs, reads still answer while the Indexer is
down, and the copy has no gap once it answers again.

``verify_indexed`` checks the copy the way ``audit --verify`` checks a file — each line's own hash, the
chain, gaps, order — plus what only a second copy can show: a document whose fields do not match its
line, and records the Indexer holds that the local file has lost (a deleted or truncated local file).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wazuh_mcp.errors import AuditUnavailable, Tampered, UpstreamError, WazuhMCPError
from wazuh_mcp.runtime import audit_chain
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink, is_change_record, note_revision
from wazuh_mcp.untrusted import shown

if TYPE_CHECKING:
    from wazuh_mcp.backends.indexer_docs import Doc, IndexerDocs
    from wazuh_mcp.config.settings import Settings

log = logging.getLogger(__name__)

INDEXED_FIELDS = ("tool", "toolset", "outcome", "error_code", "change_id", "subject", "role")
"""Copied beside ``line`` for searching (and compared with it by ``verify_indexed``)."""


MAX_UNSENT = 10_000
"""Records kept in memory for the next copy; past it they are read back from the file."""
REPLICA_KEY = "replica.keyword"
"""Dynamic mapping makes a string both text and ``.keyword``; terms and sorts use the exact one."""


def index_for(prefix: str, ts: str) -> str:
    """``wazuh-mcp-audit-2026.12.01`` for a record of that UTC day (``ts`` is ISO-8601)."""
    return f"{prefix}-{ts[0:4]}.{ts[5:7]}.{ts[8:10]}"


def doc_id(replica: str, seq: int) -> str:
    return f"{replica}-{seq:012d}"


def document(replica: str, line: bytes) -> tuple[int, dict[str, Any]]:
    """The seq and the Indexer document of one sealed line."""
    text = line.rstrip(b"\n").decode("utf-8", "surrogateescape")
    record = json.loads(text)
    body: dict[str, Any] = {"replica": replica, "seq": int(record["seq"]), "@timestamp": record["ts"], "line": text}
    body |= {key: record[key] for key in INDEXED_FIELDS if record.get(key) is not None}
    return body["seq"], body


class IndexedAuditSink(AuditSink):
    """The file sink, plus a create-only copy of every record in the Indexer."""

    def __init__(
        self, path: Path, *, docs: IndexerDocs, prefix: str, replica: str, max_bytes: int, backups: int
    ) -> None:
        super().__init__(path, max_bytes=max_bytes, backups=backups)
        self.docs = docs
        self.prefix = prefix
        self.replica = replica
        self._copied: int | None = None
        """The newest seq the Indexer holds for this replica (None: not asked yet)."""
        self._copy_lock = threading.Lock()
        self._indexer_problem: str | None = None
        self._unsent: dict[int, bytes] = {}
        self._unsent_lock = threading.Lock()
        """Records this sink wrote that the Indexer may not hold yet (the copier's batch)."""
        self._wake = threading.Event()
        self._copier: threading.Thread | None = None

    @classmethod
    def for_settings(cls, settings: Settings, profile: str | None) -> IndexedAuditSink:
        from wazuh_mcp.config.settings import replica_name, selected_profile
        from wazuh_mcp.runtime.factory import indexer_docs_from_settings

        return cls(
            settings.audit_path,
            docs=indexer_docs_from_settings(settings, profile or selected_profile()),
            prefix=settings.team.audit_prefix,
            replica=replica_name(settings),
            max_bytes=settings.audit_max_bytes,
            backups=settings.audit_backups,
        )

    def outside_copy(self, stream: Path) -> audit_chain.Outside | None:
        """The main stream's copy in the Indexer: the writer never chains on below the newest record it holds."""
        return self._newest_in_indexer if stream == self.path else None

    def _newest_in_indexer(self) -> audit_chain.Sealed | None:
        try:
            return self._newest_genuine()
        except WazuhMCPError as exc:  # the Indexer's answer is only one of the anchors; the copier reports it
            log.warning("the Indexer's audit copy could not be compared before writing: %s", exc.message)
            return None

    def _newest_genuine(self) -> audit_chain.Sealed | None:
        """The newest record of this replica the Indexer holds whose line verifies at its own id: a document
        planted with a high seq (no line, a forged one) is passed over and reported, never taken as copied."""
        found = self.docs.search(
            self.pattern,
            {"term": {REPLICA_KEY: self.replica}},
            sort=[{"seq": {"order": "desc", "unmapped_type": "long"}}],
            size=50,
        )
        newest = None
        for doc in found:
            line = doc.source.get("line")
            sealed = audit_chain.unseal(line.encode("utf-8", "surrogateescape")) if isinstance(line, str) else None
            if newest is None:
                if sealed is not None and sealed.trusted and doc.id == doc_id(self.replica, sealed.seq):
                    newest = sealed
                    continue
                log.warning(
                    "tampering: %s is not a record of replica %s; passed over",
                    shown(f"{doc.index}/{doc.id}", limit=300),
                    self.replica,
                )
            elif _planted(doc.id, sealed, doc_id(self.replica, sealed.seq) if sealed is not None else None):
                # Below a record that was copied: the id was taken ahead of the writer and a later record copied
                # past it (a race, or a version before this check). The hole is never taken for copied.
                raise _planted_error(doc.index, doc.id)
        return newest

    @property
    def pattern(self) -> str:
        return f"{self.prefix}-*"

    def ready_for_change(self) -> None:
        super().ready()
        try:
            self.flush()
        except WazuhMCPError as exc:
            raise AuditUnavailable(
                f"Refused: the audit copy cannot be written to the Indexer ({exc.message}); a change is never "
                "decided without its record in the shared trail.",
                hint=exc.hint
                if isinstance(exc, Tampered)
                else "Start the Indexer or fix indexer.url; approvals resume once it takes records again.",
            ) from exc

    def write(self, event: AuditEvent) -> bytes:
        """The local file first (as before, its failure refuses the call). A change record is then copied
        before the call may go on; any other record is copied by the background copier, in batches."""
        line = super().write(event)
        seq, _ = document(self.replica, line)
        with self._unsent_lock:  # not the copy lock: a read never waits for a copy in flight
            if len(self._unsent) >= MAX_UNSENT:  # the Indexer is long gone: the file holds them, read back later
                self._unsent.clear()
            self._unsent[seq] = line
        if not is_change_record(event):
            self._wake_copier()
            return line
        try:
            with self._copy_lock:
                self._catch_up(seq)
        except WazuhMCPError as exc:
            self._indexer_problem = exc.message
            raise OSError(f"the Indexer did not take the record: {exc.message}") from exc
        self._indexer_problem = None
        return line

    def recorded_revisions(self, change_ids: Iterable[str]) -> dict[str, int]:
        """The highest revision any replica's trail records for each change: the Indexer's copies (every
        replica's ``approval.*`` records are copied before the call goes on), and this host's own file."""
        wanted = set(change_ids)
        found = super().recorded_revisions(wanted)
        if not wanted:
            return found
        self.docs.refresh(self.pattern)
        query = {"terms": {"change_id.keyword": sorted(wanted)[:1000]}}
        for doc in self.docs.search(self.pattern, query, size=1000):
            line = doc.source.get("line")
            if isinstance(line, str):
                note_revision(line.encode("utf-8", "surrogateescape"), wanted, found)
        return found

    def flush(self) -> None:
        """Copy every record not yet in the Indexer now (``WazuhMCPError`` when it cannot take them)."""
        with self._copy_lock:
            self._catch_up(None)

    def _wake_copier(self) -> None:
        if self._copier is None or not self._copier.is_alive():
            self._copier = threading.Thread(target=self._copy_forever, name="audit-copier", daemon=True)
            self._copier.start()
            atexit.register(self._flush_quietly)
        self._wake.set()

    def _copy_forever(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            try:
                self.flush()
                self._indexer_problem = None
            except WazuhMCPError as exc:  # kept in the file; the next record or change copies it
                if self._indexer_problem != exc.message:
                    log.warning("audit records kept locally, not yet in the Indexer: %s", exc.message)
                self._indexer_problem = exc.message
                time.sleep(1.0)

    def _flush_quietly(self) -> None:
        with contextlib.suppress(Exception):  # at exit: what is not copied now is copied at the next start
            self.flush()

    def _newest_copied(self) -> int:
        if self._copied is None:
            newest = self._newest_genuine()
            self._copied = newest.seq if newest is not None else 0
        return self._copied

    def _catch_up(self, upto: int | None) -> None:
        """Copy every record after the newest the Indexer holds, up to ``upto`` (None: the newest written),
        in one bulk of creates: from memory when this sink wrote them all, else read back from the file
        (records of another process on this stream, or left from before a restart)."""
        newest = self._newest_copied()
        with self._unsent_lock:
            unsent = dict(self._unsent)
        if upto is None:
            top = max(unsent, default=0) or (getattr(audit_chain.last_sealed(self.path), "seq", 0))
            upto = max(top, newest)
        if upto <= newest:
            self._drop_sent(newest)
            return
        wanted = range(newest + 1, upto + 1)
        lines = [unsent[seq] for seq in wanted if seq in unsent]
        if len(lines) < len(wanted):
            lines = self._from_file(newest, upto)
        items = []
        for line in lines:
            seq, body = document(self.replica, line)
            items.append((index_for(self.prefix, body["@timestamp"]), doc_id(self.replica, seq), body))
        # Ids taken already are compared first (a real-time read): one held by someone else stops the copy
        # before any record after it is created, or the next writer would find a genuine record above the
        # hole and take it for copied. A create refused meanwhile (409) is compared after the bulk.
        held = self.docs.mget([(index, id_) for index, id_, _ in items])
        for (index, id_, body), doc in zip(items, held, strict=True):
            if doc is not None and doc.source.get("line") != body["line"]:
                raise _planted_error(index, id_)
        items = [item for item, doc in zip(items, held, strict=True) if doc is None]
        statuses = self.docs.bulk_create(items)
        failed = [status for status in statuses if status not in (201, 409)]
        if failed or len(statuses) != len(items):
            raise UpstreamError(f"the Indexer did not take {len(failed) or len(items)} of {len(items)} audit records")
        for (index, id_, body), status in zip(items, statuses, strict=True):
            if status == 409:  # copied already by another writer of this stream — if it is the same record
                self._same_record(index, id_, body["line"])
        self._copied = upto
        self._drop_sent(upto)

    def _same_record(self, index: str, id_: str, line: str) -> None:
        """A create refused because the id exists: fine when the Indexer holds this very record; otherwise
        someone created the id ahead of this writer (to drop the record), which is tampering, never 'copied'."""
        held = self.docs.get(index, id_)
        if held is not None and held.source.get("line") == line:
            return
        raise _planted_error(index, id_)

    def _from_file(self, after: int, upto: int) -> list[bytes]:
        found = []
        for file in audit_chain.stream_files(self.path):
            for line in file.read_bytes().splitlines():
                sealed = audit_chain.unseal(line)
                if sealed is not None and after < sealed.seq <= upto:
                    found.append(line)
        return found

    def _drop_sent(self, upto: int) -> None:
        with self._unsent_lock:
            for seq in [seq for seq in self._unsent if seq <= upto]:
                del self._unsent[seq]


# --- verification from the Indexer ------------------------------------------------------------


@dataclass
class IndexedReport:
    replica: str
    report: audit_chain.VerifyReport
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.report.ok and not self.problems

    def summary(self) -> str:
        head = f"Indexer copy of replica {self.replica}: "
        lines = [head + self.report.summary().split(": ", 1)[-1].split("\n")[0]]
        lines += [f"  {problem}" for problem in self.report.problems[:50]]
        lines += [f"  {problem}" for problem in self.problems[:50]]
        if self.ok:
            lines = [f"OK {head}{self.report.records:,} record(s), seq 1–{self.report.last_seq or 0:,}, chained."]
        elif not lines[0].startswith("FAILED"):
            lines[0] = "FAILED " + lines[0]
        return "\n".join(lines)


def fetch(docs: IndexerDocs, pattern: str, replica: str | None = None) -> dict[str, list[Doc]]:
    """Every audit document under ``pattern``, per replica, in seq order (paged with search_after)."""
    query: dict[str, Any] = {"term": {REPLICA_KEY: replica}} if replica else {"match_all": {}}
    docs.refresh(pattern)
    out: dict[str, list[Doc]] = {}
    after: list[Any] | None = None
    while True:
        page = docs.search(
            pattern,
            query,
            sort=[
                {REPLICA_KEY: {"order": "asc", "unmapped_type": "keyword"}},
                {"seq": {"order": "asc", "unmapped_type": "long"}},
            ],
            size=1000,
            search_after=after,
        )
        for doc in page:  # every document, with its record or not: one without is a break, not invisible
            owner = doc.source.get("replica")
            out.setdefault(str(owner) if isinstance(owner, str) else doc.id.rsplit("-", 1)[0], []).append(doc)
        if len(page) < 1000:
            return out
        last = page[-1]
        after = [last.source.get("replica"), last.source.get("seq")]


def _doc_problems(replica: str, doc: Doc) -> tuple[bytes, list[str]]:
    """The document's line, and where its other fields disagree with it (edited in the Indexer)."""
    where = f"{doc.index}/{doc.id}"
    line = str(doc.source.get("line", "")).encode("utf-8", "surrogateescape")
    problems = []
    try:
        record = json.loads(line)
    except ValueError:
        return line, [f"edited: {where} holds no JSON record"]
    if doc.id != doc_id(replica, int(record.get("seq", -1))) or doc.source.get("seq") != record.get("seq"):
        problems.append(f"moved: {where} holds the record of seq {record.get('seq')}")
    for key in INDEXED_FIELDS:
        if doc.source.get(key) != record.get(key):
            problems.append(f"edited: {where}: field {key} is not the record's")
    return line, problems


def verify_indexed(
    docs: IndexerDocs, pattern: str, *, replica: str | None = None, local: Path | None = None
) -> list[IndexedReport]:
    """One report per replica found; with ``local`` (``replica``'s own audit file)
    also the records the Indexer holds that the local file no longer has."""
    found = fetch(docs, pattern)
    if replica and replica not in found:
        found[replica] = []
    reports = []
    for name, held in sorted(found.items()):
        lines, extra = [], []
        for doc in held:
            if not isinstance(doc.source.get("line"), str):
                extra.append(
                    f"removed: {doc.index}/{doc.id} holds no record (its line is gone: overwritten in the Indexer)"
                )
                continue
            line, problems = _doc_problems(name, doc)
            lines.append((line, f"{doc.index}/{doc.id}"))
            extra += problems
        report = audit_chain.verify_lines(Path(f"{pattern} (replica {name})"), lines)
        if report.first_seq is not None and report.first_seq > 1:
            extra.append(
                f"removed: the oldest {report.first_seq - 1} record(s) of replica {name} are not in the Indexer"
            )
        if local is not None and name == replica:
            extra += _compare_local(local, held)
        reports.append(IndexedReport(name, report, extra))
    return reports


def _compare_local(local: Path, held: list[Doc]) -> list[str]:
    """What the Indexer's copy shows about the local file: records lost locally, or changed there."""
    local_lines: dict[int, bytes] = {}
    for file in audit_chain.stream_files(local):
        for line in file.read_bytes().splitlines():
            sealed = audit_chain.unseal(line)
            if sealed is not None:
                local_lines[sealed.seq] = line
    floor = audit_chain.read_head(local)
    rotated = floor.floor if floor else 0
    lost = [
        int(doc.source["seq"])
        for doc in held
        if isinstance(doc.source.get("seq"), int)
        and doc.source["seq"] > rotated
        and doc.source["seq"] not in local_lines
    ]
    problems = []
    if lost:
        problems.append(
            f"removed locally: {len(lost)} record(s) the Indexer holds (seq {lost[0]}–{lost[-1]}) are gone from {local} "
            "and its backups, and rotation did not delete them"
        )
    changed = [
        int(doc.source["seq"])
        for doc in held
        if doc.source.get("seq") in local_lines
        and local_lines[doc.source["seq"]].decode("utf-8", "surrogateescape") != doc.source.get("line")
    ]
    if changed:
        problems.append(f"edited: {len(changed)} record(s) differ between {local} and the Indexer (seq {changed[0]}…)")
    return problems


def _planted(found_id: str, sealed: audit_chain.Sealed | None, its_id: str | None) -> bool:
    """A document that cannot be the record its id names: no sealed line, another seq's line, or a keyed line
    whose MAC fails under a key this process has. (A line sealed before keys, or under a key rotated away, is
    left to ``verify``: it may be genuine.)"""
    if sealed is None or its_id != found_id:
        return True
    return not sealed.intact and not sealed.unknown_key


def _planted_error(index: str, id_: str) -> Tampered:
    # The id may be one whoever planted the document chose: shown (controls written out) and bounded.
    id_ = shown(id_, limit=120)
    return Tampered(
        f"The Indexer already holds {index}/{id_}, and it is not this replica's record of that seq: someone "
        "created the document ahead of the writer, so the record would be dropped from the shared trail. The "
        "record stays in the local file; changes are refused until the copy can be made.",
        hint=f"Tampering with the audit index: remove {index}/{id_} (an admin), then "
        "`wazuh-mcp audit --verify --indexer`.",
    )
