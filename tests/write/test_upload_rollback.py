"""No approved rule change leaves the manager unable to restart (issue 25).

A real Wazuh 4.14.7 answered one upload (a 2,049-byte description) with HTTP 500 and left the file on
disk; validation, and so the next restart, failed from then on. Here the stand-in fails the upload in
each way the issue lists, after writing the file as Wazuh did (``standin.faults``: ``upload_*_next``),
with a file the loader refuses (validation fails while it is there) and with one it would load. Every
time the change ends ``failed`` with what happened, the manager's rule files are exactly as before and
the configuration validates, checked through the stand-in's own state and its validation endpoint.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from standin.rules import CUSTOM_DIR, RuleFile
from standin.server import DEMO_USERS, StandinServer
from tests.write.conftest import NEW_RULE, connect, ok, run_cli
from tests.write.test_approvals import requested
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.errors import Forbidden, InvalidArgument, WazuhMCPError
from wazuh_mcp.runtime.audit import iter_events
from wazuh_mcp.writes import rule_files
from wazuh_mcp.writes.approvals import default_store
from wazuh_mcp.writes.rule_files import ManagerMayNotRestart, loader_problem

UPDATED = (
    '<group name="local,syslog,sshd,">\n  <rule id="100001" level="7">\n    <if_sid>5716</if_sid>\n'
    "    <srcip>1.1.1.1</srcip>\n    <description>sshd: authentication failed from IP 1.1.1.1 (raised)."
    "</description>\n  </rule>\n</group>\n"
)
WAYS = ("1113", "500", "drop", "hang", "ok")
"""How the upload fails once Wazuh has written the file (``ok``: it says it loaded; validation then decides)."""


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rule_files, "PUT_BACK_PAUSES_S", (0.05, 0.1, 0.2))
    monkeypatch.setattr(rule_files, "SETTLE_S", 0.3)


def rule_files_on(standin: StandinServer) -> dict[str, str]:
    """Every file under the manager's etc/rules, as it holds them now."""
    return {
        path: f.content
        for path, f in standin.state.ruleset.files.items()
        if f.relative_dirname == CUSTOM_DIR or f.relative_dirname.startswith(CUSTOM_DIR + "/")
    }


def api(standin: StandinServer, timeout_s: float = 5) -> ServerApi:
    return ServerApi(
        ServerApiConfig(
            url=standin.url,
            user="wazuh",
            password=DEMO_USERS["wazuh"].password,
            verify=str(standin.ca_path),
            timeout_s=timeout_s,
        )
    )


async def validates(standin: StandinServer) -> bool:
    """Through the Server API, as the product and a person would check it, and in the stand-in's state."""
    client = api(standin)
    try:
        said = await loader_problem(client)
    finally:
        await client.aclose()
    return said is None and not standin.state.ruleset.loader_errors()


async def request(kind: str) -> str:
    if kind == "create_rule":
        return await requested()
    async with connect() as client:
        result = ok(await client.call_tool("update_rule", {"rule_id": 100001, "rule_xml": UPDATED}))
    return str(result["change_id"])


def fail_upload(standin: StandinServer, way: str, loader_refuses: bool) -> None:
    standin.faults.set(refuse_upload_next=int(loader_refuses), upload_hang_s=2.5)
    if way in ("500", "drop", "hang", "1113"):
        standin.faults.set(**{f"upload_{way}_next": 1})
    elif way == "ok":
        standin.faults.set(upload_ok_next=1)


CASES = [
    (kind, way, refuses)
    for kind in ("create_rule", "update_rule")
    for way in WAYS
    for refuses in (True, False)
    if not (way == "ok" and not refuses)  # a file that loads and is said to: that is a success
]


@pytest.mark.parametrize(("kind", "way", "loader_refuses"), CASES)
async def test_a_failed_upload_leaves_the_rule_files_as_before_and_validation_passing(
    standin: StandinServer, audit_path: Path, kind: str, way: str, loader_refuses: bool
) -> None:
    change_id = await request(kind)
    before = rule_files_on(standin)
    fail_upload(standin, way, loader_refuses)
    store = default_store()
    client = api(standin, timeout_s=1.0)
    try:
        with pytest.raises(WazuhMCPError) as failed:
            await store.approve(change_id, client, api_url=standin.url)
    finally:
        await client.aclose()
    assert not isinstance(failed.value, ManagerMayNotRestart), failed.value
    assert standin.faults.snapshot()[f"upload_{way}_next"] == 0, "the fault did not fire"
    assert rule_files_on(standin) == before
    assert await validates(standin)
    change = store.get(change_id)
    assert change.state == "failed" and change.reason is not None
    assert "as they were" in change.reason and "configuration validates" in change.reason
    if loader_refuses:  # the loader's words, read while the file was there, are kept for the person
        assert "loader" in change.reason
    applied = [e for e in iter_events(audit_path) if e.change_id == change_id and e.tool == "approval.apply"]
    assert applied and applied[-1].error_code == failed.value.code and "as they were" in (applied[-1].error or "")


