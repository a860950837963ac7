"""The approvals CLI in-process: what a person sees, and that declining at the prompt changes nothing."""

from __future__ import annotations

import io

import pytest

from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, connect, ok, uploads
from wazuh_mcp.cli import main
from wazuh_mcp.writes.approvals import default_store


async def asked() -> str:
    async with connect() as client:
        return str(ok(await client.call_tool("create_rule", {"rule_xml": NEW_RULE}))["change_id"])


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


async def test_show_and_pending_describe_the_change(standin: StandinServer, capsys: pytest.CaptureFixture[str]) -> None:
    change_id = await asked()
    assert main(["pending"]) == 0
    out = capsys.readouterr().out
    assert change_id in out and "write.create_rule" in out and "etc/rules/wazuh-mcp-100100.xml" in out
    assert main(["show", change_id]) == 0
    out = capsys.readouterr().out
    change = default_store().get(change_id)
    assert f"sha256      {change.change_sha256}" in out and "+++ b/etc/rules/wazuh-mcp-100100.xml" in out
    assert f"on {standin.url}" in out and "role admin" in out
    assert main(["pending", "--all"]) == 0 and change_id in capsys.readouterr().out


async def test_declining_at_the_terminal_prompt_leaves_it_pending(
    standin: StandinServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    change_id = await asked()
    monkeypatch.setattr("sys.stdin", Terminal("no\n"))
    monkeypatch.setattr("sys.stdout", Terminal())
    assert main(["approve", change_id]) == 1
    assert default_store().get(change_id).state == "pending" and uploads(standin) == []


async def test_end_of_input_at_the_prompt_declines(standin: StandinServer, monkeypatch: pytest.MonkeyPatch) -> None:
    change_id = await asked()
    monkeypatch.setattr("sys.stdin", Terminal(""))  # Ctrl-D: input() raises EOFError
    monkeypatch.setattr("sys.stdout", Terminal())
    assert main(["approve", change_id]) == 1
    assert default_store().get(change_id).state == "pending" and uploads(standin) == []


def test_unknown_ids_fail_with_a_hint(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reject", "ch-00000000"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("wazuh-mcp: not_found:") and "wazuh-mcp pending" in err
    assert main(["pending"]) == 0 and "No change is waiting" in capsys.readouterr().out
