"""The layer contracts in pyproject.toml hold, including for imports written as strings.

``lint-imports`` (import-linter) reads import statements only: ``importlib.import_module("tui.cli")``
is invisible to it. ``string_imports`` finds those, so the same rules apply to them.
"""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _uphill_script() -> ModuleType:
    """scripts/uphill_imports.py, the command the closing notes quote (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("uphill_imports", ROOT / "scripts" / "uphill_imports.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


UPHILL = _uphill_script()
_IMPORT_CALLS = {"import_module", "__import__", "find_spec"}


def string_imports(source: str) -> list[str]:
    """Module names passed as text to ``importlib.import_module``/``__import__``/``find_spec``; an f-string
    counts by its literal prefix (``f"wazuh_mcp.tools.{name}"`` → ``wazuh_mcp.tools.``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name not in _IMPORT_CALLS:
            continue
        arg = node.args[0]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            found.append(arg.value)
        elif isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
            found.append(str(arg.values[0].value))
        else:
            found.append("<computed>")
    return found


def _within(module: str, packages: list[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def _contracts() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def _violations(module: str, imported: str) -> list[str]:
    """The contracts that importing ``imported`` from ``module`` would break."""
    broken = []
    for contract in _contracts():
        if contract["type"] == "forbidden":
            sources, forbidden = contract["source_modules"], contract["forbidden_modules"]
            assert isinstance(sources, list) and isinstance(forbidden, list)
            if _within(module, sources) and _within(imported, forbidden):
                broken.append(str(contract["name"]))
        elif contract["type"] == "layers":
            order = UPHILL.layers(ROOT / "pyproject.toml")
            if UPHILL.uphill([(module, imported, 0)], order):
                broken.append(str(contract["name"]))
        elif contract["type"] == "protected":
            protected, allowed = contract["protected_modules"], contract["allowed_importers"]
            assert isinstance(protected, list) and isinstance(allowed, list)
            if _within(imported, protected) and not _within(module, allowed + protected):
                broken.append(str(contract["name"]))
    return broken


def _modules() -> list[tuple[str, Path]]:
    out = []
    for package in ("wazuh_mcp", "tui", "standin"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            out.append((".".join(parts[:-1] if parts[-1] == "__init__" else parts), path))
    return out


def test_lint_imports_keeps_every_contract() -> None:
    linter = Path(sys.executable).with_name("lint-imports")
    # --no-cache: a cache left by another checkout of the same files can report a contract kept that is not
    done = subprocess.run([str(linter), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_no_string_import_breaks_a_contract() -> None:
    offenders = {
        f"{module} imports {target!r}: {', '.join(broken)}"
        for module, path in _modules()
        for target in string_imports(path.read_text(encoding="utf-8"))
        if (broken := _violations(module, target))
    }
    assert sorted(offenders) == []


def test_the_string_import_check_can_fail() -> None:
    """The checker itself: the string import wazuh_mcp.cli once made of the launcher is caught."""
    source = 'import importlib\nimportlib.import_module("tui.cli")\n__import__(f"httpx{1}")\n'
    assert string_imports(source) == ["tui.cli", "httpx"]
    assert _violations("wazuh_mcp.cli", "tui.cli")
    assert _violations("wazuh_mcp.tools.fim", "httpx")
    assert _violations("wazuh_mcp.tools.fim", "standin.fleet")
    assert _violations("wazuh_mcp.server.stdio", "wazuh_mcp.demo")  # the CLI hands the demo in
    assert not _violations("wazuh_mcp.demo", "standin.fleet")
    assert not _violations("wazuh_mcp.backends.server_api", "httpx")
    assert _violations("wazuh_mcp.runtime.registry", "wazuh_mcp.tools.alerts")  # the layers, by string too
    assert not _violations("wazuh_mcp.tools.alerts", "wazuh_mcp.runtime.registry")


def test_no_import_runs_uphill() -> None:
    """The count `python scripts/uphill_imports.py` prints: every import a lower floor makes of a higher one."""
    assert UPHILL.uphill(UPHILL.project_edges(), UPHILL.layers()) == []


def test_the_uphill_count_can_fail() -> None:
    """The imports issue 18 found (the backend factory reading the runtime's context, the hunt grammar a tool
    module, approvals the demo) are counted against today's layers, one line each; downhill ones are not."""
    edges = [
        ("wazuh_mcp.backends.lazy", "wazuh_mcp.runtime.context", 16),
        ("wazuh_mcp.query.hunt_grammar", "wazuh_mcp.tools._args", 33),
        ("wazuh_mcp.writes.approvals", "wazuh_mcp.demo", 587),
        ("standin.engine", "wazuh_mcp.config.settings", 110),
        ("wazuh_mcp.tools.alerts", "wazuh_mcp.runtime.registry", 20),
        ("wazuh_mcp.demo", "standin.demo_load", 42),
    ]
    assert UPHILL.uphill(edges, UPHILL.layers()) == [
        "standin.engine:110 -> wazuh_mcp.config.settings",
        "wazuh_mcp.backends.lazy:16 -> wazuh_mcp.runtime.context",
        "wazuh_mcp.query.hunt_grammar:33 -> wazuh_mcp.tools._args",
        "wazuh_mcp.writes.approvals:587 -> wazuh_mcp.demo",
    ]


def test_the_launcher_adds_its_commands_through_the_public_entry_point() -> None:
    """tui declares ``wazuh_mcp.commands`` in pyproject; the installed metadata must carry it
    (reinstall with ``pip install -e .`` after changing entry points)."""
    from importlib.metadata import entry_points

    import wazuh_mcp.cli as cli
    from wazuh_mcp.commands import COMMANDS_GROUP

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"][COMMANDS_GROUP]
    installed = {e.name: e.value for e in entry_points(group=COMMANDS_GROUP)}
    if installed != declared:
        pytest.fail(f"installed entry points {installed} differ from pyproject's {declared}: run `pip install -e .`")
    parser = cli.build_parser(cli.load_extensions())
    listed = parser.format_usage()
    assert all(name in listed for name in ("setup", "connect", "audit", "launcher", "approve", "pending"))
    assert not hasattr(cli, "_PARSER_EXTENSIONS")


def test_backends_are_built_only_by_the_factory() -> None:
    """One place turns settings and secrets into clients (overrides included): no module but the
    factory (``runtime.factory``, above config) and the clients themselves calls the client or config
    constructors."""
    constructors = {"ServerApi", "ServerApiConfig", "Indexer", "IndexerConfig"}
    offenders = []
    for module, path in _modules():
        if module.startswith("wazuh_mcp.backends.") or module == "wazuh_mcp.runtime.factory":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in constructors:
                offenders.append(f"{module}:{node.lineno} {node.func.id}(…)")
    assert offenders == []
