"""Local validation of custom rule XML: what passes, and what is refused with which message."""

from __future__ import annotations

import pytest

from wazuh_mcp.errors import InvalidArgument
from wazuh_mcp.rulecheck.rule_xml import parse_rule_file, require_custom_file, require_custom_id

GOOD = """<!-- brute force from one source -->
<group name="local,sshd,">
  <rule id="100100" level="10" frequency="8" timeframe="120">
    <if_matched_sid>5716</if_matched_sid>
    <same_source_ip />
    <description>sshd: 8 failed logins from one source in 2 minutes.</description>
    <mitre><id>T1110</id></mitre>
  </rule>
  <!-- a second rule -->
  <rule id="100101" level="5">
    <if_sid>5715</if_sid>
    <description>sshd: login after failures &amp; retries.</description>
  </rule>
</group>
"""


def rule(body: str = "<description>d</description>", attrs: str = 'id="100200" level="3"') -> str:
    return f'<group name="t,"><rule {attrs}>{body}</rule></group>'


def refused(text: str) -> str:
    with pytest.raises(InvalidArgument) as info:
        parse_rule_file(text)
    return str(info.value)


def test_a_good_file_gives_its_group_ids_and_file_name() -> None:
    parsed = parse_rule_file(GOOD)
    assert parsed.group == "local,sshd,"
    assert parsed.rule_ids == (100100, 100101)
    assert parsed.filename == "wazuh-mcp-100100.xml"
    assert parsed.text == GOOD


def test_xml_declaration_is_refused_as_wazuh_does() -> None:
    # Wazuh's parser reads <?xml …?> as an element named "?xml" and fails on the '?' (oracle mut-302, mut-452).
    assert "Bad attribute closing for 'version'='1.0'" in refused('<?xml version="1.0"?>\n' + rule())


def test_several_groups_and_vars_are_read_as_wazuh_reads_them() -> None:
    # os_xml_variables.c: a value of two bytes or less is never expanded ("$D" stays "$D"); longer ones are.
    text = (
        '<var name="LVL">3</var><group name="a,">'
        '<var name="D">from a var</var><rule id="100200" level="$LVL"><description>$D, $D</description></rule>'
        "</group>" + rule(attrs='id="100201" level="4"')
    )
    parsed = parse_rule_file(text)
    assert parsed.rule_ids == (100200, 100201) and parsed.rules[0].level == 3
    assert parsed.rules[0].description == "from a var, from a var"
    # Left as written by Wazuh, so refused: the reader of the file would expect the expansion.
    short = text.replace("<description>$D, $D</description>", "<description>$D</description>")
    assert "Wazuh expands no value of two bytes or less" in refused(short)


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("<group name='x'><rule id='100200' level='3'>", "Element 'rule' not closed"),
        ('<rules><rule id="100200" level="1"/></rules>', "only <group>"),
        ('<group><rule id="100200" level="1"><description>d</description></rule></group>', 'name="…"'),
        ('<group name="x"></group>', "no <rule>"),
        ('<group name="x"><var name="a">b</var></group>', "no <rule>"),
        (rule(attrs='level="3"'), "no id attribute"),
        (rule(attrs='id="abc" level="3"'), "not 1-6 ASCII digits"),
        (rule(attrs='id="\u0661\u0660\u0660\u0662\u0660\u0660" level="3"'), "not 1-6 ASCII digits"),
        (rule(attrs='id="100200" level="\u0663"'), "from 0 to 16"),
        (rule(attrs='id="5716" level="3"'), "project policy: id 5716 is outside the custom range"),
        (rule(attrs='id="120001" level="3"'), "outside the custom range"),
        (rule(attrs='id="100200" level="17"'), "from 0 to 16"),
        (rule(attrs='id="100200"'), "no level attribute"),
        (rule(attrs='id="100200" level="3" overwrite="yes"'), 'project policy: overwrite="yes"'),
        (rule(body=""), "no <description>"),
        (rule(body="<description>  </description>"), "project policy: the description is empty"),
    ],
)
def test_bad_files_are_refused_with_a_message_that_says_what_to_fix(text: str, words: str) -> None:
    assert words in refused(text)


