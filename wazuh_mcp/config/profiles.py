"""Writing the settings file: named profiles (``[profiles.<name>]``) and the ``default_profile``.

``config.py`` reads the file; this module is the only code that writes it (the setup wizard and
``wazuh-mcp setup``). The file never holds a secret and is written atomically with mode 0600:
a failure leaves the previous file as it was. Comments in a hand-edited file are not kept;
every other key is.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wazuh_mcp import atomic
from wazuh_mcp.config.settings import DEFAULT_PROFILE, config_path, default_profile_name, read_config_file
from wazuh_mcp.errors import ConfigurationError, InvalidArgument

PROFILE_NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def check_profile_name(name: str) -> str:
    if not PROFILE_NAME.match(name):
        raise InvalidArgument(
            f"'{name}' is not a usable profile name: use letters, digits, '-' and '_' (up to 32), e.g. prod or lab."
        )
    return name


def profile_names(document: Mapping[str, Any] | None = None) -> list[str]:
    document = read_config_file() if document is None else document
    profiles = document.get("profiles")
    return sorted(k for k, v in profiles.items() if isinstance(v, dict)) if isinstance(profiles, dict) else []


def missing_profile(name: str, document: Mapping[str, Any] | None = None) -> str | None:
    """A sentence saying that profile ``name`` is not in the settings file, naming those that are (a typo
    in ``--profile`` used to serve with nothing configured, and every call said only "not configured");
    None when it exists, or when it is the implied ``default`` of a file with no profiles (settings from
    ``WAZUH_MCP_*`` variables alone, as an MCP Bundle gives them)."""
    document = read_config_file() if document is None else document
    names = profile_names(document)
    if name in names or (not names and name == DEFAULT_PROFILE):
        return None
    shown = name if PROFILE_NAME.match(name) else repr(name[:40])
    if not names:
        return (
            f"Profile {shown} does not exist: the settings file {config_path()} has no profiles yet "
            f"(`wazuh-mcp setup --profile {name if PROFILE_NAME.match(name) else 'NAME'}` creates one)."
        )
    return (
        f"Profile {shown} does not exist in {config_path()}; the profiles there: {', '.join(names)} "
        "(`wazuh-mcp setup --profile NAME` creates one)."
    )


# --- a small TOML writer: enough for settings (strings, numbers, booleans, lists, tables) ----


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _string(key)


def _string(value: str) -> str:
    # JSON string escapes are valid TOML basic-string escapes; TOML also forbids a raw DEL.
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str | os.PathLike):
        return _string(os.fspath(value))
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value if v is not None) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(str(k))} = {_value(v)}" for k, v in value.items() if v is not None) + " }"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def dumps(document: Mapping[str, Any]) -> str:
    """TOML text for ``document``; ``None`` values are left out (TOML has no null)."""
    lines: list[str] = []

    def table(path: list[str], body: Mapping[str, Any]) -> None:
        scalars = [(k, v) for k, v in body.items() if v is not None and not isinstance(v, Mapping)]
        tables = [(k, v) for k, v in body.items() if isinstance(v, Mapping)]
        if path and (scalars or not tables):
            if lines:
                lines.append("")
            lines.append("[" + ".".join(_key(p) for p in path) + "]")
        lines.extend(f"{_key(str(k))} = {_value(v)}" for k, v in scalars)
        for key, sub in tables:
            table([*path, str(key)], sub)

    table([], document)
    return "\n".join(lines) + "\n"


def _own_link(path: Path) -> bool:
    """A link this account made (a dotfile manager's): followed. One another account planted (in a shared
    directory ``WAZUH_MCP_CONFIG`` points into) is not: writing through it would land the settings on a file of
    that account's choosing, past the kernel's protected_symlinks, since the path is resolved here."""
    return not hasattr(os, "getuid") or os.lstat(path).st_uid == os.getuid()


def write_document(document: Mapping[str, Any], path: Path | None = None) -> Path:
    """Replace the settings file atomically, mode 0600 (its directory 0700 when we create it). A settings file
    that is this account's link to a regular file (a dotfile manager's) is written through to that file; anything
    else that is not a regular file (``/dev/null``, a FIFO, a dangling link, another account's link) is refused
    and left as it is."""
    path = path or config_path()
    text = dumps(document)
    real = path
    if path.is_symlink() and path.resolve().is_file() and _own_link(path):
        real = path.resolve()
    try:
        real.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        atomic.write_text(real, text, 0o600)
    except atomic.NotARegularFile as exc:
        raise ConfigurationError(
            f"Cannot write the settings file {path}: {exc.strerror}. Nothing was changed.",
            hint="Point WAZUH_MCP_CONFIG at a regular file (or unset it for the default place), or remove what is "
            "in the way.",
        ) from exc
    except OSError as exc:
        raise ConfigurationError(
            f"Cannot write the settings file {path}: {exc.strerror or exc}. Nothing was changed.",
            hint="Make its directory writable, or point WAZUH_MCP_CONFIG at a writable path.",
        ) from exc
    return path


def with_profile(
    document: Mapping[str, Any], name: str, table: Mapping[str, Any], *, make_default: bool
) -> dict[str, Any]:
    """A copy of ``document`` whose profile ``name`` is ``table``. The first profile becomes the default."""
    check_profile_name(name)
    updated = dict(document)
    profiles = dict(updated.get("profiles") or {})
    profiles[name] = dict(table)
    updated["profiles"] = profiles
    if make_default or default_profile_name(document) is None:
        updated = {"default_profile": name, **{k: v for k, v in updated.items() if k != "default_profile"}}
    return updated
