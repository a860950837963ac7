"""Secrets: the Server API and Indexer passwords. They live in the OS keyring only.

Keyring entries: service ``wazuh-mcp``, user ``<profile>:<which>`` where ``which`` is
``api`` or ``indexer``. For headless use (CI runners, containers) the passwords may instead
come from two explicitly named environment variables, which win over the keyring:

    WAZUH_MCP_API_PASSWORD       the Server API user's password
    WAZUH_MCP_INDEXER_PASSWORD   the Indexer user's password

There is no plaintext fallback: where no keyring backend is usable the error says what to
install or unlock on this OS.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Literal

from wazuh_mcp.errors import ConfigurationError

SERVICE = "wazuh-mcp"
Which = Literal["api", "indexer"]
ENV_VARS: dict[Which, str] = {"api": "WAZUH_MCP_API_PASSWORD", "indexer": "WAZUH_MCP_INDEXER_PASSWORD"}


def account(profile: str, which: Which) -> str:
    return f"{profile}:{which}"


def keyring_help(*, variables: bool = True) -> str:
    """What to do, on this OS, when no keyring backend is usable (``variables``: also name the headless
    variables, which a person who has set them does not need to read again)."""
    if sys.platform == "darwin":
        return "Unlock the login keychain (Keychain Access) and try again."
    if sys.platform == "win32":
        return "Windows Credential Manager must be available to this user account."
    text = (
        "Install and start a Secret Service provider (e.g. `apt install gnome-keyring` and log in to a "
        "desktop session, or run under `dbus-run-session` with `gnome-keyring-daemon --unlock`)"
    )
    return text + (
        ", or set WAZUH_MCP_API_PASSWORD / WAZUH_MCP_INDEXER_PASSWORD for headless use." if variables else "."
    )


def unlock_help() -> str:
    """What to do, on this OS, when the keyring exists but is locked."""
    if sys.platform == "darwin":
        return "Unlock the login keychain (Keychain Access, or `security unlock-keychain`) and try again."
    if sys.platform == "win32":
        return "Log in to Windows as this user so Credential Manager is available, then try again."
    return (
        "Unlock the login keyring (your desktop's keyring prompt, or "
        "`echo -n PASSWORD | gnome-keyring-daemon --unlock`) and try again."
    )


def backend_name() -> str:
    """A human name for the active keyring backend, or why there is none."""
    try:
        import keyring
        from keyring.backends import fail

        backend = keyring.get_keyring()
        if isinstance(backend, fail.Keyring):
            return "none (no usable keyring backend)"
        return f"{type(backend).__module__}.{type(backend).__name__}"
    except Exception as exc:  # a broken backend must not crash the launcher
        return f"unavailable ({type(exc).__name__})"


def keyring_usable() -> bool:
    """Whether a keyring backend exists to store passwords in (a locked one counts: it can be unlocked)."""
    return not backend_name().startswith(("none", "unavailable"))


def from_environment(which: Which) -> bool:
    """Whether the headless variable for ``which`` is set (it wins over the keyring)."""
    return bool(os.environ.get(ENV_VARS[which]))


def _keyring_call(action: str, func: object, *args: str) -> str | None:
    import keyring.errors

    try:
        return func(*args)  # type: ignore[operator, no-any-return]
    except keyring.errors.NoKeyringError as exc:
        raise ConfigurationError(f"No OS keyring is available to {action}.", hint=keyring_help()) from exc
    except keyring.errors.InitError as exc:
        # Secret Service reports a collection it could not unlock as InitError("Failed to unlock…").
        hint = unlock_help() if "lock" in str(exc).lower() else keyring_help()
        raise ConfigurationError(f"The OS keyring could not be opened to {action}.", hint=hint) from exc
    except keyring.errors.KeyringLocked as exc:
        raise ConfigurationError(f"The OS keyring is locked; cannot {action}.", hint=unlock_help()) from exc
    except keyring.errors.PasswordDeleteError:
        raise  # "nothing stored": the caller decides whether that matters
    except keyring.errors.KeyringError as exc:
        raise ConfigurationError(
            f"The OS keyring failed to {action} ({type(exc).__name__}).", hint=keyring_help()
        ) from exc


def get_password(profile: str, which: Which) -> str | None:
    """The password from the named env var, else the keyring; None when neither has one."""
    from_env = os.environ.get(ENV_VARS[which])
    if from_env:
        return from_env
    return keyring_password(profile, which)


def keyring_password(profile: str, which: Which) -> str | None:
    """What the keyring itself holds, the variable aside; a ``ConfigurationError`` saying why when the
    keyring cannot be read (absent, locked)."""
    import keyring

    return _keyring_call("read a password", keyring.get_password, SERVICE, account(profile, which))


def stored_password(profile: str, which: Which) -> str | None:
    """What the keyring itself holds, ignoring the env override (used to restore it after a failed
    save); None when it holds nothing or cannot be read (the write that follows reports why)."""
    import keyring

    try:
        value = keyring.get_password(SERVICE, account(profile, which))
    except Exception:
        return None
    return value if isinstance(value, str) else None


def needs_password(url: str | None, user: str | None) -> bool:
    """The one password rule: a backend with a URL and a user logs in, so it needs that user's password;
    an Indexer without a user (a lab node without the security plugin) needs none."""
    return bool((url or "").strip() and (user or "").strip())


def require_password(profile: str, which: Which, user: str, *, given: str | None = None) -> str:
    """The password for ``user``: ``given`` (typed in the wizard, not stored yet), else the stored one,
    else a configuration error that says where to put it."""
    password = given or get_password(profile, which)
    if not password:
        label = "Server API" if which == "api" else "Indexer"
        raise ConfigurationError(
            f"No password for {label} user '{user}' (profile '{profile}').",
            hint=f"Store it with `wazuh-mcp setup`, or set {ENV_VARS[which]}.",
        )
    return password


def refused_hint(profile: str, which: Which, *, given: str | None = None) -> str:
    """What to do when Wazuh refuses the password, by where it came from (typed now, the headless
    variable, or the keyring): a refusal never claims the keyring holds a password that came from
    elsewhere, as it did where no keyring exists."""
    label = "Server API" if which == "api" else "Indexer"
    if given:
        return f"Check the {label} user and password you entered, and enter them again."
    if from_environment(which):
        return f"The password comes from {ENV_VARS[which]} (it wins over the keyring): set it to the right one."
    return (
        f"Re-enter the {label} password with `wazuh-mcp setup` (profile '{profile}'; it is kept in the OS "
        f"keyring), or set {ENV_VARS[which]}."
    )


def set_password(profile: str, which: Which, password: str) -> None:
    import keyring

    _keyring_call("store a password", keyring.set_password, SERVICE, account(profile, which), password)


def delete_password(profile: str, which: Which) -> None:
    import keyring
    import keyring.errors

    with contextlib.suppress(keyring.errors.PasswordDeleteError):
        _keyring_call("delete a password", keyring.delete_password, SERVICE, account(profile, which))
