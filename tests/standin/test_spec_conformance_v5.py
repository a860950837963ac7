"""The stand-in's generation 5 (``StandinConfig(generation=5)``) answers as Wazuh 5.0.0's Server API.

Everything here is computed from Wazuh's two OpenAPI specs in ``../shared/reference`` (skipped without them):
the 5.0 operations, the 92 operations 5.0 removed (4.14.7's minus 5.0's) and the 4 it added. Every operation
the 5.0 stand-in serves is one of 5.0's; every removed one is refused as 5.0 routes an unknown request (404,
or 405 where the path is another 5.0 operation's); every added one is served; and every answer the cases
and the derived requests get validates against the 5.0 spec's schema for its status.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import yaml

from standin.app import StandinConfig, endpoints
from standin.fleet import set_agent_version
from standin.server import StandinServer
from tests.standin.conftest import login
from tests.standin.spec_validator import Spec, load_spec
from tests.standin.test_spec_conformance import _check, derived_cases, endpoint_of

V5 = endpoints(5)
METHODS = ("get", "put", "post", "delete")

# (user or None for no token, method, url, expected status), on the single-node 5.0 stand-in
CASES: list[tuple[str | None, str, str, int]] = [
    ("wazuh", "GET", "/", 200),
    ("wazuh", "GET", "/cluster/status", 200),
    ("wazuh", "GET", "/cluster/nodes", 200),
    ("wazuh", "GET", "/cluster/healthcheck", 200),
    ("wazuh", "GET", "/cluster/local/info", 200),
    ("wazuh", "GET", "/cluster/local/config", 200),
    ("wazuh", "GET", "/cluster/node01/status", 200),
    ("wazuh", "GET", "/cluster/node01/info", 200),
    ("wazuh", "GET", "/cluster/nope/status", 200),  # a failed item 1730, as for 4.x
    ("wazuh", "PUT", "/agents/reload?agents_list=001,004,999", 200),  # 004 never connected: 1761; 999: 1701
    ("wazuh", "PUT", "/agents/reload", 200),
    ("wazuh", "PUT", "/agents/001/reload", 200),
    ("wazuh", "PUT", "/agents/000/reload", 200),  # 5.0 has no agent 000: 1701
    ("wazuh", "PUT", "/agents/abc/reload", 400),
    ("wazuh", "PUT", "/agents/group/default/reload", 200),
    ("wazuh", "PUT", "/agents/group/nope/reload", 404),
    ("wazuh", "PUT", "/agents/restart?agents_list=001,002,004", 200),
    ("wazuh", "PUT", "/agents/001/restart", 200),
    ("wazuh", "PUT", "/cluster/reload", 202),
    ("wazuh", "PUT", "/cluster/restart", 202),
    ("analyst", "PUT", "/agents/reload?agents_list=001", 403),
    ("analyst", "PUT", "/agents/001/reload", 403),
    ("analyst", "PUT", "/cluster/reload", 403),
    ("cluster-ro", "GET", "/cluster/nodes", 200),
    ("cluster-ro", "PUT", "/cluster/restart", 403),
    (None, "PUT", "/agents/reload", 401),
    ("wazuh", "PUT", "/agents/001/group/dmz", 200),
    ("wazuh", "DELETE", "/agents/001/group/dmz", 200),
    ("wazuh", "PUT", "/agents/000/group/dmz", 200),  # 1701 now, not 4.x's 1703
    ("wazuh", "POST", "/security/roles/1/rules?rule_ids=1", 200),
    ("wazuh", "POST", "/security/users/999/roles?role_ids=1", 200),
    ("wazuh", "GET", "/agents", 200),
    ("wazuh", "GET", "/agents?limit=5&offset=2&sort=-name&select=name,os.platform,os.type,group", 200),
    ("wazuh", "GET", "/agents?os.type=linux&os.major=22&os.arch=x86_64", 200),
    ("wazuh", "GET", "/agents?q=os.type=windows;status=active", 200),
    ("wazuh", "GET", "/agents?agents_list=000,001", 200),
    ("wazuh", "GET", "/agents?os.major=abc", 400),
    ("wazuh", "GET", "/agents?node_name=node01", 400),  # 5.0 removed node_name, manager, group_config_status
    ("wazuh", "GET", "/agents?manager=wazuh-manager", 400),
    ("wazuh", "GET", "/agents?group_config_status=synced", 400),
    ("wazuh", "GET", "/agents?select=node_name", 400),
    ("wazuh", "GET", "/agents/stats/distinct?fields=os.type,status", 200),
    ("wazuh", "GET", "/agents/stats/distinct?fields=node_name", 400),
    ("wazuh", "GET", "/agents/summary/status", 200),
    ("wazuh", "GET", "/groups/default/files/agent.conf?type=conf", 200),
    ("wazuh", "GET", "/groups/default/files/agent.conf?type=rootkit_files", 400),
    ("wazuh", "GET", "/cluster/node01/configuration?section=indexer", 200),
    ("wazuh", "GET", "/cluster/node01/configuration?section=syscheck", 400),
    ("wazuh", "GET", "/cluster/node01/configuration/wazuh-manager-db/wdb", 200),
    ("wazuh", "GET", "/cluster/node01/configuration/request/remote", 200),
    ("wazuh", "GET", "/cluster/node01/configuration/analysis/global", 400),
    ("wazuh", "GET", "/cluster/node01/configuration/auth/wdb", 400),
    ("wazuh", "GET", "/cluster/node01/logs?tag=wazuh-manager-analysisd&limit=3", 200),
    ("wazuh", "GET", "/cluster/node01/logs/summary", 200),
    ("wazuh", "GET", "/cluster/node01/daemons/stats?daemons_list=wazuh-manager-db", 200),
    ("wazuh", "GET", "/cluster/node01/daemons/stats?daemons_list=wazuh-db", 400),
    ("wazuh", "GET", "/cluster/api/config", 200),
    ("wazuh", "GET", "/cluster/configuration/validation", 200),
]

SAMPLE_REMOVED_PATH_VALUES = {
    "agent_id": "001",
    "node_id": "node01",
    "filename": "local_rules.xml",
    "component": "logcollector",
    "configuration": "internal",
    "requirement": "pci_dss",
    "policy_id": "cis_debian10",
    "token": "abc",
}


def _raw(path: Path) -> dict[str, object]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: 8x faster on these 300 KB specs
    raw: dict[str, object] = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    return raw


def _operations(raw: dict[str, object]) -> set[tuple[str, str]]:
    paths = raw["paths"]
    assert isinstance(paths, dict)
    return {(m.upper(), p) for p, item in paths.items() for m in item if m in METHODS}


@pytest.fixture(scope="module")
def ops(shared: Path) -> dict[str, set[tuple[str, str]]]:
    v4 = _operations(_raw(shared / "reference/wazuh/server-api/spec-4.14.7.yaml"))
    v5 = _operations(_raw(shared / "reference/wazuh5/server-api/spec-5.0.0.yaml"))
    return {"v5": v5, "removed": v4 - v5, "added": v5 - v4}


@pytest.fixture(scope="module")
def spec(shared: Path) -> Spec:
    return load_spec(shared / "reference/wazuh5/server-api/spec-5.0.0.yaml")


def _template(path: str) -> str:
    return re.sub(r"\{([^}:]+):[^}]+\}", r"{\1}", path)  # Starlette's {name:path} is the spec's {name}


def _pattern(template: str) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$")


@pytest.fixture(scope="module")
def single_node() -> Iterator[StandinServer]:
    with StandinServer(tls=False, config=StandinConfig(generation=5, rate_limit_per_minute=10**6)) as server:
        yield server


def test_the_counts_are_the_reference_s(ops: dict[str, set[tuple[str, str]]]) -> None:
    """The reference's own summary (endpoints-4.14.7-vs-5.0.0.md): 94 operations, 92 removed, 4 added."""
    assert (len(ops["v5"]), len(ops["removed"]), len(ops["added"])) == (94, 92, 4)


