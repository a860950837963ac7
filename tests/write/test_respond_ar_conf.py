"""Every response tool, through the stand-in answering as the real manager with a connected agent answered.

A real Wazuh 4.14.7 manager takes an active-response command only as its ar.conf spells it
(``reference/wazuh/oracle/api_exchanges_agent.jsonl``, README section D). The expectations here are
read from that recording: which spellings it sent to the connected agent (``firewall-drop600``,
``wazuh-mcp-isolate0``), which it refused with 1652 (the bare names), and how a bare name maps to its
spelling (the name, then the block's timeout). The stand-in is in the recording's state
(``oracle_estate.agent_recording_config``), its answers held to the recording by
``tests/standin/test_oracle_agent_replay.py``. The settings are docs/writes.md's, and the docs' own
ossec.conf blocks are loaded into a stand-in and must give the names the docs' table shows.
"""

from __future__ import annotations

import json
import re
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from standin.app import StandinConfig
from standin.server import StandinServer
from tests.conftest import REPO, shared_dir
from tests.standin.oracle_estate import agent_recording_config
from tests.write.conftest import connect, error_text, ok, settings
from tests.write.test_approvals import api_for
from wazuh_mcp.errors import Conflict
from wazuh_mcp.models.write import PendingChange
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes.approvals import default_store, propose_undo

DOCS = (REPO / "docs/writes.md").read_text(encoding="utf-8")


def docs_settings() -> dict[str, Any]:
    block = re.search(r"### Settings\n\n```toml\n(.*?)```", DOCS, re.DOTALL)
    assert block, "docs/writes.md lost its response settings example"
    responses: dict[str, Any] = tomllib.loads(block.group(1))["profiles"]["default"]["responses"]
    return responses


def docs_ossec_conf() -> dict[str, list[dict[str, str]]]:
    """The ``<command>`` and ``<active-response>`` blocks docs/writes.md tells a person to add."""
    block = re.search(r"```xml\n(<ossec_config>.*?</ossec_config>)\n```", DOCS, re.DOTALL)
    assert block, "docs/writes.md lost its ossec.conf blocks"
    root = ET.fromstring(block.group(1))
    return {
        tag: [{child.tag: (child.text or "").strip() for child in element} for element in root.iter(tag)]
        for tag in ("command", "active-response")
    }


def docs_names() -> dict[str, str]:
    """The docs' table: setting -> the name it says is sent."""
    rows = re.findall(r"^\| `(\w+)` \| `([\w-]+)` \| `([\w-]+)`", DOCS, re.MULTILINE)
    return {setting: sent for setting, _, sent in rows}


def _oracle(name: str) -> Path:
    found = shared_dir()
    path = found / "reference/wazuh/oracle" / name if found else None
    if path is None or not path.is_file():
        pytest.skip(f"the oracle's recording {name} is not present")
    return path


