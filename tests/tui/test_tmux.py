"""The real launcher in a real terminal: `wazuh-mcp` with no arguments inside tmux, driven by keys only.

A newcomer's first ten minutes, end to end: fresh HOME, the wizard against the Server API stand-in
(HTTPS) and an Indexer, a green connection test, the passwords in a real Secret Service
(gnome-keyring in the session's own D-Bus), then Claude Desktop's config written from the
"Connect AI clients" screen. The screen is read back with `tmux capture-pane`.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from standin.server import StandinServer
from tests.tui.conftest import api_password

REPO = Path(__file__).resolve().parents[2]
NEEDED = ("tmux", "dbus-run-session", "gnome-keyring-daemon")
pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in NEEDED),
    reason=f"needs {', '.join(NEEDED)} (apt-get install tmux dbus gnome-keyring)",
)


class Tmux:
    """One private tmux server (its own socket), one session running the launcher."""

    def __init__(self, socket: str, exit_file: Path | None = None) -> None:
        self.socket = socket
        self.exit_file = exit_file
        """Where the pane's shell writes the launcher's exit status (tmux can mark a pane dead and never
        fill in its status when dbus-run-session's child outlives the pty's close)."""

    def run(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=30, check=True
        )
        return done.stdout

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "launcher")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.run("send-keys", "-t", "launcher", key)
            time.sleep(0.15)  # one key at a time, as a person types

    def type(self, text: str) -> None:
        self.run("send-keys", "-t", "launcher", "-l", text)
        time.sleep(0.2)

    def processes(self) -> str:
        """What still runs in the pane (its session), for a failure's message."""
        pid = self.run("display-message", "-p", "-t", "launcher", "#{pane_pid}").strip()
        if not pid.isdigit():
            return "(the pane has no process)"
        listed = subprocess.run(
            ["ps", "-s", pid, "-o", "pid,stat,etime,args"], capture_output=True, text=True, timeout=30, check=False
        )
        return listed.stdout

    def steady(self, seconds: float = 10) -> str:
        """The screen once it stopped changing (two captures 0.4 s apart agree): text can appear a
        frame before the layout that makes room for it."""
        deadline = time.monotonic() + seconds
        screen = self.screen()
        while time.monotonic() < deadline:
            time.sleep(0.4)
            again = self.screen()
            if again == screen:
                return screen
            screen = again
        return screen

    def wait_gone(self, text: str, seconds: float = 30) -> str:
        deadline = time.monotonic() + seconds
        while (screen := self.screen()) and text in screen:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} is still on screen:\n{screen}")
            time.sleep(0.2)
        return screen

    def wait_for(self, text: str, seconds: float = 30) -> str:
        deadline = time.monotonic() + seconds
        while True:
            screen = self.screen()
            if text in screen:
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} did not appear on screen:\n{screen}")
            time.sleep(0.2)


def start_launcher(
    tmp_path: Path, *args: str, size: tuple[int, int] = (120, 40), env: dict[str, str] | None = None
) -> tuple[Tmux, Path]:
    """``wazuh-mcp [args]`` in a fresh HOME inside its own tmux server, with a real Secret Service.
    ``env`` adds to (or overrides) the launcher's environment."""
    home = tmp_path / "home"
    home.mkdir()
    env = {
        "HOME": str(home),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "WAZUH_MCP_CONFIG": str(home / ".config" / "wazuh-mcp" / "config.toml"),
        "WAZUH_MCP_STATE_DIR": str(home / ".local" / "state" / "wazuh-mcp"),
        "PYTHONPATH": str(REPO),
        "KEYRING_PW": "tmux-login",
        **(env or {}),
    }
    command = shlex.join([sys.executable, "-m", "wazuh_mcp", *args])
    exit_file = tmp_path / "launcher-exit-status"
    launcher = (
        'echo -n "$KEYRING_PW" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; '
        f"{command}; echo $? >{shlex.quote(str(exit_file))}"  # Textual draws on stderr: leave it to the terminal
    )
    tmux = Tmux(f"wazuh-mcp-test-{os.getpid()}-{size[0]}", exit_file)
    tmux.run(
        "-f",
        "/dev/null",
        "new-session",
        "-d",
        "-s",
        "launcher",
        "-x",
        str(size[0]),
        "-y",
        str(size[1]),
        "-c",
        str(REPO),
        *(arg for key, value in env.items() for arg in ("-e", f"{key}={value}")),
        f"dbus-run-session -- bash -c {shlex.quote(launcher)}",
    )
    tmux.run("set-option", "-t", "launcher", "remain-on-exit", "on")  # to read the screen after it quits
    return tmux, home


