"""Messages the launcher's workers post to its screens (one place, so the flow is readable)."""

from __future__ import annotations

from typing import Any

from textual.message import Message

from wazuh_mcp.setup.conncheck import Check, ConnectionReport


class AuditFileChanged(Message):
    """The audit file grew, shrank or rotated. A burst of appends is coalesced into one
    message (``can_replace``), and the screen then reads everything new in one go."""

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, AuditFileChanged)


class ConnectionProgress(Message):
    """One step of the connection test started (``running``) or finished."""

    def __init__(self, check: Check) -> None:
        super().__init__()
        self.check = check


class ConnectionFinished(Message):
    def __init__(self, report: ConnectionReport) -> None:
        super().__init__()
        self.report = report


class PlaygroundReady(Message):
    """The MCP session is up; ``tools`` are the listed tools (mcp_types.Tool)."""

    def __init__(self, tools: list[Any], server: str) -> None:
        super().__init__()
        self.tools = tools
        self.server = server


class PlaygroundFailed(Message):
    def __init__(self, error: str) -> None:
        super().__init__()
        self.error = error


class ToolFinished(Message):
    """A playground call returned: the structured result (or the text), and whether it is an error."""

    def __init__(self, tool: str, result: Any, is_error: bool, elapsed_ms: float) -> None:
        super().__init__()
        self.tool = tool
        self.result = result
        self.is_error = is_error
        self.elapsed_ms = elapsed_ms


class DemoLoadProgress(Message):
    """The demo server's ``wazuh://demo/load`` answer (None: it has none, stop showing progress)."""

    def __init__(self, load: dict[str, Any] | None) -> None:
        super().__init__()
        self.load = load
