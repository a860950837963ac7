"""One test per precedence rule of Settings (see wazuh_mcp/config/settings.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from wazuh_mcp.config.settings import Settings, config_path, selected_profile
from wazuh_mcp.errors import ConfigurationError


def write_config(text: str) -> Path:
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_defaults_without_file_or_env() -> None:
    settings = Settings.load()
    assert settings.api.url is None
    assert settings.api.verify_tls is True
    assert settings.indexer.alerts_pattern == "wazuh-alerts-*"
    assert settings.indexer.vulnerabilities_pattern == "wazuh-states-vulnerabilities*"
    assert settings.role == "analyst"
    assert settings.writes is False


def test_profile_table_overrides_defaults() -> None:
    write_config('[profiles.default.api]\nurl = "https://wazuh.lab:55000"\nuser = "soc"\n')
    assert Settings.load().api.url == "https://wazuh.lab:55000"
    assert Settings.load().api.user == "soc"


def test_env_overrides_profile() -> None:
    write_config('[profiles.default.api]\nurl = "https://from-file:55000"\n')
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("WAZUH_MCP_API_URL", "https://from-env:55000")
        mp.setenv("WAZUH_MCP_INDEXER_ALERTS_PATTERN", "custom-alerts-*")
        settings = Settings.load()
    assert settings.api.url == "https://from-env:55000"
    assert settings.indexer.alerts_pattern == "custom-alerts-*"


def test_keyword_overrides_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAZUH_MCP_ROLE", "readonly")
    assert Settings.load(role="admin").role == "admin"


def test_explicit_profile_beats_env_profile_and_default_profile(monkeypatch: pytest.MonkeyPatch) -> None:
    write_config(
        'default_profile = "prod"\n'
        '[profiles.prod]\nrole = "readonly"\n'
        '[profiles.lab]\nrole = "admin"\n'
        '[profiles.staging]\nrole = "analyst"\n'
    )
    assert Settings.load().role == "readonly"  # the file's default_profile
    monkeypatch.setenv("WAZUH_MCP_PROFILE", "lab")
    assert selected_profile() == "lab"
    assert Settings.load().role == "admin"  # env profile beats the file's default
    assert Settings.load(profile="staging").role == "analyst"  # explicit beats env


def test_writes_switch_accepts_on_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAZUH_MCP_WRITES", "on")
    assert Settings.load().writes is True
    monkeypatch.setenv("WAZUH_MCP_WRITES", "off")
    assert Settings.load().writes is False


def test_audit_log_env_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("WAZUH_MCP_AUDIT_LOG", str(tmp_path / "a.jsonl"))
    assert Settings.load().audit_path == tmp_path / "a.jsonl"


def test_password_env_vars_never_become_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAZUH_MCP_API_PASSWORD", "hunter2")
    monkeypatch.setenv("WAZUH_MCP_INDEXER_PASSWORD", "hunter3")
    dumped = Settings.load().model_dump_json()
    assert "hunter2" not in dumped and "hunter3" not in dumped


def test_password_in_settings_file_is_refused() -> None:
    write_config('[profiles.default.api]\nurl = "https://x:55000"\npassword = "hunter2"\n')
    with pytest.raises(ConfigurationError) as err:
        Settings.load()
    assert "keyring" in str(err.value)
    assert "hunter2" not in str(err.value)


def test_malformed_settings_file_is_a_clear_error() -> None:
    path = write_config("[profiles.default\nurl=")
    with pytest.raises(ConfigurationError) as err:
        Settings.load()
    assert str(path) in str(err.value)


def test_unknown_key_in_a_section_is_rejected() -> None:
    write_config('[profiles.default.api]\nurll = "https://typo:55000"\n')
    with pytest.raises(Exception) as err:
        Settings.load()
    assert "urll" in str(err.value)


def test_every_variable_in_the_readme_table_reaches_its_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's configuration table is executed, not just read."""
    import re

    from tests.conftest import REPO

    readme = (REPO / "README.md").read_text()
    documented = set(re.findall(r"`(WAZUH_MCP_[A-Z_]+)`", readme))
    values = {
        "WAZUH_MCP_API_URL": ("https://m:55000", lambda s: s.api.url),
        "WAZUH_MCP_API_USER": ("soc", lambda s: s.api.user),
        "WAZUH_MCP_API_VERIFY_TLS": ("false", lambda s: s.api.verify_tls),
        "WAZUH_MCP_API_CA_BUNDLE": ("/ca.pem", lambda s: str(s.api.ca_bundle)),
        "WAZUH_MCP_API_TIMEOUT_S": ("7", lambda s: s.api.timeout_s),
        "WAZUH_MCP_API_RUN_AS": ('{"username": "alice"}', lambda s: s.api.run_as),
        "WAZUH_MCP_INDEXER_URL": ("https://i:9200", lambda s: s.indexer.url),
        "WAZUH_MCP_INDEXER_USER": ("reader", lambda s: s.indexer.user),
        "WAZUH_MCP_INDEXER_VERIFY_TLS": ("false", lambda s: s.indexer.verify_tls),
        "WAZUH_MCP_INDEXER_CA_BUNDLE": ("/ca2.pem", lambda s: str(s.indexer.ca_bundle)),
        "WAZUH_MCP_INDEXER_TIMEOUT_S": ("9", lambda s: s.indexer.timeout_s),
        "WAZUH_MCP_INDEXER_ALERTS_PATTERN": ("a-*", lambda s: s.indexer.alerts_pattern),
        "WAZUH_MCP_INDEXER_VULNERABILITIES_PATTERN": ("v-*", lambda s: s.indexer.vulnerabilities_pattern),
        "WAZUH_MCP_INDEXER_FINDINGS_PATTERN": ("f-*", lambda s: s.indexer.findings_pattern),
        "WAZUH_MCP_INDEXER_ARCHIVES_PATTERN": ("r-*", lambda s: s.indexer.archives_pattern),
        "WAZUH_MCP_INDEXER_EVENTS_PATTERN": ("e-*", lambda s: s.indexer.events_pattern),
        "WAZUH_MCP_INDEXER_INVENTORY_PATTERN": ("inv-{kind}-*", lambda s: s.indexer.inventory_pattern),
        "WAZUH_MCP_INDEXER_STATES_PATTERN": ("st-{kind}-*", lambda s: s.indexer.states_pattern),
        "WAZUH_MCP_ROLE": ("readonly", lambda s: s.role),
        "WAZUH_MCP_WRITES": ("on", lambda s: s.writes),
        "WAZUH_MCP_AUDIT_LOG": ("/tmp/x.jsonl", lambda s: str(s.audit_log)),
        "WAZUH_MCP_HTTP_HOST": ("0.0.0.0", lambda s: s.http.host),
        "WAZUH_MCP_HTTP_PORT": ("9000", lambda s: s.http.port),
        "WAZUH_MCP_HTTP_TLS_CERT": ("/c.pem", lambda s: str(s.http.tls_cert)),
        "WAZUH_MCP_HTTP_TLS_KEY": ("/k.pem", lambda s: str(s.http.tls_key)),
        "WAZUH_MCP_HTTP_ALLOW_PLAINTEXT": ("true", lambda s: s.http.allow_plaintext),
        "WAZUH_MCP_HTTP_PUBLIC_URL": ("https://mcp.example/mcp", lambda s: s.http.public_url),
        "WAZUH_MCP_HTTP_HEADER_TIMEOUT_S": ("4", lambda s: s.http.header_timeout_s),
        "WAZUH_MCP_HTTP_BODY_TIMEOUT_S": ("6", lambda s: s.http.body_timeout_s),
        "WAZUH_MCP_OAUTH_ISSUER": ("https://idp/realms/soc", lambda s: s.oauth.issuer),
        "WAZUH_MCP_OAUTH_AUDIENCE": ("wazuh-mcp", lambda s: s.oauth.audience),
        "WAZUH_MCP_OAUTH_JWKS_URL": ("https://idp/certs", lambda s: s.oauth.jwks_url),
        "WAZUH_MCP_OAUTH_USER_CLAIM": ("wz", lambda s: s.oauth.user_claim),
        "WAZUH_MCP_OAUTH_ROLE_CLAIM": ("roles", lambda s: s.oauth.role_claim),
        "WAZUH_MCP_OAUTH_ROLE_MAP": ('{"soc-leads": "admin"}', lambda s: s.oauth.role_map),
        "WAZUH_MCP_OAUTH_DEFAULT_ROLE": ("readonly", lambda s: s.oauth.default_role),
        "WAZUH_MCP_OAUTH_SCOPES": ('["api://wazuh-mcp/mcp.use"]', lambda s: s.oauth.scopes),
        "WAZUH_MCP_TEAM_STORE": ("indexer", lambda s: s.team.store),
        "WAZUH_MCP_TEAM_REPLICA_ID": ("mcp-2", lambda s: s.team.replica_id),
        "WAZUH_MCP_TEAM_LEASE_S": ("90", lambda s: s.team.lease_s),
        "WAZUH_MCP_TEAM_CHANGES_INDEX": ("soc-changes", lambda s: s.team.changes_index),
        "WAZUH_MCP_TEAM_AUDIT_PREFIX": ("soc-audit", lambda s: s.team.audit_prefix),
    }
    expected = {
        "WAZUH_MCP_API_VERIFY_TLS": False,
        "WAZUH_MCP_INDEXER_VERIFY_TLS": False,
        "WAZUH_MCP_API_TIMEOUT_S": 7.0,
        "WAZUH_MCP_INDEXER_TIMEOUT_S": 9.0,
        "WAZUH_MCP_API_RUN_AS": {"username": "alice"},
        "WAZUH_MCP_WRITES": True,
        "WAZUH_MCP_HTTP_PORT": 9000,
        "WAZUH_MCP_HTTP_HEADER_TIMEOUT_S": 4.0,
        "WAZUH_MCP_HTTP_BODY_TIMEOUT_S": 6.0,
        "WAZUH_MCP_HTTP_ALLOW_PLAINTEXT": True,
        "WAZUH_MCP_OAUTH_ROLE_MAP": {"soc-leads": "admin"},
        "WAZUH_MCP_OAUTH_SCOPES": ["api://wazuh-mcp/mcp.use"],
        "WAZUH_MCP_TEAM_LEASE_S": 90.0,
    }
    for name, (raw, _) in values.items():
        monkeypatch.setenv(name, raw)
    settings = Settings.load()
    for name, (raw, read) in values.items():
        assert read(settings) == expected.get(name, raw), name
    # Every documented variable is either a setting checked above or read elsewhere on purpose.
    elsewhere = {
        "WAZUH_MCP_PROFILE",
        "WAZUH_MCP_STATE_DIR",
        "WAZUH_MCP_DEBUG",
        "WAZUH_MCP_CONFIG",
        "WAZUH_MCP_RUNTIME_DIR",  # read by the one-file launcher (packaging/launcher), tested there
        "WAZUH_MCP_EXECUTABLE",  # set by that launcher for the program it starts (tests/unit/test_serve_command.py)
        "WAZUH_MCP_DEMO",  # the bundle's Demo mode: `serve --demo` (tests/unit/test_bundle_env.py)
        "WAZUH_MCP_SHARED",  # development: the reference data's folder, for the test bed's loaders
        "WAZUH_MCP_API_PASSWORD",
        "WAZUH_MCP_INDEXER_PASSWORD",
        "WAZUH_MCP_AUDIT_ANCHOR",  # read by runtime/audit_anchor.py, tested in tests/hardening/test_h1_audit_loss.py
        "WAZUH_MCP_INTEGRITY_KEY",  # a secret, read by config/integrity.py (tests/hardening/serving.py sets it)
    }
    assert documented - set(values) <= elsewhere, documented - set(values) - elsewhere


