"""Saving a profile: passwords to the keyring only, the rest to a 0600 TOML file; all or nothing."""

from __future__ import annotations

import stat
import tomllib
from pathlib import Path
from typing import Any

import keyring
import pytest
from keyring.backends import fail

from tests.tui.conftest import MemoryKeyring
from wazuh_mcp.config import profiles
from wazuh_mcp.config.settings import Settings, config_path
from wazuh_mcp.errors import ConfigurationError, InvalidArgument
from wazuh_mcp.setup.flow import ProfileInput, check_input, parse_run_as, save_profile

API_PW = "Api-S3cret!"
IDX_PW = "Idx-S3cret!"


def entered(name: str = "prod", **changes: object) -> ProfileInput:
    values: dict[str, object] = dict(
        name=name,
        api_url="https://wazuh.example.org:55000",
        api_user="wazuh-mcp",
        api_password=API_PW,
        indexer_url="https://wazuh.example.org:9200",
        indexer_user="reader",
        indexer_password=IDX_PW,
    )
    values.update(changes)
    return ProfileInput(**values)  # type: ignore[arg-type]


def test_passwords_to_the_keyring_rest_to_a_0600_file(memory_keyring: MemoryKeyring, tmp_path: Path) -> None:
    ca = tmp_path / "root-ca.pem"
    ca.write_text("-----BEGIN CERTIFICATE-----\n")
    path = save_profile(entered(ca_bundle=str(ca), run_as={"username": "alice"}, role="readonly", writes=True))
    assert path == config_path()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    text = path.read_text()
    assert API_PW not in text and IDX_PW not in text and "password =" not in text
    assert memory_keyring.entries == {("wazuh-mcp", "prod:api"): API_PW, ("wazuh-mcp", "prod:indexer"): IDX_PW}
    settings = Settings.load()  # the first profile became the default
    assert settings.api.url == "https://wazuh.example.org:55000" and settings.api.ca_bundle == ca
    assert settings.api.run_as == {"username": "alice"} and settings.role == "readonly" and settings.writes
    assert settings.indexer.user == "reader" and settings.indexer.ca_bundle == ca


def test_named_profiles_with_one_default() -> None:
    save_profile(entered("prod"))
    save_profile(entered("lab", api_url="https://lab:55000"))
    document = tomllib.loads(config_path().read_text())
    assert document["default_profile"] == "prod"
    assert profiles.profile_names(document) == ["lab", "prod"]
    save_profile(entered("lab", api_url="https://lab:55000", api_password="", indexer_password="", make_default=True))
    assert Settings.load().api.url == "https://lab:55000"
    assert Settings.load(profile="prod").api.url == "https://wazuh.example.org:55000"


def test_editing_keeps_keys_the_wizard_does_not_show() -> None:
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        'default_profile = "prod"\nowner = "soc"\n\n[profiles.prod]\nrole = "analyst"\ntool_timeout_s = 30.0\n'
        '[profiles.prod.role_tool_allowlist]\nhunter = ["hunt.*"]\n'
        '[profiles.prod.api]\nurl = "https://old:55000"\nuser = "old"\ntimeout_s = 5.0\n'
        '[profiles.prod.indexer]\nalerts_pattern = "custom-alerts-*"\n'
        '[profiles.other.api]\nurl = "https://other:55000"\n'
    )
    edited = ProfileInput.from_profile("prod")
    assert edited.api_url == "https://old:55000" and edited.make_default
    edited.api_url, edited.api_user, edited.api_password, edited.role = "https://new:55000", "new", API_PW, "hunter"
    save_profile(edited)
    document = tomllib.loads(path.read_text())
    assert document["owner"] == "soc" and document["profiles"]["other"]["api"]["url"] == "https://other:55000"
    prod = document["profiles"]["prod"]
    assert prod["tool_timeout_s"] == 30.0 and prod["role_tool_allowlist"] == {"hunter": ["hunt.*"]}
    assert prod["api"] == {"timeout_s": 5.0, "url": "https://new:55000", "user": "new", "verify_tls": True}
    assert prod["indexer"]["alerts_pattern"] == "custom-alerts-*"
    assert Settings.load().role == "hunter"


