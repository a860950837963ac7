"""N-M2, its JSON-body variant: the MCP SDK buffers a whole request body before it parses the JSON, so
``serve --http`` bounds the body itself (``http.MAX_BODY_BYTES``): a body announced or sent larger is 413 at
once, before the application (or the identity check) has read it; a message as large as the largest real
one (a 64 KiB rule file, JSON-escaped) still passes. Against the real server on uvicorn, over raw sockets."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from standin.server import StandinServer
from tests.team.conftest import TeamServer, run_team_server
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.http import MAX_BODY_BYTES


@pytest.fixture(scope="module")
def server(standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    tmp: Path = tmp_path_factory.mktemp("body")
    settings = Settings(audit_log=tmp / "audit.jsonl", api={"url": "https://standin"})
    with run_team_server(settings, standin) as running:
        yield running


def _answer(server: TeamServer, head: bytes, body_chunks: list[bytes]) -> bytes:
    with socket.create_connection((server.listener.host, server.listener.port), timeout=10) as sock:
        sock.sendall(head)
        try:
            for chunk in body_chunks:
                sock.sendall(chunk)
        except OSError:
            pass  # the server may close once it has answered 413
        sock.settimeout(10)
        said = b""
        started = time.monotonic()
        while time.monotonic() - started < 10 and b"\r\n\r\n" not in said:
            chunk = sock.recv(4096)
            if not chunk:
                break
            said += chunk
    return said


def _head(server: TeamServer, extra: bytes) -> bytes:
    return (
        b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + str(server.listener.port).encode() + b"\r\n"
        b"Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
        b"MCP-Protocol-Version: 2025-06-18\r\n" + extra + b"\r\n"
    )


def _big_call(size: int) -> bytes:
    text = "\u00e9" * size
    call = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "create_rule", "arguments": {"rule_xml": text}},
    }
    return json.dumps(call).encode()  # ensure_ascii: \\u00e9, six bytes a character


def test_n_m2_an_announced_oversized_body_is_413_before_it_is_read(server: TeamServer) -> None:
    body = b"[" + b"1," * (MAX_BODY_BYTES // 2 + 10) + b"1]"
    started = time.monotonic()
    said = _answer(server, _head(server, b"Content-Length: " + str(len(body)).encode() + b"\r\n"), [body[:1000]])
    assert said.startswith(b"HTTP/1.1 413"), said[:200]
    assert time.monotonic() - started < 5


def test_n_m2_a_chunked_body_past_the_limit_is_413(server: TeamServer) -> None:
    piece = b"1," * 32_768
    chunks = [hex(len(piece))[2:].encode() + b"\r\n" + piece + b"\r\n" for _ in range(MAX_BODY_BYTES // len(piece) + 4)]
    said = _answer(server, _head(server, b"Transfer-Encoding: chunked\r\n"), [*chunks, b"0\r\n\r\n"])
    assert said.startswith(b"HTTP/1.1 413"), said[:200]


def test_n_m2_the_largest_real_message_is_not_refused_for_its_size(server: TeamServer) -> None:
    body = _big_call(64 * 1024)
    assert len(body) < MAX_BODY_BYTES
    said = _answer(server, _head(server, b"Content-Length: " + str(len(body)).encode() + b"\r\n"), [body])
    assert said.startswith(b"HTTP/1.1 ") and not said.startswith(b"HTTP/1.1 413"), said[:200]
