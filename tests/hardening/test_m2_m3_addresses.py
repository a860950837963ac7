"""M2, M3, L4: what reaches an active response.

- M2: ``block_ip`` accepted an IPv6 zone id carrying shell text (``2001:db8::1%$(reboot)``); it was approved,
  sent as ``srcip`` and stored as the undo's argument.
- M3: IPv4-mapped and NAT64 forms passed the address checks (``::ffff:127.0.0.1`` was applied;
  ``::ffff:0.0.0.0``, ``::ffff:169.254.1.1``, ``64:ff9b::7f00:1`` were accepted); the manager's own address in
  mapped form was not recognised.
- L4: active-response arguments could start with ``-`` (option injection).

Through the official MCP client against the server on the HTTPS stand-in, then at approval on an edited and
rehashed record (the approver's re-check must refuse what the tool would have refused). Every refusal must
name the form refused and why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from standin.server import DEMO_USERS, StandinServer
from tests.write.conftest import connect, error_text, ok, settings
from tests.write.forge import seal_as_key_holder
from wazuh_mcp.errors import Conflict
from wazuh_mcp.models.write import PendingChange
from wazuh_mcp.writes.approvals import default_store

RESPONSES = """
[profiles.default]
role = "admin"

[profiles.default.responses]
unblock_command = "wazuh-mcp-unblock"
allowed_commands = ["!restart-wazuh"]
manager_ips = ["10.10.0.2"]
"""


@pytest.fixture(autouse=True)
def server_env(standin: StandinServer, isolated_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (isolated_env / "config.toml").write_text(RESPONSES, encoding="utf-8")
    for key, value in {
        "WAZUH_MCP_API_URL": standin.url,
        "WAZUH_MCP_API_USER": "wazuh",
        "WAZUH_MCP_API_PASSWORD": DEMO_USERS["wazuh"].password,
        "WAZUH_MCP_API_CA_BUNDLE": str(standin.ca_path),
    }.items():
        monkeypatch.setenv(key, value)


REFUSED = {
    # M2: zone ids, whatever follows the '%'
    "2001:db8::1%$(reboot)": ("zone id",),
    "fe80::1%eth0": ("zone id",),
    "2001:db8::1%25": ("zone id",),
    # M3: IPv4 carried in IPv6, checked as the IPv4 address
    "::ffff:127.0.0.1": ("IPv4-mapped", "carrying 127.0.0.1", "loopback"),
    "::ffff:7f00:1": ("IPv4-mapped", "carrying 127.0.0.1", "loopback"),
    "::ffff:0.0.0.0": ("IPv4-mapped", "carrying 0.0.0.0", "unspecified"),
    "::ffff:169.254.1.1": ("IPv4-mapped", "carrying 169.254.1.1", "link-local"),
    "::ffff:224.0.0.1": ("IPv4-mapped", "multicast"),
    "64:ff9b::7f00:1": ("NAT64", "carrying 127.0.0.1", "loopback"),
    "64:ff9b::127.0.0.1": ("NAT64", "carrying 127.0.0.1", "loopback"),
    "::ffff:0:127.0.0.1": ("IPv4-translated", "carrying 127.0.0.1", "loopback"),
    "64:ff9b:1::7f00:1": ("local-use NAT64",),
    "::127.0.0.1": ("IPv4-compatible",),
    "255.255.255.255": ("(IPv4)", "broadcast"),
    "::1": ("(IPv6)", "loopback"),
    # the manager (responses.manager_ips = 10.10.0.2) in every form
    "10.10.0.2": ("(IPv4)", "address of the Wazuh manager"),
    "::ffff:10.10.0.2": ("IPv4-mapped", "carrying 10.10.0.2", "address of the Wazuh manager"),
    "::ffff:a0a:2": ("IPv4-mapped", "carrying 10.10.0.2", "address of the Wazuh manager"),
    "64:ff9b::a0a:2": ("NAT64", "carrying 10.10.0.2", "address of the Wazuh manager"),
    "::ffff:0:a0a:2": ("IPv4-translated", "carrying 10.10.0.2", "address of the Wazuh manager"),
    # not an address as written: no stripping, no brackets, prefixes, ports or leading zeros
    " 203.0.113.7": ("not an IP address",),
    "203.0.113.7\n": ("not an IP address",),
    "[2001:db8::1]": ("not an IP address",),
    "2001:db8::1/64": ("not an IP address",),
    "203.0.113.7:22": ("not an IP address",),
    "0203.0.113.7": ("not an IP address",),
    "-203.0.113.7": ("not an IP address",),
}


@pytest.mark.parametrize("ip", list(REFUSED))
async def test_m2_m3_each_form_is_refused_naming_the_form_and_why(standin: StandinServer, ip: str) -> None:
    async with connect(settings()) as client:
        text = error_text(await client.call_tool("block_ip", {"ip": ip, "agent_ids": ["001"]}))
    assert text.startswith("invalid_argument:"), text
    for words in REFUSED[ip]:
        assert words in text, (ip, text)
    assert default_store().list_changes() == []  # nothing recorded


@pytest.mark.parametrize(
    ("ip", "token"),
    [
        ("::ffff:203.0.113.7", "203.0.113.7"),  # what the agent sees and firewall-drop must block
        ("::ffff:0:203.0.113.7", "203.0.113.7"),
        ("2001:DB8:0::0:1", "2001:db8::1"),
        ("64:ff9b::cb00:7107", "64:ff9b::cb00:7107"),  # NAT64 stays IPv6, checked as 203.0.113.7
    ],
)
async def test_m3_an_accepted_address_reaches_the_request_in_canonical_form(
    standin: StandinServer, ip: str, token: str
) -> None:
    async with connect(settings()) as client:
        asked = ok(await client.call_tool("block_ip", {"ip": ip, "agent_ids": ["001"]}))
    change = default_store().get(asked["change_id"])
    assert change.arguments["ip"] == token
    assert change.requests[0].body == {
        "command": "firewall-drop600",
        "arguments": [],
        "alert": {"data": {"srcip": token}},
    }
    assert change.inverse is not None and change.inverse.arguments["ip"] == token  # the undo's argument too


@pytest.mark.parametrize(
    ("tool", "arguments", "words"),
    [
        ("run_active_response", {"command": "restart-wazuh", "agent_ids": ["001"], "arguments": ["-rf"]}, "with -"),
        ("run_active_response", {"command": "restart-wazuh", "agent_ids": ["001"], "arguments": ["--x=1"]}, "with -"),
        ("run_active_response", {"command": "-restart-wazuh", "agent_ids": ["001"]}, "not starting with -"),
        ("add_agent_to_group", {"agent_id": "001", "group": "-evil"}, "not starting with -"),
        ("block_ip", {"ip": "203.0.113.7", "group": "-evil"}, "not starting with -"),
    ],
)
async def test_l4_nothing_reaches_an_active_response_starting_with_a_dash(
    standin: StandinServer, tool: str, arguments: dict[str, object], words: str
) -> None:
    async with connect(settings()) as client:
        text = error_text(await client.call_tool(tool, arguments))
    assert text.startswith("invalid_argument:") and words in text, text
    assert not standin.state.snapshot()["responses"]


@pytest.mark.parametrize(
    "edit",
    ["2001:db8::1%$(reboot)", "::ffff:127.0.0.1", "-rf", "::ffff:10.10.0.2", "203.0.113.7 ; reboot"],
)
async def test_m2_an_edited_and_rehashed_record_is_refused_at_approval(standin: StandinServer, edit: str) -> None:
    """Whoever can write the state dir can rewrite a pending change and its sha256: approval's re-check
    must still refuse every value the tool would have refused, and send nothing."""
    async with connect(settings()) as client:
        asked = ok(await client.call_tool("block_ip", {"ip": "203.0.113.7", "agent_ids": ["001"]}))
    record = default_store().get(asked["change_id"]).model_dump_json()
    text = record.replace("203.0.113.7", edit.replace("\\", "\\\\").replace('"', '\\"'))
    seal_as_key_holder(PendingChange.model_validate_json(text))  # a forger holding the integrity key
    from tests.write.test_approvals import api_for

    api = api_for(standin)
    try:
        with pytest.raises(Conflict, match="no longer passes the checks"):
            await default_store().approve(asked["change_id"], api, api_url=standin.url)
    finally:
        await api.aclose()
    assert not standin.state.snapshot()["responses"]
