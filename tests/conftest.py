"""Test-wide isolation: no test reads the developer's settings, keyring entries or state dir."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TEST_INTEGRITY_KEY = "dGVzdC1pbnRlZ3JpdHkta2V5LW9mLXdhenVoLW1jcC10ZXN0cy0zMmI"
"""The tests' integrity key (``WAZUH_MCP_INTEGRITY_KEY``): 40 bytes, base64."""


def shared_dir() -> Path | None:
    """``../shared`` (Wazuh's reference data) when present; tests that need it skip otherwise."""
    candidate = Path(os.environ.get("WAZUH_MCP_SHARED", REPO.parent / "shared"))
    return candidate if (candidate / "reference" / "wazuh").is_dir() else None


@pytest.fixture(autouse=True, scope="session")
def hypothesis_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Hypothesis keeps caches (constants, unicode data) in ./.hypothesis even without an example
    database: tests write only in their temp dirs, so it gets one too."""
    from hypothesis.configuration import set_hypothesis_home_dir

    set_hypothesis_home_dir(tmp_path_factory.mktemp("hypothesis"))
    yield
    set_hypothesis_home_dir(None)


@pytest.fixture(autouse=True)
def isolated_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test gets its own config file path, state dir and audit log, and no WAZUH_MCP_* leakage."""
    home = tmp_path_factory.mktemp("wazuh-mcp-home")
    for key in list(os.environ):
        if key.startswith("WAZUH_MCP_") and key not in ("WAZUH_MCP_SHARED",) and not key.startswith("WAZUH_MCP_TEST_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("WAZUH_MCP_CONFIG", str(home / "config.toml"))
    monkeypatch.setenv("WAZUH_MCP_STATE_DIR", str(home / "state"))
    # The audit head's copy in the OS keyring (audit_anchor) would land in the developer's own keyring:
    # off, except in the tests of it, which give it a keyring of their own.
    monkeypatch.setenv("WAZUH_MCP_AUDIT_ANCHOR", "off")
    # The integrity key (config/integrity.py) would be created in the developer's keyring: each test has its
    # own, given as a headless replica is given it. Subprocesses inherit it.
    monkeypatch.setenv("WAZUH_MCP_INTEGRITY_KEY", TEST_INTEGRITY_KEY)
    yield home