def test_duplicate_ids_in_one_file_are_refused() -> None:
    text = (
        '<group name="x"><rule id="100200" level="1"><description>a</description></rule>'
        '<rule id="100200" level="2"><description>b</description></rule></group>'
    )
    assert "appears twice in the file: Wazuh warns and keeps only the first" in refused(text)


@pytest.mark.parametrize(
    "declaration",
    [
        '<!DOCTYPE group [<!ENTITY a "aaaaaaaaaa">]>',
        '<!doctype group SYSTEM "file:///etc/passwd">',
        '<!ENTITY x SYSTEM "http://127.0.0.1/">',
    ],
)
def test_dtd_and_entity_declarations_are_refused(declaration: str) -> None:
    # Wazuh's parser reads '<!' as a comment that never closes (oracle mut-323).
    assert "Comment not closed" in refused(declaration + "\n" + rule())


def test_a_declaration_wazuh_would_read_as_a_comment_is_refused_as_policy() -> None:
    text = "<!DOCTYPE g> <!-- c -->" + rule()
    assert "project policy: only plain <!-- comments -->" in refused(text)


def test_billion_laughs_never_reaches_the_parser() -> None:
    lol = (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        + "".join(f'<!ENTITY lol{i} "{"&lol{};".format(i - 1 if i > 1 else "") * 10}">' for i in range(1, 10))
        + ']><group name="x"><rule id="100200" level="1"><description>&lol9;</description></rule></group>'
    )
    assert "line 1" in refused(lol)


def test_entities_stay_literal_as_in_wazuh() -> None:
    # os_xml.c decodes no entity at all: the loader reads "&lt;" as four characters (oracle mut-317 loads).
    parsed = parse_rule_file(rule(body="<description>&xxe; &amp; a & b &lt;</description>"))
    assert parsed.rules[0].description == "&xxe; &amp; a & b &lt;"


def test_oversized_files_are_refused() -> None:
    assert "limit is 65536" in refused(rule(body="<description>" + "a" * 70_000 + "</description>"))


def test_custom_id_bounds() -> None:
    require_custom_id(100000)
    require_custom_id(120000)
    for bad in (99999, 120001, 1):
        with pytest.raises(InvalidArgument, match="custom range"):
            require_custom_id(bad)


@pytest.mark.parametrize(
    "filename, directory",
    [
        ("0095-sshd_rules.xml", "ruleset/rules"),
        ("local_rules.xml", "etc/decoders"),
        ("local_rules.xml", "etc/rules/../../ruleset/rules"),
    ],
)
def test_default_ruleset_and_other_directories_are_never_targets(filename: str, directory: str) -> None:
    with pytest.raises(InvalidArgument, match="not a custom rule file"):
        require_custom_file(filename, directory)


@pytest.mark.parametrize("filename", ["../ossec.conf", "rules.txt", ".hidden.xml", "a/b.xml", "a.xml\n"])
def test_odd_file_names_are_refused(filename: str) -> None:
    with pytest.raises(InvalidArgument):
        require_custom_file(filename, "etc/rules")


def test_custom_files_pass() -> None:
    require_custom_file("local_rules.xml", "etc/rules")
    require_custom_file("wazuh-mcp-100100.xml", "etc/rules/")


# --- red-team findings (issue 10) ---------------------------------------------------------------


@pytest.mark.parametrize(
    "attrs, words",
    [
        # Wazuh reads ID= as id (strcasecmp, last wins): this would overwrite default rule 5716.
        ('id="100202" level="3" ID="5716" Overwrite="yes"', "'id' is written twice in different case"),
        ('id="100202" level="12" LEVEL="0"', "'level' is written twice in different case"),
        ('id="100202" level="3" Overwrite="yes"', "never overwrites"),
        ('id="100202" level="3" OVERWRITE="YES"', "neither 'yes' nor 'no'"),  # Wazuh compares the value exactly
        ('id="100202" level="3" overwrite="NO"', "neither 'yes' nor 'no'"),
        ('ID="5716" level="3"', "outside the custom range"),
        ('id="100202" level="3" colour="red"', "unknown attribute 'colour'"),
        ('id="100202" level="3" frequency=" 8"', "not a number"),
    ],
)
def test_h1_attribute_names_are_read_case_insensitively_as_wazuh_does(attrs: str, words: str) -> None:
    assert words in refused(rule(attrs=attrs))


