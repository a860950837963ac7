"""What the stand-in must do beyond shapes: tokens, run_as, RBAC, limits, faults, TLS, silence."""

from __future__ import annotations

import os
import ssl
import subprocess
import sys
import time
from datetime import UTC, datetime

import httpx
import pytest

from standin import rbac
from standin.fleet import build_fleet
from standin.server import DEMO_USERS, StandinServer
from tests.standin.conftest import login

RULE = (
    '<group name="local,">\n  <rule id="100300" level="6">\n    <if_sid>5716</if_sid>\n'
    "    <mitre>\n      <id>T1110.001</id>\n    </mitre>\n"
    "    <description>sshd: failure from the lab range.</description>\n  </rule>\n</group>\n"
)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# --- tokens -------------------------------------------------------------------------------------


def test_expired_token_is_invalid_token() -> None:
    with StandinServer(tls=False, token_ttl_s=1) as server, httpx.Client(base_url=server.url) as client:
        token = login(client)
        assert client.get("/agents", headers=bearer(token)).status_code == 200
        time.sleep(1.2)
        answer = client.get("/agents", headers=bearer(token))
    assert answer.status_code == 401
    assert answer.json()["title"] == "Unauthorized"
    assert answer.json()["detail"] == "Invalid token"


def test_missing_token_and_bad_credentials(client: httpx.Client) -> None:
    assert client.get("/agents").json()["detail"] == "No authorization token provided"
    bad = client.post("/security/user/authenticate", auth=("wazuh", "nope"))
    assert (bad.status_code, bad.json()["detail"]) == (401, "Invalid credentials")
    raw = client.post("/security/user/authenticate?raw=true", auth=("wazuh", "wazuh"))
    assert raw.headers["content-type"].startswith("text/plain") and raw.text.count(".") == 2


def test_expire_tokens_fault_revokes_every_token(plain_server: StandinServer, client: httpx.Client) -> None:
    token = login(client)
    plain_server.faults.set()  # no-op: switches are untouched by revocation
    client.post("/__standin__/faults", json={"expire_tokens": True}).raise_for_status()
    assert client.get("/agents", headers=bearer(token)).json()["detail"] == "Invalid token"
    assert client.get("/agents", headers=bearer(login(client))).status_code == 200


# --- run_as and RBAC ------------------------------------------------------------------------------


def test_run_as_maps_the_auth_context_to_roles(client: httpx.Client) -> None:
    wui = ("wazuh-wui", DEMO_USERS["wazuh-wui"].password)
    answer = client.post("/security/user/authenticate/run_as", auth=wui, json={"username": "analyst-a"})
    token = answer.json()["data"]["token"]
    me = client.get("/security/users/me", headers=bearer(token)).json()["data"]["affected_items"][0]
    assert me["username"] == "wazuh-wui" and me["roles"] == [rbac.ROLE_IDS["readonly"]]
    assert client.get("/agents", headers=bearer(token)).status_code == 200
    put = client.put(
        "/rules/files/x.xml", headers={**bearer(token), "Content-Type": "application/octet-stream"}, content=RULE
    )
    assert put.status_code == 403
    soc = client.post("/security/user/authenticate/run_as", auth=wui, json={"user": {"department": "soc"}})
    assert client.get("/rules", headers=bearer(soc.json()["data"]["token"])).status_code == 200
    none = client.post("/security/user/authenticate/run_as", auth=wui, json={"username": "someone-else"})
    assert client.get("/agents", headers=bearer(none.json()["data"]["token"])).status_code == 403


def test_run_as_needs_allow_run_as(client: httpx.Client) -> None:
    answer = client.post(
        "/security/user/authenticate/run_as",
        auth=("analyst", DEMO_USERS["analyst"].password),
        json={"username": "elastic"},
    )
    assert (answer.status_code, answer.json()["error"]) == (403, 6004)


