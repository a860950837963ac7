"""M6 and the audit trail's tamper evidence from the command line and in the viewer: recorded
text cannot drive the terminal or forge a row, and ``wazuh-mcp audit --verify`` (without
Textual) reports a removed, reordered or edited record with a non-zero exit."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from mcp.client.client import Client
from rich.text import Text
from textual.widgets import DataTable, Static

from tests.tui.conftest import settle
from tui.app import create_app
from tui.screens.audit import row_for
from wazuh_mcp.cli import main
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink, changes_path, iter_events
from wazuh_mcp.server.build import build_server

HOSTILE = "\x1b]0;owned\x07\x1b[2J\u202e\nwrite.create_rule ok\x9b31m\u2066"
"""ESC sequences (title, clear screen), a bidi override, a newline forging a second row, C1 CSI."""


def unsafe(text: str) -> bool:
    return any(ch in text for ch in "\x1b\x07\n\r\x9b\u202e\u2066")


def hostile_records(path: Path) -> None:
    """What a hostile caller gets into the file: through the server (unknown tool, odd values), and
    a record written by an older version or by hand, which the viewer must survive too."""
    sink = AuditSink(path)
    sink.write(
        AuditEvent(
            ts="2026-01-30T10:00:01.000Z",
            tool="agents.get_agent",
            toolset="agents",
            args={"agent_id": HOSTILE},
            outcome="error",
            error_code="invalid_argument",
            error=f"bad {HOSTILE}",
            duration_ms=2,
            wazuh_user=f"wazuh{HOSTILE}",
        )
    )
    legacy = {
        "ts": "2026-01-30T10:00:02.000Z",
        "tool": f"approval.approve{HOSTILE}",
        "toolset": "unknown",
        "args": {},
        "outcome": "ok",
        "duration_ms": 1,
    }
    with path.open("a") as fh:
        fh.write(json.dumps(legacy) + "\n")


async def test_m6_unknown_tool_name_is_bounded_and_escaped_in_the_viewer(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    async with Client(build_server(Settings.load(audit_log=path))) as client:
        await client.call_tool("approval.approve", {})
        await client.call_tool(HOSTILE * 50, {})
    hostile_records(path)
    events = list(iter_events(path))
    for event in events:
        cells = [cell.plain for cell in row_for(event)]
        assert not any(unsafe(c) for c in cells), cells
        assert len(cells[1]) <= 64
    assert [row_for(e)[1].plain for e in events[:1]] == ["unknown tool 'approval.approve'"]
    assert row_for(events[3])[1].plain.startswith("unknown tool 'approval.approve\\x1b]0;owned")
    assert "\\x0awrite.create_r" in row_for(events[1])[1].plain  # the forged "row" stays in its cell

    app = create_app(start="audit", audit_path=path, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#audit-table", DataTable)
        assert table.row_count == 4
        for row in range(4):
            table.move_cursor(row=row)
            await settle(pilot)
            detail = app.screen.query_one("#detail", Static).render()
            shown = detail.plain if isinstance(detail, Text) else str(detail)
            assert not any(ch in shown for ch in "\x1b\x07\x9b\u202e\u2066")


def test_m6_audit_cli_output_is_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "audit.jsonl"
    hostile_records(path)
    monkeypatch.setattr(sys, "stdin", io.StringIO())  # not a terminal: the plain listing
    assert main(["audit", "--file", str(path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    rows = [line for line in lines if not line.startswith("#")]  # the header and the user legend aside
    assert len(rows) == 2  # one line per record: no forged rows
    assert not any(unsafe(line) for line in lines)  # the legend repeats user names: escaped there too
    assert "unknown tool 'approval.approve\\x1b]0;owned" in rows[1]


def verify_in_subprocess(path: Path) -> subprocess.CompletedProcess[str]:
    """``audit --verify`` in a fresh interpreter, which must not import Textual to do it."""
    script = (
        "import sys\n"
        "from wazuh_mcp.cli import main\n"
        f"code = main(['audit', '--verify', '--file', {str(path)!r}])\n"
        "assert 'textual' not in sys.modules, 'audit --verify imported textual'\n"
        "sys.exit(code)\n"
    )
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False)


def test_audit_verify_cli_reports_ok_then_the_removed_record(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    sink = AuditSink(path)
    for n in range(6):
        tool, toolset = ("approval.approve", "approval") if n == 2 else ("agents.get_agent", "agents")
        sink.write(AuditEvent(ts="2026-01-30T10:00:00.000Z", tool=tool, toolset=toolset, outcome="ok", duration_ms=n))
    ok = verify_in_subprocess(path)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith(f"OK {path}: 6 sealed record(s) in 1 file(s), seq 1–6")
    assert f"OK {changes_path(path)}: 1 sealed record(s)" in ok.stdout

    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:2] + lines[3:]))  # the approval's record cut out of the main stream
    damaged = verify_in_subprocess(path)
    assert damaged.returncode == 1, damaged.stderr
    assert f"FAILED {path}: 1 problem(s)" in damaged.stdout
    assert "removed: audit.jsonl:3: 1 record(s) missing between seq 2 (audit.jsonl:2) and seq 4" in damaged.stdout
    assert f"OK {changes_path(path)}" in damaged.stdout  # the approval is still in its own stream

    lines = path.read_text().splitlines(keepends=True)
    lines[0], lines[1] = lines[1], lines[0]
    lines[3] = lines[3].replace('"duration_ms":4', '"duration_ms":9')
    path.write_text("".join(lines))
    report = verify_in_subprocess(path).stdout
    assert "reordered: audit.jsonl:2: record seq 1 comes after seq 2" in report
    assert "edited: audit.jsonl:4: record seq 5 does not match its MAC under the integrity key" in report


def test_a_failed_verify_of_another_file_is_recorded_in_the_profiles_own_trail(tmp_path: Path) -> None:
    """Issue 25: ``audit --verify --file <other>`` that fails wrote no ``audit.verify`` record, so Wazuh's rule
    100711 never saw the broken copy. The record goes to the profile's trail (the copy is left as it was)."""
    other, own = tmp_path / "copy" / "audit.jsonl", tmp_path / "own" / "audit.jsonl"
    sink = AuditSink(other)
    for n in range(3):
        sink.write(
            AuditEvent(
                ts="2026-01-30T10:00:00.000Z", tool="agents.get_agent", toolset="agents", outcome="ok", duration_ms=n
            )
        )
    lines = other.read_text().splitlines(keepends=True)
    other.write_text(lines[0] + lines[2])  # a record cut out
    before = other.read_text()
    script = (
        f"import sys\nfrom wazuh_mcp.cli import main\nsys.exit(main(['audit', '--verify', '--file', {str(other)!r}]))\n"
    )
    env = {**os.environ, "WAZUH_MCP_AUDIT_LOG": str(own)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=env, check=False
    )
    assert done.returncode == 1, done.stderr
    assert other.read_text() == before
    records = [json.loads(line) for line in own.read_text().splitlines()]
    verified = [r for r in records if r["tool"] == "audit.verify"]
    assert verified and verified[0]["args"]["stream"] == str(other) and verified[0]["error_code"] == "conflict"
    assert verified[0]["args"]["problems"] >= 1


