"""L-4 (issue 24): ``^(a+)+$`` under a busy ``if_sid`` passed review with no word to the approver; analysisd
then runs it on every event. Now such a pattern is refused at the request, in words that name the rule it
would run under, whatever element carries it (``<regex>``, ``<match>``, ``<field>``, ``<user>``) and in its
kin (overlapping alternatives, a quantified group ending in an optional part, ``(.*,)+``).

That each pattern here really is catastrophic is not taken from our own detector: the real PCRE2 library
(the ``pcre2`` binding, no JIT, as Wazuh builds it) is run on a short non-matching line and must hit
PCRE2's match limit (or take over a quarter of a second) — the cost analysisd would pay per event. The
patterns Wazuh's own ruleset uses, and the safe rewrites, must pass.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pcre2
import pytest
from mcp.client.client import Client
from mcp.client.stdio import stdio_client

from standin.server import StandinServer
from tests.hardening.serving import serve_params, tool_text
from tests.wazuh_rules import oracle_catalog, rehomed_rules, ruleset_catalog, wazuh_dir
from wazuh_mcp.rulecheck.rule_xml import check_rule_file

needs_shared = pytest.mark.skipif(wazuh_dir() is None, reason="../shared (Wazuh reference data) is not present")

CATASTROPHIC = {
    # pattern: a line it fails on
    r"^(a+)+$": "a" * 26 + "!",
    r"(\w+\s?)+$": "word" * 7 + "!",
    r"^(.*,)+$": "," * 25 + "x\n",
    r"^(a|aa)+$": "a" * 40 + "!",
    r"^(\d+)*x": "1" * 26 + "!x",
    r"^([a-zA-Z0-9]+\s?)*$": "abc" * 9 + "!",
}
SAFE = [r"^a+$", r"^(a++)+$", r"^(?>a+)+$", r"^(\d+\.)+\d+$", r"(\w+\s?)+", r"^(a|ab)+$", r"^(\d{1,3}\.){3}\d{1,3}$"]

WRAPPERS = {
    "regex": '<regex type="pcre2">{p}</regex>',
    "match": '<match type="pcre2">{p}</match>',
    "field": '<field name="win.eventdata.commandLine" type="pcre2">{p}</field>',
    "user": '<user type="pcre2">{p}</user>',
}


def rule(condition: str, parent: str = "<if_sid>5716</if_sid>") -> str:
    return (
        f'<group name="local,">\n  <rule id="100400" level="3">\n    {parent}\n    {condition}\n'
        "    <description>odd user name</description>\n  </rule>\n</group>\n"
    )


def escaped(pattern: str) -> str:
    """The pattern as element text for Wazuh's reader (no entities; a '<' would need a backslash)."""
    assert "<" not in pattern and "&" not in pattern
    return pattern


def pcre2_cost(pattern: str, line: str) -> tuple[bool, float]:
    """(hit the match limit, seconds) for the real PCRE2 library, no JIT."""
    compiled = pcre2.compile(pattern, jit=False)
    start = time.perf_counter()
    try:
        compiled.search(line)
    except pcre2.LibraryError as exc:
        return "match limit" in str(exc), time.perf_counter() - start
    return False, time.perf_counter() - start


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_l4_each_pattern_really_is_catastrophic_in_pcre2(pattern: str) -> None:
    limited, took = pcre2_cost(pattern, CATASTROPHIC[pattern])
    assert limited or took > 0.25, (pattern, limited, took)


@pytest.mark.parametrize("pattern", SAFE)
def test_l4_the_safe_forms_are_cheap_in_pcre2_and_accepted(pattern: str) -> None:
    limited, took = pcre2_cost(pattern, "a1." * 9 + "!")
    assert not limited and took < 0.05
    assert [str(p) for p in check_rule_file(rule(WRAPPERS["regex"].format(p=escaped(pattern))))] == []


@pytest.mark.parametrize("element", WRAPPERS)
@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_l4_a_catastrophic_pattern_is_refused_naming_the_rule_it_runs_under(pattern: str, element: str) -> None:
    problems = check_rule_file(rule(WRAPPERS[element].format(p=escaped(pattern))))
    said = " ".join(str(p) for p in problems)
    assert "backtracks catastrophically" in said, said
    assert "every event that rule(s) 5716 match (rule 100400)" in said, said
    assert all(p.policy for p in problems)  # Wazuh itself loads it: the refusal says it is project policy
    assert "project policy" in said


@pytest.mark.parametrize(
    ("parent", "words"),
    [
        (
            "<if_group>authentication_failed</if_group>",
            "every event matched by a rule in group 'authentication_failed'",
        ),
        ("<decoded_as>sshd</decoded_as>", "every event of its category (it has no parent rule)"),
        ("<if_matched_sid>5716</if_matched_sid>", "events following matches of rule 5716"),
    ],
)
def test_l4_the_words_name_what_the_rule_runs_on(parent: str, words: str) -> None:
    said = " ".join(str(p) for p in check_rule_file(rule(WRAPPERS["regex"].format(p=r"^(a+)+$"), parent)))
    assert words in said, said


@needs_shared
def test_l4_no_pcre2_pattern_of_wazuhs_ruleset_is_refused() -> None:
    rules = [r for r in rehomed_rules() if 'type="pcre2"' in r.xml]
    assert len(rules) > 250
    flagged = [
        f"{r.source_file} {r.source_id}"
        for r in rules
        if any("catastroph" in p.reason for p in check_rule_file(r.xml, ruleset_catalog()))
    ]
    assert flagged == []


@pytest.fixture(scope="module")
def plain_standin() -> Iterator[StandinServer]:
    with StandinServer(tls=False) as server:
        yield server


@needs_shared
async def test_l4_the_reported_form_is_refused_by_the_running_server(
    plain_standin: StandinServer, tmp_path: Path
) -> None:
    """The attack as reported: create_rule with ^(a+)+$ under if_sid 5716, on a real serve process."""
    assert 5716 in (oracle_catalog().rule_ids or frozenset())
    params, _ = serve_params(tmp_path, plain_standin)
    with (tmp_path / "stderr.txt").open("w") as err:
        async with Client(stdio_client(params, errlog=err)) as client:
            result = await client.call_tool("create_rule", {"rule_xml": rule(WRAPPERS["regex"].format(p=r"^(a+)+$"))})
            safe = await client.call_tool("create_rule", {"rule_xml": rule(WRAPPERS["regex"].format(p=r"^a+$"))})
    text = tool_text(result)
    assert result.is_error and "backtracks catastrophically" in text, text
    assert "rule(s) 5716" in text and "rule 100400" in text, text
    assert "wazuh-mcp refuses it" in text, text
    assert not safe.is_error, tool_text(safe)
