"""N-H3: forged and replayed change documents.

The report, against ``serve --http`` with whoever can write the change store:

- **Forged**: copy a change, new id, ``requested_by.subject = null``, recompute ``change_sha256`` and the
  revision hash with the project's own public functions (unkeyed sha256); one analyst approves it alone
  over HTTP and it is applied (``check_approval`` skipped four eyes for a requester with no subject).
- **Replayed**: put back the saved ``pending`` revision of an applied change: ``wazuh-mcp pending`` lists
  it, a second approval gives 200, and the isolation is sent twice.

Replayed here on the team bed (real ``serve --http``, tokens from the local identity provider, the HTTPS
Server API stand-in), with ``wazuh-mcp pending`` / ``approve`` as real CLI processes at the server host, in
the file store and in the Indexer store (on osmem-server, and on the real OpenSearch node when
``WAZUH_MCP_TEST_OPENSEARCH_URL`` is set). Records are now sealed with HMAC-SHA256 under the integrity key
(``config/integrity.py``), revisions are compared with the audit trail, and a change asked over HTTP with
no requester subject is refused.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from opensearchpy import OpenSearch

from standin.engine import OsmemEngine
from standin.server import StandinServer
from tests.conftest import REPO
from tests.hardening.approvals_bed import (
    RESPONSES,
    ROLE_MAP,
    ROLES,
    approve_over_http,
    ask_isolation,
    bed_settings,
    isolations,
    token,
)
from tests.hardening.local_idp import LocalIdp
from tests.team.conftest import TeamServer, run_team_server, team_settings
from wazuh_mcp.models.write import PendingChange
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes.approvals import change_digest, pending_dir
from wazuh_mcp.writes.change_records import FileRecords, canonical

LEAD = ("lead-h3", "soc-leads", "leadh3")
RESPONDER = ("resp-h3", "responder", "resph3")


def bearer(idp: LocalIdp, who: tuple[str, str, str]) -> str:
    return token(idp, who[0], who[1], preferred_username=who[2])


def cli(*args: str, extra: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``wazuh-mcp ARGS`` as a separate process at the server host (this test's environment)."""
    env = dict(os.environ) | {"PYTHONPATH": str(REPO)} | (extra or {})
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
        stdin=subprocess.DEVNULL,
    )


def public_sha256(fields: dict[str, Any]) -> str:
    """What the report's forger computes: the project's own recipe, unkeyed."""
    return hashlib.sha256(canonical(fields)).hexdigest()


def tampered_words(text: str) -> bool:
    return any(
        words in text
        for words in ("not what wazuh-mcp wrote", "carries no MAC", "older revision was put back", "integrity key")
    )


# --- the file store ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def team(idp: LocalIdp, standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    with run_team_server(bed_settings(tmp_path_factory.mktemp("n-h3"), idp), standin) as running:
        yield running


def forge_copy_without_subject(change_id: str, *, mac: str) -> str:
    """The report's forgery in the file store: a new id, no requester subject, every digest recomputed."""
    path = pending_dir() / f"{change_id}.json"
    envelope = json.loads(path.read_text())
    change = PendingChange.model_validate(envelope["change"])
    forged_id = "ch-" + ("0" if change_id[3] != "0" else "1") + change_id[4:]
    requester = change.requested_by.model_copy(update={"subject": None, "analyst": None})
    forged = change.model_copy(update={"id": forged_id, "requested_by": requester})
    forged = forged.model_copy(update={"change_sha256": change_digest(forged)})
    envelope |= {"id": forged_id, "change": forged.model_dump(mode="json")}
    if mac == "sha256":
        envelope["mac"] = public_sha256(envelope)
    elif mac == "none":
        envelope.pop("mac", None)
        envelope.pop("kid", None)
    (pending_dir() / f"{forged_id}.json").write_text(json.dumps(envelope))
    return forged_id


@pytest.mark.parametrize("mac", ["sha256", "none", "kept"])
async def test_n_h3_a_forged_copy_without_a_subject_is_refused_as_tampering(
    idp: LocalIdp, team: TeamServer, standin: StandinServer, server_host: Path, mac: str
) -> None:
    """Forged without the key: the MAC recomputed with public sha256, dropped, or left as the original's."""
    change_id = await ask_isolation(team, bearer(idp, LEAD))
    forged_id = forge_copy_without_subject(change_id, mac=mac)
    before = isolations(standin)

    alone = approve_over_http(team, bearer(idp, LEAD), forged_id)  # the requester approves the copy alone
    assert alone.status_code == 409, alone.text
    assert tampered_words(alone.json()["message"]), alone.text
    listed = cli("pending")
    assert listed.returncode == 0 and forged_id not in listed.stdout and change_id in listed.stdout
    shown = cli("approve", forged_id, "--yes")
    assert shown.returncode == 1 and tampered_words(shown.stderr), shown.stderr
    assert isolations(standin) == before
    refusals = [e for e in iter_events(server_host / "state" / "audit.jsonl") if e.change_id == forged_id]
    assert refusals and all(e.error_code == "conflict" for e in refusals)


