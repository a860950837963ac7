"""Replacing a small text file atomically: readers see the old file or the new one, never half."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_text(path: Path, text: str, mode: int, *, exclusive: bool = False) -> None:
    """Write ``text`` to a temporary file beside ``path`` (created with ``mode``, flushed to disk),
    then rename it over ``path``; with ``exclusive``, link it to ``path`` instead, which raises
    ``FileExistsError`` rather than replace a file. The temporary file never outlives the call."""
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
            os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
