"""``/sca/{agent_id}`` and ``/sca/{agent_id}/checks/{policy_id}``: one agent's SCA results.

As Wazuh 4.14 answers them (the spec's ``SCADatabase`` and ``SCAChecks``): a policy row with its
pass/fail/invalid counts, score (passed among passed and failed) and scan times; one row per check of a
policy with its result (``passed``, ``failed``, ``not applicable``). An unknown agent is a failed item
(1701), one the caller may not read a failed item (4000), and an agent that never connected has no
database yet (400, 2007), as for syscollector. The checks are a small CIS-style catalogue per OS
family, each agent's results drawn from its id, so the same agent answers the same within a run.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from standin.framework import Ctx, Endpoint, v4_only
from standin.params import LISTING, ParamSpec, alnum, specs
from standin.problems import envelope, failed_item, no_database
from standin.query import Collection, run
from standin.rbac import agent_resources

MESSAGES = (
    "All selected SCA information was returned",
    "Some SCA information was not returned",
    "No SCA information was returned",
)
CHECK_MESSAGES = (
    "All selected SCA/policy information was returned",
    "Some SCA/policy information was not returned",
    "No SCA/policy information was returned",
)
# family -> (policy id, policy name, first check id, checks: (title, rationale, remediation, compliance))
_Check = tuple[str, str, str, str]
_LINUX: tuple[_Check, ...] = (
    (
        "Ensure /tmp is a separate partition.",
        "A separate /tmp limits what a full or abused /tmp can do.",
        "Mount /tmp as tmpfs or its own partition in /etc/fstab.",
        "1.1.2.1",
    ),
    (
        "Ensure nodev option set on /tmp partition.",
        "Devices on /tmp are an escalation path.",
        "Add nodev to the /tmp mount options and remount.",
        "1.1.2.2",
    ),
    (
        "Ensure AIDE is installed.",
        "File integrity checking detects unauthorised changes.",
        "Install the aide package and initialise its database.",
        "1.3.1",
    ),
    (
        "Ensure permissions on bootloader config are configured.",
        "Only root should read the boot parameters.",
        "chown root:root and chmod og-rwx the bootloader configuration.",
        "1.4.2",
    ),
    (
        "Ensure address space layout randomization (ASLR) is enabled.",
        "ASLR makes memory attacks harder.",
        "Set kernel.randomize_va_space = 2 in /etc/sysctl.d/.",
        "1.5.1",
    ),
    (
        "Ensure auditd is installed.",
        "Audit records let administrators reconstruct events.",
        "Install auditd and audispd-plugins.",
        "4.1.1.1",
    ),
    (
        "Ensure SSH root login is disabled.",
        "Root logins over SSH cannot be attributed to a person.",
        "Set PermitRootLogin no in /etc/ssh/sshd_config.",
        "5.2.8",
    ),
    (
        "Ensure SSH MaxAuthTries is set to 4 or less.",
        "Few tries per connection slow brute force.",
        "Set MaxAuthTries 4 in /etc/ssh/sshd_config.",
        "5.2.16",
    ),
    (
        "Ensure password expiration is 365 days or less.",
        "Old passwords are more likely to be known.",
        "Set PASS_MAX_DAYS 365 in /etc/login.defs.",
        "5.5.1.2",
    ),
    (
        "Ensure permissions on /etc/shadow are configured.",
        "Password hashes must not be readable by users.",
        "chmod u-x,g-wx,o-rwx /etc/shadow.",
        "6.1.3",
    ),
)
_WINDOWS: tuple[_Check, ...] = (
    (
        "Ensure 'Minimum password length' is set to '14 or more character(s)'.",
        "Long passwords resist guessing.",
        "Set Minimum password length to 14 in the password policy.",
        "1.1.4",
    ),
    (
        "Ensure 'Account lockout threshold' is set to '5 or fewer invalid logon attempt(s)'.",
        "Lockout slows online password guessing.",
        "Set Account lockout threshold to 5.",
        "1.2.2",
    ),
    (
        "Ensure 'Accounts: Guest account status' is set to 'Disabled'.",
        "The Guest account allows anonymous use.",
        "Disable the Guest account.",
        "2.3.1.2",
    ),
    (
        "Ensure 'Windows Firewall: Domain: Firewall state' is set to 'On'.",
        "The firewall blocks unsolicited traffic.",
        "Turn the domain profile's firewall on.",
        "9.1.1",
    ),
    (
        "Ensure 'Audit Credential Validation' is set to 'Success and Failure'.",
        "Logon audits show password attacks.",
        "Enable success and failure auditing of credential validation.",
        "17.1.1",
    ),
    (
        "Ensure 'Turn off Autoplay' is set to 'Enabled: All drives'.",
        "Autoplay runs code from removable media.",
        "Enable Turn off Autoplay for all drives.",
        "18.9.8.3",
    ),
    (
        "Ensure 'Configure SMB v1 server' is set to 'Disabled'.",
        "SMBv1 carries known remote exploits.",
        "Disable the SMB v1 server.",
        "18.4.2",
    ),
    (
        "Ensure 'Allow Basic authentication' is set to 'Disabled' (WinRM).",
        "Basic sends credentials in clear text.",
        "Disable Basic authentication for the WinRM client and service.",
        "18.9.102.1.1",
    ),
)
_POLICIES: dict[str, tuple[str, str, int, tuple[_Check, ...]]] = {
    "ubuntu": ("cis_ubuntu22-04", "CIS Ubuntu Linux 22.04 LTS Benchmark v2.0.0.", 28500, _LINUX),
    "debian": ("cis_debian12", "CIS Debian Linux 12 Benchmark v1.0.1.", 30500, _LINUX),
    "rhel": ("cis_rhel9_linux", "CIS Red Hat Enterprise Linux 9 Benchmark v2.0.0.", 33000, _LINUX),
    "centos": ("cis_centos8_linux", "CIS CentOS Linux 8 Benchmark v2.0.0.", 6500, _LINUX),
    "amzn": ("cis_amazon_linux_2023", "CIS Amazon Linux 2023 Benchmark v1.0.0.", 35000, _LINUX),
    "windows": ("cis_win2022", "CIS Microsoft Windows Server 2022 Benchmark v3.0.0.", 27000, _WINDOWS),
    "darwin": ("cis_apple_macOS_14.x", "CIS Apple macOS 14.0 Sonoma Benchmark v1.0.0.", 34000, _LINUX[4:8]),
}
_RESULTS = ("passed", "failed", "failed", "not applicable")


def _policy_for(agent: dict[str, Any]) -> tuple[str, str, int, tuple[_Check, ...]]:
    platform = str((agent.get("os") or {}).get("platform") or "")
    return _POLICIES.get(platform) or _POLICIES["darwin" if platform == "darwin" else "ubuntu"]


def assessment(agent: dict[str, Any], scan: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The agent's one policy row and its checks, drawn from its id (stable within a run)."""
    policy_id, name, first, catalogue = _policy_for(agent)
    rng = random.Random(f"sca|{agent['id']}|{policy_id}")
    checks = []
    for offset, (title, rationale, remediation, cis) in enumerate(catalogue):
        result = rng.choice(_RESULTS)
        check: dict[str, Any] = {
            "id": first + offset,
            "policy_id": policy_id,
            "title": title,
            "description": title,
            "rationale": rationale,
            "remediation": remediation,
            "references": "https://www.cisecurity.org/cis-benchmarks/",
            "condition": "all",
            "result": result,
            "compliance": [{"key": "cis", "value": cis}, {"key": "pci_dss", "value": "2.2"}],
            "rules": [{"type": "command", "rule": "c:true -> r:^placeholder"}],
        }
        if result == "not applicable":
            check["reason"] = "Could not open file or run the command the check needs"
        checks.append(check)
    counted = [c["result"] for c in checks]
    passed, failed = counted.count("passed"), counted.count("failed")
    row = {
        "policy_id": policy_id,
        "name": name,
        "description": f"Prescriptive guidance for a secure configuration posture ({name})",
        "references": "https://www.cisecurity.org/cis-benchmarks/",
        "pass": passed,
        "fail": failed,
        "invalid": counted.count("not applicable"),
        "total_checks": len(checks),
        "score": round(100 * passed / (passed + failed)) if passed + failed else 0,
        "start_scan": scan,
        "end_scan": scan,
        "hash_file": hashlib.sha256(policy_id.encode()).hexdigest(),
    }
    return row, checks