def test_denial_names_the_missing_action(client: httpx.Client) -> None:
    token = login(client, "analyst")
    answer = client.put(
        "/rules/files/x.xml", headers={**bearer(token), "Content-Type": "application/octet-stream"}, content=RULE
    )
    body = answer.json()
    assert answer.status_code == 403 and body["error"] == 4000
    assert body["title"] == "Permission Denied" and body["detail"] == "Permission denied: Resource type: *:*"
    assert "rules:update" in body["remediation"]
    restart = client.put("/manager/restart", headers=bearer(token)).json()
    assert "manager:restart" in restart["remediation"]
    assert client.get("/rules", headers=bearer(token)).status_code == 200


def test_agent_resources_scope_what_a_role_sees(plain_server: StandinServer, client: httpx.Client) -> None:
    admin = bearer(login(client))
    policy = client.post(
        "/security/policies",
        headers=admin,
        json={
            "name": "web_read",
            "policy": {
                "actions": ["agent:read", "syscollector:read"],
                "resources": ["agent:group:webservers"],
                "effect": "allow",
            },
        },
    ).json()["data"]["affected_items"][0]
    role = client.post("/security/roles", headers=admin, json={"name": "web_readonly"}).json()["data"]
    role_id = role["affected_items"][0]["id"]
    linked = client.post(f"/security/roles/{role_id}/policies?policy_ids={policy['id']}", headers=admin).json()
    assert linked["data"]["affected_items"][0]["policies"] == [policy["id"]]
    user = client.post("/security/users", headers=admin, json={"username": "webops", "password": "Webops.Demo-1"})
    user_id = user.json()["data"]["affected_items"][0]["id"]
    assert user_id >= 100
    client.post(f"/security/users/{user_id}/roles?role_ids={role_id}", headers=admin).raise_for_status()
    token = client.post("/security/user/authenticate", auth=("webops", "Webops.Demo-1")).json()["data"]["token"]
    agents = client.get("/agents?limit=100000", headers=bearer(token)).json()["data"]["affected_items"]
    assert agents and all("webservers" in a["group"] for a in agents)
    other = next(a["id"] for a in plain_server.state.fleet.agents if "webservers" not in a.get("group", []))
    listed = client.get(f"/agents?agents_list={agents[0]['id']},{other}", headers=bearer(token)).json()
    assert listed["error"] == 2 and listed["data"]["failed_items"][0]["error"]["code"] == 4000
    inventory = client.get(f"/syscollector/{other}/packages", headers=bearer(token)).json()
    assert inventory["data"]["failed_items"][0]["error"]["code"] == 4000
    assert client.get("/mitre/techniques", headers=bearer(token)).status_code == 403


# --- agents and inventory -----------------------------------------------------------------------


def test_unknown_and_never_connected_agents(plain_server: StandinServer, client: httpx.Client) -> None:
    token = login(client)
    unknown = client.get("/agents?agents_list=999", headers=bearer(token)).json()
    assert unknown["error"] == 1 and unknown["data"]["failed_items"][0]["error"]["code"] == 1701
    assert unknown["data"]["failed_items"][0]["id"] == ["999"]
    idle = next(a for a in plain_server.state.fleet.agents if a["status"] == "never_connected")
    assert "os" not in idle and "version" not in idle and "lastKeepAlive" not in idle
    answer = client.get(f"/syscollector/{idle['id']}/packages", headers=bearer(token))
    assert (answer.status_code, answer.json()["error"]) == (400, 2007)
    missing = client.get("/syscollector/999/ports", headers=bearer(token)).json()
    assert missing["data"]["failed_items"][0]["error"]["code"] == 1701


def test_same_seed_same_fleet_times_anchored() -> None:
    started = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
    first, second = build_fleet(started=started), build_fleet(started=started)
    assert first.agents == second.agents and first.inventory == second.inventory
    active = next(a for a in first.agents if a["status"] == "active" and a["id"] != "000")
    keepalive = datetime.fromisoformat(active["lastKeepAlive"])
    assert started - keepalive < (started - datetime(2026, 1, 4, tzinfo=UTC))


