"""Tamper evidence for the audit JSONL: every record is sealed into a SHA-256 hash chain.

A sealed line is the record's JSON with three members appended, always last and in this order::

    {...the record...,"seq":42,"prev":"<hash of record 41>","hash":"<sha256 of this line without hash>"}

``seq`` counts records in one stream (the audit file and its rotated backups), so a reader can
tell a removed record (a gap), a reordered one (seq going backwards) and an edited one (its own
hash no longer matches, or the next record's ``prev`` does not). The newest ``seq``/``hash`` is
also kept in ``<file>.head``: rotation starts a new, empty file, and the head carries the chain
across it; ``verify`` compares it with the last record, so records cut from the end show too.

Several processes append to one stream (``serve``, ``wazuh-mcp approve``, the launcher), so a
record is sealed and appended under an exclusive lock on the head file.

Losing records is always visible (``verify``, and ``check_tail`` when a server starts):

- the head is also kept outside the state directory, in the OS keyring (``audit_anchor``), so a
  stream deleted whole (the state directory with it) still shows: the keyring says records existed;
- a writer that finds the head missing while records (or a keyring head) exist, or finds the head
  ahead of the newest record (records cut from the end, the current file deleted), does not rebuild
  the chain quietly: it first seals an ``audit.break`` record saying what it found, then continues
  after the newest seq anyone recorded, so the gap stays in the chain. ``verify`` reports every
  ``audit.break`` record as a problem;
- a record cut short (a short write at disk-full, a writer killed mid-line) is truncated away by
  the writer when it can, and otherwise reported as ``torn``, never as ``edited``.

What it cannot prove: someone who can rewrite the files can also recompute every hash. The chain
shows damage by anything that does not (an editor, a truncation, a deleted backup in the middle,
a line pasted in); the oldest records leaving through rotation is expected and reported as such.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from wazuh_mcp.config import integrity
from wazuh_mcp.runtime import audit_anchor
from wazuh_mcp.untrusted import json_text_escaped

GENESIS = "0" * 64
MAX_BACKUPS_SCANNED = 100

BREAK_TOOL = "audit.break"
"""``tool`` of the record a writer seals when it finds records lost (``Stream``); ``verify`` reports it."""
_BREAK_MARK = b'"tool":"' + BREAK_TOOL.encode() + b'"'

ROTATE_TOOL = "audit.rotate"
"""``tool`` of the record a writer seals first in a new file after rotating: the floor it moved to and the
backups left. The floor rises only through such a record (``verify``)."""
_ROTATE_MARK = b'"tool":"' + ROTATE_TOOL.encode() + b'"'

_SEAL = re.compile(
    rb',"seq":(\d+),"prev":"([0-9a-f]{64})"(?:,"kid":"([0-9a-f]{16})")?,"hash":"([0-9a-f]{64})"\}\r?\n?$'
)
_HEX64 = re.compile(rb"[0-9a-f]{64}")
_HEX16 = re.compile(rb"[0-9a-f]{16}")


def keys() -> integrity.Keys:
    """The integrity keys of this process (``config/integrity.py``): with one, every record is sealed with
    HMAC-SHA256 and names its key (``kid``); without one, with plain SHA-256, which anyone can recompute."""
    return integrity.load()


@dataclass(frozen=True)
class Head:
    seq: int = 0
    hash: str = GENESIS
    floor: int = 0
    """The newest seq that rotation has deleted: the stream must start right after it."""


def head_path(path: Path) -> Path:
    return path.with_name(path.name + ".head")


def seal(record_json: bytes, head: Head, key: integrity.Key | None = None) -> tuple[bytes, Head]:
    """The sealed line (newline included) for ``record_json`` (a JSON object) after ``head``: ``hash`` is
    HMAC-SHA256 under ``key`` (named by ``kid``), or plain SHA-256 without one."""
    if not record_json.endswith(b"}"):
        raise ValueError("an audit record must be one JSON object")
    seq = head.seq + 1
    sep = b"" if record_json == b"{}" else b","
    body = record_json[:-1] + sep + f'"seq":{seq},"prev":"{head.hash}"'.encode()
    if key is not None:
        body += f',"kid":"{key.kid}"'.encode()
        digest = key.mac(body + b"}")
    else:
        digest = hashlib.sha256(body + b"}").hexdigest()
    return body + f',"hash":"{digest}"}}\n'.encode(), Head(seq, digest, head.floor)


@dataclass(frozen=True)
class Sealed:
    seq: int
    prev: str
    hash: str
    intact: bool
    """The line's content still matches its own hash (its MAC, for a keyed line whose key is known)."""
    kid: str | None = None
    """The key a keyed line names (None: sealed with plain SHA-256)."""
    unknown_key: bool = False
    """Keyed with a key this process does not have: neither intact nor shown edited."""

    @property
    def trusted(self) -> bool:
        """Intact, and keyed whenever this process has a key: a plain line proves nothing once keys exist."""
        return self.intact and (self.kid is not None or keys().current is None)


