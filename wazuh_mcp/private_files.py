"""Files only this user may read (logs, ``demo.json``): created 0600, tightened if they were wider.

On the ground floor so the stand-in's engine and the state-dir writers above share one rule."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TextIO, cast

PRIVATE_FILE_MODE = 0o600


def open_private(path: Path, mode: str = "a") -> TextIO:
    """A text file opened for writing (``"a"`` or ``"w"``), created 0600 and tightened to 0600 if it
    already existed with a wider mode (logs, ``demo.json``)."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if mode == "a" else os.O_TRUNC)
    fd = os.open(path, flags, PRIVATE_FILE_MODE)
    try:
        if os.name == "posix":
            os.fchmod(fd, PRIVATE_FILE_MODE)
        return cast(TextIO, os.fdopen(fd, mode, encoding="utf-8"))
    except BaseException:
        os.close(fd)
        raise