def test_it_serves_only_5_0_operations_and_every_added_one(ops: dict[str, set[tuple[str, str]]]) -> None:
    served = {(e.method, _template(e.path)) for e in V5}
    assert served - ops["v5"] == set(), "the 5.0 stand-in serves operations 5.0 does not have"
    assert ops["added"] - served == set(), "an operation 5.0 added is not served"


def test_each_operation_checks_an_rbac_action_5_0_lists(shared: Path) -> None:
    """The action an endpoint checks is one of its ``x-rbac-actions`` in the 5.0 spec (none when it lists none)."""
    paths = _raw(shared / "reference/wazuh5/server-api/spec-5.0.0.yaml")["paths"]
    assert isinstance(paths, dict)
    wrong = []
    for e in V5:
        listed = [
            a["$ref"].rsplit("/", 1)[-1] for a in paths[_template(e.path)][e.method.lower()].get("x-rbac-actions", [])
        ]
        if (e.action is None and listed) or (e.action is not None and e.action not in listed):
            wrong.append(f"{e.method} {e.path}: {e.action} not in {listed}")
    assert not wrong, "\n".join(wrong)


def _recorded_unknown_route(shared: Path) -> dict[str, str]:
    for line in (shared / "reference/wazuh/oracle/api_exchanges.jsonl").read_text(encoding="utf-8").splitlines():
        exchange = json.loads(line)
        if exchange["id"] == "api-095":
            assert exchange["status"] == 404
            body: dict[str, str] = exchange["response"]
            return body
    raise AssertionError("the oracle has no api-095")