def unseal(line: bytes, known: integrity.Keys | None = None) -> Sealed | None:
    """The seal of one line, or None when the line carries none (older format, torn, foreign)."""
    match = _SEAL.search(line)
    if match is None:
        return None
    kid = match.group(3).decode() if match.group(3) else None
    end = (match.end(3) if kid else match.end(2)) + 1  # just past the closing quote of kid, else prev
    stored = match.group(4).decode()
    seq, prev = int(match.group(1)), match.group(2).decode()
    if kid is None:
        return Sealed(seq, prev, stored, hashlib.sha256(line[:end] + b"}").hexdigest() == stored)
    verdict = (known or keys()).verify(kid, line[:end] + b"}", stored)
    return Sealed(seq, prev, stored, verdict is True, kid, verdict is None)


# --- the head file and the writers' lock ----------------------------------------------------


def _lock(fd: int) -> None:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX)


def _unlock(fd: int) -> None:
    if sys.platform == "win32":  # pragma: no cover
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)


@dataclass(frozen=True)
class StoredHead:
    head: Head
    size: int | None
    """The stream file's size just after the head's record."""
    sealed: bool | None
    """True: its MAC verifies under a known key; False: it carries one that does not (or an unknown key's);
    None: it carries none (written without a key)."""


def _head_text(name: str, seq: int, digest: str, floor: int, size: int) -> bytes:
    return f"audit head {name} {seq} {digest} {floor} {size}".encode()


def _parse_head(raw: bytes, name: str | None = None) -> StoredHead | None:
    """``seq hash floor [size [kid mac]]``: the head, the stream file's size after it, and whether its MAC
    (over the stream's file name and those four values) verifies. ``name`` None: no MAC to check (the anchor)."""
    parts = raw.split()
    if len(parts) not in (3, 4, 6) or not all(p.isdigit() for p in parts[:1] + parts[2:4]):
        return None
    if not _HEX64.fullmatch(parts[1]):
        return None
    head = Head(int(parts[0]), parts[1].decode(), int(parts[2]))
    size = int(parts[3]) if len(parts) >= 4 else None
    sealed: bool | None = None
    if len(parts) == 6:
        if not (_HEX16.fullmatch(parts[4]) and _HEX64.fullmatch(parts[5])) or name is None or size is None:
            sealed = False if name is not None else None
        else:
            text = _head_text(name, head.seq, head.hash, head.floor, size)
            sealed = keys().verify(parts[4].decode(), text, parts[5].decode()) is True
    return StoredHead(head, size, sealed)


def read_stored_head(path: Path) -> StoredHead | None:
    try:
        return _parse_head(head_path(path).read_bytes(), path.name)
    except OSError:
        return None


def read_head(path: Path) -> Head | None:
    """The stored head of the stream at ``path`` (None when absent or unreadable)."""
    stored = read_stored_head(path)
    return stored.head if stored else None


@dataclass(frozen=True)
class Anchor:
    """The head kept in the OS keyring (``audit_anchor``): ``head`` None when nothing is recorded there,
    ``unavailable`` saying why nothing can be (no keyring, turned off)."""

    head: Head | None
    unavailable: str | None = None


def read_anchor(path: Path) -> Anchor:
    found = audit_anchor.read(path)
    parsed = _parse_head(found.value.encode()) if found.value else None
    return Anchor(parsed.head if parsed else None, found.unavailable)


def _anchor_value(head: Head) -> str:
    return f"{head.seq} {head.hash} {head.floor}"


def _record(tool: str, args: dict[str, object], outcome: str, error: str | None = None) -> bytes:
    now = datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    record: dict[str, object] = {"ts": now, "tool": tool, "toolset": "audit", "args": args, "outcome": outcome}
    if error is not None:
        record["error"] = error[:1000]
    record["duration_ms"] = 0
    return json_text_escaped(json.dumps(record, separators=(",", ":"), ensure_ascii=False)).encode()


def _break_record(detail: str) -> bytes:
    return _record(BREAK_TOOL, {}, "error", detail)


