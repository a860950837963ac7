"""The server never imports the TUI: `serve` starts fast and cannot pull Textual onto stdout.

What the modules import is checked by the import contracts (tests/unit/test_import_contracts.py);
these tests check what a running process actually loads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

PROBE = """
import sys
from wazuh_mcp.cli import build_parser
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.server.build import build_server
import wazuh_mcp.server.stdio, wazuh_mcp.demo
build_server(Settings.load())
bad = sorted(m for m in sys.modules if m == "textual" or m.startswith(("textual.", "tui")))
print(",".join(bad))
"""


def _bare_env(tmp_path: Path) -> dict[str, str]:
    """A minimal environment whose home and state dir are the test's own: without them, building the server
    created ~/.local/state/wazuh-mcp in the real home (the CI's home guard caught it)."""
    return {
        "WAZUH_MCP_CONFIG": "/dev/null",
        "WAZUH_MCP_STATE_DIR": str(tmp_path / "state"),
        "HOME": str(tmp_path),
        "PATH": "/usr/bin:/bin",
    }


def test_server_modules_do_not_import_textual_or_tui(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env=_bare_env(tmp_path),
    )
    assert done.stdout.strip() == ""


def test_serve_without_an_indexer_does_not_load_opensearch_py(tmp_path: Path) -> None:
    """The tool modules load on every start; the Indexer client library only when one is configured."""
    probe = (
        "import sys\nfrom wazuh_mcp.config.settings import Settings\nfrom wazuh_mcp.server.build import build_server\n"
        "build_server(Settings.load())\nprint('opensearchpy' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env=_bare_env(tmp_path),
    )
    assert done.stdout.strip() == "False"


def test_a_configured_serve_loads_no_http_client_or_keyring_before_the_first_call(tmp_path: Path) -> None:
    """What Claude Desktop starts: server built and its backends opened (the lifespan, before `initialize` is
    answered) without httpx, opensearch-py or keyring, and without building any tool's argument model; the
    clients load on the first call that needs them (bench/bench_startup.py measures what this saves)."""
    probe = (
        "import asyncio, os, sys\n"
        "from wazuh_mcp.config.settings import Settings\n"
        "from wazuh_mcp.server.build import build_server\n"
        "from wazuh_mcp.runtime.factory import open_backends\n"
        "s = Settings.load()\n"
        "server = build_server(s)\n"
        "async def main():\n"
        "    async with open_backends(s, 'default') as b:\n"
        "        assert b.server_api is not None and b.indexer is not None\n"
        "        loaded = [m for m in ('httpx', 'opensearchpy', 'keyring') if m in sys.modules]\n"
        "        print(','.join(loaded), len(server._tool_manager.list_tools()))\n"
        "        await server.list_tools()\n"
        "        print(len(server._tool_manager.list_tools()))\n"
        "asyncio.run(main())\n"
    )
    env = _bare_env(tmp_path) | {"PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    env |= {"WAZUH_MCP_API_URL": "https://127.0.0.1:9", "WAZUH_MCP_API_USER": "u"}
    env |= {"WAZUH_MCP_INDEXER_URL": "https://127.0.0.1:9", "WAZUH_MCP_INDEXER_USER": "i"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    before, after = done.stdout.split("\n")[:2]
    assert before == " 0", f"loaded before the first call (modules, tools registered): {before!r}"
    assert int(after) > 0


NOT_BEFORE_INITIALIZE = (
    "wazuh_mcp.tools.",  # the tool modules: the registry's index names them (runtime/tool_index.py)
    "wazuh_mcp.models.",  # their result models
    "wazuh_mcp.writes.",  # approvals, rule files (the write tools, the rules resource)
    "wazuh_mcp.query.hunt_grammar",
    "standin.",  # the demo's stand-ins (a configured serve never needs them)
    "wazuh_mcp.backends.indexer",  # the clients load on first use
    "wazuh_mcp.backends.server_api",
    "httpx",
    "opensearchpy",
    "keyring",
    "textual",
    "tui",
)
"""What the real ``wazuh-mcp serve`` process must not import before it answers ``initialize`` (issue 13:
bench/bench_startup.py measures what each of these cost)."""
ALLOWED_EARLY = {"wazuh_mcp.tools", "wazuh_mcp.tools._args"}
"""Light helpers the prompts and the backend factory need at registration: no pydantic result models."""


def _imported_before_initialize(*args: str) -> set[str]:
    """Module names a real ``serve`` process imported before its answer to ``initialize`` reached us, read
    from ``-X importtime`` (unbuffered on stderr, a line per completed import). A line written just after the
    answer may be counted too, which only makes the check stricter."""
    from bench.bench_startup import configured_env
    from bench.jsonrpc_probe import initialize_request

    with tempfile.TemporaryDirectory(prefix="wazuh-mcp-hygiene-") as state:
        env = configured_env(state) | {"PYTHONPATH": os.environ.get("PYTHONPATH", "")}
        err_path = Path(state) / "stderr"
        with err_path.open("w") as err:
            proc = subprocess.Popen(
                [sys.executable, "-X", "importtime", "-m", "wazuh_mcp", "serve", *args],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
                env=env,
                cwd=state,
                text=True,
            )
            assert proc.stdin is not None and proc.stdout is not None
            try:
                proc.stdin.write(json.dumps(initialize_request()) + "\n")
                proc.stdin.flush()
                answer = json.loads(proc.stdout.readline())
                written = err_path.stat().st_size
            finally:
                proc.stdin.close()
                proc.wait(timeout=60)
                proc.stdout.close()
        assert "result" in answer, answer
        text = err_path.read_text()[:written]
    return {line.rsplit("|", 1)[1].strip() for line in text.splitlines() if line.startswith("import time:")}


def _too_early(names: set[str]) -> list[str]:
    def banned(name: str) -> bool:  # "x." bans x's submodules; "x" bans x and its submodules, not "x2"
        return any(
            name.startswith(p) if p.endswith(".") else name == p or name.startswith(p + ".")
            for p in NOT_BEFORE_INITIALIZE
        )

    return sorted(n for n in names - ALLOWED_EARLY if banned(n))


def test_serve_answers_initialize_before_importing_tools_models_clients_or_stand_ins() -> None:
    """What Claude Desktop starts (configured, nothing listening): the index names the tools, the clients and
    the tool modules load on first use. The probe must be able to fail: the same server does import the
    tool modules once asked for tools/list (test_the_registry_loads_the_tool_modules_on_first_need)."""
    names = _imported_before_initialize()
    assert "wazuh_mcp.server.build" in names, "the probe saw the server start"
    assert _too_early(names) == []


def test_serve_demo_answers_initialize_before_importing_the_stand_ins() -> None:
    """The stand-ins start after the first answer (wazuh_mcp/runtime/first_answer.py)."""
    names = _imported_before_initialize("--demo")
    assert "wazuh_mcp.demo" in names
    assert sorted(n for n in names if n.startswith("standin.") and n not in DEMO_EARLY) == []


DEMO_EARLY = {"standin", "wazuh_mcp.demo", "standin.demo_load"}
"""The demo's wiring: settings, the deferred backends and the load's progress (no data, no server)."""


def test_the_registry_loads_the_tool_modules_on_first_need(tmp_path: Path) -> None:
    probe = (
        "import asyncio, sys\n"
        "from wazuh_mcp.config.settings import Settings\n"
        "from wazuh_mcp.server.build import build_server\n"
        "server = build_server(Settings.load())\n"
        "print(any(m.startswith('wazuh_mcp.tools.alerts') for m in sys.modules))\n"
        "asyncio.run(server.list_tools())\n"
        "print(any(m.startswith('wazuh_mcp.tools.alerts') for m in sys.modules))\n"
    )
    env = _bare_env(tmp_path) | {"PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]


def test_a_call_before_tools_list_registers_only_its_own_tool(tmp_path: Path) -> None:
    """The first call does not wait for every tool's models (the demo's first answer did, ~0.4 s): it loads
    its own toolset and registers its own tool; ``tools/list`` then registers the rest, listed in the
    registry's order whichever came first."""
    probe = (
        "import asyncio, sys\n"
        "from wazuh_mcp.config.settings import Settings\n"
        "from wazuh_mcp.server.build import build_server\n"
        "from wazuh_mcp.runtime.registry import indexed_tools\n"
        "server = build_server(Settings.load())\n"
        "async def main():\n"
        "    result = await server.call_tool('summarize_alerts', {})\n"
        "    print(result.is_error, [t for t in ('alerts', 'agents', 'respond', 'write') if f'wazuh_mcp.tools.{t}' in sys.modules])\n"
        "    print([t.name for t in server._tool_manager.list_tools()])\n"
        "    listed = [t.name for t in await server.list_tools()]\n"
        "    print(listed == [t.name for t in server.exposure.listed], len(listed))\n"
        "asyncio.run(main())\n"
    )
    env = _bare_env(tmp_path) | {"PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    env["WAZUH_MCP_STATE_DIR"] = str(tmp_path)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    called, registered, listed = done.stdout.splitlines()[:3]
    assert called == "True ['alerts']", called  # no Indexer configured: an error, but answered
    assert registered == "['summarize_alerts']"
    in_order, count = listed.split()
    assert in_order == "True" and int(count) > 10
