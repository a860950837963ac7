"""Every tool says what it reads on Wazuh 4.x and 5.x (docs/tools.md shows it), and only tools have rows."""

from __future__ import annotations

from wazuh_mcp.tools.catalogue import all_tools
from wazuh_mcp.tools.generations import READS


def test_every_tool_has_a_row_and_every_row_a_tool() -> None:
    names = {spec.name for spec in all_tools()}
    assert sorted(names - set(READS)) == [], "a tool without a row in tools/generations.py"
    assert sorted(set(READS) - names) == [], "a row in tools/generations.py for no tool"


def test_each_row_says_both_generations_in_words() -> None:
    for name, (on_4x, on_5x) in READS.items():
        assert on_4x.strip() and on_5x.strip(), name
        assert not on_4x.endswith(".") and not on_5x.endswith("."), name  # docgen ends the sentence
