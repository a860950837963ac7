"""Issue 25: syscollector's placeholders are not data. A real 4.14.7 agent's inventory (the oracle's
``api_exchanges_agent.jsonl``) holds ``" "`` where Wazuh has no value (a deb package's ``install_time`` and
``location``, the ``process`` of a port) and sends a process's ``pid`` as a string (``"10"``). The tools'
items carry None for a placeholder, never a blank, and every pid as a number."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wazuh_mcp.tools.agents import _package, _port, _process


def recorded(shared: Path, kind: str) -> list[dict[str, Any]]:
    lines = (shared / "reference/wazuh/oracle/api_exchanges_agent.jsonl").read_text().splitlines()
    items: list[dict[str, Any]] = []
    for row in map(json.loads, lines):
        if row["method"] == "GET" and row["path"] == f"/syscollector/001/{kind}" and row["status"] == 200:
            items += row["response"]["data"]["affected_items"]
    assert items, f"the recording has the connected agent's {kind}"
    return items


@pytest.fixture(scope="module")
def shared() -> Path:
    from tests.conftest import shared_dir

    found = shared_dir()
    if found is None or not (found / "reference/wazuh/oracle/api_exchanges_agent.jsonl").exists():
        pytest.skip("the oracle's api_exchanges_agent.jsonl (../shared) is not present")
    return found


def blanks(item: dict[str, Any]) -> list[str]:
    return [key for key, value in item.items() if isinstance(value, str) and not value.strip()]


@pytest.mark.parametrize(("kind", "to_item"), [("processes", _process), ("packages", _package), ("ports", _port)])
def test_no_placeholder_reaches_an_inventory_item(shared: Path, kind: str, to_item: Any) -> None:
    items = recorded(shared, kind)
    for raw in items:
        shown = to_item(raw).model_dump()
        assert not blanks(shown), (kind, blanks(shown), raw)


def test_the_recording_has_the_placeholders_and_string_pids_it_is_about(shared: Path) -> None:
    """The test above can fail: the recorded answers hold them."""
    assert any(p.get("install_time") == " " for p in recorded(shared, "packages"))
    assert any(isinstance(p.get("pid"), str) for p in recorded(shared, "processes"))
    for raw in recorded(shared, "processes"):
        pid = _process(raw).pid
        assert isinstance(pid, int) and str(pid) == str(raw["pid"])
    packages = [_package(raw) for raw in recorded(shared, "packages") if raw.get("install_time") == " "]
    assert packages and all(p.installed is None for p in packages)
