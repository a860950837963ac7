"""The audit log: one ``AuditEvent`` per tool call, resource read, prompt and approval step, as JSON lines.

Every record is written by ``Auditor.record`` (one per process, on the typed context) into an
``AuditSink`` (the file); the TUI and ``wazuh-mcp audit`` read it back through
``AuditEvent``/``iter_events``, so the file format has exactly one definition. A record names the
Wazuh identities the action really used: ``AppContext.server_api()``/``indexer()`` note them
(``note_use``) while ``Auditor.tracking()`` is open.
Arguments are redacted before they are recorded (``redact``): secret-looking keys are masked
and long strings are cut to a prefix plus their length and sha256.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wazuh_mcp.errors import ErrorCode

if TYPE_CHECKING:
    from wazuh_mcp.setup.settings import Settings

log = logging.getLogger(__name__)

Outcome = Literal["ok", "error"]

_SECRET_KEY_PARTS = ("password", "passwd", "secret", "token", "authorization", "api_key", "apikey", "cookie")
MAX_STRING = 256
MAX_ITEMS = 50


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
            args=redact(args),
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


def redact(value: Any, _depth: int = 0) -> Any:
    """A copy of ``value`` safe to write down: secrets masked, big values summarised."""
    if _depth > 6:
        return "…"
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in list(value.items())[:MAX_ITEMS]:
            out[str(key)] = "***" if _is_secret_key(str(key)) else redact(item, _depth + 1)
        return out
    if isinstance(value, list | tuple):
        items = [redact(item, _depth + 1) for item in value[:MAX_ITEMS]]
        if len(value) > MAX_ITEMS:
            items.append(f"… {len(value) - MAX_ITEMS} more")
        return items
    if isinstance(value, str) and len(value) > MAX_STRING:
        digest = hashlib.sha256(value.encode()).hexdigest()
        return f"{value[:MAX_STRING]}… [{len(value)} chars, sha256 {digest}]"
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return redact(str(value), _depth + 1)


class AuditSink:
    """Appends events to a JSONL file, rotating by size (``audit.jsonl`` → ``audit.jsonl.1`` …).

    Thread-safe; each record is one ``write`` of one line, flushed, so a reader tailing the file
    sees whole lines (a torn last line can only come from a crash and readers skip it).
    """

    @classmethod
    def from_settings(cls, settings: Settings) -> AuditSink:
        """The sink every writer in this deployment shares: the path and rotation from settings."""
        return cls(settings.audit_path, max_bytes=settings.audit_max_bytes, backups=settings.audit_backups)

    def __init__(self, path: Path, *, max_bytes: int = 10 * 1024 * 1024, backups: int = 5) -> None:
        self.path = path
        self.max_bytes = max_bytes
        self.backups = backups
        self._lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)

    def write(self, event: AuditEvent) -> None:
        line = event.model_dump_json(exclude_none=True) + "\n"
        data = line.encode()
        with self._lock:
            self._rotate_if_needed(len(data))
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, data)
            finally:
                os.close(fd)

    def _rotate_if_needed(self, incoming: int) -> None:
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return
        if size + incoming <= self.max_bytes:
            return
        for index in range(self.backups - 1, 0, -1):
            older = self.path.with_name(f"{self.path.name}.{index}")
            if older.exists():
                os.replace(older, self.path.with_name(f"{self.path.name}.{index + 1}"))
        os.replace(self.path, self.path.with_name(f"{self.path.name}.1"))


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
    A record that cannot be written is logged, and the action's answer still goes out.
    """

    def __init__(self, sink: AuditSink, *, session: str, role: str | None, tls_verify: bool | None = None) -> None:
        self.sink = sink
        self.session = session
        self.role = role
        self.tls_verify = tls_verify

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
    ) -> None:
        """Write the record of an action that started at ``ts``/``started`` and ends now. ``fields``
        are further ``AuditEvent`` fields (``change_id``, ``decided_by``, or a ``session``/``role``
        that differs from this process's)."""
        identities = {"wazuh_user": used.wazuh_user, "indexer_user": used.indexer_user} if used else {}
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
                **identities,
                **{key: value for key, value in fields.items() if value is not None},
            },
        )
        try:
            self.sink.write(event)
        except OSError:  # the action's answer must not be lost because the disk is full
            log.exception("could not write the audit record for %s", tool)
