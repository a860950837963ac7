"""agent_inventory and agent_sca on Wazuh 5.x: the ``wazuh-states-inventory-<kind>`` and ``wazuh-states-sca``
indices through the official MCP client, on osmem and the real OpenSearch 3.x node, with no Server API (the
Indexer's 5.x state indices alone say 5.x). Expectations are computed from Wazuh's files as loaded: the
generated states (``states-5.x-generated.ndjson``: shapes, random values) and the real 5.0 agents' sync dumps
(``agent-sync-dumps/``: SCA with real CIS checks and ``Passed``/``Failed``/``Not applicable``), which this
module indexes under agent ids the generator never draws (9xx), adding ``wazuh.agent`` as the manager does."""

from __future__ import annotations

import json
import re
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from standin import indexer_load_v5
from tests.indexer.support import ok
from tests.indexer_v5.conftest import V5Engine
from tests.indexer_v5.test_v5_alert_tools import on_v5
from tests.indexer_v5.test_v5_inventory import _states
from wazuh_mcp.tools._inventory_kinds import KINDS

DUMP_AGENTS = {
    "sca_full_ubuntu.json": "901",
    "sca_full_windows.json": "902",
    "syscollector_sync_debian.json": "903",
    "fim_first_sync_windows.json": "904",
}
NAME = {  # kind -> (the item's field, where the generated document holds it)
    "services": ("id", "service.id"),
    "users": ("name", "user.name"),
    "groups": ("name", "group.name"),
    "interfaces": ("name", "interface.name"),
    "networks": ("interface", "interface.name"),
    "protocols": ("interface", "interface.name"),
    "hotfixes": ("hotfix", "package.hotfix.name"),
    "browser_extensions": ("name", "package.name"),
    "os": ("hostname", "host.hostname"),
    "hardware": ("cpu_name", "host.cpu.name"),
    "files": ("path", "file.path"),
    "registry": ("path", "registry.path"),
}
STATE_DOCS = {
    "files": ("wazuh-states-fim-files",),
    "registry": ("wazuh-states-fim-registry-keys", "wazuh-states-fim-registry-values"),
}


def _get(doc: dict[str, Any], path: str) -> Any:
    for part in path.split("."):
        doc = doc.get(part) if isinstance(doc, dict) else None  # type: ignore[assignment]
    return doc


def _dump(engine: V5Engine, name: str) -> list[dict[str, Any]]:
    path = engine.reference / "samples" / "agent-sync-dumps" / name
    return [i for i in json.loads(path.read_text(encoding="utf-8"))["items"] if i.get("data")]


@pytest.fixture(scope="module")
def dumps(v5_engine: V5Engine) -> dict[str, list[dict[str, Any]]]:
    """The real agents' dumps indexed under 9xx agent ids (document id = the dump's, made per agent)."""
    loaded: dict[str, list[dict[str, Any]]] = {}
    lines: list[str] = []
    for name, agent in DUMP_AGENTS.items():
        items = _dump(v5_engine, name)
        loaded[name] = items
        for item in items:
            doc = {**item["data"], "wazuh": {"agent": {"id": agent, "name": f"dump-{agent}"}}}
            lines += [json.dumps({"index": {"_index": item["index"], "_id": f"{agent}-{item['id']}"}}), json.dumps(doc)]
    request = urllib.request.Request(
        v5_engine.url + "/_bulk?refresh=true",
        data=("\n".join(lines) + "\n").encode(),
        method="POST",
        headers={"Content-Type": "application/x-ndjson"},
    )
    with urllib.request.urlopen(request, timeout=120) as answer:
        body = json.loads(answer.read())
    refused = [i for i in body["items"] if next(iter(i.values())).get("error")]
    assert not refused, f"Wazuh's strict state templates refused real agents' documents: {refused[:2]}"
    return loaded


def _docs(engine: V5Engine, kind: str) -> list[dict[str, Any]]:
    """The generated documents of ``kind``'s state index(es), checked as all loaded."""
    if kind not in STATE_DOCS:
        return _states(engine, KINDS[kind].index)  # type: ignore[index]
    for index in STATE_DOCS[kind]:
        assert not engine.report.rejected_count.get(index), engine.report.rejected.get(index)
    return [s for t, s in indexer_load_v5.sample_lines(engine.reference) if t in STATE_DOCS[kind]]


