"""What a manager node reports about itself: ``ossec.conf`` sections, per-daemon ("component")
configuration, the API's own configuration, ``ossec.log`` lines and statistics.

Values follow a default Wazuh 4.14 install (the defaults of ``ossec.conf`` and of
``internal_options.conf``), written here as our own data. Logs and statistics are generated
deterministically from the node name and the stand-in's start time.
"""

from __future__ import annotations

import copy
import random
from datetime import datetime, timedelta
from typing import Any

Item = dict[str, Any]

_FIM_IGNORED = (  # ossec.conf's default <ignore> entries of <syscheck>, the manager's and an agent's
    *("/etc/mtab", "/etc/hosts.deny", "/etc/mail/statistics", "/etc/random-seed", "/etc/random.seed"),
    *("/etc/adjtime", "/etc/httpd/logs", "/etc/utmpx", "/etc/wtmpx", "/etc/cups/certs", "/etc/dumpdates"),
    "/etc/svc/volatile",
)
OSSEC_CONF: dict[str, Any] = {
    "global": {
        "jsonout_output": "yes",
        "alerts_log": "yes",
        "logall": "no",
        "logall_json": "no",
        "email_notification": "no",
        "smtp_server": "smtp.example.wazuh.com",
        "email_from": "wazuh@example.wazuh.com",
        "email_to": "recipient@example.wazuh.com",
        "email_maxperhour": "12",
        "email_log_source": "alerts.log",
        "agents_disconnection_time": "10m",
        "agents_disconnection_alert_time": "0",
        "update_check": "no",
        "white_list": ["127.0.0.1", "^localhost.localdomain$"],
    },
    "alerts": {"log_alert_level": "3", "email_alert_level": "12"},
    "remote": [{"connection": "secure", "ipv6": "no", "port": "1514", "protocol": ["TCP"], "queue_size": "131072"}],
    "auth": {
        "disabled": "no",
        "port": "1515",
        "use_source_ip": "no",
        "purge": "yes",
        "use_password": "no",
        "ciphers": "HIGH:!ADH:!EXP:!MD5:!RC4:!3DES:!CAMELLIA:@STRENGTH",
        "ssl_verify_host": "no",
        "ssl_manager_cert": "etc/sslmanager.cert",
        "ssl_manager_key": "etc/sslmanager.key",
        "ssl_auto_negotiate": "no",
    },
    "cis-cat": {
        "disabled": "yes",
        "timeout": "1800",
        "interval": "1d",
        "scan-on-start": "yes",
        "java_path": "wodles/java",
        "ciscat_path": "wodles/ciscat",
    },
    "cluster": {
        "name": "wazuh",
        "node_name": "node01",
        "node_type": "master",
        "key": "c98b62a9b6169ac5f67dae55ae4a9088",
        "port": "1516",
        "bind_addr": "0.0.0.0",
        "nodes": ["NODE_IP"],
        "hidden": "no",
        "disabled": "yes",
    },
    "command": [
        {"name": "disable-account", "executable": "disable-account", "timeout_allowed": "yes"},
        {"name": "restart-wazuh", "executable": "restart-wazuh", "timeout_allowed": "no"},
        {"name": "firewall-drop", "executable": "firewall-drop", "timeout_allowed": "yes"},
        {"name": "host-deny", "executable": "host-deny", "timeout_allowed": "yes"},
        {"name": "route-null", "executable": "route-null", "timeout_allowed": "yes"},
        # docs/writes.md's commands for wazuh-mcp's response actions, so the demo's manager defines them
        {"name": "wazuh-mcp-isolate", "executable": "wazuh-mcp-isolate", "timeout_allowed": "no"},
        {"name": "wazuh-mcp-release", "executable": "wazuh-mcp-release", "timeout_allowed": "no"},
        {"name": "wazuh-mcp-unblock", "executable": "wazuh-mcp-unblock", "timeout_allowed": "no"},
    ],
    "localfile": [
        {"log_format": "journald", "location": "journald"},
        {"log_format": "command", "command": "df -P", "frequency": "360", "alias": "df -P"},
        {"log_format": "full_command", "command": "last -n 20", "frequency": "360", "alias": "last -n 20"},
        {"log_format": "syslog", "location": "/var/ossec/logs/active-responses.log"},
    ],
    "osquery": {
        "disabled": "yes",
        "run_daemon": "yes",
        "log_path": "/var/log/osquery/osqueryd.results.log",
        "config_path": "/etc/osquery/osquery.conf",
        "add_labels": "yes",
    },
    "rootcheck": {
        "disabled": "no",
        "check_files": "yes",
        "check_trojans": "yes",
        "check_dev": "yes",
        "check_sys": "yes",
        "check_pids": "yes",
        "check_ports": "yes",
        "check_if": "yes",
        "frequency": "43200",
        "rootkit_files": "etc/rootcheck/rootkit_files.txt",
        "rootkit_trojans": "etc/rootcheck/rootkit_trojans.txt",
        "skip_nfs": "yes",
        "ignore": ["/var/lib/containerd", "/var/lib/docker/overlay2"],
    },
    "ruleset": {
        "decoder_dir": ["ruleset/decoders", "etc/decoders"],
        "rule_dir": ["ruleset/rules", "etc/rules"],
        "rule_exclude": ["0215-policy_rules.xml"],
        # As a default 4.14 ossec.conf declares them (the oracle's api-207): the malicious-ioc lists too.
        "list": [
            "etc/lists/audit-keys",
            "etc/lists/amazon/aws-eventnames",
            "etc/lists/security-eventchannel",
            "etc/lists/malicious-ioc/malware-hashes",
            "etc/lists/malicious-ioc/malicious-ip",
            "etc/lists/malicious-ioc/malicious-domains",
        ],
    },
    "sca": {"enabled": "yes", "scan_on_start": "yes", "interval": "12h", "skip_nfs": "yes"},
    "syscheck": {
        "disabled": "no",
        "frequency": "43200",
        "scan_on_start": "yes",
        "alert_new_files": "yes",
        "auto_ignore": {"frequency": "10", "timeframe": "3600", "item": "no"},
        "directories": [
            {"path": p, "check_all": "yes"} for p in ("/etc", "/usr/bin", "/usr/sbin", "/bin", "/sbin", "/boot")
        ],
        "ignore": list(_FIM_IGNORED),
        "nodiff": ["/etc/ssl/private.key"],
        "skip_nfs": "yes",
        "skip_dev": "yes",
        "skip_proc": "yes",
        "skip_sys": "yes",
        "process_priority": "10",
        "max_eps": "50",
        "synchronization": {"enabled": "yes", "interval": "5m", "max_eps": "10"},
    },
    "syscollector": {
        "disabled": "no",
        "interval": "1h",
        "scan_on_start": "yes",
        "hardware": "yes",
        "os": "yes",
        "network": "yes",
        "packages": "yes",
        "ports": {"all": "no", "item": "yes"},
        "processes": "yes",
        "users": "yes",
        "groups": "yes",
        "services": "yes",
        "browser_extensions": "yes",
        "synchronization": {"max_eps": "10"},
    },
    "vulnerability-detection": {"enabled": "yes", "index-status": "yes", "feed-update-interval": "60m"},
    "indexer": {
        "enabled": "yes",
        "hosts": ["https://127.0.0.1:9200"],
        "ssl": {
            "certificate_authorities": ["/etc/filebeat/certs/root-ca.pem"],
            "certificate": "/etc/filebeat/certs/filebeat.pem",
            "key": "/etc/filebeat/certs/filebeat-key.pem",
        },
    },
    "active-response": [
        {"disabled": "no", "command": "firewall-drop", "location": "local", "rules_id": "5712", "timeout": "600"},
        {"command": "wazuh-mcp-isolate", "location": "local"},
        {"command": "wazuh-mcp-release", "location": "local"},
        {"command": "wazuh-mcp-unblock", "location": "local"},
    ],
    "logging": {"log_format": "plain"},
}

