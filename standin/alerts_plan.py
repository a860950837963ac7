"""When, where and what: the alert generator's schedule, before any document is rendered.

A plan is a list of small ``Spec`` records (seconds before ``now``, a kind, an agent, parameters).
Each scenario gets a share of the requested count and spends it exactly; every scenario first
places a few "anchored" events in the last hour and the last day, so any slice of the dataset has
something fresh to triage. Times are offsets from ``now``; only the diurnal shape looks at now's
time of day, so shifting ``now`` by whole days shifts every timestamp and changes nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from standin.alerts_catalogue import (
    ATTACKERS,
    EXISTING_USERS,
    GUESSED_USERS,
    LINUX_ADDED_PATHS,
    LINUX_ADMINS,
    LINUX_FIM_PATHS,
    OFFICE_NET,
    OFFICE_USERS,
    ROOTCHECK_FINDINGS,
    SQLI_URLS,
    VPN_POOL,
    WEB_PROBES,
    WINDOWS_FIM_PATHS,
    WINDOWS_GUESSES,
    WINDOWS_USERS,
)
from standin.estate import Agent, Estate
from standin.vulns_catalogue import Finding

DAY = 86_400
HOUR = 3_600
MINUTE = 60

# Relative activity per UTC hour: people work 07-19, machines and attackers do not sleep.
_DIURNAL = (
    0.15,
    0.1,
    0.1,
    0.1,
    0.12,
    0.2,
    0.35,
    0.6,
    0.9,
    1.0,
    1.0,
    0.95,
    0.85,
    0.95,
    1.0,
    1.0,
    0.95,
    0.8,
    0.6,
    0.45,
    0.35,
    0.3,
    0.25,
    0.2,
)

# Share of the requested count per scenario; "noise" takes whatever the others leave.
WEIGHTS: dict[str, float] = {
    "ssh_session": 0.13,
    "sudo": 0.07,
    "auth_fail": 0.05,
    "ssh_bruteforce": 0.16,
    "win_logon": 0.09,
    "win_bruteforce": 0.05,
    "web_attack": 0.08,
    "fim": 0.05,
    "rootcheck": 0.02,
    "vuln": 0.02,
    "agent_state": 0.03,
    "packages": 0.05,
    "families": 0.08,
}


@dataclass(frozen=True, slots=True)
class Spec:
    ago_ms: int  # milliseconds before now
    seq: int  # tie-breaker: the order the planner made it in
    kind: str
    agent: Agent
    params: tuple[Any, ...]


def _web_log(agent: Agent) -> str:
    names = {p.name for p in agent.packages}
    if "apache2" in names:
        return "/var/log/apache2/access.log"
    if "httpd" in names:
        return "/var/log/httpd/access_log"
    return "/var/log/nginx/access.log"


class Planner:
    def __init__(self, estate: Estate, *, now_tod_s: int, days: int, seed: int, findings: Sequence[Finding]) -> None:
        self.rng = random.Random(seed)
        self.window = days * DAY
        self.now_tod = now_tod_s
        self.findings = findings
        self.specs: list[Spec] = []
        connected = [a for a in estate.agents if a.status in ("active", "disconnected") and a.packages]
        self.manager = next(a for a in estate.agents if a.id == "000")
        self.linux = [a for a in connected if a.os.family == "linux"]
        self.windows = [a for a in connected if a.os.family == "windows"]
        self.mac = [a for a in connected if a.os.family == "darwin"]
        self.exposed = [a for a in self.linux if {"dmz", "webservers"} & set(a.groups)] or self.linux
        web = [a for a in self.linux if {"nginx", "apache2", "httpd"} & {p.name for p in a.packages}]
        self.web = web or [a for a in self.linux if "webservers" in a.groups] or self.linux
        self.dcs = [a for a in self.windows if "domain-controllers" in a.groups] or self.windows
        self.all = connected
        self.jump_hosts = [a for a in self.linux if "dmz" in a.groups]

    # -- time and place ---------------------------------------------------------------------------

    def dead_s(self, agent: Agent) -> int:
        """Seconds since a disconnected agent last reported: it cannot have alerts after that."""
        if agent.status == "disconnected":
            return (agent.last_keepalive_minutes_ago or 0) * MINUTE + 30
        return 0

    def when(self, agent: Agent, diurnal: float, span: float = 0.0) -> float | None:
        """A time (seconds ago) for something lasting ``span`` seconds, shaped by the time of day."""
        lo = self.dead_s(agent) + span + 1
        if lo >= self.window:
            return None
        ago = lo
        for _ in range(24):
            ago = self.rng.uniform(lo, self.window)
            hour = int(((self.now_tod - ago) % DAY) // HOUR)
            if self.rng.random() <= 1 - diurnal + diurnal * _DIURNAL[hour]:
                break
        return ago

    def pick(self, pool: Sequence[Agent], *, active: bool = False) -> Agent:
        candidates = [a for a in pool if a.status == "active"] if active else list(pool)
        candidates = [a for a in candidates if self.dead_s(a) < self.window * 0.9] or [self.manager]
        return self.rng.choice(candidates)

    def add(self, ago_s: float, kind: str, agent: Agent, *params: Any) -> None:
        self.specs.append(Spec(max(0, int(ago_s * 1000)), len(self.specs), kind, agent, params))

    def internal_ip(self) -> str:
        if self.jump_hosts and self.rng.random() < 0.3:
            return self.rng.choice(self.jump_hosts).ip
        base = VPN_POOL if self.rng.random() < 0.5 else OFFICE_NET
        return f"{base}{self.rng.randint(2, 250)}"

    def attacker(self) -> tuple[str, str, str, str, float, float]:
        # A few addresses do most of the work, as on any internet-facing estate.
        return self.rng.choices(ATTACKERS, weights=[30, 22, 14, 10, 6, 5, 4, 3, 3, 3])[0]


# --- scenarios: each spends exactly its budget (or less, leaving the rest to noise) ------------------

Emit = list[tuple[float, str, Agent, tuple[Any, ...]]]


def _spend(p: Planner, budget: int, events: Emit) -> int:
    """Add as many of ``events`` as the budget allows; return what is left."""
    for ago, kind, agent, params in events[:budget]:
        p.add(ago, kind, agent, *params)
    return budget - min(budget, len(events))


def _ssh_session(p: Planner, agent: Agent, start: float) -> Emit:
    user = p.rng.choice(LINUX_ADMINS)
    src = p.internal_ip()
    port = p.rng.randint(40000, 65000)
    method = "publickey" if p.rng.random() < 0.8 else "password"
    events: Emit = [(start, "ssh_ok", agent, (user, src, port, method)), (start - 0.2, "pam_open", agent, (user,))]
    end = start - p.rng.uniform(40, 3 * HOUR)
    if end > p.dead_s(agent):
        events.append((max(end, 0.5), "pam_close", agent, (user,)))
    return events


def plan_ssh_session(p: Planner, budget: int) -> int:
    anchors = [
        (p.pick(p.linux, active=True), p.rng.uniform(4 * MINUTE, 20 * MINUTE)),
        (p.pick(p.linux, active=True), p.rng.uniform(2 * HOUR, 5 * HOUR)),
    ]
    for agent, at in anchors:
        budget = _spend(p, budget, _ssh_session(p, agent, at))
    while budget > 0:
        agent = p.pick([*p.linux, p.manager])
        start = p.when(agent, 0.85)
        if start is not None:
            budget = _spend(p, budget, _ssh_session(p, agent, start))
    return 0


def plan_sudo(p: Planner, budget: int) -> int:
    def burst(agent: Agent, at: float, fail_first: bool) -> Emit:
        user = p.rng.choice([u for u in LINUX_ADMINS if u != "root"])
        events: Emit = []
        if fail_first:
            events += [(at + 6 * i + 4, "sudo_fail", agent, (user,)) for i in range(p.rng.randint(1, 3))]
        events.append((at, "sudo_ok", agent, (user,)))
        return events

    budget = _spend(p, budget, burst(p.pick(p.linux, active=True), p.rng.uniform(5 * MINUTE, 15 * MINUTE), True))
    while budget > 0:
        agent = p.pick(p.linux)
        at = p.when(agent, 0.85, span=30)
        if at is not None:
            budget = _spend(p, budget, burst(agent, at, p.rng.random() < 0.12))
    return 0


def plan_auth_fail(p: Planner, budget: int) -> int:
    """Staff mistyping passwords: one sshd failure and the PAM line that goes with it."""

    def typo(agent: Agent, at: float) -> Emit:
        user = p.rng.choice(LINUX_ADMINS)
        src = p.internal_ip()
        port = p.rng.randint(40000, 65000)
        return [
            (at, "ssh_fail", agent, (user, src, None, "5760", port)),
            (at - 0.01, "pam_fail", agent, (user, src, None)),
        ]

    budget = _spend(p, budget, typo(p.pick(p.linux, active=True), p.rng.uniform(20 * MINUTE, 50 * MINUTE)))
    while budget > 0:
        agent = p.pick(p.linux)
        at = p.when(agent, 0.85)
        if at is not None:
            budget = _spend(p, budget, typo(agent, at))
    return 0


def _ssh_campaign(p: Planner, agent: Agent, start: float, size: int, *, alternate: bool) -> Emit:
    attacker = p.attacker()
    events: Emit = []
    invalid = failed = 0
    at = start
    for i in range(size):
        user = p.rng.choice(GUESSED_USERS)
        if alternate:  # anchored campaigns show both correlation rules for sure
            user = (
                p.rng.choice(sorted(EXISTING_USERS))
                if i % 2
                else p.rng.choice([u for u in GUESSED_USERS if u not in EXISTING_USERS])
            )
        port = p.rng.randint(30000, 65000)
        if user in EXISTING_USERS:
            failed += 1
            rule = "5760" if p.rng.random() < 0.8 else "5716"
            events.append((at, "ssh_fail", agent, (user, attacker[0], attacker, rule, port)))
            if p.rng.random() < 0.25:
                events.append((at - 0.001, "pam_fail", agent, (user, attacker[0], attacker)))
            if failed % 8 == 0:
                events.append((at - 0.002, "ssh_multi_fail", agent, (user, attacker[0], attacker, "5720", port)))
        else:
            invalid += 1
            events.append((at, "ssh_invalid", agent, (user, attacker[0], attacker, "5710", port)))
            if invalid % 8 == 0:
                events.append((at - 0.001, "ssh_bruteforce", agent, (user, attacker[0], attacker, "5712", port)))
        at -= p.rng.uniform(0.6, 4.5)
        if at <= 0.2:
            break
    return events


def plan_ssh_bruteforce(p: Planner, budget: int) -> int:
    size = min(34, max(16, budget // 4))
    budget = _spend(
        p,
        budget,
        _ssh_campaign(p, p.pick(p.exposed, active=True), p.rng.uniform(22 * MINUTE, 32 * MINUTE), size, alternate=True),
    )
    budget = _spend(
        p,
        budget,
        _ssh_campaign(p, p.pick(p.exposed, active=True), p.rng.uniform(6 * HOUR, 18 * HOUR), size, alternate=True),
    )
    while budget > 0:
        agent = p.pick(p.exposed if p.rng.random() < 0.7 else p.linux)
        size = int(min(400, 10 + p.rng.expovariate(1 / 60)))
        start = p.when(agent, 0.15, span=size * 3)
        if start is not None:
            budget = _spend(p, budget, _ssh_campaign(p, agent, start, size, alternate=False))
    return 0


def plan_win_logon(p: Planner, budget: int) -> int:
    def logon(agent: Agent, at: float, ok: bool) -> Emit:
        user = p.rng.choice(WINDOWS_USERS)
        src = p.internal_ip() if p.rng.random() < 0.7 else "-"
        return [(at, "win_ok" if ok else "win_fail", agent, (user, src, None))]

    if p.windows:
        budget = _spend(p, budget, logon(p.pick(p.dcs, active=True), p.rng.uniform(3 * MINUTE, 20 * MINUTE), True))
        budget = _spend(p, budget, logon(p.pick(p.windows, active=True), p.rng.uniform(1 * HOUR, 3 * HOUR), False))
        while budget > 0:
            agent = p.pick(p.dcs if p.rng.random() < 0.5 else p.windows)
            at = p.when(agent, 0.85)
            if at is not None:
                budget = _spend(p, budget, logon(agent, at, p.rng.random() < 0.85))
    return budget


def _win_campaign(p: Planner, agent: Agent, start: float, size: int, *, breach: bool) -> Emit:
    attacker = p.attacker()
    events: Emit = []
    at = start
    for i in range(1, size + 1):
        user = p.rng.choice(WINDOWS_GUESSES)
        events.append((at, "win_fail", agent, (user, attacker[0], attacker)))
        if i % 8 == 0:
            events.append((at - 0.001, "win_bruteforce", agent, (user, attacker[0], attacker)))
        at -= p.rng.uniform(1.5, 9.0)
        if at <= 0.2:
            return events
    if breach:  # the story a triage should catch: failures, then a success from the same address
        events.append((at, "win_ok", agent, ("Administrator", attacker[0], attacker)))
    return events


def plan_win_bruteforce(p: Planner, budget: int) -> int:
    if not p.windows:
        return budget
    budget = _spend(
        p,
        budget,
        _win_campaign(p, p.pick(p.dcs, active=True), p.rng.uniform(40 * MINUTE, 55 * MINUTE), 16, breach=False),
    )
    while budget > 0:
        agent = p.pick(p.windows)
        size = int(min(200, 8 + p.rng.expovariate(1 / 40)))
        start = p.when(agent, 0.1, span=size * 6)
        if start is not None:
            budget = _spend(p, budget, _win_campaign(p, agent, start, size, breach=p.rng.random() < 0.04))
    return 0


def _web_campaign(p: Planner, agent: Agent, start: float, probes: int, sqli: int, success: bool) -> Emit:
    attacker = p.attacker()
    log = _web_log(agent)
    events: Emit = []
    at = start
    for i in range(1, probes + 1):
        method, url, status = p.rng.choice(WEB_PROBES)
        events.append((at, "web_400", agent, (attacker, log, method, url, status)))
        if i % 14 == 0:
            events.append((at - 0.001, "web_scan", agent, (attacker, log, method, url, status)))
        at -= p.rng.uniform(0.05, 2.0)
    for i in range(sqli):
        url = p.rng.choice(SQLI_URLS)
        hit = success and i == sqli - 1
        events.append((at, "web_sqli", agent, (attacker, log, "GET", url, "200" if hit else "500")))
        if hit:
            events.append((at - 0.001, "web_success", agent, (attacker, log, "GET", url, "200")))
        at -= p.rng.uniform(0.2, 3.0)
    return [e for e in events if e[0] > 0.1]


def plan_web_attack(p: Planner, budget: int) -> int:
    budget = _spend(
        p, budget, _web_campaign(p, p.pick(p.web, active=True), p.rng.uniform(35 * MINUTE, 50 * MINUTE), 15, 3, True)
    )
    while budget > 0:
        agent = p.pick(p.web)
        probes = int(min(300, 4 + p.rng.expovariate(1 / 40)))
        sqli = p.rng.randint(1, 12) if p.rng.random() < 0.3 else 0
        start = p.when(agent, 0.2, span=probes * 2 + sqli * 3)
        if start is not None:
            budget = _spend(p, budget, _web_campaign(p, agent, start, probes, sqli, sqli > 0 and p.rng.random() < 0.25))
    return 0


def _fim_event(p: Planner, agent: Agent, at: float, event: str, path: str | None = None) -> Emit:
    if agent.os.family == "windows":
        chosen = path or p.rng.choice(WINDOWS_FIM_PATHS)[0]
    elif event == "added":
        chosen = path or p.rng.choice(LINUX_ADDED_PATHS)
    else:
        chosen = path or p.rng.choice(LINUX_FIM_PATHS)[0]
    return [(at, f"fim_{event}", agent, (chosen,))]


def plan_fim(p: Planner, budget: int) -> int:
    anchors: list[tuple[Agent, float, str, str | None]] = [
        (p.pick(p.linux, active=True), p.rng.uniform(10 * MINUTE, 30 * MINUTE), "modified", "/etc/ssh/sshd_config"),
        (p.pick(p.linux, active=True), p.rng.uniform(4 * HOUR, 6 * HOUR), "added", "/usr/bin/.sshd"),
        (p.pick(p.linux, active=True), p.rng.uniform(10 * HOUR, 14 * HOUR), "deleted", None),
    ]
    if p.windows:
        anchors.append(
            (
                p.pick(p.windows, active=True),
                p.rng.uniform(1 * HOUR, 3 * HOUR),
                "modified",
                "c:\\windows\\system32\\drivers\\etc\\hosts",
            )
        )
    for agent, anchored_at, event, path in anchors:
        budget = _spend(p, budget, _fim_event(p, agent, anchored_at, event, path))
    while budget > 0:
        agent = p.pick(p.linux + p.windows + p.mac + [p.manager])
        at = p.when(agent, 0.5)
        if at is not None:
            event = p.rng.choices(("modified", "added", "deleted"), weights=(6, 2, 2))[0]
            budget = _spend(p, budget, _fim_event(p, agent, at, event))
    return 0


def plan_rootcheck(p: Planner, budget: int) -> int:
    for rule, hours in (("510", 2), ("516", 8), ("519", 16)):
        title = p.rng.choice([t for r, t in ROOTCHECK_FINDINGS if r == rule])
        budget = _spend(
            p,
            budget,
            [
                (
                    p.rng.uniform(hours * HOUR, (hours + 3) * HOUR),
                    "rootcheck",
                    p.pick(p.linux, active=True),
                    (rule, title),
                )
            ],
        )
    while budget > 0:
        agent = p.pick([*p.linux, p.manager])
        at = p.when(agent, 0.0)
        if at is not None:
            rule, title = p.rng.choices(ROOTCHECK_FINDINGS, weights=(1, 1, 1, 6, 6, 6, 1, 1))[0]
            budget = _spend(p, budget, [(at, "rootcheck", agent, (rule, title))])
    return 0


def plan_vuln(p: Planner, budget: int) -> int:
    """Alerts for the most recent detections (the findings come most recent first)."""
    events: Emit = [(f.detected_ago_s, "vuln", f.agent, (f,)) for f in p.findings if f.detected_ago_s < p.window]
    return _spend(p, budget, events)


def plan_agent_state(p: Planner, budget: int) -> int:
    def restart(agent: Agent, at: float) -> Emit:
        return [(at, "agent_stopped", agent, ()), (at - p.rng.uniform(5, 40), "agent_started", agent, ())]

    def reboot(agent: Agent, at: float) -> Emit:
        return [(at, "shutdown", agent, ()), (at - p.rng.uniform(60, 180), "agent_started", agent, ())]

    budget = _spend(p, budget, restart(p.pick(p.all, active=True), p.rng.uniform(2 * HOUR, 8 * HOUR)))
    budget = _spend(p, budget, reboot(p.pick(p.linux, active=True), p.rng.uniform(10 * HOUR, 20 * HOUR)))
    for agent in p.all:  # the manager notices each agent that went quiet
        if agent.status == "disconnected" and p.dead_s(agent) < p.window:
            budget = _spend(p, budget, [(p.dead_s(agent) - 29, "agent_disconnected", p.manager, (agent,))])
    while budget > 0:
        agent = p.pick(p.all)
        at = p.when(agent, 0.3, span=200)
        if at is not None:
            is_reboot = agent.os.family == "linux" and p.rng.random() < 0.3
            budget = _spend(p, budget, reboot(agent, at) if is_reboot else restart(agent, at))
    return 0


def plan_packages(p: Planner, budget: int) -> int:
    def batch(agent: Agent, at: float, size: int) -> Emit:
        kind = "dpkg" if agent.packages and agent.packages[0].format == "deb" else "yum"
        return [(at - i * p.rng.uniform(0.5, 4), kind, agent, (p.rng.random() < 0.1,)) for i in range(size)]

    budget = _spend(p, budget, batch(p.pick(p.linux, active=True), p.rng.uniform(2 * HOUR, 4 * HOUR), 1))
    while budget > 0:
        agent = p.pick(p.linux)
        at = p.when(agent, 0.4, span=60)
        if at is not None:
            budget = _spend(p, budget, batch(agent, at, p.rng.randint(1, 6)))
    return 0


def plan_families(p: Planner, budget: int) -> int:
    """Linux audit, Sysmon, AWS (GuardDuty, CloudTrail), SCA and Office 365: each once in the last hour,
    then spread over the window. The AWS and Office 365 wodles run on the manager."""

    def one(kind: str, at: float | None = None) -> Emit:
        params: tuple[Any, ...]
        if kind == "audit_cmd":
            agent, params = p.pick(p.linux, active=True), (p.rng.choice(LINUX_ADMINS),)
        elif kind == "sysmon_process":
            agent, params = p.pick(p.windows or p.linux, active=True), (p.rng.choice(WINDOWS_USERS),)
        elif kind == "sca_check":
            agent, params = p.pick(p.linux, active=True), ()
        elif kind == "guardduty_probe":
            agent, params = p.manager, (p.attacker(),)
        else:  # cloudtrail_login, office365_login
            failed = p.rng.random() < 0.4
            src = p.attacker()[0] if failed else "198.51.100.23"
            users = OFFICE_USERS if kind == "office365_login" else ("deploy", "asmith", "ci-bot")
            agent, params = p.manager, (p.rng.choice(users), src, failed)
        when = at if at is not None else p.when(agent, 0.4)
        return [] if when is None else [(when, kind, agent, params)]

    kinds = ("audit_cmd", "sysmon_process", "sca_check", "guardduty_probe", "cloudtrail_login", "office365_login")
    for kind in kinds:
        budget = _spend(p, budget, one(kind, p.rng.uniform(2 * MINUTE, 50 * MINUTE)))
    while budget > 0:
        kind = p.rng.choices(kinds, weights=(5, 3, 2, 1, 1, 2))[0]
        budget = _spend(p, budget, one(kind))
    return 0


def plan_noise(p: Planner, budget: int) -> int:
    budget = _spend(
        p, budget, [(p.rng.uniform(1 * MINUTE, 10 * MINUTE), "syslog_error", p.pick(p.linux, active=True), ())]
    )
    while budget > 0:
        agent = p.pick([*p.linux, p.manager])
        at = p.when(agent, 0.3)
        if at is not None:
            kind = "promisc" if p.rng.random() < 0.08 else "syslog_error"
            budget = _spend(p, budget, [(at, kind, agent, ())])
    return 0


PLANNERS: dict[str, Callable[[Planner, int], int]] = {
    "ssh_session": plan_ssh_session,
    "sudo": plan_sudo,
    "auth_fail": plan_auth_fail,
    "ssh_bruteforce": plan_ssh_bruteforce,
    "win_logon": plan_win_logon,
    "win_bruteforce": plan_win_bruteforce,
    "web_attack": plan_web_attack,
    "fim": plan_fim,
    "rootcheck": plan_rootcheck,
    "vuln": plan_vuln,
    "agent_state": plan_agent_state,
    "packages": plan_packages,
    "families": plan_families,
}


def plan(
    estate: Estate, *, now_tod_s: int, days: int, count: int, seed: int, findings: Sequence[Finding]
) -> list[Spec]:
    """Exactly ``count`` specs, oldest first."""
    p = Planner(estate, now_tod_s=now_tod_s, days=days, seed=seed, findings=findings)
    leftover = 0
    for name, planner in PLANNERS.items():
        leftover += planner(p, int(count * WEIGHTS[name]))
    plan_noise(p, count - len(p.specs))
    assert len(p.specs) == count, (len(p.specs), count, leftover)
    return sorted(p.specs, key=lambda s: (-s.ago_ms, s.seq))
