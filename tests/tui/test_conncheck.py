"""The connection test against a real Server API stand-in (HTTPS, real JWT login, real RBAC) and a
real Indexer engine: one test per diagnosis the wizard promises."""

from __future__ import annotations

import socket
from pathlib import Path
from urllib.parse import urlsplit

from opensearchpy import OpenSearch

from standin.app import StandinConfig
from standin.server import StandinServer
from tests.indexer.sample_bed import alerts_index_body, as_wazuh5, vulnerabilities_index_body, vulnerability_hits
from tests.tui.conftest import api_password
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.setup.conncheck import (
    Check,
    ConnectionReport,
    _Runner,
    _version_check,
    last_report,
    run_connection_test,
    save_report,
)


def settings(
    api_url: str,
    *,
    user: str = "wazuh",
    ca: Path | None = None,
    verify: bool = True,
    indexer_url: str | None = None,
    indexer_user: str | None = "admin",
) -> Settings:
    return Settings.load(
        profile="t",
        api={"url": api_url, "user": user, "ca_bundle": ca, "verify_tls": verify},
        indexer={"url": indexer_url, "user": indexer_user if indexer_url else None, "verify_tls": verify},
    )


def by_key(report: ConnectionReport) -> dict[str, Check]:
    return {c.key: c for c in report.checks}


def host_port(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port}"


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_green(standin: StandinServer, indexer_url: str) -> None:
    seen: list[tuple[str, str]] = []
    report = await run_connection_test(
        settings(standin.url, ca=standin.ca_path, indexer_url=indexer_url),
        profile="t",
        api_password=api_password(),
        indexer_password="any",
        progress=lambda c: seen.append((c.key, c.status)),
    )
    checks = by_key(report)
    assert checks["api.login"].status == "ok" and "Logged in as wazuh" in checks["api.login"].detail
    assert checks["api.version"].status == "ok" and report.wazuh_version == "4.14.7"
    assert checks["api.call"].status == "ok" and "agent(s) visible" in checks["api.call"].detail
    assert checks["indexer.alerts"].status == "ok" and "1 alert(s)" in checks["indexer.alerts"].detail
    assert checks["indexer.vulns"].status == "warn"  # no scan has run on this Indexer yet
    # this Indexer speaks plain HTTP (osmem has no TLS): said so; the Server API's handshake verified its
    # certificate against the CA bundle, and says so
    tls = checks["tls"]
    assert tls.status == "warn" and f"Indexer {host_port(indexer_url)}: plain HTTP" in tls.detail
    assert f"Server API {host_port(standin.url)}: TLSv1." in tls.detail
    assert f"certificate verified (CA bundle {standin.ca_path})" in tls.detail
    assert report.status == "warn" and report.ok
    # progress: each step announced as running before its outcome
    assert seen.index(("api.login", "running")) < seen.index(("api.login", "ok"))


async def test_wrong_password_is_a_401(standin: StandinServer) -> None:
    report = await run_connection_test(
        settings(standin.url, ca=standin.ca_path), profile="t", api_password="not-the-password"
    )
    login = by_key(report)["api.login"]
    assert login.status == "fail"
    assert "refused user 'wazuh'" in login.detail and "wrong user or password" in login.detail
    assert "api.call" not in by_key(report) and not report.ok


async def test_403_names_the_missing_rbac_action(standin: StandinServer) -> None:
    report = await run_connection_test(
        settings(standin.url, user="nobody", ca=standin.ca_path), profile="t", api_password=api_password("nobody")
    )
    call = by_key(report)["api.call"]
    assert by_key(report)["api.login"].status == "ok"
    assert call.status == "fail" and "'agent:read'" in call.detail
    assert call.hint and "agent:read" in call.hint


async def test_untrusted_certificate_hints_at_the_ca_bundle(standin: StandinServer) -> None:
    report = await run_connection_test(settings(standin.url), profile="t", api_password=api_password())
    login = by_key(report)["api.login"]
    assert login.status == "fail" and "does not trust" in login.detail
    assert login.hint and "ca_bundle" in login.hint