_INTERNAL = {
    "analysisd": {
        "debug": 0,
        "default_timeframe": 360,
        "stats_maxdiff": 999000,
        "stats_mindiff": 1250,
        "stats_percent_diff": 150,
        "fts_list_size": 32,
        "fts_min_size_for_str": 14,
        "log_fw": 1,
        "decoder_order_size": 256,
        "label_cache_maxage": 10,
        "show_hidden_labels": 0,
        "rlimit_nofile": 458752,
        "min_rotate_interval": 600,
    },
    "remoted": {
        "recv_counter_flush": 128,
        "comp_average_printout": 19999,
        "verify_msg_id": 0,
        "pass_empty_keyfile": 1,
        "sender_pool": 8,
        "request_pool": 1024,
        "request_timeout": 10,
        "response_timeout": 60,
        "request_rto_sec": 1,
        "request_rto_msec": 0,
        "max_attempts": 4,
        "shared_reload": 10,
        "rlimit_nofile": 458752,
        "recv_timeout": 1,
        "merge_shared": 1,
        "guess_agent_group": 0,
        "receive_chunk": 4096,
        "buffer_relax": 1,
        "tcp_keepidle": 30,
        "tcp_keepintvl": 10,
        "tcp_keepcnt": 3,
    },
    "logcollector": {
        "remote_commands": 0,
        "loop_timeout": 2,
        "open_attempts": 0,
        "vcheck_files": 64,
        "max_lines": 10000,
        "max_files": 1000,
        "sock_fail_time": 300,
        "debug": 0,
        "sample_log_length": 64,
        "queue_size": 1024,
        "input_threads": 4,
        "force_reload": 0,
        "reload_interval": 64,
        "reload_delay": 1000,
        "rlimit_nofile": 1100,
    },
    "syscheck": {
        "debug": 0,
        "rt_delay": 5,
        "default_max_depth": 256,
        "symlink_scan_interval": 600,
        "file_max_size": 1024,
        "max_audit_entries": 256,
    },
    "monitord": {
        "day_wait": 10,
        "compress": 1,
        "sign": 1,
        "monitor_agents": 1,
        "keep_log_days": 31,
        "rotate_log": 1,
        "size_rotate": 512,
        "daily_rotations": 12,
        "delete_old_agents": 0,
    },
}
_WMODULES = [
    {"syscollector": OSSEC_CONF["syscollector"]},
    {"sca": OSSEC_CONF["sca"]},
    {"cis-cat": OSSEC_CONF["cis-cat"]},
    {"osquery": OSSEC_CONF["osquery"]},
]


