"""The approvals CLI in-process: what a person sees, and that declining at the prompt changes nothing."""

from __future__ import annotations

import asyncio
import io
from collections import Counter
from typing import Any

import pytest

from standin.server import StandinServer
from tests.write.conftest import NEW_RULE, connect, ok, uploads
from wazuh_mcp.cli import main
from wazuh_mcp.config.settings import Settings
from wazuh_mcp.runtime.audit import Auditor
from wazuh_mcp.writes import approvals
from wazuh_mcp.writes.approvals import ChangeStore, default_store


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


def test_one_approval_loads_the_settings_once_and_builds_one_store_and_one_auditor(
    standin: StandinServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 18: `wazuh-mcp approve` used to load the settings four times and build the store and its
    auditor twice (the CLI's, then approve()'s own). One ApprovalPath now carries them through."""
    change_id = asyncio.run(asked())
    built: Counter[str] = Counter()
    load = Settings.load  # bound to Settings

    def counted_load(cls: type[Settings], *args: Any, **kwargs: Any) -> Settings:
        built["settings"] += 1
        return load(*args, **kwargs)

    class CountedAuditor(Auditor):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            built["auditor"] += 1
            super().__init__(*args, **kwargs)

    class CountedStore(ChangeStore):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            built["store"] += 1
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(Settings, "load", classmethod(counted_load))
    monkeypatch.setattr(approvals, "Auditor", CountedAuditor)
    monkeypatch.setattr(approvals, "ChangeStore", CountedStore)
    assert main(["approve", change_id, "--yes"]) == 0
    assert dict(built) == {"settings": 1, "auditor": 1, "store": 1}
    assert default_store().get(change_id).state == "applied" and uploads(standin) != []


@pytest.mark.parametrize("verb", ["approve", "undo"])
def test_a_profile_that_does_not_exist_is_named_and_nothing_is_applied(
    standin: StandinServer, capsys: pytest.CaptureFixture[str], verb: str
) -> None:
    """Issue 26 item 9, the approval's variant: `approve ID --yes --profile prdo` (a typo for prod) applied the
    change with whatever the WAZUH_MCP_* variables configure and prdo's default response policy, without a
    word. A --profile that names nothing is now refused as `connect` refuses it, before the change is read."""
    from wazuh_mcp.config.settings import config_path

    change_id = asyncio.run(asked())
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text('[profiles.prod]\nrole = "admin"\n[profiles.lab]\nrole = "analyst"\n')
    argv = [verb, change_id, "--profile", "prdo", *(["--yes"] if verb == "approve" else [])]
    assert main(argv) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert (
        f"wazuh-mcp {verb}: Profile prdo does not exist in {config_path()}; the profiles there: lab, prod" in said.err
    )
    assert default_store().get(change_id).state == "pending" and uploads(standin) == []
