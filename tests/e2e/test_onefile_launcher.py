"""The one-file launcher (packaging/launcher, Go): unpacks its embedded build once per version into a private
cache folder and hands over to it.

Two kinds of tests:
- launchers built here with Go around small crafted payloads (a shell script as the program): what the launcher
  passes on, how it unpacks, what it refuses. Skipped without Go.
- the real built executable (WAZUH_MCP_TEST_BINARY, built by scripts/test.sh): first and later starts, and the
  frozen program naming the downloaded file. Skipped without it.

GOCACHE is WAZUH_MCP_TEST_GOCACHE (scripts/test.sh shares packaging/build.sh's) or a temp dir, never the home's."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import sys
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the crafted programs are shell scripts")

GO = shutil.which("go") or ("/usr/local/go/bin/go" if Path("/usr/local/go/bin/go").is_file() else None)
needs_go = pytest.mark.skipif(GO is None, reason="Go is not installed: it builds the one-file launcher")
BINARY = os.environ.get("WAZUH_MCP_TEST_BINARY", "")
needs_binary = pytest.mark.skipif(
    not BINARY or not Path(BINARY).is_file(),
    reason="no built binary: scripts/test.sh builds it (WAZUH_MCP_TEST_BINARY)",
)

# The program the crafted launchers hand over to: shows what it was given, echoes stdin, exits as asked.
PROGRAM = """#!/bin/sh
printf 'argv:%s\\n' "$*"
printf 'exe:%s\\n' "$WAZUH_MCP_EXECUTABLE"
printf 'dir:%s\\n' "$(cd "$(dirname "$0")" && pwd)"
cat
exit "${EXIT_WITH:-0}"
"""


@pytest.fixture(scope="module")
def gocache(tmp_path_factory: pytest.TempPathFactory) -> str:
    return os.environ.get("WAZUH_MCP_TEST_GOCACHE") or str(tmp_path_factory.mktemp("gocache"))


def build_launcher(
    out_dir: Path, payload: Path, gocache: str, *, version: str = "9.9.9", env: dict[str, str] | None = None
) -> Path:
    """The launcher's sources with ``payload`` embedded, built as packaging/build.sh builds it."""
    src = out_dir / "src"
    src.mkdir(parents=True)
    for path in (REPO / "packaging" / "launcher").iterdir():
        if path.suffix == ".go" or path.name == "go.mod":
            shutil.copy(path, src / path.name)
    shutil.copy(payload, src / "payload.zip")
    digest = hashlib.sha256(payload.read_bytes()).hexdigest()
    exe = out_dir / "wazuh-mcp"
    full_env = dict(os.environ, GOCACHE=gocache, CGO_ENABLED="0", GOFLAGS="-mod=mod", GOTOOLCHAIN="local") | (env or {})
    flags = f"-X main.version={version} -X main.payloadHash={digest}"
    subprocess.run([GO or "go", "build", "-trimpath", "-ldflags", flags, "-o", str(exe), "."], cwd=src, env=full_env,
                   check=True, capture_output=True, timeout=600)  # fmt: skip
    return exe


def write_payload(onedir: Path, out: Path) -> None:
    """packaging/onefile_payload.py, as packaging/build.sh runs it."""
    script = REPO / "packaging" / "onefile_payload.py"
    subprocess.run([sys.executable, str(script), str(onedir), str(out)], check=True, capture_output=True, timeout=120)


def program_tree(root: Path) -> Path:
    """A stand-in onedir build: the program, a data file and a relative link, as PyInstaller lays them out."""
    (root / "_internal").mkdir(parents=True)
    (root / "wazuh-mcp").write_text(PROGRAM)
    (root / "wazuh-mcp").chmod(0o755)
    (root / "_internal" / "data.txt").write_text("payload data\n")
    (root / "_internal" / "link.txt").symlink_to("data.txt")
    return root


@pytest.fixture(scope="module")
def launcher(tmp_path_factory: pytest.TempPathFactory, gocache: str) -> Path:
    if GO is None:
        pytest.skip("Go is not installed: it builds the one-file launcher")
    work = tmp_path_factory.mktemp("launcher")
    write_payload(program_tree(work / "onedir"), work / "payload.zip")
    return build_launcher(work / "build", work / "payload.zip", gocache)


