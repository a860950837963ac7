"""The demo's manager holds Wazuh's whole 4.14 ruleset: every rule id, level and group (issue 25).

Expectations come from Wazuh's own files (``../shared/reference/wazuh/ruleset/rules``, read here with
Python's XML parser, not the product's reader) and from the oracle's re-homed real rules, which a real
4.14.7 manager loaded every one of. Before this, the demo's manager held 54 rules and refused the
children of 31108, 87100, 50504 and most stock rules as "Wazuh would not load this".
"""

from __future__ import annotations

import json
import re
import ssl
import xml.etree.ElementTree as ET
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp.client.client import Client

from standin.auth import DEMO_USERS
from standin.rules import parse_xml
from standin.ruleset_data import DEFAULT_FILES
from standin.server import StandinServer
from tests.standin.conftest import login
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.errors import InvalidArgument
from wazuh_mcp.rulecheck.rule_xml import parse_rule_file
from wazuh_mcp.server.build import build_server

COMPLIANCE = ("pci_dss", "gdpr", "gpg13", "hipaa", "nist_800_53", "tsc")


def wazuh_rules(shared: Path) -> dict[int, tuple[int, frozenset[str], str]]:
    """id -> (level, groups, file) from Wazuh's rule files: enclosing group names plus the rule's <group>."""
    found: dict[int, tuple[int, frozenset[str], str]] = {}
    for path in sorted((shared / "reference/wazuh/ruleset/rules").glob("*.xml")):
        text = path.read_text(encoding="utf-8")
        try:
            root = ET.fromstring(f"<root>{text}</root>")
        except ET.ParseError:  # 0910-ms-exchange-proxylogon_rules.xml has a raw '<' in a regex (Wazuh reads it)
            root = ET.fromstring(f"<root>{text.replace(chr(92) + '<', chr(92) + '&lt;')}</root>")

        def walk(node: ET.Element, parents: list[str], file: str = path.name) -> None:
            for child in node:
                if child.tag == "group":
                    walk(child, parents + [g.strip() for g in child.get("name", "").split(",") if g.strip()])
                elif child.tag == "rule":
                    own = [g.strip() for e in child.findall("group") for g in (e.text or "").split(",") if g.strip()]
                    level = int((child.get("level") or "0").strip() or "0")
                    found[int(child.get("id", ""))] = (level, frozenset(parents + own), file)

        walk(root, [])
    return found


@pytest.fixture(scope="module")
def expected(shared: Path) -> dict[int, tuple[int, frozenset[str], str]]:
    rules = wazuh_rules(shared)
    assert len(rules) > 4000, "Wazuh's ruleset was not read"
    return rules


@pytest.fixture(scope="module")
def demo_manager() -> Iterator[StandinServer]:
    """The Server API stand-in as ``serve --demo`` starts it (``wazuh_mcp.demo._start_api``), with a per-minute
    request limit above Wazuh's 300 (a few hundred create_rule checks run here within a minute)."""
    with StandinServer(tls=True, rate_limit_per_minute=100_000) as server:
        yield server


def listed_rules(server: StandinServer) -> list[dict[str, Any]]:
    context = ssl.create_default_context(cafile=str(server.ca_path))
    with httpx.Client(base_url=server.url, verify=context, timeout=30) as http:
        token = login(http)
        rules: list[dict[str, Any]] = []
        while True:
            answer = http.get(
                "/rules",
                params={"offset": len(rules), "limit": 500},
                headers={"Authorization": f"Bearer {token}"},
            )
            answer.raise_for_status()
            data = answer.json()["data"]
            rules += data["affected_items"]
            if len(rules) >= data["total_affected_items"] or not data["affected_items"]:
                return rules


def test_every_rule_of_wazuhs_ruleset_is_listed_with_its_level_groups_and_file(
    demo_manager: StandinServer, expected: dict[int, tuple[int, frozenset[str], str]]
) -> None:
    listed = {int(rule["id"]): rule for rule in listed_rules(demo_manager)}
    missing = sorted(set(expected) - set(listed))
    assert not missing, f"{len(missing)} of Wazuh's rules are missing, e.g. {missing[:10]}"
    wrong = []
    for rule_id, (level, groups, file) in expected.items():
        rule = listed[rule_id]
        as_listed = frozenset(rule["groups"]) | {f"{key}_{value}" for key in COMPLIANCE for value in rule[key]}
        if (rule["level"], as_listed, rule["filename"]) != (level, groups, file):
            wrong.append((rule_id, level, sorted(groups), file, rule["level"], sorted(as_listed), rule["filename"]))
    assert not wrong, f"{len(wrong)} rules differ from Wazuh's, e.g. {wrong[:3]}"
    assert {int(r["id"]) for r in listed.values() if r["relative_dirname"] == "etc/rules"} == {100001}


