"""The audit log: one ``AuditEvent`` per tool call, resource read, prompt and approval step, as JSON lines.

Every record is written by ``Auditor.record`` (one per process, on the typed context) into an
``AuditSink`` (the file); the TUI and ``wazuh-mcp audit`` read it back through
``AuditEvent``/``iter_events``, so the file format has exactly one definition. A record names the
Wazuh identities the action really used: ``AppContext.server_api()``/``indexer()`` note them
(``note_use``) while ``Auditor.tracking()`` is open.

The audit trail is a control, not a log:

- every record is bounded: arguments are redacted (``redact``: secret-looking keys masked, long
  strings, lists and dicts summarised with the SHA-256 of the whole value), and the sink bounds
  every field again (``bounded_record``), whoever built the event;
- every record is sealed into a hash chain (``audit_chain``), so a removed, reordered or edited
  record shows in ``wazuh-mcp audit --verify``;
- change records (write tools, approval steps) also go to their own stream, ``<name>-changes.jsonl``,
  which read noise never rotates away;
- ``AuditSink.ready`` tells the server before a call whether its record can be written: if not,
  the call is refused before it reaches Wazuh (fail closed).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import logging
import os
import re
import shutil
import threading
import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import PydanticSerializationError

from wazuh_mcp.errors import AuditUnavailable, ErrorCode
from wazuh_mcp.runtime import audit_chain
from wazuh_mcp.runtime.caller import CALLER
from wazuh_mcp.untrusted import json_text_escaped, shown

if TYPE_CHECKING:
    from wazuh_mcp.config.settings import Settings

log = logging.getLogger(__name__)

Outcome = Literal["ok", "error"]

_SECRET_KEY_PARTS = ("password", "passwd", "secret", "token", "authorization", "api_key", "apikey", "cookie")
MAX_STRING = 256
"""An argument string longer than this is cut to a prefix plus its length and SHA-256."""
MAX_ITEMS = 50
"""List items / dict keys kept per container; the rest are summarised."""
MAX_KEY = 64
MAX_DEPTH = 6
MAX_ARG_JSON = 1024
"""One recorded argument, in JSON bytes; past it a summary with the SHA-256 of what was sent."""
MAX_ARGS_JSON = 4096
"""The recorded arguments as a whole, in JSON bytes; past it they become one summary."""
MAX_FIELD = 256
"""Any other text field (tool, user, role, session, change id…)."""
MAX_ERROR = 1024
MAX_RECORD = 8192
"""No record is longer than this (seal included): 70 flooding calls cost about 70 × 8 KB at most."""
MIN_FREE_BYTES = 1024 * 1024
"""Calls are refused when the audit file system has less room than this."""
CHANGE_TOOLSETS = frozenset({"write", "approval"})
"""Records of these toolsets are kept twice: in the audit stream and in the changes stream."""
UNKNOWN_TOOL = "unknown"
"""``tool`` of a call to a tool that does not exist; the name asked for goes to ``requested_tool``."""


class AuditEvent(BaseModel):
    """One audited action. ``tool`` is the canonical id (``agents.get_agent``) or an approval step
    (``approval.approve``)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    ts: str = Field(description="UTC ISO-8601 time the call started.")
    tool: str
    toolset: str
    args: dict[str, Any] = Field(default_factory=dict)
    outcome: Outcome
    error_code: ErrorCode | None = None
    error: str | None = Field(default=None, description="Safe error message (never a secret).")
    duration_ms: float
    wazuh_user: str | None = Field(
        default=None, description="The Server API identity the action used (user, or 'user as run_as')."
    )
    indexer_user: str | None = Field(default=None, description="The Indexer user the action used.")
    role: str | None = None
    session: str | None = Field(default=None, description="Which server process / client session.")
    tls_verify: bool | None = None
    change_id: str | None = Field(
        default=None, description="The pending change a write call or approval step is about."
    )
    decided_by: str | None = Field(default=None, description="The local OS user who approved or rejected a change.")
    os_uid: int | None = Field(
        default=None,
        description="The real uid of the local process that acted (``wazuh-mcp approve``/``reject``/``undo``, the "
        "launcher): ``decided_by`` is that uid's account, never a name from the environment.",
    )
    subject: str | None = Field(default=None, description="Team mode: the analyst's token subject (``sub``).")
    analyst: str | None = Field(default=None, description="Team mode: the analyst's display name (for reading only).")
    client: str | None = Field(default=None, description="Team mode: the OAuth client the analyst used.")
    requested_tool: str | None = Field(
        default=None, description="For tool 'unknown': the name the caller asked for (escaped, bounded)."
    )
    seq: int | None = Field(default=None, description="Position in the stream's hash chain (set by the sink).")
    prev: str | None = Field(default=None, description="Hash of the record before this one.")
    kid: str | None = Field(default=None, description="The integrity key the seal is under (absent: unkeyed).")
    hash: str | None = Field(
        default=None,
        description="HMAC-SHA256 under the integrity key (kid) of this record's line up to and including kid; "
        "plain SHA-256 up to prev when sealed without a key.",
    )

    def shown_tool(self, limit: int = 64) -> str:
        """The tool as a terminal may show it: escaped, bounded, and an unknown tool never looking
        like a real one (a client calling ``approval.approve`` is not an approval)."""
        if self.tool == UNKNOWN_TOOL or self.toolset == UNKNOWN_TOOL:
            asked = self.requested_tool if self.requested_tool is not None else self.tool
            return shown(f"unknown tool '{asked}'", limit=limit)
        return shown(self.tool, limit=limit)

    @classmethod
    def finished(
        cls,
        *,
        tool: str,
        toolset: str,
        args: Mapping[str, Any],
        ts: str,
        started: float,
        error_code: ErrorCode | None = None,
        error: str | None = None,
        **fields: Any,
    ) -> AuditEvent:
        """The record of an action that started at ``ts`` (``time.perf_counter()`` ``started``) and ended now.
        ``args`` are redacted here, so no caller can forget to."""
        return cls(
            ts=ts,
            tool=tool,
            toolset=toolset,
            args=redact_args(args),
            outcome="ok" if error_code is None else "error",
            error_code=error_code,
            error=error,
            duration_ms=round((time.perf_counter() - started) * 1000, 2),
            **fields,
        )


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _is_secret_key(key: str) -> bool:
    lowered = key.lower()
    return any(part in lowered for part in _SECRET_KEY_PARTS)


