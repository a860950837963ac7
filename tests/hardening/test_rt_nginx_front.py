"""Own round (issue 24 item 9): the nginx TLS front of ``scripts/nginx-tls.sh``, attacked with raw requests.

The front is started as the script starts it (real nginx, its TLS and basic auth), in front of a loopback
upstream that records every byte it is sent. Each smuggling form must be refused by nginx, or reach the
upstream as exactly the one request the front itself framed:

- CL.TE, TE.CL, duplicate Content-Length, obs-fold hiding Transfer-Encoding, an obfuscated or space-padded
  Transfer-Encoding, a body smuggled behind a request without credentials (held: nginx 1.22 refuses each);
- an absolute-form request URI naming another host (held: nginx sends its own Host and path);
- rt_nginx_forwarded_for: a client's ``X-Forwarded-For`` / ``X-Real-IP`` reached the upstream as the client
  wrote them, so an upstream that read them took a forged address. Fixed: the front sets both to the
  connecting address. (wazuh-mcp itself reads neither.)
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import ssl
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "nginx-tls.sh"

pytestmark = pytest.mark.skipif(
    shutil.which("nginx") is None or shutil.which("openssl") is None,
    reason="nginx or openssl not installed (scripts/test.sh installs nginx through scripts/nginx-tls.sh)",
)


@dataclass
class Upstream:
    port: int = 0
    received: list[bytes] = field(default_factory=list)

    @property
    def everything(self) -> bytes:
        return b"".join(self.received)


@pytest.fixture
def upstream() -> Iterator[Upstream]:
    """A loopback HTTP/1.1 upstream that records each request it reads and answers each with 200."""
    state = Upstream()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.settimeout(0.2)
    state.port = listener.getsockname()[1]
    stop = threading.Event()

    def serve(conn: socket.socket) -> None:
        conn.settimeout(2)
        with conn:
            try:
                while not stop.is_set():
                    data = conn.recv(65536)
                    if not data:
                        return
                    state.received.append(data)
                    if b"\r\n\r\n" in data:
                        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
            except OSError:
                return

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        stop.set()
        thread.join(5)
        listener.close()


@dataclass(frozen=True)
class Front:
    port: int
    ca: str
    authorization: str

    def send(self, raw: bytes) -> bytes:
        context = ssl.create_default_context(cafile=self.ca)
        with (
            socket.create_connection(("127.0.0.1", self.port), timeout=5) as plain,
            context.wrap_socket(plain, server_hostname="127.0.0.1") as tls,
        ):
            tls.settimeout(3)
            tls.sendall(raw)
            out = b""
            try:
                while chunk := tls.recv(65536):
                    out += chunk
            except (TimeoutError, ssl.SSLError, OSError):
                pass
        return out


@pytest.fixture
def front(tmp_path: Path, upstream: Upstream) -> Iterator[Front]:
    directory = tmp_path / "nginx-tls"
    env = {**os.environ, "NGINX_TLS_DIR": str(directory), "TLS_PORT": str(_free_base()), "PYTHON": sys.executable}
    started = subprocess.run(
        ["bash", str(SCRIPT), "start", f"http://127.0.0.1:{upstream.port}"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    try:
        assert started.returncode == 0, started.stderr
        state = json.loads((directory / "front.json").read_text())
        token = base64.b64encode(f"{state['user']}:{state['password']}".encode()).decode()
        yield Front(int(state["url"].rsplit(":", 1)[1]), state["ca"], f"Authorization: Basic {token}\r\n")
    finally:
        subprocess.run(["bash", str(SCRIPT), "stop"], env=env, capture_output=True, timeout=60)


def _free_base() -> int:
    """A port with the next two free as well (the script listens on PORT, PORT+1, PORT+2)."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            base = probe.getsockname()[1]
        if base > 65000:
            continue
        try:
            for offset in (1, 2):
                with socket.socket() as other:
                    other.bind(("127.0.0.1", base + offset))
        except OSError:
            continue
        return base
    raise RuntimeError("no three consecutive free ports")


SMUGGLING = {
    "cl_te": "POST /a HTTP/1.1\r\nHost: x\r\n{auth}Content-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n"
    "0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n",
    "te_cl": "POST /a HTTP/1.1\r\nHost: x\r\n{auth}Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n"
    "8\r\nSMUGGLED\r\n0\r\n\r\n",
    "duplicate_content_length": "POST /a HTTP/1.1\r\nHost: x\r\n{auth}Content-Length: 0\r\nContent-Length: 44\r\n\r\n"
    "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n",
    "obs_fold_transfer_encoding": "POST /a HTTP/1.1\r\nHost: x\r\n{auth}Content-Length: 0\r\nX-A: b\r\n"
    " Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n",
    "obfuscated_transfer_encoding": "POST /a HTTP/1.1\r\nHost: x\r\n{auth}Transfer-Encoding: xchunked\r\n"
    "Content-Length: 0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n",
    "space_before_colon": "POST /a HTTP/1.1\r\nHost: x\r\n{auth}Transfer-Encoding : chunked\r\nContent-Length: 0\r\n\r\n"
    "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n",
    "behind_a_401": "GET /a HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n",
}


@pytest.mark.parametrize("form", list(SMUGGLING))
def test_rt_nginx_smuggling_is_refused(front: Front, upstream: Upstream, form: str) -> None:
    answer = front.send(SMUGGLING[form].format(auth=front.authorization).encode())
    status = answer.split(b"\r\n", 1)[0]
    assert status.startswith(b"HTTP/1.1 4") or status.startswith(b"HTTP/1.1 5"), status
    assert answer.count(b"HTTP/1.") == 1, "a second response: the smuggled request was answered"
    assert b"smuggled" not in upstream.everything.lower(), upstream.everything


def test_rt_nginx_absolute_uri_does_not_pick_the_upstream(front: Front, upstream: Upstream) -> None:
    raw = f"GET http://internal.invalid:9200/_cat HTTP/1.1\r\nHost: x\r\n{front.authorization}Connection: close\r\n\r\n"
    answer = front.send(raw.encode())
    assert answer.startswith(b"HTTP/1.1 200"), answer[:80]
    assert b"internal.invalid" not in upstream.everything
    assert f"Host: 127.0.0.1:{upstream.port}".encode() in upstream.everything


def test_rt_nginx_forwarded_for_is_the_connecting_address(front: Front, upstream: Upstream) -> None:
    raw = (
        f"GET /xff HTTP/1.1\r\nHost: evil.example\r\n{front.authorization}"
        "X-Forwarded-For: 203.0.113.9\r\nX-Real-IP: 203.0.113.9\r\nConnection: close\r\n\r\n"
    )
    answer = front.send(raw.encode())
    assert answer.startswith(b"HTTP/1.1 200"), answer[:80]
    seen = upstream.everything
    assert b"203.0.113.9" not in seen, f"the client's forged address reached the upstream: {seen!r}"
    assert b"X-Forwarded-For: 127.0.0.1\r\n" in seen and b"X-Real-IP: 127.0.0.1\r\n" in seen
    assert b"evil.example" not in seen
    assert b"Authorization" not in seen, "the front's basic auth reached the upstream"
