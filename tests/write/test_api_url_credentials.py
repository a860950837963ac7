"""A ``user:password@`` written into api.url (a config file or WAZUH_MCP_API_URL; setup refuses it) is refused in
words, so it never lands in a change record; a record that an earlier version wrote with them still approves
against the same manager, and a refusal names no credentials."""

from __future__ import annotations

import urllib.parse
from pathlib import Path

import pytest

from standin.server import StandinServer
from tests.write.conftest import connect, error_text, ok
from wazuh_mcp.errors import Conflict
from wazuh_mcp.writes.approvals import approve, change_digest, default_store, pending_dir

SECRET = "hunter2-not-for-records"


def with_credentials(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return parts._replace(netloc=f"analyst:{SECRET}@{parts.netloc}").geturl()


@pytest.fixture
def credentialed_url(standin: StandinServer, api_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> str:
    url = with_credentials(standin.url)
    monkeypatch.setenv("WAZUH_MCP_API_URL", url)
    return url


async def test_credentials_in_api_url_are_refused_in_words_that_do_not_repeat_them(
    standin: StandinServer, credentialed_url: str, isolated_env: Path
) -> None:
    """httpx would send them as Basic auth over the bearer token on every request: refused before any, saying
    where the user and password go; nothing is recorded, and the words and the audit trail hold no secret."""
    async with connect() as client:
        result = await client.call_tool("restart_manager", {"scope": "manager"})
    text = error_text(result)
    assert text.startswith("configuration_error:") and "user:password@host" in text and "api.user" in text
    assert SECRET not in text
    assert not list(pending_dir().glob("*.json"))
    assert SECRET not in (isolated_env / "audit.jsonl").read_text(encoding="utf-8")


async def test_a_record_that_holds_credentials_approves_against_the_same_manager_and_a_refusal_names_none(
    standin: StandinServer, api_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    async with connect() as client:
        first = ok(await client.call_tool("restart_manager", {"scope": "manager"}))
        second = ok(await client.call_tool("restart_manager", {"scope": "manager"}))
    store = default_store()
    # As an earlier version wrote it: the URL as configured, credentials and all (sealed as such).
    for change_id in (first["change_id"], second["change_id"]):
        change = store.shown(str(change_id))
        old = change.model_copy(
            update={"requested_by": change.requested_by.model_copy(update={"api_url": with_credentials(standin.url)})}
        )
        old = old.model_copy(update={"change_sha256": change_digest(old)})
        store._write(old)  # noqa: SLF001 - the record as an earlier version wrote it, sealed as such
    assert (await approve(str(first["change_id"]))).state == "applied"
    monkeypatch.setenv("WAZUH_MCP_API_URL", "https://127.0.0.1:1")
    with pytest.raises(Conflict) as refused:
        await approve(str(second["change_id"]))
    text = f"{refused.value.message} {refused.value.hint}"
    assert "prepared against" in text and standin.url.removeprefix("https://") in text and SECRET not in text
