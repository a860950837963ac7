"""Settings: the one non-secret configuration model, shared by the server and the setup wizard.

Precedence, highest first (one test per rule in tests/unit/test_config.py):

1. keyword arguments (tests, the wizard's connection test)
2. ``WAZUH_MCP_*`` environment variables; sections use ``_`` once: ``WAZUH_MCP_API_URL``,
   ``WAZUH_MCP_INDEXER_ALERTS_PATTERN``; top-level fields directly: ``WAZUH_MCP_ROLE``
3. the selected profile's table in the TOML file (``[profiles.<name>]``)
4. the defaults below

The file lives in the platform config dir (``WAZUH_MCP_CONFIG`` overrides the path); the
profile is chosen by ``--profile``, ``WAZUH_MCP_PROFILE``, the file's ``default_profile``,
then ``"default"``. Secrets are *not* settings: see ``wazuh_mcp.config.secrets``.
"""

from __future__ import annotations

import json
import os
import socket
import tomllib
from collections.abc import Mapping
from contextvars import ContextVar
from pathlib import Path
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from wazuh_mcp.errors import ConfigurationError

APP_NAME = "wazuh-mcp"
DEFAULT_PROFILE = "default"

_PROFILE: ContextVar[str | None] = ContextVar("wazuh_mcp_profile", default=None)
_READ_FILE: ContextVar[bool] = ContextVar("wazuh_mcp_read_file", default=True)

WriteTier = Literal["confirmation_required", "caller_attested"]


def config_path() -> Path:
    """Where the settings file is (it may not exist yet)."""
    override = os.environ.get("WAZUH_MCP_CONFIG")
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / "config.toml"


def state_dir() -> Path:
    """Per-user state: audit log, pending changes. ``WAZUH_MCP_STATE_DIR`` overrides it."""
    override = os.environ.get("WAZUH_MCP_STATE_DIR")
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_state_dir(APP_NAME, appauthor=False))


TLS_OFF = "TLS certificate verification is OFF"
TLS_OFF_WARNING = f"{TLS_OFF}: anyone on the path can read the passwords."
"""The one wording of the TLS-off warning (setup, connection test, serve's log, the launcher)."""
STATE_DIR_MODE = 0o700


def ensure_state_dir() -> Path:
    """The state dir, created private (0700) and tightened if an older version left it 0755: it holds
    the audit trail, logs and pending changes, which other local users must not read or plant.
    Every writer of the state dir goes through here (and ``private_files.open_private``)."""
    path = state_dir()
    path.mkdir(mode=STATE_DIR_MODE, parents=True, exist_ok=True)
    if os.name == "posix" and path.stat().st_mode & 0o077:
        os.chmod(path, STATE_DIR_MODE)
    return path


def read_config_file(path: Path | None = None) -> dict[str, Any]:
    """The whole TOML document, or {} when there is none yet; an unreadable or invalid file is a
    ``ConfigurationError`` (for `serve` and the launcher alike)."""
    path = path or config_path()
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        return {}
    except tomllib.TOMLDecodeError as exc:
        raise ConfigurationError(
            f"The settings file {path} is not valid TOML ({exc}).",
            hint="Fix it by hand or re-run `wazuh-mcp setup`.",
        ) from exc
    except OSError as exc:  # a directory in the way, no permission…
        raise ConfigurationError(
            f"Cannot read the settings file {path}: {exc.strerror or exc}.",
            hint="Fix the path's permissions, or point WAZUH_MCP_CONFIG elsewhere.",
        ) from exc


def default_profile_name(document: Mapping[str, Any] | None = None) -> str | None:
    """The file's ``default_profile``, if it names one."""
    document = read_config_file() if document is None else document
    name = document.get("default_profile")
    return name if isinstance(name, str) and name else None


def selected_profile(explicit: str | None = None, document: Mapping[str, Any] | None = None) -> str:
    if explicit:
        return explicit
    from_env = os.environ.get("WAZUH_MCP_PROFILE")
    if from_env:
        return from_env
    return default_profile_name(document) or DEFAULT_PROFILE


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _drop_env_secret(cls, data: Any) -> Any:
        # WAZUH_MCP_API_PASSWORD / WAZUH_MCP_INDEXER_PASSWORD are read by wazuh_mcp.config.secrets;
        # the env source also offers them here as ``<section>.password``. Never keep them.
        if isinstance(data, dict) and "password" in data:
            data = {k: v for k, v in data.items() if k != "password"}
        return data