def test_inventories_are_built_when_read_and_the_order_of_reads_changes_nothing() -> None:
    """The fleet builds an agent's syscollector tables on first read (the demo's Server API starts sooner):
    one agent read first, or every agent read in the opposite order, gives the same tables."""
    started = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
    forward, backward = build_fleet(started=started), build_fleet(started=started)
    ids = list(forward.inventory)
    assert len(ids) == len(forward.agents) > 10
    last = backward.inventory[ids[-1]]  # read first here, last below
    assert last and last == forward.inventory[ids[-1]]
    tables = {agent_id: forward.inventory[agent_id] for agent_id in ids}
    assert tables == {agent_id: backward.inventory[agent_id] for agent_id in reversed(ids)}
    assert {"packages", "processes", "ports"} <= set(tables[ids[-1]])
    with pytest.raises(KeyError):
        forward.inventory["999"]


def test_single_node_cluster_answers(client: httpx.Client) -> None:
    token = login(client)
    nodes = client.get("/cluster/nodes", headers=bearer(token))
    assert (nodes.status_code, nodes.json()["error"], nodes.json()["detail"]) == (400, 3013, "Cluster is not running")
    assert client.get("/cluster/status", headers=bearer(token)).json()["data"] == {"enabled": "no", "running": "no"}


# --- rules and restarts ---------------------------------------------------------------------------


def test_uploaded_rules_persist_and_show_up(client: httpx.Client) -> None:
    headers = {**bearer(login(client)), "Content-Type": "application/octet-stream"}
    first = client.put("/rules/files/lab_rules.xml", headers=headers, content=RULE).json()
    assert first["data"]["affected_items"] == ["etc/rules/lab_rules.xml"] and first["error"] == 0
    again = client.put("/rules/files/lab_rules.xml", headers=headers, content=RULE).json()
    assert again["error"] == 1 and again["data"]["failed_items"][0]["error"]["code"] == 1905
    broken = client.put("/rules/files/bad.xml", headers=headers, content="<group><rule").json()
    assert broken["data"]["failed_items"][0]["error"]["code"] == 1113
    rule = client.get("/rules?rule_ids=100300", headers=headers).json()["data"]["affected_items"][0]
    assert rule["filename"] == "lab_rules.xml" and rule["relative_dirname"] == "etc/rules"
    assert rule["mitre"] == ["T1110.001"]
    files = client.get("/rules/files?relative_dirname=etc/rules", headers=headers).json()["data"]["affected_items"]
    assert {"filename": "lab_rules.xml", "relative_dirname": "etc/rules", "status": "enabled"} in files
    raw = client.get("/rules/files/lab_rules.xml?raw=true", headers=headers)
    assert raw.text == RULE and raw.headers["content-type"].startswith("application/xml")
    assert client.get("/__standin__/state").json()["uploaded_files"] == ["etc/rules/lab_rules.xml"]
    wrong_type = client.put("/rules/files/y.xml", headers={**headers, "Content-Type": "application/json"}, content=RULE)
    assert (wrong_type.status_code, wrong_type.json()["error"]) == (406, 6002)


def test_restarts_are_counted_and_cluster_reports_the_window() -> None:
    with StandinServer(tls=False, cluster=True) as server, httpx.Client(base_url=server.url) as client:
        headers = bearer(login(client))
        server.faults.set(restart_window_s=0.4)
        answer = client.put("/cluster/restart", headers=headers)
        assert answer.status_code == 202
        assert answer.json()["data"]["affected_items"] == ["master-node", "worker1", "worker2"]
        assert client.get("/cluster/status", headers=headers).json()["data"]["running"] == "no"
        assert client.get("/cluster/nodes", headers=headers).json()["error"] == 3013
        time.sleep(0.45)
        assert client.get("/cluster/status", headers=headers).json()["data"]["running"] == "yes"
        assert client.put("/manager/restart", headers=headers).status_code == 202
        assert server.state.restarts == {"manager": 1, "cluster": 1}
        assert client.get("/__standin__/state").json()["restarts"] == {"manager": 1, "cluster": 1}


# --- limits and faults ----------------------------------------------------------------------------


