"""The demo: the same server against embedded stand-ins, with no configuration and no keyring.

``demo_backends`` starts the Server API stand-in (HTTPS, its own CA) in-process and the embedded
Indexer (osmem-server, a child process) loaded with a slice of the generated dataset — or, for Wazuh 5.x
(``serve --demo --wazuh 5``), the 5.0 Server API stand-in and Wazuh's own 5.x templates and sample findings,
events and states (``standin.indexer_load_v5``, read from ``../shared/reference/wazuh5``) when they are here,
else our built-in 5.x dataset (``standin.dataset_v5``, what an installed release runs) — and records
where the stand-in listens in ``<state dir>/demo.json`` so a separate ``wazuh-mcp approve`` can
reach the Wazuh this demo talks to. The Indexer loads in the background, newest first — ``initialize``
does not wait for it; the first Indexer tool call waits only for the last hour of alerts (a fraction of
a second), every call answered before the rest is in says what is complete (``runtime.notices``), and the
load holds its next bulk request while a call searches. Everything stops when the MCP session ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib
import json
import logging
import os
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import anyio

from standin.demo_load import DemoLoad
from wazuh_mcp.backends.indexer_shapes import IndexKind
from wazuh_mcp.backends.protocols import Backends
from wazuh_mcp.config.settings import (
    IndexerSettings,
    ServerApiSettings,
    Settings,
    ensure_state_dir,
    state_dir,
)
from wazuh_mcp.private_files import open_private
from wazuh_mcp.runtime.factory import indexer_from_settings, server_api_from_settings
from wazuh_mcp.runtime.notices import notice

if TYPE_CHECKING:  # the clients load with the stand-ins, in the background (not before `initialize`)
    from standin.dataset import IndexedDoc
    from standin.dataset_v5 import Schema5
    from standin.estate import Estate
    from wazuh_mcp.backends.indexer import Indexer
    from wazuh_mcp.backends.server_api import ServerApi
    from wazuh_mcp.backends.server_api_shapes import Page
    from wazuh_mcp.runtime.first_answer import FirstAnswer
    from wazuh_mcp.server.stdio import DemoParts

log = logging.getLogger(__name__)
T = TypeVar("T")

DEMO_API_USER = "wazuh"
DemoWazuh = Literal[4, 5]
"""Which Wazuh generation the demo runs (4.x is the default)."""


DEMO_RESPONSES: dict[str, Any] = {
    "isolation_command": "wazuh-mcp-isolate",
    "release_command": "wazuh-mcp-release",
    "block_command": "firewall-drop",
    "unblock_command": "wazuh-mcp-unblock",
    "block_timeout_s": 600,
    "allowed_commands": ["firewall-drop", "restart-wazuh"],
}
"""What the demo's manager is configured with, so every response tool works there (docs/writes.md
shows the ossec.conf blocks a real manager needs for the same names)."""


def demo_settings() -> Settings:
    """Settings for the demo: defaults and env overrides only (the settings file is not read); the
    response commands are those of the demo's stand-in manager. Nothing here touches ``os.environ``: the
    launcher that runs the demo goes on saving profiles to the real settings file."""
    base = Settings.load(profile="demo", read_file=False)
    return Settings.load(
        profile="demo", read_file=False, responses={**DEMO_RESPONSES, "max_agents": base.responses.max_agents}
    )


V5_SAMPLES = "Wazuh's own 5.x samples"
V5_BUILTIN = "the built-in 5.x dataset"
"""Which data a 5.x demo shows (``wazuh://demo/load``'s ``dataset``; the tour says it)."""


def v5_reference() -> Path | None:
    """Where the 5.x demo reads Wazuh's 5.x templates and samples (a checkout beside ``../shared``, or
    ``WAZUH_MCP_SHARED``), or None: then it loads the built-in dataset (``standin.dataset_v5``), ours,
    translated from the 4.x demo's. Wazuh's files (AGPL-3.0 templates, GPL-2.0 samples) are not bundled."""
    from standin.indexer_load_v5 import reference_dir

    return reference_dir()


def v5_schema() -> Schema5:
    """What the built-in 5.x dataset is translated by: the server's own 5.x field facts (generated from Wazuh's
    templates, and Wazuh's 4.x→5.x migration notes), handed down to the stand-in."""
    from standin.dataset_v5 import Schema5
    from wazuh_mcp.query import fields_v5, template_types_v5

    return Schema5(
        fields_of_4x=fields_v5.WAZUH_FIELDS_OF_4X,
        level_of_4x=fields_v5.level_of_4x,
        findings=template_types_v5.FINDINGS,
        events_only=template_types_v5.EVENTS_ONLY,
        findings_pattern=template_types_v5.FINDINGS_PATTERN,
        events_pattern=template_types_v5.EVENTS_PATTERN,
        states=template_types_v5.STATES,
        state_patterns=template_types_v5.STATE_PATTERNS,
        unindexed=template_types_v5.UNINDEXED,
    )


def demo_parts(wazuh: DemoWazuh = 4) -> DemoParts:
    """The demo's settings and backends (the embedded stand-ins), for stdio and ``serve --http --demo``; the
    stand-ins start once the server has answered its first message (the gate goes to ``build_server``).
    ``wazuh=5`` runs Wazuh 5.x's, on Wazuh's samples when they are here, else on the built-in dataset."""
    from wazuh_mcp.runtime.first_answer import FirstAnswer

    gate = FirstAnswer()
    return demo_settings(), functools.partial(demo_backends, gate, wazuh=wazuh), gate


def demo_state_path() -> Path:
    return state_dir() / "demo.json"


def read_demo_state() -> dict[str, Any] | None:
    """Where a running demo's stand-ins listen (for `wazuh-mcp approve` from another process)."""
    try:
        data = json.loads(demo_state_path().read_text())
    except (FileNotFoundError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def demo_server_api(url: str, ca_path: str | Path | None) -> ServerApi:
    """A client of the demo's Server API stand-in, built by the factory with the stand-in's password."""
    from standin.server import DEMO_USERS

    settings = ServerApiSettings(url=url, user=DEMO_API_USER, ca_bundle=Path(ca_path) if ca_path else None)
    api = server_api_from_settings(settings, "demo", password=DEMO_USERS[DEMO_API_USER].password)
    assert api is not None  # a URL and a user are set
    return api


def running_demo_api() -> ServerApi | None:
    """The Server API of a running ``serve --demo`` (to approve its changes from another process), or None."""
    state = read_demo_state()
    if not state or not state.get("api_url"):
        return None
    ca = state.get("api_ca")
    return demo_server_api(str(state["api_url"]), str(ca) if ca and ca != "None" else None)


class _DemoWazuh:
    """The running demo's Wazuh for the approval path (``writes.approvals.DemoWazuh``): its settings and
    its stand-in, found through ``demo.json``."""

    def settings(self) -> Settings:
        """The demo's settings, with the role the running session serves (``demo.json``): the launcher starts
        its demo as admin so its write tools are offered, and a change from it is decided under that role.
        Such a change is applied only to that session's stand-in, never to a real Wazuh."""
        settings = demo_settings()
        state = read_demo_state() or {}
        role = state.get("role")
        if isinstance(role, str) and role != settings.role and role in settings.role_tool_allowlist:
            return settings.model_copy(update={"role": role})
        return settings

    def running_api(self) -> ServerApi | None:
        return running_demo_api()


DEMO_WAZUH = _DemoWazuh()
"""What the CLI and the launcher hand the approval path, so a demo change is applied to the demo."""


class DeferredIndexer:
    """The demo Indexer while it loads: a call waits for the first phase (the last hour), then goes to the
    real backend ahead of the load; until everything is in, each call's answer carries a notice saying
    what is complete and what is partial."""

    def __init__(self, ready: asyncio.Task[Indexer], progress: DemoLoad, gate: FirstAnswer | None = None) -> None:
        self._ready = ready
        self.progress = progress
        self._gate = gate

    async def _indexer(self) -> Indexer:
        if self._gate is not None:
            self._gate.open()  # a call needs it: start now, whatever the server has answered
        indexer = await asyncio.shield(self._ready)
        if (text := self.progress.notice()) is not None:
            notice(text)
        return indexer

    async def search(self, kind: IndexKind, body: dict[str, Any]) -> dict[str, Any]:
        with self._ahead_of_load():
            return await (await self._indexer()).search(kind, body)

    async def field_types(
        self, kind: IndexKind, fields: list[str], pattern: str | None = None
    ) -> dict[str, dict[str, str]]:
        with self._ahead_of_load():
            return await (await self._indexer()).field_types(kind, fields, pattern)

    @contextlib.contextmanager
    def _ahead_of_load(self) -> Iterator[None]:
        """While the load runs, it sends no new bulk request until this search is answered (for a while);
        a call waiting for the first phase counts too, so the load does not cut in once that phase is in."""
        if self.progress.complete:
            yield
            return
        self.progress.search_started()
        try:
            yield
        finally:
            self.progress.search_finished()

    async def aclose(self) -> None:
        if not self._ready.done():
            self._ready.cancel()
        with contextlib.suppress(BaseException):
            await (await self._ready).aclose()


async def _start_in_thread(stack: AsyncExitStack, start: Callable[[], object], stop: Callable[[], None]) -> None:
    """Run a blocking ``start`` in a thread, with ``stop`` registered on ``stack`` before it begins.

    A session that ends meanwhile (stdin closed right after ``initialize``) cancels the coroutine
    waiting here, but not the thread: ``stop`` first waits for ``start`` to return, because stopping a
    half-started server races its start (it raised, and left the server running, under load)."""
    started = asyncio.ensure_future(asyncio.to_thread(start))

    async def stop_once_started() -> None:
        try:
            # Shielded: on SIGTERM the session unwinds cancelled, and an unshielded wait would skip stop().
            with anyio.CancelScope(shield=True):
                await asyncio.wait([started])  # never raises: a start that failed is stopped all the same
            with contextlib.suppress(asyncio.CancelledError):
                started.exception()  # retrieved: the coroutine that awaited it may be gone
        finally:
            stop()

    stack.push_async_callback(stop_once_started)
    await asyncio.shield(started)


def _demo_data(now: datetime) -> tuple[Estate, list[IndexedDoc]]:
    """The estate and the demo's alerts (the CPU-heavy part of the start, in a thread)."""
    from standin.engine import demo_alerts
    from standin.estate import build_estate

    estate = build_estate()
    return estate, demo_alerts(estate, now)


def _demo_data_v5(now: datetime) -> Any:
    """Wazuh's 5.x sample documents, the findings' clock moved to ``now`` (read and parsed in a thread), or,
    without them, the built-in dataset's at ``now``."""
    from standin.indexer_load_v5 import demo_documents

    reference = v5_reference()
    if reference is None:
        from standin.dataset_v5 import builtin_documents

        return builtin_documents(now, v5_schema(), states_later=True)  # built in the load, after the first phases
    return demo_documents(reference, now)


def _load_phased(engine_module: Any, url: str, data: Any, now: datetime, progress: DemoLoad) -> str:
    """Run the generation's phased load (in the loading thread); what it loaded, for the log."""
    if progress.wazuh == 5:
        from standin.indexer_load_v5 import load_demo_phased

        done = load_demo_phased(url, v5_reference(), now, progress, data)
        return f"Wazuh 5.x ({progress.dataset}): {done.findings} findings, {done.events} events, {done.states} state documents"
    estate, alerts = data
    counts = engine_module.load_demo_phased(url, estate, now, progress, alerts=alerts)
    return f"{counts.alerts} alerts, {counts.vulnerabilities} vulnerabilities"


async def _start_indexer(
    stack: AsyncExitStack, now: datetime, progress: DemoLoad, client_ready: Callable[[], None] = lambda: None
) -> Indexer:
    """Start the engine and load it in phases; returns once the first phase (the last hour) is searchable,
    leaving the rest to load in its thread. ``client_ready`` is called once the Indexer client is built."""
    # The documents first: building them (~0.7 s of Python for 4.x's slice, each alert's details following
    # from the ones before; ~0.8 s to read and re-time 5.x's samples) is the longest step before the first
    # phase. The engine's import and start (its own process) go beside it, in threads like the Server API
    # stand-in: the event loop stays free.
    build = _demo_data_v5 if progress.wazuh == 5 else _demo_data
    data = asyncio.ensure_future(asyncio.to_thread(build, now))
    try:
        engine_module = await asyncio.to_thread(importlib.import_module, "standin.engine")
        progress.step("engine imported")
        engine = engine_module.OsmemEngine(log_path=ensure_state_dir() / "demo-indexer.log")
        await _start_in_thread(stack, engine.start, engine.stop)  # a session that ends mid-load stops it too
        progress.step("engine")
        documents = await data
    finally:
        if not data.done():
            data.cancel()  # the thread runs on; nobody is left to see its result
        elif not data.cancelled():
            data.exception()  # retrieved: when the engine failed first, nobody awaited it
    progress.step("generated")
    loop = asyncio.get_running_loop()
    first: asyncio.Future[None] = loop.create_future()

    def settle(exc: BaseException | None) -> None:  # on the event loop
        if first.done():
            return
        if exc is None:
            first.set_result(None)
            return
        first.set_exception(exc)
        # Marked as retrieved: a waiter still gets it, but a session already over (nobody waits) must not
        # have asyncio print "Future exception was never retrieved" with a traceback on stderr.
        first.exception()

    def on_phase(phase: str) -> None:  # in the loading thread
        if phase == "first":
            loop.call_soon_threadsafe(settle, None)

    def load() -> None:
        try:
            loaded = _load_phased(engine_module, engine.url, documents, now, progress)
            log.info("demo Indexer at %s: %s; steps %s, phases %s", engine.url, loaded, progress.steps, progress.phases)
        except BaseException as exc:  # an engine stopped mid-load (session over) lands here too
            progress.failed = type(exc).__name__
            # Stopped with the session (the engine is gone): expected. Otherwise a real failure.
            (log.warning if engine.running else log.info)("demo Indexer load stopped: %s", exc)
            with contextlib.suppress(RuntimeError):  # the loop may be gone when the session ended
                loop.call_soon_threadsafe(settle, exc)

    progress.listeners.append(on_phase)
    # A plain thread, not asyncio.to_thread: the load outlives this coroutine (it returns after phase one).
    threading.Thread(target=load, name="demo-load", daemon=True).start()
    # The client (opensearch-py, ~0.2 s to import) loads while the engine indexes the first phase.
    indexer = await asyncio.to_thread(indexer_from_settings, IndexerSettings(url=engine.url), "demo")  # no login
    assert indexer is not None
    progress.step("client")
    client_ready()
    try:
        await first
    except BaseException:
        await indexer.aclose()
        raise
    return indexer


async def _start_api(stack: AsyncExitStack, progress: DemoLoad) -> ServerApi:
    """Start the Server API stand-in (in a thread: it builds its app and TLS files) and its client: the
    4.14 manager, or for a 5.x demo the 5.0 Server API."""

    def build() -> Any:  # its import (the whole stand-in API) and its TLS files: off the event loop
        from standin.server import StandinServer

        if progress.wazuh == 5:
            from standin.app import StandinConfig

            return StandinServer(tls=True, config=StandinConfig(generation=5))
        return StandinServer(tls=True)

    api_server = await asyncio.to_thread(build)
    await _start_in_thread(stack, api_server.start, api_server.stop)
    server_api = demo_server_api(api_server.url, api_server.ca_path)
    stack.push_async_callback(server_api.aclose)
    # The role this session serves: a change it asks for is decided under it (``DEMO_WAZUH.settings``).
    state = {
        "pid": os.getpid(),
        "api_url": api_server.url,
        "api_ca": str(api_server.ca_path),
        "role": demo_settings().role,
        "wazuh": progress.wazuh,
    }
    ensure_state_dir()
    path = demo_state_path()
    with open_private(path, "w") as fh:
        fh.write(json.dumps(state))
    stack.callback(lambda: path.unlink(missing_ok=True))
    progress.step("server api")
    log.info("demo Server API stand-in at %s", api_server.url)
    return server_api


class DeferredServerApi:
    """The demo Server API while its stand-in starts: ``initialize`` does not wait for it, a call does.
    ``wanted`` is set when a call needs it (its start may be waiting for that)."""

    identity = DEMO_API_USER

    def __init__(
        self, ready: asyncio.Task[ServerApi], gate: FirstAnswer | None = None, wanted: asyncio.Event | None = None
    ) -> None:
        self._ready = ready
        self._gate = gate
        self._wanted = wanted

    async def _api(self) -> ServerApi:
        if self._gate is not None:
            self._gate.open()  # a call needs it: start now
        if self._wanted is not None:
            self._wanted.set()
        return await asyncio.shield(self._ready)

    async def request(self, method: str, path: str, **kwargs: Any) -> Any:
        return await (await self._api()).request(method, path, **kwargs)

    async def page(self, path: str, *, action: str, params: dict[str, Any] | None = None) -> Page:
        return await (await self._api()).page(path, action=action, params=params)

    async def aclose(self) -> None:
        if not self._ready.done():
            self._ready.cancel()
        with contextlib.suppress(BaseException):
            await self._ready  # its own client is closed by the exit stack


@asynccontextmanager
async def demo_backends(gate: FirstAnswer | None = None, *, wazuh: DemoWazuh = 4) -> AsyncIterator[Backends]:
    """Both stand-ins start in the background, so ``initialize`` is answered at once; with a ``gate``, once
    it opens (the server's first answer, or the first call that needs a stand-in), else right away. ``wazuh``
    picks the generation they play."""

    async def after_gate(start: Callable[[], Awaitable[T]]) -> T:
        if gate is not None:
            await gate.wait()
        return await start()

    async with AsyncExitStack() as stack:
        progress = DemoLoad(wazuh=wazuh)
        if wazuh == 5:
            progress.dataset = V5_SAMPLES if v5_reference() is not None else V5_BUILTIN
        # Both starts are Python work under one interpreter lock, so they take turns: a first summarize_alerts
        # needs the alerts built and the Indexer client loaded, then the engine searched, and only then the
        # Server API (its rules' descriptions). So the Server API stand-in starts once the Indexer client is
        # built (while the engine indexes the first phase and answers the first search), once the Indexer's
        # start ends otherwise, or at once when a call needs it.
        api_turn = asyncio.Event()
        indexer_ready = asyncio.create_task(
            after_gate(functools.partial(_start_indexer, stack, datetime.now(UTC), progress, api_turn.set))
        )
        indexer_ready.add_done_callback(lambda _: api_turn.set())
        indexer = DeferredIndexer(indexer_ready, progress, gate)
        stack.push_async_callback(indexer.aclose)

        async def start_api() -> ServerApi:
            await api_turn.wait()
            return await _start_api(stack, progress)

        server_api = DeferredServerApi(asyncio.create_task(after_gate(start_api)), gate, api_turn)
        stack.push_async_callback(server_api.aclose)
        yield Backends(server_api=server_api, indexer=indexer, load=progress)