def _busiest(engine: V5Engine, kind: str) -> tuple[str, list[dict[str, Any]]]:
    docs = _docs(engine, kind)
    agent = Counter(d["wazuh"]["agent"]["id"] for d in docs).most_common(1)[0][0]
    mine = [d for d in docs if d["wazuh"]["agent"]["id"] == agent]
    sort = KINDS[kind].sort  # type: ignore[index]
    tiebreak = KINDS[kind].tiebreak  # type: ignore[index]
    second = (
        (lambda d: (_get(d, tiebreak) is not None, str(_get(d, tiebreak))))
        if tiebreak != "checksum.hash.sha1"
        else (lambda d: ())
    )
    return agent, sorted(mine, key=lambda d: (str(_get(d, sort)), *second(d), _sha1(d)))


def _sha1(doc: dict[str, Any]) -> str:
    """The document's checksum (the generator writes browser extensions' as a one-element list)."""
    checksum = doc["checksum"]
    return str((checksum[0] if isinstance(checksum, list) else checksum)["hash"]["sha1"])


@pytest.mark.parametrize("kind", sorted(KINDS))
async def test_every_kind_reads_its_state_index(v5_engine: V5Engine, tmp_path: Path, kind: str) -> None:
    agent, docs = _busiest(v5_engine, kind)
    field, path = NAME[kind]
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        page = ok(await client.call_tool("agent_inventory", {"agent_id": agent, "kind": kind}))
    assert page["kind"] == kind and page["total"] == len(docs) and not page["truncated"]
    assert [str(i.get(field)) for i in page["items"]] == [str(_get(d, path)) for d in docs]
    assert page["scan_time"] == max(d["state"]["modified_at"] for d in docs)


async def test_users_and_interfaces_map_wcs_fields(v5_engine: V5Engine, tmp_path: Path) -> None:
    agent, users = _busiest(v5_engine, "users")
    other, interfaces = _busiest(v5_engine, "interfaces")
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        got_users = ok(await client.call_tool("agent_inventory", {"agent_id": agent, "kind": "users"}))["items"]
        got_ifaces = ok(await client.call_tool("agent_inventory", {"agent_id": other, "kind": "interfaces"}))["items"]
    for item, doc in zip(got_users, users, strict=True):
        user = doc["user"]
        assert (item.get("uid"), item.get("shell"), item.get("gid")) == (
            str(user["id"]),
            user["shell"],
            user["group"]["id"],
        )
        assert item.get("password_status") == user["password"]["status"]
        groups = user["groups"] if isinstance(user["groups"], list) else user["groups"].split(",")
        assert item.get("groups", []) == groups
    for item, doc in zip(got_ifaces, interfaces, strict=True):
        network = doc["host"]["network"]
        assert (item.get("rx_bytes"), item.get("tx_dropped")) == (
            network["ingress"]["bytes"],
            network["egress"]["drops"],
        )
        assert item.get("mtu") == int(doc["interface"]["mtu"])


async def test_sca_policies_count_the_real_agents_checks(
    v5_engine: V5Engine, dumps: dict[str, list[dict[str, Any]]], tmp_path: Path
) -> None:
    words = {"Passed": "passed", "Failed": "failed", "Not applicable": "not_applicable"}
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        for name in ("sca_full_ubuntu.json", "sca_full_windows.json"):
            checks = [i["data"] for i in dumps[name]]
            counts = Counter(words[c["check"]["result"]] for c in checks)
            page = ok(await client.call_tool("agent_sca", {"agent_id": DUMP_AGENTS[name]}))
            assert page["total"] == 1 and len(page["policies"]) == 1
            policy = page["policies"][0]
            assert policy["policy_id"] == checks[0]["policy"]["id"] and policy["name"] == checks[0]["policy"]["name"]
            assert {k: policy[k] for k in words.values()} == {k: counts.get(k, 0) for k in words.values()}
            assert policy["score"] == round(100 * counts["passed"] / (counts["passed"] + counts["failed"]))
            assert page["scan_time"] == max(c["state"]["modified_at"] for c in checks)