def stop(tmux: Tmux) -> None:
    subprocess.run(["tmux", "-L", tmux.socket, "kill-server"], capture_output=True, timeout=30, check=False)


def wait_for_exit(term: Tmux, seconds: float = 90) -> int:
    """The launcher's exit status, once tmux has reaped it.

    tmux marks a pane dead when its terminal closes, which can come before it has collected the
    process's status (SIGCHLD): for that moment ``pane_dead`` is 1 and ``pane_dead_status`` is
    empty. So wait for the status itself, or for the signal that ended the process. Quitting ends
    the demo's server too (up to mcp_session.CLOSE_TIMEOUT_S, then its stand-ins): on a loaded
    machine that takes a while, hence the generous deadline and, past it, what is still running.
    """
    deadline = time.monotonic() + seconds
    while True:
        if term.exit_file is not None and term.exit_file.is_file():
            written = term.exit_file.read_text().strip()
            if written.isdigit():  # the shell wrote it after the launcher ended: the status itself
                return int(written)
        fields = term.run(
            "display-message", "-p", "-t", "launcher", "#{pane_dead}|#{pane_dead_status}|#{pane_dead_signal}"
        )
        dead, status, signal = [*fields.strip().split("|"), "", "", ""][:3]
        if dead == "1" and status.strip().isdigit():
            return int(status)
        assert not (dead == "1" and signal.strip()), f"the launcher was killed by signal {signal}:\n{term.screen()}"
        if time.monotonic() > deadline:
            raise AssertionError(
                f"the launcher did not quit ({fields.strip()!r}):\n{term.screen()}\n{term.processes()}"
            )
        time.sleep(0.2)


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[tuple[Tmux, Path]]:
    term, home = start_launcher(tmp_path)
    try:
        yield term, home
    finally:
        stop(term)


SIZES = pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])


def test_newcomer_from_fresh_install_to_green_test_and_claude_desktop(
    tmux: tuple[Tmux, Path], standin: StandinServer, indexer_url: str
) -> None:
    term, home = tmux
    screen = term.wait_for("Not configured yet")
    assert "SecretService" in term.wait_for("Backend")

    term.keys("s")
    term.wait_for("1 Server API")
    time.sleep(1)  # a loaded machine paints the step before its first focus settles; a person reads first
    term.keys("Tab", "Tab")  # profile name (kept: default), "use by default", then the URL
    term.type(standin.url)
    term.keys("Tab")
    term.type("wazuh")
    term.keys("Tab")
    term.type(api_password())
    term.keys("C-n")
    term.wait_for("Indexer URL")
    term.type(indexer_url)
    term.keys("Tab")
    term.type("admin")
    term.keys("Tab")
    term.type("indexer-pw")
    term.keys("C-n")
    term.wait_for("CA bundle")
    term.keys("Tab")  # past the verification switch
    term.type(str(standin.ca_path))
    term.keys("C-n")
    term.wait_for("Run connection test")
    term.keys("C-t")
    screen = term.wait_for("Connection test passed", seconds=60)
    assert "✔ Server API: log in" in screen and "Wazuh 4.14.7" in screen
    term.keys("C-s")
    term.wait_for("Saved profile 'default'")

    term.keys("Escape")
    screen = term.wait_for("passed with warnings")  # the home screen shows the last test
    term.keys("c")
    term.wait_for("Add 'wazuh' to Claude Desktop")
    term.keys("C-w")
    term.wait_for("Restart Claude Desktop")
    term.keys("Escape")
    term.wait_for("Configuration")
    term.keys("q")
    assert wait_for_exit(term) == 0
    assert "Traceback" not in term.screen()

    config = json.loads((home / ".config" / "Claude" / "claude_desktop_config.json").read_text())
    entry = config["mcpServers"]["wazuh"]
    assert os.path.isabs(entry["command"]) and entry["args"][-1] == "serve"
    assert "env" not in entry and "indexer-pw" not in json.dumps(config)
    settings = tomllib.loads((home / ".config" / "wazuh-mcp" / "config.toml").read_text())
    assert settings["profiles"]["default"]["api"]["url"] == standin.url
    assert "indexer-pw" not in json.dumps(settings)


