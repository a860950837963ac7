"""The Server API client keeps working when Wazuh rejects its token, as a real 4.14.7 does.

Recorded on a real manager (``reference/wazuh/oracle``, README section B): ``PUT`` and ``DELETE
/security/config`` revoke every token; a token expires ``auth_token_exp_timeout`` seconds after its
``nbf`` (30 s at the least); a token outlives a manager restart. The stand-in now does the same
over HTTPS, with ES512 tokens; its token clock is moved instead of waiting.
"""

from __future__ import annotations

import base64
import json
import ssl
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager

import httpx
import pytest

from standin.server import DEMO_USERS, StandinServer
from tests.backend.test_server_api import config
from wazuh_mcp.backends.server_api import ServerApi


@pytest.fixture
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        yield server


@pytest.fixture
async def api(standin: StandinServer) -> AsyncIterator[ServerApi]:
    client = ServerApi(config(standin))
    yield client
    await client.aclose()


@contextmanager
def _admin(standin: StandinServer) -> Iterator[httpx.Client]:
    with httpx.Client(
        base_url=standin.url, verify=ssl.create_default_context(cafile=str(standin.ca_path)), timeout=10
    ) as http:
        login = http.post("/security/user/authenticate", auth=("wazuh", DEMO_USERS["wazuh"].password))
        http.headers["Authorization"] = f"Bearer {login.json()['data']['token']}"
        yield http


def _claims(token: str) -> dict[str, object]:
    payload = token.split(".")[1]
    decoded: dict[str, object] = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    return decoded


async def agents(api: ServerApi) -> int:
    return (await api.page("/agents", action="agent:read", params={"limit": 1})).total


async def test_a_security_config_change_elsewhere_costs_one_renewal(api: ServerApi, standin: StandinServer) -> None:
    assert await agents(api) > 0 and api.logins == 1
    with _admin(standin) as admin:  # another administrator shortens the token lifetime: every token is revoked
        assert admin.put("/security/config", json={"auth_token_exp_timeout": 30}).status_code == 200
        assert admin.get("/agents").status_code == 401
    assert await agents(api) > 0
    assert api.logins == 2
    token = api._session().token  # noqa: SLF001 - the claims of the token the renewal got
    assert token is not None and _claims(token)["exp"] == _claims(token)["nbf"] + 30  # type: ignore[operator]
    with _admin(standin) as admin:
        assert admin.delete("/security/config").status_code == 200  # back to the default: revokes again
    assert await agents(api) > 0 and api.logins == 3


async def test_an_expired_token_the_client_still_trusts_is_renewed_once(api: ServerApi, standin: StandinServer) -> None:
    assert await agents(api) > 0
    standin.state.issuer.clock_offset_s += 901  # the manager's clock is past the token's exp; ours is not
    assert await agents(api) > 0
    assert api.logins == 2


async def test_a_token_survives_a_manager_restart(api: ServerApi, standin: StandinServer) -> None:
    assert await agents(api) > 0
    await api.request("PUT", "/manager/restart", action="manager:restart")
    assert await agents(api) > 0
    assert api.logins == 1