@pytest.mark.parametrize("channel", ["http", None])
async def test_n_h3_no_subject_over_http_is_refused_even_with_a_valid_seal(
    idp: LocalIdp, team: TeamServer, standin: StandinServer, channel: str | None
) -> None:
    """Defense in depth: a record that does verify (a forger holding the key, or a team server without an
    identity provider on loopback) but names no requester is not exempt from four eyes over HTTP."""
    change_id = await ask_isolation(team, bearer(idp, LEAD))
    records = FileRecords(pending_dir())
    change = records.read(change_id)
    requester = change.requested_by.model_copy(update={"subject": None, "analyst": None, "channel": channel})
    forged = change.model_copy(update={"id": "ch-f0f0f0f0", "requested_by": requester})
    records.create(forged.model_copy(update={"change_sha256": change_digest(forged)}))
    before = isolations(standin)
    refused = approve_over_http(team, bearer(idp, RESPONDER), "ch-f0f0f0f0")
    assert refused.status_code == 403, refused.text
    assert "no requester subject" in refused.json()["message"] and "four eyes" in refused.json()["message"]
    assert isolations(standin) == before


async def test_n_h3_the_saved_pending_revision_put_back_is_never_decided_again(
    idp: LocalIdp, team: TeamServer, standin: StandinServer, server_host: Path
) -> None:
    change_id = await ask_isolation(team, bearer(idp, LEAD))
    path = pending_dir() / f"{change_id}.json"
    saved = path.read_bytes()  # a genuine revision: no hash to compute
    applied = approve_over_http(team, bearer(idp, RESPONDER), change_id)
    assert applied.status_code == 200 and applied.json()["state"] == "applied", applied.text
    sent = isolations(standin)

    path.write_bytes(saved)
    same_trail = {"WAZUH_MCP_AUDIT_LOG": str(team.audit_path)}  # the server host's one trail
    listed = cli("pending", extra=same_trail)
    assert change_id not in listed.stdout, listed.stdout
    again = approve_over_http(team, bearer(idp, RESPONDER), change_id)
    assert again.status_code == 409 and "older revision was put back" in again.json()["message"], again.text
    by_cli = cli("approve", change_id, "--yes", extra=same_trail)
    assert by_cli.returncode == 1 and "older revision was put back" in by_cli.stderr, by_cli.stderr
    rejected = cli("reject", change_id, extra=same_trail)
    assert rejected.returncode == 1 and "older revision" in rejected.stderr
    assert isolations(standin) == sent  # sent once
    trail = [e for e in iter_events(team.audit_path) if e.change_id == change_id]
    assert any(e.tool == "approval.tamper" and "older revision" in (e.error or "") for e in trail), trail


async def test_n_h3_a_replay_with_the_trail_rolled_back_is_refused_by_the_running_server(
    idp: LocalIdp, team: TeamServer, standin: StandinServer, server_host: Path
) -> None:
    """Variant found replaying N-H3 by hand (issue 24 closing check): with no keyring and the file store (a
    headless team server's default), put back the saved ``pending`` revision *and* the audit files saved with
    it (genuine heads: nothing to forge). The trail then records no newer revision, and the server, which had
    itself written the decision's records, approved and sent the isolation a second time. What it wrote is an
    anchor the files cannot roll back: it refuses. (A fresh process has no such anchor: docs/security.md.)"""
    change_id = await ask_isolation(team, bearer(idp, LEAD))
    path = pending_dir() / f"{change_id}.json"
    trail = [team.audit_path, team.audit_path.with_name("audit-changes.jsonl")]
    files = [path, *trail, *(p.with_name(p.name + ".head") for p in trail)]
    saved = {file: file.read_bytes() for file in files}
    applied = approve_over_http(team, bearer(idp, RESPONDER), change_id)
    assert applied.status_code == 200 and applied.json()["state"] == "applied", applied.text
    sent = isolations(standin)

    for file, content in saved.items():  # everything the decision wrote, rolled back in place
        file.write_bytes(content)
    again = approve_over_http(team, bearer(idp, RESPONDER), change_id)
    assert again.status_code == 409, again.text
    assert "is not decided" in again.json()["message"] and "this process wrote" in again.json()["message"], again.text
    assert isolations(standin) == sent  # sent once


# --- the Indexer store ---------------------------------------------------------------------------


def engine_urls() -> list[str]:
    urls = ["osmem"]
    if os.environ.get("WAZUH_MCP_TEST_OPENSEARCH_URL"):
        urls.append("opensearch")
    return urls


@pytest.fixture(scope="module", params=engine_urls())
def indexer_url(request: pytest.FixtureRequest) -> Iterator[str]:
    if request.param == "opensearch":
        yield os.environ["WAZUH_MCP_TEST_OPENSEARCH_URL"]
        return
    with OsmemEngine() as engine:
        yield engine.url


