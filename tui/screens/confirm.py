"""A yes/no question that must be answered before something risky happens."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static


class ConfirmScreen(ModalScreen[bool]):
    """Dismissed with True only by the confirm button (or ``y``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer(False)", "Cancel"),
        Binding("y", "answer(True)", "Yes", show=False),
    ]

    def __init__(self, question: str, *, confirm: str = "Yes", danger: bool = False) -> None:
        super().__init__()
        self.question = question
        self.confirm = confirm
        self.danger = danger

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.question), id="question")  # a path or summary may hold "["
            with Horizontal(id="dialog-buttons"):
                yield Button(self.confirm, id="yes", variant="error" if self.danger else "primary")
                yield Button("Cancel", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ReasonScreen(ModalScreen[str | None]):
    """Asks for a short reason (rejections are audited with it); None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, *, confirm: str = "Reject") -> None:
        super().__init__()
        self.question = question
        self.confirm = confirm

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.question), id="question")  # a path or summary may hold "["
            yield Input(placeholder="reason (optional, recorded in the audit log)", id="reason")
            with Horizontal(id="dialog-buttons"):
                yield Button(self.confirm, id="yes", variant="error")
                yield Button("Cancel", id="no")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(self.query_one("#reason", Input).value.strip() if event.button.id == "yes" else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
