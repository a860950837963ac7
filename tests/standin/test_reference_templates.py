"""Regression: after the stand-in moved to a top-level package, it looked for ``../shared`` one folder too
high, found nothing, and every load fell back to its bundled templates without a word (the test bed's real
node was loaded under them). Where this checkout has Wazuh's reference tree, the loader must use it."""

from __future__ import annotations

from pathlib import Path

from standin.indexer_load import templates, wazuh_reference_dir


def test_wazuh_templates_are_used_where_the_reference_tree_is(shared: Path) -> None:
    assert wazuh_reference_dir() == shared / "reference" / "wazuh" / "indexer"
    chosen = templates()
    assert chosen.origin == "wazuh"
    assert "data" in chosen.alerts["mappings"]["properties"]  # Wazuh's own template, not a bundled copy
