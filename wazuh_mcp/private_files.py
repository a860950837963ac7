"""Files only this user may read (logs, ``demo.json``): created 0600, tightened if they were wider.

On the ground floor so the stand-in's engine and the state-dir writers above share one rule."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import TextIO, cast

PRIVATE_FILE_MODE = 0o600


def open_private(path: Path, mode: str = "a") -> TextIO:
    """A text file opened for writing (``"a"`` or ``"w"``), created 0600 and tightened to 0600 if it
    already existed with a wider mode (logs, ``demo.json``).

    Only a regular file is opened: a symbolic link is not followed (one planted as ``server.log`` or
    ``demo.json`` would have had its target truncated, appended to and made 0600, as root ``/dev/null`` or
    ``/etc/shadow``), and a FIFO or device at the path is refused, neither waited on nor chmod-ed.
    ``OSError`` (``EINVAL``) names what was found instead."""
    posix = os.name == "posix"
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if mode == "a" else 0)
    if posix:
        flags |= os.O_NOFOLLOW | os.O_NONBLOCK  # a FIFO would block the open until a reader came
    try:
        fd = os.open(path, flags, PRIVATE_FILE_MODE)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            what = "a symbolic link"
        elif exc.errno == errno.ENXIO:  # O_NONBLOCK write-open of a FIFO with no reader
            what = "a named pipe (FIFO)"
        else:
            raise
        raise OSError(errno.EINVAL, f"it is {what}, not a regular file, and was left as it is", str(path)) from exc
    try:
        if posix:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(
                    errno.EINVAL, "it is not a regular file (a FIFO, socket or device) and was left as it is", str(path)
                )
            os.set_blocking(fd, True)
            os.fchmod(fd, PRIVATE_FILE_MODE)
        if mode != "a":
            os.ftruncate(fd, 0)  # only now that it is known to be this user's regular file
        return cast(TextIO, os.fdopen(fd, mode, encoding="utf-8"))
    except BaseException:
        os.close(fd)
        raise
