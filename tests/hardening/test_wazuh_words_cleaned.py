"""Adversary round 5, "found, not fixed": Wazuh's own words reached a model or a record as sent.

- ``server_api._raise_problem`` quoted a problem+json ``detail`` (and ``title``, and a non-numeric ``error``)
  into every model-facing error, uncleaned and unbounded;
- ``responses._outcome`` kept the ``message`` of a ``DELETE /agents/{id}/group/{group}`` answer (the only one
  without ``data``) in the change record and its ``approval.apply`` audit record the same way.

Wazuh's answers can repeat what a host, a file or a caller wrote. Both now go through ``untrusted.bound``; so do
a failed item's message and id (``raise_failed_item``, ``failed_agents``, a rule upload's refusal). What counts
as raw is Python's ``str.isprintable``, not the sanitizer under test.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.hardening.hostile_text import EVERY_CLASS
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.backends.server_api_shapes import failed_agents, raise_failed_item, raise_rule_file_failure
from wazuh_mcp.errors import WazuhMCPError
from wazuh_mcp.models.write import ApiCall, PendingChange, Requester
from wazuh_mcp.writes import responses

HUGE = "A" * 1_000_000
WORDS = {
    "every hostile class": f"bad{EVERY_CLASS}request",
    "a megabyte": HUGE,
    "both": (f"x{EVERY_CLASS}" * 50_000),
}


def raw(text: str) -> list[str]:
    """The characters of ``text`` a terminal or a model would act on or not show (newline and tab apart)."""
    return [c for c in text if not c.isprintable() and c not in "\n\t"]


def problem_api(status: int, body: dict[str, Any]) -> ServerApi:
    def answer(request: httpx.Request) -> httpx.Response:
        if request.url.path.startswith("/security/user/authenticate"):
            return httpx.Response(200, json={"data": {"token": "a.b.c"}, "error": 0})
        return httpx.Response(
            status, content=json.dumps(body).encode(), headers={"content-type": "application/problem+json"}
        )

    return ServerApi(
        ServerApiConfig(url="https://wazuh.test:55000", user="wazuh", password="x"),
        transport=httpx.MockTransport(answer),
    )


@pytest.mark.parametrize("status", [400, 401, 403, 404, 409, 500, 503])
@pytest.mark.parametrize("field", ["detail", "title"])
@pytest.mark.parametrize("words", WORDS.values(), ids=WORDS.keys())
async def test_a_problem_detail_reaches_the_model_cleaned_and_bounded(status: int, field: str, words: str) -> None:
    api = problem_api(status, {field: words, "error": f"17{EVERY_CLASS}"})
    try:
        with pytest.raises(WazuhMCPError) as refused:
            await api.request("GET", "/agents", action="agent:read")
    finally:
        await api.aclose()
    said = str(refused.value)
    assert raw(said) == [] and len(said) < 2_000, (len(said), raw(said)[:5])
    if words.startswith("bad") and status not in (404,):  # the words are still quoted, only made inert
        assert "badrequest" in said or "bad" in said


@pytest.mark.parametrize("words", WORDS.values(), ids=WORDS.keys())
def test_a_failed_items_words_reach_the_model_cleaned_and_bounded(words: str) -> None:
    entry = {"error": {"code": 1999, "message": words}, "id": [f"001{EVERY_CLASS}"]}
    with pytest.raises(WazuhMCPError) as refused:
        raise_failed_item(entry)
    assert raw(str(refused.value)) == [] and len(str(refused.value)) < 2_000
    with pytest.raises(WazuhMCPError) as upload:
        raise_rule_file_failure({"error": {"code": 1113, "message": words}, "id": ["x"]}, "etc/rules/x.xml")
    assert raw(str(upload.value)) == [] and len(str(upload.value)) < 2_000
    lines = failed_agents([{"error": {"code": "17" + EVERY_CLASS, "message": words}, "id": [f"001{EVERY_CLASS}"]}])
    assert all(raw(line) == [] and len(line) < 300 for line in lines)


class DeleteAnswers:
    """A Server API whose ``DELETE /agents/{id}/group/{group}`` answers only a ``message`` (no ``data``)."""

    identity = "wazuh"

    def __init__(self, message: str) -> None:
        self.message = message

    async def request(self, method: str, path: str, **_: Any) -> Any:
        return {"message": self.message, "error": 0}

    async def page(self, path: str, **_: Any) -> Any:
        raise AssertionError("not used")

    async def aclose(self) -> None:
        return None


@pytest.mark.parametrize("words", WORDS.values(), ids=WORDS.keys())
async def test_the_delete_group_answers_message_is_kept_cleaned_and_bounded(words: str) -> None:
    call = ApiCall(method="DELETE", path="/agents/001/group/dmz", action="agent:modify_group")
    change = PendingChange(
        id="ch-0000abcd",
        tool="respond.remove_agent_from_group",
        kind="remove_agent_from_group",
        state="applying",
        tier="confirmation_required",
        created_at="2026-01-01T00:00:00.000Z",
        expires_at="2026-01-02T00:00:00.000Z",
        requested_by=Requester(),
        target="agent 001",
        payload=call.line(),
        diff="",
        change_sha256="",
        summary="remove 001 from dmz",
        requests=[call],
    )
    sent = await responses.send(DeleteAnswers(words), change)
    message = sent.outcomes[0].message or ""
    assert sent.outcomes[0].affected == ["001"]
    assert raw(message) == [] and len(message) <= 200
