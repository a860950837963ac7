"""Response actions through an in-process MCP client against the HTTPS stand-in: what each tool
records (and that Wazuh is untouched), the caps and refusals, re-checks at approval, sending exactly
the recorded requests, and undo."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from standin.server import StandinServer
from tests.write.conftest import connect, error_text, ok, settings
from tests.write.test_approvals import api_for
from wazuh_mcp.errors import Conflict
from wazuh_mcp.models.write import PendingChange
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes.approvals import default_store, propose_undo

RESPONSES = """
[profiles.default.responses]
isolation_command = "wazuh-mcp-isolate"
release_command = "wazuh-mcp-release"
unblock_command = "wazuh-mcp-unblock"
block_timeout_s = 600
allowed_commands = ["!restart-wazuh"]
manager_ips = ["10.10.0.2"]
"""


@pytest.fixture(autouse=True)
def responses_configured(isolated_env: Path, api_env: dict[str, str]) -> Path:
    """The settings file both the server and an approving process read (the response commands)."""
    path = isolated_env / "config.toml"
    path.write_text(RESPONSES, encoding="utf-8")
    return path


def untouched(standin: StandinServer) -> bool:
    snapshot = standin.state.snapshot()
    return not snapshot["responses"] and not snapshot["agent_restarts"]


def groups_of(standin: StandinServer, agent_id: str) -> list[str]:
    return list((standin.state.fleet.agent(agent_id) or {}).get("group", []))


async def ask(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    async with connect() as client:
        return ok(await client.call_tool(tool, arguments))


async def refused(tool: str, arguments: dict[str, Any], s: Any = None) -> str:
    async with connect(s) as client:
        return error_text(await client.call_tool(tool, arguments))


async def approve(standin: StandinServer, change_id: str) -> PendingChange:
    api = api_for(standin)
    try:
        return await default_store().approve(change_id, api, api_url=standin.url)
    finally:
        await api.aclose()


CALLS = [
    ("restart_agents", {"agent_ids": ["001", "005"]}),
    ("isolate_agent", {"agent_id": "001"}),
    ("release_agent", {"agent_id": "001"}),
    ("block_ip", {"ip": "203.0.113.7", "agent_ids": ["001"]}),
    ("block_ip", {"ip": "203.0.113.7", "group": "dmz"}),
    ("unblock_ip", {"ip": "203.0.113.7", "agent_ids": ["001"]}),
    ("run_active_response", {"command": "restart-wazuh", "agent_ids": ["005"]}),
    ("add_agent_to_group", {"agent_id": "001", "group": "dmz"}),
    ("remove_agent_from_group", {"agent_id": "001", "group": "webservers"}),
]


@pytest.mark.parametrize("tool, arguments", CALLS, ids=[f"{t}-{i}" for i, (t, _) in enumerate(CALLS)])
async def test_each_tool_answers_pending_approval_and_changes_nothing(
    standin: StandinServer, audit_path: Path, tool: str, arguments: dict[str, Any]
) -> None:
    before = groups_of(standin, "001")
    result = await ask(tool, arguments)
    assert (
        result["status"] == "pending_approval" and result["approve_with"] == f"wazuh-mcp approve {result['change_id']}"
    )
    assert untouched(standin) and groups_of(standin, "001") == before
    change = default_store().get(result["change_id"])
    assert change.state == "pending" and change.tool == f"respond.{tool}" and change.requests
    assert [c.line() for c in change.requests] == result["requests"]
    for call in change.requests:
        assert "agents_list=all" not in call.line() and "000" not in call.params.get("agents_list", "")
    assert all(a.name and a.status for a in change.agents)  # the blast radius, named
    steps = [(e.tool, e.outcome) for e in iter_events(audit_path)]
    assert steps == [("approval.request", "ok"), (f"respond.{tool}", "ok")]


async def test_a_group_target_lists_every_member_and_names_the_disconnected(standin: StandinServer) -> None:
    result = await ask("block_ip", {"ip": "203.0.113.7", "group": "dmz"})
    members = sorted(a["id"] for a in standin.state.fleet.agents if "dmz" in a.get("group", []))
    assert [line.split()[0] for line in result["agents"]] == members
    never = next(line for line in result["agents"] if line.startswith("004 "))
    assert "will not receive it" in never and "never_connected" in never
    assert result["requests"] == [
        f"PUT /active-response?agents_list={','.join(members)} "
        '{"alert":{"data":{"srcip":"203.0.113.7"}},"arguments":[],"command":"firewall-drop600"}'
    ]
    assert any("600 s" in note for note in result["notes"]) and result["undo"] == "unblock 203.0.113.7"


async def test_approval_sends_exactly_the_recorded_requests_and_later_reads_show_it(standin: StandinServer) -> None:
    blocked = await ask("block_ip", {"ip": "203.0.113.7", "agent_ids": ["001", "002"]})
    moved = await ask("add_agent_to_group", {"agent_id": "005", "group": "dmz"})
    restarted = await ask("restart_agents", {"agent_ids": ["001"]})
    keepalive = (standin.state.fleet.agent("001") or {})["lastKeepAlive"]

    applied = await approve(standin, blocked["change_id"])
    assert applied.state == "applied" and applied.outcomes[0].affected == ["001"]
    # disconnected: Wazuh could not reach it, said per agent in words with Wazuh's code
    assert applied.outcomes[0].failed[0].startswith("002: not connected") and "(Wazuh error 1707)" in (
        applied.result or ""
    )
    assert "lapses at" in (applied.result or "")
    sent = standin.state.snapshot()["responses"]
    recorded = applied.requests[0].body
    assert recorded is not None
    assert [(r["agent_id"], r["command"], r["arguments"], r["alert"]) for r in sent] == [
        ("001", recorded["command"], recorded["arguments"], recorded["alert"])
    ]

    assert (await approve(standin, moved["change_id"])).state == "applied"
    async with connect() as client:
        agent = ok(await client.call_tool("get_agent", {"agent_id": "005"}))
    assert "dmz" in str(agent) and groups_of(standin, "005")[-1] == "dmz"

    await approve(standin, restarted["change_id"])
    assert standin.state.snapshot()["agent_restarts"] == {"001": 1}
    assert (standin.state.fleet.agent("001") or {})["lastKeepAlive"] >= keepalive

    with pytest.raises(Conflict, match="already applied"):
        await approve(standin, blocked["change_id"])
    assert len(standin.state.snapshot()["responses"]) == 1


async def test_undo_proposes_the_inverse_as_a_new_change_that_needs_approval(standin: StandinServer) -> None:
    isolated = await ask("isolate_agent", {"agent_id": "001"})
    with pytest.raises(Conflict, match="only an applied change"):
        await propose_undo(isolated["change_id"])
    await approve(standin, isolated["change_id"])
    undo = await propose_undo(isolated["change_id"])
    assert undo.state == "pending" and undo.tool == "respond.release_agent" and undo.undo_of == isolated["change_id"]
    assert [r["command"] for r in standin.state.snapshot()["responses"]] == ["wazuh-mcp-isolate0"]  # not sent yet
    await approve(standin, undo.id)
    assert [r["command"] for r in standin.state.snapshot()["responses"]] == ["wazuh-mcp-isolate0", "wazuh-mcp-release0"]

    grouped = await ask("add_agent_to_group", {"agent_id": "001", "group": "dmz"})
    await approve(standin, grouped["change_id"])
    back = await propose_undo(grouped["change_id"])
    assert back.tool == "respond.remove_agent_from_group"
    await approve(standin, back.id)
    assert "dmz" not in groups_of(standin, "001")


async def test_what_cannot_be_undone_says_so(standin: StandinServer) -> None:
    restarted = await ask("restart_agents", {"agent_ids": ["001"]})
    assert restarted["undo"] is None
    await approve(standin, restarted["change_id"])
    with pytest.raises(Exception, match="no inverse"):
        await propose_undo(restarted["change_id"])


@pytest.mark.parametrize(
    "tool, arguments, words",
    [
        ("isolate_agent", {"agent_id": "000"}, "Wazuh manager"),
        ("block_ip", {"ip": "203.0.113.7", "agent_ids": ["000"]}, "Wazuh manager"),
        ("run_active_response", {"command": "restart-wazuh", "agent_ids": ["001", "000"]}, "Wazuh manager"),
        ("restart_agents", {"agent_ids": ["000"]}, "restart_manager"),
        ("restart_agents", {"agent_ids": [f"{i:03d}" for i in range(1, 12)]}, "at most 10"),
        ("block_ip", {"ip": "203.0.113.7", "group": "default"}, "at most 10"),
        ("block_ip", {"ip": "203.0.113.7", "group": "nope"}, "does not exist"),
        ("add_agent_to_group", {"agent_id": "001", "group": "nope"}, "does not exist"),
        ("add_agent_to_group", {"agent_id": "001", "group": "webservers"}, "already in group"),
        ("remove_agent_from_group", {"agent_id": "001", "group": "dmz"}, "not in group"),
        ("restart_agents", {"agent_ids": ["999"]}, "No agent 999"),
        ("restart_agents", {"agent_ids": ["002"]}, "No targeted agent is connected"),
        ("run_active_response", {"command": "rm-rf", "agent_ids": ["001"]}, "not on the allowlist"),
        ("run_active_response", {"command": "rm -rf /", "agent_ids": ["001"]}, "not an active-response command"),
        ("run_active_response", {"command": "restart-wazuh", "agent_ids": ["001"], "arguments": ["a;b"]}, "shell"),
        ("run_active_response", {"command": "restart-wazuh", "agent_ids": ["001"], "arguments": ["$(id)"]}, "shell"),
        ("block_ip", {"ip": "not-an-ip", "agent_ids": ["001"]}, "not an IP address"),
        ("block_ip", {"ip": "127.0.0.1", "agent_ids": ["001"]}, "loopback"),
        ("block_ip", {"ip": "10.10.0.2", "agent_ids": ["001"]}, "address of the Wazuh manager"),
        ("block_ip", {"ip": "203.0.113.7", "agent_ids": ["001"], "group": "dmz"}, "not both"),
    ],
)
async def test_bad_input_is_refused_with_what_to_change_and_nothing_recorded(
    standin: StandinServer, audit_path: Path, tool: str, arguments: dict[str, Any], words: str
) -> None:
    text = await refused(tool, arguments)
    assert words in text, text
    assert untouched(standin) and default_store().list_changes() == []
    assert [e.tool for e in iter_events(audit_path)] == [f"respond.{tool}"]  # audited, as an error
    assert next(iter_events(audit_path)).outcome == "error"


async def test_active_responses_are_denied_by_default_and_isolation_needs_configuring(
    standin: StandinServer, responses_configured: Path
) -> None:
    responses_configured.write_text("", encoding="utf-8")
    text = await refused("run_active_response", {"command": "restart-wazuh", "agent_ids": ["001"]})
    assert "every command is denied by default" in text
    text = await refused("isolate_agent", {"agent_id": "001"})
    assert "No active-response command is configured for isolation" in text and "isolation_command" in text


async def test_targets_that_changed_before_approval_refuse_it(standin: StandinServer) -> None:
    restart = await ask("restart_agents", {"agent_ids": ["001", "005"]})
    block = await ask("block_ip", {"ip": "203.0.113.7", "group": "dmz"})
    (standin.state.fleet.agent("005") or {})["status"] = "disconnected"
    (standin.state.fleet.agent("006") or {})["group"].append("dmz")
    with pytest.raises(Conflict, match=r"agent 005: status 'active' → 'disconnected'"):
        await approve(standin, restart["change_id"])
    with pytest.raises(Conflict, match="group dmz gained agent 006"):
        await approve(standin, block["change_id"])
    assert untouched(standin)
    assert default_store().get(restart["change_id"]).state == "failed"


async def test_a_command_taken_off_the_allowlist_is_refused_at_approval(
    standin: StandinServer, responses_configured: Path
) -> None:
    asked = await ask("run_active_response", {"command": "restart-wazuh", "agent_ids": ["005"]})
    responses_configured.write_text(RESPONSES.replace('"!restart-wazuh"', ""), encoding="utf-8")
    with pytest.raises(Conflict, match="not on the allowlist"):
        await approve(standin, asked["change_id"])
    assert untouched(standin)


@pytest.mark.parametrize(
    "edit",
    [
        {"summary": "Restart nothing important"},
        {"diff": "Requests sent on approval, exactly:\n  (none)\n"},
        {"agents": []},
        {"inverse": None},
        {"arguments": {"agent_ids": ["005"]}},
    ],
)
async def test_a_rehashed_response_record_that_hides_what_it_does_is_refused(
    standin: StandinServer, edit: dict[str, Any]
) -> None:
    from tests.write.forge import seal_as_key_holder

    asked = await ask("isolate_agent", {"agent_id": "001"})
    store = default_store()
    forged = store.get(asked["change_id"]).model_copy(update=edit)
    seal_as_key_holder(forged)  # a forger holding the integrity key still meets the response checks
    with pytest.raises(Conflict) as refusal:
        await approve(standin, forged.id)
    assert (
        "will not be applied" in str(refusal.value)
        or "does not show" in str(refusal.value)
        or "no longer" in str(refusal.value)
    ), refusal.value
    assert untouched(standin) and store.get(forged.id).state == "failed"


async def test_restart_manager_validates_the_configuration_first(standin: StandinServer) -> None:
    asked = await ask("restart_manager", {})
    standin.state.config_error = "ossec.conf: Invalid element in the configuration: 'bogus'"
    text = await refused("restart_manager", {})
    assert text.startswith("invalid_argument:") and "'bogus'" in text and "unable to start" in text
    with pytest.raises(Conflict, match="does not validate"):
        await approve(standin, asked["change_id"])
    assert not any(standin.state.snapshot()["restarts"].values())


async def test_under_default_roles_only_admin_sees_the_response_tools(standin: StandinServer) -> None:
    names = {f"respond_{t}" for t, _ in CALLS}
    wire = {t for t, _ in CALLS}
    for role, visible in (("admin", True), ("analyst", False), ("readonly", False)):
        async with connect(settings(role=role, writes=True)) as client:
            listed = {t.name for t in (await client.list_tools()).tools}
        assert (wire <= listed) is visible and not names & listed, role
    async with connect(settings(role="admin", writes=False)) as client:
        assert not wire & {t.name for t in (await client.list_tools()).tools}
    text = await refused("isolate_agent", {"agent_id": "001"}, settings(role="analyst", writes=True))
    assert text.startswith("forbidden:")


def test_the_settings_example_in_the_docs_loads() -> None:
    import re
    import tomllib

    from tests.conftest import REPO
    from wazuh_mcp.config.settings import ResponseSettings

    text = (REPO / "docs/writes.md").read_text(encoding="utf-8")
    block = re.search(r"### Settings\n\n```toml\n(.*?)```", text, re.DOTALL)
    assert block, "docs/writes.md lost its response settings example"
    loaded = ResponseSettings(**tomllib.loads(block.group(1))["profiles"]["default"]["responses"])
    assert loaded.allowed_commands == ["restart-wazuh"] and loaded.max_agents == 10


async def test_a_cluster_nodes_own_address_is_never_blocked(monkeypatch: pytest.MonkeyPatch) -> None:
    with StandinServer(tls=True, cluster=True) as cluster:
        monkeypatch.setenv("WAZUH_MCP_API_URL", cluster.url)
        monkeypatch.setenv("WAZUH_MCP_API_CA_BUNDLE", str(cluster.ca_path))
        worker = next(n.ip for n in cluster.state.fleet.nodes if n.type == "worker")
        text = await refused("block_ip", {"ip": worker, "agent_ids": ["001"]})
        assert "address of the Wazuh manager" in text
        assert not cluster.state.snapshot()["responses"]


async def test_agent_names_from_hosts_reach_the_record_inert(standin: StandinServer) -> None:
    agent = standin.state.fleet.agent("005") or {}
    agent["name"] = "k8s\x1b[2J\x1b]0;pwned\x07\u202eevil"  # an enrolling host picks its own name
    result = await ask("restart_agents", {"agent_ids": ["005"]})
    change = default_store().get(result["change_id"])
    assert change.agents[0].name == "k8s[2J]0;pwnedevil"
    assert not any(c in change.diff + change.summary for c in "\x1b\x07\u202e")