def sha256_of(value: Any) -> str:
    """The SHA-256 a summary names: of a string's UTF-8, else of the value's compact sorted JSON."""
    if isinstance(value, str):
        data = value.encode("utf-8", "surrogatepass")
    else:
        data = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=repr).encode(
            "utf-8", "surrogatepass"
        )
    return hashlib.sha256(data).hexdigest()


def bound_text(text: str, limit: int) -> str:
    """``text`` itself, or its first ``limit`` characters plus its length and SHA-256."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… [{len(text)} chars, sha256 {sha256_of(text)}]"


def redact(value: Any, _depth: int = 0) -> Any:
    """A copy of ``value`` safe to write down: secrets masked, big values summarised (with the
    SHA-256 of the whole value, so a summary can still be matched against what was sent)."""
    if _depth > MAX_DEPTH:
        return f"… [nested too deep, sha256 {sha256_of(value)}]"
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        items = list(value.items())
        for key, item in items[:MAX_ITEMS]:
            name = bound_text(str(key), MAX_KEY)
            out[name] = "***" if _is_secret_key(str(key)) else redact(item, _depth + 1)
        if len(items) > MAX_ITEMS:
            out["…"] = f"{len(items) - MAX_ITEMS} more keys [sha256 {sha256_of(_masked(value))}]"
        return out
    if isinstance(value, list | tuple):
        kept = [redact(item, _depth + 1) for item in value[:MAX_ITEMS]]
        if len(value) > MAX_ITEMS:
            kept.append(f"… {len(value) - MAX_ITEMS} more [{len(value)} items, sha256 {sha256_of(_masked(value))}]")
        return kept
    if isinstance(value, str):
        return bound_text(value, MAX_STRING)
    if isinstance(value, bool | int | float) or value is None:
        return value
    return redact(str(value), _depth + 1)


def redact_args(args: Mapping[str, Any]) -> dict[str, Any]:
    """``redact`` per argument, and an argument still larger than ``MAX_ARG_JSON`` becomes one
    line naming its shape and size with the SHA-256 of the whole value sent."""
    out: dict[str, Any] = redact(args)
    for key, original in list(args.items())[:MAX_ITEMS]:
        name = bound_text(str(key), MAX_KEY)
        if name not in out or out[name] == "***":
            continue
        size = len(
            json.dumps(out[name], separators=(",", ":"), ensure_ascii=False, default=repr).encode(
                "utf-8", "surrogatepass"
            )
        )
        if size > MAX_ARG_JSON:
            out[name] = f"… [{_shape(original)}, sha256 {sha256_of(_masked(original))}]"
    return out


def _shape(value: Any) -> str:
    if isinstance(value, list | tuple):
        return f"list of {len(value)} items"
    if isinstance(value, Mapping):
        return f"object of {len(value)} keys"
    if isinstance(value, str):
        return f"{len(value)} chars"
    return type(value).__name__


def _masked(value: Any) -> Any:
    """``value`` with secrets masked but nothing cut: what a summary's SHA-256 is taken of."""
    if isinstance(value, Mapping):
        return {str(k): "***" if _is_secret_key(str(k)) else _masked(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_masked(v) for v in value]
    return value


def _summary(value: Any, size: int) -> dict[str, Any]:
    keys = list(value)[:20] if isinstance(value, Mapping) else []
    return {
        "_summary": f"{size:,} bytes of arguments, too large to record",
        "_keys": [bound_text(str(k), MAX_KEY) for k in keys],
        "_sha256": sha256_of(value),
    }


def bounded_args(args: Mapping[str, Any]) -> dict[str, Any]:
    """Already-redacted arguments within ``MAX_ARGS_JSON``; past it one summary with the SHA-256."""
    size = len(
        json.dumps(args, separators=(",", ":"), ensure_ascii=False, default=repr).encode("utf-8", "surrogatepass")
    )
    if size <= MAX_ARGS_JSON:
        return dict(args)
    return _summary(args, size)


_FIELD_LIMITS = {"error": MAX_ERROR, "ts": 40, "hash": 64, "prev": 64}
_SEAL_FIELDS = frozenset({"seq", "prev", "kid", "hash"})


def _within_bounds(event: AuditEvent, line: bytes) -> bool:
    """True when ``line`` (the event's plain JSON) needs no cutting: the usual record."""
    if len(line) > MAX_ARGS_JSON or event.model_extra:
        return False
    if event.seq is not None or event.prev is not None or event.hash is not None or event.kid is not None:
        return False
    return all(
        len(value) <= _FIELD_LIMITS.get(key, MAX_FIELD)
        for key, value in event.__dict__.items()
        if isinstance(value, str)
    )


def bounded_record(event: AuditEvent) -> bytes:
    """The event's JSON, every field bounded, without a seal (the sink adds it).

    Applied by the sink to every record, so no writer (tool call, resource read, approval step)
    can produce an unbounded line, however it built the event."""
    try:
        line = json_text_escaped(event.model_dump_json(exclude_none=True)).encode()
    except PydanticSerializationError:  # a lone surrogate from a caller: the slow path escapes it
        line = b""
    if line and _within_bounds(event, line):  # the usual record: pydantic's own serialiser, nothing to cut
        return line
    data = event.model_dump(mode="json", exclude_none=True, exclude=set(_SEAL_FIELDS))
    for key in _SEAL_FIELDS & set(data):  # extras may not impersonate the seal
        del data[key]
    known = set(AuditEvent.model_fields)
    for key, value in list(data.items()):
        if key == "args":
            data[key] = bounded_args(value if isinstance(value, dict) else {"value": redact(value)})
        elif isinstance(value, str):
            data[key] = bound_text(value, _FIELD_LIMITS.get(key, MAX_FIELD))
        elif key not in known:
            data[bound_text(key, MAX_KEY)] = redact(value)
            if len(key) > MAX_KEY:
                del data[key]
    return _within_record(data, known)


def _within_record(data: dict[str, Any], known: set[str]) -> bytes:
    """``data`` as JSON of at most ``MAX_RECORD`` bytes with its seal, cutting harder if it must."""
    line = _json_bytes(data)
    budget = MAX_RECORD - 200  # the seal: seq, prev and hash
    if len(line) > budget:  # many extra fields: keep the contract's own fields, summarise the rest
        extras = {k: v for k, v in data.items() if k not in known}
        data = {k: v for k, v in data.items() if k in known}
        data["extra"] = _summary(extras, len(line))
        line = _json_bytes(data)
    if len(line) > budget:  # text that grows when encoded (control characters, 4-byte UTF-8): cut harder
        for key, value in data.items():
            if isinstance(value, str) and key not in ("ts", "outcome", "error_code"):
                data[key] = bound_text(value, 48)
        data["args"] = _summary(data.get("args", {}), len(line))
        line = _json_bytes(data)
    shrunk: set[str] = set()
    while len(line) > budget:  # still over (keys and text escaped many times their length): the largest
        # field but those a reader matches on becomes its size and SHA-256, each once, until the line fits
        sizes = {
            key: len(_json_bytes({key: value}))
            for key, value in data.items()
            if key not in _KEPT_WHOLE and key not in shrunk
        }
        largest = max(sizes, key=sizes.__getitem__, default=None)
        if largest is None:
            break  # every field is as short as it gets (bounded above: cannot happen with an event's fields)
        data[largest] = f"… [{sizes[largest]:,} bytes, sha256 {sha256_of(data[largest])}]"
        shrunk.add(largest)
        line = _json_bytes(data)
    return line


_KEPT_WHOLE = frozenset({"ts", "tool", "toolset", "outcome", "error_code", "duration_ms", "seq", "prev", "kid", "hash"})
"""What the last cut of an oversized record never summarises: what Wazuh's rules and the chain read (each short
by then: bounded above, or by its type)."""


def _json_bytes(data: dict[str, Any]) -> bytes:
    text = json_text_escaped(json.dumps(data, separators=(",", ":"), ensure_ascii=False))
    try:
        return text.encode()
    except UnicodeEncodeError:  # lone surrogates: keep the line valid UTF-8 with \u escapes
        return json.dumps(data, separators=(",", ":")).encode()


def changes_path(path: Path) -> Path:
    """The changes stream beside ``path``: ``audit.jsonl`` → ``audit-changes.jsonl``."""
    return path.with_name(f"{path.stem}-changes{path.suffix or '.jsonl'}")


def is_change_record(event: AuditEvent) -> bool:
    return event.toolset in CHANGE_TOOLSETS


class AuditSink:
    """Appends sealed events to a JSONL stream, rotating by size (``audit.jsonl`` → ``audit.jsonl.1`` …).

    Write and approval records are appended to the changes stream too (``changes_path``), which
    rotates only by its own size: a flood of reads or errors cannot push them out. Thread- and
    process-safe: each record is sealed and appended under the stream's lock as one ``write`` of
    one line, so a reader tailing the file sees whole lines (a torn last line can only come from
    a crash and readers skip it). ``write`` raises ``OSError`` when the record could not be kept.
    """

    @classmethod
    def from_settings(cls, settings: Settings, profile: str | None = None) -> AuditSink:
        """The sink every writer in this deployment shares: the path and rotation from settings; in team
        mode (``team.store = "indexer"``) every record is copied into the Indexer too (``audit_index``)."""
        if settings.team.store == "indexer" and cls is AuditSink:
            from wazuh_mcp.runtime.audit_index import IndexedAuditSink

            return IndexedAuditSink.for_settings(settings, profile)
        return cls(settings.audit_path, max_bytes=settings.audit_max_bytes, backups=settings.audit_backups)

    def __init__(self, path: Path, *, max_bytes: int = 10 * 1024 * 1024, backups: int = 5) -> None:
        self.path = path
        self.changes_path = changes_path(path)
        self._streams = {
            p: audit_chain.Stream(p, max_bytes, functools.partial(self._rotate, p), outside=self.outside_copy(p))
            for p in (path, self.changes_path)
        }
        self.max_bytes = max_bytes
        self.backups = backups
        self._lock = threading.Lock()
        self._failure: str | None = None
        """Why the last write failed; cleared by the next write that succeeds."""
        with contextlib.suppress(OSError):  # an unusable path is reported by ready(), before any call runs
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # private, as the state dir

    def outside_copy(self, stream: Path) -> audit_chain.Outside | None:
        """What a copy kept outside the state directory holds of ``stream`` (none for the file sink)."""
        return None

    def ready(self) -> None:
        """Raise ``AuditUnavailable`` (saying why) unless a record can be written now.

        Called before a call reaches Wazuh: no call runs that could not be audited. A failed
        write keeps the sink refusing until a later record (the refusal's own) is written."""
        problem = self._failure
        if problem is None:
            with contextlib.suppress(OSError):  # a state dir removed meanwhile comes back
                self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            try:
                os.close(os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600))
                free = shutil.disk_usage(self.path.parent).free
            except OSError as exc:
                problem = exc.strerror or type(exc).__name__
            else:
                if free < MIN_FREE_BYTES:
                    problem = f"only {free:,} bytes free on its file system"
        if problem is not None:
            raise AuditUnavailable(
                f"Refused before reaching Wazuh: the audit record cannot be written to {self.path} ({problem}).",
                hint="Free disk space or fix the permissions of that file, or point audit_log elsewhere "
                "(WAZUH_MCP_AUDIT_LOG); calls resume once a record can be written.",
            )

    def ready_for_change(self) -> None:
        """``ready``, for a record that a change depends on (an approval); a team sink also needs the Indexer."""
        self.ready()

    def write(self, event: AuditEvent) -> bytes:
        """Seal and append the record; the sealed line (what a copy elsewhere must hold byte for byte)."""
        data = bounded_record(event)
        with self._lock:
            try:
                line = self._streams[self.path].append(data)
                if is_change_record(event):
                    self._streams[self.changes_path].append(data)
            except OSError as exc:
                self._failure = exc.strerror or type(exc).__name__
                raise
            self._failure = None
        return line

    def recorded_revisions(self, change_ids: Iterable[str]) -> dict[str, int]:
        """The highest change-record revision the trail records for each of ``change_ids`` (``args.revision``
        of its ``approval.*`` records whose seal verifies): what a store holding an older one was rolled back
        from. Read from the changes stream, which read noise never rotates away."""
        wanted = set(change_ids)
        found: dict[str, int] = {}
        if not wanted:
            return found
        for file in audit_chain.stream_files(self.changes_path):
            try:
                with file.open("rb") as fh:
                    for line in fh:
                        note_revision(line, wanted, found)
            except OSError:
                continue
        return found

    def broken_history(self, change_ids: Iterable[str]) -> dict[str, str]:
        """Changes asked for before an ``audit.break`` in this host's changes stream, with the break's words:
        records of their decisions may be among those lost, so their history cannot be confirmed."""
        wanted, seen, broken = set(change_ids), set[str](), dict[str, str]()
        for file in audit_chain.stream_files(self.changes_path) if wanted else []:
            try:
                with file.open("rb") as fh:
                    for line in fh:
                        match = _CHANGE_ID.search(line)
                        if match is not None and match.group(1).decode() in wanted:
                            seen.add(match.group(1).decode())
                        elif audit_chain.is_break(line) and seen - set(broken):
                            words = f"the changes trail was broken after it was asked for ({file.name})"
                            broken |= dict.fromkeys(seen - set(broken), words)
            except OSError:
                continue
        return broken

    def check_tail(self, stream: Path) -> list[str]:
        """``audit_chain.check_tail`` of one of this sink's streams, between two of its writes: a record
        being appended (its line written, its head not yet) is not mistaken for a loss; and the record this
        process wrote last must still be there (``audit_chain.behind_writer``)."""
        with self._lock:
            found = audit_chain.check_tail(stream)
            wrote = self._streams[stream].last
            behind = audit_chain.behind_writer(stream, wrote) if wrote is not None else None
            return [*found, behind] if behind else found

    def _rotate(self, path: Path, head: audit_chain.Head) -> tuple[audit_chain.Head, int]:
        """``audit.jsonl`` → ``.1`` → … → ``.N`` (the oldest deleted); the head then records the newest
        seq that rotation deleted, so ``verify`` can tell rotation from removal; and the backups left (the
        stream writes both into an ``audit.rotate`` record)."""
        dropped = audit_chain.last_sealed_in(path.with_name(f"{path.name}.{self.backups}"))
        for index in range(self.backups - 1, 0, -1):
            older = path.with_name(f"{path.name}.{index}")
            if older.exists():
                os.replace(older, path.with_name(f"{path.name}.{index + 1}"))
        os.replace(path, path.with_name(f"{path.name}.1"))
        left = len(audit_chain.stream_files(path))
        if dropped is not None and dropped.seq > head.floor:
            return audit_chain.Head(head.seq, head.hash, dropped.seq), left
        return head, left