async def test_missing_ca_bundle_file(standin: StandinServer, tmp_path: Path) -> None:
    report = await run_connection_test(
        settings(standin.url, ca=tmp_path / "nope.pem"), profile="t", api_password=api_password()
    )
    login = by_key(report)["api.login"]
    assert login.status == "fail" and "nope.pem does not exist" in login.detail


async def test_a_closed_port_is_refused_with_the_fix_and_nothing_is_claimed_verified() -> None:
    api_port, indexer_port = closed_port(), closed_port()
    report = await run_connection_test(
        settings(f"https://127.0.0.1:{api_port}", indexer_url=f"https://127.0.0.1:{indexer_port}"),
        profile="t",
        api_password="x",
        indexer_password="y",
    )
    checks = by_key(report)
    tls = checks["tls"]
    assert tls.status == "fail" and not report.ok
    assert f"Server API 127.0.0.1:{api_port}: connection refused" in tls.detail
    assert f"Indexer 127.0.0.1:{indexer_port}: connection refused" in tls.detail
    assert tls.hint and "systemctl start wazuh-manager" in tls.hint and "systemctl start wazuh-indexer" in tls.hint
    assert not any("verified" in c.detail for c in report.checks)
    # the logins are not tried: they could only repeat the refusal, less precisely
    assert checks["api.login"].status == checks["indexer.alerts"].status == "skip"


async def test_name_not_resolved() -> None:
    report = await run_connection_test(
        settings("https://wazuh.nonexistent.invalid:55000", indexer_url="https://idx.nonexistent.invalid:9200"),
        profile="t",
        api_password="x",
        indexer_password="y",
    )
    tls = by_key(report)["tls"]
    assert "Server API wazuh.nonexistent.invalid:55000: the host name does not resolve" in tls.detail
    assert "Indexer idx.nonexistent.invalid:9200: the host name does not resolve" in tls.detail


async def test_no_alerts_indices_under_the_pattern(standin: StandinServer, empty_indexer_url: str) -> None:
    report = await run_connection_test(
        settings(standin.url, ca=standin.ca_path, indexer_url=empty_indexer_url),
        profile="t",
        api_password=api_password(),
        indexer_password="x",
    )
    alerts = by_key(report)["indexer.alerts"]
    assert alerts.status == "fail" and "No alerts indices match 'wazuh-alerts-*'" in alerts.detail


async def test_plain_http_and_verification_off_are_warned(indexer_url: str) -> None:
    with StandinServer(tls=False) as plain:
        report = await run_connection_test(
            settings(plain.url, indexer_url=indexer_url), profile="t", api_password=api_password(), indexer_password="x"
        )
    tls = by_key(report)["tls"]
    assert tls.status == "warn" and f"Server API {host_port(plain.url)}: plain HTTP" in tls.detail
    with StandinServer(tls=True) as secure:
        report = await run_connection_test(settings(secure.url, verify=False), profile="t", api_password=api_password())
    assert by_key(report)["api.login"].status == "ok"
    tls = by_key(report)["tls"]
    assert "certificate NOT verified" in tls.detail and "verification is OFF" in tls.detail
    assert "certificate verified" not in tls.detail


async def test_an_untrusted_certificate_is_not_called_verified(standin: StandinServer) -> None:
    report = await run_connection_test(settings(standin.url), profile="t", api_password=api_password())
    tls = by_key(report)["tls"]
    assert tls.status == "fail" and "the certificate is not trusted" in tls.detail
    assert tls.hint and "root-ca.pem" in tls.hint


async def test_missing_password_says_where_to_enter_it(standin: StandinServer) -> None:
    report = await run_connection_test(settings(standin.url, ca=standin.ca_path), profile="never-saved")
    login = by_key(report)["api.login"]
    assert "No password for Server API user 'wazuh' (profile 'never-saved')" in login.detail
    assert login.hint and "wazuh-mcp setup" in login.hint


