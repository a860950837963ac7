"""SVG snapshots of every launcher screen at a fixed size, with fixed data, fixed paths, no clock and
no blinking cursor. Update with `pytest tests/tui/test_snapshots.py --snapshot-update` and review
the SVGs in the diff."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from tests.tui.conftest import settle
from tui.app import create_app
from wazuh_mcp.models.write import PendingChange, Requester
from wazuh_mcp.runtime.audit import AuditEvent, AuditSink
from wazuh_mcp.setup.conncheck import Check, ConnectionReport, save_report
from wazuh_mcp.setup.flow import ProfileInput, save_profile
from wazuh_mcp.writes.approvals import pending_dir
from wazuh_mcp.writes.change_records import FileRecords

SIZE = (100, 34)
ROOT = Path("/tmp/wazuh-mcp-snapshots")  # fixed: paths appear on screen
EXE = "/opt/wazuh-mcp/bin/wazuh-mcp"
SnapCompare = Callable[..., bool]


@pytest.fixture(autouse=True)
def fixed_paths(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    shutil.rmtree(ROOT, ignore_errors=True)
    (ROOT / "home").mkdir(parents=True)
    monkeypatch.setenv("WAZUH_MCP_CONFIG", str(ROOT / "config.toml"))
    monkeypatch.setenv("WAZUH_MCP_STATE_DIR", str(ROOT / "state"))
    monkeypatch.setenv("HOME", str(ROOT / "home"))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setattr("wazuh_mcp.setup.serve_command.executable_argv", lambda: [EXE])
    yield ROOT
    shutil.rmtree(ROOT, ignore_errors=True)


def configured(verify_tls: bool = True) -> None:
    (ROOT / "root-ca.pem").write_text("-----BEGIN CERTIFICATE-----\n")
    save_profile(
        ProfileInput(
            name="prod",
            api_url="https://wazuh.example.org:55000",
            api_user="soc-mcp",
            api_password="pw",
            indexer_url="https://wazuh.example.org:9200",
            indexer_user="reader",
            indexer_password="pw2",
            verify_tls=verify_tls,
            ca_bundle=str(ROOT / "root-ca.pem") if verify_tls else "",
        )
    )
    save_report(
        ConnectionReport(
            profile="prod",
            wazuh_version="4.14.7",
            finished="2026-01-30T09:58:12.402Z",
            checks=[
                Check("api.login", "Server API: log in", "ok", "Logged in as soc-mcp."),
                Check(
                    "indexer.vulns",
                    "Indexer: vulnerability state",
                    "warn",
                    "No index matches 'wazuh-states-vulnerabilities-*' yet.",
                ),
            ],
        )
    )


def audit_events() -> None:
    sink = AuditSink(ROOT / "state" / "audit.jsonl")
    rows: list[tuple[str, str, dict[str, Any], str, str | None, float]] = [
        ("10:01:02.120", "cluster.status", {}, "ok", None, 38),
        ("10:01:04.871", "agents.list_agents", {"status": "active", "size": 5}, "ok", None, 112),
        ("10:02:11.005", "alerts.search_alerts", {"time_range": "1h", "min_level": 10}, "ok", None, 284),
        ("10:02:40.314", "agents.get_agent", {"agent_id": "042"}, "error", "not_found", 21),
        (
            "10:03:05.900",
            "hunt.hunt_query",
            {"must": [{"field": "data.srcip", "op": "eq", "value": "45.75.196.15"}], "time_range": "24h"},
            "error",
            "timeout",
            60000,
        ),
    ]
    for time, tool, args, outcome, code, ms in rows:
        sink.write(
            AuditEvent(
                ts=f"2026-01-30T{time}Z",
                tool=tool,
                toolset=tool.split(".")[0],
                args=args,
                outcome=outcome,
                error_code=code,
                error="agent 042 does not exist" if code == "not_found" else None,
                duration_ms=ms,
                wazuh_user="soc-mcp",
                role="analyst",
                session="4f1c2a9b7e01",
            )
        )


ONE_LINE_RULE = (  # as models often write rules: the <srcip> that decides what is silenced comes last
    '<group name="local,wazuh-mcp,"><rule id="100100" level="0"><if_sid>5716</if_sid>'
    "<description>Ignore SSH authentication failures from the quarterly vulnerability scanner.</description>"
    "<srcip>203.0.113.77</srcip></rule></group>"
)
SILENCES = (
    "Rule 100100 is level 0 under rule 5716 ('sshd: authentication failed.'): events they would alert on that "
    "also match rule 100100's conditions produce NO alert any more. This change silences those detections."
)


def pending_change(*, one_line: bool = False) -> None:
    diff = (
        '--- /dev/null\n+++ b/etc/rules/wazuh-mcp-100100.xml\n@@ -0,0 +1,6 @@\n+<group name="local,sshd,">\n'
        '+  <rule id="100100" level="10" frequency="8" timeframe="120">\n+    <if_matched_sid>5716'
        "</if_matched_sid>\n+    <description>sshd: 8 failed logins in 2 minutes.</description>\n+  </rule>\n"
        "+</group>\n"
    )
    if one_line:
        diff = f"--- /dev/null\n+++ b/etc/rules/wazuh-mcp-100100.xml\n@@ -0,0 +1 @@\n+{ONE_LINE_RULE}\n"
    change = PendingChange(
        id="ch-0badc0de",
        tool="write.create_rule",
        kind="create_rule",
        state="pending",
        tier="confirmation_required",
        created_at="2026-01-30T10:04:00.000Z",
        expires_at="2099-01-31T10:04:00.000Z",
        requested_by=Requester(
            session="4f1c2a9b7e01",
            role="admin",
            wazuh_user="soc-mcp",
            profile="prod",
            api_url="https://wazuh.example.org:55000",
        ),
        target="etc/rules/wazuh-mcp-100100.xml",
        filename="wazuh-mcp-100100.xml",
        relative_dirname="etc/rules",
        payload="<group/>",
        rule_ids=[100100],
        diff=diff,
        change_sha256="9" * 64,
        summary="Create rule 100100 (level 10): sshd: 8 failed logins in 2 minutes.",
        silences=[SILENCES] if one_line else [],
    )
    FileRecords(pending_dir()).create(change)  # sealed, as a serve session records it


def app_for(start: str, **options: Any) -> Any:
    return create_app(start=start, cursor_blink=False, **options)  # type: ignore[arg-type]


async def settled(pilot: Pilot[Any]) -> None:
    await settle(pilot)


def test_home_fresh_install(snap_compare: SnapCompare) -> None:
    assert snap_compare(app_for("home"), terminal_size=SIZE, run_before=settled)


def test_home_configured(snap_compare: SnapCompare) -> None:
    configured()
    audit_events()
    pending_change()
    assert snap_compare(app_for("home"), terminal_size=SIZE, run_before=settled)


def test_setup_first_step(snap_compare: SnapCompare) -> None:
    configured()
    assert snap_compare(app_for("setup"), terminal_size=SIZE, run_before=settled)


def test_setup_security_with_verification_off(snap_compare: SnapCompare) -> None:
    configured(verify_tls=False)

    async def to_security(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)

    assert snap_compare(app_for("setup"), terminal_size=SIZE, run_before=to_security)


def test_connect_preview(snap_compare: SnapCompare) -> None:
    config = ROOT / "home" / ".config" / "Claude" / "claude_desktop_config.json"
    config.parent.mkdir(parents=True)
    config.write_text(
        '{\n  "mcpServers": {\n    "filesystem": {\n      "command": "npx"\n    }\n  },\n'
        '  "preferences": {\n    "sidebarMode": "chat"\n  }\n}\n'
    )
    assert snap_compare(app_for("connect"), terminal_size=SIZE, run_before=settled)


def test_audit_viewer(snap_compare: SnapCompare) -> None:
    audit_events()
    assert snap_compare(app_for("audit"), terminal_size=SIZE, run_before=settled)


def test_approvals(snap_compare: SnapCompare) -> None:
    pending_change()
    assert snap_compare(app_for("approvals"), terminal_size=SIZE, run_before=settled)


def test_playground(snap_compare: SnapCompare) -> None:
    server = str(Path(__file__).with_name("fixed_server.py"))

    def fixed(**_: object) -> list[str]:
        return [sys.executable, server, "serve", "--demo"]

    async def ran_a_tool(pilot: Pilot[Any]) -> None:
        import time

        deadline = time.monotonic() + 30
        tools = pilot.app.screen.query_one("#tools", OptionList)
        while tools.option_count < 3 and time.monotonic() < deadline:  # a heading and two tools
            await pilot.pause(0.05)
        tools.highlighted = tools.get_option_index("list_agents")
        await settle(pilot)
        await pilot.press("ctrl+r")
        while "Result of" not in str(pilot.app.screen.query_one("#result-pane").border_title):
            assert time.monotonic() < deadline
            await pilot.pause(0.05)
        pilot.app.screen.query_one("#result-pane").border_title = "Result of list_agents"  # no timing on screen
        await settle(pilot)

    assert snap_compare(app_for("playground", serve_argv=fixed), terminal_size=(110, 36), run_before=ran_a_tool)


def test_playground_summary_bars(snap_compare: SnapCompare) -> None:
    assert summary_bars(snap_compare, (130, 40))


def test_playground_summary_bars_at_80x24(snap_compare: SnapCompare) -> None:
    """Issue 26 (7): the result box was 40x4 and the bars broke across lines; below 100 columns they go
    under the JSON at the pane's width, and the tool list gives up columns."""
    assert summary_bars(snap_compare, (80, 24))