_CHANGE_ID = re.compile(rb'"change_id":"(ch-[0-9a-f]{8})"')


def note_revision(line: bytes, wanted: set[str], found: dict[str, int]) -> None:
    """Raise ``found[change_id]`` to the ``args.revision`` of ``line`` when it is a trusted record of a wanted change."""
    match = _CHANGE_ID.search(line)
    if match is None or match.group(1).decode() not in wanted or b'"revision":' not in line:
        return
    sealed = audit_chain.unseal(line)
    if sealed is None or not sealed.trusted:
        return  # a line nobody with the key sealed says nothing about a change
    try:
        record = json.loads(line)
        revision = record["args"]["revision"]
    except (ValueError, KeyError, TypeError):
        return
    if isinstance(revision, int) and not isinstance(revision, bool):
        change_id = match.group(1).decode()
        found[change_id] = max(found.get(change_id, 0), revision)


def parse_line(line: str) -> AuditEvent | None:
    """One JSONL line → event; None for a blank, torn or foreign line (never raises)."""
    line = line.strip()
    if not line:
        return None
    try:
        return AuditEvent.model_validate(json.loads(line))
    except (ValueError, ValidationError):
        return None


def iter_events(path: Path) -> Iterator[AuditEvent]:
    """Every readable event in ``path``, oldest first; unreadable lines are skipped."""
    try:
        with path.open(encoding="utf-8", errors="replace") as fh:
            for line in fh:
                event = parse_line(line)
                if event is not None:
                    yield event
    except FileNotFoundError:
        return