def test_version_diagnosis() -> None:
    def verdict(version: str) -> Check:
        report = ConnectionReport(profile="t")
        _version_check(_Runner(report, None), version)
        return report.checks[0]

    assert verdict("4.14.7").status == "ok"
    five = verdict("5.0.0")
    assert five.status == "warn" and "Not on 5.x:" in five.detail and "wazuh-events-v5" in five.detail
    assert "wazuh-findings-v5" in five.detail  # the alert tools read 5.x findings
    assert "cluster_status" in five.detail and "/rules/files" in five.detail
    assert verdict("v4.7.2").status == "warn" and "4.8" in verdict("v4.7.2").detail
    assert verdict("4.15.0").status == "warn" and "serves Wazuh 4.8 to 4.14" in verdict("4.15.0").detail
    assert verdict("6.0.0").status == "warn" and "serves Wazuh 4.8 to 4.14" in verdict("6.0.0").detail
    assert verdict("").status == "warn" and "did not report" in verdict("").detail


def test_last_report_is_kept_per_profile() -> None:
    assert last_report("lab") is None
    save_report(
        ConnectionReport(
            profile="lab",
            checks=[Check("tls", "T", "ok", "fine")],
            wazuh_version="4.14.7",
            finished="2026-01-30T10:00:00.000Z",
        )
    )
    save_report(ConnectionReport(profile="prod", checks=[Check("tls", "T", "fail", "bad")]))
    lab = last_report("lab")
    assert lab is not None and lab.status == "ok" and lab.wazuh_version == "4.14.7"
    prod = last_report("prod")
    assert prod is not None and prod.status == "fail"


# --- issue 9: indices the tools would answer partial on, and Wazuh 5.x, named by the test -------------


async def test_alerts_index_without_wazuhs_template_is_listed_with_the_fix(empty_indexer_url: str) -> None:
    client = OpenSearch(hosts=[empty_indexer_url])
    client.indices.create(index="wazuh-alerts-4.x-good", body=alerts_index_body())
    client.index(index="wazuh-alerts-4.x-good", body={"timestamp": "2026-01-30T10:00:00Z", "rule": {"id": "1"}})
    client.index(index="wazuh-alerts-4.x-bad", body={"timestamp": "2026-01-30T10:00:00Z", "rule": {"id": "5710"}})
    client.indices.refresh(index="wazuh-alerts-*")
    client.close()
    report = await run_connection_test(settings("", indexer_url=empty_indexer_url, indexer_user=None), profile="t")
    check = by_key(report)["indexer.alerts.mappings"]
    assert check.status == "warn"
    assert "wazuh-alerts-4.x-bad: rule.id is text (Wazuh maps it keyword)" in check.detail
    assert "wazuh-alerts-4.x-good" not in check.detail
    assert check.hint is not None and "template" in check.hint and "reindex" in check.hint


async def test_wazuh_5_indices_are_told_apart(empty_indexer_url: str) -> None:
    client = OpenSearch(hosts=[empty_indexer_url])
    body5 = vulnerabilities_index_body(v5=True)
    client.indices.create(index="wazuh-states-vulnerabilities", body=body5)
    source = vulnerability_hits()[0]["_source"]
    client.index(index="wazuh-states-vulnerabilities", body=as_wazuh5(source, body5["mappings"]), refresh=True)
    client.indices.create(index="wazuh-events-v5-system-activity")
    client.close()
    report = await run_connection_test(settings("", indexer_url=empty_indexer_url, indexer_user=None), profile="t")
    checks = by_key(report)
    assert checks["indexer.alerts"].status == "fail"
    assert (
        "Wazuh 5.x" in checks["indexer.alerts"].detail
        and "wazuh-events-v5-system-activity" in checks["indexer.alerts"].detail
    )
    assert checks["indexer.vulns"].status == "ok"  # 5.x vulnerability state is read in its own names
    assert (
        checks["indexer.vulns"].detail
        == "1 vulnerability record(s) under 'wazuh-states-vulnerabilities*' (Wazuh 5.x layout)."
    )


async def test_an_empty_5x_estate_is_a_warning_not_a_missing_permission() -> None:
    """5.x lists no agent 000, so no agent at all may be a new estate (the 4.x rule would call it forbidden)."""
    with StandinServer(tls=True, config=StandinConfig(generation=5, agent_count=0)) as empty:
        report = await run_connection_test(
            settings(empty.url, ca=empty.ca_path), profile="t", api_password=api_password()
        )
    checks = by_key(report)
    assert checks["api.version"].status == "warn" and report.wazuh_version == "5.0.0"
    assert checks["api.call"].status == "warn" and "no agent has enrolled yet" in checks["api.call"].detail