def summary_bars(snap_compare: SnapCompare, size: tuple[int, int]) -> bool:
    server = str(Path(__file__).with_name("fixed_summary_server.py"))

    def fixed(**_: object) -> list[str]:
        # "serve" makes the header name the server as the product does ("wazuh-mcp serve"), not the
        # interpreter's file name, which differs between `pytest` and `python -m pytest` (CI's).
        return [sys.executable, server, "serve"]

    async def summarized(pilot: Pilot[Any]) -> None:
        import time

        deadline = time.monotonic() + 30
        tools = pilot.app.screen.query_one("#tools", OptionList)
        while tools.option_count < 2 and time.monotonic() < deadline:  # a heading and the tool
            await pilot.pause(0.05)
        await settle(pilot)
        await pilot.press("ctrl+r")
        while "Result of" not in str(pilot.app.screen.query_one("#result-pane").border_title):
            assert time.monotonic() < deadline
            await pilot.pause(0.05)
        pilot.app.screen.query_one("#result-pane").border_title = "Result of summarize_alerts"  # no timing
        await settle(pilot)

    return snap_compare(app_for("playground", serve_argv=fixed), terminal_size=size, run_before=summarized)


def test_setup_refused_next_at_80x24(snap_compare: SnapCompare) -> None:
    """Next with the required fields empty: the messages under the fields, the cursor on the first."""

    async def refused(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)

    assert snap_compare(app_for("setup"), terminal_size=(80, 24), run_before=refused)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_home_without_a_keyring(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    """The keyring fix is a long command: whole at both sizes (it was cut mid-command at 120x40)."""
    import keyring
    from keyring.backends import fail

    configured()
    keyring.set_keyring(fail.Keyring())  # the conftest fixture puts the memory keyring back
    assert snap_compare(app_for("home"), terminal_size=size, run_before=settled)


def test_audit_viewer_at_80x24(snap_compare: SnapCompare) -> None:
    audit_events()
    assert snap_compare(app_for("audit"), terminal_size=(80, 24), run_before=settled)


def test_team_server_refused_save_at_80x24(snap_compare: SnapCompare) -> None:
    """Save with the issuer empty: the message under the field and the cursor on it."""
    configured()

    async def refused(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)

    assert snap_compare(app_for("team"), terminal_size=(80, 24), run_before=refused)


def test_approvals_one_line_rule_at_80x24(snap_compare: SnapCompare) -> None:
    """Issue 26 (1): the whole rule, its <srcip> included, in the first screenful at 80x24."""
    configured()
    pending_change(one_line=True)
    assert snap_compare(app_for("approvals"), terminal_size=(80, 24), run_before=settled)


def test_help_at_80x24(snap_compare: SnapCompare) -> None:
    assert snap_compare(app_for("help"), terminal_size=(80, 24), run_before=settled)


def test_connect_preview_at_80x24(snap_compare: SnapCompare) -> None:
    """Issue 26 (7): the preview's paths broke mid-word in a 36-column pane; below 100 columns it is on top."""
    configured()
    assert snap_compare(app_for("connect"), terminal_size=(80, 24), run_before=settled)
