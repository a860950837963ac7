"""docs/threat-model.md names a test for every control, and every test it names exists (file and function)."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "threat-model.md"
NAMED = re.compile(r"`(tests/[\w/]+\.py)::(test_\w+)`")


@cache
def defined_tests(path: Path) -> frozenset[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return frozenset(
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_")
    )


def test_every_test_the_threat_model_names_exists() -> None:
    named = NAMED.findall(DOC.read_text(encoding="utf-8"))
    assert len(named) >= 30, "the threat model names the tests of its controls"
    missing = [
        f"{file}::{test}"
        for file, test in named
        if not (REPO / file).is_file() or test not in defined_tests(REPO / file)
    ]
    assert not missing, f"docs/threat-model.md names tests that do not exist: {missing}"


def test_every_control_names_its_test() -> None:
    rows = [line for line in DOC.read_text(encoding="utf-8").splitlines() if line.startswith("| ")]
    controls = [row for row in rows if row.count("|") == 5 and not row.startswith(("| Control", "|---"))]
    assert controls, "no control rows found"
    unnamed = [row[:80] for row in controls if not NAMED.search(row.rsplit("|", 2)[-2])]
    assert not unnamed, f"controls without a test: {unnamed}"


def test_the_threat_model_names_every_asset_and_adversary() -> None:
    text = DOC.read_text(encoding="utf-8")
    for word in ("Approvals", "The trail", "Credentials", "The manager's rule set", "Agents"):
        assert f"**{word}**" in text, word
    for who in ("A steered model", "An analyst", "Another local user", "A holder of index write rights", "A host that"):
        assert f"**{who}" in text, who
    assert "## Out of scope" in text
