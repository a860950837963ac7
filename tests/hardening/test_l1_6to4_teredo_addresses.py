"""L-1: 6to4 (``2002::/16``: ``2002:7f00:1::1``, ``2002:a0a:2::1``) and Teredo (``2001::/32``) addresses carrying
loopback or the manager's IPv4 were accepted by ``block_ip``. They are now checked as the IPv4 addresses they
carry, like the IPv4-mapped and NAT64 forms (tests/hardening/test_m2_m3_addresses.py): 6to4's relay address
(bits 16–47), Teredo's server (bits 32–63) and client (the last 32 bits with every bit flipped, RFC 4380 §4).

Through the official MCP client against the server on the HTTPS stand-in (responses.manager_ips = 10.10.0.2);
the addresses are built here from the RFCs' layouts, not with the code under test.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path

import pytest

from standin.server import StandinServer
from tests.hardening.test_m2_m3_addresses import server_env
from tests.write.conftest import connect, error_text, ok, settings
from wazuh_mcp.writes.approvals import default_store

__all__ = ["server_env"]  # the same server host: stand-in, settings file with the manager's address

MANAGER = "10.10.0.2"


def v4(text: str) -> int:
    return int(ipaddress.IPv4Address(text))


def six_to_four(relay: str, rest: int = 1) -> str:
    """RFC 3056: 2002:<IPv4 of the relay>::/48, then a subnet and an interface id."""
    return str(ipaddress.IPv6Address((0x2002 << 112) | (v4(relay) << 80) | rest))


def teredo(server: str, client: str, flags: int = 0x8000, port: int = 40000) -> str:
    """RFC 4380 §4: 2001:0000:<server IPv4>:<flags>:<port ^ 0xffff>:<client IPv4 ^ 0xffffffff>."""
    value = (0x20010000 << 96) | (v4(server) << 64) | (flags << 48) | ((port ^ 0xFFFF) << 32)
    return str(ipaddress.IPv6Address(value | (v4(client) ^ 0xFFFFFFFF)))


REFUSED = {
    # the forms of the report
    "2002:7f00:1::1": ("6to4", "carrying 127.0.0.1", "loopback"),
    "2002:a0a:2::1": ("6to4", "carrying 10.10.0.2", "address of the Wazuh manager"),
    # variants: other loopbacks, unspecified, link-local, multicast, broadcast, written in full or mixed
    six_to_four("127.1.2.3", rest=0xFFFF): ("6to4", "carrying 127.1.2.3", "loopback"),
    "2002:7F00:0001:0000:0000:0000:0000:0001": ("6to4", "carrying 127.0.0.1", "loopback"),
    six_to_four("0.0.0.0"): ("6to4", "carrying 0.0.0.0", "unspecified"),
    six_to_four("169.254.9.9"): ("6to4", "carrying 169.254.9.9", "link-local"),
    six_to_four("224.0.0.1"): ("6to4", "carrying 224.0.0.1", "multicast"),
    six_to_four("255.255.255.255"): ("6to4", "carrying 255.255.255.255", "broadcast"),
    # Teredo: the client (obfuscated) and the server
    teredo("203.0.113.9", "127.0.0.1"): ("Teredo", "carrying 127.0.0.1", "loopback"),
    teredo("203.0.113.9", MANAGER): ("Teredo", f"carrying {MANAGER}", "address of the Wazuh manager"),
    teredo("127.0.0.1", "203.0.113.7"): ("Teredo", "carrying 127.0.0.1", "loopback"),
    teredo(MANAGER, "203.0.113.7"): ("Teredo", f"carrying {MANAGER}", "address of the Wazuh manager"),
    teredo("203.0.113.9", "169.254.1.1", flags=0): ("Teredo", "carrying 169.254.1.1", "link-local"),
    teredo("203.0.113.9", "0.0.0.0"): ("Teredo", "carrying 0.0.0.0", "unspecified"),
    "2001:0:cb00:7109:8000:63bf:80ff:fffe": ("Teredo", "carrying 127.0.0.1", "loopback"),  # written by hand
}


def test_l1_the_hand_built_addresses_are_what_the_rfcs_say() -> None:
    assert six_to_four("127.0.0.1") == "2002:7f00:1::1"
    assert six_to_four(MANAGER) == "2002:a0a:2::1"
    assert teredo("203.0.113.9", "127.0.0.1") == "2001:0:cb00:7109:8000:63bf:80ff:fffe"


@pytest.mark.parametrize("ip", list(REFUSED))
async def test_l1_6to4_and_teredo_are_checked_as_the_ipv4_they_carry(
    standin: StandinServer, isolated_env: Path, ip: str
) -> None:
    async with connect(settings()) as client:
        text = error_text(await client.call_tool("block_ip", {"ip": ip, "agent_ids": ["001"]}))
    assert text.startswith("invalid_argument:"), text
    for words in REFUSED[ip]:
        assert words in text, (ip, text)
    assert default_store().list_changes() == []
    assert not standin.state.snapshot()["responses"]


@pytest.mark.parametrize(
    "ip",
    [
        six_to_four("203.0.113.7"),  # a public relay: blocked as written
        teredo("203.0.113.9", "198.51.100.20"),
        "2001:db8::1",  # documentation prefix 2001:db8::/32 is not Teredo's 2001::/32
    ],
)
async def test_l1_a_tunnel_address_carrying_nothing_forbidden_stays_ipv6(
    standin: StandinServer, isolated_env: Path, ip: str
) -> None:
    async with connect(settings()) as client:
        asked = ok(await client.call_tool("block_ip", {"ip": ip, "agent_ids": ["001"]}))
    change = default_store().get(asked["change_id"])
    assert change.arguments["ip"] == str(ipaddress.IPv6Address(ip))  # what the agent sees and blocks
