"""Secrets come from the named env vars or the keyring, never a plaintext fallback; every keyring
failure is a clear configuration error that says what to do."""

from __future__ import annotations

from collections.abc import Iterator

import keyring
import keyring.errors
import pytest
from keyring.backend import KeyringBackend

from wazuh_mcp.config import secrets
from wazuh_mcp.errors import ConfigurationError


class FailingKeyring(KeyringBackend):
    """A keyring plugin (keyring's own extension point) that fails the way real backends do."""

    priority = 1

    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    def get_password(self, service: str, username: str) -> str | None:
        raise self.error

    def set_password(self, service: str, username: str, password: str) -> None:
        raise self.error

    def delete_password(self, service: str, username: str) -> None:
        raise self.error


@pytest.fixture
def restore_keyring() -> Iterator[None]:
    before = keyring.get_keyring()
    yield
    keyring.set_keyring(before)


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (keyring.errors.NoKeyringError("no backend"), "No OS keyring"),
        (keyring.errors.InitError("Failed to unlock the collection!"), "Unlock the login keyring"),
        (keyring.errors.InitError("cannot connect to D-Bus"), "Secret Service provider"),
        (keyring.errors.KeyringLocked("locked"), "Unlock the login keyring"),
    ],
)
def test_keyring_failures_say_what_to_do_and_never_fall_back(
    restore_keyring: None, error: Exception, words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    keyring.set_keyring(FailingKeyring(error))
    with pytest.raises(ConfigurationError) as err:
        secrets.get_password("prod", "api")
    assert words in str(err.value)
    with pytest.raises(ConfigurationError):
        secrets.set_password("prod", "api", "hunter2")


def test_env_var_wins_over_the_keyring(restore_keyring: None, monkeypatch: pytest.MonkeyPatch) -> None:
    keyring.set_keyring(FailingKeyring(keyring.errors.NoKeyringError("none")))
    monkeypatch.setenv("WAZUH_MCP_INDEXER_PASSWORD", "from-env")
    assert secrets.get_password("prod", "indexer") == "from-env"


def test_missing_password_names_the_user_and_where_to_put_it(restore_keyring: None) -> None:
    class Empty(FailingKeyring):
        def get_password(self, service: str, username: str) -> str | None:
            return None

    keyring.set_keyring(Empty(RuntimeError()))
    with pytest.raises(ConfigurationError) as err:
        secrets.require_password("lab", "api", "soc-bot")
    assert "soc-bot" in str(err.value) and "WAZUH_MCP_API_PASSWORD" in str(err.value)
