"""The connection test: real logins and real calls against the Server API and the Indexer.

Each step ends in a ``Check`` with a specific diagnosis (the backends' errors already name the
cause: name not resolved, refused, untrusted certificate with the CA-bundle hint, 401, 403 with
the missing RBAC action). ``progress`` hears of every step twice, as ``running`` and then with
its outcome, so the wizard can show where it is. The last report per profile is kept in the
state dir for the launcher's home screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import ssl
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from wazuh_mcp import atomic
from wazuh_mcp.backends.api_generation import MAX_VERSION, generation_of, version_said
from wazuh_mcp.backends.indexer import Indexer
from wazuh_mcp.backends.indexer_shapes import IndexKind, total_hits
from wazuh_mcp.backends.jwks import fetch_discovery, fetch_jwks
from wazuh_mcp.backends.layout import (
    ALERT_FIELD_TYPES,
    VULNERABILITY_FIELD_TYPES,
    Layout,
    mapping_problems,
    v5_event_indices,
    vulnerability_layout,
    wazuh5_alerts_error,
    wazuh5_vulnerabilities_error,
)
from wazuh_mcp.backends.protocols import ServerApiBackend
from wazuh_mcp.backends.server_api_shapes import no_agent_on_v5, no_agent_readable
from wazuh_mcp.config.settings import TLS_OFF_WARNING, Settings, ensure_state_dir, state_dir
from wazuh_mcp.errors import ConfigurationError, NotFound, UpstreamUnavailable, WazuhMCPError
from wazuh_mcp.runtime.audit import now_iso
from wazuh_mcp.runtime.factory import indexer_from_settings, server_api_from_settings
from wazuh_mcp.untrusted import bound
from wazuh_mcp.writes.ar_commands import read_defined
from wazuh_mcp.writes.responses import configured_commands

Status = Literal["running", "ok", "warn", "fail", "skip"]
Progress = Callable[["Check"], None]


@dataclass(frozen=True)
class Check:
    key: str
    title: str
    status: Status
    detail: str = ""
    hint: str | None = None


@dataclass
class ConnectionReport:
    profile: str
    checks: list[Check] = field(default_factory=list)
    wazuh_version: str | None = None
    finished: str = ""

    @property
    def status(self) -> Literal["ok", "warn", "fail"]:
        states = {c.status for c in self.checks}
        return "fail" if "fail" in states else "warn" if "warn" in states else "ok"

    @property
    def ok(self) -> bool:
        return self.status != "fail"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ConnectionReport:
        checks = [Check(**c) for c in data.get("checks", []) if isinstance(c, dict)]
        return cls(
            profile=str(data.get("profile", "")),
            checks=checks,
            wazuh_version=data.get("wazuh_version"),
            finished=str(data.get("finished", "")),
        )


class _Runner:
    def __init__(self, report: ConnectionReport, progress: Progress | None) -> None:
        self.report = report
        self.progress = progress

    def start(self, key: str, title: str) -> None:
        if self.progress:
            self.progress(Check(key, title, "running"))

    def done(self, key: str, title: str, status: Status, detail: str, hint: str | None = None) -> Check:
        check = Check(key, title, status, detail, hint)
        self.report.checks.append(check)
        if self.progress:
            self.progress(check)
        return check

    def failed(self, key: str, title: str, exc: WazuhMCPError) -> Check:
        return self.done(key, title, "fail", exc.message, exc.hint)


@dataclass(frozen=True)
class _Reach:
    """What one handshake with one service showed."""

    status: Status
    detail: str
    hint: str | None = None
    unreached: bool = False
    """Nothing answered (refused, unresolved, silent): the login that would follow cannot get further."""


_START = {
    "Server API": "Start wazuh-manager (`systemctl start wazuh-manager`) or correct the port (the Server API "
    "listens on 55000).",
    "Indexer": "Start the Wazuh Indexer (`systemctl start wazuh-indexer`) or correct the port (the Indexer listens "
    "on 9200).",
}


async def _reach(what: str, url: str, verify_tls: bool, ca_bundle: Path | None, timeout_s: float) -> _Reach:
    """Connect to ``url`` and, for https, complete a TLS handshake with the settings' trust: the only ground
    for saying a certificate was verified. Refused, unresolved and untrusted are each said as such."""
    parts = urlsplit(url)
    host, https = parts.hostname or "", parts.scheme == "https"
    port = parts.port or (443 if https else 80)
    where = f"{what} {host}:{port}"
    context: ssl.SSLContext | None = None
    if https:
        try:
            context = ssl.create_default_context(cafile=str(ca_bundle) if ca_bundle else None)
        except (OSError, ssl.SSLError) as exc:  # missing or not a PEM file: nothing was checked
            return _Reach(
                "fail",
                f"{where}: not checked, the CA bundle {ca_bundle} cannot be read ({getattr(exc, 'strerror', None) or exc}).",
                "Point ca_bundle at the PEM file of your Wazuh root CA (root-ca.pem).",
            )
        if not verify_tls:
            context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    try:
        opened = asyncio.open_connection(host, port, ssl=context, server_hostname=host if https else None)
        _, writer = await asyncio.wait_for(opened, timeout=min(timeout_s, 10.0))
    except ssl.SSLCertVerificationError as exc:
        return _Reach(
            "fail",
            f"{where}: the certificate is not trusted ({exc.verify_message or exc.reason}).",
            "Set the CA bundle to the PEM of the CA that signed it (Wazuh's root-ca.pem).",
        )
    except ssl.SSLError as exc:
        return _Reach(
            "fail",
            f"{where}: the TLS handshake failed ({exc.reason or exc}).",
            "Check that the URL's scheme and port are right (https:// and the service's TLS port).",
        )
    except ConnectionRefusedError:
        return _Reach(
            "fail", f"{where}: connection refused (nothing accepts connections on that port).", _START[what], True
        )
    except socket.gaierror:
        return _Reach("fail", f"{where}: the host name does not resolve.", "Check the URL's host name.", True)
    except TimeoutError:
        return _Reach(
            "fail",
            f"{where}: no answer within {min(timeout_s, 10.0):g} s.",
            "Check the host, the port and any firewall between this machine and it.",
            True,
        )
    except OSError as exc:
        return _Reach("fail", f"{where}: could not connect ({exc.strerror or exc}).", _START[what], True)
    version = writer.get_extra_info("ssl_object").version() if https else None
    writer.close()
    with contextlib.suppress(OSError):
        await writer.wait_closed()
    if not https:
        return _Reach(
            "warn",
            f"{where}: plain HTTP, so passwords cross the network unencrypted.",
            "Use the https:// URL that Wazuh serves by default.",
        )
    if not verify_tls:
        return _Reach(
            "warn",
            f"{where}: {version}, certificate NOT verified ({TLS_OFF_WARNING})",
            "Set a CA bundle (your Wazuh root-ca.pem) and turn verification back on.",
        )
    trust = f"CA bundle {ca_bundle}" if ca_bundle else "system trust store"
    return _Reach("ok", f"{where}: {version}, certificate verified ({trust}).")


async def _transport_check(run: _Runner, settings: Settings) -> set[str]:
    """One handshake per configured service; returns the services that could not be reached, whose
    login the test then does not try (it would only say the same thing less precisely)."""
    title = "Connection and TLS"
    services = [
        (what, section)
        for what, section in (("Server API", settings.api), ("Indexer", settings.indexer))
        if section.url
    ]
    if not services:
        return set()
    run.start("tls", title)
    reached = [await _reach(what, str(s.url), s.verify_tls, s.ca_bundle, s.timeout_s) for what, s in services]
    rank = {"ok": 0, "warn": 1, "fail": 2}
    worst = max(reached, key=lambda r: rank[r.status]).status
    hints = list(dict.fromkeys(r.hint for r in reached if r.hint and r.status == worst))
    run.done("tls", title, worst, " ".join(r.detail for r in reached), " ".join(hints) or None)
    return {what for (what, _), r in zip(services, reached, strict=True) if r.unreached}


async def _server_api(run: _Runner, settings: Settings, profile: str, password: str | None) -> None:
    api_settings = settings.api
    login = "Server API: log in"
    if not api_settings.url or not api_settings.user:
        run.done("api.login", login, "fail", "The Server API URL or user is not set.", "Run the setup wizard.")
        return
    run.start("api.login", login)
    try:
        # the password typed in the wizard may not be stored yet: the factory takes it as an override
        api = server_api_from_settings(api_settings, profile, password=password)
    except WazuhMCPError as exc:
        run.failed("api.login", login, exc)
        return
    assert api is not None  # URL and user are set (checked above)
    try:
        try:
            root = await api.request("GET", "/", action="(none)")
        except WazuhMCPError as exc:
            run.failed("api.login", login, exc)
            return
        run.done("api.login", login, "ok", f"Logged in as {api.identity} at {api_settings.url}.")
        version = version_said(root)
        _version_check(run, version)
        call = "Server API: list agents"
        run.start("api.call", call)
        try:
            page = await api.page("/agents", action="agent:read", params={"limit": 1, "select": "id"})
        except WazuhMCPError as exc:
            run.failed("api.call", call, exc)
            return
        if page.total == 0 and _generation(version) == 5:  # 5.x lists no agent 000: empty may be a new estate
            run.done("api.call", call, "warn", no_agent_on_v5(api.identity))
            return
        if page.total == 0:  # an unfiltered listing always holds 000: this user may read no agent
            run.failed("api.call", call, no_agent_readable(api.identity))
            return
        run.done("api.call", call, "ok", f"{page.total} agent(s) visible to {api.identity}.")
        if settings.writes and _generation(version) == 4:  # 5.x has no active-response commands to check
            await _response_commands(run, settings, api)
    finally:
        await api.aclose()


async def _response_commands(run: _Runner, settings: Settings, api: ServerApiBackend) -> None:
    """Writes on: every configured active-response command checked as a request checks it, against
    the names the manager defines (its ar.conf), so a 1652 shows here rather than after an approval."""
    title = "Server API: response commands"
    run.start("api.responses", title)
    try:
        defined = await read_defined(api)
    except WazuhMCPError as exc:
        run.done("api.responses", title, "warn", exc.message, exc.hint)
        return
    sent, problems = configured_commands(settings.responses, defined)
    if problems:
        run.done(
            "api.responses",
            title,
            "warn",
            " ".join(problems),
            "Add the <command> and <active-response> blocks docs/writes.md shows to the manager's ossec.conf and "
            "restart it, or set the responses.* settings to names it defines.",
        )
    else:
        run.done("api.responses", title, "ok", "The manager defines each: " + "; ".join(sent) + ".")


def _generation(version: str) -> int | None:
    try:
        return generation_of(version)
    except ConfigurationError:
        return None


def _version_check(run: _Runner, version: str) -> None:
    """The Server API's version read by the server's own rule (``backends.api_generation``): what it
    refuses is said here in the same words."""
    title = "Wazuh version"
    run.report.wazuh_version = bound(version, MAX_VERSION) or None
    try:
        generation = generation_of(version)
    except ConfigurationError as exc:
        run.done("api.version", title, "warn", exc.message, exc.hint)
        return
    if generation == 5:
        run.done(
            "api.version",
            title,
            "warn",
            f"Wazuh {version} (5.x): this version of wazuh-mcp serves Wazuh 4.8 to 4.14 whole and 5.x following a "
            "pre-release: the alert, hunt, pivot and FIM tools read 5.x findings (wazuh-findings-v5-*) and events "
            "(wazuh-events-v5-*), the vulnerability and inventory tools 5.x's state indices, cluster_status and "
            "the restarts 5.0's /cluster/* and /agents/reload. Not on 5.x: writes of rules and active responses "
            "(5.0 has no /rules/files or /active-response), refused in words that say what 5.x offers instead.",
            "docs/tools.md says per tool what it reads on each generation.",
        )
    else:
        run.done("api.version", title, "ok", f"Wazuh {version}.")


async def _resolves(url: str) -> bool:
    host = urlsplit(url).hostname
    if not host:
        return False
    try:
        await asyncio.get_running_loop().getaddrinfo(host, None)
    except OSError:
        return False
    return True


async def _search(client: Indexer, kind: IndexKind) -> tuple[int, int]:
    """(indices searched, documents) under the kind's pattern; no index at all → (0, 0)."""
    try:
        body = await client.search(kind, {"size": 0, "track_total_hits": True})
    except NotFound:  # a pattern without a wildcard that names no index
        return 0, 0
    return int((body.get("_shards") or {}).get("total") or 0), total_hits(body)


