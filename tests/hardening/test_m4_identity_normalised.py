"""M4: the CLI's four-eyes check compared the OS login with ``preferred_username`` exactly: OS user ``root``
approved changes requested as ``Root``, as ``root@corp.example`` (the form Entra ID and Okta send), and by a
token with no name claim. Identities are now compared after normalising, and a change whose requester had
no name claim is approved on the CLI only with ``--unnamed-requester`` (tests/hardening/approvals_bed.py)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from standin.server import StandinServer
from tests.hardening.approvals_bed import (
    ask_rule,
    team_on,
    token,
)
from tests.hardening.local_idp import LocalIdp
from tests.team.conftest import TeamServer
from wazuh_mcp.errors import Forbidden
from wazuh_mcp.writes import approvals
from wazuh_mcp.writes.approval_policy import identity_key


@pytest.fixture(scope="module")
def team(idp: LocalIdp, standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    with team_on(tmp_path_factory.mktemp("m4"), idp, standin) as running:
        yield running


SPELLINGS = ["root", "Root", "ROOT", "root@corp.example", "Root@Corp.Example", "CORP\\root", " root ", "ｒｏｏｔ"]
"""The OS login ``root`` as identity providers spell it: case, a UPN's domain, a down-level domain, spaces,
fullwidth letters (NFKC)."""


def test_m4_identity_key_normalises_every_spelling() -> None:
    assert {identity_key(name) for name in SPELLINGS} == {"root"}
    assert identity_key("rooter") != identity_key("root") and identity_key("") is None


@pytest.mark.parametrize("name", SPELLINGS[1:])
async def test_m4_the_os_user_cannot_approve_a_change_asked_under_their_name(
    idp: LocalIdp,
    team: TeamServer,
    server_host: Path,
    name: str,
) -> None:
    rule_id = 100500 + SPELLINGS.index(name)
    change_id = await ask_rule(team, token(idp, f"sub-{rule_id}", "soc-leads", preferred_username=name), rule_id)
    with pytest.raises(Forbidden, match="four eyes"):
        await approvals.approve(change_id)
    with pytest.raises(Forbidden, match="four eyes"):  # naming the unnamed-requester fact changes nothing here
        await approvals.approve(change_id, unnamed_requester=True)
    assert approvals.get_change(change_id).state == "pending"


async def test_m4_a_requester_without_a_name_claim_needs_the_explicit_flag(
    idp: LocalIdp,
    team: TeamServer,
    server_host: Path,
) -> None:
    change_id = await ask_rule(team, token(idp, "sub-unnamed", "soc-leads"), 100520)  # no preferred_username
    with pytest.raises(Forbidden, match="no name claim") as refused:
        await approvals.approve(change_id)
    assert "--unnamed-requester" in (refused.value.hint or "")
    applied = await approvals.approve(change_id, unnamed_requester=True)
    assert applied.state == "applied" and applied.decided_by == "root"


async def test_m4_the_cli_flag_exists_and_refuses_without_it(
    idp: LocalIdp,
    team: TeamServer,
    server_host: Path,
) -> None:
    """`wazuh-mcp approve` itself, as its own process."""
    import os

    from tests.conftest import REPO

    change_id = await ask_rule(team, token(idp, "sub-unnamed-2", "soc-leads"), 100521)
    run = [sys.executable, "-m", "wazuh_mcp", "approve", change_id, "--yes"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}

    def approve(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*run, *extra], env=env, capture_output=True, text=True, timeout=60, check=False)

    refused = await asyncio.to_thread(approve)
    assert refused.returncode != 0 and "no name claim" in refused.stderr, refused.stderr
    applied = await asyncio.to_thread(approve, "--unnamed-requester")
    assert applied.returncode == 0, applied.stderr
    assert approvals.get_change(change_id).state == "applied"
