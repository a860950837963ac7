"""A form's problems, shown where the person is looking: under each field, with focus on the first.

Every form of the launcher (the wizard, the playground, team mode) reports through ``show_problems``,
so a refused Next, Save or Run always moves the cursor to what needs fixing and brings its message
into view. (A CSS ``:empty`` rule once hid these messages for good: in Textual ``:empty`` means "no
child widgets", which a Static never has, so the widget itself now says when it is shown.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rich.text import Text
from textual.app import ComposeResult
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from wazuh_mcp.untrusted import shown_in_place


class ShownInput(Input):
    """An ``Input`` that draws every control, bidi, zero-width and invisible character of its value as one
    visible character (``untrusted.shown_in_place``): a value pasted from an alert or read from a settings file
    reads as it is, and cannot drive the terminal. The value itself is what was typed."""

    @property
    def _value(self) -> Text:
        if self.password:
            return super()._value
        text = Text(shown_in_place(self.value), no_wrap=True, overflow="ignore", end="")
        return self.highlighter(text) if self.highlighter is not None else text


class FieldError(Static):
    """The problem with one field, right under it; takes no room while there is none."""

    DEFAULT_CLASSES = "error"

    def __init__(self, *, id: str) -> None:
        super().__init__("", id=id)
        self.display = False

    def say(self, problem: str) -> None:
        self.update(Text(problem))  # Text, never markup: a problem may quote what was typed
        self.display = bool(problem)


def error_id(field_id: str) -> str:
    return f"{field_id}-error"


def labelled_field(
    label: str, widget: Widget, field_id: str, hint: str = "", *, hint_id: str | None = None
) -> ComposeResult:
    """A form row: label, the widget, its hint (``hint_id``: one the screen rewrites later), and the place
    its problem appears."""
    yield Label(label, classes="field-label")
    yield widget
    if hint or hint_id:
        yield Static(hint, classes="hint", id=hint_id)
    yield FieldError(id=error_id(field_id))


def show_problems(screen: DOMNode, problems: Mapping[str, str], field_ids: Iterable[str]) -> Widget | None:
    """Show each field's problem (or none) under it; focus the first field that has one and scroll
    its message into view. Returns that field, or None when every field is fine."""
    first: Widget | None = None
    first_error: FieldError | None = None
    for field_id in field_ids:
        problem = problems.get(field_id, "")
        error = screen.query_one(f"#{error_id(field_id)}", FieldError)
        error.say(problem)
        if problem and first is None:
            first, first_error = screen.query_one(f"#{field_id}", Widget), error
    if first is not None and first_error is not None:
        first.focus(scroll_visible=True)
        # After the next layout: the message was hidden until now, so it has no place on screen yet.
        first_error.call_after_refresh(first_error.scroll_visible, animate=False)
    return first
