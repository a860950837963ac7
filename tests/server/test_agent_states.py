"""agent_inventory and agent_sca on Wazuh 4.x, through the official MCP client against the Server API stand-in
(whose answers the spec-conformance test holds to Wazuh 4.14's spec), and their 4.x item mappings on a real
4.14.7 agent's recorded answers (the oracle's ``api_exchanges_agent.jsonl``). Expectations come from the
stand-in's own Server API answers and the recordings, never from the tools' code."""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from standin.app import StandinConfig
from standin.server import StandinServer
from tests.server.test_inventory_never_scanned import client_for
from tests.server.test_inventory_placeholders import blanks, recorded, shared  # noqa: F401 (fixture)
from tests.standin.conftest import login
from wazuh_mcp.tools._inventory_kinds import KINDS


@pytest.fixture(scope="module")
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        yield server


def api(standin: StandinServer, path: str, **params: Any) -> dict[str, Any]:
    """What the stand-in's Server API answers, asked directly."""
    with httpx.Client(
        base_url=standin.url, timeout=10, verify=ssl.create_default_context(cafile=str(standin.ca_path))
    ) as http:
        token = login(http)
        answer = http.get(path, params=params, headers={"Authorization": f"Bearer {token}"})
    body: dict[str, Any] = answer.json()
    return body


