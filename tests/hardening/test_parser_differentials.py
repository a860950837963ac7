"""Issue 24 item 9, first bullet: parser differentials between ``rulecheck/wazuh_xml.py`` and Wazuh's own
reader that would let an approved rule behave differently on the manager from what the approver read.

Each case is a rule file an XML-literate approver reads one way and Wazuh 4.14.7's ``os_xml`` reads another
(the facts, with the source line that makes them, are in the ``WAZUH_READS`` column). Two things are
tested for each: the checks read the file as Wazuh does (so what they report — silenced detections,
parents, patterns — is what the manager will do), and the misleading form is refused before anyone is
asked to approve it, in words that say what Wazuh would do. The base rule is the oracle's own rule 5716
re-homed (``oracle/rule_verdicts.jsonl``); where a verdict was recorded for the form, it is used.
"""

from __future__ import annotations

import pytest

from tests.wazuh_rules import oracle_cases, oracle_catalog, wazuh_dir
from wazuh_mcp.rulecheck import rule_syntax, wazuh_xml
from wazuh_mcp.rulecheck.rule_xml import RuleFile, check_rule_file, silencing

needs_shared = pytest.mark.skipif(wazuh_dir() is None, reason="../shared (Wazuh reference data) is not present")

HEAD = '<group name="local,">\n  <rule id="100300" level="0">\n    <if_sid>5716</if_sid>\n'
TAIL = "    <description>quiet a known scanner</description>\n  </rule>\n</group>\n"


def _rule_of(text: str) -> rule_syntax.LoadedRule:
    checker = rule_syntax.check(wazuh_xml.read(text), oracle_catalog() if wazuh_dir() else None)
    return checker.rules[0]


def _options_of(text: str, tag: str) -> list[str]:
    group = wazuh_xml.read(text)[0]
    return [child.text for child in group.children[0].children if child.tag == tag]


def _policy_words(text: str) -> str:
    problems = check_rule_file(text, oracle_catalog() if wazuh_dir() else None)
    assert problems, "accepted"
    assert all(p.policy for p in problems), [str(p) for p in problems]  # Wazuh itself loads each of these
    return " ".join(str(p) for p in problems)


# --- 1. '!>' ends a comment (os_xml.c _oscomment: "if (c == _R_COM) … == _R_CONFE) return 1") -----------

BANG_COMMENT = HEAD + "    <!-- keep the rule quiet !> <options>no_log</options> -->\n" + TAIL


def test_differential_a_comment_ends_at_bang_gt_and_its_tail_is_live_xml() -> None:
    # Wazuh reads <options>no_log</options> as an option of the rule: its alerts would never reach the Indexer.
    assert _options_of(BANG_COMMENT, "options") == ["no_log"]
    said = " ".join(silencing(parse_rule_file_unchecked(BANG_COMMENT)))
    assert "no_log" in said
    assert "a comment Wazuh's reader ends earlier than an XML reader does" in _policy_words(BANG_COMMENT)


@pytest.mark.parametrize("opening", ["<!-->", "<!--->"])
def test_differential_an_empty_looking_comment_ends_at_once(opening: str) -> None:
    # _oscomment scans from just after '<!': the '--' of '<!--' and the '>' make '-->' at once.
    text = HEAD + f"    {opening} <options>no_log</options> -->\n" + TAIL
    assert _options_of(text, "options") == ["no_log"]
    assert "ends earlier than an XML reader does" in _policy_words(text)


def test_differential_if_group_beside_if_sid_does_nothing() -> None:
    # rules_list.c OS_AddChild: if_sid, else if_level, else if_group; the approver reads both conditions.
    text = HEAD.replace("<if_sid>5716</if_sid>", "<if_sid>5716</if_sid><if_group>web</if_group>") + TAIL
    assert "does nothing next to <if_sid>" in _policy_words(text)


def parse_rule_file_unchecked(text: str) -> RuleFile:
    """The rules as Wazuh loads them, even from a file the policy refuses (for what ``silencing`` would say)."""
    from wazuh_mcp.rulecheck.rule_xml import Rule

    checker = rule_syntax.check(wazuh_xml.read(text, policy=False))
    rules = tuple(
        Rule(int(r.id), r.level, r.description, tuple(r.parents), r.noalert, tuple(o.strip() for o in r.options))
        for r in checker.rules
    )
    return RuleFile(text=text, group=checker.group_names[0], rules=rules)


# --- 2. the text before a child element is dropped (os_xml.c: after a child "count = 0") ------------------

HIDDEN_TEXT = HEAD + "    <match>nmap-scan-from-10.0.0.5<x/>.</match>\n" + TAIL


