"""Replacing a small text file atomically: readers see the old file or the new one, never half.

Only a regular file is ever replaced. A target that exists as anything else (a device such as
``/dev/null``, a FIFO, a socket, a directory, or a symbolic link, whatever it points at) is refused
with ``NotARegularFile`` before anything is created: renaming over it would turn ``/dev/null`` into
a regular file as root, or cut a link the user made. A caller that means to write through a link
resolves it first (``setup.ai_clients`` does) and hands over the real path, which is checked the same way.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path


class NotARegularFile(OSError):
    """The target exists and is not a regular file: nothing was written. ``strerror`` says what it is."""


def _kind(mode: int) -> str:
    for test, words in (
        (stat.S_ISLNK, "a symbolic link"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a named pipe (FIFO)"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISDIR, "a directory"),
    ):
        if test(mode):
            return words
    return "not a regular file"


def check_target(path: Path) -> None:
    """Raise ``NotARegularFile`` unless ``path`` is missing or a regular file (links are not followed)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISREG(mode):
        return
    what = _kind(mode)
    if stat.S_ISLNK(mode):
        what += f" (to {os.readlink(path)})"
    raise NotARegularFile(errno.EINVAL, f"it is {what}, not a regular file, and was left as it is", str(path))


def write_text(path: Path, text: str, mode: int, *, exclusive: bool = False) -> None:
    """Write ``text`` to a temporary file beside ``path`` (created with ``mode``, flushed to disk),
    then rename it over ``path``; with ``exclusive``, link it to ``path`` instead, which raises
    ``FileExistsError`` rather than replace a file. The temporary file never outlives the call.
    ``NotARegularFile`` when ``path`` exists and is not a regular file (checked before and after
    the temporary file is written, so a device or link put there meanwhile is not replaced either)."""
    check_target(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if exclusive:
            os.link(tmp, path)
        else:
            check_target(path)
            os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