class ServerApiSettings(_Section):
    """The Wazuh Server API (wazuh-manager, port 55000)."""

    url: str | None = None
    """Base URL, e.g. ``https://wazuh.example.org:55000``."""
    user: str | None = None
    """API user (the password lives in the OS keyring)."""
    verify_tls: bool = True
    """Verify the API's certificate. Turning this off is visible in the TUI and audited."""
    ca_bundle: Path | None = None
    """PEM file of the CA that signed the API certificate (Wazuh installs a self-signed one)."""
    timeout_s: float = Field(default=15.0, gt=0, le=300)
    """Deadline for one API request, login included."""
    max_concurrency: int = Field(default=4, ge=1, le=64)
    """API requests in flight at once; more wait their turn up to the tool call's deadline, then
    get ``rate_limited``."""
    run_as: dict[str, Any] | None = None
    """Optional auth context for ``POST /security/user/authenticate/run_as``."""


class ResponseSettings(_Section):
    """Response actions (``respond.*`` tools): which active-response commands they send, and the caps.

    Each command is the ``<name>`` of a ``<command>`` block of the manager's ``ossec.conf`` that has an
    ``<active-response>`` block (docs/writes.md shows both). Wazuh accepts it only as its ``ar.conf``
    spells it, the name with that block's timeout appended (``firewall-drop600``); wazuh-mcp reads
    those names from the manager when a response is requested, sends the right one, and refuses at
    the request a command the manager does not define. An ar.conf name itself, or ``!script`` (a script
    in the agents' ``active-response/bin``, run with no timeout), may be given instead."""

    max_agents: int = Field(default=10, ge=1, le=100)
    """At most this many agents per change (a group larger than this is refused)."""
    isolation_command: str | None = None
    """Active-response command that isolates a host (none by default: isolate_agent says how to set it)."""
    release_command: str | None = None
    """Active-response command that lifts the isolation."""
    block_command: str = "firewall-drop"
    """Active-response command that blocks the alert's source IP (Wazuh's own ``firewall-drop``)."""
    unblock_command: str | None = None
    """Command that lifts a block early; without it a block lapses only by its ossec.conf timeout."""
    block_timeout_s: int | None = Field(default=None, ge=1)
    """The ``<timeout>`` of the manager's ``<active-response>`` block for block_command: picks that block
    when there are several, and a manager whose block says otherwise is refused (optional)."""
    allowed_commands: list[str] = Field(default_factory=list)
    """Commands run_active_response may send. Empty (the default) denies every command."""
    manager_ips: list[str] = Field(default_factory=list)
    """Addresses of the manager itself, never blocked (the Server API's host is added automatically)."""


