"""The estate of the real Wazuh 4.14.7 manager the oracle was recorded on, as a stand-in profile.

The oracle's README (``reference/wazuh/oracle/README.md``, "Known state") describes it: agent
``000`` (the manager, host ``vm``, Debian 12) plus ``001 web-01`` (group ``default``) and
``002 db-01`` (no group), both added with ``POST /agents`` and never connected; group
``default`` only; one custom rule file, ``local_rules.xml``; API users ``wazuh`` and
``wazuh-wui`` (the replay creates ``oracle_ro`` and ``oracle_rbac`` itself, as the recording
did). This module states those facts as our own data; only the oracle replay uses it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from standin.app import StandinConfig
from standin.auth import DemoUser
from standin.estate import WAZUH_VERSION, Agent, OsInfo
from standin.fleet import AgentFacts, Fleet, agent_key, agent_record, group_files, inventory
from standin.security import SecurityDb
from standin.server import StandinServer

HOST = "vm"
NODE = "node01"
PASSWORDS = {"wazuh": "wazuh", "oracle_ro": "Oracle-Ro-2026!", "oracle_rbac": "Oracle-Rbac-2026!"}
_DEBIAN = OsInfo(
    "debian",
    "Debian GNU/Linux",
    "12",
    "12",
    "",
    "bookworm",
    "x86_64",
    "Linux |{host} |6.18.44-fc-v1045 |#1 SMP PREEMPT_DYNAMIC @0 |x86_64",
    "linux",
)
# The agents' OS is never reported (they never connected); the stand-in needs one to build.
_UNKNOWN_OS = _DEBIAN


def _facts(started: datetime) -> list[AgentFacts]:
    added = started - timedelta(minutes=20)
    manager = Agent("000", HOST, "127.0.0.1", "active", _DEBIAN, (), WAZUH_VERSION, 0, 0)
    web = Agent("001", "web-01", "127.0.0.2", "never_connected", _UNKNOWN_OS, ("default",), None, 0, None)
    db = Agent("002", "db-01", "127.0.0.3", "never_connected", _UNKNOWN_OS, (), None, 0, None)
    return [
        AgentFacts(manager, added - timedelta(minutes=7), started, "127.0.0.1", HOST, NODE, WAZUH_VERSION, True),
        AgentFacts(web, added, None, "127.0.0.2", None, "unknown", None, False),
        AgentFacts(db, added, None, "127.0.0.3", None, "unknown", None, False),
    ]


def oracle_fleet(started: datetime | None = None) -> Fleet:
    started = (started or datetime.now(UTC)).replace(microsecond=0)
    facts = _facts(started)
    fleet = Fleet(
        hostname=HOST,
        node_name=NODE,
        cluster_name="wazuh",
        started=started,
        agents=[agent_record(f) for f in facts],
        inventory={f.agent.id: inventory(f, 0) for f in facts},
        groups={"default": group_files("default")},
    )
    fleet.keys = {f.agent.id: agent_key(f.agent.id, f.agent.name, f.agent.ip, 0) for f in facts}
    return fleet


def oracle_users() -> SecurityDb:
    """Wazuh's default RBAC database with the install's two API users (``wazuh-wui``'s password is unknown)."""
    return SecurityDb.default(
        {
            "wazuh": DemoUser(PASSWORDS["wazuh"], ("administrator",), allow_run_as=True),
            "wazuh-wui": DemoUser("Wazuh-Wui-Unknown-1", ("administrator",), allow_run_as=True),
        }
    )


def oracle_server() -> StandinServer:
    """A plain-HTTP stand-in in the recorded state (not started)."""
    server = StandinServer(
        tls=False, config=StandinConfig(fleet=oracle_fleet(), rate_limit_per_minute=100_000, rules_cache_s=2.0)
    )
    server.state.issuer.db = oracle_users()
    server.faults.restart_window_s = 10  # the daemons restarted within 20 s of PUT /manager/restart
    return server


# --- the second recording: a connected agent (``oracle/api_exchanges_agent.jsonl``, README section D) -----

AGENT_RECORDING_GROUPS = ("default", "t4grp")
"""``t4grp`` existed before the recording assigned 001 to it (t4-ex-043)."""
AGENT_RECORDING_ACTIVE_RESPONSE: dict[str, list[dict[str, str]]] = {
    "command": [
        {"name": "restart-wazuh", "executable": "restart-wazuh", "timeout_allowed": "no"},
        {"name": "firewall-drop", "executable": "firewall-drop", "timeout_allowed": "yes"},
        {"name": "wazuh-mcp-isolate", "executable": "wazuh-mcp-isolate", "timeout_allowed": "no"},
        {"name": "wazuh-mcp-release", "executable": "wazuh-mcp-release", "timeout_allowed": "no"},
        {"name": "wazuh-mcp-unblock", "executable": "wazuh-mcp-unblock", "timeout_allowed": "no"},
    ],
    "active-response": [
        {"command": "firewall-drop", "location": "local", "timeout": "600"},
        {"command": "wazuh-mcp-isolate", "location": "local"},
        {"command": "wazuh-mcp-release", "location": "local"},
        {"command": "wazuh-mcp-unblock", "location": "local"},
    ],
}
"""The manager's active-response blocks as the recording shows them: ``firewall-drop600`` and
``wazuh-mcp-isolate0`` are sent (t4-ex-035, t4-ex-038), so ossec.conf had a firewall-drop block with
timeout 600 and a wazuh-mcp-isolate block with none (restart-wazuh0 is always in ar.conf). The release
and unblock commands are not in the recording: they are docs/writes.md's blocks, the issue's "both
undos worked"."""


def _agent_recording_facts(started: datetime) -> list[AgentFacts]:
    added = started - timedelta(minutes=10)
    manager = Agent("000", HOST, "127.0.0.1", "active", _DEBIAN, (), WAZUH_VERSION, 0, 0)
    web = Agent("001", "web-t4", "127.0.0.1", "active", _DEBIAN, ("default",), WAZUH_VERSION, 0, 0)
    db = Agent("002", "db-01", "127.0.0.3", "never_connected", _UNKNOWN_OS, (), None, 0, None)
    return [
        AgentFacts(manager, added - timedelta(minutes=7), started, "127.0.0.1", HOST, NODE, WAZUH_VERSION, True),
        AgentFacts(web, added, started, "any", HOST, NODE, WAZUH_VERSION, True),
        AgentFacts(db, added, None, "127.0.0.3", None, "unknown", None, False),
    ]


def agent_recording_fleet(started: datetime | None = None) -> Fleet:
    """The manager of the second recording: ``001 web-t4`` enrolled and connected (Debian 12, as t4-ex-000
    reports it), ``002 db-01`` never connected, groups ``default`` and ``t4grp``."""
    started = (started or datetime.now(UTC)).replace(microsecond=0)
    facts = _agent_recording_facts(started)
    fleet = Fleet(
        hostname=HOST,
        node_name=NODE,
        cluster_name="wazuh",
        started=started,
        agents=[agent_record(f) for f in facts],
        inventory={f.agent.id: inventory(f, 0) for f in facts},
        groups={g: group_files(g) for g in AGENT_RECORDING_GROUPS},
    )
    fleet.keys = {f.agent.id: agent_key(f.agent.id, f.agent.name, f.agent.ip, 0) for f in facts}
    return fleet


def agent_recording_config(**changes: object) -> StandinConfig:
    """The stand-in's configuration for the second recording (``changes`` override fields)."""
    config = StandinConfig(
        fleet=agent_recording_fleet(), rate_limit_per_minute=100_000, active_response=AGENT_RECORDING_ACTIVE_RESPONSE
    )
    for key, value in changes.items():
        setattr(config, key, value)
    return config


def agent_recording_server() -> StandinServer:
    """A plain-HTTP stand-in in the state of the second recording (not started)."""
    server = StandinServer(tls=False, config=agent_recording_config())
    server.state.issuer.db = oracle_users()
    return server
