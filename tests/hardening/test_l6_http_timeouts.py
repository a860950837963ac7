"""L6: ``serve --http`` had no header or body read timeout, and ``GET /mcp`` held a stream open in stateless
mode. Against the real server on uvicorn, over raw sockets: a slowloris client is cut off after
``http.header_timeout_s`` however often it trickles a header line, on the first request and on a kept-alive
one; a body that does not arrive is 408 after ``http.body_timeout_s``; ``GET /mcp`` is 405 at once."""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from standin.server import StandinServer
from tests.team.conftest import TeamServer, run_team_server
from wazuh_mcp.config.settings import Settings

TIMEOUT_S = 1.0
POST = b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
HEADERS = {
    "Accept": "application/json, text/event-stream",
    "Content-Type": "application/json",
    "MCP-Protocol-Version": "2025-06-18",
}


@pytest.fixture(scope="module")
def server(standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    tmp: Path = tmp_path_factory.mktemp("l6")
    settings = Settings(
        audit_log=tmp / "audit.jsonl",
        api={"url": "https://standin"},
        http={"header_timeout_s": TIMEOUT_S, "body_timeout_s": TIMEOUT_S},
    )
    with run_team_server(settings, standin) as running:
        yield running


def host(server: TeamServer) -> bytes:
    return f"Host: 127.0.0.1:{server.listener.port}\r\n".encode()


def connect(server: TeamServer) -> socket.socket:
    sock = socket.create_connection((server.listener.host, server.listener.port), timeout=10)
    return sock


def closed_after(sock: socket.socket, trickle: bytes = b"") -> tuple[float, bytes]:
    """Seconds until the server closes (sending ``trickle`` every 0.2 s meanwhile), and what it said."""
    started, said = time.monotonic(), b""
    sock.settimeout(0.2)
    while time.monotonic() - started < 10:
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            if trickle:
                try:
                    sock.sendall(trickle)
                except OSError:
                    break
            continue
        except OSError:
            break
        if not chunk:
            break
        said += chunk
    return time.monotonic() - started, said


def test_l6_a_slowloris_client_is_cut_off_after_the_header_timeout(server: TeamServer) -> None:
    with connect(server) as sock:
        sock.sendall(b"POST /mcp HTTP/1.1\r\n" + host(server))
        took, _ = closed_after(sock, trickle=b"X-Slow: 1\r\n")
    assert took < TIMEOUT_S + 2, took


def test_l6_a_silent_connection_is_cut_off_too(server: TeamServer) -> None:
    with connect(server) as sock:
        took, _ = closed_after(sock)
    assert took < TIMEOUT_S + 2, took


def test_l6_the_next_request_on_a_kept_alive_connection_has_the_same_deadline(server: TeamServer) -> None:
    request = (
        b"POST /mcp HTTP/1.1\r\n" + host(server) + b"Content-Type: application/json\r\n"
        b"Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\n"
        b"Content-Length: " + str(len(POST)).encode() + b"\r\n\r\n" + POST
    )
    with connect(server) as sock:
        sock.sendall(request)
        sock.settimeout(10)
        assert sock.recv(4096).startswith(b"HTTP/1.1 200")
        sock.sendall(b"POST /mcp HTTP/1.1\r\n" + host(server))
        took, _ = closed_after(sock, trickle=b"X-Slow: 1\r\n")
    assert took < TIMEOUT_S + 2, took


def test_l6_a_body_that_does_not_arrive_is_408(server: TeamServer, caplog: pytest.LogCaptureFixture) -> None:
    with connect(server) as sock:
        sock.sendall(
            b"POST /mcp HTTP/1.1\r\n" + host(server) + b"Content-Type: application/json\r\n"
            b"Accept: application/json, text/event-stream\r\nContent-Length: 500\r\n\r\n" + POST[:10]
        )
        took, said = closed_after(sock, trickle=b" ")
    assert said.startswith(b"HTTP/1.1 408"), said[:200]
    assert took < TIMEOUT_S + 2, took
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # a slow client is not a crash


@pytest.mark.parametrize("accept", ["text/event-stream", "application/json, text/event-stream", None])
def test_l6_get_mcp_is_405_at_once_in_stateless_mode(server: TeamServer, accept: str | None) -> None:
    headers = {"MCP-Protocol-Version": "2025-06-18", **({"Accept": accept} if accept else {})}
    started = time.monotonic()
    answer = httpx.get(server.url, headers=headers, timeout=5)
    assert answer.status_code == 405 and answer.headers["allow"] == "POST"
    assert time.monotonic() - started < 2
    assert httpx.post(server.url, content=POST, headers=HEADERS, timeout=10).status_code == 200  # POST still serves
