"""wazuh_mcp.untrusted: what text from monitored hosts keeps, loses and how it is cut."""

from __future__ import annotations

from wazuh_mcp.untrusted import bound, clean


def test_control_bidi_format_and_tag_characters_are_removed() -> None:
    hostile = "a\x1b[2Jb\x07c\x9bd\u202ee\u2066f\u200bg\ufeffh\U000e0041i\ud800j\x7fk"
    assert clean(hostile) == "a[2Jbcdefghijk"


def test_tabs_and_newlines_become_one_space_unless_kept() -> None:
    assert clean("one\n\n\ttwo\r\nthree") == "one two three"
    assert clean("- old\n+ new\r\n", keep_newlines=True) == "- old\n+ new\n"


def test_bound_cuts_with_an_ellipsis_and_keeps_short_text() -> None:
    assert bound("  short  ", 10) == "short"
    assert bound("x" * 50, 10) == "x" * 9 + "…"
    assert bound(None, 10) is None
    # a megabyte of invisible characters and then text costs a bounded amount of work and stays cut
    assert bound("\u200b" * 1_000_000 + "tail", 10) == "…"