def ruleset_lists() -> list[str]:
    """The CDB lists ``ossec.conf`` declares (what analysisd can load for a rule's ``<list>``)."""
    return list(OSSEC_CONF["ruleset"]["list"])


_RULES_DECODERS = {"decoder_dir": OSSEC_CONF["ruleset"]["decoder_dir"]}

# (component, configuration) -> the answer's single affected item, on a manager.
MANAGER_COMPONENTS: dict[tuple[str, str], Item] = {
    ("analysis", "global"): {
        "global": {
            "email_notification": "no",
            "logall": "no",
            "logall_json": "no",
            "integrity_checking": 8,
            "rootkit_detection": 8,
            "host_information": 8,
            "prelude_output": "no",
            "zeromq_output": "no",
            "jsonout_output": "yes",
            "alerts_log": "yes",
            "stats": 4,
            "memory_size": 8192,
            "white_list": ["127.0.0.1", "^localhost.localdomain$"],
            "rotate_interval": 0,
            "max_output_size": 0,
            "eps": {"maximum": 0, "timeframe": 10},
        }
    },
    ("analysis", "alerts"): {"alerts": {"email_alert_level": 12, "log_alert_level": 3}},
    ("analysis", "rules"): {"rules": {"rule_dir": OSSEC_CONF["ruleset"]["rule_dir"]}},
    ("analysis", "decoders"): {"decoders": _RULES_DECODERS},
    ("analysis", "internal"): {"internal": {"analysisd": _INTERNAL["analysisd"]}},
    ("auth", "auth"): {
        "auth": {
            **OSSEC_CONF["auth"],
            "port": 1515,
            "force": {
                "enabled": "yes",
                "key_mismatch": "yes",
                "disconnected_time": {"enabled": "yes", "value": 3600},
                "after_registration_time": 3600,
            },
            "limit_maxagents": "yes",
        }
    },
    ("com", "active-response"): {"active-response": {"disabled": "no"}},  # as recorded (api-076, t4-ex-010)
    ("com", "logging"): {"logging": {"plain": "yes", "json": "no"}},
    ("com", "internal"): {"internal": {"execd": {"request_timeout": 60, "max_restart_lock": 600}}},
    ("logcollector", "localfile"): {"localfile": OSSEC_CONF["localfile"]},
    ("logcollector", "internal"): {"internal": {"logcollector": _INTERNAL["logcollector"]}},
    ("monitor", "global"): {"global": {"agents_disconnection_time": 600, "agents_disconnection_alert_time": 0}},
    ("monitor", "internal"): {"monitord": _INTERNAL["monitord"]},
    ("monitor", "reports"): {"reports": []},
    ("request", "global"): {"global": {"agents_disconnection_time": 600}},
    ("request", "remote"): {"remote": OSSEC_CONF["remote"]},
    ("request", "internal"): {"internal": {"remoted": _INTERNAL["remoted"]}},
    ("syscheck", "syscheck"): {
        "syscheck": {
            **OSSEC_CONF["syscheck"],
            "frequency": 43200,
            "whodata": {"restart_audit": "yes", "startup_healthcheck": "yes"},
        }
    },
    ("syscheck", "rootcheck"): {
        "rootcheck": {
            **OSSEC_CONF["rootcheck"],
            "frequency": 43200,
            "base_directory": "",
            "check_unixaudit": "no",
            "scanall": "no",
        }
    },
    ("syscheck", "internal"): {"internal": {"syscheck": _INTERNAL["syscheck"], "rootcheck": {"sleep": 50}}},
    ("wazuh-db", "internal"): {
        "wazuh_db": {"commit_time_max": 60, "commit_time_min": 10, "open_db_limit": 64, "worker_pool_size": 8}
    },
    ("wazuh-db", "wdb"): {
        "wdb": {"backup": [{"database": "global", "enabled": True, "interval": 86400, "max_files": 3}]}
    },
    ("wmodules", "wmodules"): {"wmodules": _WMODULES},
}
# A connected 4.14 agent's own sections, in the shape and key order the recorded agent reported them
# (``oracle/api_exchanges_agent.jsonl`` t4-ex-005..008: a Debian 12 agent with the package's default
# ossec.conf). The values are Wazuh's defaults, written here as our own data; ``agent_component`` puts the
# agent's own name and OS in ``client``.
_AGENT_CLIENT: Item = {
    "config-profile": "debian, debian12",
    "notify_time": 20,
    "time-reconnect": 60,
    "force_reconnect_interval": 0,
    "ip_update_interval": 0,
    "auto_restart": "yes",
    "remote_conf": "yes",
    "crypto_method": "aes",
    "server": [{"address": "wazuh-manager", "port": 1514, "max_retries": 5, "retry_interval": 10, "protocol": "tcp"}],
    "enrollment": {
        "enabled": "yes",
        "delay_after_enrollment": 20,
        "manager_address": "wazuh-manager",
        "port": 1515,
        "agent_name": "",
        "ssl_cipher": "HIGH:!ADH:!EXP:!MD5:!RC4:!3DES:!CAMELLIA:@STRENGTH",
        "auto_method": "no",
    },
}
_FIM_OPTS = [
    "check_md5sum",
    "check_sha1sum",
    "check_perm",
    "check_size",
    "check_owner",
    "check_group",
    "check_mtime",
    "check_inode",
    "check_sha256sum",
]
_AGENT_SYSCHECK: Item = {
    "disabled": "no",
    "frequency": 43200,
    "skip_nfs": "yes",
    "skip_dev": "yes",
    "skip_sys": "yes",
    "skip_proc": "yes",
    "scan_on_start": "yes",
    "max_files_per_second": 0,
    "file_limit": {"enabled": "yes", "entries": 100000},
    "diff": {"disk_quota": {"enabled": "yes", "limit": 1048576}, "file_size": {"enabled": "yes", "limit": 51200}},
    "directories": [
        {"opts": _FIM_OPTS, "dir": path, "recursion_level": 256, "diff_size_limit": 51200}
        for path in ("/bin", "/boot", "/etc", "/sbin", "/usr/bin", "/usr/sbin")
    ],
    "nodiff": ["/etc/ssl/private.key"],
    "ignore": list(_FIM_IGNORED),
    "ignore_sregex": [".log$|.swp$"],
    "whodata": {"restart_audit": "yes", "startup_healthcheck": "yes", "queue_size": 16384, "provider": "audit"},
    "allow_remote_prefilter_cmd": "no",
    "synchronization": {
        "enabled": "yes",
        "queue_size": 16384,
        "interval": 300,
        "max_eps": 10,
        "response_timeout": 30,
        "max_interval": 3600,
        "thread_pool": 1,
    },
    "max_eps": 50,
    "process_priority": 10,
    "database": "disk",
}
_TO_AGENT = {"ignore_binaries": "no", "only-future-events": "yes", "target": ["agent"]}
_COMMAND = {"ignore_binaries": "no", "target": ["agent"], "frequency": 360}
_NETSTAT = (
    "netstat -tulpn | sed 's/\\([[:alnum:]]\\+\\)\\ \\+[[:digit:]]\\+\\ \\+[[:digit:]]\\+\\ \\+\\(.*\\):"
    "\\([[:digit:]]*\\)\\ \\+\\([0-9\\.\\:\\*]\\+\\).\\+\\ \\([[:digit:]]*\\/[[:alnum:]\\-]*\\).*/"
    "\\1 \\2 == \\3 == \\4 \\5/' | sort -k 4 -g | sed 's/ == \\(.*\\) ==/:\\1/' | sed 1,2d"
)
_AGENT_LOCALFILE: list[Item] = [
    {"logformat": "journald", "only-future-events": "yes", "target": ["agent"]},
    {"file": "/var/ossec/logs/active-responses.log", "logformat": "syslog", **_TO_AGENT},
    {"file": "/var/log/dpkg.log", "logformat": "syslog", **_TO_AGENT},
    {"logformat": "command", "command": "df -P", "alias": "df -P", **_COMMAND},
    {"logformat": "full_command", "command": _NETSTAT, "alias": "netstat listening ports", **_COMMAND},
    {"logformat": "full_command", "command": "last -n 20", "alias": "last -n 20", **_COMMAND},
]
_AGENT_WMODULES: list[Item] = [
    {"agent-upgrade": {"enabled": "yes", "ca_verification": "yes", "ca_store": ["etc/wpk_root.pem"]}},
    {
        "cis-cat": {
            "disabled": "yes",
            "scan-on-start": "yes",
            "interval": 86400,
            "java_path": "wodles/java",
            "ciscat_path": "wodles/ciscat",
            "ciscat_binary": "CIS-CAT.sh",
            "timeout": 1800,
        }
    },
    {
        "osquery": {
            "disabled": "yes",
            "run_daemon": "yes",
            "add_labels": "yes",
            "log_path": "/var/log/osquery/osqueryd.results.log",
            "config_path": "/etc/osquery/osquery.conf",
        }
    },
    {
        "syscollector": {
            "disabled": "no",
            "scan-on-start": "yes",
            "interval": 3600,
            **{key: "yes" for key in ("network", "os", "hardware", "packages", "ports", "ports_all", "processes")},
            **{key: "yes" for key in ("groups", "users", "services", "browser_extensions")},
            "sync_max_eps": 10,
        }
    },
    {"wazuh_control": {"enabled": "yes"}},
]
# Components an agent answers for (read through the agent's own daemons).
AGENT_COMPONENTS: dict[tuple[str, str], Item] = {
    ("agent", "client"): {"client": _AGENT_CLIENT},
    ("agent", "buffer"): {"buffer": {"disabled": "no", "queue_size": 5000, "events_per_second": 500}},
    ("agent", "labels"): {"labels": []},
    ("agent", "internal"): {
        "internal": {
            "agent": {
                "debug": 0,
                "warn_level": 90,
                "normal_level": 70,
                "tolerance": 15,
                "min_eps": 50,
                "state_interval": 5,
                "recv_timeout": 60,
                "remote_conf": 1,
            },
            "monitord": {
                k: _INTERNAL["monitord"][k]
                for k in ("compress", "daily_rotations", "day_wait", "keep_log_days", "rotate_log", "size_rotate")
            },
            "remoted": {
                "comp_average_printout": 19999,
                "max_attempts": 4,
                "recv_counter_flush": 128,
                "request_pool": 1024,
                "request_rto_msec": 0,
                "request_rto_sec": 1,
                "verify_msg_id": 0,
            },
        }
    },
    ("agent", "anti_tampering"): {"anti_tampering": {"package_uninstallation": "no"}},
    ("com", "active-response"): {"active-response": {"disabled": "no"}},  # as recorded (api-076, t4-ex-010)
    ("com", "internal"): {"internal": {"execd": {"request_timeout": 60, "max_restart_lock": 600}}},
    ("com", "logging"): {"logging": {"plain": "yes", "json": "no"}},
    ("logcollector", "localfile"): {"localfile": _AGENT_LOCALFILE},
    ("logcollector", "internal"): {"internal": {"logcollector": _INTERNAL["logcollector"]}},
    ("syscheck", "syscheck"): {"syscheck": _AGENT_SYSCHECK},
    ("syscheck", "rootcheck"): {
        "rootcheck": {**OSSEC_CONF["rootcheck"], "frequency": 43200, "check_unixaudit": "no", "scanall": "no"}
    },
    ("syscheck", "internal"): {"internal": {"syscheck": _INTERNAL["syscheck"], "rootcheck": {"sleep": 50}}},
    ("wmodules", "wmodules"): {"wmodules": _AGENT_WMODULES},
}


