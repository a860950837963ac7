"""A change whose applier died is resolved from what Wazuh holds, never as applied when the manager would
not restart with it (red-team finding, issue 25).

The applier died after its upload reached Wazuh but before it validated: the file holds the change's
content and Wazuh's loader refuses it (the stand-in's file with a loader error, as a 500 leaves it). Found
"applied" before; now a new file is deleted and validation passes again, and a replacement whose old text
is not kept is named with the words "THE MANAGER MAY NOT RESTART"."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from standin.app import StandinConfig
from standin.rules import CUSTOM_DIR, RuleFile
from standin.server import StandinServer
from tests.write.conftest import NEW_RULE
from tests.write.forge import seal_as_key_holder
from tests.write.test_approvals import api_for, approve_now, requested, steps
from tests.write.test_upload_rollback import UPDATED, request, rule_files_on, validates
from wazuh_mcp.errors import Conflict
from wazuh_mcp.writes import interrupted
from wazuh_mcp.writes.approvals import default_store, pending_dir

BROKEN = "Invalid option 'foo' for rule '100100'."


async def resolved(standin: StandinServer, change_id: str) -> tuple[str, str]:
    change = default_store().get(change_id).model_copy(update={"state": "applying"})
    client = api_for(standin)
    try:
        after = await interrupted.resolve(change, client, "r1/dead")
    finally:
        await client.aclose()
    return after.state, after.reason or after.result or ""


async def test_a_new_file_left_by_a_dead_applier_that_does_not_validate_is_deleted(standin: StandinServer) -> None:
    change_id = await requested()
    before = rule_files_on(standin)
    standin.state.ruleset.add(
        RuleFile("wazuh-mcp-100100.xml", CUSTOM_DIR, NEW_RULE, uploaded=True, loader_error=BROKEN)
    )
    state, words = await resolved(standin, change_id)
    assert state == "failed" and "taken back" in words and "as they were" in words
    assert rule_files_on(standin) == before and await validates(standin)


async def test_a_replacement_left_not_validating_is_named_for_a_person_to_fix(standin: StandinServer) -> None:
    change_id = await request("update_rule")
    standin.state.ruleset.add(RuleFile("local_rules.xml", CUSTOM_DIR, UPDATED, uploaded=True, loader_error=BROKEN))
    state, words = await resolved(standin, change_id)
    assert state == "failed" and "THE MANAGER MAY NOT RESTART" in words and "etc/rules/local_rules.xml" in words
    assert BROKEN in words


async def test_a_file_found_applied_and_validating_is_applied(standin: StandinServer) -> None:
    change_id = await requested()
    standin.state.ruleset.add(RuleFile("wazuh-mcp-100100.xml", CUSTOM_DIR, NEW_RULE, uploaded=True))
    state, words = await resolved(standin, change_id)
    assert state == "applied" and words.startswith("found applied")


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    from wazuh_mcp.writes import rule_files

    monkeypatch.setattr(rule_files, "PUT_BACK_PAUSES_S", (0.05,))


@pytest.mark.parametrize("kind", ["update_rule", "create_rule"])
async def test_a_rule_change_interrupted_then_upgraded_to_5x_fails_in_words(
    standin: StandinServer, audit_path: Path, kind: str
) -> None:
    """Adversary round 5: an interrupted rule change whose manager was then upgraded to 5.x stayed applying and
    every approval was refused (the read-back asked /rules/files and /manager/configuration/validation, which
    5.x answers 404). It now ends failed with the reason, audited (approval.resolve), and is not stuck."""
    change_id = await request(kind)
    with StandinServer(tls=True, config=StandinConfig(generation=5)) as upgraded:
        # The manager at the change's URL was upgraded while the change's applier was dead: the record is the
        # one the applier left (applying, its lock past the lease), at the upgraded manager's URL.
        lock = left_applying_by_a_dead_applier(change_id, upgraded.url)
        with pytest.raises(Conflict, match="already failed"):
            await approve_now(default_store(), change_id, upgraded)
        with pytest.raises(Conflict, match="already failed"):  # and stays so: nothing is stuck applying
            await approve_now(default_store(), change_id, upgraded)
        assert upgraded.state.snapshot()["uploaded_files"] == []
    after = default_store().get(change_id)
    assert after.state == "failed"
    reason = after.reason or ""
    assert "stopped while applying it" in reason and "Wazuh 5.0.0" in reason and "keeps no rule files" in reason
    assert "cannot be read back" in reason and "not sent again" in reason
    trail = steps(audit_path, change_id)
    assert ("approval.resolve", "ok") in trail and trail[-1] == ("approval.approve", "conflict")
    assert not lock.exists()


def left_applying_by_a_dead_applier(change_id: str, url: str | None = None) -> Path:
    """The record as an applier that died leaves it (applying, its lock past the lease), at ``url`` if given."""
    change = default_store().get(change_id)
    moved = change.requested_by.model_copy(update={"api_url": url or change.requested_by.api_url})
    seal_as_key_holder(change.model_copy(update={"requested_by": moved, "state": "applying"}))
    lock = pending_dir() / f"{change_id}.lock"
    lock.write_text("1\n")
    os.utime(lock, (time.time() - 3600, time.time() - 3600))
    return lock


async def test_an_unexpected_error_while_resolving_ends_the_change_failed_not_stuck(
    standin: StandinServer, audit_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever raises while Wazuh's state is read back (an answer of a shape nothing reads, a bug): the change
    ends failed, audited as resolved, saying it cannot be read back; it is never left applying."""
    change_id = await requested()
    lock = left_applying_by_a_dead_applier(change_id)

    async def unreadable(*_: object) -> None:
        raise KeyError("content")

    monkeypatch.setattr(interrupted, "read_rule_file", unreadable)
    with pytest.raises(Conflict, match="already failed"):
        await approve_now(default_store(), change_id, standin)
    after = default_store().get(change_id)
    assert after.state == "failed" and "unexpected KeyError" in (after.reason or "")
    assert "cannot be read back" in (after.reason or "") and "not sent again" in (after.reason or "")
    assert ("approval.resolve", "ok") in steps(audit_path, change_id) and not lock.exists()
    assert standin.state.snapshot()["uploaded_files"] == []