def test_h1_upper_case_names_are_what_wazuh_loads() -> None:
    text = '<GROUP NAME="t,"><Rule ID="100203" Level="7"><Description>d</Description></Rule></GROUP>'
    parsed = parse_rule_file(text)
    assert parsed.rule_ids == (100203,) and parsed.rules[0].level == 7 and parsed.group == "t,"


def test_h1_case_insensitive_duplicates_are_refused_on_any_element() -> None:
    body = '<field name="a" NAME="b">x</field><description>d</description>'
    assert "'name' is written twice" in refused(rule(body=body))
    assert "exactly one attribute" in refused('<group name="a" Id="1"><rule id="100200" level="1"/></group>')


def test_h1_every_rule_attribute_of_wazuhs_own_ruleset_is_allowed() -> None:
    """The allowlist must not refuse what Wazuh's own files use (computed from Wazuh's ruleset)."""
    import re

    from tests.conftest import shared_dir
    from wazuh_mcp.rulecheck.rule_xml import RULE_ATTRIBUTES

    shared = shared_dir()
    if shared is None:
        pytest.skip("../shared (Wazuh reference data) is not present")
    used = {
        name.lower()
        for path in (shared / "reference/wazuh/ruleset-samples").glob("*.xml")
        for tag in re.findall(r"<rule\s[^>]*>", path.read_text(encoding="utf-8"))
        for name in re.findall(r"([A-Za-z_]+)\s*=", tag)
    }
    assert used and used <= set(RULE_ATTRIBUTES), used - set(RULE_ATTRIBUTES)
    local = (shared / "reference/wazuh/ruleset-samples/etc-rules-local_rules.xml").read_text(encoding="utf-8")
    assert parse_rule_file(local).rule_ids == (100001,)


@pytest.mark.parametrize("raw", ["0100100", " 100301 ", "100301 ", "+100301", "1003010"])
def test_l5_rule_ids_wazuh_would_refuse_are_refused_locally(raw: str) -> None:
    assert "not 1-6 ASCII digits" in refused(rule(attrs=f'id="{raw}" level="3"'))


@pytest.mark.parametrize("raw", [" 3", "3 ", "03 "])
def test_l5_levels_with_spaces_are_refused(raw: str) -> None:
    assert "from 0 to 16" in refused(rule(attrs=f'id="100200" level="{raw}"'))


@pytest.mark.parametrize(
    "body, attrs, words",
    [
        (
            "<if_sid>5716</if_sid>",
            'id="100210" level="0"',
            ["level 0 under rule 5716 ('sshd: authentication failed", "silences"],
        ),
        (
            "<if_group>authentication_failed</if_group>",
            'id="100211" level="0"',
            ["group 'authentication_failed'", "NO alert"],
        ),
        (
            "<if_matched_sid>5716</if_matched_sid>",
            'id="100212" level="0" frequency="2" timeframe="60"',
            ["earlier matches of rule 5716"],
        ),
        (
            "<if_matched_group>web</if_matched_group>",
            'id="100213" level="0" frequency="2" timeframe="60"',
            ["earlier matches in group 'web'"],
        ),
        (
            "<if_sid>5716</if_sid>",
            'id="100214" level="5" noalert="1"',
            ["noalert", "never raise an alert", "rule 5716"],
        ),
        (
            "<if_level>10</if_level>",
            'id="100216" level="0"',
            ["level 0 under every rule of level 10 or more", "silences"],
        ),
        (
            "<if_sid>5716</if_sid><options>no_full_log</options><options>no_log</options>",
            'id="100215" level="10"',
            ["no_log", "never reach the Indexer"],
        ),
    ],
)
def test_m4_rules_that_silence_detections_are_described_in_words(body: str, attrs: str, words: list[str]) -> None:
    from wazuh_mcp.rulecheck.rule_xml import silencing

    parsed = parse_rule_file(rule(body=body + "<description>quiet</description>", attrs=attrs))
    said = " ".join(silencing(parsed, {5716: "sshd: authentication failed."}))
    assert all(word in said for word in words), said


def test_m4_an_ordinary_rule_silences_nothing() -> None:
    from wazuh_mcp.rulecheck.rule_xml import silencing

    assert silencing(parse_rule_file(GOOD)) == []
    assert parse_rule_file(GOOD).parent_sids == (5715, 5716)
