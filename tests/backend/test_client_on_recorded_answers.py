"""The Server API client reads the answers a real Wazuh 4.14.7 manager gave (``reference/wazuh/oracle``).

The recorded manager cannot run here, so its answers are played back to the real client through
httpx's MockTransport (the one place this suite does that): each recorded answer, as recorded
(status, content type, body), for the request that got it. The client must read every one of them
without tripping on its shape: envelopes become pages or translated errors, problems become our
errors carrying Wazuh's words, a rejected token is renewed once. And every field the client's code
reads from an answer must exist in the recorded answers.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import shared_dir
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig, _jwt_expiry
from wazuh_mcp.errors import Unauthenticated, WazuhMCPError

CLIENT = Path(__file__).parents[2] / "wazuh_mcp/backends"
NOT_FROM_ANSWERS = {"user", "username"}  # read from the run_as setting, not from an answer


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    shared = shared_dir()
    path = shared / "reference/wazuh/oracle/api_exchanges.jsonl" if shared else None
    if path is None or not path.is_file():
        pytest.skip("the oracle's recorded exchanges (../shared/reference/wazuh/oracle) are not present")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _login(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return next(r for r in rows if r["id"] == "api-006")


def _answer(row: dict[str, Any]) -> httpx.Response:
    kind = row["headers_subset"].get("content-type", "application/json")
    body = row["response"]
    content = body.encode() if isinstance(body, str) else json.dumps(body).encode()
    return httpx.Response(row["status"], content=content, headers={"content-type": kind})


def _client(rows: list[dict[str, Any]], row: dict[str, Any]) -> ServerApi:
    login = _answer(_login(rows))

    def handler(request: httpx.Request) -> httpx.Response:
        return login if request.url.path.startswith("/security/user/authenticate") else _answer(row)

    config = ServerApiConfig(url="https://wazuh.invalid:55000", user="wazuh", password="wazuh")
    return ServerApi(config, transport=httpx.MockTransport(handler))


def _requests(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rows if r["method"] and not r["path"].startswith("/security/user/authenticate")]


async def test_every_recorded_answer_is_read_or_becomes_one_of_our_errors(rows: list[dict[str, Any]]) -> None:
    read = errors = 0
    for row in _requests(rows):
        api = _client(rows, row)
        try:
            body = await api.request(row["method"], row["path"], action="x:y", params=row["query"], accept_text=True)
            if isinstance(body, dict) and isinstance(body.get("data"), dict) and "affected_items" in body["data"]:
                api.parse_envelope(body, where=row["path"])
            read += 1
        except WazuhMCPError as exc:
            errors += 1
            assert row["status"] >= 400 or (row["response"].get("error") == 1), (row["id"], exc)
            if row["status"] == 400:  # Wazuh's own words reach the user
                assert str(row["response"]["detail"])[:60] in exc.message, (row["id"], exc.message)
        finally:
            await api.aclose()
    assert read > 300 and errors > 50, (read, errors)


async def test_a_rejected_token_is_renewed_once_then_reported(rows: list[dict[str, Any]]) -> None:
    invalid = next(r for r in rows if r["id"] == "api-027")  # an old token after PUT /security/config
    api = _client(rows, invalid)
    with pytest.raises(Unauthenticated):
        await api.request("GET", "/agents", action="agent:read")
    assert api.logins == 2
    await api.aclose()


def test_the_login_answer_carries_the_expiry_the_client_reads(rows: list[dict[str, Any]]) -> None:
    token = _login(rows)["response"]["data"]["token"]
    claims = next(r for r in rows if r["id"] == "auth-claims")["response"]["payload"]
    assert _jwt_expiry(token) == claims["exp"]


def test_every_field_the_client_reads_exists_in_the_recorded_answers(rows: list[dict[str, Any]]) -> None:
    seen: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            seen.update(value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for row in rows:
        walk(row["response"])
    read: set[str] = set()
    for name in ("server_api.py", "server_api_shapes.py"):
        text = (CLIENT / name).read_text(encoding="utf-8")
        read |= set(re.findall(r'\.get\("([A-Za-z_]+)"', text)) | set(re.findall(r'\["([A-Za-z_]+)"\]', text))
    assert {"data", "affected_items", "failed_items", "error", "detail", "token", "exp"} <= read
    assert not (read - NOT_FROM_ANSWERS) - seen, (
        f"read but never in a recorded answer: {(read - NOT_FROM_ANSWERS) - seen}"
    )
