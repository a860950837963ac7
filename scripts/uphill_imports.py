"""Count the imports that run uphill: a module importing one of a higher layer of the ``layers`` contract
in pyproject.toml (the order docs/architecture.md draws). Imports under ``TYPE_CHECKING`` never run and
do not count; imports written as strings (``importlib.import_module``) are checked by
tests/unit/test_import_contracts.py.

    python scripts/uphill_imports.py        one line per uphill import, then the count; exit 1 if any

``lint-imports`` enforces the same contract; this prints every offending import line by line (the
linter reports one route per pair of layers), so the number is the whole count.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]


def layers(pyproject: Path = ROOT / "pyproject.toml") -> list[list[str]]:
    """The ``layers`` contract's layers, top first, each a list of module names."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]
    (contract,) = [c for c in config["contracts"] if c["type"] == "layers"]
    return [[name.strip() for name in layer.replace("|", ":").split(":")] for layer in contract["layers"]]


def layer_of(module: str, order: list[list[str]]) -> int | None:
    """The index of ``module``'s layer (0 = top), or None when no layer holds it."""
    for index, members in enumerate(order):
        if any(module == m or module.startswith(m + ".") for m in members):
            return index
    return None


def uphill(edges: list[tuple[str, str, int]], order: list[list[str]]) -> list[str]:
    """``importer:line -> imported`` for each import (importer, imported, line) whose target is in a
    higher layer than its importer."""
    found = []
    for importer, imported, line in edges:
        low, high = layer_of(importer, order), layer_of(imported, order)
        if low is not None and high is not None and high < low:
            found.append(f"{importer}:{line} -> {imported}")
    return sorted(found)


def project_edges() -> list[tuple[str, str, int]]:
    """Every import between the project's modules that runs (``TYPE_CHECKING`` imports left out)."""
    sys.path.insert(0, str(ROOT))
    graph = grimp.build_graph("wazuh_mcp", "tui", "standin", exclude_type_checking_imports=True, cache_dir=None)
    edges = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            for detail in graph.get_import_details(importer=importer, imported=imported):
                edges.append((importer, imported, int(detail["line_number"])))
    return edges


def main() -> int:
    found = uphill(project_edges(), layers())
    for line in found:
        print(line)
    print(f"uphill imports: {len(found)}")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