def test_the_demo_ships_no_rule_text_but_the_titles_of_the_rules_it_writes_out(
    demo_manager: StandinServer, shared: Path
) -> None:
    """Wazuh's ruleset is GPL-2.0 (NOTICE): the generated table carries ids, levels and groups only. The one
    wording of Wazuh's the demo shows is the one-line title of the few rules ``standin/ruleset_data.py``
    writes out (as Wazuh's alerts show them); every other rule's description is the stand-in's own."""
    wazuh_descriptions = set()
    for path in (shared / "reference/wazuh/ruleset/rules").glob("*.xml"):
        wazuh_descriptions |= {m.strip() for m in re.findall(r"<description>(.*?)</description>", path.read_text())}
    written_out = {int(rule.get("id", "0")) for text in DEFAULT_FILES.values() for rule in parse_xml(text).iter("rule")}
    listed = listed_rules(demo_manager)
    same = [(int(r["id"]), r["description"]) for r in listed if r["description"] in wazuh_descriptions]
    assert all(rule_id in written_out for rule_id, _ in same), [s for s in same if s[0] not in written_out][:5]
    assert len(same) <= 40 and len(written_out) < 60  # 35 today, all short event titles
    assert "ships no rule text" in next(r["description"] for r in listed if int(r["id"]) == 31108)


