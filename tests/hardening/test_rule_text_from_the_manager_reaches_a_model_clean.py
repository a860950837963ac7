"""What the manager says about its rules reaches the model in a write tool's answer: the file a rule lives in (named
in a refusal) and the current text of the file ``update_rule`` replaces (``diff``). A rule file wrote both — any
custom rule file on the manager, or a manager that is not what it claims. Before this test ``require_custom_file``
and the "already used" refusal quoted a rule's ``filename`` and ``relative_dirname`` (from ``GET /rules``) raw and
whole, and the diff quoted the current file as stored (C1 CSI, DEL, bidi, zero-width and tag characters are all
valid XML). Now the names pass ``untrusted.bound`` and the diff ``untrusted.clean`` with its lines kept before a
model reads them; the file's own name and bytes stay as they are for the manager, and a person reads the diff
through ``shown``. (The silenced parents' descriptions were already cleaned: ``rule_xml._parent_words``.)"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from standin.rules import RuleFile
from standin.server import StandinServer
from tests.hardening.hostile_text import IN_XML
from tests.hardening.poisoned_answers import KEEP, poisoned_standin, unclean_or_long
from tests.write.conftest import connect, point_at, settings
from wazuh_mcp.errors import Conflict
from wazuh_mcp.writes.approvals import approve, default_store

IN_A_FILE = "".join(ch for ch in IN_XML if ch in "\t\n\r" or ord(ch) >= 0x20)  # what XML 1.0 lets a file hold
"""C1 CSI, DEL, bidi, zero-width and tag characters: XML 1.0 allows them all in a file."""
NEW_100001 = (
    '<group name="local,sshd,"><rule id="100001" level="0"><if_sid>5716</if_sid>'
    "<description>Ignore failed logins.</description></rule></group>"
)
LONGEST = 1_000


@pytest.fixture
def poisoned(isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[StandinServer]:
    with poisoned_standin(4) as server:
        point_at(server, isolated_env, monkeypatch)
        yield server


@pytest.fixture
def poisoned_but_valid(isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[StandinServer]:
    """Poisoned, but the configuration validates (its ``status`` stays "OK")."""
    with poisoned_standin(4, keep=KEEP | {"status"}) as server:
        point_at(server, isolated_env, monkeypatch)
        yield server


@pytest.fixture
def plain(isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        point_at(server, isolated_env, monkeypatch)
        yield server


async def answer(tool: str, arguments: dict[str, Any]) -> tuple[bool, Any]:
    async with connect() as client:
        result = await client.call_tool(tool, arguments)
    text = " ".join(getattr(part, "text", "") for part in result.content)
    return result.is_error, text if result.is_error else result.structured_content


async def test_a_rules_file_named_in_a_refusal_is_clean_and_bounded(poisoned: StandinServer) -> None:
    failed, text = await answer("update_rule", {"rule_id": 100001, "rule_xml": NEW_100001})
    assert failed and "not a custom rule file" in text, text[:300]
    assert not unclean_or_long(text, LONGEST), unclean_or_long(text, LONGEST)


async def test_a_rules_file_named_in_the_id_taken_refusal_is_clean_and_bounded(poisoned: StandinServer) -> None:
    failed, text = await answer("create_rule", {"rule_xml": NEW_100001})
    assert failed and "already used" in text, text[:300]
    assert not unclean_or_long(text, LONGEST), unclean_or_long(text, LONGEST)


async def test_the_replaced_files_text_in_a_diff_is_clean(plain: StandinServer) -> None:
    current = (
        f"<!-- {IN_A_FILE} -->\n"
        '<group name="local,"><rule id="100250" level="3"><if_sid>5716</if_sid>'
        "<description>Watched.</description></rule></group>\n"
    )
    plain.state.ruleset.add(RuleFile("watched.xml", "etc/rules", current, uploaded=True))
    new = current.replace('level="3"', 'level="4"').split("\n", 1)[1]
    failed, result = await answer("update_rule", {"rule_id": 100250, "rule_xml": new})
    assert not failed, result
    diff = result["diff"]
    assert "-<!-- " in diff and 'level="4"' in diff
    raw = sorted({f"U+{ord(ch):04X}" for ch in diff if not ch.isprintable() and ch != "\n"})
    assert not raw, (raw, json.dumps(diff)[:600])


ATTESTED = {"write.create_rule": "caller_attested", "write.restart_manager": "caller_attested"}


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("create_rule", {"rule_xml": NEW_100001.replace("100001", "100260"), "confirm": True}),
        ("restart_manager", {"scope": "manager", "confirm": True}),
    ],
    ids=["the path an upload wrote", "the nodes a restart reached"],
)
async def test_what_wazuh_says_it_did_is_clean_and_bounded(
    poisoned_but_valid: StandinServer, tool: str, arguments: dict[str, Any]
) -> None:
    async with connect(settings(write_tiers=ATTESTED)) as client:
        result = await client.call_tool(tool, arguments)
    text = " ".join(getattr(part, "text", "") for part in result.content)
    assert not result.is_error and result.structured_content["status"] == "applied", text[:600]
    answer = {k: v for k, v in result.structured_content.items() if k != "diff"}  # the diff keeps its lines
    assert not unclean_or_long(answer, LONGEST), unclean_or_long(answer, LONGEST)
    (change,) = default_store().list_changes()
    assert not unclean_or_long(change.result, LONGEST), unclean_or_long(change.result, LONGEST)


async def test_a_rules_file_named_in_an_approvals_refusal_is_clean_and_bounded(
    poisoned_but_valid: StandinServer,
) -> None:
    """At approval the ids are checked again: a file that took one since is named to the approver and recorded."""
    asked = NEW_100001.replace("100001", "100270")
    failed, result = await answer("create_rule", {"rule_xml": asked})
    assert not failed, result
    taker = asked.replace("Ignore failed logins.", "Took the id first.")
    poisoned_but_valid.state.ruleset.add(RuleFile("taker.xml", "etc/rules", taker, uploaded=True))
    with pytest.raises(Conflict) as refused:
        await approve(result["change_id"], settings=settings())
    said = str(refused.value)
    assert "used elsewhere" in said, said[:300]
    assert not unclean_or_long(said, LONGEST), unclean_or_long(said, LONGEST)
