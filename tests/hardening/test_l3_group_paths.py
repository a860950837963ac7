"""L3: any group containing ``/`` matched on its last part: ``user-made/soc-leads`` became admin. A group now
matches only whole (a configured ``a/b`` as ``a/b``); Keycloak's path of a top-level group, ``/soc-leads``,
is that group. Over HTTP with local JWKS tokens and the official MCP client."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from standin.server import StandinServer
from tests.hardening.approvals_bed import team_on
from tests.hardening.local_idp import LocalIdp
from tests.team.conftest import TeamServer
from tests.team.test_team_server import analyst


@pytest.fixture(scope="module")
def team(idp: LocalIdp, standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    with team_on(tmp_path_factory.mktemp("l3"), idp, standin) as running:
        yield running


async def test_l3_a_group_path_does_not_match_on_its_last_part(idp: LocalIdp, team: TeamServer) -> None:
    for groups in (["user-made/soc-leads"], ["/user-made/soc-leads"], ["a/b/soc-leads"]):
        async with analyst(team.url, idp.token("sub-l3", groups=groups)) as client:
            assert (await client.list_tools()).tools == [], groups
    async with analyst(team.url, idp.token("sub-l3", groups=["/soc-leads"])) as client:  # a top-level path
        assert (await client.list_tools()).tools