def agent_component(pair: tuple[str, str], agent: Item) -> Item | None:
    """What a connected agent answers for ``pair`` (a copy), with its own name and OS in ``agent/client``."""
    found = AGENT_COMPONENTS.get(pair)
    if found is None:
        return None
    found = copy.deepcopy(found)
    if pair == ("agent", "client"):
        os_info = agent.get("os") or {}
        platform, major, minor = (str(os_info.get(key) or "") for key in ("platform", "major", "minor"))
        profiles = [platform, f"{platform}{major}" if major else "", f"{platform}{major}.{minor}" if minor else ""]
        found["client"]["config-profile"] = ", ".join(p for p in profiles if p)
        found["client"]["enrollment"]["agent_name"] = str(agent.get("name") or "")
    return found


# The component/configuration pairs the API accepts at all (others are error 1128).
VALID_PAIRS = {("agent", c) for c in ("client", "buffer", "labels", "internal", "anti_tampering")} | {
    ("agentless", "agentless"),
    ("analysis", "global"),
    ("analysis", "active_response"),
    ("analysis", "alerts"),
    ("analysis", "command"),
    ("analysis", "rules"),
    ("analysis", "decoders"),
    ("analysis", "internal"),
    ("analysis", "rule_test"),
    ("auth", "auth"),
    ("com", "active-response"),
    ("com", "logging"),
    ("com", "internal"),
    ("com", "cluster"),
    ("csyslog", "csyslog"),
    ("integrator", "integration"),
    ("logcollector", "localfile"),
    ("logcollector", "socket"),
    ("logcollector", "internal"),
    ("mail", "global"),
    ("mail", "alerts"),
    ("mail", "internal"),
    ("monitor", "global"),
    ("monitor", "internal"),
    ("monitor", "reports"),
    ("request", "global"),
    ("request", "remote"),
    ("request", "internal"),
    ("syscheck", "syscheck"),
    ("syscheck", "rootcheck"),
    ("syscheck", "internal"),
    ("wazuh-db", "internal"),
    ("wazuh-db", "wdb"),
    ("wmodules", "wmodules"),
}

