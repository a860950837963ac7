"""``?`` or F1 from any screen: what a profile and a role are, the keys that work everywhere, and where
the documentation is. Roles are read from the settings' own table, so the help names what exists."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from wazuh_mcp.config.settings import DEFAULT_ROLE_TOOL_ALLOWLIST, ROLE_LEAVES_OUT, config_path

DOCS = (
    ("README.md", "install, quick start, every setting and variable"),
    ("docs/tui.md", "this launcher, screen by screen"),
    ("docs/tools.md", "every tool, its arguments and what it answers"),
    ("docs/writes.md", "write tools, approvals, undo"),
    ("docs/team.md", "a team server (serve --http) with an identity provider"),
    ("docs/security.md", "what is kept where, and what is never shown"),
)
KEYS = (
    ("Esc", "back to Home (the setup wizard asks first when something typed is not saved)"),
    ("Ctrl+O", "Approvals, from every screen (also from a text field)"),
    ("Ctrl+P", "the command palette: every screen by name"),
    ("? or F1", "this help (F1 also from a text field)"),
    ("Tab / Shift+Tab", "next / previous field"),
    ("q", "quit, from Home"),
)


def role_line(role: str, allowed: list[str]) -> str:
    tools = "every tool" if allowed == ["*"] else ", ".join(allowed)
    left_out = ROLE_LEAVES_OUT.get(role, {})
    without = f"; not {', '.join(left_out)}" if left_out else ""
    return f"{tools}{without}"


def help_text() -> Text:
    text = Text()
    text.append("Profiles\n", "bold underline")
    text.append(
        "A profile is one Wazuh deployment's settings (Server API and Indexer URLs and users, TLS, role, "
        "writes), under a name such as prod or lab, in "
    )
    text.append(str(config_path()), "cyan").append(
        ". Passwords are not in it: they are in the OS keyring (or the WAZUH_MCP_API_PASSWORD / "
        "WAZUH_MCP_INDEXER_PASSWORD variables where there is none). The setup wizard (s) writes a profile; "
        "`wazuh-mcp launcher --profile NAME` opens another one, and an AI client's entry runs "
        "`wazuh-mcp serve --profile NAME`.\n\n"
    )
    text.append("Roles\n", "bold underline")
    text.append(
        "A role decides which tools exist for the AI client at all (a tool outside it is not listed). "
        "Write tools are offered only with writes on, and every change they propose waits for a person "
        "on the Approvals screen (or `wazuh-mcp approve`).\n"
    )
    for role, allowed in DEFAULT_ROLE_TOOL_ALLOWLIST.items():
        text.append(f"  {role:<9}", "bold").append(f"{role_line(role, allowed)}\n")
    text.append("\n")
    text.append("Keys everywhere\n", "bold underline")
    for key, what in KEYS:
        text.append(f"  {key:<16}", "bold").append(f"{what}\n")
    text.append("\n")
    text.append("Documentation\n", "bold underline")
    text.append("In the project's repository (and its source archive):\n")
    for path, what in DOCS:
        text.append(f"  {path:<17}", "cyan").append(f"{what}\n")
    text.rstrip()
    return text


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", show=False),
        Binding("f1", "close", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-dialog"):
            with VerticalScroll(id="help-body"):
                yield Static(help_text(), id="help-text")
            yield Button("Close (Esc)", id="help-close", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#help-dialog").border_title = "wazuh-mcp launcher — help"

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