def test_differential_text_before_a_child_element_is_dropped() -> None:
    # The approver reads a narrow match; Wazuh matches '.', any character: every 5716 event goes quiet.
    assert _options_of(HIDDEN_TEXT, "match") == ["."]
    assert "keeps only the text after it" in _policy_words(HIDDEN_TEXT)


# --- 3. elements inside a <var> belong to the element before it (os_xml_node_access.c skips only VAR
#        nodes, so their children at the next depth are collected) ----------------------------------------

VAR_CHILDREN = (
    '<group name="local,">\n  <rule id="100300" level="5">\n    <if_sid>5716</if_sid>\n'
    "    <description>raise failed logins</description>\n  </rule>\n"
    '  <var name="NOTE"><options>no_log</options>documentation only</var>\n</group>\n'
)


def test_differential_an_element_inside_a_var_is_an_option_of_the_rule_before_it() -> None:
    # Wazuh's view: rule 100300 carries <options>no_log</options>, its alerts never reach the Indexer.
    (group,) = wazuh_xml.read(VAR_CHILDREN, policy=False)
    assert [c.text for c in group.children[0].children if c.tag == "options"] == ["no_log"]
    with pytest.raises(wazuh_xml.XmlError) as refused:
        wazuh_xml.read(VAR_CHILDREN)
    assert refused.value.policy and "Wazuh reads it as part of the element before the <var>" in refused.value.reason
    assert "a <var> holds text only" in _policy_words(VAR_CHILDREN)


# --- 4. no entity is decoded (os_xml.c has no entity code at all; the oracle's mut-317 loads) -------------


@needs_shared
def test_differential_entities_are_the_characters_themselves() -> None:
    recorded = next(c for c in oracle_cases() if c.id == "mut-317")
    assert recorded.verdict == "clean" and "&lt;" in recorded.xml
    group = wazuh_xml.read(recorded.xml)[0]
    (match,) = [c for c in group.children[0].children if c.tag == "match"]
    assert "&lt;" in match.text and "<" not in match.text
    assert "decodes no entity" in _policy_words(recorded.xml)


# --- 5. variables: replaced once, never re-read; two bytes never expanded; first definition wins;
#        case-insensitive names (os_xml_variables.c) -----------------------------------------------------


def test_differential_a_variable_inside_a_variable_is_never_expanded() -> None:
    text = (
        '<var name="USERS">root|admin</var><var name="WATCH">$USERS|oracle</var>\n'
        + HEAD.replace("<if_sid>5716</if_sid>", "<if_sid>5716</if_sid><user>$WATCH</user>")
        + TAIL
    )
    # Wazuh's <user> is the literal '$USERS|oracle'; the approver expects root|admin|oracle.
    assert "never expands a variable inside another variable's value" in _policy_words(text)


def test_differential_a_two_byte_reference_stays_literal() -> None:
    text = (
        '<var name="F">8</var>\n'
        + HEAD.replace('level="0"', 'level="10" frequency="$F"').replace(
            "<if_sid>5716</if_sid>", "<if_matched_sid>5716</if_matched_sid>"
        )
        + TAIL
    )
    # frequency="$F" is read as "$F" by Wazuh (not a number: the file is refused) — the reader expected 8.
    assert not parse_ok(text)
    short_text = '<var name="D">quiet</var>\n' + HEAD + "    <description>$D</description>\n  </rule>\n</group>\n"
    assert "Wazuh expands no value of two bytes or less" in _policy_words(short_text)


def parse_ok(text: str) -> bool:
    return not check_rule_file(text)


def test_differential_the_first_of_two_definitions_wins_whatever_the_case() -> None:
    text = '<var name="SCAN">nmap</var><var name="scan">.</var>\n' + HEAD + "    <match>$scan</match>\n" + TAIL
    # Wazuh matches 'nmap' (first definition, names compared without case); the approver reads '.'.
    assert "defined twice" in _policy_words(text)


def test_differential_a_dollar_paren_makes_wazuh_drop_text() -> None:
    text = (
        '<var name="HOST">web-01</var>\n' + HEAD + '    <regex type="pcre2">$(x) from $HOST port \\d+</regex>\n' + TAIL
    )
    assert "loses its place there and drops text" in _policy_words(text)


# --- 6. attribute names: only exact lower-case 'type'/'negate' are read on options (w_get_attr_val_by_name
#        uses strcmp) --------------------------------------------------------------------------------------

UPPER_TYPE = HEAD + '    <match TYPE="pcre2">^(?:root|admin)$</match>\n' + TAIL


def test_differential_an_upper_case_type_is_not_read() -> None:
    # Wazuh compiles '^(?:root|admin)$' as OS_Match (a literal), not PCRE2: it matches nothing the approver read.
    checker = rule_syntax.check(wazuh_xml.read(UPPER_TYPE))
    (match,) = [c for c in wazuh_xml.read(UPPER_TYPE)[0].children[0].children if c.tag == "match"]
    assert checker.flags_quiet(match) == "osmatch"
    assert "Wazuh reads only 'type' spelled in lower case" in _policy_words(UPPER_TYPE)


