"""Replay the oracle's recorded Server API exchanges against the stand-in, and compare.

``reference/wazuh/oracle/api_exchanges.jsonl`` holds 478 lines recorded from a real Wazuh
4.14.7 manager, in order, each a request and the answer it got. The replay sends each request
to a stand-in in the recorded state (``oracle_estate``), in the same order and over real HTTP,
and compares the answer: the status, Wazuh's error codes (the envelope's ``error`` and every
failed item's code), the shape (field names and JSON types, recursively) and the values, except
fields that differ on every run (tokens, times, hashes of generated keys). The decoded-JWT lines
(``method: null``) are compared with the token the stand-in issued at the same point.

What the recording does not hold, the replay supplies, each from the line's own note: which
token a ``bearer`` line used (the admin's, unless the note names the restricted user, a garbage,
tampered or ``alg=none`` token, or an old one), and the time that passed (the 33 s wait for a
30 s token, the 20 s after a restart): the stand-in's clocks are moved instead of waiting.

``ACCEPTED`` lists every difference left, each with why it is acceptable. ``python -m
tests.standin.oracle_replay`` prints the replay's figures and the list; with ``--agent`` it replays the
second recording (``api_exchanges_agent.jsonl``, a connected agent) against ``AGENT_ACCEPTED``.
"""

from __future__ import annotations

import base64
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from standin.server import StandinServer
from tests.standin.oracle_estate import PASSWORDS, agent_recording_server, oracle_server

Row = dict[str, Any]
# Fields whose value differs on every run of any manager (times, tokens, keys, ids of a run).
VOLATILE = frozenset(
    {
        "token",
        "timestamp",
        "dateAdd",
        "lastKeepAlive",
        "uptime",
        "key",
        "uuid",
        "last_check_date",
        "hash_auth_context",
    }
)


@dataclass(frozen=True)
class Accepted:
    """Differences the replay accepts, for one cause: lines whose id matches ``ids``, in the ``aspect``s named."""

    ids: str  # a regular expression on the line id
    aspect: str  # the aspects covered, comma-separated: status, code, shape, value
    reason: str
    where: str = ""  # a regular expression on the difference's JSON path ("" = anywhere)

    def covers(self, line_id: str, diff: Diff) -> bool:
        return (
            diff.aspect in self.aspect.split(",")
            and re.fullmatch(self.ids, line_id) is not None
            and (not self.where or re.search(self.where, diff.where) is not None)
        )


