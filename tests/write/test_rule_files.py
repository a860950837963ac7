"""Wazuh's 200-with-error answers to rule uploads, and restarts, against the stand-in over HTTPS."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from standin.rules import RuleFile
from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, connect, ok, settings
from tests.write.test_approvals import api_for, approve_now
from wazuh_mcp.backends.server_api import ServerApi
from wazuh_mcp.errors import Conflict, Forbidden, InvalidArgument
from wazuh_mcp.writes.approvals import default_store
from wazuh_mcp.writes.rule_files import read_rule_file, restart, rule_locations, upload_rule_file


@asynccontextmanager
async def api(standin: StandinServer) -> AsyncIterator[ServerApi]:
    client = api_for(standin)
    try:
        yield client
    finally:
        await client.aclose()


async def test_upload_answers_become_clear_errors(standin: StandinServer) -> None:
    async with api(standin) as client:
        assert await upload_rule_file(client, "x.xml", "etc/rules", NEW_RULE, overwrite=False) == "etc/rules/x.xml"
        with pytest.raises(Conflict, match="1905") as exists:
            await upload_rule_file(client, "x.xml", "etc/rules", NEW_RULE, overwrite=False)
        assert "update_rule" in str(exists.value)
        with pytest.raises(InvalidArgument, match=r"rejected the XML.*1113"):
            await upload_rule_file(client, "y.xml", "etc/rules", "<group name='x'><rule", overwrite=False)
        with pytest.raises(Forbidden, match=r"default ruleset.*1210"):
            await upload_rule_file(client, "0095-sshd_rules.xml", "ruleset/rules", NEW_RULE, overwrite=True)
        assert await read_rule_file(client, "x.xml", "etc/rules") == NEW_RULE
        assert await read_rule_file(client, "nope.xml", "etc/rules") is None
        where = await rule_locations(client, [100100, 5716, 119999])
    assert {i: w.path for i, w in where.items()} == {
        100100: "etc/rules/x.xml",
        5716: "ruleset/rules/0095-sshd_rules.xml",
    }


async def test_a_file_created_between_check_and_upload_fails_the_change(standin: StandinServer) -> None:
    async with connect() as client:
        change_id = ok(await client.call_tool("create_rule", {"rule_xml": NEW_RULE}))["change_id"]
    # created by someone else with the same name but other ids: the freshness check catches it first
    other = NEW_RULE.replace("100100", "100900")
    standin.state.ruleset.add(RuleFile("wazuh-mcp-100100.xml", "etc/rules", other, uploaded=True))
    with pytest.raises(Conflict, match="created by someone else"):
        await approve_now(default_store(), change_id, standin)
    assert default_store().get(change_id).state == "failed"


async def test_cluster_restart_on_a_cluster() -> None:
    with StandinServer(tls=True, cluster=True) as cluster:
        async with api(cluster) as client:
            nodes = await restart(client, "cluster")
        assert len(nodes) >= 2 and cluster.state.snapshot()["restarts"]["cluster"] == 1


async def test_restart_manager_cluster_scope_through_approval(monkeypatch: pytest.MonkeyPatch) -> None:
    with StandinServer(tls=True, cluster=True) as cluster:
        monkeypatch.setenv("WAZUH_MCP_API_URL", cluster.url)
        monkeypatch.setenv("WAZUH_MCP_API_CA_BUNDLE", str(cluster.ca_path))
        async with connect(settings()) as client:
            result = ok(await client.call_tool("restart_manager", {"scope": "cluster"}))
        assert result["status"] == "pending_approval" and result["target"] == "cluster"
        assert not any(cluster.state.snapshot()["restarts"].values())
        applied = await approve_now(default_store(), result["change_id"], cluster)
        assert applied.state == "applied" and cluster.state.snapshot()["restarts"]["cluster"] == 1
