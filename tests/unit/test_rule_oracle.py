"""The rule checks against Wazuh itself: every recorded verdict of a real Wazuh 4.14.7 loader
(``oracle/rule_verdicts.jsonl``), every rule of its 4.14 ruleset re-homed as a custom rule, and the ten
broken variants of issue 17. Expectations come from those files, never from our checks."""

from __future__ import annotations

import re

import pytest

from tests.wazuh_rules import (
    Case,
    agrees,
    oracle_cases,
    oracle_catalog,
    rehomed_rules,
    ruleset_catalog,
    ruleset_files,
    wazuh_dir,
)
from wazuh_mcp.rulecheck.rule_xml import Problem, check_rule_file, loader_problems

needs_shared = pytest.mark.skipif(wazuh_dir() is None, reason="../shared (Wazuh reference data) is not present")

_LINE = re.compile(r"\(line (\d+)\)")
_TAG = re.compile(r"(?:tag|option|element) '([a-z_.]+)'", re.I)


def _described(case: Case, problems: list[Problem]) -> str:
    return f"{case.id} {case.note!r} [{case.verdict}] wazuh={list(case.messages)[:2]} ours={[str(p) for p in problems[:3]]}"


@needs_shared
def test_every_oracle_case_gets_wazuhs_verdict() -> None:
    cases = oracle_cases()
    assert len(cases) == 522
    wrong = [_described(c, p) for c in cases if not agrees(c, p := check_rule_file(c.xml, oracle_catalog()))]
    assert wrong == [], "\n".join(wrong)


@needs_shared
def test_loader_problems_are_what_wazuh_itself_refuses() -> None:
    """What a stand-in answering as Wazuh needs: problems exactly when Wazuh refuses, prints an ERROR or drops
    the rule; none for a clean load or a load with a warning (policy and warnings left out)."""
    wrong = [
        _described(c, p)
        for c in oracle_cases()
        if bool(p := loader_problems(c.xml, oracle_catalog())) != (c.verdict == "refuse")
    ]
    assert wrong == [], "\n".join(wrong)


@needs_shared
def test_a_refusal_names_the_element_or_line_wazuh_names() -> None:
    """Where Wazuh's message names an element ("Syntax error on tag 'regex'", "Invalid option 'foo'") or a
    line (XML errors), one of our problems names the same."""
    missed = []
    for case in oracle_cases():
        if case.verdict != "refuse":
            continue
        problems = [p for p in check_rule_file(case.xml, oracle_catalog()) if not p.policy]
        text = " ".join(case.messages)
        tag, line = _TAG.search(text), _LINE.search(text)
        if tag and tag.group(1) not in {p.element for p in problems} and "." not in tag.group(1):
            missed.append(f"{case.id}: Wazuh names <{tag.group(1)}>, we name {[p.element for p in problems]}")
        if (
            line
            and int(line.group(1)) not in {p.line for p in problems}
            and f"line {line.group(1)}" not in str(problems)
        ):
            missed.append(f"{case.id}: Wazuh names line {line.group(1)}, we name {[p.line for p in problems]}")
    assert missed == [], "\n".join(missed)


@needs_shared
def test_every_rule_of_the_ruleset_rehomed_as_a_custom_rule_passes() -> None:
    rules = rehomed_rules()
    assert len(rules) == 4512 and len({r.source_file for r in rules}) == 168
    refused = [
        f"{r.source_file} rule {r.source_id}: {[str(p) for p in problems[:2]]}"
        for r in rules
        if (problems := check_rule_file(r.xml, ruleset_catalog()))
    ]
    assert refused == [], "\n".join(refused[:20])


@needs_shared
def test_every_ruleset_file_reads_whole_with_only_policy_refusals() -> None:
    """Whole files: Wazuh loads them, so nothing but policy (ids outside the custom range and already
    used, size) may be said against them."""
    files = ruleset_files()
    assert len(files) == 168
    said = [
        f"{path.name}: {problem}"
        for path in files
        for problem in check_rule_file(path.read_text(encoding="utf-8"), ruleset_catalog())
        if not problem.policy or problem.kind == "warning"
    ]
    assert said == [], "\n".join(said[:20])