_TEXT = r"/(message|detail|title|remediation)$|^/dapi_errors/.*/error$"
_RULESET = r"state-rules|api-1(2[89]|[345]\d|6[0-4])|rbac2-(1[6-9]|2[01])"
# Uploads whose verdict comes out differently from the recorded API's.
_VERDICTS = r"api2-up-21"
_UNIMPLEMENTED = (
    r"api-(08[7-9]|09[06-9]|10[0-9]|11[0-2])|state-agents-end|api-191|api-2(28|25|46|49|50|51)"
    r"|api-2(5[5-9]|6[0-5])|rbac2-09"
)
ACCEPTED: tuple[Accepted, ...] = (
    Accepted(
        ".*",
        "value",
        "Human-readable texts (messages, details, remediations, titles) are the stand-in's own short wording of "
        "Wazuh's codes, and a 400's detail quotes Wazuh's JSON schemas; status, error codes and shapes are compared "
        "exactly, and the one text the product reads, a 401's detail ('Invalid token' renews the token), agrees "
        "exactly on every recorded 401.",
        where=_TEXT,
    ),
    Accepted(
        _VERDICTS,
        "code,value",
        "The stand-in decides whether an upload loads with the product's rule checks (rule_xml.loader_problems), "
        "which count a rule Wazuh drops with a WARNING (if_sid 'abc') as refused; the recorded API accepted that "
        "file (it refuses on ERROR and CRITICAL lines only). Every other recorded upload verdict agrees.",
    ),
    Accepted(
        _UNIMPLEMENTED + r"|api-110",
        "status,code,shape,value",
        "Endpoints the stand-in does not serve, none of which the product calls: group creation and deletion and "
        "the multi-agent group assignments, a decoder file's content (/decoders/files/{name}), /logtest*, /security/actions, /security/users/me/policies "
        "and PUT /security/users/{id}/run_as (so oracle_ro's run_as login is refused, api-250), and what follows "
        "from them (groups never created, run_as never enabled).",
    ),
    Accepted(
        r"api-18[678]|api-190",
        "shape,value",
        "The stand-in's decoders are Wazuh 4.14.7's by file, name, position and parent (standin/wazuh_decoders.py, "
        "generated), without their text: `details` holds only the parent (Wazuh's holds prematch, regex, order…), "
        "so a search that matches inside a decoder's options finds fewer (6 of 7 for 'apache'). Names, files, "
        "positions and every total the recording gives (1,576 decoders, 121 files, 209 parents) agree.",
    ),
    Accepted(
        _RULESET,
        "value",
        "The stand-in's default ruleset holds Wazuh's rule ids, levels and groups (standin/wazuh_ruleset.py, "
        "generated) in XML of its own, without Wazuh's rule text (descriptions, patterns, details) and from a later "
        "4.14 branch: descriptions, details, some counts and raw files of /rules, /rules/groups, /rules/requirement "
        "and /rules/files differ while their shapes agree.",
    ),
    Accepted(
        r"api-19[3-9]|api-20[0-3]",
        "shape,value",
        "The recording's MITRE database is Wazuh's 50-technique test subset (the oracle README's known deviations), "
        "whose rows lack columns the stand-in fills from the spec; the stand-in serves its own curated techniques.",
    ),
    Accepted(
        r"api-07[4-7]|api-20[4-9]|api-21[0-8]",
        "shape,value",
        "ossec.conf, the manager's logs and daemon statistics are the stand-in's own defaults, not this Debian "
        "install's (values, and some keys inside configuration blocks, log tags and analysisd metrics).",
    ),
    Accepted(
        r"state-groups|api-086|api-094",
        "value",
        "The stand-in's default group holds agent.conf, ar.conf and merged.mg only; the install's holds 24 files, "
        "so its merged.mg hash and file list differ.",
    ),
    Accepted(
        r"api-22[47]|api-229|api-23[45]|api2-rst-5|rbac2-0[67]|rbac2-9[24]",
        "code,shape,value",
        "The default RBAC catalogue (policy names and ids) is the stand-in's own reading of Wazuh's defaults "
        "(34 policies, Wazuh has 35), a weak password is a plain 400 (no 5009 envelope), and a user-role link "
        "answers with the role ids only.",
    ),
    Accepted(
        r"api-03[49]|api-045|api-136|api-197|api-22[123]",
        "shape",
        "Which problem answers carry dapi_errors differs: clients read the status and the error code, which agree.",
    ),
    Accepted(
        "api-056|api-058|api-134|api-178",
        "status,code,shape,value",
        "Parameter edge cases: agents_list '1' is padded rather than refused, '00001' is not matched to 001, q on an "
        "unknown /rules field is a 400 (Wazuh filters to nothing), and an encoded '/' in a file name is a 400 (Wazuh "
        "404s); the product sends none of these.",
    ),
    Accepted(
        "api-062|api-154",
        "shape,value",
        "distinct=true with a select keeps the required id field, so the stand-in does not collapse identical items "
        "(a known gap; the product never asks for distinct).",
    ),
)


@dataclass(frozen=True)
class Diff:
    aspect: str
    where: str
    recorded: str
    got: str

    def __str__(self) -> str:
        return f"{self.aspect} at {self.where or '/'}: recorded {self.recorded}, stand-in {self.got}"


@dataclass
class Outcome:
    row: Row
    diffs: list[Diff]
    accepted: list[tuple[Diff, Accepted]] = field(default_factory=list)

    @property
    def unexplained(self) -> list[Diff]:
        covered = {id(d) for d, _ in self.accepted}
        return [d for d in self.diffs if id(d) not in covered]


def load_rows(path: Path) -> list[Row]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


# --- comparing ------------------------------------------------------------------------------------


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if value is None:
        return "null"
    return type(value).__name__


def _short(value: Any) -> str:
    text = json.dumps(value, sort_keys=True) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 160 else text[:157] + "..."


def compare_shape(recorded: Any, got: Any, where: str = "") -> Iterator[Diff]:
    if _kind(recorded) != _kind(got):
        yield Diff("shape", where, _kind(recorded), _kind(got))
        return
    if isinstance(recorded, dict):
        missing, extra = sorted(set(recorded) - set(got)), sorted(set(got) - set(recorded))
        if missing or extra:
            yield Diff("shape", where, f"keys missing here {missing}", f"extra keys {extra}")
        for key in sorted(set(recorded) & set(got)):
            yield from compare_shape(recorded[key], got[key], f"{where}/{key}")
    elif isinstance(recorded, list):
        for index, (a, b) in enumerate(zip(recorded, got, strict=False)):
            yield from compare_shape(a, b, f"{where}/{index}")