@pytest.fixture(scope="module")
def default_commands() -> list[dict[str, str]]:
    """The ``<command>`` blocks of Wazuh's default ossec.conf, as the recorded manager served it (api-212)."""
    for line in _oracle("api_exchanges.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["id"] == "api-212":
            root = ET.fromstring("<root>" + re.sub(r"<!--.*?-->", "", row["response"], flags=re.DOTALL) + "</root>")
            return [{c.tag: (c.text or "").strip() for c in e} for e in root.findall("./ossec_config/command")]
    pytest.skip("the recorded default ossec.conf (api-212) is not present")


@pytest.fixture(scope="module")
def recorded() -> dict[tuple[str, str], tuple[list[str], list[int]]]:
    """(agents_list, command) -> (agents it was sent to, failed codes), from the recording."""
    verdicts: dict[tuple[str, str], tuple[list[str], list[int]]] = {}
    for line in _oracle("api_exchanges_agent.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row.get("method") == "PUT" and row.get("path") == "/active-response":
            data = row["response"]["data"]
            codes = [f["error"]["code"] for f in data["failed_items"]]
            verdicts[(row["query"]["agents_list"], row["body"]["command"])] = (data["affected_items"], codes)
    return verdicts


def accepted(recorded: dict[tuple[str, str], tuple[list[str], list[int]]]) -> set[str]:
    return {command for (agents, command), (sent, _) in recorded.items() if agents == "001" and sent == ["001"]}


def refused_1652(recorded: dict[tuple[str, str], tuple[list[str], list[int]]]) -> set[str]:
    return {command for (agents, command), (_, codes) in recorded.items() if agents == "001" and codes == [1652]}


def spelled(recorded: dict[tuple[str, str], tuple[list[str], list[int]]]) -> dict[str, str]:
    """Each refused bare name -> the accepted spelling of the same command: the name plus digits."""
    return {
        bare: name
        for bare in refused_1652(recorded)
        for name in accepted(recorded)
        if name.startswith(bare) and name[len(bare) :].isdigit()
    }


@pytest.fixture
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True, config=agent_recording_config()) as server:
        yield server


@pytest.fixture(autouse=True)
def docs_configured(isolated_env: Path, api_env: dict[str, str]) -> Path:
    """docs/writes.md's response settings, read by the server and by the approving process."""
    path = isolated_env / "config.toml"
    lines = ["[profiles.default.responses]"]
    for key, value in docs_settings().items():
        lines.append(f"{key} = {value!r}".replace("'", '"'))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


async def ask(tool: str, arguments: dict[str, Any], s: Any = None) -> dict[str, Any]:
    async with connect(s) as client:
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


def command_of(change: dict[str, Any]) -> str:
    match = re.search(r'"command":"([^"]+)"', change["requests"][0])
    assert match, change["requests"]
    return match.group(1)


def sent(standin: StandinServer) -> list[tuple[str, str, Any]]:
    return [(r["agent_id"], r["command"], r["alert"]) for r in standin.state.snapshot()["responses"]]


async def test_every_response_tool_reaches_the_agent_as_the_recorded_manager_accepts(
    standin: StandinServer, recorded: dict[tuple[str, str], tuple[list[str], list[int]]]
) -> None:
    names = spelled(recorded)
    assert names == {"firewall-drop": "firewall-drop600", "wazuh-mcp-isolate": "wazuh-mcp-isolate0"}
    no_timeout = names["wazuh-mcp-isolate"].removeprefix("wazuh-mcp-isolate")  # a block with no <timeout>
    timeout = int(names["firewall-drop"].removeprefix("firewall-drop"))

    isolated = await ask("isolate_agent", {"agent_id": "001"})
    assert command_of(isolated) == names["wazuh-mcp-isolate"] and not sent(standin)
    applied = await approve(standin, isolated["change_id"])
    assert applied.state == "applied" and applied.outcomes[0].affected == ["001"]
    release = await propose_undo(isolated["change_id"])
    assert release.tool == "respond.release_agent"
    assert (await approve(standin, release.id)).state == "applied"
    assert [c for _, c, _ in sent(standin)] == [names["wazuh-mcp-isolate"], f"wazuh-mcp-release{no_timeout}"]

    blocked = await ask("block_ip", {"ip": "203.0.113.61", "agent_ids": ["001"]})
    assert command_of(blocked) == names["firewall-drop"]
    assert any(f"{timeout} s" in note for note in blocked["notes"])
    applied = await approve(standin, blocked["change_id"])
    assert applied.state == "applied" and applied.lapse_after_s == timeout and "undoes it" in (applied.result or "")
    unblock = await propose_undo(blocked["change_id"])
    assert (await approve(standin, unblock.id)).state == "applied"
    assert sent(standin)[-2:] == [
        ("001", names["firewall-drop"], {"data": {"srcip": "203.0.113.61"}}),
        ("001", f"wazuh-mcp-unblock{no_timeout}", {"data": {"srcip": "203.0.113.61"}}),
    ]

    # t4-ex-041: the ar.conf spelling to 001 and the never-connected 002 reaches 001, 1707 for 002
    both = await ask("block_ip", {"ip": "203.0.113.63", "agent_ids": ["001", "002"]})
    applied = await approve(standin, both["change_id"])
    want_sent, want_codes = recorded[("001,002", names["firewall-drop"])]
    assert applied.outcomes[0].affected == want_sent
    assert [f"(Wazuh error {c})" in applied.outcomes[0].failed[0] for c in want_codes] == [True]

    ran = await ask("run_active_response", {"command": "restart-wazuh", "agent_ids": ["001"]})
    name = command_of(ran)
    assert name not in refused_1652(recorded) and re.fullmatch(r"restart-wazuh\d+", name)
    assert (await approve(standin, ran["change_id"])).state == "applied"
    assert sent(standin)[-1][:2] == ("001", name)
    assert not {c for _, c, _ in sent(standin)} & refused_1652(recorded)


async def test_a_command_the_manager_does_not_define_is_refused_at_the_request(
    standin: StandinServer, recorded: dict[tuple[str, str], tuple[list[str], list[int]]], audit_path: Path
) -> None:
    defined = sorted(n for n in accepted(recorded) if not n.startswith("!"))
    cases: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
        ("isolate_agent", {"agent_id": "001"}, {"isolation_command": "wazuh-mcp-quarantine"}),
        ("block_ip", {"ip": "203.0.113.9", "agent_ids": ["001"]}, {"block_command": "fw-drop-all"}),
        ("run_active_response", {"command": "host-deny", "agent_ids": ["001"]}, {"allowed_commands": ["host-deny"]}),
    ]
    for tool, arguments, change in cases:
        text = await refused(tool, arguments, settings(responses={**docs_settings(), **change}))
        configured = next(iter(change.values()))
        name = configured[0] if isinstance(configured, list) else configured
        assert text.startswith("invalid_argument:") and f"does not define the active-response command '{name}'" in text
        assert "1652" in text and all(n in text for n in defined), (text, defined)
    assert not default_store().list_changes() and not sent(standin)
    steps = [(e.tool, e.error_code) for e in iter_events(audit_path)]
    assert steps == [(f"respond.{tool}", "invalid_argument") for tool, _, _ in cases]  # no approval.request

    # a timeout the manager's block does not have is not promised: refused, naming the one it has
    text = await refused(
        "block_ip",
        {"ip": "203.0.113.9", "agent_ids": ["001"]},
        settings(responses={**docs_settings(), "block_timeout_s": 300}),
    )
    assert "not with a timeout of 300 s" in text and spelled(recorded)["firewall-drop"] in text


