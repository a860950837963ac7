"""The audit chain's head, also kept outside the state directory: in the OS keyring.

The head (newest ``seq``, its hash, the rotation floor) is not a secret; the keyring is simply the one
per-user store the project already depends on that survives deleting the state directory. So when the
whole state directory goes (records, ``<file>.head`` and all), the next ``wazuh-mcp audit --verify``
and the next record written both see that records existed here (``audit_chain``).

Entries: service ``wazuh-mcp``, user ``audit-head:<absolute path of the stream>``, value ``seq hash floor``.
Writes are coalesced in one background thread (the newest head wins; a record never waits for the
keyring), so the keyring can lag the file by the records written in the last moment: it proves that a
stream existed and how far it got at least, the head file proves the rest.

The anchor is never lowered: the writer thread reads the keyring's value first and keeps a higher one
(``refused_lower`` tells the stream, which records a break before its next record): a trail cut and given
a consistent lower head cannot pull the anchor down with it.

Where no keyring is usable (a headless host), or ``WAZUH_MCP_AUDIT_ANCHOR=off``, nothing is kept
outside the state directory: ``verify`` and the server's start check say so in words, never silently.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

SERVICE = "wazuh-mcp"
ENV = "WAZUH_MCP_AUDIT_ANCHOR"
"""``keyring`` (the default) or ``off``."""


@dataclass(frozen=True)
class AnchorValue:
    value: str | None
    """What the keyring holds for the stream (None: nothing recorded yet)."""
    unavailable: str | None = None
    """Why the head cannot be kept outside the state directory (None: it can)."""


def account(path: Path) -> str:
    return f"audit-head:{os.path.abspath(path)}"


def disabled() -> str | None:
    """Why the anchor is off by configuration, or None."""
    setting = os.environ.get(ENV, "keyring").strip().lower()
    return f"{ENV}={setting}" if setting == "off" else None


def read(path: Path) -> AnchorValue:
    """The stream's anchor as the keyring holds it, or why there is none to read."""
    off = disabled()
    if off is not None:
        return AnchorValue(None, f"turned off ({off})")
    try:
        import keyring

        value = keyring.get_password(SERVICE, account(path))
    except Exception as exc:  # no backend, a locked or broken one: reported, never fatal
        return AnchorValue(None, _why(exc))
    return AnchorValue(value if isinstance(value, str) else None)


def _why_absent() -> str:
    return "no OS keyring is available"


def _why(exc: Exception) -> str:
    import keyring.errors

    if isinstance(exc, keyring.errors.NoKeyringError):
        return _why_absent()
    if isinstance(exc, keyring.errors.KeyringLocked):
        return "the OS keyring is locked"
    return f"the OS keyring failed ({type(exc).__name__})"


class _Writer:
    """One daemon thread writing the newest head of each stream to the keyring."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[str, str] = {}
        self._busy = False
        self._thread: threading.Thread | None = None
        self.failure: str | None = None
        """Why the last keyring write failed (logged once per distinct reason)."""
        self.refused: dict[str, str] = {}
        """Accounts whose keyring head was higher than the one handed over: never lowered, reported."""

    def store(self, path: Path, value: str) -> None:
        with self._cond:
            self._pending[account(path)] = value
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="audit-anchor", daemon=True)
                self._thread.start()
            self._cond.notify()

    def _run(self) -> None:
        import keyring

        while True:
            with self._cond:
                while not self._pending:
                    self._cond.wait()
                batch, self._pending = self._pending, {}
                self._busy = True
            for user, value in batch.items():
                try:
                    held = keyring.get_password(SERVICE, user)
                    if _seq(held) > _seq(value):  # never lower the anchor: the trail was cut below it
                        log.warning("the audit head in the OS keyring (%s) is ahead of the trail; kept", user)
                        with self._cond:
                            self.refused[user] = str(held)
                        continue
                    keyring.set_password(SERVICE, user, value)
                except Exception as exc:
                    why = _why(exc)
                    if why != self.failure:  # no keyring at all: the start-up note said it (server/build.py)
                        level = logging.INFO if why == _why_absent() else logging.WARNING
                        log.log(level, "the audit head is not kept outside the state directory: %s", why)
                    self.failure = why
                else:
                    self.failure = None
            with self._cond:
                self._busy = False
                self._cond.notify_all()

    def flush(self, timeout: float = 2.0) -> bool:
        """Wait (at most ``timeout`` s) until every head handed over is written; True when done."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)


def _seq(value: str | None) -> int:
    head = (value or "").split(" ", 1)[0]
    return int(head) if head.isdigit() else -1


_WRITER = _Writer()
atexit.register(_WRITER.flush)


def store_later(path: Path, value: str) -> None:
    """Hand the stream's newest head to the keyring writer (no-op when the anchor is off)."""
    if disabled() is None:
        _WRITER.store(path, value)


def refused_lower(path: Path) -> str | None:
    """The keyring head that a lower one was refused against since the last call (then forgotten): the
    writer compares the trail with it before its next record."""
    with _WRITER._cond:  # noqa: SLF001 - the module's own writer
        return _WRITER.refused.pop(account(path), None)


def flush(timeout: float = 2.0) -> bool:
    return _WRITER.flush(timeout)


def forget(path: Path) -> None:
    """Remove the stream's anchor (tests; a person starting a trail over on purpose does it by hand)."""
    with contextlib.suppress(Exception):
        import keyring

        keyring.delete_password(SERVICE, account(path))
