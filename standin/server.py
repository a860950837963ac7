"""``StandinServer``: the stand-in served by uvicorn on a free loopback port, in a daemon thread.

    with StandinServer(tls=True) as server:          # or: async with StandinServer(...)
        httpx.get(server.url + "/", verify=str(server.ca_path))

It prints nothing (uvicorn runs with ``log_config=None`` and no access log; anything it logs
goes through ``logging``), so it can live inside the stdio MCP server.
"""

from __future__ import annotations

import asyncio
import logging
import shutil
import socket
import tempfile
import threading
import time
from pathlib import Path
from types import TracebackType
from typing import Any

import uvicorn
from starlette.applications import Starlette

from standin.app import StandinConfig, StandinState, build_app
from standin.auth import DEMO_USERS, DemoUser
from standin.faults import Faults
from standin.tls import make_tls_files

__all__ = ["DEMO_USERS", "DemoUser", "StandinServer"]
log = logging.getLogger(__name__)
# With no logging configured, uvicorn's shutdown notes would reach stderr through logging's
# last-resort handler; a NullHandler keeps them quiet unless the host app configures logging.
logging.getLogger("uvicorn").addHandler(logging.NullHandler())


class StandinServer:
    """The Server API stand-in on ``127.0.0.1``; ``url``, ``ca_path``, ``faults``, ``app``, ``state``."""

    def __init__(
        self,
        tls: bool = True,
        host: str = "127.0.0.1",
        port: int = 0,
        cluster: bool = False,
        token_ttl_s: int = 900,
        rate_limit_per_minute: int = 300,
        control: bool = True,
        *,
        generation: int = 4,
        config: StandinConfig | None = None,
    ) -> None:
        self.config = config or StandinConfig(
            cluster=cluster,
            token_ttl_s=token_ttl_s,
            rate_limit_per_minute=rate_limit_per_minute,
            control=control,
            generation=generation,
        )
        self.tls, self.host, self.port = tls, host, port
        self.faults = Faults()
        self.app: Starlette = build_app(self.config, faults=self.faults)
        self.state: StandinState = self.app.state.standin
        self.url = ""
        self.ca_path: Path | None = None
        self._tmp: Path | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    # --- lifecycle --------------------------------------------------------------------------------

    def start(self, timeout_s: float = 10.0) -> StandinServer:
        if self._thread is not None:
            return self
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # Accepted sockets inherit this; without it, h11's separate header/body writes wait on
        # the client's delayed ACK (~40 ms per response).
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((self.host, self.port))
        self.port = sock.getsockname()[1]
        options: dict[str, Any] = {}
        if self.tls:
            self._tmp = Path(tempfile.mkdtemp(prefix="wazuh-standin-"))
            files = make_tls_files(self._tmp)
            self.ca_path = files.ca_path
            options = {"ssl_certfile": str(files.cert_path), "ssl_keyfile": str(files.key_path)}
        config = uvicorn.Config(
            self.app, log_config=None, access_log=False, lifespan="off", timeout_graceful_shutdown=1, **options
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [sock]}, name="wazuh-standin", daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + timeout_s
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the Server API stand-in did not start")
            time.sleep(0.01)
        self.url = f"{'https' if self.tls else 'http'}://{self.host}:{self.port}"
        log.info("Server API stand-in listening on %s", self.url)
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = self._thread = None
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def __enter__(self) -> StandinServer:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    async def __aenter__(self) -> StandinServer:
        return await asyncio.to_thread(self.start)

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await asyncio.to_thread(self.stop)