API_CONFIG: Item = {
    "host": ["0.0.0.0", "::"],
    "port": 55000,
    "drop_privileges": True,
    "experimental_features": False,
    "max_upload_size": 10485760,
    "authentication_pool_size": 2,
    "intervals": {"request_timeout": 10},
    "https": {
        "enabled": True,
        "key": "server.key",
        "cert": "server.crt",
        "use_ca": False,
        "ca": "ca.crt",
        "ssl_protocol": "auto",
        "ssl_ciphers": "",
    },
    "logs": {"level": "info", "format": "plain", "max_size": {"enabled": False, "size": "1M"}},
    "cors": {
        "enabled": False,
        "source_route": "*",
        "expose_headers": "*",
        "allow_headers": "*",
        "allow_credentials": False,
    },
    "access": {"max_login_attempts": 50, "block_time": 300, "max_request_per_minute": 300},
    "upload_configuration": {
        "remote_commands": {
            "localfile": {"allow": True, "exceptions": []},
            "wodle_command": {"allow": True, "exceptions": []},
        },
        "limits": {"eps": {"allow": True}},
        "agents": {"allow_higher_versions": {"allow": True}},
        "indexer": {"allow": True},
        "integrations": {"virustotal": {"public_key": {"allow": True, "minimum_quota": 240}}},
    },
}

