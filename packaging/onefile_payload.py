"""Zip the onedir build for the one-file launcher (packaging/launcher embeds it) and print its SHA-256.

    python packaging/onefile_payload.py <onedir folder> <payload.zip>

Entries keep their Unix modes (the executable and the demo engine must stay executable) and links stay
links (PyInstaller's macOS frameworks use relative ones); the launcher refuses any entry or link target that
would land outside its folder."""

from __future__ import annotations

import hashlib
import os
import stat
import sys
import zipfile
from pathlib import Path

# zlib level 6: level 9 takes several times longer on the 33 MB demo engine for about 1% less.
LEVEL = 6


def write_payload(onedir: Path, out: Path) -> str:
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=LEVEL) as zf:
        for path in sorted(onedir.rglob("*")):
            name = path.relative_to(onedir).as_posix()
            if path.is_symlink():
                info = zipfile.ZipInfo(name)
                info.create_system = 3  # Unix: the mode below is read from external_attr
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                zf.writestr(info, os.readlink(path))
            elif path.is_file():
                zf.write(path, name)
    return hashlib.sha256(out.read_bytes()).hexdigest()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    print(write_payload(Path(sys.argv[1]), Path(sys.argv[2])))
