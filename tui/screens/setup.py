"""The setup wizard: Server API, Indexer, security, then a connection test and save.

All logic lives in ``wazuh_mcp.setup.flow`` and ``wazuh_mcp.setup.conncheck`` (shared with
``wazuh-mcp setup --non-interactive``); this screen only collects fields and shows results.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import (
    Button,
    Checkbox,
    ContentSwitcher,
    Footer,
    Header,
    Input,
    Label,
    ProgressBar,
    Select,
    Static,
    Switch,
)

from tui.form_errors import ShownInput, labelled_field, show_problems
from tui.messages import ConnectionFinished, ConnectionProgress
from tui.screens.base import LauncherScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import MARK
from wazuh_mcp.config import profiles, secrets
from wazuh_mcp.config.settings import (
    DEFAULT_ROLE_TOOL_ALLOWLIST,
    TLS_OFF_WARNING,
    default_profile_name,
    read_config_file,
    selected_profile,
)
from wazuh_mcp.errors import WazuhMCPError
from wazuh_mcp.setup.conncheck import Check, ConnectionReport, run_connection_test, save_report
from wazuh_mcp.setup.flow import (
    PasswordPlace,
    ProfileInput,
    check_input,
    parse_run_as,
    password_places,
    save_headless,
    saved_sentence,
    untestable,
)
from wazuh_mcp.untrusted import shown

STEPS = [
    ("api", "Server API", ("name", "api_url", "api_user", "api_password")),
    ("indexer", "Indexer", ("indexer_url", "indexer_user", "indexer_password")),
    ("security", "Security", ("ca_bundle", "run_as", "role")),
    ("test", "Test & save", ()),
]


class SetupScreen(LauncherScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Home"),
        Binding("ctrl+n", "step(1)", "Next"),
        Binding("ctrl+b", "step(-1)", "Back"),
        Binding("ctrl+t", "run_test", "Test"),
        Binding("ctrl+s", "save", "Save"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.step = 0
        self.places: dict[secrets.Which, PasswordPlace] = {}
        """Where each password of the profile being edited is (keyring, variable), read off the UI thread."""
        self.report: ConnectionReport | None = None
        self.checks: dict[str, Check] = {}
        self.base = ProfileInput()

    # --- layout -----------------------------------------------------------------------

    def _load_base(self) -> ProfileInput:
        """The profile being edited, pre-filled from the settings file (a new one if it has none)."""
        try:
            document = read_config_file()
            name = selected_profile(self.wazuh_app.options.profile, document)
        except WazuhMCPError:
            document, name = {}, "default"
        if name in profiles.profile_names(document):
            return ProfileInput.from_profile(name, document)
        return ProfileInput(name=name, make_default=default_profile_name(document) is None)

    def compose(self) -> ComposeResult:
        self.base = base = self._load_base()
        yield Header()
        yield Static(id="steps")
        with ContentSwitcher(initial="api", id="wizard"):
            with VerticalScroll(id="api"):
                yield from labelled_field(
                    "Profile name",
                    ShownInput(base.name, id="name"),
                    "name",
                    "Named profiles (prod, lab…) keep several Wazuh deployments apart.",
                )
                yield Checkbox("Use this profile by default", base.make_default, id="make_default")
                yield from labelled_field(
                    "Server API URL",
                    ShownInput(base.api_url, placeholder="https://wazuh.example.org:55000", id="api_url"),
                    "api_url",
                )
                yield from labelled_field("Server API user", ShownInput(base.api_user, id="api_user"), "api_user")
                yield from labelled_field(
                    "Server API password",
                    ShownInput(password=True, id="api_password"),
                    "api_password",
                    "Kept in the OS keyring only, never in a file.",
                    hint_id="api_password-hint",
                )
            with VerticalScroll(id="indexer"):
                yield from labelled_field(
                    "Indexer URL",
                    ShownInput(base.indexer_url, placeholder="https://wazuh.example.org:9200", id="indexer_url"),
                    "indexer_url",
                    "Alerts, hunts, FIM and vulnerabilities come from the Indexer. Leave empty to skip.",
                )
                yield from labelled_field(
                    "Indexer user", ShownInput(base.indexer_user, id="indexer_user"), "indexer_user"
                )
                yield from labelled_field(
                    "Indexer password",
                    ShownInput(password=True, id="indexer_password"),
                    "indexer_password",
                    hint_id="indexer_password-hint",
                )
            with VerticalScroll(id="security"):
                with Horizontal(classes="switch-row"):
                    yield Switch(base.verify_tls, id="verify_tls")
                    yield Label("Verify TLS certificates (Server API and Indexer)")
                yield Static(f"⚠ {TLS_OFF_WARNING}", id="tls-warning", classes="warning")
                yield from labelled_field(
                    "CA bundle (optional)",
                    ShownInput(base.ca_bundle, placeholder="/etc/wazuh/root-ca.pem", id="ca_bundle"),
                    "ca_bundle",
                    "The PEM of the CA that signed your Wazuh certificates (Wazuh makes its own).",
                )
                run_as = json.dumps(base.run_as) if base.run_as else ""
                yield from labelled_field(
                    "run_as auth context (optional JSON)",
                    ShownInput(run_as, placeholder='{"username": "analyst1"}', id="run_as"),
                    "run_as",
                    "Logs in with /security/user/authenticate/run_as so Wazuh's RBAC rules apply.",
                )
                roles = [(r, r) for r in DEFAULT_ROLE_TOOL_ALLOWLIST]
                yield from labelled_field(
                    "Role (which tools exist)", Select(roles, value=base.role, allow_blank=False, id="role"), "role"
                )
                with Horizontal(classes="switch-row"):
                    yield Switch(base.writes, id="writes")
                    yield Label("Offer the write tools (each change still needs a human's approval)")
            with VerticalScroll(id="test"):
                yield Static(id="summary")
                with Horizontal(classes="buttons"):
                    yield Button("Run connection test", id="run-test", variant="primary")
                    yield Button("Save profile", id="save", variant="success")
                    yield Button("Connect AI clients →", id="go-connect")
                yield ProgressBar(total=6, show_eta=False, id="progress")
                yield Static(id="checks")
                yield Static(id="save-result")
        with Horizontal(id="nav"):
            yield Static(id="nav-status")
            yield Button("← Back", id="back")
            yield Button("Next →", id="next", variant="primary")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._show_step()
        self.query_one("#tls-warning").display = not self.base.verify_tls
        self.query_one("#go-connect").display = False
        self._check_stored(self.base.name)

    @work(thread=True, group="keyring")
    def _check_stored(self, name: str) -> None:
        self.app.call_from_thread(self._show_stored, password_places(name))

    def _show_stored(self, places: dict[secrets.Which, PasswordPlace]) -> None:
        """Each password field says where that password is: the keyring, its variable, or that nothing
        can be kept here (never "stored in the OS keyring" for a password that came from a variable)."""
        self.places = places
        for which, place in places.items():
            self.query_one(f"#{which}_password", Input).placeholder = place.placeholder()
            self.query_one(f"#{which}_password-hint", Static).update(place.field_hint())

    def _show_step(self) -> None:
        key = STEPS[self.step][0]
        self.query_one("#wizard", ContentSwitcher).current = key
        crumbs = Text()
        for index, (_, title, _) in enumerate(STEPS):
            if index:
                crumbs.append("  ›  ", "dim")
            crumbs.append(f"{index + 1} {title}", "bold reverse" if index == self.step else "dim")
        self.query_one("#steps", Static).update(crumbs)
        self.query_one("#back").disabled = self.step == 0
        self.query_one("#next").display = self.step < len(STEPS) - 1
        if key == "test":
            self._show_summary()
        self._focus_first(key)

    def _focus_first(self, key: str) -> None:
        """Keyboard users land on the step's first field, not on a widget the step just hid.

        At once, not after the next refresh: keys typed right after ``ctrl+n`` are handled after this
        handler returns, and must reach the new step (a deferred focus sent them to the old one)."""
        target = (
            self.query_one("#run-test")
            if key == "test"
            else next((w for w in self.query_one(f"#{key}").query("*") if w.focusable), None)
        )
        if target is not None:
            self.set_focus(target, scroll_visible=False)
            self.query_one(f"#{key}").scroll_home(animate=False)  # the first field's label in view too

    # --- collecting and checking ------------------------------------------------------

    def entered(self) -> ProfileInput:
        def value(field_id: str) -> str:
            return self.query_one(f"#{field_id}", Input).value

        role = self.query_one("#role", Select).value
        try:
            run_as = parse_run_as(value("run_as"))
        except WazuhMCPError:
            run_as = None  # reported by problems()
        return ProfileInput(
            name=value("name").strip(),
            api_url=value("api_url"),
            api_user=value("api_user"),
            api_password=value("api_password"),
            indexer_url=value("indexer_url"),
            indexer_user=value("indexer_user"),
            indexer_password=value("indexer_password"),
            verify_tls=self.query_one("#verify_tls", Switch).value,
            ca_bundle=value("ca_bundle"),
            run_as=run_as,
            role=str(role) if isinstance(role, str) else "analyst",
            writes=self.query_one("#writes", Switch).value,
            make_default=self.query_one("#make_default", Checkbox).value,
            extra=self.base.extra,
        )

    def problems(self, entered: ProfileInput) -> tuple[dict[str, str], list[str]]:
        checked = check_input(entered)
        problems = dict(checked.problems)
        try:
            parse_run_as(self.query_one("#run_as", Input).value)
        except WazuhMCPError as exc:
            problems["run_as"] = exc.message
        problems.update(self._password_problems(entered))
        return problems, checked.warnings

    def _password_problems(self, entered: ProfileInput) -> dict[str, str]:
        """A password must be typed only where the keyring can keep it and holds none for this profile,
        and its variable is not set: without a keyring the wizard saves the settings and names the
        variables, as ``setup --non-interactive`` does."""
        problems: dict[str, str] = {}
        same_profile = entered.name == self.base.name
        rows: tuple[tuple[secrets.Which, str, str, str], ...] = (
            ("api", "Server API", entered.api_url or "-", entered.api_password),
            ("indexer", "Indexer", entered.indexer_url, entered.indexer_password),
        )
        for which, label, url, typed in rows:
            place = self.places.get(which)
            if not url.strip() or typed or secrets.from_environment(which):
                continue
            if place is not None and (not place.keyring or (same_profile and place.stored)):
                continue
            problems[f"{which}_password"] = f"Enter the {label} password."
        return problems

    def _validate_through(self, last_step: int) -> bool:
        """Check steps 0..last_step; on a problem, go to the first step that has one, show each
        problem under its field and put the cursor on the first of them."""
        problems, _ = self.problems(self.entered())
        for index in range(last_step + 1):
            fields = STEPS[index][2]
            if not any(f in problems for f in fields):
                show_problems(self, {}, fields)  # clear what an earlier attempt said
                continue
            if index != self.step:
                self.step = index
                self._show_step()
            show_problems(self, problems, fields)
            count = sum(f in problems for f in fields)
            self._nav_status(f"{count} field{'s' if count > 1 else ''} to fix in step {index + 1} ({STEPS[index][1]}).")
            return False
        self._nav_status("")
        return True

    def _nav_status(self, text: str) -> None:
        """One line beside Back/Next: the buttons the person just pressed."""
        self.query_one("#nav-status", Static).update(Text(text, "bold red"))

    def action_step(self, delta: int) -> None:
        target = max(0, min(len(STEPS) - 1, self.step + delta))
        if delta > 0 and not self._validate_through(self.step):
            return
        self.step = target
        self._show_step()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id
        if button == "next":
            self.action_step(1)
        elif button == "back":
            self.action_step(-1)
        elif button == "run-test":
            self.action_run_test()
        elif button == "save":
            self.action_save()
        elif button == "go-connect":
            self.app.pop_screen()
            self.wazuh_app.open("connect")

    def unsaved(self) -> bool:
        """Whether leaving would lose something typed: a field differs from the profile as loaded (or as
        last saved), or a password was typed."""
        entered = self.entered()
        typed_password = bool(entered.api_password or entered.indexer_password)
        kept = replace(self.base, api_password="", indexer_password="")
        return typed_password or replace(entered, api_password="", indexer_password="") != kept

    def action_leave(self) -> None:
        """Esc: home, after asking when it would throw away what was typed."""
        if not self.unsaved():
            self.wazuh_app.action_home()
            return

        def answered(discard: bool | None) -> None:
            if discard:
                self.wazuh_app.action_home()

        self.app.push_screen(
            ConfirmScreen(
                "Leave the setup wizard? What you typed is not saved and will be lost.\n\n"
                "Cancel to go on (Ctrl+S saves).",
                confirm="Discard and leave",
                danger=True,
            ),
            answered,
        )

    def _show_summary(self) -> None:
        entered = self.entered()
        _, warnings = self.problems(entered)
        text = Text()
        text.append("Profile ", "bold").append(f"{shown(entered.name)}{' (default)' if entered.make_default else ''}\n")
        text.append("Server API ", "bold").append(f"{entered.api_url}  as {entered.api_user}\n")
        indexer = f"{entered.indexer_url}  as {entered.indexer_user}" if entered.indexer_url else "not set"
        text.append("Indexer ", "bold").append(f"{indexer}\n")
        text.append("Role ", "bold").append(
            f"{entered.role}, writes {'on' if entered.writes else 'off'}"
            f"{', run_as ' + json.dumps(entered.run_as) if entered.run_as else ''}\n"
        )
        for warning in warnings:
            text.append(f"⚠ {warning}\n", "bold yellow")
        self.query_one("#summary", Static).update(text)

    # --- security switch --------------------------------------------------------------

    def on_switch_changed(self, event: Switch.Changed) -> None:
        if event.switch.id != "verify_tls":
            return
        self.query_one("#tls-warning").display = not event.value
        if event.value:
            return

        def answered(confirmed: bool | None) -> None:
            if not confirmed:
                event.switch.value = True

        self.app.push_screen(
            ConfirmScreen(
                "Turn off TLS certificate verification?\n\nAnyone between this machine and Wazuh could read the "
                "passwords and the data. Use it only for a lab; the launcher will keep showing a warning.",
                confirm="Turn verification off",
                danger=True,
            ),
            answered,
        )

    # --- connection test --------------------------------------------------------------

    def action_run_test(self) -> None:
        if not self._validate_through(len(STEPS) - 2):
            return
        if self.step != len(STEPS) - 1:
            self.step = len(STEPS) - 1
            self._show_step()
        entered = self.entered()
        self.checks = {}
        bar = self.query_one("#progress", ProgressBar)
        bar.update(total=6 if entered.indexer_url.strip() else 5, progress=0)
        self.query_one("#checks", Static).update(Text("Starting…", "cyan"))
        self.query_one("#run-test", Button).disabled = True
        self._run_test(entered)

    @work(exclusive=True, group="connection-test")
    async def _run_test(self, entered: ProfileInput) -> None:
        def progress(check: Check) -> None:
            self.post_message(ConnectionProgress(check))

        try:
            settings = entered.settings()
            report = await run_connection_test(
                settings,
                profile=entered.name,
                api_password=entered.api_password or None,
                indexer_password=entered.indexer_password or None,
                progress=progress,
                untested=untestable(entered, self.places or None),
            )
        except (WazuhMCPError, ValueError) as exc:  # settings that do not load
            report = ConnectionReport(
                profile=entered.name,
                checks=[Check("settings", "Settings", "fail", getattr(exc, "message", str(exc).splitlines()[0]))],
            )
        except Exception as exc:  # a bug must show as a failed test, never as a traceback
            report = ConnectionReport(
                profile=entered.name,
                checks=[
                    Check("unexpected", "Connection test", "fail", f"Unexpected error ({type(exc).__name__}): {exc}")
                ],
            )
        self.post_message(ConnectionFinished(report))

    def on_connection_progress(self, message: ConnectionProgress) -> None:
        self.checks[message.check.key] = message.check
        if message.check.status != "running":
            self.query_one("#progress", ProgressBar).advance(1)
        self._render_checks()

    def on_connection_finished(self, message: ConnectionFinished) -> None:
        self.report = message.report
        bar = self.query_one("#progress", ProgressBar)
        bar.update(total=bar.progress)
        self.checks = {c.key: c for c in message.report.checks}
        self.query_one("#run-test", Button).disabled = False
        self._render_checks()

    def _render_checks(self) -> None:
        text = Text()
        for check in self.checks.values():
            mark, style = MARK[check.status]
            # the detail quotes what Wazuh and the Indexer answered: through the one sanitizer
            text.append(f"{mark} {shown(check.title)}", f"bold {style}")
            if check.detail:
                text.append(f": {shown(check.detail)}")
            text.append("\n")
            if check.hint and check.status in ("fail", "warn"):
                text.append(f"   → {shown(check.hint)}\n", "dim")
        if self.report is not None and all(c.status != "running" for c in self.checks.values()):
            verdict = {
                "ok": ("Connection test passed.", "bold green"),
                "warn": ("Connection test passed with warnings.", "bold yellow"),
                "fail": ("Connection test failed: fix the above and run it again.", "bold red"),
            }
            line, style = verdict[self.report.status]
            text.append(line, style)
        self.query_one("#checks", Static).update(text)

    # --- saving -----------------------------------------------------------------------

    def action_save(self) -> None:
        if not self._validate_through(len(STEPS) - 2):
            return
        if self.step != len(STEPS) - 1:  # ctrl+s from any step: the outcome is said where it can be seen
            self.step = len(STEPS) - 1
            self._show_step()
        self.query_one("#save", Button).disabled = True
        self._save(self.entered())

    @work(thread=True, exclusive=True, group="save")
    def _save(self, entered: ProfileInput) -> None:
        try:
            saved = save_headless(entered)
        except WazuhMCPError as exc:
            self.app.call_from_thread(self._saved, None, f"{exc.message} {exc.hint or ''}".strip())
            return
        except Exception as exc:  # shown, not raised: nothing is half-written (see save_profile)
            self.app.call_from_thread(self._saved, None, f"unexpected error ({type(exc).__name__}): {exc}")
            return
        if self.report is not None and self.report.profile == entered.name:
            save_report(self.report)
        self.app.call_from_thread(self._saved, entered, saved_sentence(entered.name, saved))

    def _saved(self, entered: ProfileInput | None, detail: str) -> None:
        self.query_one("#save", Button).disabled = False
        result = self.query_one("#save-result", Static)
        if entered is None:
            result.update(Text(f"✖ Not saved: {shown(detail)}", "bold red"))
            return
        self.base = entered
        for which in ("api", "indexer"):
            self.query_one(f"#{which}_password", Input).value = ""
        self._check_stored(entered.name)
        result.update(
            Text.assemble(
                ("✔ ", "bold green"),
                shown(detail),  # the same sentence as `wazuh-mcp setup --non-interactive`
                "\nNext: connect an AI client (button above, or c on the home screen).",
            )
        )
        self.query_one("#go-connect").display = True
