"""The tool playground: a form per tool over a real MCP client session (``tui.mcp_session``) against
``wazuh-mcp serve`` or the demo. Leaving it ends a session against your Wazuh; the demo's session
belongs to the app and keeps running, so the changes proposed here can be approved on Approvals.
"""

from __future__ import annotations

import json
import re
from typing import Any, ClassVar

from rich.syntax import Syntax
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Footer, Header, Input, Label, OptionList, ProgressBar, Select, Static, Switch
from textual.widgets.option_list import Option

from tui.charts import BarChart, summary_buckets
from tui.form_errors import FieldError, error_id, show_problems
from tui.mcp_session import ServerSession
from tui.messages import DemoLoadProgress, PlaygroundFailed, PlaygroundReady, ToolFinished
from tui.schema_form import FieldSpec, build_arguments, fields_from_schema
from tui.screens.base import LauncherScreen
from wazuh_mcp.setup.serve_command import serve_argv


def load_line(load: dict[str, Any]) -> str:
    """One line a person reads at a glance: what is searchable, and how many documents so far."""
    loaded, total = int(load.get("alerts_loaded") or 0), int(load.get("alerts_total") or 0)
    counts = f"{loaded:,} of {total:,} alerts" if total else "preparing the alerts"
    phase = str(load.get("phase") or "starting")
    # The demo loads the last hour first (phase "first"), then the last 24 hours ("recent"), then the rest.
    span = {"starting": None, "first": "hour"}.get(phase, "24 hours")
    if load.get("failed"):
        covered = f"the last {span} only" if span else "nothing yet"
        return f"Demo data stopped loading ({load['failed']}): answers cover {covered}"
    if load.get("complete"):
        return f"Demo data loaded · {total:,} alerts, {int(load.get('vulnerabilities_loaded') or 0):,} vulnerabilities"
    if phase == "starting":
        return f"Loading demo data · {counts} · last hour first"
    return f"Last {'hour' if span == 'hour' else '24 h'} loaded · {counts} · older answers partial"


def _widget_id(name: str) -> str:
    return "arg-" + re.sub(r"[^A-Za-z0-9_-]", "_", name)