def test_every_removed_operation_is_refused(
    ops: dict[str, set[tuple[str, str]]], single_node: StandinServer, shared: Path
) -> None:
    """As 5.0 routes it: 405 when the concrete path is another 5.0 operation's path, else 404, in the body Wazuh's
    http_error_handler writes (a real 4.14.7, on the same connexion 3.1.0 and handler, answered an unknown route
    ``{"title": "Not Found", "detail": "404: Not Found"}``: the oracle's api-095)."""
    templates = [_pattern(p) for _, p in ops["v5"]]
    recorded = _recorded_unknown_route(shared)  # the handler's pattern: title the reason, detail "<status>: <reason>"
    assert recorded == {"title": "Not Found", "detail": "404: Not Found"}
    problems = []
    with httpx.Client(base_url=single_node.url, timeout=10) as client:
        token = login(client)
        for method, template in sorted(ops["removed"]):
            url = re.sub(r"\{([^}]+)\}", lambda m: SAMPLE_REMOVED_PATH_VALUES[m.group(1)], template)
            expected = 405 if any(t.match(url) for t in templates) else 404
            response = client.request(method, url, headers={"Authorization": f"Bearer {token}"})
            reason = "Not Found" if expected == 404 else "Method Not Allowed"
            if (response.status_code, response.json()) != (
                expected,
                {"title": reason, "detail": f"{expected}: {reason}"},
            ):
                problems.append(f"{method} {url}: {response.status_code} {response.text[:120]} (want {expected})")
    assert not problems, "\n".join(problems)


def test_single_node_answers_conform(spec: Spec, single_node: StandinServer) -> None:
    problems = _check(spec, single_node, CASES)
    assert not problems, "\n".join(problems)


def test_get_root_says_5_0_0(single_node: StandinServer, shared: Path) -> None:
    info = _raw(shared / "reference/wazuh5/server-api/spec-5.0.0.yaml")["info"]
    assert isinstance(info, dict)
    with httpx.Client(base_url=single_node.url, timeout=10) as client:
        data = client.get("/", headers={"Authorization": f"Bearer {login(client)}"}).json()["data"]
    assert (data["title"], data["api_version"], data["revision"], data["license_url"]) == (
        info["title"],
        info["version"],
        info["x-revision"],
        info["license"]["url"],
    )


def test_agents_carry_only_5_0_fields(shared: Path, single_node: StandinServer) -> None:
    """The schema admits extra keys; 5.0's agents have none of 4.x's manager, node and group-sync fields. Allowed:
    the 5.0 spec's Agent properties, and ``disconnection_time`` (5.0's own Agent.fields has it, its spec not)."""
    schemas = _raw(shared / "reference/wazuh5/server-api/spec-5.0.0.yaml")["components"]
    assert isinstance(schemas, dict)
    agent = schemas["schemas"]["Agent"]["properties"]
    allowed = set(agent) | {f"os.{k}" for k in agent["os"]["properties"]} | {"disconnection_time"}
    with httpx.Client(base_url=single_node.url, timeout=10) as client:
        headers = {"Authorization": f"Bearer {login(client)}"}
        agents = client.get("/agents", headers=headers).json()["data"]["affected_items"]
        status = client.get("/agents/summary/status", headers=headers).json()["data"]
    keys = {k for a in agents for k in a if k != "os"} | {f"os.{k}" for a in agents for k in a.get("os", {})}
    assert keys <= allowed, sorted(keys - allowed)
    assert {"os.type", "node_name"} & keys == {"os.type"}
    assert "000" not in {a["id"] for a in agents}
    assert set(status) == {"connection"}


def test_derived_answers_conform(spec: Spec) -> None:
    """Every 5.0 GET no case reaches, on the 5.0 cluster stand-in (master-node and two workers)."""
    config = StandinConfig(generation=5, cluster=True, rate_limit_per_minute=10**6)
    with StandinServer(tls=False, config=config) as server:
        problems = _check(spec, server, derived_cases(V5, asked=CASES))
    assert not problems, "\n".join(problems)


def test_every_5_0_endpoint_is_checked() -> None:
    reached = {endpoint_of(method, url, V5) for _, method, url, _ in CASES + derived_cases(V5, asked=CASES)}
    unchecked = [(e.method, e.path) for e in V5 if (e.method, e.path) not in reached | CHECKED_ELSEWHERE]
    assert unchecked == [], f"add a case (method, url, status) for each: {unchecked}"
    assert not CHECKED_ELSEWHERE & reached, "a case reaches these now: drop them from CHECKED_ELSEWHERE"


