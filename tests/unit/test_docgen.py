"""docgen's summary column: a description's whole first sentence (issue 18: it stopped at "e.g.")."""

from __future__ import annotations

import pytest

from wazuh_mcp.docgen import first_sentence


@pytest.mark.parametrize(
    ("description", "summary"),
    [
        ("List agents. Paged by offset.", "List agents"),
        (
            "Find alerts by any value (e.g. an IP or a hash) in one call. Bounded.",
            "Find alerts by any value (e.g. an IP or a hash) in one call",
        ),
        ("One agent, i.e. its\n   status and OS. More detail below.", "One agent, i.e. its status and OS"),
        ("No second sentence.", "No second sentence"),
        ("Ends with an abbreviation, e.g.", "Ends with an abbreviation, e.g"),
        ("", ""),
    ],
)
def test_the_summary_is_the_whole_first_sentence(description: str, summary: str) -> None:
    assert first_sentence(description) == summary
