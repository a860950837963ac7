"""The OS keyring for real: gnome-keyring's Secret Service over D-Bus, in a fresh HOME.

Run by ``tests/keyring/run_secret_service.sh`` (which sets WAZUH_MCP_TEST_SECRET_SERVICE=1);
skipped, with that reason, in a plain ``pytest`` run where no private keyring daemon exists.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    os.environ.get("WAZUH_MCP_TEST_SECRET_SERVICE") != "1",
    reason="needs a private Secret Service: run tests/keyring/run_secret_service.sh",
)

REPO = Path(__file__).resolve().parents[2]
API_PW = "Ks-Api-7f3b9c1e"
IDX_PW = "Ks-Idx-0d4e8a2f"


@pytest.fixture(autouse=True)
def real_keyring() -> Iterator[None]:
    """The backend keyring picks by itself (no test backend), cleaned of our entries afterwards."""
    import keyring.core

    keyring.core.init_backend()
    yield
    from wazuh_mcp.config import secrets

    for profile in ("ci", "prod"):
        for which in ("api", "indexer"):
            secrets.delete_password(profile, which)
    # keyring's SecretService backend opens a D-Bus connection per call and leaves it to the garbage
    # collector; collect them here, where their ResourceWarning is known and expected.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()


def child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO)}


def read_in_another_process(profile: str, which: str) -> str:
    code = f"from wazuh_mcp.config import secrets; print(secrets.get_password({profile!r}, {which!r}) or '')"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=child_env(), timeout=60, check=True
    )
    return done.stdout.strip()


def test_the_backend_is_the_secret_service() -> None:
    from wazuh_mcp.config import secrets

    assert secrets.backend_name() == "keyring.backends.SecretService.Keyring"


def test_round_trip_through_d_bus_and_across_processes() -> None:
    from wazuh_mcp.config import secrets

    secrets.set_password("ci", "api", API_PW)
    assert secrets.get_password("ci", "api") == API_PW
    assert read_in_another_process("ci", "api") == API_PW
    secrets.delete_password("ci", "api")
    assert secrets.get_password("ci", "api") is None
    secrets.delete_password("ci", "api")  # deleting what is not there is not an error


def test_scripted_setup_puts_passwords_in_the_keyring_and_nowhere_else(tmp_path: Path) -> None:
    env = {
        **child_env(),
        "WAZUH_MCP_CONFIG": str(tmp_path / "config.toml"),
        "WAZUH_MCP_STATE_DIR": str(tmp_path / "state"),
    }
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "wazuh_mcp",
            "setup",
            "--non-interactive",
            "--profile",
            "prod",
            "--no-test",
            "--api-url",
            "https://wazuh.example.org:55000",
            "--api-user",
            "wazuh-mcp",
            "--indexer-url",
            "https://wazuh.example.org:9200",
            "--indexer-user",
            "reader",
        ],
        input=f"{API_PW}\n{IDX_PW}\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert read_in_another_process("prod", "api") == API_PW
    assert read_in_another_process("prod", "indexer") == IDX_PW
    # No file anywhere under HOME or the test dir holds either password in plain text
    # (gnome-keyring's own store is encrypted).
    for root in (Path.home(), tmp_path):
        for path in root.rglob("*"):
            if path.is_file():
                data = path.read_bytes()
                assert API_PW.encode() not in data and IDX_PW.encode() not in data, path


def test_a_locked_keyring_is_a_clear_error_not_a_fallback() -> None:
    import secretstorage

    from wazuh_mcp.config import secrets
    from wazuh_mcp.errors import ConfigurationError

    secrets.set_password("ci", "api", API_PW)
    connection = secretstorage.dbus_init()
    collection = secretstorage.get_default_collection(connection)
    collection.lock()
    try:
        with pytest.raises(ConfigurationError) as err:
            secrets.get_password("ci", "api")
        assert "locked" in err.value.message and err.value.hint
        with pytest.raises(ConfigurationError, match="locked"):
            secrets.set_password("ci", "api", "other")
    finally:
        connection.close()
        # Unlocking wants a prompt, and there is no display: restart the daemon unlocked instead.
        subprocess.run(
            ["gnome-keyring-daemon", "--replace", "--unlock", "--components=secrets"],
            input=os.environ["WAZUH_MCP_TEST_KEYRING_PASSWORD"],
            text=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=30,
            check=True,
        )
    assert secrets.get_password("ci", "api") == API_PW