LOG_TAGS = (
    "wazuh-analysisd",
    "wazuh-syscheckd",
    "wazuh-remoted",
    "wazuh-db",
    "wazuh-monitord",
    "wazuh-authd",
    "wazuh-logcollector",
    "wazuh-modulesd:syscollector",
    "wazuh-modulesd:content_manager",
    "sca",
    "rootcheck",
    "indexer-connector",
)
V5_LOG_TAGS = {
    "wazuh-analysisd": "wazuh-manager-analysisd",
    "wazuh-remoted": "wazuh-manager-remoted",
    "wazuh-db": "wazuh-manager-db",
    "wazuh-monitord": "wazuh-manager-monitord",
    "wazuh-authd": "wazuh-manager-authd",
    "wazuh-modulesd:content_manager": "wazuh-manager-modulesd:content_manager",
    "indexer-connector": "indexer-connector",
}
"""A 4.x log tag as a 5.0 manager writes it (5.0 spec ``WazuhLogsSummary``); 4.x's others (syscheckd, logcollector,
sca, rootcheck, syscollector) run on agents only in 5.0, so their lines are not in a 5.0 manager's log."""


def v5_logs(logs: list[Item]) -> list[Item]:
    """A node log as a 5.0 manager's: 5.0 daemon names, lines of daemons 5.0 has only."""
    return [{**e, "tag": V5_LOG_TAGS[e["tag"]]} for e in logs if e["tag"] in V5_LOG_TAGS]


_LOG_LINES = {
    "wazuh-analysisd": [
        ("info", "Total rules enabled: '7261'"),
        ("info", "Started (pid: {pid})."),
        ("info", "(7202): Session initialized with token '{tok}'"),
        ("warning", "(7618): Event queue is 80% full."),
    ],
    "wazuh-syscheckd": [
        (
            "info",
            "(6003): Monitoring path: '/etc', with options 'size | permissions | owner | "
            "group | mtime | inode | hash_md5 | hash_sha1 | hash_sha256'.",
        ),
        ("info", "(6008): File integrity monitoring scan started."),
        ("info", "(6009): File integrity monitoring scan ended."),
        ("info", "(6000): Starting daemon..."),
    ],
    "wazuh-remoted": [
        ("info", "(1410): Reading authentication keys file."),
        ("info", "Started (pid: {pid})."),
        ("warning", "(1408): Invalid ID {tok} for the source ip: '10.20.7.14' (name 'unknown')."),
    ],
    "wazuh-db": [
        ("info", "Started (pid: {pid})."),
        ("error", "Couldn't open database '{tok}': unable to open database file"),
    ],
    "wazuh-monitord": [("info", "(1225): SIGNAL [(15)-(Terminated)] Received. Exit Cleaning...")],
    "wazuh-authd": [
        ("info", "Accepting connections on port 1515. No password required."),
        ("info", "Agent key generated for 'web-fra-07' (requested by any)"),
    ],
    "wazuh-logcollector": [("info", "(1950): Analyzing file: '/var/ossec/logs/active-responses.log'.")],
    "wazuh-modulesd:syscollector": [("info", "Evaluation finished."), ("info", "Starting evaluation.")],
    "wazuh-modulesd:content_manager": [("info", "Content download completed.")],
    "sca": [
        ("info", "Starting Security Configuration Assessment scan."),
        ("info", "Security Configuration Assessment scan finished. Duration: 7 seconds."),
    ],
    "rootcheck": [("info", "Starting rootcheck scan."), ("info", "Ending rootcheck scan.")],
    "indexer-connector": [
        (
            "warning",
            "IndexerConnector initialization failed for index "
            "'wazuh-states-vulnerabilities-wazuh', retrying until the connection is "
            "successful.",
        )
    ],
}