class PlaygroundScreen(LauncherScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Home"),
        Binding("ctrl+r", "run", "Run"),
        # The result scrolls from wherever the cursor is (before the form's own scrolling would take
        # the key); in the tool list, PageUp/PageDown still page the list.
        Binding("pagedown", "scroll_result('page_down')", "Scroll result", show=False, priority=True),
        Binding("pageup", "scroll_result('page_up')", show=False, priority=True),
        Binding("ctrl+end", "scroll_result('scroll_end')", show=False, priority=True),
        Binding("ctrl+home", "scroll_result('scroll_home')", show=False, priority=True),
    ]

    def __init__(self, *, demo: bool = False) -> None:
        super().__init__()
        self.demo = demo
        self.tools: dict[str, Any] = {}
        self.fields: list[FieldSpec] = []
        self.current: str | None = None
        self.session: ServerSession | None = None
        self.last_load: dict[str, Any] | None = None
        """The newest ``wazuh://demo/load`` answer (the demo only)."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="playground-body"):
            with Vertical(id="tool-list-pane"):
                yield Static(id="session-status")
                yield OptionList(id="tools")
            with Vertical(id="tool-pane"):
                with Vertical(id="demo-load"):
                    yield Static(id="demo-load-line")
                    yield ProgressBar(id="demo-load-bar", show_eta=False)
                yield Static(id="tool-title")
                # Not focusable itself: the first Tab from the tool list lands in the first field.
                yield VerticalScroll(id="form", can_focus=False)
                with Horizontal(classes="buttons"):
                    yield Button("Run", id="run", variant="primary", disabled=True)
                yield Static(id="result-note")
                with Horizontal(id="result-pane"):
                    with VerticalScroll(id="result-json"):
                        yield Static(id="result")
                    yield VerticalScroll(id="charts")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#result-pane").border_title = "Result"
        self.query_one("#tools").border_title = "Tools"
        self.query_one("#charts").border_title = "At a glance"
        self.query_one("#demo-load").display = self.demo
        self.query_one("#charts").display = False
        self.query_one("#result-note").display = False
        what = "the demo (an embedded Wazuh stand-in)" if self.demo else "your Wazuh"
        self.query_one("#session-status", Static).update(Text(f"Starting wazuh-mcp serve against {what}…", "cyan"))
        if self.demo:
            self.session = self.wazuh_app.demo_session()  # the app's: it outlives this screen
        else:
            options = self.wazuh_app.options
            self.session = ServerSession((options.serve_argv or serve_argv)(profile=options.profile), demo=False)
            self.session.start()
        self.session.attach(self)

    async def on_unmount(self) -> None:
        """The demo keeps running (its changes wait in Approvals); a session against your Wazuh ends here."""
        session = self.session
        if session is None:
            return
        session.detach(self)
        if not self.demo:
            await session.close()

    def on_demo_load_progress(self, message: DemoLoadProgress) -> None:
        box = self.query_one("#demo-load")
        load = message.load
        if load is None:
            box.display = False
            return
        self.last_load = load
        self.query_one("#demo-load-line", Static).update(
            Text(load_line(load), "bold red" if load.get("failed") else "green" if load.get("complete") else "cyan")
        )
        bar = self.query_one("#demo-load-bar", ProgressBar)
        bar.update(total=max(1, int(load.get("alerts_total") or 0)), progress=int(load.get("alerts_loaded") or 0))

    def on_playground_ready(self, message: PlaygroundReady) -> None:
        self.tools = {tool.name: tool for tool in message.tools}
        options = self.query_one("#tools", OptionList)
        options.clear_options()
        options.add_options([Option(name, id=name) for name in sorted(self.tools)])
        # As wide as the longest name (border, padding, scrollbar): a tool name never wraps mid-word.
        longest = max((len(name) for name in self.tools), default=20)
        self.query_one("#tool-list-pane").styles.width = max(24, min(longest + 7, 44))
        status = Text.assemble(("● connected ", "bold green"), (f"{len(self.tools)} tools · {message.server}", "dim"))
        if self.demo:
            status.append("\nRuns until you quit the launcher; its changes wait in Approvals (Ctrl+O).", "dim")
        self.query_one("#session-status", Static).update(status)
        if self.tools:
            options.highlighted = 0
            options.focus()

    def on_playground_failed(self, message: PlaygroundFailed) -> None:
        self.query_one("#session-status", Static).update(
            Text(f"✖ The server did not start: {message.error}", "bold red")
        )
        self.query_one("#run", Button).disabled = True

    # --- the form ---------------------------------------------------------------------

    async def on_option_list_option_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        if message.option.id:
            await self.select_tool(message.option.id)

    async def select_tool(self, name: str) -> None:
        if name == self.current or name not in self.tools:
            return
        self.current = name
        tool = self.tools[name]
        self.fields = fields_from_schema(tool.input_schema or {})
        title = Text()
        title.append(f"{name}", "bold")
        if tool.title:
            title.append(f" — {tool.title}")
        self.query_one("#tool-title", Static).update(title)
        form = self.query_one("#form", VerticalScroll)
        await form.remove_children()  # before mounting: the new fields reuse the ids
        # The description scrolls with the fields (a small terminal keeps room for them). A docstring's
        # line breaks and indentation mean nothing on screen: it is shown as flowing text.
        widgets: list[Widget] = [Static(Text(" ".join((tool.description or "").split())), classes="hint")]
        for spec in self.fields:
            # Text, never str: a Static parses a str as markup, and the server's words may hold "[".
            widgets.append(Label(Text(spec.label), classes="field-label"))
            widgets.append(self._widget_for(spec))
            if spec.description:
                widgets.append(Static(Text(spec.description), classes="hint"))
            widgets.append(FieldError(id=error_id(_widget_id(spec.name))))
        if not self.fields:
            widgets.append(Static("This tool takes no arguments.", classes="hint"))
        await form.mount_all(widgets)
        self.query_one("#run", Button).disabled = False

    @staticmethod
    def _widget_for(spec: FieldSpec) -> Widget:
        widget_id = _widget_id(spec.name)
        if spec.kind == "boolean":
            return Switch(bool(spec.default), id=widget_id)
        if spec.kind == "enum":
            return Select(
                [(c, c) for c in spec.choices],
                id=widget_id,
                allow_blank=not spec.required,
                prompt=f"default: {spec.default}" if spec.default is not None else "choose",
            )
        restrict = {"integer": "integer", "number": "number"}.get(spec.kind)
        return Input(placeholder=spec.placeholder, id=widget_id, type=restrict or "text")  # type: ignore[arg-type]

    def raw_values(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for spec in self.fields:
            widget = self.query_one(f"#{_widget_id(spec.name)}")
            value = getattr(widget, "value", None)
            values[spec.name] = None if value is Select.NULL else value
        return values

    # --- running ----------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "run":
            self.action_run()

    def action_run(self) -> None:
        if self.current is None:
            return
        arguments, problems = build_arguments(self.fields, self.raw_values())
        show_problems(self, {_widget_id(n): p for n, p in problems.items()}, [_widget_id(f.name) for f in self.fields])
        if problems:
            # Also in the result box, where the answer was expected: nothing was sent.
            said = "; ".join(problems.values())
            self.query_one("#result", Static).update(Text(f"Not called: {said}.", "bold red"))
            return
        shown = json.dumps(arguments, ensure_ascii=False)
        self.query_one("#result", Static).update(Text(f"Calling {self.current}({shown})…", "cyan"))
        self.query_one("#run", Button).disabled = True
        if self.session is not None:
            self.session.call(self.current, arguments)

    async def on_tool_finished(self, message: ToolFinished) -> None:
        self.query_one("#run", Button).disabled = False
        await self._show_charts(None if message.is_error else summary_buckets(message.result))
        pane = self.query_one("#result-pane")
        pane.border_title = f"Result of {message.tool} — {message.elapsed_ms:,.0f} ms"
        self._note_pending(message.result)
        result = self.query_one("#result", Static)
        if message.is_error:
            result.update(Text(str(message.result), "bold red"))
        elif isinstance(message.result, str):
            result.update(Text(message.result))  # tool output quotes alert text: never parse it as markup
        else:
            text = json.dumps(message.result, indent=2, ensure_ascii=False)
            result.update(Syntax(text, "json", theme="ansi_dark", background_color="default", word_wrap=True))

    def action_scroll_result(self, how: str) -> None:
        tools = self.query_one("#tools", OptionList)
        if self.focused is tools and how in ("page_down", "page_up"):
            (tools.action_page_down if how == "page_down" else tools.action_page_up)()
            return
        box = self.query_one("#result-json", VerticalScroll)
        scroll = {
            "page_down": box.scroll_page_down,
            "page_up": box.scroll_page_up,
            "scroll_end": box.scroll_end,
            "scroll_home": box.scroll_home,
        }[how]
        scroll(animate=False)

    def _note_pending(self, result: object) -> None:
        """A write answers with a change that waits for a person: say where to decide it."""
        note = self.query_one("#result-note", Static)
        if not (isinstance(result, dict) and result.get("status") == "pending_approval"):
            note.display = False
            return
        change = str(result.get("change_id") or "the change")
        where = (
            "Ctrl+O opens Approvals, here in the launcher: the demo keeps running until you quit."
            if self.demo
            else f"Ctrl+O opens Approvals (or `wazuh-mcp approve {change}` in a terminal)."
        )
        note.update(Text.assemble((f"⏸ {change} waits for a person's approval. ", "bold yellow"), where))
        note.display = True

    async def _show_charts(self, sections: list[tuple[str, list[tuple[str, int]]]] | None) -> None:
        """A summary's buckets as bars beside its JSON; hidden for every other result."""
        charts = self.query_one("#charts", VerticalScroll)
        await charts.remove_children()
        charts.display = sections is not None
        if sections:
            await charts.mount_all(
                BarChart(title, buckets, id=f"chart-{index}") for index, (title, buckets) in enumerate(sections)
            )