def run(exe: Path, runtime: Path, *args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    full_env = dict(os.environ, WAZUH_MCP_RUNTIME_DIR=str(runtime), **env)
    return subprocess.run([str(exe), *args], input=stdin, capture_output=True, text=True, timeout=120, env=full_env)


def builds_in(runtime: Path) -> list[Path]:
    return sorted(p for p in runtime.iterdir() if not p.name.startswith("."))


@needs_go
def test_first_start_unpacks_once_and_every_start_hands_over_argv_stdin_and_exit_code(
    launcher: Path, tmp_path: Path
) -> None:
    runtime = tmp_path / "runtime"
    first = run(launcher, runtime, "serve", "--demo", "a b", stdin="hello\n", EXIT_WITH="3")
    assert first.returncode == 3, first.stderr
    assert first.stdout.splitlines()[0] == "argv:serve --demo a b"
    assert "hello" in first.stdout.splitlines()
    assert first.stderr == ""  # without a terminal, silent: stdout is JSON-RPC for serve, stderr a one-line hint
    [build] = builds_in(runtime)
    assert build.name.startswith("9.9.9-")
    assert f"dir:{build}" in first.stdout.splitlines()
    assert (build / "_internal" / "link.txt").is_symlink() and (build / "_internal" / "link.txt").read_text() == (
        "payload data\n"
    )
    assert stat.S_IMODE(runtime.stat().st_mode) == 0o700
    marker_mtime = (build / ".wazuh-mcp-complete").stat().st_mtime_ns

    again = run(launcher, runtime, "version")
    assert again.returncode == 0 and again.stderr == "", again.stderr
    assert again.stdout.splitlines()[0] == "argv:version"
    assert (build / ".wazuh-mcp-complete").stat().st_mtime_ns == marker_mtime
    assert not [p for p in runtime.iterdir() if p.name.startswith(".partial-")]


@needs_go
def test_the_program_is_told_the_launchers_own_path_not_the_cache_copy(launcher: Path, tmp_path: Path) -> None:
    done = run(launcher, tmp_path / "runtime", WAZUH_MCP_EXECUTABLE="/somewhere/else")
    assert f"exe:{launcher}" in done.stdout.splitlines()


@needs_go
def test_concurrent_first_starts_all_run_and_leave_one_folder(launcher: Path, tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda n: run(launcher, runtime, str(n)), range(8)))
    assert [r.returncode for r in results] == [0] * 8, [r.stderr for r in results]
    assert [r.stdout.splitlines()[0] for r in results] == [f"argv:{n}" for n in range(8)]
    assert len(builds_in(runtime)) == 1
    assert not [p for p in runtime.iterdir() if p.name.startswith(".")]


