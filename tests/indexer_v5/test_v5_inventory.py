"""The agent inventory tools on Wazuh 5.x: agent_processes, agent_packages and agent_ports read the
``wazuh-states-inventory-*`` indices (Wazuh 5.0 has no ``/syscollector`` endpoints) into the same result models as
on 4.x, through the official MCP client, on osmem and the real OpenSearch 3.x node. The bed has no Server API:
the Indexer's 5.x state indices alone tell the tools they are on 5.x. Expectations are computed from the
generated states file as loaded (``../shared/reference/wazuh5/samples/generated/states-5.x-generated.ndjson``),
and the WCS mapping is checked on the real agents' sync dumps."""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from standin import indexer_load_v5
from tests.indexer.support import connected, ok
from tests.indexer_v5.conftest import V5Engine
from tests.indexer_v5.test_v5_alert_tools import on_v5
from wazuh_mcp.tools import _inventory_v5

SORT_KEY = {"processes": ("process", "pid"), "packages": ("package", "name"), "ports": ("source", "port")}


def _states(engine: V5Engine, kind: str) -> list[dict[str, Any]]:
    index = f"wazuh-states-inventory-{kind}"
    assert not engine.report.rejected_count.get(index), engine.report.rejected.get(index)
    return [s for t, s in indexer_load_v5.sample_lines(engine.reference) if t == index]


def _busiest(engine: V5Engine, kind: str) -> tuple[str, list[dict[str, Any]]]:
    """The agent with the most documents of ``kind``, and its documents in the tools' order."""
    docs = _states(engine, kind)
    agent, count = Counter(d["wazuh"]["agent"]["id"] for d in docs).most_common(1)[0]
    assert count >= 2, "the sample has no agent with two documents of this kind: paging cannot be checked"
    group, field = SORT_KEY[kind]
    mine = [d for d in docs if d["wazuh"]["agent"]["id"] == agent]
    return agent, sorted(mine, key=lambda d: (d[group][field], d["checksum"]["hash"]["sha1"]))


def _epoch(text: str) -> int:
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())


async def test_agent_processes_reads_the_agents_process_states(v5_engine: V5Engine, tmp_path: Path) -> None:
    agent, docs = _busiest(v5_engine, "processes")
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        page = ok(await client.call_tool("agent_processes", {"agent_id": agent, "size": 100}))
    assert page["total"] == len(docs) and not page["truncated"]
    assert [p["pid"] for p in page["items"]] == [d["process"]["pid"] for d in docs]
    for item, doc in zip(page["items"], docs, strict=True):
        process = doc["process"]
        assert item["ppid"] == process["parent"]["pid"]
        assert item["name"] == process["name"]
        assert item["cmd"] == process["command_line"]
        assert item["state"] == process["state"]
        assert item["started"] == _epoch(process["start"])
    assert page["scan_time"] == max(d["state"]["modified_at"] for d in docs)


async def test_agent_packages_pages_with_size_and_offset(v5_engine: V5Engine, tmp_path: Path) -> None:
    agent, docs = _busiest(v5_engine, "packages")
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        first = ok(await client.call_tool("agent_packages", {"agent_id": agent, "size": 1}))
        second = ok(await client.call_tool("agent_packages", {"agent_id": agent, "size": 1, "offset": 1}))
        whole = ok(await client.call_tool("agent_packages", {"agent_id": agent, "size": 100}))
    assert first["total"] == second["total"] == whole["total"] == len(docs)
    assert first["truncated"] and not whole["truncated"]
    assert [first["items"][0]["name"], second["items"][0]["name"]] == [d["package"]["name"] for d in docs[:2]]
    for item, doc in zip(whole["items"], docs, strict=True):
        package = doc["package"]
        assert (item["name"], item["version"], item["vendor"], item["architecture"]) == (
            package["name"],
            package["version"],
            package["vendor"],
            package["architecture"],
        )
        assert item["format"] == package["type"]
        assert item["installed"] == package["installed"]