async def _indexer(run: _Runner, settings: Settings, profile: str, password: str | None) -> None:
    indexer = settings.indexer
    title = "Indexer: search alerts"
    if not indexer.url:
        run.done("indexer.alerts", title, "skip", "No Indexer configured: the alert, hunt and FIM tools stay off.")
        return
    run.start("indexer.alerts", title)
    try:
        # one connection is enough for a test; the typed password overrides the keyring's
        found = indexer_from_settings(indexer, profile, password=password, max_concurrency=1)
        assert found is not None  # a URL is set (checked above)
        client = found
    except WazuhMCPError as exc:
        run.failed("indexer.alerts", title, exc)
        return
    try:
        try:
            shards, count = await _search(client, "alerts")
        except WazuhMCPError as exc:
            if isinstance(exc, UpstreamUnavailable) and not await _resolves(indexer.url):
                exc = UpstreamUnavailable(
                    f"The Indexer host in {indexer.url} does not resolve.", hint="Check the URL's host name."
                )
            run.failed("indexer.alerts", title, exc)
            return
        who = f"Logged in as {indexer.user}; " if indexer.user else ""
        v5 = await _v5_events(client) if shards == 0 else []
        findings = (await _search(client, "findings"))[1] if v5 else 0
        if findings:
            run.done(
                "indexer.alerts",
                title,
                "warn",
                f"{who}Wazuh 5.x: {findings} finding(s) under '{indexer.findings_pattern}' and no 4.x alerts index. "
                "The alert, hunt, pivot and FIM tools read the findings (docs/tools.md: what each reads on 5.x).",
            )
        elif v5:
            error = wazuh5_alerts_error(v5)
            run.done("indexer.alerts", title, "fail", error.message, error.hint)
        elif shards == 0:
            run.done(
                "indexer.alerts",
                title,
                "fail",
                f"No alerts indices match '{indexer.alerts_pattern}'.",
                "Check indexer.alerts_pattern, and that Filebeat ships alerts (wazuh-alerts-4.x-YYYY.MM.DD).",
            )
        else:
            run.done("indexer.alerts", title, "ok", f"{who}{count} alert(s) under '{indexer.alerts_pattern}'.")
            await _mappings(run, client, "alerts", indexer.alerts_pattern)
        await _vulnerabilities(run, client, indexer.vulnerabilities_pattern)
    finally:
        await client.aclose()