async def test_approval_asks_the_manager_again_and_refuses_a_command_it_stopped_defining(
    standin: StandinServer,
) -> None:
    isolated = await ask("isolate_agent", {"agent_id": "001"})
    conf = agent_recording_config().active_response or {}
    standin.state.config.active_response = {
        "command": conf["command"],
        "active-response": [b for b in conf["active-response"] if b["command"] != "wazuh-mcp-isolate"],
    }
    with pytest.raises(Conflict, match="no longer defines the active-response command 'wazuh-mcp-isolate0'"):
        await approve(standin, isolated["change_id"])
    assert not sent(standin) and default_store().get(isolated["change_id"]).state == "failed"


async def test_the_docs_blocks_give_the_names_the_docs_show(
    monkeypatch: pytest.MonkeyPatch, default_commands: list[dict[str, str]]
) -> None:
    """docs/writes.md's ossec.conf blocks added to Wazuh's default ossec.conf, loaded into a stand-in,
    with docs/writes.md's settings: each tool sends the name the docs' table gives, and a command they
    do not define is refused in the docs' own words."""
    table = docs_names()
    assert set(table) == {
        "isolation_command",
        "release_command",
        "block_command",
        "unblock_command",
        "allowed_commands",
    }
    added = docs_ossec_conf()
    conf = {"command": default_commands + added["command"], "active-response": added["active-response"]}
    with StandinServer(tls=True, config=StandinConfig(active_response=conf)) as server:
        monkeypatch.setenv("WAZUH_MCP_API_URL", server.url)
        monkeypatch.setenv("WAZUH_MCP_API_CA_BUNDLE", str(server.ca_path))
        calls: dict[str, tuple[str, dict[str, Any]]] = {
            "isolation_command": ("isolate_agent", {"agent_id": "001"}),
            "release_command": ("release_agent", {"agent_id": "001"}),
            "block_command": ("block_ip", {"ip": "203.0.113.7", "agent_ids": ["001"]}),
            "unblock_command": ("unblock_ip", {"ip": "203.0.113.7", "agent_ids": ["001"]}),
            "allowed_commands": ("run_active_response", {"command": "restart-wazuh", "agent_ids": ["001"]}),
        }
        for setting, (tool, arguments) in calls.items():
            change = await ask(tool, arguments)
            assert command_of(change) == table[setting], setting
            assert (await approve(server, change["change_id"])).state == "applied", setting
        assert [r["command"] for r in server.state.snapshot()["responses"]] == [table[s] for s in calls]

        example = re.search(r"```text\n(invalid_argument: The manager does not define.*?)```", DOCS, re.DOTALL)
        assert example, "docs/writes.md lost its refusal example"
        text = await refused(
            "isolate_agent",
            {"agent_id": "001"},
            settings(responses={**docs_settings(), "isolation_command": "wazuh-mcp-quarantine"}),
        )
        assert " ".join(example.group(1).split()) in " ".join(text.split())


