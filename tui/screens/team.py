"""Team mode: switch a profile to a team server (``serve --http``) and check it before anyone connects.

The fields are the settings model's own (``OAuthSettings``, ``HttpSettings``: docs/team.md), validated
by that model and by the listener rules ``serve --http`` applies (``server.http.check_listener``), so
what this screen accepts is what the server starts with. ``Ctrl+T`` runs the connection test
(``setup.conncheck``), which for a profile with an issuer fetches the provider's discovery document
and keys the way the server does. ``Ctrl+G`` opens "Connect AI clients" with this server's URL: the
``connect --url`` entry, one key away.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Header, Input, Select, Static

from tui.form_errors import ShownInput, labelled_field, show_problems
from tui.screens.base import LauncherScreen
from tui.screens.home import MARK
from wazuh_mcp.config import profiles
from wazuh_mcp.config.settings import (
    DEFAULT_ROLE_TOOL_ALLOWLIST,
    HttpSettings,
    OAuthSettings,
    Settings,
    read_config_file,
    selected_profile,
)
from wazuh_mcp.errors import WazuhMCPError
from wazuh_mcp.setup.conncheck import ConnectionReport, run_connection_test, save_report
from wazuh_mcp.untrusted import shown

FIELDS = ("issuer", "audience", "user_claim", "role_claim", "role_map", "default_role")
LISTENER = ("host", "port", "tls_cert", "tls_key", "public_url")
NO_ROLE = "__none__"
MCP_PATH = "/mcp"  # where serve --http answers MCP (server.http.MCP_PATH)


def parse_role_map(text: str) -> dict[str, str]:
    """``soc-leads=admin, soc-analysts=analyst`` → a dict, in order; ValueError says what is wrong."""
    mapping: dict[str, str] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        group, sep, role = (s.strip() for s in part.partition("="))
        if not sep or not group or not role:
            raise ValueError(f"'{part}' is not group=role (e.g. soc-analysts=analyst).")
        if role not in DEFAULT_ROLE_TOOL_ALLOWLIST:
            raise ValueError(f"Unknown role '{role}' for {group} (known: {', '.join(DEFAULT_ROLE_TOOL_ALLOWLIST)}).")
        mapping[group] = role
    return mapping


def _merged(saved: object, shown: dict[str, Any]) -> dict[str, Any]:
    """The saved table with this screen's fields replaced: keys it does not show (jwks_url, algorithms,
    allowed_origins…) are kept; a field emptied here is removed."""
    merged = {**(saved if isinstance(saved, dict) else {}), **shown}
    return {k: v for k, v in merged.items() if v not in (None, {})}


def _model_problems(oauth: dict[str, Any], http: dict[str, Any]) -> dict[str, str]:
    """The settings model's own verdict on each field (the same model ``serve --http`` loads)."""
    problems: dict[str, str] = {}
    for model, values, fields in ((OAuthSettings, oauth, FIELDS), (HttpSettings, http, LISTENER)):
        try:
            model.model_validate(values)
        except ValidationError as exc:
            for error in exc.errors():
                where = str(error["loc"][0]) if error["loc"] else ""
                if where in fields:
                    problems.setdefault(where, f"{where}: {error['msg']}")
    return problems