def _after_upload(client: ServerApi, then: Any) -> ServerApi:
    """``client``, except that right after it sends a rule upload, ``then()`` runs (a fault set on the stand-in)."""
    send = client.request

    async def request(method: str, path: str, **kwargs: Any) -> Any:
        try:
            return await send(method, path, **kwargs)
        finally:
            if method == "PUT" and path.startswith("/rules/files/"):
                then()

    client.request = request  # type: ignore[method-assign]
    return client


async def test_putting_back_survives_a_manager_that_drops_the_next_requests(standin: StandinServer) -> None:
    change_id = await requested()
    before = rule_files_on(standin)
    standin.faults.set(refuse_upload_next=1, upload_500_next=1)
    client = _after_upload(api(standin), lambda: standin.faults.set(drop_next=2, fail_next=1))
    try:
        with pytest.raises(WazuhMCPError, match="as they were"):
            await default_store().approve(change_id, client, api_url=standin.url)
    finally:
        await client.aclose()
    assert rule_files_on(standin) == before and await validates(standin)


class Unreachable:
    """After the upload the manager answers nothing (every request fails), for as long as the test says."""

    def __init__(self, standin: StandinServer) -> None:
        self.standin = standin

    def __call__(self) -> None:
        self.standin.faults.set(fail_next=10_000, fail_status=503)

    def end(self) -> None:
        self.standin.faults.set(fail_next=0)


@pytest.fixture
def unreachable(standin: StandinServer) -> Iterator[Unreachable]:
    gone = Unreachable(standin)
    yield gone
    gone.end()


async def test_a_file_that_cannot_be_put_back_is_named_with_the_words_the_manager_may_not_restart(
    standin: StandinServer, audit_path: Path, api_env: dict[str, str], unreachable: Unreachable
) -> None:
    change_id = await requested()
    target = "etc/rules/wazuh-mcp-100100.xml"
    standin.faults.set(refuse_upload_next=1, upload_500_next=1)
    client = _after_upload(api(standin), unreachable)
    try:
        with pytest.raises(ManagerMayNotRestart) as broken:
            await default_store().approve(change_id, client, api_url=standin.url)
    finally:
        await client.aclose()
    unreachable.end()
    # The hazard is real: the refused file is still there and validation fails because of it...
    assert target in rule_files_on(standin) and not await validates(standin)
    words = ("MAY NOT RESTART", f"delete {target}")
    assert all(w in broken.value.message for w in words)
    # ...and every place a person looks says so, naming the file: the change, its audit record, the CLI.
    change = default_store().get(change_id)
    assert change.state == "failed" and change.reason and all(w in change.reason for w in words)
    applied = [e for e in iter_events(audit_path) if e.change_id == change_id and e.tool == "approval.apply"]
    assert all(w in (applied[-1].error or "") for w in words)
    shown = run_cli(api_env, "show", change_id)
    assert shown.returncode == 0 and "MAY NOT RESTART" in " ".join(shown.stdout.split()), shown.stdout


async def test_a_replacement_that_cannot_be_put_back_says_to_restore_the_previous_content(
    standin: StandinServer, unreachable: Unreachable
) -> None:
    change_id = await request("update_rule")
    standin.faults.set(refuse_upload_next=1, upload_drop_next=1)
    client = _after_upload(api(standin), unreachable)
    try:
        with pytest.raises(ManagerMayNotRestart, match=r"restore etc/rules/local_rules\.xml to its previous content"):
            await default_store().approve(change_id, client, api_url=standin.url)
    finally:
        await client.aclose()


async def test_a_1113_that_wazuh_cleaned_up_is_reported_with_nothing_to_take_back(standin: StandinServer) -> None:
    """The recorded behaviour of both upload modes (the oracle's api3-01..09): Wazuh removes or restores
    the file itself; the apply step finds nothing to do and says the configuration validates."""
    change_id = await requested()
    before = rule_files_on(standin)
    standin.faults.set(refuse_upload_next=1)
    client = api(standin)
    try:
        with pytest.raises(InvalidArgument, match="Wazuh left nothing of the upload") as refused:
            await default_store().approve(change_id, client, api_url=standin.url)
    finally:
        await client.aclose()
    assert refused.value.upstream_code == 1113
    assert rule_files_on(standin) == before and await validates(standin)