def _rotate_record(floor: int, backups_left: int) -> bytes:
    return _record(ROTATE_TOOL, {"floor": floor, "backups_left": backups_left}, "ok")


_HEAD_WIDTH = 209
"""Fixed width (keyed or not): the head is rewritten in place with one write, never truncated."""


def _head_line(name: str, head: Head, size: int, key: integrity.Key | None) -> bytes:
    text = f"{head.seq:020d} {head.hash} {head.floor:020d} {size:020d}"
    if key is not None:
        text += f" {key.kid} {key.mac(_head_text(name, head.seq, head.hash, head.floor, size))}"
    return (text.ljust(_HEAD_WIDTH) + "\n").encode()


Outside = Callable[[], "Sealed | None"]
"""The newest record a copy kept outside the state directory holds (team mode: the Indexer's)."""


class Stream:
    """One audit stream's writer: seals each record after the head and appends it, under an
    exclusive lock on the head file (shared by every process writing the stream).

    Before it writes, it compares the trail with what is kept outside it — what this process itself wrote
    last, the OS keyring's head (read at its first record; the keyring is never lowered, ``audit_anchor``),
    and ``outside`` (the Indexer's copy) — and a trail found shorter is recorded as an ``audit.break`` and
    continued after the highest seq anyone recorded, never chained on quietly from the lower one.

    ``rotate(head)`` is called, with the lock held, when a record would overflow ``max_bytes``; it renames
    the files and returns the head to keep (its floor moved past deleted records) and how many backups are
    left; the new file then starts with an ``audit.rotate`` record saying so."""

    def __init__(
        self,
        path: Path,
        max_bytes: int,
        rotate: Callable[[Head], tuple[Head, int]],
        *,
        outside: Outside | None = None,
    ) -> None:
        self.path = path
        self.max_bytes = max_bytes
        self._rotate = rotate
        self._outside = outside
        self._head_path = head_path(path)
        self._fd: int | None = None
        self._last: Head | None = None
        """The head this process wrote last: a trail found below it was cut while this process ran."""
        self._anchored = False
        """The keyring's head and the outside copy were compared (once per process)."""

    def append(self, record_json: bytes) -> bytes:
        if self._fd is None:  # kept open: one fewer open/close per record
            self._fd = os.open(self._head_path, os.O_RDWR | os.O_CREAT, 0o600)
        head_fd = self._fd
        key = keys().current
        _lock(head_fd)
        try:
            os.lseek(head_fd, 0, os.SEEK_SET)
            parsed = _parse_head(os.read(head_fd, 512), self.path.name)
            fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)  # read: its last byte
            try:
                size = os.fstat(fd).st_size
                head, lost = self._current(parsed, size, key)
                head, lost = self._against_outside(head, lost)
                lines, line, after = _sealed_lines(record_json, head, lost, key)
                if size and size + len(lines) > self.max_bytes:
                    os.close(fd)
                    fd = -1
                    rotated, left = self._rotate(head)
                    first, rotated = seal(_rotate_record(rotated.floor, left), rotated, key)
                    more, line, after = _sealed_lines(record_json, rotated, lost, key)
                    lines = first + more
                    fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
                    size = 0
                elif size and (parsed is None or parsed.size != size) and _ends_torn(fd, size):
                    lines = b"\n" + lines  # a line cut short stays a line of its own: "torn", not "edited"
                written = os.write(fd, lines)
                if written != len(lines):
                    with contextlib.suppress(OSError):  # take the partial line back if the file system lets us
                        os.ftruncate(fd, size)
                    raise OSError(28, "short write (disk full?)")
            finally:
                if fd >= 0:
                    os.close(fd)
            os.lseek(head_fd, 0, os.SEEK_SET)
            os.write(head_fd, _head_line(self.path.name, after, size + written, key))
            self._last = after
            audit_anchor.store_later(self.path, _anchor_value(after))
        finally:
            _unlock(head_fd)
        return line

    def _current(self, parsed: StoredHead | None, size: int, key: integrity.Key | None) -> tuple[Head, str | None]:
        """The head to chain the next record after, and what was lost if anything (for ``audit.break``)."""
        forged = None
        if parsed is not None and key is not None and parsed.sealed is not True:
            newest = last_sealed(self.path)
            if parsed.sealed is False or (newest is not None and newest.kid is not None):
                forged = (
                    f"the head file {self._head_path.name} was rewritten by someone without the integrity key "
                    f"(it says seq {parsed.head.seq}, floor {parsed.head.floor}; "
                    + ("its MAC does not verify)" if parsed.sealed is False else "it carries no MAC)")
                )
                parsed = None
        if parsed is not None and parsed.size == size:
            return parsed.head, forged  # the usual case: nothing to read back
        newest = last_sealed(self.path)
        if parsed is None:
            head, lost = self._without_head(newest)
            if forged and lost:
                lost = lost.replace(f"the head file {self._head_path.name} was missing; ", "so it is not used; ")
            return head, "; ".join(p for p in (forged, lost) if p) or None
        stored = parsed.head
        if newest is not None and newest.seq > stored.seq:
            # A writer that died between appending its record and updating the head: the file is the truth.
            return Head(newest.seq, newest.hash, stored.floor), None
        if newest is None or newest.seq < stored.seq:
            last = f"seq {newest.seq}" if newest is not None else "none"
            return stored, (
                f"records removed: the head says seq {stored.seq} was written, the newest record left is {last} "
                "(the end of the stream was cut, or its current file deleted)"
            )
        return stored, None

    def _against_outside(self, head: Head, lost: str | None) -> tuple[Head, str | None]:
        """Never chain on from below what this process wrote, the keyring's head or the outside copy."""
        found: list[str] = [lost] if lost else []
        higher: list[tuple[Head, str]] = []
        if self._last is not None and self._last.seq > head.seq:
            higher.append((self._last, f"this process wrote seq {self._last.seq}"))
        refused = audit_anchor.refused_lower(self.path)
        if not self._anchored or refused:
            self._anchored = True
            anchor = read_anchor(self.path).head
            if anchor is not None and anchor.seq > head.seq:
                higher.append((anchor, f"the OS keyring's head says seq {anchor.seq}"))
            copy = self._outside() if self._outside is not None else None
            if copy is not None and copy.seq > head.seq:
                higher.append((Head(copy.seq, copy.hash, head.floor), f"the Indexer's copy holds seq {copy.seq}"))
        if higher:
            top = max(higher, key=lambda item: item[0].seq)[0]
            said = "; ".join(words for _, words in higher)
            found.append(
                f"records removed: the trail ends at seq {head.seq}, but {said} (the end of the stream was cut "
                f"and its head rewritten); {top.seq - head.seq} record(s) lost, continuing after seq {top.seq}"
            )
            head = Head(top.seq, top.hash, max(head.floor, top.floor))
        return head, "; ".join(found) or None

    def _without_head(self, newest: Sealed | None) -> tuple[Head, str | None]:
        """No head file: a new stream, or a deleted head (a break), told apart by the records and the keyring."""
        anchor = read_anchor(self.path).head
        if newest is None and anchor is None:
            return Head(), None  # a new stream (or, without a keyring, one deleted whole: verify says so)
        floor = anchor.floor if anchor is not None else 0
        start = Head(newest.seq, newest.hash, floor) if newest is not None else Head(floor=floor)
        if anchor is not None and anchor.seq > start.seq:
            start = anchor
        last = f"seq {newest.seq}" if newest is not None else "no record left"
        kept = f"seq {anchor.seq}" if anchor is not None else "nothing (or no keyring)"
        detail = f"the head file {self._head_path.name} was missing; newest record: {last}; keyring head: {kept}"
        if anchor is not None and (newest is None or anchor.seq > newest.seq):
            detail += f"; {anchor.seq - (newest.seq if newest else floor)} record(s) lost"
        return start, detail

    @property
    def last(self) -> Head | None:
        """The head of the record this process wrote last (None: it wrote none)."""
        return self._last

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        with contextlib.suppress(OSError):
            self.close()


