"""Charts drawn with block characters: horizontal bars (a summary's buckets) and a one-line sparkline.

Textual has no chart widget; these are plain functions from numbers to ``rich.text.Text``, so tests
read exactly what is drawn. Labels often come from monitored hosts (rule descriptions, agent names):
they go through ``untrusted.bound`` (control and bidi characters removed, cut to a width) and are
appended as Text, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from wazuh_mcp.untrusted import bound

EIGHTHS = " ▏▎▍▌▋▊▉"
FULL = "█"
SPARKS = "▁▂▃▄▅▆▇█"
LABEL_WIDTH = 22
"""Longest label shown before a bar; the rest of a long rule description is cut with an ellipsis."""
MIN_BAR = 8

Bucket = tuple[str, int]


def bar(value: int, top: int, width: int) -> str:
    """``value`` as a bar of ``width`` cells at most (``top`` fills them all), to an eighth of a cell.
    Any non-zero value shows at least a sliver, so a rare bucket is never invisible."""
    if top <= 0 or value <= 0 or width <= 0:
        return ""
    eighths = max(1, round(value / top * width * 8))
    full, rest = divmod(eighths, 8)
    return FULL * full + (EIGHTHS[rest] if rest else "")


def bars_text(title: str, buckets: Sequence[Bucket], width: int) -> Text:
    """A titled block of bars: ``label  ████▌ count``, one line per bucket, scaled to the largest."""
    text = Text(title, style="bold")
    if not buckets:
        return text.append("\n  none", style="dim")
    labels = [bound(label, LABEL_WIDTH) or "" for label, _ in buckets]
    label_width = max(len(label) for label in labels)
    count_width = max(len(f"{count:,}") for _, count in buckets)
    room = max(MIN_BAR, width - label_width - count_width - 3)
    top = max(count for _, count in buckets)
    for label, (_, count) in zip(labels, buckets, strict=True):
        text.append("\n")
        text.append(label.ljust(label_width))  # plain data: no style, no markup
        text.append(" ")
        drawn = bar(count, top, room)
        text.append(drawn, style="cyan")
        text.append(" " * (room - len(drawn)) + f" {count:>{count_width},}")
    return text


def spark(values: Sequence[int], top: int) -> str:
    """One cell per value, its height out of eight relative to ``top``; zero is a blank cell."""
    if top <= 0:
        return " " * len(values)
    return "".join(SPARKS[min(7, max(0, round(v / top * 8) - 1))] if v > 0 else " " for v in values)


def summary_buckets(result: Any) -> list[tuple[str, list[Bucket]]] | None:
    """The buckets of a ``summarize_alerts`` result (by level, rule, agent, tactic), or None when
    ``result`` is not one (another tool, an error text)."""
    if not isinstance(result, dict) or not all(
        isinstance(result.get(k), list) for k in ("by_level", "by_rule", "by_agent", "by_tactic")
    ):
        return None

    def rows(key: str, label: Any) -> list[Bucket]:
        return [(label(item), int(item.get("count", 0))) for item in result[key] if isinstance(item, dict)]

    def joined(*parts: Any) -> str:
        return " ".join(str(p) for p in parts if p not in (None, ""))

    return [
        ("By level", rows("by_level", lambda i: f"level {i.get('level')}")),
        ("By rule", rows("by_rule", lambda i: joined(i.get("id"), i.get("description")))),
        ("By agent", rows("by_agent", lambda i: joined(i.get("id"), i.get("name")))),
        ("By MITRE tactic", rows("by_tactic", lambda i: joined(i.get("name")))),
    ]


class BarChart(Widget):
    """Bars that fit the widget's width (redrawn when it is resized)."""

    DEFAULT_CSS = """
    BarChart {
        height: auto;
        margin-bottom: 1;
    }
    """

    def __init__(self, title: str, buckets: Sequence[Bucket], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title = title
        self.buckets = list(buckets)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 + max(1, len(self.buckets))

    def render(self) -> Text:
        return bars_text(self.title, self.buckets, self.content_size.width)
