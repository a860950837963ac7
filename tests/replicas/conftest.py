"""The replica test bed: three ``wazuh-mcp serve --http`` processes with their own state directories,
behind nginx (TLS), sharing nothing but the real OpenSearch node (through a TCP proxy the test can cut,
so stopping "the Indexer" never stops the node other tests use) and the Server API stand-in, with real
Keycloak tokens.

Skips, saying why, without the node (``WAZUH_MCP_TEST_OPENSEARCH_URL``), Keycloak or nginx. The
replicas start once per module.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from opensearchpy import OpenSearch

from standin.rules import RuleFile
from standin.server import DEMO_USERS, StandinServer
from standin.tls import make_tls_files
from tests.conftest import TEST_INTEGRITY_KEY
from tests.faults.proxy import FaultProxy
from tests.team.conftest import AUDIENCE, ISSUER, ROLE_MAP, Keycloak, allow_run_as, keycloak  # noqa: F401

NODE_ENV = "WAZUH_MCP_TEST_OPENSEARCH_URL"
LEASE_S = 6.0
"""The replicas' team.lease_s: short, so the killed-replica test waits seconds, not minutes. It must outlast
a call (TOOL_TIMEOUT_S + API_TIMEOUT_S), which settings enforce."""
TOOL_TIMEOUT_S, API_TIMEOUT_S = 4.0, 1.5
REPLICAS = ("r1", "r2", "r3")


def node_url() -> str:
    url = os.environ.get(NODE_ENV)
    if not url:
        pytest.skip(f"real OpenSearch node not configured: set {NODE_ENV} (scripts/opensearch.sh start prints it)")
    try:
        httpx.get(url, timeout=3).raise_for_status()
    except httpx.HTTPError as exc:
        pytest.skip(f"the OpenSearch node at {url} does not answer ({exc})")
    return url


@pytest.fixture(scope="module")
def node() -> Iterator[OpenSearch]:
    client = OpenSearch(hosts=[node_url()], timeout=30)
    yield client
    client.close()


@pytest.fixture(scope="module")
def names(node: OpenSearch) -> Iterator[dict[str, str]]:
    """This module's own index names (CI runs other suites on the same node); dropped at the end."""
    base = f"wazuh-mcp-test{os.getpid()}-{time.time_ns() % 10**6}"
    chosen = {"changes": f"{base}-changes", "audit": f"{base}-audit"}
    yield chosen
    node.indices.delete(index=f"{base}-*", params={"ignore_unavailable": "true"})


@pytest.fixture(scope="module")
def indexer_proxy(node: OpenSearch) -> Iterator[FaultProxy]:
    parts = urlsplit(node_url())
    with FaultProxy((parts.hostname or "127.0.0.1", parts.port or 9200)) as proxy:
        yield proxy


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Replica:
    name: str
    port: int
    state: Path
    env: dict[str, str]
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def audit_path(self) -> Path:
        return self.state / "audit.jsonl"

    def audit(self) -> list[dict[str, object]]:
        if not self.audit_path.exists():
            return []
        return [json.loads(line) for line in self.audit_path.read_text().splitlines() if line.strip()]

    def start(self) -> None:
        log = (self.state / "serve.stderr").open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "wazuh_mcp", "serve", "--http", "--port", str(self.port)],
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        log.close()

    def wait_ready(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"replica {self.name} exited: {(self.state / 'serve.stderr').read_text()[-2000:]}")
            try:
                httpx.get(f"{self.url}/.well-known/oauth-protected-resource/mcp", timeout=2)
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"replica {self.name} did not answer")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass
class Bed:
    replicas: dict[str, Replica]
    front: str
    """nginx's URL (TLS), round-robin over the replicas."""
    ca: Path
    standin: StandinServer
    proxy: FaultProxy
    names: dict[str, str]
    keycloak: Keycloak
    uploads: Uploads

    @property
    def tls(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.ca))

    def client(self) -> httpx.Client:
        return httpx.Client(verify=self.tls, timeout=60)


NGINX_CONF = """worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log {dir}/access.log;
    client_body_temp_path {dir}/tmp;
    proxy_temp_path {dir}/tmp;
    fastcgi_temp_path {dir}/tmp;
    uwsgi_temp_path {dir}/tmp;
    scgi_temp_path {dir}/tmp;
    upstream replicas {{ {servers} }}
    server {{
        listen 127.0.0.1:{port} ssl;
        ssl_certificate {cert};
        ssl_certificate_key {key};
        location / {{
            proxy_pass http://replicas;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_read_timeout 120s;
            proxy_next_upstream off;
        }}
    }}
}}
"""