class IndexerSettings(_Section):
    """The Wazuh Indexer (OpenSearch, port 9200)."""

    url: str | None = None
    """Base URL, e.g. ``https://wazuh.example.org:9200``."""
    user: str | None = None
    """Indexer user (the password lives in the OS keyring)."""
    verify_tls: bool = True
    """Verify the Indexer's certificate."""
    ca_bundle: Path | None = None
    """PEM file of the CA that signed the Indexer certificate."""
    timeout_s: float = Field(default=20.0, gt=0, le=300)
    """Deadline for one search."""
    max_concurrency: int = Field(default=8, ge=1, le=64)
    """Searches in flight at once; more wait their turn up to the tool call's deadline, then get
    ``rate_limited``."""
    alerts_pattern: str = "wazuh-alerts-*"
    """Index pattern holding alerts (Wazuh 4.x: ``wazuh-alerts-4.x-YYYY.MM.DD``)."""
    vulnerabilities_pattern: str = "wazuh-states-vulnerabilities*"
    """Index pattern holding vulnerability state (Wazuh 4.8+: ``wazuh-states-vulnerabilities-<cluster>``;
    5.x: ``wazuh-states-vulnerabilities``, no suffix, which the pattern matches so 5.x is told apart)."""
    findings_pattern: str = "wazuh-findings-v5*"
    """Wazuh 5.x: the finding data streams (``wazuh-findings-v5-<category>``), read where 4.x alerts are not."""
    archives_pattern: str = "wazuh-archives-*"
    """Wazuh 4.x: every event, alerting or not (``wazuh-archives-4.x-*``), indexed only when Filebeat's archives
    input is on; hunt_query with events reads it."""
    events_pattern: str = "wazuh-events-v5*"
    """Wazuh 5.x: every decoded event (``wazuh-events-v5-<category>``); hunt_query with events reads it."""
    inventory_pattern: str = Field(default="wazuh-states-inventory-{kind}*", pattern=r"\{kind\}")
    """Wazuh 5.x: the inventory state indices; ``{kind}`` becomes processes, packages, ports, services, users…
    (``wazuh-states-inventory-processes``…), which agent_processes, agent_packages, agent_ports and
    agent_inventory read."""
    states_pattern: str = Field(default="wazuh-states-{kind}*", pattern=r"\{kind\}")
    """Wazuh 5.x: the SCA and FIM state indices; ``{kind}`` becomes sca, fim-files or fim-registry
    (``wazuh-states-sca``…), which agent_sca and agent_inventory read."""


class OAuthSettings(_Section):
    """Team mode: bearer tokens from the team's identity provider (``serve --http``). See docs/team.md."""

    issuer: str | None = None
    """The identity provider's issuer URL (the token's ``iss``, exactly). Set → every HTTP call needs a token."""
    audience: str | None = None
    """The audience (``aud``) a token must carry for this server; required with an issuer."""
    jwks_url: str | None = None
    """Where the signing keys are; default: discovered from ``<issuer>/.well-known/openid-configuration``."""
    user_claim: str = "wazuh_user"
    """Claim naming the analyst's Wazuh user (``run_as``). Absent → the Server API service account."""
    role_claim: str = "groups"
    """Claim holding the analyst's groups or scopes (a list, or a space-separated string)."""
    role_map: dict[str, str] = Field(default_factory=dict)
    """Group/scope → role (a key of ``role_tool_allowlist``); the first entry the token carries wins."""
    default_role: str | None = None
    """Role of a token that carries none of ``role_map``'s groups; unset → no tool (fail-closed)."""
    algorithms: list[str] = Field(default_factory=lambda: ["RS256", "RS384", "RS512", "PS256", "ES256", "ES384"])
    """Accepted signature algorithms. ``none`` and the HMAC ones (``HS*``) are never accepted."""
    leeway_s: float = Field(default=30.0, ge=0, le=300)
    """Clock skew allowed on ``exp``/``nbf``."""
    jwks_min_refresh_s: float = Field(default=30.0, ge=0, le=3600)
    """A token with an unknown key id refetches the keys at most this often (key rotation, floods)."""
    required_scopes: list[str] = Field(default_factory=list)
    """Scopes every token must carry (403 ``insufficient_scope`` otherwise)."""
    scopes: list[str] = Field(default_factory=list, max_length=20)
    """Scopes a client should ask for, named in the protected-resource metadata (``scopes_supported``, with
    ``required_scopes``) but not checked in the token: a provider that derives the audience from the scope
    asked for (Entra ID's ``api://<app>/<scope>``) then issues the right token to clients told nothing."""

    @field_validator("algorithms")
    @classmethod
    def _asymmetric_only(cls, value: list[str]) -> list[str]:
        bad = [a for a in value if a.lower() == "none" or a.upper().startswith("HS")]
        if bad:
            raise ValueError(f"algorithms {bad} are not allowed: tokens must be signed with the provider's key pair")
        return value


