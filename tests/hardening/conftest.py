"""Fixtures of the hardening suite's team bed (tests/hardening/approvals_bed.py): the HTTPS stand-in, the
local identity provider, the server host's environment for ``wazuh-mcp approve`` / ``undo``, and an Indexer
(osmem, then the real OpenSearch node when CI gives one) for the tests of the Indexer-backed stores."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from opensearchpy import OpenSearch

from standin.engine import OsmemEngine
from standin.server import DEMO_USERS, StandinServer
from tests.hardening.approvals_bed import CONFIG
from tests.hardening.local_idp import LocalIdp, local_idp


@pytest.fixture(scope="module")
def idp() -> Iterator[LocalIdp]:
    with local_idp() as running:
        yield running


@pytest.fixture(scope="module")
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        yield server


@pytest.fixture
def server_host(isolated_env: Path, standin: StandinServer, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The environment of a person at the server host: the settings file, the Server API; the OS login is the
    uid's account (root on CI), never a variable."""
    (isolated_env / "config.toml").write_text(CONFIG, encoding="utf-8")
    for key, value in {
        "WAZUH_MCP_API_URL": standin.url,
        "WAZUH_MCP_API_USER": "wazuh",
        "WAZUH_MCP_API_PASSWORD": DEMO_USERS["wazuh"].password,
        "WAZUH_MCP_API_CA_BUNDLE": str(standin.ca_path),
        # decoys: the person at the terminal is the uid's account (N-M1), whatever these say
        "LOGNAME": "decoy-logname",
        "USER": "decoy-user",
    }.items():
        monkeypatch.setenv(key, value)
    return isolated_env


@pytest.fixture(scope="module", params=["osmem", "opensearch"])
def indexer_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """The in-memory engine here, and the real OpenSearch node where ``WAZUH_MCP_TEST_OPENSEARCH_URL`` names one."""
    if request.param == "opensearch":
        url = os.environ.get("WAZUH_MCP_TEST_OPENSEARCH_URL")
        if not url:
            pytest.skip("real OpenSearch node not configured (WAZUH_MCP_TEST_OPENSEARCH_URL)")
        yield url
        return
    with OsmemEngine() as engine:
        yield engine.url


def scratch_indices(url: str, stem: str) -> Iterator[str]:
    """A name no other run uses (``stem``-pid-time); every index starting with it is deleted afterwards."""
    name = f"{stem}-{os.getpid()}-{time.time_ns() % 10**9}"
    yield name
    client = OpenSearch(hosts=[url], timeout=30)
    client.indices.delete(index=f"{name}*", params={"ignore_unavailable": "true"})
    client.close()
