"""Following the audit JSONL the way ``tail -F`` does: the tail first, then growth and rotation.

No Textual here: the audit screen polls ``changed()`` from a watcher thread and calls
``read_new()`` on the UI thread. Lines go through ``wazuh_mcp.runtime.audit.parse_line`` (the format's
one definition), so a torn or foreign line is skipped, never fatal.

Nothing stays open between reads: on Windows an open handle would stop ``AuditSink`` from
renaming the file when it rotates. Rotation is recognised by the file identity (device,
inode) changing under the same name; the rest of the old file is then read from the newest
backup (``audit.jsonl.1``) that still has our identity.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from wazuh_mcp.runtime.audit import AuditEvent, parse_line

BLOCK = 64 * 1024


@dataclass(frozen=True)
class _Position:
    dev: int
    ino: int
    offset: int
    """Just past the last complete line consumed."""


def _identity(st: os.stat_result) -> tuple[int, int]:
    return st.st_dev, st.st_ino


def _parse(chunk: bytes) -> tuple[list[AuditEvent], int]:
    """Events in the complete lines of ``chunk`` and how many lines were unreadable."""
    events: list[AuditEvent] = []
    skipped = 0
    for raw in chunk.splitlines():
        if not raw.strip():
            continue
        event = parse_line(raw.decode("utf-8", errors="replace"))
        if event is None:
            skipped += 1
        else:
            events.append(event)
    return events, skipped


class AuditTail:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._pos: _Position | None = None
        self.skipped = 0
        """Unreadable lines seen so far (torn, foreign, or from an older format)."""
        self.truncated_head = False
        """True when ``load_tail`` did not read the file from its start."""
        self.error: str | None = None
        """Why the file cannot be read right now (permissions…); cleared by the next good read."""

    def load_tail(self, limit: int) -> list[AuditEvent]:
        """The last ``limit`` events, reading the file backwards from its end in blocks."""
        try:
            with self.path.open("rb") as fh:
                st = os.fstat(fh.fileno())
                end = st.st_size
                data = b""
                start = end
                while start > 0 and data.count(b"\n") <= limit:
                    step = min(BLOCK, start)
                    start -= step
                    fh.seek(start)
                    data = fh.read(step) + data
        except FileNotFoundError:
            self._pos = None
            return []
        except OSError as exc:
            self.error = f"Cannot read {self.path}: {exc.strerror or exc}"
            return []
        self.error = None
        complete = data.rfind(b"\n") + 1  # a torn last line waits for its newline
        body = data[:complete]
        if start > 0:  # the first line of the window may be cut: drop it
            body = body[body.find(b"\n") + 1 :]
        self.truncated_head = start > 0
        self._pos = _Position(*_identity(st), offset=start + complete)
        events, skipped = _parse(body)
        self.skipped += skipped
        if len(events) > limit:
            self.truncated_head = True
        return events[-limit:]

    def changed(self) -> bool:
        """Cheap: has the file grown, shrunk, appeared or been replaced since the last read?"""
        try:
            st = os.stat(self.path)
        except OSError:
            return False
        pos = self._pos
        return pos is None or _identity(st) != (pos.dev, pos.ino) or st.st_size != pos.offset

    def read_new(self) -> list[AuditEvent]:
        """Events appended since the last read, across a rotation or a truncation."""
        events: list[AuditEvent] = []
        try:
            st = os.stat(self.path)
        except OSError:
            return events
        pos = self._pos
        if pos is not None and _identity(st) != (pos.dev, pos.ino):
            events += self._rest_of_rotated(pos)
            pos = None
        if pos is None or st.st_size < pos.offset:  # new file, or truncated in place
            pos = _Position(*_identity(st), offset=0)
        events += self._read_from(pos)
        return events

    def _read_from(self, pos: _Position) -> list[AuditEvent]:
        try:
            with self.path.open("rb") as fh:
                st = os.fstat(fh.fileno())
                if _identity(st) != (pos.dev, pos.ino):  # rotated between stat and open: next poll
                    return []
                fh.seek(pos.offset)
                data = fh.read()
        except FileNotFoundError:
            return []
        except OSError as exc:
            self.error = f"Cannot read {self.path}: {exc.strerror or exc}"
            return []
        self.error = None
        complete = data.rfind(b"\n") + 1
        self._pos = _Position(pos.dev, pos.ino, pos.offset + complete)
        events, skipped = _parse(data[:complete])
        self.skipped += skipped
        return events

    def _rest_of_rotated(self, pos: _Position) -> list[AuditEvent]:
        """What was appended to our old file before it was renamed to ``<name>.N``."""
        for index in range(1, 101):
            backup = self.path.with_name(f"{self.path.name}.{index}")
            try:
                with backup.open("rb") as fh:
                    if _identity(os.fstat(fh.fileno())) != (pos.dev, pos.ino):
                        continue
                    fh.seek(pos.offset)
                    events, skipped = _parse(fh.read())  # it is finished: a torn end is skipped too
                    self.skipped += skipped
                    return events
            except FileNotFoundError:
                break
            except OSError:
                continue
        return []
