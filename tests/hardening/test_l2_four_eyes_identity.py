"""L2: HTTP four eyes compared ``sub`` only: two subjects with one display name passed, and the record read
"requested by leada … decided by leada". Decided (docs/team.md): any shared identity — subject, normalised
display name, Wazuh user — makes two tokens one person, so a second subject carrying the same name or Wazuh
user cannot approve; a real second person's approval names their subject in the record."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from standin.server import StandinServer
from tests.hardening.approvals_bed import approve_over_http, ask_rule, team_on, token
from tests.hardening.local_idp import LocalIdp
from tests.team.conftest import TeamServer, allow_run_as
from wazuh_mcp.approval_cli import describe
from wazuh_mcp.writes import approvals


@pytest.fixture(scope="module")
def team(idp: LocalIdp, standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    allow_run_as(standin, "analyst-b", "administrator")
    with team_on(tmp_path_factory.mktemp("l2"), idp, standin) as running:
        yield running


@pytest.mark.parametrize(
    ("rule_id", "second"),
    [
        (100601, {"preferred_username": "leada"}),  # the reported form: another subject, the same display name
        (100602, {"preferred_username": "LeadA"}),
        (100603, {"preferred_username": "leada@corp.example"}),
        (100604, {"preferred_username": "someone-else", "wazuh_user": "analyst-b"}),  # the same Wazuh user
    ],
)
async def test_l2_a_second_subject_of_the_same_person_cannot_approve(
    idp: LocalIdp, team: TeamServer, rule_id: int, second: dict[str, str]
) -> None:
    first = token(idp, "sub-lead-a", "soc-leads", preferred_username="leada", wazuh_user="analyst-b")
    change_id = await ask_rule(team, first, rule_id)
    answer = approve_over_http(team, token(idp, f"sub-other-{rule_id}", "soc-leads", **second), change_id)
    assert answer.status_code == 403 and "four eyes" in answer.json()["message"], answer.text
    assert "sub-lead-a" in answer.json()["message"]  # the refusal says who asked, by subject
    assert approvals.get_change(change_id).state == "pending"


async def test_l2_another_person_approves_and_the_record_tells_them_apart(idp: LocalIdp, team: TeamServer) -> None:
    change_id = await ask_rule(team, token(idp, "sub-lead-a", "soc-leads", preferred_username="leada"), 100950)
    answer = approve_over_http(team, token(idp, "sub-lead-b", "soc-leads", preferred_username="leadb"), change_id)
    assert answer.status_code == 200, answer.text
    change = approvals.get_change(change_id)
    assert change.decided_by == "leadb (sub sub-lead-b)"
    shown = describe(change)
    assert "analyst leada" in shown and "subject sub-lead-a" in shown