def _sealed_lines(
    record_json: bytes, head: Head, lost: str | None, key: integrity.Key | None
) -> tuple[bytes, bytes, Head]:
    """The break (if anything was lost) and the record, sealed after ``head``: (all lines, the record's, head)."""
    lines = b""
    if lost is not None:  # say so in the chain before going on: the gap stays visible
        lines, head = seal(_break_record(lost), head, key)
    line, head = seal(record_json, head, key)
    return lines + line, line, head


def _ends_torn(fd: int, size: int) -> bool:
    """The file's last byte is not a newline: a record was cut short."""
    try:
        return os.pread(fd, 1, size - 1) != b"\n"
    except (OSError, AttributeError):  # AttributeError: no pread (Windows); a torn line then reads as one
        return False


def stream_files(path: Path) -> list[Path]:
    """The stream's files, oldest first: ``audit.jsonl.N`` … ``audit.jsonl.1``, ``audit.jsonl``."""
    backups = []
    for index in range(1, MAX_BACKUPS_SCANNED + 1):
        candidate = path.with_name(f"{path.name}.{index}")
        if not candidate.exists():
            break
        backups.append(candidate)
    return [*reversed(backups), *([path] if path.exists() else [])]


def last_sealed(path: Path) -> Sealed | None:
    """The seal of the newest record in the stream (the current file, else its newest backup)."""
    for candidate in (path, path.with_name(f"{path.name}.1")):
        found = last_sealed_in(candidate)
        if found is not None:
            return found
    return None


