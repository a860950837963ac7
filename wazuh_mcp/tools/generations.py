"""What each tool reads on Wazuh 4.x and on Wazuh 5.x, in one table: ``docs/tools.md`` shows it per tool
(``docgen``), and ``tests/unit/test_generations.py`` fails when a tool has no row or a row names no tool.

A 5.x entry that starts with "Not on 5.x" names what 5.x offers instead. 5.x support follows a pre-release
(README, "Supported Wazuh versions").
"""

from __future__ import annotations

_FINDINGS = "the findings streams (`wazuh-findings-v5-*`), read into the same alert model"
_API_AGENTS = "the Server API's `/agents` (5.0 keeps it)"
_RULES = (
    "Not on 5.x: refused in words before any change is recorded (5.0 has no `/rules/files`; rules are Sigma-style "
    "YAML in the Indexer's Content Manager, `/_plugins/_content_manager`: draft, test and custom spaces)"
)
_RESPONSES = (
    "Not on 5.x: refused in words before any change is recorded (5.0 has no `/active-response`; dashboard channels "
    "fired by Alerting monitors)"
)

READS: dict[str, tuple[str, str]] = {
    "search_alerts": ("the alerts indices (`wazuh-alerts-*`)", _FINDINGS),
    "get_alert": ("the alerts indices, by document id or Wazuh's alert id", _FINDINGS + ", by document id"),
    "alerts_by_agent": ("the alerts indices", _FINDINGS),
    "alerts_by_mitre": ("the alerts indices (`rule.mitre.id`)", _FINDINGS + " (technique and sub-technique ids)"),
    "summarize_alerts": (
        "the alerts indices (aggregations)",
        _FINDINGS + "; levels are keywords; also by integration and category",
    ),
    "list_agents": ("the Server API's `/agents`", _API_AGENTS),
    "get_agent": ("the Server API's `/agents`", _API_AGENTS),
    "agent_processes": (
        "the Server API's `/syscollector/{agent}/processes`",
        "the inventory state (`wazuh-states-inventory-processes`, agent in `wazuh.agent.*`; 5.0 has no `/syscollector`)",
    ),
    "agent_packages": (
        "the Server API's `/syscollector/{agent}/packages`",
        "the inventory state (`wazuh-states-inventory-packages`, agent in `wazuh.agent.*`; 5.0 has no `/syscollector`)",
    ),
    "agent_ports": (
        "the Server API's `/syscollector/{agent}/ports`",
        "the inventory state (`wazuh-states-inventory-ports`, agent in `wazuh.agent.*`; 5.0 has no `/syscollector`)",
    ),
    "agent_inventory": (
        "the Server API's `/syscollector/{agent}/{services,users,groups,netiface,netaddr,netproto,hotfixes,"
        "browser_extensions,os,hardware}`; files and registry: FIM's database, `/syscheck/{agent}`",
        "the inventory state (`wazuh-states-inventory-<kind>`: services, users, groups, interfaces, networks, "
        "protocols, hotfixes, browser-extensions, system, hardware; agent in `wazuh.agent.*`); files and "
        "registry: FIM's state (`wazuh-states-fim-files`, `wazuh-states-fim-registry-{keys,values}`)",
    ),
    "agent_sca": (
        "the Server API's `/sca/{agent}` (policies) and `/sca/{agent}/checks/{policy}`",
        "the SCA state (`wazuh-states-sca`, one document per check; the policies' counts are aggregated; "
        "5.0 has no `/sca`)",
    ),
    "list_vulnerabilities_by_agent": (
        "the vulnerability state (`wazuh-states-vulnerabilities-<cluster>`, agent in `agent.*`)",
        "the vulnerability state (`wazuh-states-vulnerabilities`, agent in `wazuh.agent.*`)",
    ),
    "search_vulnerabilities": (
        "the vulnerability state (`wazuh-states-vulnerabilities-<cluster>`)",
        "the vulnerability state (`wazuh-states-vulnerabilities`)",
    ),
    "get_mitre_technique": ("the Server API's `/mitre/*`", "the Server API's `/mitre/*` (5.0 keeps it)"),
    "search_mitre": ("the Server API's `/mitre/*`", "the Server API's `/mitre/*` (5.0 keeps it)"),
    "hunt_query": (
        "the alerts indices; with `events`, the archives (`wazuh-archives-*`, when Filebeat ships them)",
        "the findings streams, every typed WCS field; with `events`, the events streams (`wazuh-events-v5-*`)",
    ),
    "pivot_by_ioc": (
        "the alerts indices, every field of the indicator's kind",
        "the findings streams, every WCS field of the indicator's kind",
    ),
    "hunt_fields": ("the alerts indices (per-field counts)", "the findings streams (the main WCS fields)"),
    "fim_history_for_path": (
        "FIM alerts in the alerts indices (`syscheck.*`)",
        "FIM findings (integration `wazuh-fim`, the file in `file.*`)",
    ),
    "fim_changes_by_agent": (
        "FIM alerts in the alerts indices (`syscheck.*`)",
        "FIM findings (integration `wazuh-fim`, the file in `file.*`)",
    ),
    "cluster_status": (
        "the Server API's `/cluster/*` and `/manager/status`",
        "the Server API's `/cluster/status`, `/cluster/nodes` and each node's `/cluster/{node}/status` (5.0 has no "
        "`/manager/*`; one manager is a one-node cluster)",
    ),
    "create_rule": ("uploads a rule file through the Server API (`/rules/files`)", _RULES),
    "update_rule": ("uploads a rule file through the Server API (`/rules/files`)", _RULES),
    "restart_manager": (
        "the Server API's `/manager/restart` or `/cluster/restart`",
        "the Server API's `/cluster/restart` (this manager: its own node, from `/cluster/local/info`), checked "
        "first with `/cluster/configuration/validation`",
    ),
    "restart_agents": (
        "the Server API's `/agents/restart` (`reload` is refused: 4.x has none)",
        "the Server API's `/agents/restart`, or with `reload` the new `/agents/reload` (connected agents at "
        "v5.0.0 or later: 5.0 reaches no older agent, and a disconnected one too)",
    ),
    "isolate_agent": ("an active response (`/active-response`)", _RESPONSES),
    "release_agent": ("an active response (`/active-response`)", _RESPONSES),
    "block_ip": ("an active response (`/active-response`)", _RESPONSES),
    "unblock_ip": ("an active response (`/active-response`)", _RESPONSES),
    "run_active_response": ("an active response (`/active-response`)", _RESPONSES),
    "add_agent_to_group": ("the Server API's `/agents/group`", "the Server API's `/agents/group` (5.0 keeps it)"),
    "remove_agent_from_group": (
        "the Server API's `/agents/{agent}/group/{group}`",
        "the Server API's `/agents/{agent}/group/{group}` (5.0 keeps it)",
    ),
}
"""Wire name → (what it reads on Wazuh 4.8–4.14, what it reads on Wazuh 5.x)."""