async def _v5_events(client: Indexer) -> list[str]:
    try:
        return await v5_event_indices(client)
    except WazuhMCPError:
        return []


_MAPPING_FIX: dict[IndexKind, str] = {
    "alerts": "Apply Wazuh's alerts template (wazuh-template.json; `filebeat setup --index-management` installs "
    "it), then reindex each listed index into a new one the template matches and delete the old one.",
    "vulnerabilities": "Apply Wazuh's wazuh-states-vulnerabilities index template, then reindex each listed index.",
}


async def _mappings(run: _Runner, client: Indexer, kind: IndexKind, pattern: str) -> None:
    """Indices whose mappings are not Wazuh's: the tools' answers leave them out (partial), so name them."""
    key, title = f"indexer.{kind}.mappings", f"Indexer: {kind} mappings"
    run.start(key, title)
    expected = ALERT_FIELD_TYPES if kind == "alerts" else VULNERABILITY_FIELD_TYPES
    try:
        problems = await mapping_problems(client, kind, expected)
    except WazuhMCPError as exc:
        run.done(key, title, "warn", f"Could not read the mappings under '{pattern}': {exc.message}", exc.hint)
        return
    if not problems:
        run.done(key, title, "ok", f"Every index under '{pattern}' has Wazuh's mappings for the fields the tools use.")
        return
    listed = "; ".join(f"{index}: {', '.join(wrong[:3])}" for index, wrong in list(problems.items())[:5])
    more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
    run.done(
        key,
        title,
        "warn",
        f"{len(problems)} index(es) under '{pattern}' lack Wazuh's mappings, so searches leave their documents "
        f"out and answer partial: {listed}{more}.",
        _MAPPING_FIX[kind],
    )