@SIZES
def test_empty_required_fields_are_shown_and_focused(tmp_path: Path, size: tuple[int, int]) -> None:
    """Next, then Save, with nothing filled in: each says what is wrong under the field, the cursor there."""
    term, _ = start_launcher(tmp_path, size=size)
    try:
        term.wait_for("Not configured yet")
        term.keys("s")
        term.wait_for("1 Server API")
        for key in ("C-n", "C-s"):
            term.keys(key)
            screen = term.wait_for("3 fields to fix in step 1 (Server API).")
            assert "Enter the Server API URL." in screen
        term.type("https://wazuh.example.org:55000")  # the cursor is on the URL: what is typed lands there
        term.keys("C-n")
        screen = term.wait_for("2 fields to fix in step 1")
        assert "https://wazuh.example.org:55000" in screen and "Enter the Server API URL." not in screen
        capture(f"empty-required-{size[0]}x{size[1]}", screen)
    finally:
        stop(term)


@SIZES
def test_a_demo_change_is_proposed_and_approved_without_leaving_the_launcher(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    term, home = start_launcher(tmp_path, size=size)
    try:
        term.wait_for("Not configured yet")
        term.keys("d")
        term.wait_for("● connected", seconds=90)
        for _ in range(60):  # down the tool list to create_rule, as a person would
            # The form is rebuilt for each highlighted tool: look once the screen has settled, so a loaded
            # machine cannot carry the highlight past create_rule before it is seen.
            if "create_rule — " in term.steady(5):
                break
            term.keys("Down")
        assert "create_rule — " in term.screen()
        term.keys("Tab")  # the first field: rule_xml
        term.type(
            '<group name="local,wazuh-mcp,"><rule id="100320" level="10"><if_sid>5716</if_sid>'
            "<description>tmux demo rule 100320.</description></rule></group>"
        )
        term.keys("C-r")
        screen = term.wait_for("waits for a person", seconds=60)
        capture(f"demo-proposed-{size[0]}x{size[1]}", screen)
        term.keys("C-o")  # Approvals, straight from the playground: the demo keeps running
        screen = term.wait_for("still running")
        capture(f"demo-approvals-{size[0]}x{size[1]}", screen)
        term.keys("a")
        screen = term.wait_for("and apply it now?")
        capture(f"demo-confirm-{size[0]}x{size[1]}", screen)
        assert "the configured Server API" not in unwrapped_text(screen) and "stand-in" in screen
        term.keys("y")
        screen = term.wait_for("applied", seconds=60)
        assert "✔ ch-" in screen and "restarts" in screen  # a rule is loaded by a manager restart
        capture(f"demo-approved-{size[0]}x{size[1]}", screen)
        # Issue 26 (5): Esc went back to the playground and the next key landed in the rule's XML.
        term.keys("Escape")
        term.wait_for("Recent audit activity")
        term.keys("a")  # a home key: the audit viewer
        term.wait_for("calls/min")
        screen = term.wait_for(f"by {local_login()}")
        capture(f"demo-audit-{size[0]}x{size[1]}", term.steady())
        assert f"by {local_login()}" in screen, "the User column names the person who approved"
        term.keys("Escape", "q")
        assert wait_for_exit(term) == 0
        assert "Traceback" not in term.screen()
    finally:
        stop(term)
    state = home / ".local" / "state" / "wazuh-mcp"
    assert not (state / "demo.json").exists(), "the demo ended with the launcher, the clean way"
    changes = [json.loads(p.read_text()) for p in (state / "pending").glob("ch-*.json")]
    assert [c["change"]["state"] for c in changes] == ["applied"]
    records = [json.loads(line) for line in (state / "audit.jsonl").read_text().splitlines()]
    decided = [r for r in records if r["tool"] in ("approval.approve", "approval.apply")]
    # Issue 26 (6): decided under the demo's role (admin), not the launcher profile's (analyst: a fresh HOME).
    assert {(r["tool"], r["role"], r["session"].partition("-")[0]) for r in decided} == {
        ("approval.approve", "admin", "launcher"),
        ("approval.apply", "admin", "launcher"),
    }


@SIZES
def test_ctrl_c_leaves_the_audit_view(tmp_path: Path, size: tuple[int, int]) -> None:
    term, _ = start_launcher(tmp_path, "audit", size=size)
    try:
        screen = term.wait_for("calls/min")
        capture(f"audit-{size[0]}x{size[1]}", screen)
        term.keys("slash")  # even from the filter box
        term.keys("C-c")
        assert wait_for_exit(term) == 0
    finally:
        stop(term)


def capture(name: str, screen: str) -> None:
    """Keep the screen as text when asked (WAZUH_MCP_TEST_CAPTURES=<dir>), for reports and review."""
    folder = os.environ.get("WAZUH_MCP_TEST_CAPTURES")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / f"{name}.txt").write_text(screen)


