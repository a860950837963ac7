"""Regression tests for the red-team findings on the write/approval path (issue 10: H1, M1, M2, M4, L5),
each reproducing the attack through the real tools, the stand-in over HTTPS and the approval CLI."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, connect, error_text, ok, uploads
from tests.write.forge import edit_record, seal_as_key_holder
from tests.write.test_approvals import approve_now
from wazuh_mcp.errors import Conflict, Tampered
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes.approvals import default_store

SILENCER = """<group name="local,sshd,">
  <rule id="100210" level="0">
    <if_sid>5716</if_sid>
    <description>Ignore failed logins.</description>
  </rule>
</group>
"""


async def asked(arguments: dict[str, Any] | None = None, tool: str = "create_rule") -> dict[str, Any]:
    async with connect() as client:
        return ok(await client.call_tool(tool, arguments if arguments is not None else {"rule_xml": NEW_RULE}))


# --- H1: rule checks bypassed by letter case ---------------------------------------------------


@pytest.mark.parametrize(
    "attrs, words",
    [
        ('id="100202" level="3" ID="5716" Overwrite="yes"', "'id' is written twice"),
        ('id="100202" level="12" LEVEL="0"', "'level' is written twice"),
        ('id="100202" level="3" Overwrite="yes"', "never overwrites"),
    ],
)
async def test_h1_case_variant_attributes_are_refused_before_anything_is_recorded(
    standin: StandinServer, attrs: str, words: str
) -> None:
    xml = f'<group name="local,"><rule {attrs}><description>x</description></rule></group>'
    async with connect() as client:
        text = error_text(await client.call_tool("create_rule", {"rule_xml": xml}))
    assert text.startswith("invalid_argument:") and words in text
    assert uploads(standin) == [] and default_store().list_changes() == []


# --- L5: ids Wazuh refuses ------------------------------------------------------------------


@pytest.mark.parametrize("raw", ["0100100", " 100301 "])
async def test_l5_padded_rule_ids_are_refused_locally(standin: StandinServer, raw: str) -> None:
    xml = f'<group name="local,"><rule id="{raw}" level="3"><description>x</description></rule></group>'
    async with connect() as client:
        text = error_text(await client.call_tool("create_rule", {"rule_xml": xml}))
    assert text.startswith("invalid_argument:") and "1-6 ASCII digits" in text
    assert uploads(standin) == []


# --- M4: rules that silence detections -------------------------------------------------------


async def test_m4_a_silencing_rule_says_what_it_stops_detecting(standin: StandinServer) -> None:
    parent = next(r for r in standin.state.ruleset.rules() if int(r["id"]) == 5716)
    result = await asked({"rule_xml": SILENCER})
    said = " ".join(result["silences"])
    assert "level 0 under rule 5716" in said and str(parent["description"]) in said and "silences" in said
    assert "WARNING, this change silences detections" in result["message"]
    change = default_store().get(result["change_id"])
    assert change.silences == result["silences"] and change.parent_rules == {5716: parent["description"]}
    shown = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "wazuh_mcp", "show", result["change_id"]],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "WARNING: this change silences detections" in shown.stdout and str(parent["description"]) in shown.stdout


async def test_m4_create_rule_is_annotated_destructive(standin: StandinServer) -> None:
    async with connect() as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    annotations = tools["create_rule"].annotations
    assert annotations is not None and annotations.destructive_hint is True


# --- M2: the hash covers the whole record; the checks run again at approval ------------------


@pytest.mark.parametrize(
    "field, value",
    [
        ("filename", "zz-not-shown.xml"),
        ("relative_dirname", "ruleset/rules"),
        ("rule_ids", [100101]),
        ("diff", "--- harmless\n"),
        ("summary", "Nothing to see"),
        ("expires_at", "2999-01-01T00:00:00.000Z"),
        ("silences", []),
    ],
)
async def test_m2_editing_any_field_of_the_pending_record_is_refused(
    standin: StandinServer, field: str, value: object
) -> None:
    change_id = (await asked({"rule_xml": SILENCER}))["change_id"]
    edit_record(change_id, lambda data: data.update({field: value}))
    with pytest.raises(Tampered, match="not what wazuh-mcp wrote"):
        await approve_now(default_store(), change_id, standin)
    assert uploads(standin) == []
    with pytest.raises(Tampered):
        default_store().get(change_id)


async def test_m2_a_restart_recorded_as_manager_cannot_become_a_cluster_restart(standin: StandinServer) -> None:
    change_id = (await asked({}, tool="restart_manager"))["change_id"]
    edit_record(change_id, lambda data: data.update(scope="cluster"))
    with pytest.raises(Tampered, match="not what wazuh-mcp wrote"):
        await approve_now(default_store(), change_id, standin)
    assert not any(standin.state.snapshot()["restarts"].values())


@pytest.mark.parametrize(
    "edit, words",
    [
        ({"relative_dirname": "ruleset/rules", "target": "ruleset/rules/wazuh-mcp-100100.xml"}, "not a custom rule"),
        ({"filename": "zz-not-shown.xml"}, "would write etc/rules/zz-not-shown.xml"),
        ({"silences": []}, "does not show everything"),
        ({"scope": "cluster"}, "restarts 'cluster'"),
    ],
)
async def test_m2_a_record_rehashed_by_whoever_edited_it_still_fails_the_rule_checks(
    standin: StandinServer, edit: dict[str, object], words: str
) -> None:
    tool, arguments = ("restart_manager", {}) if "scope" in edit else ("create_rule", {"rule_xml": SILENCER})
    change_id = (await asked(arguments, tool=tool))["change_id"]
    store = default_store()
    forged = store.get(change_id).model_copy(update=edit)
    seal_as_key_holder(forged)  # even one who holds the integrity key meets the rule checks again
    with pytest.raises(Conflict, match=words):
        await approve_now(store, change_id, standin)
    assert uploads(standin) == [] and not any(standin.state.snapshot()["restarts"].values())
    assert store.get(change_id).state == "failed"


# --- M1: approve applies only after a typed yes on a terminal, or --yes -------------------------


def approve_cli(env: dict[str, str], change_id: str, *extra: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`approve` with pipes on stdin and stdout, as `echo no | approve`, `approve | less` or an agent's shell."""
    return subprocess.run(
        [sys.executable, "-m", "wazuh_mcp", "approve", change_id, *extra],
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("stdin", ["no\n", "yes\n", ""])
async def test_m1_approve_without_a_terminal_applies_nothing(
    standin: StandinServer, api_env: dict[str, str], audit_path: Path, stdin: str
) -> None:
    change_id = (await asked())["change_id"]
    done = await asyncio.to_thread(approve_cli, api_env, change_id, stdin=stdin)
    assert done.returncode == 1 and "not a terminal" in done.stderr and "--yes" in done.stderr
    assert uploads(standin) == [] and default_store().get(change_id).state == "pending"
    refusal = [e for e in iter_events(audit_path) if e.tool == "approval.approve"]
    assert [e.error_code for e in refusal] == ["invalid_argument"]


def approve_piped_to_less(env: dict[str, str], change_id: str) -> subprocess.CompletedProcess[str]:
    """`approve ID | less`: a terminal on stdin where someone types yes, a pipe on stdout (nobody saw the question)."""
    import os
    import pty

    leader, follower = pty.openpty()
    try:
        os.write(leader, b"yes\n")
        return subprocess.run(
            [sys.executable, "-m", "wazuh_mcp", "approve", change_id],
            env=env,
            stdin=follower,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        os.close(follower)
        os.close(leader)


async def test_m1_approve_piped_to_a_pager_applies_nothing(standin: StandinServer, api_env: dict[str, str]) -> None:
    change_id = (await asked())["change_id"]
    done = await asyncio.to_thread(approve_piped_to_less, api_env, change_id)
    assert done.returncode == 1 and "not a terminal" in done.stderr
    assert uploads(standin) == [] and default_store().get(change_id).state == "pending"


async def test_m1_an_explicit_yes_flag_still_applies(standin: StandinServer, api_env: dict[str, str]) -> None:
    change_id = (await asked())["change_id"]
    done = await asyncio.to_thread(approve_cli, api_env, change_id, "--yes")
    assert done.returncode == 0, done.stderr
    assert uploads(standin) == ["etc/rules/wazuh-mcp-100100.xml"]