def test_unreadable_settings_file_is_a_clear_error_for_serve_too(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", "serve"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"WAZUH_MCP_CONFIG": str(tmp_path), "WAZUH_MCP_STATE_DIR": str(tmp_path / "s"), "PATH": "/usr/bin:/bin"},
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert "configuration_error: Cannot read the settings file" in done.stderr and "Traceback" not in done.stderr


def test_env_names_are_case_insensitive_and_merge_into_the_profile_section(monkeypatch: pytest.MonkeyPatch) -> None:
    """A variable sets one key of a section; the file's other keys stay (a deep merge, not a replacement)."""
    write_config('[profiles.default.api]\nurl = "https://from-file:55000"\nuser = "soc"\n')
    monkeypatch.setenv("wazuh_mcp_api_url", "https://lower:55000")
    settings = Settings.load()
    assert (settings.api.url, settings.api.user) == ("https://lower:55000", "soc")


def test_a_section_as_json_and_its_keys_one_by_one_combine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAZUH_MCP_INDEXER", '{"url": "https://json:9200", "user": "json"}')
    monkeypatch.setenv("WAZUH_MCP_INDEXER_USER", "single")
    settings = Settings.load()
    assert (settings.indexer.url, settings.indexer.user) == ("https://json:9200", "single")


def test_dict_settings_take_a_key_per_variable_or_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAZUH_MCP_ROLE_TOOL_ALLOWLIST_TRIAGE", '["alerts.*"]')
    monkeypatch.setenv("WAZUH_MCP_WRITE_TIERS", '{"write.restart_agent": "caller_attested"}')
    monkeypatch.setenv("WAZUH_MCP_RESPONSES_ALLOWED_COMMANDS", '["firewall-drop"]')
    settings = Settings.load()
    assert settings.role_tool_allowlist == {"triage": ["alerts.*"]}  # what the environment says replaces the defaults
    assert settings.write_tiers == {"write.restart_agent": "caller_attested"}
    assert settings.responses.allowed_commands == ["firewall-drop"]


def test_an_unknown_section_variable_is_rejected_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAZUH_MCP_API_URLL", "https://typo:55000")
    with pytest.raises(Exception) as err:
        Settings.load()
    assert "urll" in str(err.value)


def test_a_list_variable_that_is_not_json_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAZUH_MCP_OAUTH_ALGORITHMS", "RS256,ES256")
    with pytest.raises(ConfigurationError) as err:
        Settings.load()
    assert "WAZUH_MCP_OAUTH_ALGORITHMS" in str(err.value) and "JSON" in err.value.render()


def test_unrelated_wazuh_mcp_variables_are_not_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAZUH_MCP_DEBUG", "1")
    monkeypatch.setenv("WAZUH_MCP_DEMO", "1")
    monkeypatch.setenv("WAZUH_MCP_ROLES", "admin")  # not WAZUH_MCP_ROLE
    assert Settings.load().role == "analyst"


def test_settings_made_directly_read_the_environment_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAZUH_MCP_ROLE", "readonly")
    assert Settings().role == "readonly"
    assert Settings(role="admin").role == "admin"


def test_an_inventory_pattern_without_its_kind_placeholder_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each inventory kind (processes, packages, ports) has an index of its own: a pattern without ``{kind}``
    would send all three tools to the same indices."""
    monkeypatch.setenv("WAZUH_MCP_INDEXER_INVENTORY_PATTERN", "wazuh-states-inventory-*")
    with pytest.raises((ConfigurationError, ValidationError)):
        Settings.load()