# --- issue 26: what a newcomer met at 80x24 and 120x40 ------------------------------------------------

SILENCING_RULE = (  # one line, as models often write them: its <srcip> comes last, past 80 columns
    '<group name="local,wazuh-mcp,"><rule id="{rule_id}" level="0"><if_sid>5716</if_sid>'
    "<description>Ignore SSH authentication failures from the quarterly vulnerability scanner.</description>"
    "<srcip>203.0.113.77</srcip></rule></group>"
)
NO_KEYRING = {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}


def prepared_home(standin: StandinServer, rule_id: int) -> dict[str, str]:
    """A configured profile (admin, writes on) against the stand-in, a connection test, one pending
    one-line rule that silences detections, and a few audited calls: written by this process into the
    test's own config and state dir, which the launcher is then pointed at."""
    import asyncio

    from mcp.client.client import Client

    from wazuh_mcp.config.settings import Settings
    from wazuh_mcp.runtime.audit import AuditEvent, AuditSink
    from wazuh_mcp.server.build import build_server
    from wazuh_mcp.setup.conncheck import Check, ConnectionReport, save_report
    from wazuh_mcp.setup.flow import ProfileInput, save_profile

    save_profile(
        ProfileInput(
            name="default",
            api_url=standin.url,
            api_user="wazuh",
            api_password=api_password(),
            ca_bundle=str(standin.ca_path),
            role="admin",
            writes=True,
            make_default=True,
        )
    )
    save_report(
        ConnectionReport(
            profile="default",
            wazuh_version="4.14.7",
            finished="2026-12-05T07:00:00.000Z",
            checks=[Check("indexer.search", "Indexer: search alerts", "warn", "No Indexer URL is set.")],
        )
    )
    settings = Settings.load()

    async def propose() -> str:
        async with Client(build_server(settings), cache=None) as client:
            result = await client.call_tool("create_rule", {"rule_xml": SILENCING_RULE.format(rule_id=rule_id)})
        assert result.structured_content is not None, result.content
        return str(result.structured_content["change_id"])

    asyncio.run(propose())
    sink = AuditSink(settings.audit_path)
    for minute, tool in enumerate(("vulnerabilities.list_vulnerabilities_by_agent", "agents.list_agents")):
        sink.write(
            AuditEvent(
                ts=f"2026-12-05T07:0{minute}:00.000Z",
                tool=tool,
                toolset=tool.partition(".")[0],
                outcome="ok",
                duration_ms=40,
            )
        )
    # The integrity key too (the tests' own, tests/conftest.py): the launcher reads the sealed change.
    shared = ("WAZUH_MCP_CONFIG", "WAZUH_MCP_STATE_DIR", "WAZUH_MCP_AUDIT_ANCHOR", "WAZUH_MCP_INTEGRITY_KEY")
    return {key: os.environ[key] for key in shared}