def node_logs(node: str, started: datetime, count: int = 240) -> list[Item]:
    """``ossec.log`` of one node, newest first (the API's default order)."""
    rng = random.Random(f"logs|{node}")
    out = []
    when = started
    for _ in range(count):
        when -= timedelta(seconds=rng.randint(5, 900))
        tag = rng.choice(LOG_TAGS)
        level, text = rng.choice(_LOG_LINES[tag])
        description = text.format(pid=rng.randint(200, 9000), tok=f"{rng.randrange(16**8):08x}")
        out.append(
            {
                "timestamp": when.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "tag": tag,
                "level": level,
                "description": f" {description}",
            }
        )
    return out


def log_summary(logs: list[Item]) -> list[Item]:
    summary: dict[str, dict[str, int]] = {}
    for entry in logs:
        counts = summary.setdefault(
            entry["tag"], {"all": 0, "info": 0, "error": 0, "critical": 0, "warning": 0, "debug": 0}
        )
        counts["all"] += 1
        if entry["level"] in counts:
            counts[entry["level"]] += 1
    return [{tag: counts} for tag, counts in sorted(summary.items())]


def daily_stats(node: str, day: str, hours: int = 24) -> list[Item]:
    rng = random.Random(f"stats|{node}|{day}")
    out = []
    for hour in range(hours):
        alerts = [
            {"sigid": sigid, "level": level, "times": rng.randint(1, 40)}
            for sigid, level in rng.sample(
                [
                    (5710, 5),
                    (5715, 3),
                    (5716, 5),
                    (5501, 3),
                    (5502, 3),
                    (550, 7),
                    (554, 5),
                    (60106, 3),
                    (60122, 5),
                    (31101, 5),
                ],
                4,
            )
        ]
        out.append(
            {
                "hour": hour,
                "alerts": alerts,
                "totalAlerts": sum(a["times"] for a in alerts),
                "events": rng.randint(500, 9000),
                "syscheck": rng.randint(0, 300),
                "firewall": 0,
            }
        )
    return out


def hourly_stats(node: str) -> list[Item]:
    rng = random.Random(f"hourly|{node}")
    return [{"averages": [rng.randint(200, 6000) for _ in range(24)], "interactions": 0}]


def weekly_stats(node: str) -> list[Item]:
    rng = random.Random(f"weekly|{node}")
    return [
        {day: {"hours": [rng.randint(200, 6000) for _ in range(24)], "interactions": 0}}
        for day in ("Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat")
    ]


_ANALYSISD_KEYS = (
    "total_events_decoded",
    "syscheck_events_decoded",
    "syscollector_events_decoded",
    "rootcheck_events_decoded",
    "sca_events_decoded",
    "winevt_events_decoded",
    "other_events_decoded",
    "events_processed",
    "events_received",
    "events_dropped",
    "alerts_written",
    "firewall_written",
    "fts_written",
)
_QUEUES = (
    "syscheck",
    "syscollector",
    "rootcheck",
    "sca",
    "hostinfo",
    "winevt",
    "event",
    "rule_matching",
    "alerts",
    "firewall",
    "statistical",
    "archives",
)


def analysisd_stats(node: str) -> Item:
    rng = random.Random(f"analysisd|{node}")
    out: Item = {key: float(rng.randint(0, 50000)) for key in _ANALYSISD_KEYS}
    out["events_dropped"] = 0.0
    for queue in _QUEUES:
        out[f"{queue}_queue_usage"] = round(rng.random() * 0.05, 4)
        out[f"{queue}_queue_size"] = 16384.0
    return out


def remoted_stats(node: str) -> Item:
    rng = random.Random(f"remoted|{node}")
    return {
        "queue_size": 0.0,
        "total_queue_size": 131072.0,
        "tcp_sessions": float(rng.randint(1, 60)),
        "evt_count": float(rng.randint(1000, 900000)),
        "ctrl_msg_count": float(rng.randint(100, 90000)),
        "discarded_count": 0.0,
        "sent_bytes": float(rng.randint(10**5, 10**8)),
        "recv_bytes": float(rng.randint(10**6, 10**9)),
        "dequeued_after_close": 0.0,
    }


