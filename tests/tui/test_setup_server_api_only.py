"""Issue 25: `setup --non-interactive` insisted on an Indexer URL and user for a profile that uses only the
Server API (agents, rules, changes, responses). Without them it now saves a profile with no Indexer, reads
one password line, and the connection test checks the Server API it has, against the stand-in."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from standin.server import StandinServer
from tests.tui.conftest import api_password
from wazuh_mcp.config.settings import config_path

NO_KEYRING = {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}


def test_a_server_api_only_profile_is_set_up_without_indexer_flags(standin: StandinServer, isolated_env: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_PASSWORD")} | NO_KEYRING
    argv = [sys.executable, "-m", "wazuh_mcp", "setup", "--non-interactive", "--api-url", standin.url]
    argv += ["--api-user", "wazuh", "--ca-bundle", str(standin.ca_path)]
    done = subprocess.run(argv, env=env, input=f"{api_password()}\n", capture_output=True, text=True, timeout=120)
    said = done.stdout + done.stderr
    assert "needs --indexer-url" not in said and "Traceback" not in said, said
    assert done.returncode == 0, said
    profile = tomllib.loads(config_path().read_text())["profiles"]["default"]
    assert profile["api"]["url"] == standin.url and not (profile.get("indexer") or {}).get("url")
    assert "Connection test" in said and "Server API" in said


def test_an_indexer_url_without_its_user_is_still_refused(standin: StandinServer, isolated_env: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_PASSWORD")} | NO_KEYRING
    argv = [sys.executable, "-m", "wazuh_mcp", "setup", "--non-interactive", "--api-url", standin.url]
    argv += ["--api-user", "wazuh", "--indexer-url", "https://127.0.0.1:9", "--no-test"]
    done = subprocess.run(argv, env=env, input="x\ny\n", capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Enter the Indexer user." in done.stderr, done.stdout + done.stderr
