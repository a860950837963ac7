"""Shared pieces for the stand-in tests: the reference data location and running servers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from standin.auth import DEMO_USERS
from standin.server import StandinServer
from tests.conftest import shared_dir


@pytest.fixture(scope="session")
def shared() -> Path:
    found = shared_dir()
    if found is None:
        pytest.skip("Wazuh reference data (../shared or $WAZUH_MCP_SHARED) is not present")
    return found


def login(client: httpx.Client, user: str = "wazuh") -> str:
    response = client.post("/security/user/authenticate", auth=(user, DEMO_USERS[user].password))
    response.raise_for_status()
    token: str = response.json()["data"]["token"]
    return token


@pytest.fixture
def plain_server() -> Iterator[StandinServer]:
    with StandinServer(tls=False) as server:
        yield server


@pytest.fixture
def client(plain_server: StandinServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=plain_server.url, timeout=10) as http:
        yield http