def squeezed(text: str) -> str:
    """``text`` without white space, nor the scrollbar's blocks a screen line may end with."""
    return re.sub(r"[\s▁▂▃▄▅▆▇█]", "", text)


def panel(screen: str, title: str) -> str:
    """The squeezed text of one titled panel: inside its box (``╭─ title ─╮`` … ``╰``, columns kept apart),
    or, drawn with only its top line (``─title───``), the lines under it up to the next panel's."""
    lines = screen.splitlines()
    for top, line in enumerate(lines):
        left = line.find(f"╭─ {title}")
        if left >= 0:
            right = line.index("╮", left)
            inside = []
            for below in lines[top + 1 :]:
                if below[left : left + 1] == "╰":
                    break
                inside.append(below[left + 1 : right])
            return squeezed("".join(inside).replace("│", ""))
        if line.strip().startswith(f"─{title}"):
            inside = []
            for below in lines[top + 1 :]:
                if below.startswith(" ─") or not below.startswith("  "):
                    break
                inside.append(below)
            return squeezed("".join(inside))
    raise AssertionError(f"no panel {title!r} on screen:\n{screen}")


def unwrapped_text(screen: str) -> str:
    """The screen's lines without borders, joined by single spaces (wrapped words read as one text)."""
    return " ".join(" ".join(line.replace("│", " ").split()) for line in screen.splitlines())


def unwrapped(screen: str) -> str:
    """The screen's text without box borders and white space: a text wrapped over several lines (at a
    space, which the wrap drops) reads as one again. Compare it with ``squeezed`` text."""
    return squeezed("".join(line.strip().strip("│▊▎") for line in screen.splitlines()))


@SIZES
def test_home_shows_every_panel_without_a_keyring(
    tmp_path: Path, size: tuple[int, int], standin: StandinServer
) -> None:
    """Issue 26 (2, 7): below 100 columns Home dropped "OS keyring" and "Pending approvals"; a cut tool
    name ran into its outcome; the keyring's fix was cut."""
    env = {**prepared_home(standin, 100330 + size[0]), **NO_KEYRING}
    term, _ = start_launcher(tmp_path, size=size, env=env)
    try:
        term.wait_for("change(s) waiting")
        term.wait_for("No usable keyring")
        screen = term.steady()
        capture(f"home-{size[0]}x{size[1]}", screen)
        titles = ["Configuration", "Pending approvals", "OS keyring", "Last connection test"]
        for title in [*titles, *(["Recent audit"] if size[1] >= 40 else [])]:  # at 80x24 the body scrolls to it
            assert title in screen, f"{title!r} is not on screen:\n{screen}"
        assert panel(screen, "Pending approvals") == squeezed("1 change(s) waiting for a decision — press p.")
        keyring = panel(screen, "OS keyring")
        assert squeezed("none: set WAZUH_MCP_API_PASSWORD where `wazuh-mcp serve` runs") in keyring, keyring
        assert keyring.endswith(squeezed("`gnome-keyring-daemon --unlock`).")), keyring  # the fix, whole
        if size[1] >= 40:
            recent = next(line for line in screen.splitlines() if "list_vulnerabilities" in line)
            assert re.search(r"list_vulnerabilities_by_agent\s{2,}ok\b", recent), recent
    finally:
        stop(term)