@needs_shared
def test_the_proxylogon_file_that_pythons_xml_parser_refuses_loads() -> None:
    import xml.etree.ElementTree as ET

    path = next(p for p in ruleset_files() if p.name == "0910-ms-exchange-proxylogon_rules.xml")
    text = path.read_text(encoding="utf-8")
    with pytest.raises(ET.ParseError):
        ET.fromstring(f"<root>{text}</root>")
    assert [p for p in check_rule_file(text, ruleset_catalog()) if not p.policy] == []


# --- the ten broken variants of issue 17, each on Wazuh's own rule 5716 re-homed ------------------


def _base_5716() -> str:
    rule = next(r for r in rehomed_rules() if r.source_file == "0095-sshd_rules.xml" and r.source_id == "5716")
    return rule.xml


def _refusal(old: str, new: str) -> Problem:
    base = _base_5716()
    assert old in base, old
    assert [p for p in check_rule_file(base, oracle_catalog()) if not p.policy] == []
    problems = [p for p in check_rule_file(base.replace(old, new, 1), oracle_catalog()) if not p.policy]
    assert problems, f"accepted: {new}"
    line = base.replace(old, new, 1)[: base.index(old)].count("\n") + 1
    assert any(p.line == line for p in problems), (line, [str(p) for p in problems])
    return problems[0]


MATCH = "<match>^Failed|^error: PAM: Authentication</match>"


@needs_shared
def test_variant_unknown_element_if_sidd() -> None:
    problem = _refusal("<if_sid>5700</if_sid>", "<if_sidd>5700</if_sidd>")
    assert problem.element == "if_sidd" and "not a rule option Wazuh knows" in problem.reason


@needs_shared
def test_variant_two_options_in_one_element() -> None:
    problem = _refusal(MATCH, MATCH + "<options>no_full_log,no_log</options>")
    assert problem.element == "options" and "exactly one" in problem.reason


@needs_shared
def test_variant_unknown_option() -> None:
    problem = _refusal(MATCH, MATCH + "<options>no_alert_ever</options>")
    assert problem.element == "options" and "'no_alert_ever' is not one option" in problem.reason


@needs_shared
def test_variant_pcre2_regex_that_does_not_compile() -> None:
    problem = _refusal(MATCH, MATCH + '<regex type="pcre2">^Failed (\\w+</regex>')
    assert (
        problem.element == "regex"
        and "pcre2 pattern" in problem.reason
        and "missing closing parenthesis" in problem.reason
    )


@needs_shared
def test_variant_srcip_not_an_ip() -> None:
    problem = _refusal(MATCH, MATCH + "<srcip>not-an-ip</srcip>")
    assert problem.element == "srcip" and "'not-an-ip' is not an address" in problem.reason


@needs_shared
def test_variant_unknown_mitre_child() -> None:
    problem = _refusal("<id>T1110</id>", "<id>T1110</id><technique>T1110</technique>")
    assert problem.element == "technique" and "<mitre> holds only <id>" in problem.reason


@needs_shared
def test_variant_frequency_without_if_matched() -> None:
    problem = _refusal('level="5"', 'level="5" frequency="8"')
    assert problem.element == "rule" and "frequency" in problem.reason and "if_matched_sid" in problem.reason


@needs_shared
def test_variant_same_field_without_if_matched() -> None:
    problem = _refusal(MATCH, MATCH + "<same_field>win.eventdata.ip</same_field>")
    assert "same_field" in problem.reason and "if_matched_sid" in problem.reason


@needs_shared
def test_variant_list_lookup_bogus() -> None:
    listed = '<list field="srcip" lookup="bogus">etc/lists/malicious-ioc/malicious-ip</list>'
    problem = _refusal(MATCH, MATCH + listed)
    assert problem.element == "list" and "lookup='bogus'" in problem.reason


@needs_shared
def test_variant_non_numeric_if_sid() -> None:
    problem = _refusal("<if_sid>5700</if_sid>", "<if_sid>sshd</if_sid>")
    assert problem.element == "if_sid" and "ignores the whole rule" in problem.reason