CHECKED_ELSEWHERE = {
    ("POST", "/security/user/authenticate"),
    ("POST", "/security/user/authenticate/run_as"),
    ("PUT", "/security/config"),
    ("DELETE", "/security/config"),
    ("POST", "/security/users"),
    ("DELETE", "/security/users"),
    ("DELETE", "/security/roles"),
    ("DELETE", "/security/policies"),
    ("POST", "/security/roles"),
    ("POST", "/security/rules"),
    ("POST", "/security/policies"),
    ("POST", "/security/roles/{role_id}/policies"),
}
"""Write operations with no case here: logins are test_login_answers_conform's; the security writes are the
4.x handlers unchanged, checked by the 4.x conformance test and oracle replay, and 5.0 kept their response
schemas (test_unchecked_writes_kept_their_4x_schemas)."""


def _bare(node: object) -> object:
    if isinstance(node, dict):
        return {k: _bare(v) for k, v in node.items() if k not in ("example", "examples", "description")}
    if isinstance(node, list):
        return [_bare(v) for v in node]
    return node


def test_unchecked_writes_kept_their_4x_schemas(shared: Path, spec: Spec) -> None:
    v4 = load_spec(shared / "reference/wazuh/server-api/spec-4.14.7.yaml")

    def responses(s: Spec, method: str, template: str) -> object:
        return _bare(next(o.responses for o in s.operations if (o.method, o.template) == (method, template)))

    changed = [op for op in sorted(CHECKED_ELSEWHERE) if responses(v4, *op) != responses(spec, *op)]
    assert changed == [], f"5.0 changed these answers: give each a case: {changed}"


def test_login_answers_conform(spec: Spec, single_node: StandinServer) -> None:
    with httpx.Client(base_url=single_node.url, timeout=10) as client:
        responses = [
            client.post("/security/user/authenticate", auth=("wazuh", "wazuh")),
            client.post("/security/user/authenticate?raw=true", auth=("wazuh", "wazuh")),
            client.post("/security/user/authenticate", auth=("wazuh", "wrong")),
            client.post("/security/user/authenticate/run_as", auth=("wazuh", "wazuh"), json={"username": "analyst-a"}),
        ]
    assert [r.status_code for r in responses] == [200, 200, 401, 200]
    problems = [e for r in responses for e in spec.errors(r)]
    assert not problems, "\n".join(problems)


def test_a_4x_agent_is_refused_restart_and_reload_with_1761() -> None:
    """5.0's agent.py: below v5.0.0 (a 4.x agent still reporting to a 5.0 manager) the task is not created."""
    with StandinServer(tls=False, config=StandinConfig(generation=5)) as server:
        set_agent_version(server.state.fleet, "001", "Wazuh v4.14.7")
        with httpx.Client(base_url=server.url, timeout=10) as client:
            headers = {"Authorization": f"Bearer {login(client)}"}
            answers = [
                client.put(url, headers=headers).json()
                for url in ("/agents/001/restart", "/agents/001/reload", "/agents/reload?agents_list=001,003")
            ]
        state = server.state.snapshot()
    assert [a["data"]["failed_items"][0]["error"]["code"] for a in answers] == [1761, 1761, 1761]
    assert [a["error"] for a in answers] == [1, 1, 2]
    assert answers[2]["data"]["affected_items"] == ["003"]
    assert state["agent_reloads"] == {"003": 1} and state["agent_restarts"] == {}


def test_node_readiness_follows_the_daemons_and_a_restart() -> None:
    """5.0's /cluster/{node_id}/status: ready only when every daemon is; during a restart the basic services
    are not ready (1017, with 5.0's daemon names) and /cluster/status says clusterd is not running."""
    with (
        StandinServer(tls=False, config=StandinConfig(generation=5)) as server,
        httpx.Client(base_url=server.url, timeout=10) as client,
    ):
        headers = {"Authorization": f"Bearer {login(client)}"}

        def node() -> httpx.Response:
            return client.get("/cluster/node01/status", headers=headers)

        healthy = node().json()["data"]["affected_items"][0]
        server.faults.set(failed_daemons=1)
        failing = node().json()["data"]["affected_items"][0]
        server.faults.set(failed_daemons=0, restart_window_s=30)
        restarted = client.put("/cluster/restart", headers=headers)
        during = node()
        cluster = client.get("/cluster/status", headers=headers).json()["data"]
    assert healthy["ready"] is True and all(v["ready"] for k, v in healthy.items() if k != "ready")
    assert "wazuh-manager-apid" in healthy  # the API daemon runs on the master
    assert failing["ready"] is False and failing["wazuh-manager-analysisd"] == {"ready": False, "running": False}
    assert restarted.status_code == 202 and restarted.json()["data"]["affected_items"] == ["node01"]
    assert during.status_code == 500 and during.json()["error"] == 1017
    assert "wazuh-manager-analysisd->restarting" in during.json()["detail"]
    assert cluster == {"running": "no"}
