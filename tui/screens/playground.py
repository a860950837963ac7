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
from textual.content import Content
from textual.markup import escape
from textual.widget import Widget
from textual.widgets import Button, Footer, Header, Label, OptionList, ProgressBar, Select, Static, Switch
from textual.widgets.option_list import Option

from tui.charts import BarChart, summary_buckets
from tui.form_errors import FieldError, ShownInput, error_id, show_problems
from tui.mcp_session import ServerSession
from tui.messages import DemoLoadProgress, PlaygroundFailed, PlaygroundReady, ToolFinished
from tui.schema_form import FieldSpec, build_arguments, fields_from_schema
from tui.screens.base import LauncherScreen
from wazuh_mcp.setup.serve_command import serve_argv
from wazuh_mcp.untrusted import shown
from wazuh_mcp.writes import approvals


def load_line(load: dict[str, Any]) -> str:
    """One line a person reads at a glance: what is searchable, and how many documents so far."""
    loaded, total = int(load.get("alerts_loaded") or 0), int(load.get("alerts_total") or 0)
    noun = "findings" if load.get("wazuh") == 5 else "alerts"  # Wazuh 5.x's alert tools read findings
    counts = f"{loaded:,} of {total:,} {noun}" if total else f"preparing the {noun}"
    phase = str(load.get("phase") or "starting")
    # The demo loads the last hour first (phase "first"), then the last 24 hours ("recent"), then the rest.
    span = {"starting": None, "first": "hour"}.get(phase, "24 hours")
    if load.get("failed"):
        covered = f"the last {span} only" if span else "nothing yet"
        return f"Demo data stopped loading ({shown(str(load['failed']), limit=300)}): answers cover {covered}"
    if load.get("complete"):
        return f"Demo data loaded · {total:,} {noun}, {int(load.get('vulnerabilities_loaded') or 0):,} vulnerabilities"
    if phase == "starting":
        return f"Loading demo data · {counts} · last hour first"
    return f"Last {'hour' if span == 'hour' else '24 h'} loaded · {counts} · older answers partial"


NARROW = 100
"""Below this many columns the tool list gives up width and the bars go under the JSON."""
LIST_WIDTH_WIDE, LIST_WIDTH_NARROW = 44, 28
LIST_CHROME = 7
"""Border, padding and scrollbar of the tool list."""
WAITING_POLL_S = 2.0
"""How often the note of a waiting change looks whether it was decided (one small file read)."""
FIRST_TOOLS = ("list_agents",)
"""The tool highlighted on arrival when the server has it: a read that needs no argument."""
READ_HEADING, WRITE_HEADING = "Read", "✎ Write (approved)"
"""The list's headings: a write tool (marked ✎) only proposes a change that a person approves."""


def is_read(tool: Any) -> bool:
    hints = getattr(tool, "annotations", None)
    return bool(getattr(hints, "read_only_hint", False))


def tool_groups(tools: list[Any]) -> list[tuple[str, list[Any]]]:
    """(heading, tools) for the read tools, then the others, each sorted by name; empty groups left out."""
    reads = sorted((t for t in tools if is_read(t)), key=lambda t: t.name)
    writes = sorted((t for t in tools if not is_read(t)), key=lambda t: t.name)
    groups = [(f"{READ_HEADING} ({len(reads)})", reads), (f"{WRITE_HEADING} ({len(writes)})", writes)]
    return [(heading, group) for heading, group in groups if group]


def first_tool(tools: list[Any]) -> str | None:
    """The tool to open on: a preferred read tool, else the first read tool, else the first listed."""
    names = {t.name for t in tools}
    for name in FIRST_TOOLS:
        if name in names:
            return name
    ordered = [t for _, group in tool_groups(tools) for t in group]
    return ordered[0].name if ordered else None


def tool_label(tool: Any, width: int) -> Text:
    """The name (a write tool marked ✎), broken after an underscore when it is wider than ``width``."""
    name = shown(str(tool.name))
    lines, line = [], "" if is_read(tool) else "✎ "
    for part in re.findall(r"[^_]+_?|_", name):
        if line.strip() and len(line) + len(part) > width:
            lines.append(line)
            line = "  "
        line += part
    lines.append(line)
    return Text("\n".join(lines))


def _widget_id(name: str) -> str:
    return "arg-" + re.sub(r"[^A-Za-z0-9_-]", "_", name)