async def _vulnerabilities(run: _Runner, client: Indexer, pattern: str) -> None:
    title = "Indexer: vulnerability state"
    run.start("indexer.vulns", title)
    try:
        layout = await vulnerability_layout(client)
    except WazuhMCPError:  # no privilege to read mappings: the search below still tells what it can
        layout = Layout()
    try:
        shards, count = await _search(client, "vulnerabilities")
    except WazuhMCPError as exc:
        run.done("indexer.vulns", title, "warn", exc.message, exc.hint)
        return
    if layout.only_v5:
        run.done("indexer.vulns", title, "ok", f"{count} vulnerability record(s) under '{pattern}' (Wazuh 5.x layout).")
        return
    if layout.v5:
        error = wazuh5_vulnerabilities_error(layout.v5)
        detail = f"{error.message} The 4.x indices ({len(layout.v4)}) are read."
        run.done("indexer.vulns", title, "warn", detail, error.hint)
        return
    if shards == 0:
        run.done(
            "indexer.vulns",
            title,
            "warn",
            f"No index matches '{pattern}' yet.",
            "Wazuh 4.8+ creates it after the first vulnerability scan; the vulnerability tools find nothing "
            "until then.",
        )
    else:
        run.done("indexer.vulns", title, "ok", f"{count} vulnerability record(s) under '{pattern}'.")
        await _mappings(run, client, "vulnerabilities", pattern)


