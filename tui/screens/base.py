"""What every launcher screen shares."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from tui.app import WazuhApp


class LauncherScreen(Screen[None]):
    @property
    def wazuh_app(self) -> WazuhApp:
        """``self.app``, typed: the launcher, with its ``options`` and ``open``."""
        return cast("WazuhApp", self.app)