@needs_go
def test_a_folder_without_its_marker_is_unpacked_again(launcher: Path, tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"
    run(launcher, runtime)
    [build] = builds_in(runtime)
    (build / ".wazuh-mcp-complete").unlink()  # as if a start was killed half-way by an older launcher
    (build / "wazuh-mcp").write_text("#!/bin/sh\necho half-written\n")
    done = run(launcher, runtime, "x")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "argv:x"
    assert builds_in(runtime) == [build] and (build / ".wazuh-mcp-complete").is_file()


@needs_go
def test_a_new_build_keeps_the_two_newest_others_and_clears_old_partials(launcher: Path, tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    old = time.time() - 7200
    for age, name in enumerate(["0.0.1-aaaa", "0.0.2-bbbb", "0.0.3-cccc"]):
        (runtime / name).mkdir()
        (runtime / name / ".wazuh-mcp-complete").write_text(name)
        os.utime(runtime / name / ".wazuh-mcp-complete", (old + age, old + age))
    (runtime / ".partial-0.0.4-dddd-1").mkdir()
    os.utime(runtime / ".partial-0.0.4-dddd-1", (old, old))
    assert run(launcher, runtime).returncode == 0
    names = {p.name for p in runtime.iterdir()}
    assert {"0.0.2-bbbb", "0.0.3-cccc"} <= names
    assert "0.0.1-aaaa" not in names and ".partial-0.0.4-dddd-1" not in names


@needs_go
def test_a_folder_others_can_write_is_refused_with_one_line(launcher: Path, tmp_path: Path) -> None:
    runtime = tmp_path / "shared"
    runtime.mkdir()
    runtime.chmod(0o777)  # what a planted folder in a shared temp dir looks like
    done = run(launcher, runtime)
    assert done.returncode == 1 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert str(runtime) in line and "not writable by others" in line and "WAZUH_MCP_RUNTIME_DIR" in line
    assert list(runtime.iterdir()) == []


@needs_go
def test_an_unusable_folder_fails_with_one_line_naming_the_fix(launcher: Path, tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    done = run(launcher, tmp_path / "a-file" / "runtime")
    assert done.returncode == 1 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert "a-file" in line and "set WAZUH_MCP_RUNTIME_DIR to a folder you can write" in line


@needs_go
def test_without_a_usable_cache_folder_it_falls_back_to_a_private_temp_folder(launcher: Path, tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    env = {k: v for k, v in os.environ.items() if k not in ("WAZUH_MCP_RUNTIME_DIR", "XDG_CACHE_HOME")}
    env |= {"HOME": str(tmp_path / "a-file" / "home"), "TMPDIR": str(tmp_path / "tmp")}  # ~/.cache can't be made
    (tmp_path / "tmp").mkdir()
    done = subprocess.run([str(launcher), "x"], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    [fallback] = (tmp_path / "tmp").iterdir()
    assert fallback.name == f"wazuh-mcp-runtime-{os.getuid()}" and stat.S_IMODE(fallback.stat().st_mode) == 0o700
    assert f"dir:{builds_in(fallback)[0]}" in done.stdout.splitlines()


@needs_go
@pytest.mark.parametrize(
    ("name", "link_target"),
    [("../escaped", None), ("/abs/escaped", None), ("_internal/up", "../../outside"), ("_internal/abs", "/etc")],
)
def test_entries_or_links_that_would_land_outside_are_refused(
    tmp_path: Path, gocache: str, name: str, link_target: str | None
) -> None:
    payload = tmp_path / "payload.zip"
    with zipfile.ZipFile(payload, "w") as zf:
        zf.writestr(zipfile.ZipInfo("wazuh-mcp"), PROGRAM)
        info = zipfile.ZipInfo(name)
        info.create_system = 3
        if link_target is not None:
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
        zf.writestr(info, link_target or "x")
    exe = build_launcher(tmp_path / "build", payload, gocache)
    runtime = tmp_path / "runtime"
    done = run(exe, runtime)
    assert done.returncode == 1 and done.stdout == ""
    assert "refusing" in done.stderr and "outside the folder" in done.stderr
    assert builds_in(runtime) == []  # nothing half-unpacked is left to be used
    assert not (tmp_path / "escaped").exists() and not (tmp_path / "outside").exists()


@needs_go
@pytest.mark.parametrize(("goos", "goarch"), [("windows", "amd64"), ("darwin", "arm64"), ("darwin", "amd64")])
def test_the_launcher_builds_for_the_other_release_platforms(
    tmp_path: Path, gocache: str, goos: str, goarch: str
) -> None:
    """What can be checked here of the macOS and Windows launchers: they compile (release.yml runs them)."""
    payload = tmp_path / "payload.zip"
    with zipfile.ZipFile(payload, "w") as zf:
        zf.writestr("wazuh-mcp.exe" if goos == "windows" else "wazuh-mcp", "not run here")
    exe = build_launcher(tmp_path / "build", payload, gocache, env={"GOOS": goos, "GOARCH": goarch})
    magic = exe.read_bytes()[:4]
    assert magic == (b"MZ\x90\x00" if goos == "windows" else b"\xcf\xfa\xed\xfe")  # PE, Mach-O 64-bit


@needs_binary
def test_the_real_binary_unpacks_once_then_starts_like_its_onedir(tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"
    first = run(Path(BINARY), runtime, "version")
    assert first.returncode == 0 and first.stdout.startswith("wazuh-mcp "), first.stderr
    [build] = builds_in(runtime)
    marker_mtime = (build / ".wazuh-mcp-complete").stat().st_mtime_ns
    assert os.access(build / "wazuh-mcp", os.X_OK)
    engines = list(build.glob("_internal/osmem_server/bin/osmem-server"))
    assert engines and os.access(engines[0], os.X_OK)  # the demo engine keeps its exec bit
    again = run(Path(BINARY), runtime, "version")
    assert again.returncode == 0 and again.stdout == first.stdout
    assert (build / ".wazuh-mcp-complete").stat().st_mtime_ns == marker_mtime  # not unpacked again


@needs_binary
def test_the_real_binary_writes_its_own_path_into_the_desktop_entry(tmp_path: Path) -> None:
    home = tmp_path / "home"
    done = run(Path(BINARY), tmp_path / "runtime", "install-launcher", HOME=str(home), XDG_DATA_HOME=str(home / "d"))
    assert done.returncode == 0, done.stderr
    entry = (home / "d" / "applications").glob("*.desktop")
    text = next(entry).read_text()
    assert f"Exec={Path(BINARY).resolve()}" in text and str(tmp_path / "runtime") not in text