@pytest.fixture(scope="module")
def indexed_team(
    idp: LocalIdp, standin: StandinServer, indexer_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[TeamServer, dict[str, str]]]:
    base = f"wazuh-mcp-nh3-{os.getpid()}-{time.time_ns() % 10**6}"
    team_env = {
        "WAZUH_MCP_TEAM_STORE": "indexer",
        "WAZUH_MCP_INDEXER_URL": indexer_url,
        "WAZUH_MCP_TEAM_CHANGES_INDEX": f"{base}-changes",
        "WAZUH_MCP_TEAM_AUDIT_PREFIX": f"{base}-audit",
        "WAZUH_MCP_TEAM_REPLICA_ID": "cli-host",
    }
    team = {"store": "indexer", "changes_index": f"{base}-changes", "audit_prefix": f"{base}-audit", "replica_id": "r1"}
    settings = team_settings(
        tmp_path_factory.mktemp("n-h3-ix"),
        oauth={"issuer": idp.issuer, "role_map": ROLE_MAP, "leeway_s": 5},
        role_tool_allowlist=ROLES,
        responses=RESPONSES,
        team=team,
        indexer={"url": indexer_url},
    )
    with run_team_server(settings, standin) as running:
        yield running, team_env
    client = OpenSearch(hosts=[indexer_url], timeout=30)
    client.indices.delete(index=f"{base}-*", params={"ignore_unavailable": "true"})
    client.close()


async def test_n_h3_indexer_a_replayed_pending_document_is_not_listed_or_applied_twice(
    idp: LocalIdp, indexed_team: tuple[TeamServer, dict[str, str]], standin: StandinServer, server_host: Path
) -> None:
    team, env = indexed_team
    client = OpenSearch(hosts=[env["WAZUH_MCP_INDEXER_URL"]], timeout=30)
    index = env["WAZUH_MCP_TEAM_CHANGES_INDEX"]
    change_id = await ask_isolation(team, bearer(idp, LEAD))
    saved = client.get(index=index, id=change_id)["_source"]
    applied = approve_over_http(team, bearer(idp, RESPONDER), change_id)
    assert applied.status_code == 200 and applied.json()["state"] == "applied", applied.text
    sent = isolations(standin)

    client.index(index=index, id=change_id, body=saved, refresh="true")  # PUT back the genuine pending revision
    listed = cli("pending", extra=env)
    assert listed.returncode == 0 and change_id not in listed.stdout, (listed.stdout, listed.stderr)
    again = approve_over_http(team, bearer(idp, RESPONDER), change_id)
    assert again.status_code == 409 and "older revision was put back" in again.json()["message"], again.text
    by_cli = cli("approve", change_id, "--yes", extra=env)
    assert by_cli.returncode == 1 and "older revision was put back" in by_cli.stderr, by_cli.stderr
    assert isolations(standin) == sent
    client.close()


@pytest.mark.parametrize("edit", ["subject", "mac-recomputed", "lease"])
async def test_n_h3_indexer_a_forged_document_is_refused_naming_it(
    idp: LocalIdp, indexed_team: tuple[TeamServer, dict[str, str]], standin: StandinServer, edit: str
) -> None:
    team, env = indexed_team
    client = OpenSearch(hosts=[env["WAZUH_MCP_INDEXER_URL"]], timeout=30)
    index = env["WAZUH_MCP_TEAM_CHANGES_INDEX"]
    change_id = await ask_isolation(team, bearer(idp, LEAD))
    source = client.get(index=index, id=change_id)["_source"]
    change = PendingChange.model_validate_json(source["change"])
    forged_id = change_id
    if edit in ("subject", "mac-recomputed"):
        forged_id = "ch-0" + change_id[4:] if change_id[3] != "0" else "ch-1" + change_id[4:]
        requester = change.requested_by.model_copy(update={"subject": None, "analyst": None})
        forged = change.model_copy(update={"id": forged_id, "requested_by": requester})
        forged = forged.model_copy(update={"change_sha256": change_digest(forged)})
        source |= {"id": forged_id, "change": forged.model_dump_json()}
        if edit == "mac-recomputed":
            source["mac"] = public_sha256(source)
    else:
        source |= {"lease_owner": "mcp-9/1", "lease_until": "9999-12-31T23:59:59Z"}  # N-M3 as an edit
    client.index(index=index, id=forged_id, body=source, refresh="true")
    before = isolations(standin)
    refused = approve_over_http(team, bearer(idp, LEAD if edit != "lease" else RESPONDER), forged_id)
    assert refused.status_code == 409, refused.text
    message = refused.json()["message"]
    assert f"{index}/{forged_id}" in message and "not what wazuh-mcp wrote" in message, message
    assert isolations(standin) == before
    client.close()