@pytest.mark.parametrize(
    ("changes", "field", "text"),
    [
        ({"api_url": "wazuh.example.org"}, "api_url", "must look like https://host:port"),
        ({"api_url": "https://host:99999"}, "api_url", "invalid port"),
        ({"api_url": "https://wazuh server:55000"}, "api_url", "must look like https://host:port"),
        ({"api_url": ""}, "api_url", "Enter the Server API URL"),
        ({"api_user": " "}, "api_user", "Enter the Server API user"),
        ({"indexer_user": ""}, "indexer_user", "Enter the Indexer user"),
        ({"ca_bundle": "/nonexistent/root-ca.pem"}, "ca_bundle", "does not exist"),
        ({"name": "prod lab"}, "name", "profile name"),
        ({"role": "root"}, "role", "Unknown role"),
    ],
)
def test_bad_input_is_refused_with_a_reason(changes: dict[str, Any], field: str, text: str) -> None:
    checked = check_input(entered(**changes))
    assert text in checked.problems[field]
    with pytest.raises(InvalidArgument):
        save_profile(entered(**changes))
    assert not config_path().exists()


@pytest.mark.parametrize(
    ("url", "text"),
    [
        ("https://wazuh:S3cret-pw@wazuh.example.org:55000", "must not hold a user or password"),
        ("S3cret-pw", "must start with https://"),
        ("https://wazuh.example.org:55000S3cret-pw", "invalid port"),
        ("https://S3cret pw:55000", "host name"),
    ],
    ids=["user-password-at", "password-alone", "password-after-port", "password-as-host"],
)
def test_a_url_error_never_repeats_what_was_typed(url: str, text: str) -> None:
    """Issue 26 (10): a password typed (or auto-typed) into the URL field came back in the URL's error."""
    for field in ("api_url", "indexer_url"):
        problem = check_input(entered(**{field: url})).problems[field]
        assert text in problem and "S3cret" not in problem, problem


def test_plain_http_and_verification_off_are_warnings() -> None:
    checked = check_input(entered(api_url="http://wazuh:55000", verify_tls=False))
    assert checked.problems == {}
    assert any("plain HTTP" in w for w in checked.warnings)
    assert any("verification is OFF" in w for w in checked.warnings)


def test_run_as_must_be_a_json_object() -> None:
    assert parse_run_as("") is None
    assert parse_run_as('{"username": "alice"}') == {"username": "alice"}
    for bad in ("alice", "[1]", "{}"):
        with pytest.raises(InvalidArgument):
            parse_run_as(bad)


def test_empty_passwords_keep_the_stored_ones(memory_keyring: MemoryKeyring) -> None:
    save_profile(entered())
    save_profile(entered(api_password="", indexer_password="", api_user="renamed"))
    assert memory_keyring.entries[("wazuh-mcp", "prod:api")] == API_PW
    with pytest.raises(InvalidArgument, match="Server API and Indexer password"):
        save_profile(entered("fresh", api_password="", indexer_password=""))


def test_no_keyring_is_a_clear_error_and_nothing_is_written() -> None:
    keyring.set_keyring(fail.Keyring())
    with pytest.raises(ConfigurationError) as err:
        save_profile(entered())
    assert "No OS keyring" in err.value.message and "gnome-keyring" in (err.value.hint or "")
    assert not config_path().exists(), "never a plaintext fallback, and no half-written profile"


def test_a_settings_file_that_cannot_be_written_rolls_the_keyring_back(
    memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory_keyring.entries[("wazuh-mcp", "prod:api")] = "previous"

    def disk_full(*_: object, **__: object) -> None:
        raise ConfigurationError("Cannot write the settings file: No space left on device. Nothing was changed.")

    monkeypatch.setattr(profiles, "write_document", disk_full)
    with pytest.raises(ConfigurationError, match="Nothing was changed"):
        save_profile(entered())
    assert memory_keyring.entries == {("wazuh-mcp", "prod:api"): "previous"}, "old password back, new one gone"


def test_a_settings_path_under_a_file_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    monkeypatch.setenv("WAZUH_MCP_CONFIG", str(blocker / "config.toml"))
    with pytest.raises(ConfigurationError, match="Cannot read the settings file"):
        save_profile(entered())


@pytest.mark.parametrize("value", ['quote " and \\ backslash', "tab\tnew\nline", "unicodé ✓", "del\x7f", "", "a=b"])
def test_toml_writer_round_trips(value: str) -> None:
    document = {
        "default_profile": "x",
        "profiles": {
            "x": {"role": value, "n": 3, "f": 1.5, "b": False, "l": [value, "y"], "api": {"run_as": {"k y": value}}},
            "a b": {"writes": True},
        },
    }
    assert tomllib.loads(profiles.dumps(document)) == document