def daemon_stats(name: str, started: datetime) -> Item:
    rng = random.Random(f"daemon|{name}|None")
    uptime = (started - timedelta(days=3, seconds=rng.randint(0, 86400))).strftime("%Y-%m-%dT%H:%M:%SZ")
    stamp = started.strftime("%Y-%m-%dT%H:%M:%SZ")
    if name == "wazuh-remoted":
        metrics: Item = {
            "bytes": {"received": rng.randint(10**6, 10**9), "sent": rng.randint(10**5, 10**8)},
            "keys_reload_count": rng.randint(0, 20),
            "messages": {
                "received_breakdown": {
                    "control": rng.randint(10, 9000),
                    "event": rng.randint(10, 900000),
                    "discarded": 0,
                }
            },
        }
    elif name == "wazuh-analysisd":
        metrics = {
            "bytes": {"received": rng.randint(10**6, 10**9)},
            "events": {"processed": rng.randint(10, 900000), "received": rng.randint(10, 900000)},
            "queues": {q: {"size": 16384, "usage": rng.randint(0, 5)} for q in _QUEUES[:6]},
        }
    else:
        metrics = {"queries": {"received": rng.randint(10, 90000)}, "time": {"execution": rng.randint(10, 9000)}}
    return {"name": name, "timestamp": stamp, "uptime": uptime, "metrics": metrics}


_AGENT_MODULES = (
    *("aws", "azure", "ciscat", "command", "docker", "gcp", "github"),
    "logcollector_breakdown",
    *("office365", "ms-graph", "oscap", "osquery", "rootcheck", "sca", "syscheck", "syscollector"),
    *("upgrade", "vulnerability"),
)


def agent_daemon_stats(name: str, started: datetime, agent_id: int) -> Item:
    """``GET /agents/{id}/daemons/stats``: what remoted and analysisd count for one agent, in the shape the
    recorded manager reported for its connected agent (t4-ex-002): remoted's messages received (control
    messages by kind, events) and sent (by kind), analysisd's events processed, decoded by source and
    written. Counts are drawn from the agent id, an agent answers the same within a run."""
    rng = random.Random(f"daemon|{name}|{agent_id}")
    uptime = (started - timedelta(days=3, seconds=rng.randint(0, 86400))).strftime("%Y-%m-%dT%H:%M:%SZ")

    def count(high: int) -> int:
        return rng.randint(0, high)

    if name == "wazuh-remoted":
        control = {kind: count(9000) for kind in ("keepalive", "request", "shutdown", "startup")}
        metrics: Item = {
            "messages": {
                "received_breakdown": {
                    "control": sum(control.values()),
                    "control_breakdown": control,
                    "event": count(900000),
                },
                "sent_breakdown": {kind: count(900) for kind in ("ack", "ar", "discarded", "request", "sca", "shared")},
            }
        }
    else:
        modules: Item = {key: count(9000) for key in _AGENT_MODULES}
        modules["logcollector_breakdown"] = {k: count(90000) for k in ("eventchannel", "eventlog", "macos", "others")}
        decoded: Item = {
            "agent": count(900),
            "dbsync": count(9000),
            "integrations_breakdown": {"virustotal": 0},
            "modules_breakdown": modules,
            "monitor": count(90),
            "remote": count(90),
        }
        metrics = {
            "events": {
                "processed": count(900000),
                "received_breakdown": {"decoded_breakdown": decoded},
                "written_breakdown": {"alerts": count(9000), "archives": 0, "firewall": count(90)},
            }
        }
    return {
        "timestamp": started.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "name": name,
        "agents": [{"uptime": uptime, "id": agent_id, "metrics": metrics}],
    }


def logcollector_stats(started: datetime, localfiles: list[Item] | None = None) -> Item:
    """Logcollector's counters, one file per ``localfile`` read (an agent's: its own section's entries,
    by file, command alias or ``journald``, as the recorded agent's, t4-ex-004)."""
    locations = [str(e.get("file") or e.get("alias") or e.get("logformat")) for e in localfiles or []] or ["journald"]

    def window(seconds: int) -> Item:
        rng = random.Random(f"logcollector|{seconds}")
        files = []
        for location in locations:
            events = 1740 if location == "journald" else rng.randint(0, 20) * seconds // 60
            item = {
                "location": location,
                "events": events,
                "bytes": events * 180,
                "targets": [{"name": "agent", "drops": 0}],
            }
            files.append(item)
        return {
            "start": (started - timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "end": started.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "files": files,
        }

    return {"global": window(86400), "interval": window(60)}


def agent_logcollector_stats(started: datetime) -> Item:
    return logcollector_stats(started, _AGENT_LOCALFILE)


def agent_state(agent: Item) -> Item:
    return {
        "status": "connected" if agent["status"] == "active" else "disconnected",
        "last_keepalive": agent.get("lastKeepAlive", ""),
        "last_ack": agent.get("lastKeepAlive", ""),
        "msg_count": 4021,
        "msg_sent": 4021,
        "msg_buffer": 0,
        "buffer_enabled": True,
    }
