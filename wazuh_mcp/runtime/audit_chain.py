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

What it cannot prove: someone who can rewrite the files can also recompute every hash. The chain
shows damage by anything that does not (an editor, a truncation, a deleted backup in the middle,
a line pasted in); the oldest records leaving through rotation is expected and reported as such.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

GENESIS = "0" * 64
MAX_BACKUPS_SCANNED = 100

_SEAL = re.compile(rb',"seq":(\d+),"prev":"([0-9a-f]{64})","hash":"([0-9a-f]{64})"\}\r?\n?$')
_HEX64 = re.compile(rb"[0-9a-f]{64}")


@dataclass(frozen=True)
class Head:
    seq: int = 0
    hash: str = GENESIS
    floor: int = 0
    """The newest seq that rotation has deleted: the stream must start right after it."""


def head_path(path: Path) -> Path:
    return path.with_name(path.name + ".head")


def seal(record_json: bytes, head: Head) -> tuple[bytes, Head]:
    """The sealed line (newline included) for ``record_json`` (a JSON object) after ``head``."""
    if not record_json.endswith(b"}"):
        raise ValueError("an audit record must be one JSON object")
    seq = head.seq + 1
    sep = b"" if record_json == b"{}" else b","
    body = record_json[:-1] + sep + f'"seq":{seq},"prev":"{head.hash}"'.encode()
    digest = hashlib.sha256(body + b"}").hexdigest()
    return body + f',"hash":"{digest}"}}\n'.encode(), Head(seq, digest, head.floor)


@dataclass(frozen=True)
class Sealed:
    seq: int
    prev: str
    hash: str
    intact: bool
    """The line's content still matches its own hash."""


def unseal(line: bytes) -> Sealed | None:
    """The seal of one line, or None when the line carries none (older format, torn, foreign)."""
    match = _SEAL.search(line)
    if match is None:
        return None
    end = match.end(2) + 1  # just past prev's closing quote
    digest = hashlib.sha256(line[:end] + b"}").hexdigest()
    stored = match.group(3).decode()
    return Sealed(int(match.group(1)), match.group(2).decode(), stored, digest == stored)


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


def _parse_head(raw: bytes) -> tuple[Head, int | None] | None:
    """``seq hash floor [size]``: the head, and the stream file's size just after that record."""
    parts = raw.split()
    if len(parts) not in (3, 4) or not all(p.isdigit() for p in parts[:1] + parts[2:]):
        return None
    if not _HEX64.fullmatch(parts[1]):
        return None
    return Head(int(parts[0]), parts[1].decode(), int(parts[2])), int(parts[3]) if len(parts) == 4 else None


def read_head(path: Path) -> Head | None:
    """The stored head of the stream at ``path`` (None when absent or unreadable)."""
    try:
        parsed = _parse_head(head_path(path).read_bytes())
    except OSError:
        return None
    return parsed[0] if parsed else None


_HEAD_FORMAT = "{seq:020d} {hash} {floor:020d} {size:020d}\n"
"""Fixed width: rewritten in place with one write, never truncated."""