def last_sealed_in(file: Path) -> Sealed | None:
    """The seal of the last sealed line of one file, reading backwards from its end."""
    try:
        with file.open("rb") as fh:
            end = fh.seek(0, os.SEEK_END)
            step = 8192
            while True:
                start = max(0, end - step)
                fh.seek(start)
                lines = fh.read(end - start).splitlines()
                for line in reversed(lines if start == 0 else lines[1:]):
                    found = unseal(line)
                    if found is not None:
                        return found
                if start == 0:
                    return None
                step *= 4
    except OSError:
        return None


# --- verification ------------------------------------------------------------------------


@dataclass
class Problem:
    kind: str
    """removed, reordered, edited, inserted, duplicated, torn, head, break"""
    where: str
    detail: str
    gap: tuple[int, int] | None = None
    """For a gap between two records: the missing seqs as a range (start, stop)."""

    def __str__(self) -> str:
        return f"{self.kind}: {self.where}: {self.detail}"


@dataclass
class VerifyReport:
    path: Path
    files: list[Path] = field(default_factory=list)
    records: int = 0
    unsealed_before_chain: int = 0
    first_seq: int | None = None
    last_seq: int | None = None
    head: Head | None = None
    anchor: Anchor = field(default_factory=lambda: Anchor(None))
    problems: list[Problem] = field(default_factory=list)
    unkeyed_before_key: int = 0
    """Records sealed without a key before the first keyed one (written before keyed sealing)."""
    keyed: int = 0
    unproven: str | None = None
    """Why the trail proves nothing against someone who can write the state directory (no integrity key)."""

    @property
    def ok(self) -> bool:
        return not self.problems and self.unproven is None

    def summary(self) -> str:
        lines = self._verdict() + self._notes()
        return "\n".join(lines)

    def _verdict(self) -> list[str]:
        if not self.files and self.ok:
            return [f"{self.path}: no audit records yet."]
        lines = []
        if not self.problems and self.unproven is not None:
            return [
                f"NOT PROVEN {self.path}: {self.records:,} record(s) chained without a problem, but {self.unproven}: "
                "anyone who can write the state directory can recompute every hash, so a cut or rewritten trail "
                "would read the same."
            ]
        if self.ok:
            span = f"seq {self.first_seq:,}–{self.last_seq:,}" if self.first_seq is not None else "no sealed records"
            lines.append(
                f"OK {self.path}: {self.records:,} sealed record(s) in {len(self.files)} file(s), {span}, "
                "each chained to the one before; the head matches the newest record."
            )
        else:
            lines.append(f"FAILED {self.path}: {len(self.problems)} problem(s) in {self.records:,} sealed record(s).")
            lines += [f"  {problem}" for problem in self.problems[:50]]
            if len(self.problems) > 50:
                lines.append(f"  … and {len(self.problems) - 50} more")
        return lines

    def _notes(self) -> list[str]:
        lines = []
        if self.ok and self.first_seq is not None and self.first_seq > 1:
            lines.append(
                f"  note: the chain starts at seq {self.first_seq:,}: the {self.first_seq - 1:,} older record(s) "
                "left through rotation (audit_backups)."
            )
        if self.unkeyed_before_key:
            lines.append(
                f"  note: {self.unkeyed_before_key:,} older record(s) were sealed without the integrity key (before "
                "keyed sealing): their hashes can be recomputed by anyone."
            )
        if self.unsealed_before_chain:
            lines.append(f"  note: {self.unsealed_before_chain:,} older record(s) predate sealing and are not checked.")
        if self.anchor.unavailable:
            lines.append(
                f"  note: the head is not kept outside the state directory ({self.anchor.unavailable}): "
                "a state directory deleted whole would read as a new, empty trail."
            )
        return lines


