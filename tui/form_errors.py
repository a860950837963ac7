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
from textual.widgets import Label, Static


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


def labelled_field(label: str, widget: Widget, field_id: str, hint: str = "") -> ComposeResult:
    """A form row: label, the widget, its hint, and the place its problem appears."""
    yield Label(label, classes="field-label")
    yield widget
    if hint:
        yield Static(hint, classes="hint")
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
