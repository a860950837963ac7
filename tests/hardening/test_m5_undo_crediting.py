"""M5: ``wazuh-mcp undo`` credited the inverse change to the original requester: whoever ran undo could then
approve it alone (an isolated host was released this way), the named analyst, who never asked, was refused,
and the same change could be undone twice. Undo is now requested by whoever runs it, as themselves, and a
change is undone at most once (tests/hardening/approvals_bed.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from standin.server import StandinServer
from tests.hardening.approvals_bed import (
    approve_over_http,
    ask_isolation,
    isolations,
    team_on,
    token,
)
from tests.hardening.local_idp import LocalIdp
from tests.team.conftest import TeamServer
from wazuh_mcp.errors import Conflict, Forbidden
from wazuh_mcp.writes import approvals


@pytest.fixture(scope="module")
def team(idp: LocalIdp, standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    with team_on(tmp_path_factory.mktemp("m5"), idp, standin) as running:
        yield running


async def test_m5_undo_is_asked_by_whoever_runs_it_and_done_at_most_once(
    idp: LocalIdp,
    team: TeamServer,
    standin: StandinServer,
    server_host: Path,
) -> None:
    alice = token(idp, "sub-alice", "soc-leads", preferred_username="alice")
    bob = token(idp, "sub-bob", "soc-leads", preferred_username="bob")
    isolated = await ask_isolation(team, alice)
    assert approve_over_http(team, bob, isolated).json()["state"] == "applied"

    undo = await approvals.propose_undo(isolated)  # `wazuh-mcp undo` run by OS user root
    asked = undo.requested_by
    assert (asked.analyst, asked.subject) == ("root", "local:root")  # root, not alice
    assert undo.undo_of == isolated and undo.tool == "respond.release_agent"

    # whoever ran undo cannot approve it alone
    with pytest.raises(Forbidden, match="four eyes"):
        await approvals.approve(undo.id)
    # a second undo of the same change, while the first is pending, is refused
    with pytest.raises(Conflict, match="undone at most once"):
        await approvals.propose_undo(isolated)

    # alice never asked for the release: she may approve it
    released = approve_over_http(team, alice, undo.id)
    assert released.status_code == 200 and released.json()["state"] == "applied", released.text
    assert isolations(standin, "wazuh-mcp-release") >= 1
    # and once applied, never again
    with pytest.raises(Conflict, match="undone at most once"):
        await approvals.propose_undo(isolated)


async def test_m5_a_rejected_undo_can_be_asked_again(
    idp: LocalIdp,
    team: TeamServer,
    server_host: Path,
) -> None:
    alice = token(idp, "sub-alice", "soc-leads", preferred_username="alice")
    isolated = await ask_isolation(team, alice)
    assert approve_over_http(team, token(idp, "sub-bob", "soc-leads", preferred_username="bob"), isolated).is_success
    first = await approvals.propose_undo(isolated)
    approvals.reject(first.id, reason="not yet")
    again = await approvals.propose_undo(isolated)
    assert again.id != first.id and again.state == "pending"


async def test_m5_the_undoers_role_must_allow_the_inverse(
    idp: LocalIdp,
    team: TeamServer,
    server_host: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    alice = token(idp, "sub-alice", "soc-leads", preferred_username="alice")
    isolated = await ask_isolation(team, alice)
    assert approve_over_http(team, token(idp, "sub-bob", "soc-leads", preferred_username="bob"), isolated).is_success
    monkeypatch.setenv("WAZUH_MCP_ROLE", "writer")
    with pytest.raises(Forbidden, match=r"respond\.release_agent"):
        await approvals.propose_undo(isolated)