async def run_connection_test(
    settings: Settings,
    *,
    profile: str,
    api_password: str | None = None,
    indexer_password: str | None = None,
    progress: Progress | None = None,
    untested: Mapping[str, str] | None = None,
) -> ConnectionReport:
    """Log in and call both services; passwords default to the keyring's for ``profile``. ``untested``:
    ``api``/``indexer`` → why there is no password to log in with (``flow.untestable``); that service's
    login is a warning saying so, and the rest of the test still runs."""
    report = ConnectionReport(profile=profile)
    run = _Runner(report, progress)
    unreached = await _transport_check(run, settings)
    await _identity_provider(run, settings)
    untested = untested or {}
    for which, what, key, title, step in (
        ("api", "Server API", "api.login", "Server API: log in", _server_api(run, settings, profile, api_password)),
        (
            "indexer",
            "Indexer",
            "indexer.alerts",
            "Indexer: search alerts",
            _indexer(run, settings, profile, indexer_password),
        ),
    ):
        if what in unreached:
            step.close()
            run.done(key, title, "skip", f"Not tried: the {what} could not be reached (see Connection and TLS).")
        elif which in untested:
            step.close()
            run.done(key, title, "warn", "Not tested: no password to log in with.", untested[which])
        else:
            await step
    if settings.team.store == "indexer":
        if "Indexer" in unreached or "indexer" in untested:
            why = "could not be reached (see Connection and TLS)" if "Indexer" in unreached else "has no password"
            run.done(
                "team.audit_rights", "Indexer: audit copy is create-only", "skip", f"Not tried: the Indexer {why}."
            )
        else:
            await asyncio.to_thread(_team_store, run, settings, profile)
    report.finished = now_iso()
    return report


async def _identity_provider(run: _Runner, settings: Settings) -> None:
    """Team mode only: the provider's discovery document and its signing keys, fetched the way
    ``serve --http`` fetches them (``backends.jwks``), so a wrong issuer shows before any token does."""
    oauth = settings.oauth
    if not oauth.issuer:
        return
    key, title = "idp", "Identity provider: discovery"
    run.start(key, title)
    try:
        jwks_url, document = await fetch_jwks(oauth.issuer, oauth.jwks_url)
    except WazuhMCPError as exc:
        run.failed(key, title, exc)
        return
    keys = [k for k in document.get("keys") or [] if isinstance(k, dict)]
    if not keys:
        run.done(key, title, "fail", f"The provider's key set {jwks_url} holds no keys.", "Check the realm's keys.")
    elif not oauth.audience:
        run.done(
            key, title, "fail", "No audience is set.", "Set the audience the provider puts in tokens for this server."
        )
    else:
        run.done(key, title, "ok", f"{oauth.issuer} publishes {len(keys)} signing key(s) at {jwks_url}.")
    await _client_sign_in(run, oauth.issuer)