def verify_lines(name: Path, lines: list[tuple[bytes, str]], head: Head | None = None) -> VerifyReport:
    """The same checks over lines kept elsewhere (the Indexer's copy): ``(line, where)`` oldest first."""
    walk = _Walk(VerifyReport(path=name, files=[name] if lines else [], head=head))
    for index, (line, where) in enumerate(lines, start=1):
        walk.line(line, where, last=index == len(lines))
    walk.report.last_seq = walk.top.seq if walk.top is not None else None
    if head is not None:
        _check_head(walk.report, walk.top)
    _explain_moves(walk.report, walk.moved)
    _check_keyed(walk.report)
    return walk.report


def verify(path: Path, outside: Outside | None = None) -> VerifyReport:
    """Check the whole stream at ``path``: every seal (its MAC under the integrity key), the order, the links,
    the head (its MAC too), the floor against the rotations recorded, and the keyring's head."""
    stored = read_stored_head(path)
    report = VerifyReport(path=path, files=stream_files(path), head=stored.head if stored else None)
    report.anchor = read_anchor(path)
    walk = _Walk(report)
    for file in walk.report.files:
        with file.open("rb") as fh:
            lines = fh.read().split(b"\n")
        for number, line in enumerate(lines, start=1):
            if line.strip():
                walk.line(line, f"{file.name}:{number}", last=file == path and number == len(lines))
    report.last_seq = walk.top.seq if walk.top is not None else None
    if _check_head_seal(report, stored, walk):
        _check_head(report, walk.top)
    _check_anchor(report, walk.top, walk.hashes)
    _check_outside(report, walk.top, outside)
    _check_floor(report, walk)
    _explain_moves(report, walk.moved)
    _check_keyed(report)
    return report


def is_break(line: bytes) -> bool:
    """A trusted ``audit.break`` record (a writer found records lost here)."""
    if _BREAK_MARK not in line[:160]:
        return False
    sealed = unseal(line)
    return sealed is not None and sealed.trusted


def _check_outside(report: VerifyReport, newest: Sealed | None, outside: Outside | None) -> None:
    """Team mode: the Indexer's copy is an anchor too; the local trail must reach its newest record."""
    copy = outside() if outside is not None else None
    if copy is not None and (newest is None or copy.seq > newest.seq):
        last = f"seq {newest.seq}" if newest is not None else "no record"
        report.problems.append(
            Problem(
                "removed",
                "Indexer copy",
                f"the Indexer's copy holds this replica's records up to seq {copy.seq}; the local trail ends at "
                f"{last} (its end was cut)",
            )
        )


def _check_keyed(report: VerifyReport) -> None:
    if keys().current is None and report.records:
        report.unproven = f"there is {keys().unavailable or 'no integrity key'}"


def _check_head_seal(report: VerifyReport, stored: StoredHead | None, walk: _Walk) -> bool:
    """A keyed trail's head must carry a MAC that verifies: a head rewritten to match a cut trail does not.
    False when it was rewritten (reported here; nothing more to learn from it)."""
    if stored is None or stored.sealed is True:
        return True
    if stored.sealed is False:
        report.problems.append(
            Problem(
                "head",
                head_path(report.path).name,
                "rewritten: its MAC does not verify under the integrity key (someone without the key set it to "
                f"seq {stored.head.seq}, floor {stored.head.floor})",
            )
        )
    elif walk.newest_keyed:
        report.problems.append(
            Problem(
                "head",
                head_path(report.path).name,
                f"rewritten: it carries no MAC while the records are keyed (it says seq {stored.head.seq}, "
                f"floor {stored.head.floor})",
            )
        )
    else:
        return True
    report.head = None
    return False


def _check_floor(report: VerifyReport, walk: _Walk) -> None:
    """The floor rises only through a rotation the writer recorded (``audit.rotate``), and the backups that
    rotation left must all still be there."""
    known = report.head or report.anchor.head
    floor = known.floor if known is not None else 0
    if floor <= 0:
        return
    rotation = walk.rotation
    if rotation is None or rotation[0] != floor:
        if walk.newest_keyed or rotation is not None:
            said = f"the newest rotation recorded says floor {rotation[0]}" if rotation else "no rotation is recorded"
            report.problems.append(
                Problem(
                    "removed",
                    "floor",
                    f"the head's floor says rotation deleted every record up to seq {floor}, but {said}: "
                    "the oldest records were cut and the floor raised to hide it",
                )
            )
        return
    present = len([f for f in report.files if f != report.path])
    if present < rotation[1]:
        report.problems.append(
            Problem(
                "removed",
                "backups",
                f"the rotation that set the floor to seq {floor} left {rotation[1]} backup file(s), "
                f"{present} remain: a backup was deleted",
            )
        )