class PlaygroundScreen(LauncherScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.home", "Home"),
        Binding("ctrl+r", "run", "Run"),
        # The result scrolls from wherever the cursor is (before the form's own scrolling would take
        # the key); in the tool list, PageUp/PageDown still page the list.
        Binding("pagedown", "scroll_result('page_down')", "Scroll result", show=False, priority=True),
        Binding("pageup", "scroll_result('page_up')", show=False, priority=True),
        Binding("ctrl+end", "scroll_result('scroll_end')", show=False, priority=True),
        Binding("ctrl+home", "scroll_result('scroll_home')", show=False, priority=True),
    ]

    def __init__(self, *, demo: bool = False, wazuh: int = 4) -> None:
        super().__init__()
        self.demo = demo
        self.wazuh = wazuh
        """The demo's Wazuh generation (``serve --demo --wazuh 5`` for 5)."""
        self.tools: dict[str, Any] = {}
        self.fields: list[FieldSpec] = []
        self.current: str | None = None
        self.session: ServerSession | None = None
        self.last_load: dict[str, Any] | None = None
        """The newest ``wazuh://demo/load`` answer (the demo only)."""
        self.waiting: str | None = None
        """The change the last call proposed, while it waits for a person (the note under Run says so)."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="session-status")  # across the width: the tool list keeps its rows
        with Horizontal(id="playground-body"):
            with Vertical(id="tool-list-pane"):
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
        what = (
            (
                "the Wazuh 5.x demo (Wazuh's 5.x sample findings)"
                if self.wazuh == 5
                else "the demo (an embedded Wazuh stand-in)"
            )
            if self.demo
            else "your Wazuh"
        )
        self.query_one("#session-status", Static).update(Text(f"Starting wazuh-mcp serve against {what}…", "cyan"))
        if self.demo:
            self.session = self.wazuh_app.demo_session(self.wazuh)  # the app's: it outlives this screen
        else:
            options = self.wazuh_app.options
            self.session = ServerSession((options.serve_argv or serve_argv)(profile=options.profile), demo=False)
            self.session.start()
        self.session.attach(self)
        self.set_interval(WAITING_POLL_S, self._check_waiting)

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
        self._list_tools()
        status = Text.assemble(
            ("● connected ", "bold green"), (f"{len(self.tools)} tools · {shown(str(message.server))}", "dim")
        )
        if self.demo:
            status.append(" · runs until you quit the launcher; its changes wait in Approvals (Ctrl+O).", "dim")
        self.query_one("#session-status", Static).update(status)
        options = self.query_one("#tools", OptionList)
        first = first_tool(message.tools)
        if first is not None:
            options.highlighted = options.get_option_index(first)
            options.focus()

    def _list_tools(self) -> None:
        """Read tools first, then the write tools under their own heading (each marked ✎): a person
        starts with something that changes nothing. As wide as the longest name, up to what the screen
        can spare: a longer name breaks at an underscore, never mid-word."""
        if not self.tools:
            return
        options = self.query_one("#tools", OptionList)
        highlighted = options.highlighted
        room = LIST_WIDTH_NARROW if self.size.width < NARROW else LIST_WIDTH_WIDE
        labels = {name: tool_label(tool, room - LIST_CHROME) for name, tool in self.tools.items()}
        longest = max(len(line) for label in labels.values() for line in label.plain.splitlines())
        options.clear_options()
        for heading, group in tool_groups(list(self.tools.values())):
            options.add_option(Option(Text(heading, "bold"), disabled=True))
            options.add_options([Option(labels[tool.name], id=tool.name) for tool in group])
        self.query_one("#tool-list-pane").styles.width = max(24, min(longest + LIST_CHROME, room))
        if highlighted is not None:
            options.highlighted = highlighted

    def on_resize(self) -> None:
        self.set_class(self.size.width < NARROW, "narrow")
        self._list_tools()

    def on_playground_failed(self, message: PlaygroundFailed) -> None:
        self.query_one("#session-status", Static).update(
            Text(f"✖ The server did not start: {shown(str(message.error), multiline=True)}", "bold red")
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
        title.append(shown(name), "bold")
        if tool.title:
            title.append(f" — {shown(tool.title)}")
        self.query_one("#tool-title", Static).update(title)
        form = self.query_one("#form", VerticalScroll)
        await form.remove_children()  # before mounting: the new fields reuse the ids
        # The description scrolls with the fields (a small terminal keeps room for them). A docstring's
        # line breaks and indentation mean nothing on screen: it is shown as flowing text.
        widgets: list[Widget] = [Static(Text(shown(" ".join((tool.description or "").split()))), classes="hint")]
        for spec in self.fields:
            # Text, never str: a Static parses a str as markup, and the server's words may hold "[".
            widgets.append(Label(Text(shown(spec.label)), classes="field-label"))
            widgets.append(self._widget_for(spec))
            if spec.description:
                widgets.append(Static(Text(shown(spec.description)), classes="hint"))
            if spec.example:
                widgets.append(Static(Text(f"Example: {shown(spec.example)}"), classes="hint example"))
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
            # Always blank at first: a required choice without a default is the person's to make (the
            # first choice picked for them sent kind=hash for an IP pivot); the run refuses it empty.
            return Select(
                [(Content(shown(c)), c) for c in spec.choices],
                id=widget_id,
                allow_blank=True,
                prompt=shown(f"default: {spec.default}")
                if spec.default is not None
                else ("choose one" if spec.required else "not set"),
            )
        restrict = {"integer": "integer", "number": "number"}.get(spec.kind)
        return ShownInput(placeholder=shown(spec.placeholder), id=widget_id, type=restrict or "text")  # type: ignore[arg-type]

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
            said = shown("; ".join(problems.values()))
            self.query_one("#result", Static).update(Text(f"Not called: {said}.", "bold red"))
            return
        called = shown(f"{self.current}({json.dumps(arguments, ensure_ascii=False)})")
        self.query_one("#result", Static).update(Text(f"Calling {called}…", "cyan"))
        self.query_one("#run", Button).disabled = True
        if self.session is not None:
            self.session.call(self.current, arguments)

    async def on_tool_finished(self, message: ToolFinished) -> None:
        self.query_one("#run", Button).disabled = False
        await self._show_charts(None if message.is_error else summary_buckets(message.result))
        pane = self.query_one("#result-pane")
        pane.border_title = f"Result of {escape(shown(message.tool))} — {message.elapsed_ms:,.0f} ms"
        self._note_pending(message.result)
        result = self.query_one("#result", Static)
        # Tool output quotes alert text and change records: never parsed as markup, always through the sanitizer
        # (JSON escapes C0 controls but leaves C1, bidi and zero-width characters as they are).
        if message.is_error:
            result.update(Text(shown(str(message.result), multiline=True), "bold red"))
        elif isinstance(message.result, str):
            result.update(Text(shown(message.result, multiline=True)))
        else:
            text = shown(json.dumps(message.result, indent=2, ensure_ascii=False), multiline=True)
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
        raw_id = result.get("change_id")
        self.waiting = raw_id if isinstance(raw_id, str) and raw_id else None
        change = shown(str(raw_id or "the change"), limit=40)
        where = (
            "Ctrl+O opens Approvals, here in the launcher: the demo keeps running until you quit."
            if self.demo
            else f"Ctrl+O opens Approvals (or `wazuh-mcp approve {change}` in a terminal)."
        )
        note.update(Text.assemble((f"⏸ {change} waits for a person's approval. ", "bold yellow"), where))
        note.display = True

    def on_screen_resume(self) -> None:
        self._check_waiting()

    def _check_waiting(self) -> None:
        """Once the waiting change is decided (here, on Approvals or with ``wazuh-mcp approve``), say so."""
        if self.waiting is None:
            return
        try:
            change = approvals.get_change(self.waiting)
        except Exception:
            return
        if change.state in ("pending", "applying", "approved"):
            return
        self.waiting = None
        words = {
            "applied": ("✔", "green", "was approved and applied"),
            "rejected": ("✖", "yellow", "was rejected"),
            "expired": ("✖", "yellow", "expired without a decision"),
            "failed": ("✖", "red", "failed when applied"),
        }
        mark, style, said = words.get(change.state, ("•", "dim", change.state))
        who = f" by {shown(change.decided_by, limit=64)}" if change.decided_by else ""
        note = f"{mark} {shown(change.id, limit=40)} {said}{who}."
        self.query_one("#result-note", Static).update(Text(note, f"bold {style}"))

    async def _show_charts(self, sections: list[tuple[str, list[tuple[str, int]]]] | None) -> None:
        """A summary's buckets as bars beside its JSON; hidden for every other result."""
        charts = self.query_one("#charts", VerticalScroll)
        await charts.remove_children()
        charts.display = sections is not None
        if sections:
            await charts.mount_all(
                BarChart(title, buckets, id=f"chart-{index}") for index, (title, buckets) in enumerate(sections)
            )
