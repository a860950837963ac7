"""A monitored host names its own processes, packages and ports: an agent's inventory is attacker-controlled
text. (What a model reads is cleaned of every character Python does not call printable; a person's
surfaces show the invisible fillers too, through ``untrusted.shown``.) Before this test the 4.x and 5.x process, package and port items passed a name, a user, a state or a
version through as the agent sent it — a megabyte, ESC sequences, bidi overrides — while the other inventory
kinds were bounded and cleaned. Every string an item carries must now be clean and at most 200 characters
(names 120), whichever generation sent it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.hardening.hostile_text import IN_XML
from wazuh_mcp.tools import _inventory_v5 as v5
from wazuh_mcp.tools.agents import _package, _port, _process

HOSTILE = IN_XML + "A" * 100_000 + IN_XML
LONGEST = 200


def nested(flat: dict[str, Any]) -> dict[str, Any]:
    """``{"process.name": x}`` → ``{"process": {"name": x}}``: a WCS state document."""
    doc: dict[str, Any] = {}
    for dotted, value in flat.items():
        *parents, leaf = dotted.split(".")
        node = doc
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = value
    return doc


V4_PROCESS = {k: HOSTILE for k in ("name", "cmd", "argvs", "euser", "state")}
V4_PACKAGE = {
    k: HOSTILE for k in ("name", "version", "vendor", "architecture", "format", "description", "install_time")
}
V4_PORT = {
    "protocol": HOSTILE,
    "state": HOSTILE,
    "process": HOSTILE,
    "local": {"ip": HOSTILE},
    "remote": {"ip": HOSTILE},
}
V5_PROCESS = nested({f"process.{k}": HOSTILE for k in ("name", "command_line", "state")} | {"process.args": [HOSTILE]})
V5_PACKAGE = nested(
    {f"package.{k}": HOSTILE for k in ("name", "version", "vendor", "architecture", "type", "installed")}
)
V5_PORT = nested(
    {"network.transport": HOSTILE, "source.ip": [HOSTILE], "destination.ip": HOSTILE, "interface.state": HOSTILE}
    | {"process.name": HOSTILE}
)

CASES: list[tuple[str, Callable[[dict[str, Any]], Any], dict[str, Any]]] = [
    ("4.x process", _process, V4_PROCESS),
    ("4.x package", _package, V4_PACKAGE),
    ("4.x port", _port, V4_PORT),
    ("5.x process", v5.process, V5_PROCESS),
    ("5.x package", v5.package, V5_PACKAGE),
    ("5.x port", v5.port, V5_PORT),
]


@pytest.mark.parametrize(("where", "to_item", "raw"), CASES, ids=[c[0] for c in CASES])
def test_every_string_of_an_inventory_item_is_clean_and_bounded(
    where: str, to_item: Callable[[dict[str, Any]], Any], raw: dict[str, Any]
) -> None:
    item = to_item(raw).model_dump()
    strings = {key: value for key, value in item.items() if isinstance(value, str)}
    assert strings, f"{where}: the hostile item gave no text at all"
    for key, value in strings.items():
        assert len(value) <= LONGEST, f"{where}.{key}: {len(value)} characters"
        unprintable = sorted({f"U+{ord(ch):04X}" for ch in value if not ch.isprintable()})
        assert not unprintable, f"{where}.{key}: {unprintable}"


def test_a_placeholder_is_still_no_value() -> None:
    """What Wazuh stores for "none" (a single space) stays None through the bounded reader."""
    assert _package({"name": "x", "install_time": " "}).installed is None
    assert v5.package(nested({"package.name": "x", "package.installed": " "})).installed is None
