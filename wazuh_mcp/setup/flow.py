"""Setting up a profile, without any UI: what the wizard and ``wazuh-mcp setup`` share.

``ProfileInput`` is what a person enters. ``check_input`` turns it into problems (refusals) and
warnings (plain HTTP, verification off); ``save_profile`` stores the passwords in the OS keyring
and everything else in the settings file. The order makes a failure harmless: the file is
checked writable first, the keyring is written next, and if the file then cannot be replaced
the keyring entries are put back as they were. ``save_headless`` is what both doors call (the wizard
and ``wazuh-mcp setup --non-interactive``): where no keyring exists it saves the settings alone, and
``saved_sentence`` says the same thing for both — what was saved, and which variables carry the passwords.
``password_places`` says where ``serve`` will find each password (the wizard's fields, the home screen).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from wazuh_mcp.config import profiles, secrets
from wazuh_mcp.config.settings import (
    DEFAULT_ROLE_TOOL_ALLOWLIST,
    TLS_OFF_WARNING,
    Settings,
    config_path,
    default_profile_name,
    read_config_file,
)
from wazuh_mcp.errors import ConfigurationError, InvalidArgument


@dataclass
class ProfileInput:
    """One profile as entered. Empty passwords mean "keep the one in the keyring"."""

    name: str = "default"
    api_url: str = ""
    api_user: str = ""
    api_password: str = ""
    indexer_url: str = ""
    indexer_user: str = ""
    indexer_password: str = ""
    verify_tls: bool = True
    ca_bundle: str = ""
    run_as: dict[str, Any] | None = None
    role: str = "analyst"
    writes: bool = False
    make_default: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    """Keys of an existing profile this form does not edit (timeouts, patterns…): kept as they were."""

    @classmethod
    def from_profile(cls, name: str, document: dict[str, Any] | None = None) -> ProfileInput:
        """Pre-filled from the settings file (passwords stay in the keyring)."""
        document = read_config_file() if document is None else document
        table = dict((document.get("profiles") or {}).get(name) or {})
        api, indexer = dict(table.pop("api", {}) or {}), dict(table.pop("indexer", {}) or {})
        verify = bool(api.get("verify_tls", True)) and bool(indexer.get("verify_tls", True))
        ca = api.get("ca_bundle") or indexer.get("ca_bundle") or ""
        run_as = api.get("run_as")
        known_api = {"url", "user", "verify_tls", "ca_bundle", "run_as"}
        known_indexer = {"url", "user", "verify_tls", "ca_bundle"}
        extra: dict[str, Any] = {k: v for k, v in table.items() if k not in {"role", "writes"}}
        extra["api"] = {k: v for k, v in api.items() if k not in known_api}
        extra["indexer"] = {k: v for k, v in indexer.items() if k not in known_indexer}
        return cls(
            name=name,
            api_url=str(api.get("url") or ""),
            api_user=str(api.get("user") or ""),
            indexer_url=str(indexer.get("url") or ""),
            indexer_user=str(indexer.get("user") or ""),
            verify_tls=verify,
            ca_bundle=str(ca),
            run_as=run_as if isinstance(run_as, dict) else None,
            role=str(table.get("role") or "analyst"),
            writes=bool(table.get("writes", False)),
            make_default=default_profile_name(document) == name,
            extra=extra,
        )

    def table(self) -> dict[str, Any]:
        """The ``[profiles.<name>]`` table: no secret in it."""
        ca = self.ca_bundle.strip() or None
        api = {
            **dict(self.extra.get("api") or {}),
            "url": self.api_url.strip(),
            "user": self.api_user.strip(),
            "verify_tls": self.verify_tls,
            "ca_bundle": ca,
            "run_as": self.run_as,
        }
        indexer = {
            **dict(self.extra.get("indexer") or {}),
            "url": self.indexer_url.strip() or None,
            "user": self.indexer_user.strip() or None,
            "verify_tls": self.verify_tls,
            "ca_bundle": ca,
        }
        rest = {k: v for k, v in self.extra.items() if k not in ("api", "indexer")}
        return {**rest, "role": self.role, "writes": self.writes, "api": api, "indexer": indexer}

    def settings(self) -> Settings:
        """Settings as this input would configure them (env and file still fill what it leaves out)."""
        table = self.table()
        return Settings.load(profile=self.name, **{k: v for k, v in table.items() if v is not None})


@dataclass(frozen=True)
class Checked:
    problems: dict[str, str]
    """Field → why it cannot be saved."""
    warnings: list[str]


_HOST = re.compile(r"^[A-Za-z0-9._\-\[\]:]+$")
"""Host names, IPv4 and bracketed IPv6: what an HTTP client will accept."""


def _url_problem(url: str, what: str, *, required: bool) -> str | None:
    if not url.strip():
        return f"Enter the {what} URL." if required else None
    # What was typed is never repeated back: a password typed (or auto-typed) into this field would be
    # shown on screen and kept in the terminal's scrollback. The message says what is wrong instead.
    parts = urlsplit(url.strip())
    shape = f"The {what} URL must look like https://host:port"
    if "@" in parts.netloc:
        return (
            f"The {what} URL must not hold a user or password (user:password@host): put the user and the "
            "password in their own fields below, and remove them from the URL."
        )
    if parts.scheme not in ("http", "https"):
        return f"{shape}: it must start with https:// (or http://)."
    if not parts.hostname or not _HOST.match(parts.hostname):
        return f"{shape}: the host name after :// is missing or holds characters a host name cannot."
    try:
        parts.port  # noqa: B018 - raises on a malformed port
    except ValueError:
        return f"The {what} URL has an invalid port (digits only, 1-65535, after the host's ':')."
    return None


def parse_run_as(text: str) -> dict[str, Any] | None:
    """The run_as auth context from its JSON text (empty → none)."""
    if not text.strip():
        return None
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise InvalidArgument(f'run_as must be a JSON object, e.g. {{"username": "analyst1"}} ({exc}).') from exc
    if not isinstance(value, dict) or not value:
        raise InvalidArgument('run_as must be a non-empty JSON object, e.g. {"username": "analyst1"}.')
    return value


def check_input(entered: ProfileInput, *, require_passwords: bool = False) -> Checked:
    """Every reason ``entered`` cannot be saved, and what to warn about. Reads nothing but the CA path."""
    problems: dict[str, str] = {}
    warnings: list[str] = []
    if not profiles.PROFILE_NAME.match(entered.name):
        problems["name"] = "Use letters, digits, '-' and '_' for the profile name (e.g. prod, lab)."
    for key, url, what, required in (
        ("api_url", entered.api_url, "Server API", True),
        ("indexer_url", entered.indexer_url, "Indexer", False),
    ):
        problem = _url_problem(url, what, required=required)
        if problem:
            problems[key] = problem
        elif url.strip().lower().startswith("http://"):
            warnings.append(f"The {what} URL is plain HTTP: the password would cross the network unencrypted.")
    problems.update(_credential_problems(entered, require_passwords=require_passwords))
    ca = entered.ca_bundle.strip()
    if ca and not Path(ca).expanduser().is_file():
        problems["ca_bundle"] = f"The CA bundle {ca} does not exist (give the path of your Wazuh root-ca.pem)."
    if not entered.verify_tls:
        warnings.append(TLS_OFF_WARNING)
    if entered.role not in DEFAULT_ROLE_TOOL_ALLOWLIST and entered.role not in entered.extra.get(
        "role_tool_allowlist", {}
    ):
        problems["role"] = f"Unknown role '{entered.role}' (known: {', '.join(DEFAULT_ROLE_TOOL_ALLOWLIST)})."
    return Checked(problems, warnings)


def _credential_problems(entered: ProfileInput, *, require_passwords: bool) -> dict[str, str]:
    problems: dict[str, str] = {}
    if not entered.api_user.strip():
        problems["api_user"] = "Enter the Server API user."
    if entered.indexer_url.strip() and not entered.indexer_user.strip():
        problems["indexer_user"] = "Enter the Indexer user."
    if require_passwords:  # a password in its headless variable counts as entered
        if (
            secrets.needs_password(entered.api_url, entered.api_user)
            and not entered.api_password
            and not secrets.from_environment("api")
        ):
            problems["api_password"] = "Enter the Server API password."
        if (
            secrets.needs_password(entered.indexer_url, entered.indexer_user)
            and not entered.indexer_password
            and not secrets.from_environment("indexer")
        ):
            problems["indexer_password"] = "Enter the Indexer password."
    return problems


def _missing_passwords(entered: ProfileInput) -> list[str]:
    """Passwords neither entered now nor already in the keyring."""
    return [
        label
        for which, label, typed in _password_rows(entered)
        if not typed and not secrets.get_password(entered.name, which)
    ]


def _password_rows(entered: ProfileInput) -> list[tuple[secrets.Which, str, str]]:
    """(which, label, password typed) of each backend that logs in (``secrets.needs_password``)."""
    rows: tuple[tuple[secrets.Which, str, str, str, str], ...] = (
        ("api", "Server API", entered.api_url, entered.api_user, entered.api_password),
        ("indexer", "Indexer", entered.indexer_url, entered.indexer_user, entered.indexer_password),
    )
    return [(which, label, typed) for which, label, url, user, typed in rows if secrets.needs_password(url, user)]


def save_profile(entered: ProfileInput) -> Path:
    """Store the passwords in the OS keyring and the rest in the settings file; all or nothing."""
    checked = check_input(entered)
    if checked.problems:
        raise InvalidArgument(" ".join(checked.problems.values()))
    missing = _missing_passwords(entered)
    if missing:
        raise InvalidArgument(f"Enter the {' and '.join(missing)} password (none is stored for '{entered.name}').")
    path, document = _settings_document(entered)
    entered_passwords: list[tuple[secrets.Which, str]] = [
        ("api", entered.api_password),
        ("indexer", entered.indexer_password),
    ]
    new = [(which, password) for which, password in entered_passwords if password]
    previous = {which: secrets.stored_password(entered.name, which) for which, _ in new}
    stored: list[secrets.Which] = []
    try:
        for which, password in new:
            secrets.set_password(entered.name, which, password)
            stored.append(which)
        return profiles.write_document(document, path)
    except BaseException:
        for which in stored:  # put the keyring back as it was
            old = previous[which]
            if old is None:
                secrets.delete_password(entered.name, which)
            else:
                secrets.set_password(entered.name, which, old)
        raise


@dataclass(frozen=True)
class Saved:
    """What ``save_headless`` did, for the sentence that reports it."""

    path: Path
    keyring: bool
    """A keyring was usable (typed passwords went there)."""
    stored: list[str]
    """Labels of the passwords stored in the keyring now."""
    from_env: list[str]
    """Headless variables that carry a password (set in this environment; they win over the keyring)."""
    env_needed: list[str]
    """Headless variables ``serve`` will need but that are not set here (no keyring to hold the password)."""


def save_headless(entered: ProfileInput) -> Saved:
    """Both doors' save (the wizard and ``setup --non-interactive``): with a keyring, ``save_profile``;
    without one, the settings file alone (a password is never written anywhere else), and the variables
    that must then carry the passwords."""
    rows = _password_rows(entered)
    from_env = [secrets.ENV_VARS[which] for which, _, _ in rows if secrets.from_environment(which)]
    if secrets.keyring_usable():
        path = save_profile(entered)
        return Saved(path, True, [label for _, label, typed in rows if typed], from_env, [])
    checked = check_input(entered)
    if checked.problems:
        raise InvalidArgument(" ".join(checked.problems.values()))
    path, document = _settings_document(entered)
    path = profiles.write_document(document, path)
    env_needed = [secrets.ENV_VARS[which] for which, _, _ in rows if not secrets.from_environment(which)]
    return Saved(path, False, [], from_env, env_needed)


def _settings_document(entered: ProfileInput) -> tuple[Path, dict[str, Any]]:
    """The settings file's path and its new content with ``entered``'s profile, once it is known writable."""
    path = config_path()
    document = profiles.with_profile(
        read_config_file(path), entered.name, entered.table(), make_default=entered.make_default
    )
    _check_writable(path)
    return path, document


def _check_writable(path: Path) -> None:
    """Fail before touching the keyring when the settings file cannot be written."""
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path.parent, os.W_OK)):
        raise ConfigurationError(
            f"The settings directory {path.parent} is not writable. Nothing was saved.",
            hint="Make it writable, or point WAZUH_MCP_CONFIG at a writable path.",
        )


def saved_sentence(name: str, saved: Saved) -> str:
    """Where the settings went and where ``serve`` will find each password, said plainly; the one answer
    of both doors (issue 26: the wizard said "passwords in the OS keyring" where nothing was stored)."""
    text = f"Saved profile '{name}': settings in {saved.path}"
    if saved.stored:
        text += f"; the {' and '.join(saved.stored)} password{'s' if len(saved.stored) > 1 else ''} in the OS keyring"
    text += "."
    if not saved.keyring:
        variables = saved.from_env + saved.env_needed
        text += " No OS keyring is usable here, so no password was stored (wazuh-mcp never writes one to a file)"
        plural = "s" if len(variables) > 1 else ""
        text += (
            f": `wazuh-mcp serve` will read the password{plural} from {' and '.join(variables)}." if variables else "."
        )
    elif saved.from_env:
        text += f" {' and '.join(saved.from_env)} {'is' if len(saved.from_env) == 1 else 'are'} set: "
        text += "`wazuh-mcp serve` reads the password from there first (it wins over the keyring)."
    if saved.env_needed:
        text += f" Set {' and '.join(saved.env_needed)} in the environment `wazuh-mcp serve` runs in."
    return text


def must_enter_passwords() -> bool:
    """Whether a password must be entered (or already be in its variable) to save: only where a keyring
    can keep it. Without one, both doors save the settings and name the variables ``serve`` will read."""
    return secrets.keyring_usable()


@dataclass(frozen=True)
class PasswordPlace:
    """Where ``wazuh-mcp serve`` will find one backend's password for a profile."""

    which: secrets.Which
    label: str
    keyring: bool
    """A keyring is usable here."""
    stored: bool
    """The keyring holds a password for this profile."""
    variable: str
    variable_set: bool
    """The headless variable is set in this environment (it wins over the keyring)."""

    def where(self) -> str:
        """One line: where the password comes from, or what to do."""
        if self.variable_set:
            return f"from {self.variable} (set here)"
        if self.stored:
            return "stored in the OS keyring"
        if self.keyring:
            return "not stored"
        return f"none: set {self.variable} where `wazuh-mcp serve` runs"

    def placeholder(self) -> str:
        """The wizard's empty password field."""
        if self.variable_set:
            return f"empty: use {self.variable} (set here)"
        if self.stored:
            return "stored in the OS keyring (empty keeps it)"
        if not self.keyring:
            return "no keyring: used for the connection test only"
        return ""

    def field_hint(self) -> str:
        """The line under the wizard's password field."""
        if not self.keyring:
            return (
                f"No OS keyring here: what you type is used for the connection test only, never stored; "
                f"`wazuh-mcp serve` reads {self.variable}{' (set here)' if self.variable_set else ''}."
            )
        if self.variable_set:
            return f"{self.variable} is set here and wins over the keyring; a password typed is stored in the keyring."
        return "Kept in the OS keyring only, never in a file."