_POLICY_COLL = Collection(
    fields=(
        "policy_id",
        "name",
        "description",
        "references",
        "pass",
        "fail",
        "invalid",
        "total_checks",
        "score",
        "start_scan",
        "end_scan",
        "hash_file",
    ),
    required=("policy_id",),
)
_CHECK_COLL = Collection(
    fields=(
        "id",
        "policy_id",
        "title",
        "description",
        "rationale",
        "remediation",
        "references",
        "condition",
        "result",
        "reason",
        "compliance.*",
        "rules.*",
    ),
    required=("id",),
)
_CHECK_FILTERS = ("title", "description", "rationale", "remediation", "reason", "references", "result", "condition")


def _agent_state(ctx: Ctx, messages: tuple[str, str, str]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """(None, the answer) when the agent cannot be read; else (the agent, {})."""
    agent_id = ctx.path["agent_id"]
    agent = ctx.state.fleet.agent(agent_id)
    if agent is None:
        return None, envelope([], failed=[failed_item(1701, [agent_id])], messages=messages)
    if not ctx.identity.grants.allows_any(agent_resources(agent_id, agent.get("group", [])), "sca:read"):
        return None, envelope([], failed=[failed_item(4000, [agent_id])], messages=messages)
    if not ctx.state.fleet.inventory.get(agent_id):
        raise no_database(agent_id, ctx.state.fleet.node_name)
    return agent, {}


def _scan_time(ctx: Ctx, agent_id: str) -> str:
    tables = ctx.state.fleet.inventory.get(agent_id) or {}
    os_rows = tables.get("os") or [{}]
    scan = str((os_rows[0].get("scan") or {}).get("time") or "")
    return scan.replace("Z", "+00:00")


async def _policies(ctx: Ctx) -> dict[str, Any]:
    agent, answer = _agent_state(ctx, MESSAGES)
    if agent is None:
        return answer
    row, _ = assessment(agent, _scan_time(ctx, agent["id"]))
    query = ctx.list_query(**{name: ctx.params.get(name) for name in ("name", "description", "references")})
    page, total = run([row], _POLICY_COLL, query, ctx.now)
    return envelope(page, total, messages=MESSAGES)


async def _checks(ctx: Ctx) -> dict[str, Any]:
    agent, answer = _agent_state(ctx, CHECK_MESSAGES)
    if agent is None:
        return answer
    row, checks = assessment(agent, _scan_time(ctx, agent["id"]))
    if ctx.path["policy_id"] != row["policy_id"]:
        checks = []
    query = ctx.list_query(**{name: ctx.params.get(name) for name in _CHECK_FILTERS})
    page, total = run(checks, _CHECK_COLL, query, ctx.now)
    return envelope(page, total, messages=CHECK_MESSAGES)


ENDPOINTS = v4_only(  # Wazuh 5.x keeps SCA results in the indexer (wazuh-states-sca)
    [
        Endpoint(
            "GET",
            "/sca/{agent_id}",
            _policies,
            specs(LISTING, name=ParamSpec(), description=ParamSpec(), references=ParamSpec()),
            action="sca:read",
            scoped=True,
            resource_type="agent:id",
            path_formats={"agent_id": "numbers"},
        ),
        Endpoint(
            "GET",
            "/sca/{agent_id}/checks/{policy_id}",
            _checks,
            specs(
                LISTING,
                title=ParamSpec(fmt="alphanumeric_symbols"),
                description=ParamSpec(),
                rationale=ParamSpec(),
                remediation=ParamSpec(),
                reason=ParamSpec(),
                references=ParamSpec(),
                result=alnum(),
                condition=ParamSpec(),
            ),
            action="sca:read",
            scoped=True,
            resource_type="agent:id",
            path_formats={"agent_id": "numbers", "policy_id": "alphanumeric"},
        ),
    ]
)