@contextmanager
def nginx_front(directory: Path, ports: list[int]) -> Iterator[tuple[str, Path]]:
    """nginx with TLS (a throwaway CA) round-robin over ``ports``; yields its URL and the CA to trust."""
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if nginx is None:
        pytest.skip("nginx is not installed (scripts/test.sh installs it)")
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "tmp").mkdir(exist_ok=True)
    tls = make_tls_files(directory)
    port = free_port()
    conf = directory / "nginx.conf"
    servers = " ".join(f"server 127.0.0.1:{p};" for p in ports)
    conf.write_text(NGINX_CONF.format(dir=directory, servers=servers, port=port, cert=tls.cert_path, key=tls.key_path))
    for path in (directory, *directory.parents):  # nginx workers run unprivileged
        if path == Path("/"):
            break
        with contextlib.suppress(OSError):
            path.chmod(path.stat().st_mode | 0o011)
    command = [nginx, "-c", str(conf), "-p", str(directory), "-e", str(directory / "error.log")]
    subprocess.run(command, check=True, capture_output=True, timeout=20)
    try:
        yield f"https://127.0.0.1:{port}", tls.ca_path
    finally:
        subprocess.run([*command, "-s", "quit"], capture_output=True, timeout=20)
        pid = directory / "nginx.pid"
        for _ in range(50):
            if not pid.exists():
                break
            time.sleep(0.1)


def replica_env(
    name: str, state: Path, standin: StandinServer, proxy: FaultProxy, names: dict[str, str]
) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if not k.startswith("WAZUH_MCP_")}
    return {
        **keep,
        "WAZUH_MCP_CONFIG": str(state / "config.toml"),
        "WAZUH_MCP_STATE_DIR": str(state),
        "WAZUH_MCP_API_URL": standin.url,
        "WAZUH_MCP_API_USER": "wazuh",
        "WAZUH_MCP_API_PASSWORD": DEMO_USERS["wazuh"].password,
        "WAZUH_MCP_API_CA_BUNDLE": str(standin.ca_path),
        "WAZUH_MCP_INDEXER_URL": proxy.url,
        "WAZUH_MCP_INDEXER_TIMEOUT_S": "5",
        "WAZUH_MCP_WRITES": "on",
        "WAZUH_MCP_OAUTH_ISSUER": ISSUER,
        "WAZUH_MCP_OAUTH_AUDIENCE": AUDIENCE,
        "WAZUH_MCP_OAUTH_ROLE_MAP": json.dumps(ROLE_MAP),
        "WAZUH_MCP_TEAM_STORE": "indexer",
        "WAZUH_MCP_TEAM_REPLICA_ID": name,
        "WAZUH_MCP_TEAM_CHANGES_INDEX": names["changes"],
        "WAZUH_MCP_TEAM_AUDIT_PREFIX": names["audit"],
        "WAZUH_MCP_TEAM_LEASE_S": str(LEASE_S),
        "WAZUH_MCP_INTEGRITY_KEY": TEST_INTEGRITY_KEY,  # the team's key, shared by the replicas
        "WAZUH_MCP_TOOL_TIMEOUT_S": str(TOOL_TIMEOUT_S),
        "WAZUH_MCP_API_TIMEOUT_S": str(API_TIMEOUT_S),
    }


@dataclass
class Uploads:
    """Every rule-file upload the stand-in received (its ruleset keeps only the latest file per path), and
    a hook run when a given path arrives (to kill a replica at that moment)."""

    counts: Counter[str] = field(default_factory=Counter)
    hooks: dict[str, Callable[[], None]] = field(default_factory=dict)

    def watch(self, standin: StandinServer) -> None:
        ruleset = standin.state.ruleset
        original = ruleset.add

        def counting(rule_file: RuleFile, *, check: bool = True) -> None:
            original(rule_file, check=check)
            if rule_file.uploaded:
                self.counts[rule_file.path] += 1
                hook = self.hooks.pop(rule_file.path, None)
                if hook is not None:
                    hook()

        ruleset.add = counting  # type: ignore[method-assign]


@pytest.fixture(scope="module")
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        allow_run_as(server, "analyst-b")  # bob: asks for changes
        allow_run_as(server, "lead-dave", "administrator")  # dave: approves them
        yield server


@pytest.fixture(scope="module")
def uploads(standin: StandinServer) -> Uploads:
    watched = Uploads()
    watched.watch(standin)
    return watched


@pytest.fixture(scope="module")
def bed(
    keycloak: Keycloak,  # noqa: F811
    standin: StandinServer,
    uploads: Uploads,
    indexer_proxy: FaultProxy,
    names: dict[str, str],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Bed]:
    root = tmp_path_factory.mktemp("replicas")
    replicas = {}
    for name in REPLICAS:
        state = root / name
        state.mkdir(mode=0o700)
        replicas[name] = Replica(name, free_port(), state, replica_env(name, state, standin, indexer_proxy, names))
    for replica in replicas.values():
        replica.start()
    try:
        deadline = time.monotonic() + 60
        for replica in replicas.values():
            replica.wait_ready(deadline)
        with nginx_front(root / "nginx", [r.port for r in replicas.values()]) as (front, ca):
            yield Bed(replicas, front, ca, standin, indexer_proxy, names, keycloak, uploads)
    finally:
        for replica in replicas.values():
            replica.stop()