async def _client_sign_in(run: _Runner, issuer: str) -> None:
    """How analysts' MCP clients get a client id at the provider (docs/team.md, "Logging in"), read from the
    discovery document they read: registration, client ID metadata documents, or neither (then Claude Code
    stops with "Incompatible auth server" unless ``connect --client-id`` names a pre-registered client)."""
    key, title = "idp.clients", "Identity provider: clients' sign-in"
    run.start(key, title)
    try:
        document = await fetch_discovery(issuer)
    except WazuhMCPError as exc:
        run.failed(key, title, exc)
        return
    methods = document.get("code_challenge_methods_supported")
    if isinstance(methods, list) and "S256" not in methods:
        run.done(
            key,
            title,
            "fail",
            f"The provider lists PKCE methods {bound(str(methods), 80)} without S256, which MCP clients require.",
            "Enable PKCE with S256 at the provider.",
        )
        return
    registration = document.get("registration_endpoint")
    if isinstance(registration, str) and registration:
        run.done(
            key,
            title,
            "ok",
            f"Clients can register themselves at {bound(registration, 200)} (dynamic client registration), "
            'if its policy lets them (docs/team.md, "Logging in").',
        )
    elif document.get("client_id_metadata_document_supported") is True:
        run.done(
            key,
            title,
            "ok",
            "The provider takes client ID metadata documents; a client that publishes none needs a "
            "pre-registered client (connect --client-id).",
        )
    else:
        run.done(
            key,
            title,
            "warn",
            "The provider offers no client registration: an analyst's client stops before sign-in (Claude Code: "
            '"Incompatible auth server: does not support dynamic client registration").',
            "Register a public client (PKCE S256, loopback redirect URIs) at the provider and connect analysts "
            'with `wazuh-mcp connect <client> --url <server> --client-id <its id>` (docs/team.md, "Logging in").',
        )


def _team_store(run: _Runner, settings: Settings, profile: str) -> None:
    """Team mode: the Indexer user must not be able to delete or rewrite audit records. A delete of a
    document that does not exist tells it: 403 is the create-only role; 404 means the delete was allowed."""
    from datetime import UTC, datetime

    from wazuh_mcp.runtime.factory import indexer_docs_from_settings

    key, title = "team.audit_rights", "Indexer: audit copy is create-only"
    run.start(key, title)
    index = f"{settings.team.audit_prefix}-{datetime.now(UTC):%Y.%m.%d}"
    try:
        status = indexer_docs_from_settings(settings, profile).try_delete(index, f"connection-test-{now_iso()}")
    except WazuhMCPError as exc:
        run.failed(key, title, exc)
        return
    if status == 403:
        run.done(key, title, "ok", f"The Indexer user may not delete documents in {index}.")
        return
    run.done(
        key,
        title,
        "fail",
        f"The Indexer user may delete audit records in {index} (a delete was answered HTTP {status}, not 403): "
        "whoever holds its password could erase the shared trail.",
        "Map the user to the create-only role of docs/team.md (no delete, no update on wazuh-mcp-audit-*).",
    )


def _reports_path() -> Path:
    return state_dir() / "connection-tests.json"


def save_report(report: ConnectionReport) -> None:
    """Remember the last result per profile (best effort: a read-only state dir is not fatal)."""
    path = _reports_path()
    try:
        data = json.loads(path.read_text()) if path.exists() else {}
        if not isinstance(data, dict):
            data = {}
        data[report.profile] = report.to_json()
        ensure_state_dir()  # 0700, like every other creator of the state dir
        atomic.write_text(path, json.dumps(data, indent=1), 0o600)
    except (OSError, ValueError):
        return


def last_report(profile: str) -> ConnectionReport | None:
    try:
        data = json.loads(_reports_path().read_text())
        entry = data.get(profile) if isinstance(data, dict) else None
        return ConnectionReport.from_json(entry) if isinstance(entry, dict) else None
    except (OSError, ValueError, TypeError):
        return None