async def test_agent_ports_maps_source_destination_and_owner(v5_engine: V5Engine, tmp_path: Path) -> None:
    agent, docs = _busiest(v5_engine, "ports")
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        page = ok(await client.call_tool("agent_ports", {"agent_id": agent}))
    assert page["total"] == len(docs)
    got = [
        (i["protocol"], i["local_ip"], i["local_port"], i["remote_ip"], i["remote_port"], i["state"], i["pid"])
        for i in page["items"]
    ]
    want = [
        (
            d["network"]["transport"],
            d["source"]["ip"],
            d["source"]["port"],
            d["destination"]["ip"],
            d["destination"]["port"],
            d["interface"]["state"],
            d["process"]["pid"],
        )
        for d in docs
    ]
    assert got == want
    assert [i["process"] for i in page["items"]] == [d["process"]["name"] for d in docs]


async def test_an_agent_without_inventory_is_unknown_not_empty(v5_engine: V5Engine, tmp_path: Path) -> None:
    agents = {d["wazuh"]["agent"]["id"] for d in _states(v5_engine, "processes")}
    absent = next(f"{n:03d}" for n in range(1, 1000) if f"{n:03d}" not in agents)
    async with on_v5(v5_engine, tmp_path / "audit.jsonl") as client:
        page = ok(await client.call_tool("agent_processes", {"agent_id": absent}))
    assert page["items"] == [] and page["total"] == 0
    assert "not synced" in page["note"] and "unknown, not empty" in page["note"]


def _dump_items(index: str) -> list[dict[str, Any]]:
    reference = indexer_load_v5.reference_dir()
    if reference is None:
        pytest.skip("../shared/reference/wazuh5 is not available")
    items: list[dict[str, Any]] = []
    for name in ("syscollector_sync_debian.json", "syscollector_sync_windows.json"):
        dump = json.loads((reference / "samples" / "agent-sync-dumps" / name).read_text(encoding="utf-8"))
        items += [i["data"] for i in dump["items"] if i.get("index") == index and i.get("data")]
    assert items, f"no {index} documents in the agents' sync dumps"
    return items


def test_real_agents_port_states_keep_their_addresses_as_arrays() -> None:
    """A real agent sends ``source.ip`` and ``destination.ip`` as one-element arrays (the generator sends a
    string): the item shows the address, not the list."""
    for data in _dump_items("wazuh-states-inventory-ports"):
        item = _inventory_v5.port(data)
        source_ip = data["source"]["ip"]
        assert item.local_ip == (source_ip[0] if isinstance(source_ip, list) else source_ip)
        assert item.local_port == data["source"]["port"]
        assert item.protocol == data["network"]["transport"]
        assert item.pid == data["process"]["pid"]


def test_real_agents_processes_with_null_fields_read_as_none() -> None:
    """A kernel thread has ``command_line`` and ``args`` null; a Windows process has ``args`` as a list."""
    for data in _dump_items("wazuh-states-inventory-processes"):
        item = _inventory_v5.process(data)
        process = data["process"]
        assert item.pid == process["pid"] and item.name == process["name"]
        assert item.cmd == (process["command_line"] or None)
        args = process.get("args")
        assert item.args == (" ".join(args) if args else None)


async def test_the_generation_probe_is_asked_once_not_per_call(v5_engine: V5Engine, tmp_path: Path) -> None:
    """Telling 5.x apart costs one mapping read per kind; the next calls send only their search."""
    agent, docs = _busiest(v5_engine, "ports")
    async with connected(v5_engine.url, tmp_path / "audit.jsonl", timeout_s=60.0) as (client, indexer):
        for _ in range(3):
            assert ok(await client.call_tool("agent_ports", {"agent_id": agent}))["total"] == len(docs)
        assert indexer.calls == 1 + 3