@pytest.fixture
def api_env(demo_manager: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    values = {
        "WAZUH_MCP_API_URL": demo_manager.url,
        "WAZUH_MCP_API_USER": "wazuh",
        "WAZUH_MCP_API_PASSWORD": DEMO_USERS["wazuh"].password,
        "WAZUH_MCP_API_CA_BUNDLE": str(demo_manager.ca_path),
        "WAZUH_MCP_AUDIT_LOG": str(isolated_env / "audit.jsonl"),
    }
    for key, value in values.items():
        monkeypatch.setenv(key, value)


async def create_rule(client: Client, xml: str) -> tuple[bool, str]:
    result = await client.call_tool("create_rule", {"rule_xml": xml})
    text = result.content[0].text if result.content and hasattr(result.content[0], "text") else ""
    return not result.is_error, str(text)


def child_of(parent: int, rule_id: int) -> str:
    return (
        f'<group name="local,">\n  <rule id="{rule_id}" level="10">\n    <if_sid>{parent}</if_sid>\n'
        f"    <match>wazuh-mcp-test</match>\n    <description>Child of {parent} for a test.</description>\n"
        "  </rule>\n</group>\n"
    )


@asynccontextmanager
async def mcp() -> AsyncIterator[Client]:
    """An in-process MCP client of a server with writes on, against the demo's manager (``api_env``)."""
    async with Client(build_server(Settings.load(role="admin", writes=True)), cache=None) as client:
        yield client


@pytest.mark.parametrize("parent", [31108, 87100, 50504, 92000, 60122, 23504])
async def test_a_child_of_a_stock_rule_is_accepted_as_a_real_manager_loads_it(
    api_env: None, parent: int, expected: dict[int, tuple[int, frozenset[str], str]]
) -> None:
    assert parent in expected, "the parent is one of Wazuh's rules"
    async with mcp() as client:
        accepted, said = await create_rule(client, child_of(parent, 110000 + parent % 10000))
    assert accepted, said


async def test_a_child_of_a_rule_wazuh_does_not_have_is_still_refused(
    api_env: None, expected: dict[int, tuple[int, frozenset[str], str]]
) -> None:
    absent = next(i for i in range(31100, 99999) if i not in expected)
    async with mcp() as client:
        accepted, said = await create_rule(client, child_of(absent, 110999))
    assert not accepted and str(absent) in said


async def test_an_if_group_child_of_every_kind_of_stock_group_is_accepted(
    api_env: None, expected: dict[int, tuple[int, frozenset[str], str]]
) -> None:
    groups = sorted({g for _, gs, _ in expected.values() for g in gs if not g.startswith(COMPLIANCE)})
    refused = []
    async with mcp() as client:
        for index, group in enumerate(groups[:: max(1, len(groups) // 25)]):
            xml = (
                f'<group name="local,">\n  <rule id="{111000 + index}" level="5">\n    <if_group>{group}</if_group>\n'
                f"    <description>Child of group {group}.</description>\n  </rule>\n</group>\n"
            )
            accepted, said = await create_rule(client, xml)
            if not accepted:
                refused.append((group, said[:200]))
    assert not refused


def rehomed(shared: Path) -> list[dict[str, Any]]:
    lines = (shared / "reference/wazuh/oracle/rule_verdicts.jsonl").read_text().splitlines()
    return [case for case in map(json.loads, lines) if case["kind"] == "real_rehomed"]


def offline_refuses(xml: str) -> bool:
    try:
        parse_rule_file(xml)
    except InvalidArgument:
        return True
    return False


async def test_the_demos_manager_refuses_no_rehomed_stock_rule_for_want_of_its_parents(
    api_env: None, shared: Path
) -> None:
    """Each of the oracle's re-homed stock rules loaded on a real manager. Whatever the checks refuse
    without a manager (the rule checks' own agreement, measured in tests/wazuh_rules.py), asking the demo's
    manager adds no refusal: every parent id and group they name is there."""
    cases = rehomed(shared)
    assert cases and all(case["loads"] for case in cases)
    added = []
    async with mcp() as client:
        for case in cases:
            if offline_refuses(case["xml"]):
                continue
            accepted, said = await create_rule(client, case["xml"])
            if not accepted:
                added.append((case["id"], case["note"][:60], said[:200]))
    assert not added, f"{len(added)} re-homed stock rules refused only by the demo's manager: {added[:5]}"


# --- decoders: the demo's manager refuses a <decoded_as> naming no decoder, as Wazuh does ------------------


def recorded(shared: Path, line_id: str) -> dict[str, Any]:
    for line in (shared / "reference/wazuh/oracle/api_exchanges.jsonl").read_text().splitlines():
        row = json.loads(line)
        if row["id"] == line_id:
            data: dict[str, Any] = row["response"]["data"]
            return data
    raise AssertionError(f"{line_id} is not in the recording")


def asked(server: StandinServer, path: str, **params: Any) -> dict[str, Any]:
    context = ssl.create_default_context(cafile=str(server.ca_path))
    with httpx.Client(base_url=server.url, verify=context, timeout=30) as http:
        answer = http.get(path, params=params, headers={"Authorization": f"Bearer {login(http)}"})
    answer.raise_for_status()
    data: dict[str, Any] = answer.json()["data"]
    return data


def test_the_demos_manager_holds_the_decoders_the_recorded_manager_listed(
    demo_manager: StandinServer, shared: Path
) -> None:
    """The totals a real 4.14.7 manager answered (decoders, decoder files, parent decoders) and where it
    found ``sshd`` (api-186, 189, 190, 187). Before, the stand-in served no /decoders at all, so the rule
    checks' decoder question went unanswered on the demo and an unknown decoder passed."""
    for line, path in (("api-186", "/decoders"), ("api-189", "/decoders/files"), ("api-190", "/decoders/parents")):
        want = recorded(shared, line)
        got = asked(demo_manager, path, limit=2)
        assert got["total_affected_items"] == want["total_affected_items"], (path, got["total_affected_items"])
        assert [i["filename"] for i in got["affected_items"]] == [i["filename"] for i in want["affected_items"]]
        assert [i.get("name") for i in got["affected_items"]] == [i.get("name") for i in want["affected_items"]]
    sshd = asked(demo_manager, "/decoders", decoder_names="sshd")["affected_items"]
    want_sshd = recorded(shared, "api-187")["affected_items"]
    assert [(d["filename"], d["relative_dirname"], d["position"]) for d in sshd] == [
        (d["filename"], d["relative_dirname"], d["position"]) for d in want_sshd
    ]


async def test_a_rule_on_a_decoder_wazuh_does_not_have_is_refused_and_one_it_has_accepted(
    api_env: None, demo_manager: StandinServer, shared: Path
) -> None:
    """The oracle's mut-260 (``<decoded_as>no_such_decoder</decoded_as>``), which Wazuh's loader refused
    ("Invalid decoder name"), is refused through create_rule on the demo's manager; the same rule on a decoder
    that no stock rule names (found in the manager's own list, so not one the checks could know otherwise)
    is accepted."""
    lines = (shared / "reference/wazuh/oracle/rule_verdicts.jsonl").read_text().splitlines()
    case = next(c for c in map(json.loads, lines) if c["id"] == "mut-260")
    assert not case["loads"] and any("Invalid decoder name" in m for m in case["messages"])
    named_by_rules = set()
    for path in (shared / "reference/wazuh/ruleset/rules").glob("*.xml"):
        named_by_rules |= set(re.findall(r"<decoded_as>\s*([^<\s]+)\s*</decoded_as>", path.read_text()))
    listed = asked(demo_manager, "/decoders", limit=100_000, select="name")["affected_items"]
    other = next(d["name"] for d in listed if d["name"] not in named_by_rules and re.fullmatch(r"[\w.-]+", d["name"]))
    async with mcp() as client:
        refused, said = await create_rule(client, case["xml"])
        accepted, said_too = await create_rule(client, case["xml"].replace("no_such_decoder", other))
    assert not refused and "no_such_decoder" in said and "decoder" in said
    assert accepted, said_too
