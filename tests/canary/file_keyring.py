"""A keyring backend for the canary run's subprocesses: entries in one JSON file whose path is
``$WAZUH_MCP_TEST_KEYRING_FILE``, kept OUTSIDE every directory the scan covers.

Why not the OS keyring: `setup`, `serve` and `approve` run as separate processes here and need one
store they all see; a real Secret Service needs a D-Bus session (tests/keyring/ runs under one). The
point of the canary run is everything *else* that gets written, so the keyring's own store is the
one place the password may be, and it is left out of the scan on purpose (the test says so).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from keyring.backend import KeyringBackend
from keyring.compat import properties
from keyring.errors import PasswordDeleteError


class FileKeyring(KeyringBackend):
    @properties.classproperty
    def priority(cls) -> float:
        # Importing this class registers it with keyring: outside the canary run (no store named) it
        # must never be chosen, or later tests in the same process read a store that is not there.
        # A negative priority is never chosen (raising here reaches callers that read .priority).
        return 1 if "WAZUH_MCP_TEST_KEYRING_FILE" in os.environ else -1

    @property
    def _path(self) -> Path:
        return Path(os.environ["WAZUH_MCP_TEST_KEYRING_FILE"])

    def _load(self) -> dict[str, str]:
        try:
            return dict(json.loads(self._path.read_text()))
        except FileNotFoundError:
            return {}

    @contextlib.contextmanager
    def _locked(self) -> Iterator[dict[str, str]]:
        """Read-modify-write under a lock (processes and threads share the file); the new file replaces the
        old at once, so a reader never sees it half-written (a read during a plain rewrite saw it empty)."""
        lock = self._path.with_name(self._path.name + ".lock")
        with open(lock, "a") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            entries = self._load()
            yield entries
            fd, temp = tempfile.mkstemp(dir=self._path.parent, prefix=self._path.name + ".")
            with os.fdopen(fd, "w") as out:
                out.write(json.dumps(entries))
            os.replace(temp, self._path)

    def get_password(self, service: str, username: str) -> str | None:
        return self._load().get(f"{service}\0{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        with self._locked() as entries:
            entries[f"{service}\0{username}"] = password

    def delete_password(self, service: str, username: str) -> None:
        with self._locked() as entries:
            if entries.pop(f"{service}\0{username}", None) is None:
                raise PasswordDeleteError("not stored")
