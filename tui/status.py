"""What the launcher's home screen shows, gathered without Textual (and testable as such).

Every part is read defensively: a broken settings file, a missing keyring or an approvals
store from another build must show up as a line of text on the home screen, never as a crash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tui.audit_tail import AuditTail
from wazuh_mcp.config import profiles, secrets
from wazuh_mcp.config.settings import Settings, config_path, default_profile_name, read_config_file, selected_profile
from wazuh_mcp.errors import WazuhMCPError
from wazuh_mcp.runtime.audit import AuditEvent
from wazuh_mcp.setup.conncheck import ConnectionReport, last_report
from wazuh_mcp.setup.flow import PasswordPlace, password_places
from wazuh_mcp.writes import approvals


@dataclass
class HomeStatus:
    profile: str
    config_file: Path
    profiles: list[str] = field(default_factory=list)
    default_profile: str | None = None
    settings: Settings | None = None
    settings_error: str | None = None
    keyring_backend: str = ""
    keyring_usable: bool = True
    keyring_help: str = ""
    stored_passwords: dict[str, bool] = field(default_factory=dict)
    """Which passwords the keyring itself holds (a variable's is not "stored")."""
    passwords: dict[str, PasswordPlace] = field(default_factory=dict)
    """Where ``serve`` finds each password: keyring, variable, or nowhere yet."""
    last_test: ConnectionReport | None = None
    pending: int | None = None
    """Pending approvals; None when they could not be read (``pending_error`` says why)."""
    pending_error: str | None = None
    recent: list[AuditEvent] = field(default_factory=list)
    audit_path: Path | None = None

    @property
    def configured(self) -> bool:
        return self.settings is not None and bool(self.settings.api.url and self.settings.api.user)

    @property
    def tls_off(self) -> bool:
        return self.settings is not None and not self.settings.tls_verified

    @property
    def plaintext(self) -> list[str]:
        """Backends on a plain http:// URL (shown before the TLS line: it is the worse problem)."""
        return self.settings.plaintext_backends if self.settings is not None else []


def load_settings(profile: str | None) -> tuple[str, Settings | None, str | None]:
    """(profile name, settings or None, why not)."""
    try:
        name = selected_profile(profile)
        return name, Settings.load(profile=name), None
    except WazuhMCPError as exc:
        return profile or "default", None, exc.message
    except ValueError as exc:  # pydantic: a value of the wrong type in the file
        return profile or "default", None, f"The settings file has an invalid value: {exc}".splitlines()[0]
    except OSError as exc:
        return profile or "default", None, f"Cannot read the settings file {config_path()}: {exc.strerror or exc}."


def audit_path_for(settings: Settings | None) -> Path:
    """The audit file of ``settings``; the default one when they do not load."""
    return (settings or Settings.model_construct(audit_log=None)).audit_path


def pending_count(settings: Settings | None) -> tuple[int | None, str | None]:
    try:
        return len(approvals.list_pending(settings)), None
    except WazuhMCPError as exc:
        return None, exc.message
    except OSError as exc:
        return None, f"Cannot read pending changes: {exc.strerror or exc}"


def gather(profile: str | None, *, recent: int = 5) -> HomeStatus:
    name, settings, error = load_settings(profile)
    try:
        document = read_config_file()
    except WazuhMCPError:
        document = {}
    status = HomeStatus(
        profile=name,
        config_file=config_path(),
        settings=settings,
        settings_error=error,
        profiles=profiles.profile_names(document),
        default_profile=default_profile_name(document),
    )
    status.keyring_backend = secrets.backend_name()
    status.keyring_usable = not status.keyring_backend.startswith(("none", "unavailable"))
    if not status.keyring_usable:
        # The variables are named once, on each password's line (never "set X" for an X that is set).
        status.keyring_help = secrets.keyring_help(variables=False)
    else:
        for which in ("api", "indexer"):
            try:
                status.stored_passwords[which] = bool(secrets.keyring_password(name, which))
            except WazuhMCPError as exc:
                status.keyring_usable, status.keyring_help = False, f"{exc.message} {exc.hint or ''}".strip()
                break
    status.passwords = {str(which): place for which, place in password_places(name).items()}
    status.last_test = last_report(name)
    status.pending, status.pending_error = pending_count(settings)
    status.audit_path = audit_path_for(settings)
    status.recent = AuditTail(status.audit_path).load_tail(recent)
    return status