async def test_the_stand_in_leaves_the_file_as_wazuh_did(standin: StandinServer) -> None:
    """The faults above are the hazard itself: after a 500 the refused file is on disk and validation fails."""
    client = api(standin)
    try:
        standin.faults.set(refuse_upload_next=1, upload_500_next=1)
        with pytest.raises(WazuhMCPError, match="HTTP 500"):
            await rule_files.upload_rule_file(client, "left.xml", CUSTOM_DIR, NEW_RULE, overwrite=False)
        assert rule_files_on(standin)[f"{CUSTOM_DIR}/left.xml"] == NEW_RULE
        assert await loader_problem(client) is not None
        await rule_files.delete_rule_file(client, "left.xml", CUSTOM_DIR)
    finally:
        await client.aclose()


@pytest.mark.parametrize("kind", ["create_rule", "update_rule"])
async def test_an_upload_that_lands_after_the_client_gave_up_is_put_back_too(standin: StandinServer, kind: str) -> None:
    """Red-team finding: the client times out, the file is read back unchanged (the manager has not written it
    yet), then the upload lands. The apply step looks again after a settle time and puts it back."""
    change_id = await request(kind)
    before = rule_files_on(standin)
    standin.faults.set(refuse_upload_next=1, upload_late_next=1, upload_hang_s=1.6)
    rule_files.SETTLE_S = 2.0  # restored by the autouse fixture's monkeypatch
    client = api(standin, timeout_s=1.0)
    try:
        with pytest.raises(WazuhMCPError) as failed:
            await default_store().approve(change_id, client, api_url=standin.url)
    finally:
        await client.aclose()
    assert "landed late" in failed.value.message, failed.value.message
    assert rule_files_on(standin) == before and await validates(standin)


async def test_a_file_changed_between_the_check_and_the_upload_is_not_touched(standin: StandinServer) -> None:
    """Red-team finding: someone edits the target after check_fresh; the upload would have overwritten their
    edit. The content read just before the upload is compared with the recorded hash first."""
    change_id = await request("update_rule")
    client = api(standin)
    edited = '<group name="x,"><rule id="100001" level="3"><if_sid>5716</if_sid><description>theirs</description></rule></group>'
    original = client.request

    async def racing(method: str, path: str, **kwargs: Any) -> Any:
        answer = await original(method, path, **kwargs)
        if method == "GET" and path.startswith("/rules/files/local_rules.xml") and not racing.done:  # type: ignore[attr-defined]
            racing.done = True  # type: ignore[attr-defined]
            standin.state.ruleset.add(RuleFile("local_rules.xml", CUSTOM_DIR, edited))
        return answer

    racing.done = False  # type: ignore[attr-defined]
    client.request = racing  # type: ignore[method-assign]
    try:
        with pytest.raises(WazuhMCPError, match="changed"):
            await default_store().approve(change_id, client, api_url=standin.url)
    finally:
        await client.aclose()
    assert rule_files_on(standin)["etc/rules/local_rules.xml"] == edited
    assert not [m for m in standin.state.upload_modes if m[0] == "etc/rules/local_rules.xml"]


async def test_a_user_who_may_not_read_validation_gets_the_file_back_and_no_false_alarm(
    standin: StandinServer,
) -> None:
    """Red-team finding: an API user with rules:update but without manager:read. Validation after the upload
    cannot be read, so the change is taken back; the file is as it was (read back), so the words must not say
    the manager may not restart — they say validation could not be read."""
    change_id = await requested()
    before = rule_files_on(standin)
    client = api(standin)
    send = client.request

    async def no_manager_read(method: str, path: str, **kwargs: Any) -> Any:
        if path == "/manager/configuration/validation":
            raise Forbidden(f"Wazuh RBAC denied GET {path}: the API user 'wazuh' lacks the action 'manager:read'.")
        return await send(method, path, **kwargs)

    client.request = no_manager_read  # type: ignore[method-assign]
    try:
        with pytest.raises(Forbidden) as failed:
            await default_store().approve(change_id, client, api_url=standin.url)
    finally:
        await client.aclose()
    assert "MAY NOT RESTART" not in failed.value.message
    assert "as they were" in failed.value.message and "could not be read" in failed.value.message
    assert rule_files_on(standin) == before and await validates(standin)