@dataclass
class Used:
    """The Wazuh identities one action reached Wazuh as (None: that backend was not used)."""

    wazuh_user: str | None = None
    indexer_user: str | None = None


_USED: ContextVar[Used | None] = ContextVar("wazuh_mcp_audit_used", default=None)


def note_use(*, wazuh_user: str | None = None, indexer_user: str | None = None) -> None:
    """Record that the current action uses a backend as this identity (outside ``tracking()``: no-op)."""
    used = _USED.get()
    if used is None:
        return
    if wazuh_user is not None:
        used.wazuh_user = wazuh_user
    if indexer_user is not None:
        used.indexer_user = indexer_user


class Auditor:
    """The one audit writer of a process: tool calls, resource reads, prompts and approval steps.

    ``session`` and ``role`` are this process's; ``tls_verify`` is set once the backends are open.
    ``ready()`` before an action reaches Wazuh refuses it when no record could be written (fail
    closed); ``record`` says whether its record was written, so a caller can withhold the answer.
    """

    def __init__(
        self,
        sink: AuditSink,
        *,
        session: str,
        role: str | None,
        tls_verify: bool | None = None,
        os_uid: int | None = None,
    ) -> None:
        self.sink = sink
        self.session = session
        self.role = role
        self.tls_verify = tls_verify
        self.os_uid = os_uid
        """A local person's process (CLI, launcher): the real uid, on each of its records."""

    @contextmanager
    def tracking(self) -> Iterator[Used]:
        """Collect the identities the action inside uses. A nested action (a prompt's pre-fetch
        tool call) collects its own, and they count for the enclosing action too."""
        used = Used()
        token = _USED.set(used)
        try:
            yield used
        finally:
            _USED.reset(token)
            note_use(wazuh_user=used.wazuh_user, indexer_user=used.indexer_user)

    def ready(self) -> None:
        """Raise ``AuditUnavailable`` unless a record can be written now (see ``AuditSink.ready``)."""
        self.sink.ready()

    def ready_for_change(self) -> None:
        """``ready`` for an approval: in team mode the Indexer's copy must be writable too."""
        self.sink.ready_for_change()

    def record(
        self,
        tool: str,
        toolset: str,
        *,
        args: Mapping[str, Any],
        ts: str,
        started: float,
        used: Used | None = None,
        error_code: ErrorCode | None = None,
        error: str | None = None,
        **fields: Any,
    ) -> bool:
        """Write the record of an action that started at ``ts``/``started`` and ends now. ``fields``
        are further ``AuditEvent`` fields (``change_id``, ``decided_by``, or a ``session``/``role``
        that differs from this process's)."""
        identities = {"wazuh_user": used.wazuh_user, "indexer_user": used.indexer_user} if used else {}
        caller = CALLER.get()  # team mode: the verified analyst this action is for
        team = (
            {"subject": caller.subject, "analyst": caller.name, "client": caller.client, "role": caller.role}
            if caller
            else {}
        )
        event = AuditEvent.finished(
            tool=tool,
            toolset=toolset,
            args=args,
            ts=ts,
            started=started,
            error_code=error_code,
            error=error,
            **{
                "session": self.session,
                "role": self.role,
                "tls_verify": self.tls_verify,
                **({"os_uid": self.os_uid} if self.os_uid is not None else {}),
                **team,
                **identities,
                **{key: value for key, value in fields.items() if value is not None},
            },
        )
        try:
            self.sink.write(event)
        except OSError as exc:  # one line, not a traceback: the refusal that follows says what to do
            log.error("could not write the audit record for %s: %s", shown(tool, limit=64), exc)
            return False
        return True
