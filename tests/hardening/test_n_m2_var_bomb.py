"""N-M2 (issue 24): an 885-byte ``<var>`` expansion bomb made the server build a 512 MiB string before it
refused the rule (peak RSS +1,026 MB; 28 variables would OOM-kill a team server). Run here as reported and
in its variants (more variables, wide references, attribute values, many elements, deep nesting, many
attributes), each through ``create_rule`` on a real ``serve`` process driven by the MCP client, measuring
that process's peak RSS (``VmHWM`` in ``/proc/<pid>/status``, reset before each call through
``clear_refs``). Each must be refused, quickly, for less than 50 MB.

What Wazuh itself does with them is from its source (``os_xml_variables.c``, v4.14.7): a reference is
replaced once and the inserted text is not read again, so the doubling chain expands to ``$V22$V22``; a
value with thousands of references to a 20 KB variable, though, is built in full by Wazuh.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp.client.client import Client
from mcp.client.stdio import stdio_client

from standin.server import StandinServer
from tests.hardening.serving import serve_params, tool_text

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc/<pid>/status (Linux)")

LIMIT_MB = 50
RULE_OPEN = '<group name="local,"><rule id="100300" level="3"><if_sid>5716</if_sid>'
RULE_CLOSE = "<description>bomb</description></rule></group>"


def doubling(count: int) -> str:
    """The reported form: V0 of 64 characters, Vi = $V(i-1)$V(i-1), the last one used in a <match>."""
    chain = '<var name="V0">' + "A" * 64 + "</var>\n"
    chain += "".join(f'<var name="V{i}">$V{i - 1}$V{i - 1}</var>\n' for i in range(1, count + 1))
    return chain + RULE_OPEN + f"<match>$V{count}</match>" + RULE_CLOSE


WIDE = '<var name="B">' + "B" * 20_000 + "</var>\n"
"""One variable as large as a value may be: every reference to it is 20 KB more in Wazuh's own expansion."""

BOMBS = {
    "reported_23_variables": doubling(23),
    "28_variables": doubling(28),
    "wide_references_in_match": WIDE + RULE_OPEN + "<match>" + "$B" * 3_000 + "</match>" + RULE_CLOSE,
    "wide_references_in_attributes": WIDE
    + '<group name="local,"><rule id="100300" level="3" frequency="'
    + "$B" * 1_500
    + '" timeframe="'
    + "$B" * 1_500
    + '"><if_sid>5716</if_sid>'
    + RULE_CLOSE,
    "many_elements_each_near_the_limit": WIDE
    + '<group name="local,">'
    + "".join(
        f'<rule id="{100300 + i}" level="3"><if_sid>5716</if_sid><description>$B $B</description></rule>'
        for i in range(60)
    )
    + "</group>",
    "nested_groups_past_wazuhs_depth": "<group>" * 1_100 + "</group>" * 1_100,
    "nesting_inside_a_description": RULE_OPEN + "<description>" + "<b>" * 1_000 + "</b>" * 1_000 + RULE_CLOSE,
    "attributes_past_wazuhs_count": '<group name="local,"><rule id="100300" level="3" '
    + " ".join(f'a{i}="{"x" * 600}"' for i in range(90))
    + "><if_sid>5716</if_sid>"
    + RULE_CLOSE,
}


def test_the_reported_bomb_is_885_bytes() -> None:
    assert len(doubling(23).encode()) in range(850, 1_000)


@pytest.fixture(scope="module")
def plain_standin() -> Iterator[StandinServer]:
    with StandinServer(tls=False) as server:
        yield server


def _status(pid: int) -> dict[str, int]:
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmHWM", "VmRSS"):
            values[key] = int(rest.split()[0])  # kB
    return values


def _reset_peak(pid: int) -> bool:
    try:
        Path(f"/proc/{pid}/clear_refs").write_text("5")
    except OSError:
        return False
    return True


async def test_n_m2_every_bomb_is_refused_by_the_serving_process_for_under_50_mb(
    plain_standin: StandinServer, tmp_path: Path
) -> None:
    params, pid_file = serve_params(tmp_path, plain_standin)
    grown: dict[str, float] = {}
    with (tmp_path / "stderr.txt").open("w") as err:
        async with Client(stdio_client(params, errlog=err)) as client:
            pid = int(pid_file.read_text())
            # Warm up the paths a refusal takes (imports, the PCRE2 library, the audit sink).
            warm = await client.call_tool("create_rule", {"rule_xml": RULE_OPEN + "<regex>(</regex>" + RULE_CLOSE})
            assert warm.is_error
            for name, bomb in BOMBS.items():
                assert len(bomb.encode()) <= 64 * 1024, name
                resettable = _reset_peak(pid)
                before = _status(pid)
                start = time.monotonic()
                result = await client.call_tool("create_rule", {"rule_xml": bomb})
                took = time.monotonic() - start
                after = _status(pid)
                text = tool_text(result)
                assert result.is_error, (name, text[:300])
                assert "would not load" in text or "refuses it" in text, (name, text[:300])
                assert took < 20, (name, took)
                base = before["VmRSS"] if resettable else before["VmHWM"]
                grown[name] = (after["VmHWM"] - base) / 1024
    over = {name: round(mb, 1) for name, mb in grown.items() if mb >= LIMIT_MB}
    assert not over, f"peak RSS grew by {over} MB (limit {LIMIT_MB}); all: {grown}"
    print("peak RSS growth (MB):", {name: round(mb, 1) for name, mb in grown.items()})


def test_the_peak_rss_measure_sees_an_80_mb_allocation() -> None:
    """The measure above can fail: the same reset-and-read sees a process build 80 MB."""
    import subprocess

    child = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.readline(); x = b'a' * 80_000_000; sys.stdin.readline()"],
        stdin=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdin is not None
        time.sleep(0.5)
        resettable = _reset_peak(child.pid)
        before = _status(child.pid)
        child.stdin.write("go\n")
        child.stdin.flush()
        time.sleep(1.0)
        after = _status(child.pid)
        base = before["VmRSS"] if resettable else before["VmHWM"]
        assert (after["VmHWM"] - base) / 1024 >= 70
    finally:
        child.kill()
        child.wait()
        if child.stdin is not None:
            child.stdin.close()