async def test_sca_checks_of_a_policy_filter_by_result_and_page(
    v5_engine: V5Engine, dumps: dict[str, list[dict[str, Any]]], tmp_path: Path
) -> None:
    checks = [i["data"] for i in dumps["sca_full_ubuntu.json"]]
    policy = checks[0]["policy"]["id"]
    failed = sorted((c for c in checks if c["check"]["result"] == "Failed"), key=lambda c: c["check"]["id"])
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        first = ok(
            await client.call_tool("agent_sca", {"agent_id": "901", "policy_id": policy, "result": "failed", "size": 5})
        )
        second = ok(
            await client.call_tool(
                "agent_sca", {"agent_id": "901", "policy_id": policy, "result": "failed", "size": 5, "offset": 5}
            )
        )
        none = ok(await client.call_tool("agent_sca", {"agent_id": "901", "policy_id": "no_such_policy"}))
    assert first["total"] == second["total"] == len(failed) > 10 and first["truncated"]
    assert [c["id"] for c in first["checks"] + second["checks"]] == [c["check"]["id"] for c in failed[:10]]
    assert {c["result"] for c in first["checks"]} == {"failed"}
    assert first["checks"][0]["title"] == failed[0]["check"]["name"]
    assert len(first["checks"][0]["remediation"]) <= 241  # bounded, as any host text
    page = ok(await _failed_page(v5_engine, tmp_path, policy))
    assert len(json.dumps(page, separators=(",", ":"))) <= 12 * 1024, "25 checks cost at most a 25-alert page"
    assert none["total"] == 0 and "agent_sca without policy_id lists" in none["note"]


async def _failed_page(engine: V5Engine, tmp_path: Path, policy: str) -> Any:
    async with on_v5(engine, tmp_path / "audit-page.jsonl") as client:
        return await client.call_tool("agent_sca", {"agent_id": "901", "policy_id": policy, "result": "failed"})


async def test_real_services_and_groups_with_null_fields(
    v5_engine: V5Engine, dumps: dict[str, list[dict[str, Any]]], tmp_path: Path
) -> None:
    """A real Debian agent's services (``process.user.name`` null, ``start_type`` null) and groups (``users``
    null): the null fields are left out, never shown as "None"."""
    services = [i["data"] for i in dumps["syscollector_sync_debian.json"] if i["index"].endswith("-services")]
    groups = [i["data"] for i in dumps["syscollector_sync_debian.json"] if i["index"].endswith("-groups")]
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        got = ok(await client.call_tool("agent_inventory", {"agent_id": "903", "kind": "services", "size": 500}))
        got_groups = ok(await client.call_tool("agent_inventory", {"agent_id": "903", "kind": "groups", "size": 500}))
    assert got["total"] == len(services) and got_groups["total"] == len(groups)
    want = sorted(services, key=lambda s: (s["service"]["id"], s["checksum"]["hash"]["sha1"]))
    assert [(i["id"], i.get("state")) for i in got["items"]] == [
        (s["service"]["id"], s["service"]["state"]) for s in want
    ]
    for item, service in zip(got["items"], want, strict=True):
        assert item.get("user") == service["process"]["user"]["name"]
        assert item.get("start_type") == service["service"]["start_type"]
    assert all("None" not in json.dumps(i) for i in got_groups["items"])


async def test_an_agent_without_states_is_unknown_not_empty(v5_engine: V5Engine, tmp_path: Path) -> None:
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        users = ok(await client.call_tool("agent_inventory", {"agent_id": "999", "kind": "users"}))
        sca = ok(await client.call_tool("agent_sca", {"agent_id": "999"}))
    assert users["items"] == [] and "unknown, not empty" in users["note"]
    assert sca["total"] == 0 and "unknown, not clean" in sca["note"]
    for note in (users["note"], sca["note"]):  # each sentence starts with a capital (a joined note once read ". the")
        assert re.search(r"\. [a-z]", note) is None, note