class HttpSettings(_Section):
    """The ``serve --http`` listener."""

    host: str = "127.0.0.1"
    """Address to listen on. Anything but loopback needs TLS (``tls_cert``/``tls_key``) and an issuer."""
    port: int = Field(default=8765, ge=0, le=65535)
    """TCP port (0: any free port, printed on stderr)."""
    tls_cert: Path | None = None
    """PEM certificate chain for the listener."""
    tls_key: Path | None = None
    """PEM private key of ``tls_cert``."""
    allow_plaintext: bool = False
    """Allow plain HTTP on a non-loopback address (a TLS-terminating proxy in front). Recorded in the audit."""
    public_url: str | None = None
    """The URL clients use (behind a proxy), for the protected-resource metadata; default from host/port."""
    allowed_origins: list[str] = Field(default_factory=list)
    """Browser ``Origin`` values accepted besides loopback ones (DNS-rebinding protection)."""
    header_timeout_s: float = Field(default=10.0, gt=0, le=300)
    """A request's headers must arrive within this (from the connection, or the previous answer), else it is closed."""
    body_timeout_s: float = Field(default=30.0, gt=0, le=600)
    """A request's body must arrive within this once the application reads it, else ``408``."""


def replica_name(settings: Settings | None = None) -> str:
    """This replica's name in the team store and the audit copy: ``team.replica_id``, else the host name."""
    configured = settings.team.replica_id if settings is not None else None
    return configured or socket.gethostname() or "replica"


class TeamSettings(_Section):
    """Several ``serve --http`` replicas with nothing shared but Wazuh (docs/team.md): where pending changes
    live and where the audit trail is copied. ``store = "indexer"`` uses the ``[indexer]`` connection."""

    store: Literal["file", "indexer"] = "file"
    """``file``: ``<state dir>/pending`` and the local audit only (one workstation). ``indexer``: pending
    changes in ``changes_index`` and every audit record also in ``audit_prefix-YYYY.MM.DD``."""
    replica_id: str | None = Field(default=None, pattern=r"^[A-Za-z0-9._-]{1,64}$")
    """This replica's name in the Indexer (its audit chain is kept per replica); default: the host name."""
    changes_index: str = "wazuh-mcp-changes"
    audit_prefix: str = "wazuh-mcp-audit"
    lease_s: float = Field(default=120.0, ge=1, le=3600)
    """How long a replica that starts applying a change holds it. Must be longer than ``tool_timeout_s`` plus
    the Server API timeout (refused otherwise), so a request of a replica that died has ended before another
    replica looks. A lease found further ahead than this counts as run out."""


DEFAULT_ROLE_TOOL_ALLOWLIST: dict[str, list[str]] = {
    "admin": ["*"],
    "analyst": [
        "alerts.*",
        "agents.*",
        "inventory.*",
        "vulnerabilities.*",
        "mitre.*",
        "hunt.*",
        "fim.*",
        "cluster.*",
    ],
    "readonly": [
        "alerts.*",
        "agents.get_*",  # lookups of an agent and its state; the inventories stay out (ROLE_LEAVES_OUT)
        "agents.list_*",
        "vulnerabilities.*",
        "mitre.*",
        "fim.*",
        "cluster.status",
    ],
}

_INVENTORY = "a host's inventory (what runs, what is installed, what listens) is more than a viewer needs"
_HUNTING = "free-form hunting and pivots read any field of any alert across the estate; viewers get bounded views"
ROLE_LEAVES_OUT: dict[str, dict[str, str]] = {
    "readonly": {
        "agents.agent_processes": _INVENTORY,
        "agents.agent_packages": _INVENTORY,
        "agents.agent_ports": _INVENTORY,
        "inventory.*": _INVENTORY + "; so are its users, services and hardening gaps (SCA)",
        "hunt.*": _HUNTING,
    },
}
"""The read tools a default role does not list, each with why (role → tool id glob → reason). A new read
tool goes into every role, or here: tests/unit/test_roles.py fails on one that is neither."""


def _profile_table(profile: str | None) -> dict[str, Any]:
    """``[profiles.<name>]`` from the TOML settings file ({} for ``Settings.load(read_file=False)``)."""
    if not _READ_FILE.get():
        return {}
    document = read_config_file()
    profiles = document.get("profiles", {})
    name = selected_profile(profile, document)
    table = profiles.get(name, {}) if isinstance(profiles, dict) else {}
    if not isinstance(table, dict):
        return {}
    for section in ("api", "indexer"):
        if isinstance(table.get(section), dict) and "password" in table[section]:
            raise ConfigurationError(
                f"The settings file {config_path()} holds a password under [profiles.{name}.{section}].",
                hint="Passwords belong in the OS keyring: delete that line and run `wazuh-mcp setup`.",
            )
    return dict(table)


