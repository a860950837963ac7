"""wazuh_mcp.untrusted: what text from monitored hosts keeps, loses and how it is cut."""

from __future__ import annotations

from wazuh_mcp.untrusted import bound, bound_tree, clean


def test_control_bidi_format_and_tag_characters_are_removed() -> None:
    hostile = "a\x1b[2Jb\x07c\x9bd\u202ee\u2066f\u200bg\ufeffh\U000e0041i\ud800j\x7fk"
    assert clean(hostile) == "a[2Jbcdefghijk"


def test_bound_tree_cleans_keys_and_values_and_bounds_entries_depth_and_text() -> None:
    value = {"k\x1b": ["v\u202e"] * 300, "deep": [[[[[[[[[["x"]]]]]]]]]], "n": 3, "b": True, "z": None}
    out = bound_tree(value, items=200, depth=8)
    assert out["k"][:2] == ["v", "v"] and len(out["k"]) == 201 and out["k"][-1] == "… 100 more left out"
    assert (out["n"], out["b"], out["z"]) == (3, True, None)
    deepest = out["deep"]
    for _ in range(7):
        deepest = deepest[0]
    assert deepest == "… (nested deeper than 8 levels, left out)"
    spent = bound_tree(["y" * 900] * 100, chars=2000)
    assert sum(len(v) for v in spent[:-1]) <= 2000 and spent[-1].endswith("more left out")


def test_tabs_and_newlines_become_one_space_unless_kept() -> None:
    assert clean("one\n\n\ttwo\r\nthree") == "one two three"
    assert clean("- old\n+ new\r\n", keep_newlines=True) == "- old\n+ new\n"


def test_bound_cuts_with_an_ellipsis_and_keeps_short_text() -> None:
    assert bound("  short  ", 10) == "short"
    assert bound("x" * 50, 10) == "x" * 9 + "…"
    assert bound(None, 10) is None
    # a megabyte of invisible characters and then text costs a bounded amount of work and stays cut
    assert bound("\u200b" * 1_000_000 + "tail", 10) == "…"


# --- shown: for a person -------------------------------------------------------------------------

import sys  # noqa: E402
import unicodedata  # noqa: E402

from wazuh_mcp.untrusted import shown, shown_in_place  # noqa: E402

NEVER_RAW = ("Cc", "Cf", "Cs", "Zl", "Zp")
"""Unicode's control, format, surrogate and separator categories, from Python's own database."""


def test_shown_writes_out_every_control_format_separator_and_surrogate_character() -> None:
    missed = []
    for code in range(sys.maxunicode + 1):
        ch = chr(code)
        if unicodedata.category(ch) in NEVER_RAW and ch not in "\n\t":
            out = shown(f"a{ch}b")
            if ch in out or not (out.startswith("a") and out.endswith("b")) or len(out) < 5:
                missed.append(f"U+{code:04X}")
    assert not missed, f"shown() leaves these raw: {missed}"


def test_shown_forms_newlines_and_tabs() -> None:
    assert shown("a\x1b[2Kb\u202ec") == "a\\x1b[2Kb<U+202E>c"
    assert shown("one\ntwo\tthree\r") == "one\\x0atwo\\x09three\\x0d"
    assert shown("one\ntwo\tthree\r", multiline=True) == "one\ntwo\tthree\\x0d"
    assert shown("\x9b\x7f\x00") == "\\x9b\\x7f\\x00"
    assert shown("\U000e0041\u3164") == "<U+E0041><U+3164>"
    assert shown("plain text, é, 中文, emoji 🙂") == "plain text, é, 中文, emoji 🙂"


def test_shown_keeps_two_combining_marks_and_writes_out_the_rest_of_a_stack() -> None:
    assert shown("e\u0301\u0302") == "e\u0301\u0302"  # Vietnamese stacks two
    assert shown("e" + "\u0301" * 40) == "e\u0301\u0301" + "<U+0301>" * 38


def test_shown_cuts_to_a_limit_never_inside_an_escape_and_bounds_its_work() -> None:
    assert shown("\x1b" * 10, limit=6) == "\\x1b…"
    assert shown("\u202e" * 3, limit=10) == "<U+202E>…"
    assert shown("abc", limit=3) == "abc" and shown("abcd", limit=3) == "ab…"
    assert len(shown("\u200b" * 5_000_000, limit=80)) <= 80


def test_shown_is_idempotent() -> None:
    once = shown("a\x1b[2K\u202e\n", multiline=True)
    assert shown(once, multiline=True) == once


def test_shown_in_place_keeps_each_characters_place() -> None:
    text = "a\x1bb\u202ec\x7fd\x00"
    drawn = shown_in_place(text)
    assert len(drawn) == len(text) and drawn == "a\u241bb\ufffdc\u2421d\u2400"


def test_json_text_escaped_writes_every_character_shown_writes_out_as_an_escape_with_the_same_value() -> None:
    """The audit and change files' text form: each character ``shown`` would write out (and DEL) is a ``\\uXXXX``
    escape, so a line holds only what prints plainly; the value it parses to is unchanged."""
    import json

    from wazuh_mcp.untrusted import json_text_escaped

    surrogates = range(0xD800, 0xE000)  # no UTF-8 file holds one: a writer's ASCII path escapes them
    acting = [
        chr(c)
        for c in range(sys.maxunicode + 1)
        if shown(chr(c)) != chr(c) and chr(c) not in "\t\n" and c not in surrogates
    ]
    acting.append("\x7f")
    assert {"\x1b", "\x9b", "\u202e", "\u200b", "\u2066", "\ufeff", "\U000e0041"} <= set(acting)
    for start in range(0, len(acting), 64):
        value = {"k": "".join(acting[start : start + 64]) + " plain é 漢 ✓"}
        text = json_text_escaped(json.dumps(value, ensure_ascii=False))
        assert json.loads(text) == value
        assert all(shown(c) == c for c in text), [c for c in text if shown(c) != c]
    plain = json.dumps({"k": "plain é 漢 ✓ … ‘quoted’"}, ensure_ascii=False)
    assert json_text_escaped(plain) == plain  # printable text stays as it was written