async def test_fim_state_of_a_real_windows_agent(
    v5_engine: V5Engine, dumps: dict[str, list[dict[str, Any]]], tmp_path: Path
) -> None:
    """A real 5.0 Windows agent's first FIM sync: one file, registry keys and values in two indices, read as
    one registry kind (a key before its values), hashes and value types kept."""
    items = dumps["fim_first_sync_windows.json"]
    registry = [i["data"] for i in items if "registry" in i["index"]]
    files = [i["data"] for i in items if i["index"].endswith("fim-files")]
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        got = ok(await client.call_tool("agent_inventory", {"agent_id": "904", "kind": "registry", "size": 500}))
        got_files = ok(await client.call_tool("agent_inventory", {"agent_id": "904", "kind": "files"}))
    assert got["total"] == len(registry) and got_files["total"] == len(files) == 1
    assert got_files["items"][0]["sha256"] == files[0]["file"]["hash"]["sha256"]
    values = [r["registry"] for r in registry if "value" in r["registry"]]
    by_value = {(i["path"], i.get("value")): i for i in got["items"]}
    for value in values:
        item = by_value[(value["path"], value["value"] or None)]  # "" is a key's unnamed (default) value
        assert item["type"] == "registry_value" and item["value_type"] == value["data"]["type"]
        assert item["sha256"] == value["data"]["hash"]["sha256"]
    paths = [i["path"] for i in got["items"]]
    assert paths == sorted(paths)
    keys = {r["registry"]["path"] for r in registry if "value" not in r["registry"]}
    for index, item in enumerate(got["items"]):
        if item["type"] == "registry_value" and item["path"] in keys:
            first = paths.index(item["path"])
            assert got["items"][first]["type"] == "registry_key", "a key comes before its values"
            assert index > first


REAL_DUMPS = {  # kind -> (dump files, the index name in them, (item field, document path) that must carry over)
    "services": (("syscollector_sync_windows.json",), "services", ("name", "service.name")),
    "users": (("syscollector_sync_windows.json", "syscollector_sync_debian.json"), "users", ("name", "user.name")),
    "groups": (("syscollector_sync_windows.json",), "groups", ("name", "group.name")),
    "interfaces": (("syscollector_sync_windows.json",), "interfaces", ("alias", "interface.alias")),
    "networks": (("syscollector_sync_windows.json",), "networks", ("address", "network.ip")),
    "protocols": (("syscollector_sync_windows.json",), "protocols", ("gateway", "network.gateway")),
    "browser_extensions": (("syscollector_sync_windows.json",), "browser-extensions", ("name", "package.name")),
    "hotfixes": (("vd_first_windows.json",), "hotfixes", ("hotfix", "package.hotfix.name")),
    "os": (("vd_first_windows.json",), "system", ("name", "host.os.name")),
    "files": (("fim_first_sync_ubuntu.json",), "fim-files", ("sha256", "file.hash.sha256")),
}


@pytest.mark.parametrize("kind", sorted(REAL_DUMPS))
def test_real_agents_documents_map_their_values(kind: str) -> None:
    """Every document a real 5.0 agent synced maps: its one-element arrays (``network.ip``, ``gateway``) read as
    the value, its nulls are left out (never "None"), and its name-like value carries over."""
    reference = indexer_load_v5.reference_dir()
    if reference is None:
        pytest.skip("../shared/reference/wazuh5 is not available")
    files, index, (field, path) = REAL_DUMPS[kind]
    docs = []
    for name in files:
        dump = json.loads((reference / "samples" / "agent-sync-dumps" / name).read_text(encoding="utf-8"))
        docs += [i["data"] for i in dump["items"] if i.get("data") and i["index"].endswith("-" + index)]
    assert docs, (kind, files)
    for doc in docs:
        item = KINDS[kind].v5(doc).model_dump(exclude_none=True)  # type: ignore[index]
        assert "None" not in json.dumps(item), (kind, item)
        want = _get(doc, path)
        want = ", ".join(want) if isinstance(want, list) else want
        assert item.get(field) == (str(want) if want not in (None, "") else None), (kind, item, doc)