def password_places(name: str) -> dict[secrets.Which, PasswordPlace]:
    """Where each password of profile ``name`` is (reads the keyring: off the UI thread)."""
    usable = secrets.keyring_usable()
    labels: dict[secrets.Which, str] = {"api": "Server API", "indexer": "Indexer"}
    return {
        which: PasswordPlace(
            which=which,
            label=label,
            keyring=usable,
            stored=usable and bool(secrets.stored_password(name, which)),
            variable=secrets.ENV_VARS[which],
            variable_set=secrets.from_environment(which),
        )
        for which, label in labels.items()
    }


def untestable(entered: ProfileInput, places: dict[secrets.Which, PasswordPlace] | None = None) -> dict[str, str]:
    """``api``/``indexer`` → what to do, for each backend that logs in but has no password to test with:
    none typed, its variable not set, none stored. The connection test runs without that login (it used
    to be skipped whole, with exit 0, when one of two passwords was missing)."""
    places = password_places(entered.name) if places is None else places
    out: dict[str, str] = {}
    for which, label, typed in _password_rows(entered):
        place = places[which]
        if typed or place.variable_set or place.stored:
            continue
        out[which] = (
            f"Set {place.variable} (no keyring here to keep the {label} password) and run the test again."
            if not place.keyring
            else f"Enter the {label} password, or set {place.variable}, and run the test again."
        )
    return out