def compare_values(recorded: Any, got: Any, where: str = "") -> Iterator[Diff]:
    if isinstance(recorded, dict) and isinstance(got, dict):
        for key in sorted(set(recorded) & set(got)):
            if key not in VOLATILE:
                yield from compare_values(recorded[key], got[key], f"{where}/{key}")
    elif isinstance(recorded, list) and isinstance(got, list):
        if len(recorded) != len(got):
            yield Diff("value", where, f"{len(recorded)} items {_short(recorded)}", f"{len(got)} items {_short(got)}")
            return
        for index, (a, b) in enumerate(zip(recorded, got, strict=True)):
            yield from compare_values(a, b, f"{where}/{index}")
    elif _kind(recorded) == _kind(got) and recorded != got:
        yield Diff("value", where, _short(recorded), _short(got))


def error_codes(body: Any) -> list[Any]:
    """The envelope's ``error`` and every failed item's code, in order."""
    if not isinstance(body, dict):
        return []
    codes: list[Any] = [body.get("error")]
    data = body.get("data")
    if isinstance(data, dict):
        codes += [(item.get("error") or {}).get("code") for item in data.get("failed_items") or []]
    return codes


def compare(row: Row, status: int, body: Any) -> list[Diff]:
    diffs: list[Diff] = []
    if row["status"] != status:
        diffs.append(Diff("status", "", str(row["status"]), str(status)))
    if error_codes(row["response"]) != error_codes(body):
        diffs.append(Diff("code", "", str(error_codes(row["response"])), str(error_codes(body))))
    diffs += compare_shape(row["response"], body)
    if not (row["path"].startswith("/security/user/authenticate") and isinstance(body, str)):  # a raw token
        diffs += compare_values(row["response"], body)
    return diffs


# --- replaying -------------------------------------------------------------------------------------