def test_rate_limit_answers_429_error_6001() -> None:
    with StandinServer(tls=False, rate_limit_per_minute=5) as server, httpx.Client(base_url=server.url) as client:
        headers = bearer(login(client))
        statuses = [client.get("/agents?limit=1", headers=headers).status_code for _ in range(5)]
        over = client.get("/agents?limit=1", headers=headers)
    assert statuses == [200, 200, 200, 200, 429]
    assert over.status_code == 429 and over.json()["error"] == 6001
    assert over.json()["detail"] == "Maximum number of requests per minute reached"


def test_latency_fault(plain_server: StandinServer, client: httpx.Client) -> None:
    headers = bearer(login(client))
    plain_server.faults.set(latency_s=0.3)
    started = time.monotonic()
    assert client.get("/", headers=headers).status_code == 200
    assert time.monotonic() - started >= 0.3


def test_failing_requests_fault_over_http(client: httpx.Client) -> None:
    headers = bearer(login(client))
    assert client.post("/__standin__/faults", json={"fail_next": 2, "fail_status": 502}).status_code == 200
    statuses = [client.get("/", headers=headers).status_code for _ in range(3)]
    assert statuses == [502, 502, 200]
    assert client.post("/__standin__/faults", json={"fail_status": 418}).status_code == 400


def test_dropped_connection_fault(plain_server: StandinServer, client: httpx.Client) -> None:
    headers = bearer(login(client))
    plain_server.faults.set(drop_next=1)
    with pytest.raises(httpx.TransportError):
        client.get("/agents", headers=headers)
    with httpx.Client(base_url=plain_server.url) as fresh:
        assert fresh.get("/agents?limit=1", headers=headers).status_code == 200


def test_garbage_fault(plain_server: StandinServer, client: httpx.Client) -> None:
    headers = bearer(login(client))
    plain_server.faults.set(garbage_next=1)
    answer = client.get("/agents", headers=headers)
    assert answer.status_code == 200
    with pytest.raises(ValueError):
        answer.json()
    assert client.get("/agents?limit=1", headers=headers).json()["error"] == 0


def test_control_routes_exist_only_with_control() -> None:
    with StandinServer(tls=False, control=False) as server, httpx.Client(base_url=server.url) as client:
        assert client.get("/__standin__/state").status_code == 404
        assert client.post("/__standin__/faults", json={"fail_next": 5}).status_code == 404
        assert server.faults.fail_next == 0


# --- serving --------------------------------------------------------------------------------------


def test_https_verifies_against_the_ca() -> None:
    with StandinServer(tls=True) as server:
        assert server.url.startswith("https://127.0.0.1:") and server.ca_path is not None
        trust = ssl.create_default_context(cafile=str(server.ca_path))
        with httpx.Client(base_url=server.url, verify=trust) as client:
            assert login(client)
        with httpx.Client(base_url=server.url) as untrusting, pytest.raises(httpx.ConnectError):
            untrusting.get("/")
        url = server.url.replace("127.0.0.1", "localhost")
        with httpx.Client(base_url=url, verify=trust) as by_name:
            assert by_name.post("/security/user/authenticate", auth=("wazuh", "wazuh")).status_code == 200
    assert not server.ca_path.exists()


async def test_async_context_manager() -> None:
    async with StandinServer(tls=False) as server, httpx.AsyncClient(base_url=server.url) as client:
        answer = await client.post("/security/user/authenticate", auth=("wazuh", "wazuh"))
        assert answer.status_code == 200


def test_module_entry_point_prints_nothing_on_stdout() -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "standin", "--http"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stderr is not None
        lines = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            line = proc.stderr.readline()
            lines.append(line)
            if "Nobody" in line or not line:
                break
        url = next(line.split(": ", 1)[1].strip() for line in lines if "stand-in: http" in line)
        with httpx.Client(base_url=url) as client:
            assert client.post("/security/user/authenticate", auth=("wazuh", "wazuh")).status_code == 200
        assert any("wazuh / wazuh" in line for line in lines)
    finally:
        proc.terminate()
        stdout, _ = proc.communicate(timeout=10)
    assert stdout == ""
    assert proc.returncode == 0