@pytest.mark.parametrize("args", [["--verify"], ["--last", "2"]], ids=["verify", "listing"])
def test_audit_names_a_profile_that_does_not_exist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """Issue 26 item 9, the audit's variant: `audit --verify --profile prdo` (a typo for prod, whose trail is
    elsewhere and damaged) verified the default trail, said OK and exited 0, and recorded the check there;
    the listing showed the default trail's calls. It now says that prdo does not exist, names the profiles
    that do, and reads nothing."""
    from wazuh_mcp.config.settings import config_path

    prod_trail = tmp_path / "prod" / "audit.jsonl"
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text(
        f'default_profile = "lab"\n[profiles.lab]\nrole = "analyst"\n'
        f'[profiles.prod]\nrole = "analyst"\naudit_log = "{prod_trail}"\n'
    )
    default_trail = Settings.load(profile="lab").audit_path
    AuditSink(default_trail).write(
        AuditEvent(
            ts="2026-01-30T10:00:00.000Z", tool="agents.get_agent", toolset="agents", outcome="ok", duration_ms=1
        )
    )
    before = default_trail.read_text()
    monkeypatch.setattr(sys, "stdin", io.StringIO())  # not a terminal: the plain listing
    assert main(["audit", "--profile", "prdo", *args]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert f"wazuh-mcp audit: Profile prdo does not exist in {config_path()}; the profiles there: lab, prod" in said.err
    assert default_trail.read_text() == before, "no audit.verify record in another profile's trail"