def _b64(data: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()


def _claims(token: str) -> tuple[dict[str, Any], dict[str, Any]]:
    head, payload, _ = token.split(".")
    pad = lambda s: s + "=" * (-len(s) % 4)  # noqa: E731
    return json.loads(base64.urlsafe_b64decode(pad(head))), json.loads(base64.urlsafe_b64decode(pad(payload)))


@dataclass
class Replay:
    server: StandinServer
    http: httpx.Client
    tokens: dict[str, str] = field(default_factory=dict)  # role in the recording -> token
    issued: dict[str, str] = field(default_factory=dict)  # line id -> token that line's login gave
    elapsed: float = 0.0  # how long the previous line took on the recorded manager

    def admin(self) -> str:
        token = self.tokens.get("admin")
        if token is None or _claims(token)[1]["exp"] <= self.server.state.issuer.now():
            # the recording logged in again (unrecorded) after a revocation or an expiry
            self.tokens["admin"] = self._login("wazuh")
        return self.tokens["admin"]

    def _login(self, user: str) -> str:
        answer = self.http.post("/security/user/authenticate", auth=(user, PASSWORDS[user]))
        answer.raise_for_status()
        token: str = answer.json()["data"]["token"]
        return token

    def bearer(self, row: Row) -> str:
        note, line = row["note"], row["id"]
        if "garbage token" in note:
            return "not.a.token"
        if "tampered signature" in note:
            head, payload, sig = self.admin().split(".")
            return f"{head}.{payload}.{sig[:-4]}{'AAAA' if sig[-4:] != 'AAAA' else 'BBBB'}"
        if "alg=none" in note:
            _, claims = _claims(self.admin())
            return f"{_b64({'alg': 'none', 'typ': 'JWT'})}.{_b64(claims)}."
        if line in ("api-025", "api-027"):  # the token from before PUT /security/config
            return self.tokens.get("stale", "no.stale.token")
        if "short-lived token" in note:
            return self.tokens.get("short", "no.short.token")
        if line.startswith("rbac2-"):
            return (
                self.tokens.get("oracle_rbac", "no.oracle_rbac.token")
                if row["id"] >= "rbac2-09" and row["id"] < "rbac2-90"
                else self.admin()
            )
        if "oracle_ro" in note and "RBAC" in note:
            return self.tokens.get("oracle_ro", "no.oracle_ro.token")
        return self.admin()

    def headers(self, row: Row) -> dict[str, str]:
        auth, note = row["request_auth"] or "none", row["note"]
        headers: dict[str, str] = {}
        if auth.startswith("basic "):
            user = auth.removeprefix("basic ")
            password = "wrong-password" if "bad password" in note else PASSWORDS.get(user, "whatever-1")
            headers["Authorization"] = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        elif auth == "bearer":
            headers["Authorization"] = f"Bearer {self.bearer(row)}"
        elif "malformed Authorization" in note:
            headers["Authorization"] = self.admin()
        return headers

    def before(self, row: Row) -> None:
        """Time the recording let pass before this line, moved on the stand-in's clocks: the previous
        line's duration and the waits its notes name (the rules cache's is the only clock it reads)."""
        for rule_file in self.server.state.ruleset.files.values():
            rule_file.listed_from -= self.elapsed + (2.0 if "2 s later" in row["note"] else 0.0)
        self.elapsed = float(row.get("elapsed_s") or 0.0)
        if "after expiry" in row["note"]:
            self.server.state.issuer.clock_offset_s += 33
        after_restart = row.get("seconds_after_restart")
        if after_restart and self.server.state.last_restart is not None:
            self.server.state.last_restart -= float(after_restart)

    def after(self, row: Row, status: int, body: Any) -> None:
        method, path, auth = row["method"], row["path"], row["request_auth"] or ""
        if path == "/security/user/authenticate" and status == 200 and auth.startswith("basic "):
            user = auth.removeprefix("basic ")
            token = body if isinstance(body, str) else body["data"]["token"]
            self.issued[row["id"]] = token
            if user == "wazuh":
                self.tokens["admin"] = token
                if row["id"] == "api-026":
                    self.tokens["short"] = token
            else:
                self.tokens[user] = token
        if path == "/security/config" and method in ("PUT", "DELETE") and status == 200:
            self.tokens["stale"] = self.tokens.pop("admin", "no.admin.token")

    def send(self, row: Row) -> tuple[int, Any]:
        headers = self.headers(row)
        body, content = row["body"], None
        if row["method"] == "PUT" and row["path"].startswith("/rules/files/"):
            kind = "application/json" if "JSON content-type" in row["note"] else "application/octet-stream"
            headers["Content-Type"] = kind
            content = (body or "").encode()
            body = None
        answer = self.http.request(
            row["method"], row["path"], params=row["query"] or None, json=body, content=content, headers=headers
        )
        try:
            parsed: Any = answer.json()
        except ValueError:
            parsed = answer.text
        if isinstance(row["response"], str) and not isinstance(parsed, str):
            parsed = answer.text  # raw answers that happen to parse as JSON
        return answer.status_code, parsed

    def claims_line(self, row: Row) -> list[Diff]:
        source = {"auth-claims": "api-006", "auth-claims-short": "api-026", "auth-claims-ro": "api-236"}[row["id"]]
        if source not in self.issued:
            return [Diff("value", "", f"a token from {source}", "no token")]
        header, payload = _claims(self.issued[source])
        got = {"header": header, "payload": payload}
        diffs = list(compare_shape(row["response"], got))
        recorded = row["response"]["payload"]
        for key in sorted(set(recorded) - {"nbf", "exp"}):
            if payload.get(key) != recorded[key]:
                diffs.append(Diff("value", f"/payload/{key}", _short(recorded[key]), _short(payload.get(key))))
        if header != row["response"]["header"]:
            diffs.append(Diff("value", "/header", _short(row["response"]["header"]), _short(header)))
        lifetime = recorded["exp"] - recorded["nbf"]
        if payload.get("exp", 0) - payload.get("nbf", 0) != lifetime:
            diffs.append(
                Diff("value", "/payload/exp-nbf", str(lifetime), str(payload.get("exp", 0) - payload.get("nbf", 0)))
            )
        return diffs

    def run(self, rows: list[Row]) -> list[Outcome]:
        outcomes = []
        for row in rows:
            if row["method"] is None:
                outcomes.append(Outcome(row, self.claims_line(row)))
                continue
            self.before(row)
            status, body = self.send(row)
            self.after(row, status, body)
            outcomes.append(Outcome(row, compare(row, status, body)))
        for outcome in outcomes:
            for diff in outcome.diffs:
                rule = next((a for a in ACCEPTED if a.covers(outcome.row["id"], diff)), None)
                if rule is not None:
                    outcome.accepted.append((diff, rule))
        return outcomes


# --- the second recording: a connected agent (``api_exchanges_agent.jsonl``, README section D) ------

_AGENT_DATA = r"t4-ex-0(1[2-9]|2[0-5]|3[02])"
AGENT_ACCEPTED: tuple[Accepted, ...] = (
    Accepted(
        _AGENT_DATA,
        "value",
        "The connected agent's inventory, FIM database and SCA results are the stand-in's own agent's (its "
        "processes, packages, ports, addresses, users, groups, watched files and policy, drawn from its estate), "
        "not the recorded machine's; their status, codes and shapes are compared exactly. The recorded agent's SCA "
        "list was still empty (its first scan had not ended); the stand-in's agent has one policy.",
    ),
    Accepted(
        r"t4-ex-00[234]|t4-ex-031",
        "value",
        "Counters and clock times of a run (messages, events and bytes by kind, keepalives, a scan's start and "
        "end, the stats windows): the stand-in's own counts and clock.",
    ),
    Accepted(
        "t4-ex-000",
        "value",
        "The agent's record: the default group's merged.mg sum (the stand-in's group holds other files) and the "
        "uname the agent reported (the recorded agent ran on the manager's machine, host 'vm').",
        where=r"^/data/affected_items/0/(mergedSum|os/uname)$",
    ),
    Accepted(
        r"t4-ex-00[57]",
        "value",
        "Install-specific values: the manager's address (the recording's loopback 127.0.0.1, the stand-in's "
        "'wazuh-manager') and the agent's install path (the recording writes AGENT_HOME, the stand-in /var/ossec).",
        where=r"/(address|manager_address|file)$",
    ),
)
"""What the replay of the second recording accepts: values only, each where the stand-in's data is its own.
Status, Wazuh's error codes and shapes are held on every line, and the response actions, group changes and
agent restarts (t4-ex-009/010, 034–047) agree value for value."""


def replay_agent(path: Path) -> list[Outcome]:
    """Every line of the second recording, in order, sent to a stand-in in its state (one admin token, as
    the recording used). A 400's ``detail`` quotes Wazuh's JSON schema in its own words and is not
    compared (the first replay's ``ACCEPTED``); every other text is."""
    outcomes = []
    with agent_recording_server() as server, httpx.Client(base_url=server.url, timeout=30) as http:
        basic = base64.b64encode(f"wazuh:{PASSWORDS['wazuh']}".encode()).decode()
        login = http.post("/security/user/authenticate", headers={"Authorization": f"Basic {basic}"})
        headers = {"Authorization": f"Bearer {login.json()['data']['token']}"}
        for row in load_rows(path):
            content = json.dumps(row["body"]).encode() if row["body"] is not None else None
            sent = {**headers, "Content-Type": "application/json"} if content is not None else headers
            answer = http.request(
                row["method"], row["path"], params=row["query"] or None, content=content, headers=sent
            )
            diffs = [d for d in compare(row, answer.status_code, answer.json()) if not _schema_text(row, d)]
            outcome = Outcome(row, diffs)
            for diff in diffs:
                rule = next((a for a in AGENT_ACCEPTED if a.covers(row["id"], diff)), None)
                if rule is not None:
                    outcome.accepted.append((diff, rule))
            outcomes.append(outcome)
    return outcomes


def _schema_text(row: Row, diff: Diff) -> bool:
    return bool(row["status"] == 400 and diff.aspect == "value" and diff.where == "/detail")


def replay(path: Path) -> list[Outcome]:
    with oracle_server() as server, httpx.Client(base_url=server.url, timeout=30) as http:
        return Replay(server, http).run(load_rows(path))


def report(outcomes: list[Outcome], accepted: tuple[Accepted, ...] = ACCEPTED) -> str:
    exact = sum(1 for o in outcomes if not o.diffs)
    explained = sum(1 for o in outcomes if o.diffs and not o.unexplained)
    lines = [
        f"{len(outcomes)} lines replayed: {exact} agree exactly, {explained} agree but for accepted differences, "
        f"{len(outcomes) - exact - explained} disagree",
        "",
        "Accepted differences (lines matched, aspect, reason):",
    ]
    for rule in accepted:
        hits = sum(1 for o in outcomes if any(r is rule for _, r in o.accepted))
        lines.append(f"- [{rule.aspect}] {rule.ids} ({hits} lines): {rule.reason}")
    disagreeing = [o for o in outcomes if o.unexplained]
    if disagreeing:
        lines += ["", "Disagreements:"]
        for outcome in disagreeing:
            row = outcome.row
            lines.append(f"{row['id']} {row['method']} {row['path']} {row['query']} ({row['note']})")
            lines += [f"    {d}" for d in outcome.unexplained[:6]]
    return "\n".join(lines)


if __name__ == "__main__":
    from tests.conftest import shared_dir

    shared = shared_dir()
    if shared is None:
        sys.exit("the oracle data (../shared/reference/wazuh/oracle) is not present")
    oracle = shared / "reference/wazuh/oracle"
    if sys.argv[1:] == ["--agent"]:  # the second recording, with a connected agent
        print(report(replay_agent(oracle / "api_exchanges_agent.jsonl"), AGENT_ACCEPTED))
    else:
        print(report(replay(oracle / "api_exchanges.jsonl")))