class Stream:
    """One audit stream's writer: seals each record after the head and appends it, under an
    exclusive lock on the head file (shared by every process writing the stream).

    ``rotate(head)`` is called, with the lock held, when a record would overflow ``max_bytes``;
    it renames the files and returns the head to keep (its floor moved past deleted records)."""

    def __init__(self, path: Path, max_bytes: int, rotate: Callable[[Head], Head]) -> None:
        self.path = path
        self.max_bytes = max_bytes
        self._rotate = rotate
        self._head_path = head_path(path)
        self._fd: int | None = None

    def append(self, record_json: bytes) -> bytes:
        if self._fd is None:  # kept open: one fewer open/close per record
            self._fd = os.open(self._head_path, os.O_RDWR | os.O_CREAT, 0o600)
        head_fd = self._fd
        _lock(head_fd)
        try:
            os.lseek(head_fd, 0, os.SEEK_SET)
            parsed = _parse_head(os.read(head_fd, 256))
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                size = os.fstat(fd).st_size
                line, head = seal(record_json, self._current(parsed, size))
                if size and size + len(line) > self.max_bytes:
                    os.close(fd)
                    fd = -1
                    head = self._rotate(head)
                    fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
                    size = 0
                written = os.write(fd, line)
            finally:
                if fd >= 0:
                    os.close(fd)
            if written != len(line):
                raise OSError(28, "short write (disk full?)")
            stored = _HEAD_FORMAT.format(seq=head.seq, hash=head.hash, floor=head.floor, size=size + written)
            os.lseek(head_fd, 0, os.SEEK_SET)
            os.write(head_fd, stored.encode())
        finally:
            _unlock(head_fd)
        return line

    def _current(self, parsed: tuple[Head, int | None] | None, size: int) -> Head:
        stored, stored_size = parsed if parsed else (None, None)
        if stored is not None and stored_size == size:
            return stored  # the usual case: nothing to read back
        # The file is the truth when they disagree: a writer that died between appending its
        # record and updating the head, or a head deleted by hand, must not fork the chain.
        newest = last_sealed(self.path)
        if newest is not None and (stored is None or newest.seq > stored.seq):
            return Head(newest.seq, newest.hash, stored.floor if stored else 0)
        return stored or Head()

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        with contextlib.suppress(OSError):
            self.close()


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
    """removed, reordered, edited, inserted, duplicated, torn, head"""
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
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        if not self.files:
            return f"{self.path}: no audit records yet."
        lines = []
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
        if self.ok and self.first_seq is not None and self.first_seq > 1:
            lines.append(
                f"  note: the chain starts at seq {self.first_seq:,}: the {self.first_seq - 1:,} older record(s) "
                "left through rotation (audit_backups)."
            )
        if self.unsealed_before_chain:
            lines.append(f"  note: {self.unsealed_before_chain:,} older record(s) predate sealing and are not checked.")
        return "\n".join(lines)


def verify_lines(name: Path, lines: list[tuple[bytes, str]], head: Head | None = None) -> VerifyReport:
    """The same checks over lines kept elsewhere (the Indexer's copy): ``(line, where)`` oldest first."""
    walk = _Walk(VerifyReport(path=name, files=[name] if lines else [], head=head))
    for index, (line, where) in enumerate(lines, start=1):
        walk.line(line, where, last=index == len(lines))
    walk.report.last_seq = walk.top.seq if walk.top is not None else None
    if head is not None:
        _check_head(walk.report, walk.top)
    _explain_moves(walk.report, walk.moved)
    return walk.report


def verify(path: Path) -> VerifyReport:
    """Check the whole stream at ``path``: every seal, the order, the links and the head."""
    walk = _Walk(VerifyReport(path=path, files=stream_files(path), head=read_head(path)))
    for file in walk.report.files:
        with file.open("rb") as fh:
            lines = fh.read().split(b"\n")
        for number, line in enumerate(lines, start=1):
            if line.strip():
                walk.line(line, f"{file.name}:{number}", last=file == path and number == len(lines))
    report = walk.report
    report.last_seq = walk.top.seq if walk.top is not None else None
    _check_head(report, walk.top)
    _explain_moves(report, walk.moved)
    return report


class _Walk:
    """One pass over a stream's lines, oldest first, noting each problem where it shows."""

    def __init__(self, report: VerifyReport) -> None:
        self.report = report
        self.top: Sealed | None = None
        """The record with the highest seq so far."""
        self.top_where = ""
        self.seen: set[int] = set()
        self.moved: set[int] = set()

    def problem(self, kind: str, where: str, detail: str, gap: tuple[int, int] | None = None) -> None:
        self.report.problems.append(Problem(kind, where, detail, gap))

    def line(self, line: bytes, where: str, *, last: bool) -> None:
        found = unseal(line)
        if found is None:
            if self.top is None:
                self.report.unsealed_before_chain += 1
            elif last:
                self.problem("torn", where, "the last line is incomplete (a writer died)")
            else:
                self.problem("inserted", where, "a line without a seal inside the chain")
            return
        self.report.records += 1
        if not found.intact:
            self.problem("edited", where, f"record seq {found.seq} does not match its own hash (changed after writing)")
        self.place(found, where)
        self.seen.add(found.seq)
        if self.top is None or found.seq > self.top.seq:
            self.top, self.top_where = found, where

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


def _check_start(report: VerifyReport, first: Sealed, where: str) -> None:
    """The stream must begin right after what rotation deleted (the head's floor), or at seq 1."""
    floor = report.head.floor if report.head is not None else first.seq - 1
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


def _explain_moves(report: VerifyReport, moved: set[int]) -> None:
    """A record moved later shows as a gap plus a late arrival: say "reordered" once, not "removed"."""
    report.problems = [p for p in report.problems if not (p.gap and set(range(*p.gap)) <= moved)]
