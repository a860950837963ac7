"""Fixtures of the hardening suite's team bed (tests/hardening/approvals_bed.py): the HTTPS stand-in, the
local identity provider, and the server host's environment for ``wazuh-mcp approve`` / ``undo``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

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