@SIZES
def test_the_approver_sees_the_whole_one_line_rule(
    tmp_path: Path, size: tuple[int, int], standin: StandinServer
) -> None:
    """Issue 26 (1, 6, 10): the diff was cut at 80 columns before the rule's <srcip>. Approve it from
    the launcher: the rule takes effect after a restart (said), and the audit names the person and the
    role the decision was taken under, in the launcher's session."""
    rule = SILENCING_RULE.format(rule_id=100340 + size[0])
    env = {**prepared_home(standin, 100340 + size[0]), "WAZUH_MCP_API_PASSWORD": api_password()}
    term, _ = start_launcher(tmp_path, size=size, env=env)
    try:
        term.wait_for("change(s) waiting")
        term.keys("C-o")
        term.wait_for("203.0.113.77")
        screen = term.steady()
        capture(f"approvals-one-line-rule-{size[0]}x{size[1]}", screen)
        assert squeezed(rule) in unwrapped(screen), f"the rule is not shown whole:\n{screen}"
        assert "silences detections" in screen
        term.keys("a")
        screen = term.wait_for("and apply it now?")
        assert "the configured Server API" not in screen and standin.url in unwrapped(screen)
        term.keys("y")
        screen = term.wait_for("applied", seconds=60)
        assert "restarts" in screen
        capture(f"approvals-applied-{size[0]}x{size[1]}", screen)
        term.keys("Escape")
        term.wait_for("Pending approvals")
        term.keys("q")
        assert wait_for_exit(term) == 0
    finally:
        stop(term)
    from wazuh_mcp.config.settings import Settings
    from wazuh_mcp.runtime.audit import iter_events

    decided = [e for e in iter_events(Settings.load().audit_path) if e.tool == "approval.approve"]
    assert [(e.role, e.decided_by, (e.session or "").partition("-")[0]) for e in decided] == [
        ("admin", local_login(), "launcher")
    ]


def local_login() -> str:
    import getpass

    return getpass.getuser()


@SIZES
def test_the_wizard_keeps_a_burst_in_its_fields_and_never_echoes_a_password(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Issue 26 (10): keys typed in one burst after Tab (a password manager's auto-type) landed in the
    field Tab was leaving; a password typed into the URL field came back in the URL's error; Esc threw
    away what was typed without asking."""
    term, home = start_launcher(tmp_path, size=size)
    try:
        term.wait_for("Not configured yet")
        term.keys("s")
        term.wait_for("1 Server API")
        time.sleep(1)  # the step's first focus settles, as in the newcomer test
        term.keys("Tab", "Tab")  # to the URL
        # One write to the terminal: URL, Tab, user, Tab, password, as auto-type sends them.
        term.run("send-keys", "-t", "launcher", "-l", "https://wazuh.lab:55000\twazuh\tBurst-pw-1")
        term.keys("C-n")
        screen = term.wait_for("Indexer URL")  # the step passed: each value was in its own field
        term.keys("C-b")
        term.wait_for("Server API URL")
        time.sleep(1)  # as after the first step: the focus settles after the paint on a loaded machine
        term.keys("Tab", "Tab")  # back on the first field: past the checkbox to the URL
        term.keys("C-u")  # clear it, then type a password there by mistake
        term.type("https://wazuh:Leaked-pw-2@wazuh.lab:55000")
        term.keys("C-n")
        screen = term.wait_for("must not hold a user or password")
        capture(f"wizard-url-password-{size[0]}x{size[1]}", screen)
        assert screen.count("Leaked-pw-2") == 1, "the field shows what was typed; the error does not repeat it"
        assert "Burst-pw-1" not in screen  # a password field is masked
        term.keys("Escape")
        screen = term.wait_for("Leave the setup wizard?")
        term.keys("Escape")  # cancel: still in the wizard
        term.wait_gone("Leave the setup wizard?")
        term.keys("Escape")
        term.wait_for("Leave the setup wizard?")
        term.keys("y")
        term.wait_for("Not configured yet")  # home; nothing was saved
    finally:
        stop(term)
    assert not (home / ".config" / "wazuh-mcp" / "config.toml").exists()