def ok(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    body: dict[str, Any] = result.structured_content or {}
    return body


async def test_users_groups_and_services_are_the_syscollector_answers(standin: StandinServer, tmp_path: Path) -> None:
    async with client_for(standin, tmp_path) as client:
        users = ok(await client.call_tool("agent_inventory", {"agent_id": "001", "kind": "users", "size": 2}))
        groups = ok(await client.call_tool("agent_inventory", {"agent_id": "001", "kind": "groups"}))
        services = ok(await client.call_tool("agent_inventory", {"agent_id": "001", "kind": "services"}))
    want_users = api(standin, "/syscollector/001/users")["data"]
    assert users["total"] == want_users["total_affected_items"] > 2 and users["truncated"]
    assert [u["name"] for u in users["items"]] == [u["user"]["name"] for u in want_users["affected_items"][:2]]
    assert users["items"][0]["groups"] == want_users["affected_items"][0]["user"]["groups"].split(",")
    assert users["scan_time"] == want_users["affected_items"][0]["scan"]["time"]
    want_groups = api(standin, "/syscollector/001/groups")["data"]["affected_items"]
    assert [(g["name"], g["gid"]) for g in groups["items"]] == [
        (g["group"]["name"], g["group"]["id"]) for g in want_groups
    ]
    for item, raw in zip(groups["items"], want_groups, strict=True):
        members = raw["group"]["users"]
        assert item.get("members", []) == ([] if not members.strip() else members.split(","))
    want_services = api(standin, "/syscollector/001/services")["data"]["affected_items"]
    assert [(s["name"], s["pid"], s["user"]) for s in services["items"]] == [
        (s["service"]["name"], s["process"]["pid"], s["process"]["user_name"]) for s in want_services
    ]
    assert all("start_type" not in s for s in services["items"]), "wazuh-db's ' ' placeholder is not a value"


@pytest.mark.parametrize("kind", sorted(KINDS))
async def test_every_kind_answers_what_its_endpoint_holds(standin: StandinServer, tmp_path: Path, kind: str) -> None:
    agent = next(a["id"] for a in standin.state.fleet.agents if a.get("os", {}).get("platform") == "windows")
    async with client_for(standin, tmp_path) as client:
        page = ok(await client.call_tool("agent_inventory", {"agent_id": agent, "kind": kind}))
    spec = KINDS[kind]  # type: ignore[index]
    want = api(standin, spec.endpoint(agent), **dict(spec.params))["data"]
    assert page["kind"] == kind and page["total"] == want["total_affected_items"]
    assert len(page["items"]) == len(want["affected_items"])
    if not want["affected_items"]:
        assert page["note"].startswith(f"The agent's last {spec.scan} reported no")


async def test_os_and_hardware_are_one_item_and_page_without_limit(standin: StandinServer, tmp_path: Path) -> None:
    """/syscollector/{id}/os and /hardware take no limit or offset (400 on a real manager); the tool pages itself."""
    async with client_for(standin, tmp_path) as client:
        os_page = ok(await client.call_tool("agent_inventory", {"agent_id": "001", "kind": "os"}))
        hardware = ok(await client.call_tool("agent_inventory", {"agent_id": "001", "kind": "hardware", "offset": 1}))
    raw = api(standin, "/syscollector/001/os")["data"]["affected_items"][0]
    assert os_page["items"][0]["name"] == raw["os"]["name"] and os_page["items"][0]["hostname"] == raw["hostname"]
    assert os_page["total"] == 1 and hardware["items"] == [] and hardware["total"] == 1


async def test_unknown_kind_names_the_valid_ones(standin: StandinServer, tmp_path: Path) -> None:
    async with client_for(standin, tmp_path) as client:
        result = await client.call_tool("agent_inventory", {"agent_id": "001", "kind": "processes"})
    text = str(getattr(result.content[0], "text", ""))
    assert result.is_error and text.startswith("invalid_argument")
    for kind in KINDS:
        assert f"'{kind}'" in text, text


async def test_never_scanned_and_unknown_agents(standin: StandinServer, tmp_path: Path) -> None:
    idle = next(a for a in standin.state.fleet.agents if a["status"] == "never_connected")
    async with client_for(standin, tmp_path) as client:
        never = ok(await client.call_tool("agent_inventory", {"agent_id": idle["id"], "kind": "users"}))
        never_sca = ok(await client.call_tool("agent_sca", {"agent_id": idle["id"]}))
        unknown = await client.call_tool("agent_sca", {"agent_id": "999"})
    assert never["items"] == [] and "unknown, not empty" in never["note"] and "2007" in never["note"]
    assert never_sca["total"] == 0 and "No SCA scan has reported" in never_sca["note"]
    assert unknown.is_error and str(getattr(unknown.content[0], "text", "")).startswith("not_found:")


async def test_sca_policies_and_failed_checks(standin: StandinServer, tmp_path: Path) -> None:
    row = api(standin, "/sca/001")["data"]["affected_items"][0]
    failed = api(standin, f"/sca/001/checks/{row['policy_id']}", result="failed")["data"]["affected_items"]
    async with client_for(standin, tmp_path) as client:
        policies = ok(await client.call_tool("agent_sca", {"agent_id": "001"}))
        checks = ok(
            await client.call_tool("agent_sca", {"agent_id": "001", "policy_id": row["policy_id"], "result": "failed"})
        )
        missing = await client.call_tool("agent_sca", {"agent_id": "001", "result": "failed"})
    policy = policies["policies"][0]
    assert (policy["policy_id"], policy["passed"], policy["failed"], policy["not_applicable"], policy["score"]) == (
        row["policy_id"],
        row["pass"],
        row["fail"],
        row["invalid"],
        row["score"],
    )
    assert checks["total"] == row["fail"] == len(failed)
    assert [c["id"] for c in checks["checks"]] == [str(c["id"]) for c in failed]
    assert {c["result"] for c in checks["checks"]} == {"failed"}
    assert all(c["remediation"] for c in checks["checks"])
    assert missing.is_error and "give `policy_id`" in str(getattr(missing.content[0], "text", ""))


@pytest.mark.parametrize("kind", ["users", "groups", "interfaces", "networks", "protocols", "os", "hardware"])
def test_a_real_agents_recorded_answers_map_without_placeholders(shared: Path, kind: str) -> None:  # noqa: F811
    """The oracle's real 4.14.7 agent: every recorded item maps, keeps its name, and no ``" "`` is a value."""
    spec = KINDS[kind]  # type: ignore[index]
    for raw in recorded(shared, spec.api):
        item = spec.v4(raw).model_dump()
        assert not blanks(item), (kind, blanks(item), raw)
        name = {"users": raw.get("user", {}).get("name"), "groups": raw.get("group", {}).get("name")}.get(kind)
        if name is not None:
            assert item["name"] == name
    if kind == "interfaces":
        first = recorded(shared, "netiface")[0]
        assert spec.v4(first).model_dump()["rx_bytes"] == first["rx"]["bytes"]


async def test_fim_database_files_and_registry(standin: StandinServer, tmp_path: Path) -> None:
    """FIM's database on 4.x (``/syscheck/{agent}``): files by ``type=file``, registry keys and values by
    ``q=type!=file``; hashes, owner and value types as the endpoint holds them."""
    windows = next(a["id"] for a in standin.state.fleet.agents if a.get("os", {}).get("platform") == "windows")
    async with client_for(standin, tmp_path) as client:
        files = ok(await client.call_tool("agent_inventory", {"agent_id": "001", "kind": "files", "size": 3}))
        registry = ok(await client.call_tool("agent_inventory", {"agent_id": windows, "kind": "registry"}))
        linux_registry = ok(await client.call_tool("agent_inventory", {"agent_id": "001", "kind": "registry"}))
    want = api(standin, "/syscheck/001", type="file")["data"]
    assert files["total"] == want["total_affected_items"] > 3 and files["truncated"]
    assert [(f["path"], f["sha256"], f["owner"]) for f in files["items"]] == [
        (f["file"], f["sha256"], f["uname"]) for f in want["affected_items"][:3]
    ]
    raw = api(standin, f"/syscheck/{windows}", q="type!=file")["data"]["affected_items"]
    assert [(r["path"], r["type"], r.get("value"), r.get("value_type")) for r in registry["items"]] == [
        (r["file"], r["type"], (r.get("value") or {}).get("name"), (r.get("value") or {}).get("type")) for r in raw
    ]
    assert {"registry_key", "registry_value"} <= {r["type"] for r in registry["items"]}
    assert linux_registry["items"] == [] and "Windows only" in linux_registry["note"]


@pytest.mark.parametrize(
    ("tool", "args", "index"),
    [
        ("agent_inventory", {"kind": "users"}, "wazuh-states-inventory-users"),
        ("agent_inventory", {"kind": "registry"}, "wazuh-states-fim-registry-*"),
        ("agent_sca", {}, "wazuh-states-sca"),
    ],
)
async def test_on_a_wazuh_5_server_api_without_indexer_the_error_names_the_state_index(
    tmp_path: Path, tool: str, args: dict[str, Any], index: str
) -> None:
    """The 5.0 stand-in has no /syscollector, /syscheck or /sca: never a confusing 404, but where 5.x keeps it."""
    with StandinServer(tls=True, config=StandinConfig(generation=5)) as standin_5:
        async with client_for(standin_5, tmp_path) as client:
            result = await client.call_tool(tool, {"agent_id": "001", **args})
    text = str(getattr(result.content[0], "text", ""))
    assert result.is_error and text.startswith("configuration_error: ") and "Wazuh 5.x" in text, text
    assert index in text and "WAZUH_MCP_INDEXER_URL" in text