class TeamScreen(LauncherScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.home", "Home"),
        Binding("ctrl+t", "run_test", "Test"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+g", "connect", "Connect a client"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.profile = "default"
        self.table: dict[str, Any] = {}

    def compose(self) -> ComposeResult:
        try:
            document = read_config_file()
            self.profile = selected_profile(self.wazuh_app.options.profile, document)
        except WazuhMCPError:
            document = {}
        table = (document.get("profiles") or {}).get(self.profile) or {}
        self.table = dict(table) if isinstance(table, dict) else {}
        oauth, http = dict(self.table.get("oauth") or {}), dict(self.table.get("http") or {})
        roles = [("none: no tool without a mapped group", NO_ROLE), *((r, r) for r in DEFAULT_ROLE_TOOL_ALLOWLIST)]
        role_map = ", ".join(f"{g}={r}" for g, r in dict(oauth.get("role_map") or {}).items())
        yield Header()
        yield Static(id="team-title")
        with VerticalScroll(id="team-form"):
            yield Static("Identity provider", classes="section")
            yield from labelled_field(
                "Issuer URL *",
                ShownInput(
                    str(oauth.get("issuer") or ""), placeholder="e.g. https://idp.example/realms/soc", id="issuer"
                ),
                "issuer",
                "The tokens' iss, exactly; its /.well-known/openid-configuration is checked by the test.",
            )
            yield from labelled_field(
                "Audience *",
                ShownInput(str(oauth.get("audience") or ""), placeholder="e.g. wazuh-mcp", id="audience"),
                "audience",
                "The aud the provider puts in tokens meant for this server.",
            )
            yield from labelled_field(
                "User claim",
                ShownInput(str(oauth.get("user_claim") or "wazuh_user"), id="user_claim"),
                "user_claim",
                "Names the analyst's Wazuh user (run_as).",
            )
            yield from labelled_field(
                "Role claim",
                ShownInput(str(oauth.get("role_claim") or "groups"), id="role_claim"),
                "role_claim",
                "Holds the analyst's groups or scopes.",
            )
            yield from labelled_field(
                "Role mapping",
                ShownInput(role_map, placeholder="e.g. soc-leads=admin, soc-analysts=analyst", id="role_map"),
                "role_map",
                "group=role pairs; the first group a token carries wins.",
            )
            default_role = oauth.get("default_role")
            yield from labelled_field(
                "Role of a token with no mapped group",
                Select(
                    roles,
                    value=default_role if default_role in DEFAULT_ROLE_TOOL_ALLOWLIST else NO_ROLE,
                    allow_blank=False,
                    id="default_role",
                ),
                "default_role",
            )
            yield Static("Listener", classes="section")
            yield from labelled_field(
                "Address",
                ShownInput(str(http.get("host") or "127.0.0.1"), id="host"),
                "host",
                "Anything but loopback needs a certificate and an issuer.",
            )
            yield from labelled_field(
                "Port", ShownInput(str(http.get("port") or 8765), id="port", type="integer"), "port"
            )
            yield from labelled_field(
                "TLS certificate (PEM chain)",
                ShownInput(
                    str(http.get("tls_cert") or ""), placeholder="/etc/wazuh-mcp/tls/fullchain.pem", id="tls_cert"
                ),
                "tls_cert",
            )
            yield from labelled_field(
                "TLS private key (PEM)",
                ShownInput(str(http.get("tls_key") or ""), placeholder="/etc/wazuh-mcp/tls/key.pem", id="tls_key"),
                "tls_key",
            )
            yield from labelled_field(
                "Public URL (behind a proxy)",
                ShownInput(
                    str(http.get("public_url") or ""), placeholder="e.g. https://mcp.soc.example/mcp", id="public_url"
                ),
                "public_url",
                "What analysts' clients connect to; empty: the listener's own URL.",
            )
            with Horizontal(classes="buttons"):
                yield Button("Run connection test", id="team-test", variant="primary")
                yield Button("Save", id="team-save", variant="success")
                yield Button("Connect a client →", id="team-connect")
            yield Static(id="team-checks")
            yield Static(id="team-result")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#team-title", Static).update(
            Text.assemble(
                ("Team server", "bold"),
                f" for profile {self.profile}: ",
                ("wazuh-mcp serve --http", "bold"),
                " with the identity provider below (docs/team.md)",
            )
        )
        self.query_one("#issuer").focus()

    # --- collecting and checking ------------------------------------------------------

    def _value(self, field_id: str) -> str:
        return self.query_one(f"#{field_id}", Input).value.strip()

    def entered(self) -> tuple[dict[str, Any], dict[str, Any], dict[str, str]]:
        """(oauth table, http table, field → problem), checked by the settings model and the listener rules."""
        problems: dict[str, str] = {}
        for field_id, what in (("issuer", "the issuer URL"), ("audience", "the audience")):
            if not self._value(field_id):
                problems[field_id] = f"Enter {what}."
        try:
            role_map = parse_role_map(self._value("role_map"))
        except ValueError as exc:
            problems["role_map"], role_map = str(exc), {}
        role = self.query_one("#default_role", Select).value
        oauth: dict[str, Any] = {
            "issuer": self._value("issuer") or None,
            "audience": self._value("audience") or None,
            "user_claim": self._value("user_claim") or "wazuh_user",
            "role_claim": self._value("role_claim") or "groups",
            "role_map": role_map,
            "default_role": role if isinstance(role, str) and role != NO_ROLE else None,
        }
        http: dict[str, Any] = {"host": self._value("host") or "127.0.0.1", "port": self._value("port") or "8765"}
        for field_id in ("tls_cert", "tls_key", "public_url"):
            http[field_id] = self._value(field_id) or None
        for field_id in ("tls_cert", "tls_key"):
            if http[field_id] and not Path(http[field_id]).expanduser().is_file():
                problems[field_id] = f"{http[field_id]} does not exist (give the path of a PEM file)."
        for field_id, problem in _model_problems(oauth, http).items():
            problems.setdefault(field_id, problem)
        if not problems:
            problems.update(self._listener_problems(oauth, http))
        return oauth, http, problems

    def _listener_problems(self, oauth: dict[str, Any], http: dict[str, Any]) -> dict[str, str]:
        """What ``serve --http`` itself would refuse to start with, on the field it is about."""
        from wazuh_mcp.server.http import check_listener  # the rules serve --http starts with

        try:
            check_listener(self._settings(oauth, http), http["host"])
        except WazuhMCPError as exc:
            # On the field that fixes it: a certificate for plain HTTP, an issuer for an open listener.
            words = exc.message
            target = (
                "tls_cert" if "tls_" in words or "plain HTTP" in words else "issuer" if "identity" in words else "host"
            )
            return {target: f"{exc.message} {exc.hint or ''}".strip()}
        return {}

    def _settings(self, oauth: dict[str, Any], http: dict[str, Any]) -> Settings:
        return Settings.load(profile=self.profile, oauth=oauth, http={k: v for k, v in http.items() if v is not None})

    def _checked(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        oauth, http, problems = self.entered()
        if show_problems(self, problems, (*FIELDS, *LISTENER)) is not None:
            self._result(Text(f"{len(problems)} field(s) to fix: the cursor is on the first.", "bold red"))
            return None
        return oauth, http

    def server_url(self) -> str:
        """The URL analysts' clients use: the public URL, else the listener's own."""
        public = self._value("public_url")
        if public:
            return public
        host = self._value("host") or "127.0.0.1"
        scheme = "https" if self._value("tls_cert") else "http"
        host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        return f"{scheme}://{host}:{self._value('port') or 8765}{MCP_PATH}"

    # --- actions ------------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {
            "team-test": self.action_run_test,
            "team-save": self.action_save,
            "team-connect": self.action_connect,
        }
        if event.button.id in actions:
            actions[event.button.id]()

    def action_save(self) -> None:
        checked = self._checked()
        if checked is None:
            return
        oauth, http = checked
        table = {
            **self.table,
            "oauth": _merged(self.table.get("oauth"), oauth),
            "http": _merged(self.table.get("http"), {k: (int(v) if k == "port" and v else v) for k, v in http.items()}),
        }
        try:
            document = profiles.with_profile(read_config_file(), self.profile, table, make_default=False)
            path = profiles.write_document(document)
        except WazuhMCPError as exc:
            self._result(Text(f"✖ Not saved: {shown(f'{exc.message} {exc.hint or chr(32)}'.rstrip())}", "bold red"))
            return
        self.table = table
        self._result(
            Text.assemble(
                ("✔ Saved ", "bold green"),
                f"[profiles.{self.profile}.oauth] and [profiles.{self.profile}.http] in {path}. ",
                "Start it with ",
                (f"wazuh-mcp serve --http --profile {self.profile}", "bold"),
                "; Ctrl+G writes a client's entry for it.",
            )
        )

    def action_connect(self) -> None:
        from tui.screens.connect import ConnectScreen

        self.app.push_screen(ConnectScreen(url=self.server_url()))

    def action_run_test(self) -> None:
        checked = self._checked()
        if checked is None:
            return
        self.query_one("#team-checks", Static).update(Text("Testing…", "cyan"))
        self._run_test(self._settings(*checked))

    @work(exclusive=True, group="team-test")
    async def _run_test(self, settings: Settings) -> None:
        try:
            report = await run_connection_test(settings, profile=self.profile)
        except Exception as exc:  # a bug shows as a failed test, never as a traceback
            self.query_one("#team-checks", Static).update(
                Text(f"✖ Connection test: {shown(f'{type(exc).__name__}: {exc}')}", "bold red")
            )
            return
        save_report(report)
        self.show_report(report)

    def show_report(self, report: ConnectionReport) -> None:
        text = Text()
        for check in report.checks:
            mark, style = MARK[check.status]
            # the detail quotes the provider's and Wazuh's answers: through the one sanitizer
            text.append(f"{mark} {shown(check.title)}", f"bold {style}").append(
                f": {shown(check.detail)}\n" if check.detail else "\n"
            )
            if check.hint and check.status in ("fail", "warn"):
                text.append(f"   → {shown(check.hint)}\n", "dim")
        self.query_one("#team-checks", Static).update(text)
        checks = self.query_one("#team-checks")
        checks.call_after_refresh(checks.scroll_visible, animate=False)  # once it has its new height

    def _result(self, text: Text) -> None:
        self.query_one("#team-result", Static).update(text)