class _Walk:
    """One pass over a stream's lines, oldest first, noting each problem where it shows."""

    def __init__(self, report: VerifyReport) -> None:
        self.report = report
        self.top: Sealed | None = None
        """The record with the highest seq so far."""
        self.top_where = ""
        self.seen: set[int] = set()
        self.hashes: dict[int, str] = {}
        self.moved: set[int] = set()
        self.keys = keys()
        self.newest_keyed = False
        """The newest record is keyed: a plain line or head after it was written without the key."""
        self.rotation: tuple[int, int] | None = None
        """(floor, files left) of the newest ``audit.rotate`` record."""

    def problem(self, kind: str, where: str, detail: str, gap: tuple[int, int] | None = None) -> None:
        self.report.problems.append(Problem(kind, where, detail, gap))

    def line(self, line: bytes, where: str, *, last: bool) -> None:
        found = unseal(line, self.keys)
        if found is None:
            if self.top is None and _is_json(line):
                self.report.unsealed_before_chain += 1
            elif not _is_json(line):
                state = "the last line" if last else "a line"
                self.problem(
                    "torn", where, f"{state} is a record cut short while being written (disk full, or a writer died)"
                )
            else:
                self.problem("inserted", where, "a line without a seal inside the chain")
            return
        self.report.records += 1
        self._keyed(found, where)
        if not found.intact and not found.unknown_key:
            what = "its MAC under the integrity key" if found.kid else "its own hash"
            self.problem("edited", where, f"record seq {found.seq} does not match {what} (changed after writing)")
        elif _BREAK_MARK in line[:120]:
            self.problem("break", where, f"seq {found.seq}: the chain was broken here: {_break_detail(line)}")
        elif _ROTATE_MARK in line[:120] and found.intact:
            self.rotation = _rotation(line) or self.rotation
        self.hashes[found.seq] = found.hash
        self.place(found, where)
        self.seen.add(found.seq)
        if self.top is None or found.seq > self.top.seq:
            self.top, self.top_where = found, where

    def _keyed(self, found: Sealed, where: str) -> None:
        if found.kid is not None:
            self.report.keyed += 1
            self.newest_keyed = True
            if found.unknown_key:
                self.problem(
                    "unverifiable",
                    where,
                    f"record seq {found.seq} is sealed with an integrity key this process does not have (key id "
                    f"{found.kid}): keep a rotated key after the new one, or it was forged"
                    if self.keys.current is not None
                    else f"record seq {found.seq} is keyed, and there is {self.keys.unavailable or 'no key'}",
                )
        elif self.newest_keyed:
            self.problem(
                "forged",
                where,
                f"record seq {found.seq} carries no MAC inside a keyed chain: written by someone without the "
                "integrity key",
            )
        elif self.keys.current is not None:
            self.report.unkeyed_before_key += 1

    def place(self, found: Sealed, where: str) -> None:
        """Is ``found`` where the chain says it belongs?"""
        top = self.top
        if top is None:
            self.report.first_seq = found.seq
            _check_start(self.report, found, where)
        elif found.seq in self.seen:
            self.problem("duplicated", where, f"seq {found.seq} appears again")
        elif found.seq < top.seq:
            self.moved.add(found.seq)
            self.problem("reordered", where, f"record seq {found.seq} comes after seq {top.seq} (moved)")
        elif found.seq > top.seq + 1:
            missing = found.seq - top.seq - 1
            detail = f"{missing} record(s) missing between seq {top.seq} ({self.top_where}) and seq {found.seq}"
            self.problem("removed", where, detail, gap=(top.seq + 1, found.seq))
        elif found.prev != top.hash:
            self.problem(
                "edited", self.top_where, f"record seq {top.seq} was replaced: seq {found.seq} chained to another"
            )


def _is_json(line: bytes) -> bool:
    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def _rotation(line: bytes) -> tuple[int, int] | None:
    try:
        args = json.loads(line).get("args", {})
        return int(args["floor"]), int(args["backups_left"])
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def _break_detail(line: bytes) -> str:
    try:
        detail = json.loads(line).get("error")
    except (ValueError, AttributeError):
        detail = None
    return str(detail)[:400] if detail else "(no detail)"