async def test_the_connection_test_checks_every_configured_command(
    standin: StandinServer, recorded: dict[tuple[str, str], tuple[list[str], list[int]]]
) -> None:
    from standin.server import DEMO_USERS
    from wazuh_mcp.config.settings import Settings
    from wazuh_mcp.setup.conncheck import run_connection_test

    async def responses_check(**changes: Any) -> tuple[str, str]:
        s = Settings.load(
            profile="t",
            writes=True,
            api={"url": standin.url, "user": "wazuh", "ca_bundle": standin.ca_path},
            responses={**docs_settings(), **changes},
        )
        report = await run_connection_test(s, profile="t", api_password=DEMO_USERS["wazuh"].password)
        found = next(c for c in report.checks if c.key == "api.responses")
        return found.status, found.detail

    status, detail = await responses_check()
    names = spelled(recorded)
    assert status == "ok", detail
    assert f"responses.isolation_command → {names['wazuh-mcp-isolate']}" in detail
    assert f"responses.block_command → {names['firewall-drop']}" in detail
    status, detail = await responses_check(release_command="wazuh-mcp-unquarantine", allowed_commands=["host-deny"])
    assert status == "warn" and "'wazuh-mcp-unquarantine'" in detail and "'host-deny'" in detail
    assert names["wazuh-mcp-isolate"] in detail


async def test_an_agent_with_active_response_disabled_is_refused_at_the_request_and_named_at_approval(
    standin: StandinServer,
) -> None:
    """Wazuh's ``send_ar_message`` answers 1750 for an agent whose ``com/active-response`` section says
    ``disabled: yes`` (the section a connected agent reports, t4-ex-010): refused at the request when
    no target would run it; at approval, Wazuh's per-agent answer is said in words."""
    standin.state.ar_disabled_agents.add("001")
    text = await refused("isolate_agent", {"agent_id": "001"})
    assert text.startswith("invalid_argument:") and "1750" in text and "001 web-t4" in text
    assert not default_store().list_changes()

    standin.state.ar_disabled_agents.clear()
    asked = await ask("isolate_agent", {"agent_id": "001"})
    standin.state.ar_disabled_agents.add("001")
    with pytest.raises(Conflict, match=r"001: active response is disabled .*\(Wazuh error 1750\)"):
        await approve(standin, asked["change_id"])
    assert not sent(standin)


async def test_restarts_and_group_changes_answer_as_recorded(standin: StandinServer) -> None:
    """The other response tools on the same recorded manager: t4-ex-047 (restart 001 and the
    never-connected 002: 001 restarted, 1707 for 002), t4-ex-043/045 (001 into t4grp and out again)."""
    rows = {
        row["id"]: row
        for row in map(json.loads, _oracle("api_exchanges_agent.jsonl").read_text(encoding="utf-8").splitlines())
    }
    restart = rows["t4-ex-047"]["response"]["data"]
    asked = await ask("restart_agents", {"agent_ids": ["001", "002"]})
    applied = await approve(standin, asked["change_id"])
    assert applied.outcomes[0].affected == restart["affected_items"]
    codes = [f["error"]["code"] for f in restart["failed_items"]]
    assert [f"(Wazuh error {c})" in line for c, line in zip(codes, applied.outcomes[0].failed, strict=True)] == [True]

    added = await ask("add_agent_to_group", {"agent_id": "001", "group": "t4grp"})
    applied = await approve(standin, added["change_id"])
    assert applied.outcomes[0].affected == rows["t4-ex-043"]["response"]["data"]["affected_items"]
    back = await propose_undo(added["change_id"])
    assert back.tool == "respond.remove_agent_from_group"
    removed = await approve(standin, back.id)
    assert removed.state == "applied" and removed.outcomes[0].message == rows["t4-ex-045"]["response"]["message"]