def test_in_process_server_is_silent_even_when_faults_fire() -> None:
    """Inside the stdio MCP server nothing may reach stdout; with no logging set up, nothing reaches stderr."""
    script = (
        "import httpx, ssl\n"
        "from standin.server import StandinServer\n"
        "with StandinServer(tls=True, rate_limit_per_minute=4) as s:\n"
        "    trust = ssl.create_default_context(cafile=str(s.ca_path))\n"
        "    with httpx.Client(base_url=s.url, verify=trust) as c:\n"
        "        token = c.post('/security/user/authenticate', auth=('wazuh', 'wazuh')).json()['data']['token']\n"
        "        s.faults.set(drop_next=1)\n"
        "        try:\n"
        "            c.get('/agents', headers={'Authorization': 'Bearer ' + token})\n"
        "        except httpx.TransportError:\n"
        "            pass\n"
        "    with httpx.Client(base_url=s.url, verify=trust) as c:\n"
        "        assert [c.get('/agents').status_code for _ in range(4)][-1] == 429\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr == ""


# --- response actions: effects visible to later reads -------------------------------------------


def test_response_actions_change_what_later_reads_show(plain_server: StandinServer, client: httpx.Client) -> None:
    headers = bearer(login(client))

    def groups_of(agent_id: str) -> list[str]:
        item = client.get(f"/agents?agents_list={agent_id}", headers=headers).json()["data"]["affected_items"][0]
        return list(item.get("group", []))

    def members(group: str) -> set[str]:
        answer = client.get(f"/groups/{group}/agents?limit=500", headers=headers).json()["data"]["affected_items"]
        return {a["id"] for a in answer}

    assert "dmz" not in groups_of("001") and "001" not in members("dmz")
    added = client.put("/agents/001/group/dmz", headers=headers).json()
    assert added["error"] == 0 and added["data"]["affected_items"] == ["001"]
    assert groups_of("001")[-1] == "dmz" and "001" in members("dmz")
    again = client.put("/agents/001/group/dmz", headers=headers).json()
    assert again["error"] == 1 and again["data"]["failed_items"][0]["error"]["code"] == 1751
    assert client.delete("/agents/001/group/dmz", headers=headers).json()["error"] == 0
    assert "dmz" not in groups_of("001") and "001" not in members("dmz")

    before = client.get("/agents?agents_list=001", headers=headers).json()["data"]["affected_items"][0]
    time.sleep(1.1)  # keepalives have one-second resolution
    restarted = client.put("/agents/restart?agents_list=001,002,999", headers=headers).json()
    assert restarted["error"] == 2 and restarted["data"]["affected_items"] == ["001"]
    codes = {f["error"]["code"]: f["id"] for f in restarted["data"]["failed_items"]}
    assert codes == {1701: ["999"], 1707: ["002"]}  # 002 is disconnected in the estate
    after = client.get("/agents?agents_list=001", headers=headers).json()["data"]["affected_items"][0]
    assert after["lastKeepAlive"] > before["lastKeepAlive"]

    body = {"command": "!firewall-drop", "arguments": [], "alert": {"data": {"srcip": "203.0.113.7"}}}
    sent = client.put("/active-response?agents_list=001,000", headers=headers, json=body).json()
    assert sent["error"] == 2 and sent["data"]["failed_items"][0]["error"]["code"] == 1703
    snapshot = plain_server.state.snapshot()
    assert [(r["agent_id"], r["command"], r["alert"]) for r in snapshot["responses"]] == [
        ("001", "!firewall-drop", {"data": {"srcip": "203.0.113.7"}})
    ]
    assert snapshot["agent_restarts"] == {"001": 1}


def test_response_actions_follow_rbac_per_agent(plain_server: StandinServer, client: httpx.Client) -> None:
    analyst = bearer(login(client, "analyst"))
    refused = client.put("/agents/001/group/dmz", headers=analyst)
    assert refused.status_code == 403 and "agent:modify_group" in refused.json()["remediation"]
    assert plain_server.state.fleet.agent("001") is not None
    assert "dmz" not in (plain_server.state.fleet.agent("001") or {}).get("group", [])