def _check_start(report: VerifyReport, first: Sealed, where: str) -> None:
    """The stream must begin right after what rotation deleted (the head's floor), or at seq 1."""
    known = report.head or report.anchor.head
    floor = known.floor if known is not None else first.seq - 1
    if first.seq > floor + 1:
        report.problems.append(
            Problem(
                "removed",
                where,
                f"the oldest {first.seq - floor - 1} record(s) are gone (seq {floor + 1}–{first.seq - 1}), "
                "and rotation did not delete them",
            )
        )


def _check_head(report: VerifyReport, newest: Sealed | None) -> None:
    head = report.head
    if newest is None:
        if head is not None and head.seq > 0:
            report.problems.append(
                Problem("removed", "head", f"the head says {head.seq} record(s) were written; none is left")
            )
        return
    if head is None:
        report.problems.append(
            Problem("head", head_path(report.path).name, "missing: records cut from the end could not be seen")
        )
    elif head.seq > newest.seq:
        report.problems.append(
            Problem(
                "removed",
                "end of stream",
                f"the newest {head.seq - newest.seq} record(s) are gone (head seq {head.seq}, last seq {newest.seq})",
            )
        )
    elif head.seq == newest.seq and head.hash != newest.hash:
        report.problems.append(Problem("edited", "end of stream", f"the newest record (seq {newest.seq}) was replaced"))


def _check_anchor(report: VerifyReport, newest: Sealed | None, hashes: dict[int, str]) -> None:
    """The head kept in the OS keyring: records it names must still be there, and be the same records."""
    anchor = report.anchor.head
    if anchor is None or anchor.seq == 0:
        return
    if newest is None:
        report.problems.append(
            Problem(
                "removed",
                "keyring head",
                f"the head kept in the OS keyring says {anchor.seq} record(s) were written to this stream; none is "
                "left (its files, or the whole state directory, were deleted)",
            )
        )
    elif anchor.seq > newest.seq:
        report.problems.append(
            Problem(
                "removed",
                "keyring head",
                f"the newest {anchor.seq - newest.seq} record(s) are gone (the OS keyring's head says seq "
                f"{anchor.seq}, the last record is seq {newest.seq})",
            )
        )
    elif anchor.seq in hashes and hashes[anchor.seq] != anchor.hash:
        report.problems.append(
            Problem("edited", "keyring head", f"record seq {anchor.seq} is not the one the OS keyring's head names")
        )


def check_tail(path: Path) -> list[str]:
    """What a server reports at start, cheaply (the head, the newest record, the keyring's head; no full
    walk): records lost at the end, a deleted current file or head, a stream deleted whole."""
    stored = read_stored_head(path)
    report = VerifyReport(path=path, head=stored.head if stored else None, anchor=read_anchor(path))
    newest = last_sealed(path)
    if stored is not None and stored.sealed is not True and (stored.sealed is False or (newest and newest.kid)):
        report.problems.append(Problem("head", head_path(path).name, "rewritten without the integrity key"))
    else:
        _check_head(report, newest)
    _check_anchor(report, newest, {newest.seq: newest.hash} if newest is not None else {})
    found = [str(p) for p in report.problems]
    if report.anchor.unavailable:
        found.append(f"note: the head is not kept outside the state directory ({report.anchor.unavailable})")
    return found


def behind_writer(path: Path, wrote: Head) -> str | None:
    """What a writer that keeps running can see and no file shows: the stream no longer holds the record it
    wrote last (``wrote``) — cut below it, or cut and refilled since by another writer (``wazuh-mcp approve``),
    or put back from a copy saved earlier. None when the record is there, or rotation took it away."""
    newest = last_sealed(path)
    if newest is None or newest.seq < wrote.seq:
        left = f"seq {newest.seq}" if newest is not None else "no record"
        return f"records removed: this process wrote seq {wrote.seq}, the stream now ends at {left}"
    mark = f',"seq":{wrote.seq},'.encode()
    for file in reversed(stream_files(path)):  # newest file first: the record is near the end
        try:
            with file.open("rb") as fh:
                for line in fh:
                    found = unseal(line) if mark in line else None
                    if found is not None and found.seq == wrote.seq:
                        if found.hash == wrote.hash:
                            return None
                        return (
                            f"records replaced: this process wrote seq {wrote.seq}, and the stream holds another "
                            "record there (cut, then written again or put back from a saved copy)"
                        )
        except OSError:
            continue
    return None


def _explain_moves(report: VerifyReport, moved: set[int]) -> None:
    """A record moved later shows as a gap plus a late arrival: say "reordered" once, not "removed"."""
    report.problems = [p for p in report.problems if not (p.gap and set(range(*p.gap)) <= moved)]
