"""Fixtures for the launcher tests: an in-memory keyring (keyring's own backend API, so the code
under test runs unchanged), the Server API stand-in over HTTPS, and an Indexer (osmem)."""

from __future__ import annotations

from collections.abc import Iterator

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError
from opensearchpy import OpenSearch
from osmem_server import OsmemServer

from standin.server import DEMO_USERS, StandinServer

ALERTS_INDEX = "wazuh-alerts-4.x-2026.01.30"


class MemoryKeyring(KeyringBackend):
    """A keyring backend that keeps entries in a dict (per test)."""

    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.entries.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.entries[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.entries.pop((service, username), None) is None:
            raise PasswordDeleteError("not stored")


@pytest.fixture(autouse=True)
def memory_keyring() -> Iterator[MemoryKeyring]:
    backend = MemoryKeyring()
    previous = keyring.get_keyring()
    keyring.set_keyring(backend)
    try:
        yield backend
    finally:
        keyring.set_keyring(previous)


@pytest.fixture(scope="module")
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        yield server


def api_password(user: str = "wazuh") -> str:
    return DEMO_USERS[user].password


@pytest.fixture(scope="session")
def osmem_server() -> Iterator[OsmemServer]:
    """osmem's own fixture, but closing the engine's stdout pipe (else a ResourceWarning at exit)."""
    server = OsmemServer.start(freeze=True)
    try:
        yield server
    finally:
        server.close()
        if server.process.stdout is not None:
            server.process.stdout.close()


@pytest.fixture
def indexer_url(osmem_clone: object) -> str:
    """An Indexer holding one day of alerts (and no vulnerability state yet)."""
    url: str = osmem_clone.url  # type: ignore[attr-defined]
    client = OpenSearch(hosts=[url])
    client.index(index=ALERTS_INDEX, body={"timestamp": "2026-01-30T10:00:00Z", "rule": {"level": 5}}, refresh=True)
    client.close()
    return url


@pytest.fixture
def empty_indexer_url(osmem_clone: object) -> str:
    return str(osmem_clone.url)  # type: ignore[attr-defined]


async def settle(pilot: object, rounds: int = 3) -> None:
    """Let workers finish and the screen repaint (thread workers report back via call_from_thread)."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    for _ in range(rounds):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


def text_of(app: object, selector: str) -> str:
    """The plain text a widget shows on the current screen (Rich renderables rendered, styles dropped)."""
    import io

    from rich.console import Console
    from textual.app import App
    from textual.widgets import Static

    assert isinstance(app, App)
    widget = app.screen.query_one(selector)
    content = widget.content if isinstance(widget, Static) else widget.render()
    if isinstance(content, str):
        return content
    console = Console(file=io.StringIO(), width=240, color_system=None, record=True)
    console.print(content)
    return console.export_text()


def on_screen(app: object, selector: str) -> str:
    """The text of a widget only if a person can see it: displayed, with room, inside the visible
    screen and not scrolled out of its container ("" otherwise)."""
    from textual.app import App

    assert isinstance(app, App)
    widget = app.screen.query_one(selector)
    region = widget.region  # in screen coordinates, clipped by scrolling containers
    visible = widget.display and region.area > 0 and app.screen.region.contains_region(region)
    container = widget.parent
    while visible and container is not None and container is not app.screen:
        parent_region = getattr(container, "region", None)
        visible = parent_region is None or parent_region.overlaps(region)
        container = container.parent
    return text_of(app, selector) if visible and widget.visible else ""