# --- 7. if_sid: a trailing separator is rule 0 (rules_list.c OS_AddChild: atoi("") at the final NUL),
#        which hangs the rule under its category's template as well ---------------------------------------


@needs_shared
def test_differential_a_trailing_comma_in_if_sid_also_attaches_the_rule_to_every_syslog_event() -> None:
    recorded = next(c for c in oracle_cases() if c.id == "mut-249")
    assert recorded.verdict == "clean" and "5716,5710,</if_sid>" in recorded.xml.replace("\n", "")
    assert 0 in rule_syntax.if_sid_tokens("5716,5710,")
    assert "hangs this rule under its category's template" in _policy_words(recorded.xml)


# --- 8. closing tags and attribute spacing (os_xml.c: strcmp of the closing name; no space before '=') --


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (("</match>", "</match >"), "not closed"),
        (("</match>", "</ match>"), "not closed"),
        (('level="0"', 'level = "0"'), "has no value"),
        (('level="0"', 'level="0>"'), "not closed"),
    ],
)
def test_differential_closing_tags_and_attribute_spacing_wazuh_refuses(edit: tuple[str, str], reason: str) -> None:
    text = (HEAD + "    <match>nmap</match>\n" + TAIL).replace(*edit)
    problems = check_rule_file(text)
    assert any(not p.policy and reason in p.reason for p in problems), [str(p) for p in problems]


def test_differential_a_space_after_the_equals_sign_is_read() -> None:
    text = (HEAD + "    <match>nmap</match>\n" + TAIL).replace('level="0"', 'level= "0"')
    assert _rule_of(text).level == 0 and not [p for p in check_rule_file(text) if not p.policy]


def test_differential_form_feed_separates_a_name_from_its_attributes() -> None:
    # C's isspace: '\f' and '\v' end an element name, so Wazuh sees <match type="pcre2">.
    text = HEAD + '    <match\ftype="pcre2">^nmap (</match>\n' + TAIL
    problems = check_rule_file(text)
    assert any(p.element == "match" and "pcre2 pattern" in p.reason for p in problems), [str(p) for p in problems]


# --- 9. names compare in ASCII only (strcasecmp): U+212A KELVIN SIGN is not 'k' -----------------------------


def test_differential_a_kelvin_sign_is_not_a_k() -> None:
    text = HEAD + "    <chec\u212a_diff/>\n" + TAIL
    problems = check_rule_file(text)
    assert any(not p.policy and "not a rule option Wazuh knows" in p.reason for p in problems)


# --- 10. a NUL byte ends a value (strdup) ---------------------------------------------------------------


def test_differential_a_nul_byte_cuts_the_value() -> None:
    text = HEAD + "    <match>nmap\x00-from-scanner-host</match>\n" + TAIL
    assert "NUL" in _policy_words(text)


# --- 11. backslash before '<' keeps it text, '\\\\<' does not (os_xml.c prevv) ------------------------------


def test_differential_backslash_escapes_are_wazuhs() -> None:
    text = HEAD + "    <match>a\\<b</match>\n" + TAIL
    assert _options_of(text, "match") == ["a\\<b"]
    broken = HEAD + "    <match>a\\\\</match>\n" + TAIL
    assert _options_of(broken, "match") == ["a\\\\"]
    unclosed = HEAD + "    <match>a\\</match>\n" + TAIL
    assert any("not closed" in p.reason for p in check_rule_file(unclosed))


# --- 12. a '!' on a time range that wraps midnight is ignored (validate_op.c OS_IsValidTime: "Fix dump hours") --


def test_differential_a_negated_range_that_wraps_midnight_is_not_negated() -> None:
    # The approver reads "not at night"; Wazuh stores !18:0008:00 either way: the rule acts at night.
    text = HEAD + "    <time>!6 pm - 8 am</time>\n" + TAIL
    assert rule_syntax.read_time("!6 pm - 8 am") == (True, True)
    assert rule_syntax.read_time("6 pm - 8 am") == (True, False)
    assert "Wazuh then ignores the '!'" in _policy_words(text)


# --- 13. '^' in if_group anchors at the start of a rule's whole group list (os_regex_match.c OS_WordMatch) --


def test_differential_a_caret_in_if_group_is_the_start_of_the_whole_group_list() -> None:
    # Wazuh's sshd rules carry "syslog,sshd,authentication_failed,…": '^authentication_failed' matches none
    # of them (the rule is dropped), though every one is in that group.
    text = HEAD.replace("<if_sid>5716</if_sid>", "<if_group>^authentication_failed</if_group>") + TAIL
    assert "start of a rule's whole group list" in _policy_words(text)