ENV_PREFIX = "WAZUH_MCP_"


def _is_complex(annotation: Any) -> bool:
    """A setting whose variable holds JSON: a section, a dict or a list (optional or not)."""
    if get_origin(annotation) in (Union, UnionType):
        return any(_is_complex(arg) for arg in get_args(annotation) if arg is not type(None))
    origin = get_origin(annotation) or annotation
    return origin in (dict, list) or (isinstance(origin, type) and issubclass(origin, BaseModel))


def _json_value(name: str, raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError as exc:
        raise ConfigurationError(
            f"The environment variable {name.upper()} is not valid JSON ({exc}).",
            hint='Lists and tables are written as JSON, e.g. \'["RS256", "ES256"]\' or \'{"soc": "admin"}\'.',
        ) from exc


def _env_values(model: type[BaseModel], environ: Mapping[str, str]) -> dict[str, Any]:
    """The ``WAZUH_MCP_*`` variables as settings data, case-insensitive. A top-level field by its name
    (``WAZUH_MCP_ROLE``; JSON for a section, dict or list), and one key of a section or dict per variable,
    split once after the field's name (``WAZUH_MCP_INDEXER_ALERTS_PATTERN`` → ``indexer.alerts_pattern``).
    A key a section does not have is kept, so validation names it; JSON that does not parse is an error."""
    env = {name.lower(): value for name, value in environ.items() if name.upper().startswith(ENV_PREFIX)}
    data: dict[str, Any] = {}
    for field_name, field in model.model_fields.items():
        name = ENV_PREFIX.lower() + field_name
        complex_field = _is_complex(field.annotation)
        value: Any = env.get(name)
        if value is not None and complex_field:
            value = _json_value(name, value)
        if complex_field:
            keys = {k[len(name) + 1 :]: (k, v) for k, v in env.items() if k.startswith(name + "_")}
            nested = {key: _nested_value(field.annotation, key, *named) for key, named in keys.items()}
            if nested:
                value = _deep_update(value if isinstance(value, dict) else {}, nested)
        if value is not None:
            data[field_name] = value
    return data


def _nested_value(annotation: Any, key: str, name: str, raw: str) -> Any:
    """One variable's value inside a section (JSON where its field is a dict or list) or a dict."""
    section = next(
        (a for a in (annotation, *get_args(annotation)) if isinstance(a, type) and issubclass(a, BaseModel)), None
    )
    if section is not None:
        inner = section.model_fields.get(key)
        return _json_value(name, raw) if raw and inner is not None and _is_complex(inner.annotation) else raw
    value_type = get_args(annotation)[1] if len(get_args(annotation)) == 2 else Any
    if raw and _is_complex(value_type):
        try:
            return json.loads(raw)
        except ValueError:
            return raw  # validation says what is wrong with it
    return raw


def _deep_update(base: dict[str, Any], *updates: dict[str, Any]) -> dict[str, Any]:
    """``base`` with each update laid over it, tables merged key by key (a file's section and one variable)."""
    merged = dict(base)
    for update in updates:
        for key, value in update.items():
            if isinstance(value, dict) and isinstance(merged.get(key), dict):
                merged[key] = _deep_update(merged[key], value)
            else:
                merged[key] = value
    return merged


class Settings(BaseModel):
    """Everything wazuh-mcp needs to know that is not a secret. Made directly or by ``load``, it reads the
    environment and the profile under what it is given (the module docstring has the precedence). Read here
    rather than by pydantic-settings: its import alone was a measurable part of ``serve``'s start-up."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    api: ServerApiSettings = Field(default_factory=ServerApiSettings)
    indexer: IndexerSettings = Field(default_factory=IndexerSettings)
    oauth: OAuthSettings = Field(default_factory=OAuthSettings)
    http: HttpSettings = Field(default_factory=HttpSettings)
    team: TeamSettings = Field(default_factory=TeamSettings)
    role: str = "analyst"
    """Local role: which tools are listed and callable (see ``role_tool_allowlist``)."""
    role_tool_allowlist: dict[str, list[str]] = Field(
        default_factory=lambda: {k: list(v) for k, v in DEFAULT_ROLE_TOOL_ALLOWLIST.items()}
    )
    """Role → glob patterns over canonical tool ids (``alerts.*``, ``cluster.status``)."""
    writes: bool = False
    """Expose the write tools (rule files, restarts). ``WAZUH_MCP_WRITES=on``."""
    write_tiers: dict[str, WriteTier] = Field(default_factory=dict)
    """Per write tool (canonical id) approval tier; default ``confirmation_required``."""
    responses: ResponseSettings = Field(default_factory=ResponseSettings)
    """Response actions: active-response commands and caps (``[profiles.x.responses]``)."""
    audit_log: Path | None = None
    """Audit JSONL path (default: ``<state dir>/audit.jsonl``). ``WAZUH_MCP_AUDIT_LOG``."""
    audit_max_bytes: int = Field(default=10 * 1024 * 1024, ge=4096)
    """Rotate the audit file past this size."""
    audit_backups: int = Field(default=5, ge=1, le=100)
    """How many rotated audit files to keep (the changes stream keeps as many of its own)."""
    error_flood_burst: int = Field(default=40, ge=1)
    """Failed calls (invalid_argument, forbidden, not_found) one client session may make in a burst
    before further calls are answered ``rate_limited``."""
    error_flood_per_minute: int = Field(default=30, ge=1)
    """How fast that allowance refills: failed calls per minute, sustained."""
    tool_timeout_s: float = Field(default=60.0, gt=0, le=600)
    """Overall deadline of one tool call, all backend requests included."""

    @field_validator("writes", mode="before")
    @classmethod
    def _on_off(cls, value: Any) -> Any:
        if isinstance(value, str) and value.strip().lower() in {"on", "off"}:
            return value.strip().lower() == "on"
        return value

    @model_validator(mode="after")
    def _lease_outlasts_a_call(self) -> Settings:
        """A lease shorter than a call could run out while its holder still waits for Wazuh's answer; another
        replica would then take the change over and could send it a second time."""
        needed = self.tool_timeout_s + self.api.timeout_s
        if self.team.lease_s <= needed:
            raise ValueError(
                f"team.lease_s ({self.team.lease_s:g} s) must be longer than tool_timeout_s ({self.tool_timeout_s:g} s) "
                f"plus the Server API timeout (api.timeout_s, {self.api.timeout_s:g} s): a shorter lease runs out "
                "while the replica holding it still waits for Wazuh, and another replica could apply the change "
                f"again. Set team.lease_s (WAZUH_MCP_TEAM_LEASE_S) above {needed:g}, or shorten those timeouts."
            )
        return self

    @property
    def audit_path(self) -> Path:
        return self.audit_log or state_dir() / "audit.jsonl"

    @property
    def plaintext_backends(self) -> list[str]:
        """The backends configured with an ``http://`` URL ("Server API", "Indexer"): no TLS at all, so
        passwords and results cross the network in the clear and nothing is verified."""
        parts = (("Server API", self.api.url), ("Indexer", self.indexer.url))
        return [name for name, url in parts if url and url.strip().lower().startswith("http://")]

    @property
    def tls_verified(self) -> bool:
        """True only when every backend speaks TLS with certificate verification on (what the audit records)."""
        return self.api.verify_tls and self.indexer.verify_tls and not self.plaintext_backends

    def __init__(self, **given: Any) -> None:
        super().__init__(**_deep_update(_profile_table(_PROFILE.get()), _env_values(Settings, os.environ), given))

    @classmethod
    def load(cls, profile: str | None = None, *, read_file: bool = True, **overrides: Any) -> Settings:
        """Settings for ``profile`` (see the module docstring for precedence). ``read_file=False``: defaults,
        ``WAZUH_MCP_*`` and ``overrides`` only (the demo, the docs generator), without touching the process
        environment: a ``WAZUH_MCP_CONFIG`` set to hide the file would also send every later save there."""
        token, file_token = _PROFILE.set(profile), _READ_FILE.set(read_file)  # read by __init__
        try:
            return cls(**overrides)
        finally:
            _READ_FILE.reset(file_token)
            _PROFILE.reset(token)
