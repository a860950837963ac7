"""H2: ``POST /approvals/{id}/approve`` checked only that the approver's role allowed ``write.create_rule``,
whatever the change's tool: a role without ``respond.*`` approved and applied ``isolate_agent``, and a role
allowed only ``respond.*`` could approve nothing. Approving now needs the approver's role to allow that
change's own tool, over HTTP and on the CLI (tests/hardening/approvals_bed.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from standin.server import StandinServer
from tests.hardening.approvals_bed import (
    approve_over_http,
    ask_isolation,
    ask_rule,
    isolations,
    team_on,
    token,
)
from tests.hardening.local_idp import LocalIdp
from tests.team.conftest import TeamServer
from wazuh_mcp.errors import Forbidden
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes import approvals


@pytest.fixture(scope="module")
def team(idp: LocalIdp, standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    with team_on(tmp_path_factory.mktemp("h2"), idp, standin) as running:
        yield running


async def test_h2_a_role_without_respond_cannot_approve_an_isolation(
    idp: LocalIdp,
    team: TeamServer,
    standin: StandinServer,
) -> None:
    change_id = await ask_isolation(team, token(idp, "lead-1", "soc-leads", preferred_username="lead1"))
    before = isolations(standin)
    for role in ("writer", "cluster_only", "agents_only"):
        refused = approve_over_http(team, token(idp, f"{role}-1", role, preferred_username=role), change_id)
        assert refused.status_code == 403, (role, refused.text)
        assert "respond.isolate_agent" in refused.json()["message"] and f"Role '{role}'" in refused.json()["message"]
    unmapped = approve_over_http(team, token(idp, "nobody-1", "no-such-group", preferred_username="nobody"), change_id)
    assert unmapped.status_code == 403
    assert isolations(standin) == before  # nothing reached the agent
    assert approvals.get_change(change_id).state == "pending"
    refusals = [e for e in iter_events(team.audit_path) if e.change_id == change_id and e.tool == "approval.approve"]
    assert [e.error_code for e in refusals] == ["forbidden"] * 4  # each refusal audited

    applied = approve_over_http(team, token(idp, "responder-1", "responder", preferred_username="resp"), change_id)
    assert applied.status_code == 200, applied.text
    assert applied.json()["state"] == "applied" and isolations(standin) == before + 1


async def test_h2_a_role_allowed_only_respond_approves_responses_not_rules(idp: LocalIdp, team: TeamServer) -> None:
    change_id = await ask_rule(team, token(idp, "lead-2", "soc-leads", preferred_username="lead2"), 100411)
    refused = approve_over_http(team, token(idp, "responder-2", "responder", preferred_username="resp2"), change_id)
    assert refused.status_code == 403 and "write.create_rule" in refused.json()["message"]
    applied = approve_over_http(team, token(idp, "writer-2", "writer", preferred_username="writer2"), change_id)
    assert applied.status_code == 200 and applied.json()["state"] == "applied", applied.text


async def test_h2_on_the_cli_the_local_role_must_allow_the_changes_tool(
    idp: LocalIdp,
    team: TeamServer,
    server_host: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    change_id = await ask_isolation(team, token(idp, "lead-3", "soc-leads", preferred_username="lead3"))
    monkeypatch.setenv("WAZUH_MCP_ROLE", "writer")  # `wazuh-mcp approve` at a host whose role is writer
    with pytest.raises(Forbidden, match=r"Role 'writer' may not approve change .*respond\.isolate_agent"):
        await approvals.approve(change_id, unnamed_requester=True)
    assert approvals.get_change(change_id).state == "pending"
    recorded = [e for e in iter_events(server_host / "state" / "audit.jsonl") if e.change_id == change_id]
    assert [(e.tool, e.error_code) for e in recorded] == [("approval.approve", "forbidden")]
