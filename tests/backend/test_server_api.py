"""ServerApi against the stand-in over real HTTPS: login, token reuse and renewal, run_as,
and every failure mode translated to a safe error code within the deadline."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from standin.server import DEMO_USERS, StandinServer
from wazuh_mcp.backends.server_api import ServerApi, ServerApiConfig
from wazuh_mcp.errors import (
    ConfigurationError,
    Forbidden,
    InvalidArgument,
    NotFound,
    RateLimited,
    Unauthenticated,
    UpstreamTimeout,
    UpstreamUnavailable,
)


@pytest.fixture(scope="module")
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        yield server


@pytest.fixture(autouse=True)
def clean_faults(standin: StandinServer) -> Iterator[None]:
    standin.faults.reset()
    yield
    standin.faults.reset()


def config(standin: StandinServer, user: str = "wazuh", **changes: object) -> ServerApiConfig:
    values: dict[str, object] = {
        "url": standin.url,
        "user": user,
        "password": DEMO_USERS[user].password,
        "verify": str(standin.ca_path),
        "timeout_s": 5.0,
    }
    values.update(changes)
    return ServerApiConfig(**values)  # type: ignore[arg-type]


@pytest.fixture
async def api(standin: StandinServer) -> AsyncIterator[ServerApi]:
    client = ServerApi(config(standin))
    yield client
    await client.aclose()


async def test_logs_in_once_and_reuses_the_token(api: ServerApi) -> None:
    for _ in range(5):
        page = await api.page("/agents", action="agent:read", params={"limit": 3})
        assert len(page.items) == 3 and page.total > 50
    assert api.logins == 1


async def test_expired_tokens_trigger_one_relogin_shared_by_concurrent_callers(
    api: ServerApi, standin: StandinServer
) -> None:
    await api.page("/agents", action="agent:read", params={"limit": 1})
    standin.state.issuer.revoke_all()  # every token issued so far now answers 401 Invalid token
    pages = await asyncio.gather(*(api.page("/agents", action="agent:read", params={"limit": 1}) for _ in range(8)))
    assert all(p.items for p in pages)
    assert api.logins == 2


async def test_unknown_agent_in_envelope_is_not_found(api: ServerApi) -> None:
    with pytest.raises(NotFound) as err:
        await api.page("/agents", action="agent:read", params={"agents_list": "999"})
    assert err.value.upstream_code == 1701


async def test_wrong_password_is_unauthenticated_and_never_echoes_it(standin: StandinServer) -> None:
    client = ServerApi(config(standin, password="not-the-password"))
    with pytest.raises(Unauthenticated) as err:
        await client.page("/agents", action="agent:read")
    await client.aclose()
    assert "not-the-password" not in str(err.value) and "wazuh-mcp setup" in str(err.value)


async def test_rbac_denial_names_the_missing_action(standin: StandinServer) -> None:
    client = ServerApi(config(standin, user="cluster-ro"))
    # A bare GET /agents answers an empty list to a user who may read no agent (as a real 4.14.7 does, the
    # oracle's api-237); naming one is the 403.
    with pytest.raises(Forbidden) as err:
        await client.page("/agents", action="agent:read", params={"agents_list": "001"})
    await client.aclose()
    assert "agent:read" in str(err.value) and "cluster-ro" in str(err.value)


async def test_run_as_logs_in_with_the_auth_context(standin: StandinServer) -> None:
    client = ServerApi(config(standin, run_as={"username": "analyst-a"}))
    page = await client.page("/agents", action="agent:read", params={"limit": 1})
    assert page.items
    assert client.identity == "wazuh as analyst-a"
    with pytest.raises(Forbidden):  # the run_as identity is readonly
        await client.request("PUT", "/manager/restart", action="manager:restart")
    await client.aclose()


async def test_bad_request_is_invalid_argument(api: ServerApi) -> None:
    with pytest.raises(InvalidArgument) as err:
        await api.page("/agents", action="agent:read", params={"select": "no_such_field"})
    assert "no_such_field" in str(err.value)


@pytest.mark.parametrize(
    "switch", [{"fail_next": 1}, {"fail_next": 1, "fail_status": 502}, {"drop_next": 1}, {"garbage_next": 1}]
)
async def test_upstream_failures_are_upstream_unavailable_and_the_next_call_works(
    api: ServerApi, standin: StandinServer, switch: dict[str, int]
) -> None:
    await api.page("/agents", action="agent:read", params={"limit": 1})  # logged in before the fault
    standin.faults.set(**switch)
    with pytest.raises(UpstreamUnavailable):
        await api.page("/agents", action="agent:read", params={"limit": 1})
    assert (await api.page("/agents", action="agent:read", params={"limit": 1})).items


async def test_slow_api_times_out_within_the_deadline(standin: StandinServer) -> None:
    client = ServerApi(config(standin, timeout_s=0.5))
    await client.page("/agents", action="agent:read", params={"limit": 1})
    standin.faults.set(latency_s=3)
    started = time.monotonic()
    with pytest.raises(UpstreamTimeout):
        await client.page("/agents", action="agent:read", params={"limit": 1})
    assert time.monotonic() - started < 2.0
    await client.aclose()


async def test_rate_limit_is_rate_limited() -> None:
    with StandinServer(tls=False, rate_limit_per_minute=5) as small:
        client = ServerApi(ServerApiConfig(url=small.url, user="wazuh", password=DEMO_USERS["wazuh"].password))
        with pytest.raises(RateLimited):
            for _ in range(20):
                await client.page("/agents", action="agent:read", params={"limit": 1})
        await client.aclose()


async def test_refused_connection_is_upstream_unavailable() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    client = ServerApi(ServerApiConfig(url=f"https://127.0.0.1:{port}", user="u", password="p", timeout_s=2))
    with pytest.raises(UpstreamUnavailable) as err:
        await client.page("/agents", action="agent:read")
    await client.aclose()
    assert "refused or unreachable" in str(err.value)


async def test_untrusted_certificate_names_the_ca_bundle_setting(standin: StandinServer) -> None:
    client = ServerApi(config(standin, verify=True))
    with pytest.raises(UpstreamUnavailable) as err:
        await client.page("/agents", action="agent:read")
    await client.aclose()
    assert "ca_bundle" in str(err.value)


# advtext, "found, not fixed": httpx errors that are not transport errors escaped `_request` as unexpected
# (`internal`) errors: httpx.InvalidURL, raised while building a request or the client; and the transport errors
# that say what to fix (UnsupportedProtocol, LocalProtocolError) came back without a hint.


async def test_a_path_httpx_cannot_make_a_url_of_is_refused_in_words_and_never_sent(api: ServerApi) -> None:
    await api.page("/agents", action="agent:read", params={"limit": 1})  # logged in
    with pytest.raises(InvalidArgument, match="was not sent") as refused:
        await api.request("GET", "/agents/0\x001/config/agent/client", action="agent:read")
    assert "\\x00" in refused.value.message and "\x00" not in refused.value.message
    assert "Nothing reached Wazuh" in (refused.value.hint or "")


@pytest.mark.parametrize("url", ["https://[::1:55000", "https://wazuh:55000\x00"], ids=["bracket", "nul"])
async def test_an_api_url_that_is_not_a_url_is_a_configuration_error_naming_the_setting(
    standin: StandinServer, url: str
) -> None:
    with pytest.raises(ConfigurationError, match="is not a URL") as refused:
        client = ServerApi(config(standin, url=url))
        await client.request("GET", "/agents", action="agent:read")
    assert "api.url" in (refused.value.hint or "") and "\x00" not in refused.value.message


@pytest.mark.parametrize("url", ["localhost:55000", "ftp://localhost:55000"], ids=["no-scheme", "ftp"])
async def test_an_api_url_without_https_is_a_configuration_error_naming_the_setting(
    standin: StandinServer, url: str
) -> None:
    client = ServerApi(config(standin, url=url))
    with pytest.raises(ConfigurationError, match=r"does not start with https://") as refused:
        await client.request("GET", "/agents", action="agent:read")
    assert "api.url" in (refused.value.hint or "")
    await client.aclose()


def mock_api(handler: Any) -> ServerApi:
    return ServerApi(
        ServerApiConfig(url="https://wazuh.test:55000", user="wazuh", password="x", verify=True, timeout_s=5.0),
        transport=httpx.MockTransport(handler),
    )


@pytest.mark.parametrize(
    "token", ["eyJ\u202e.x.y", "eyJé.x.y", "eyJ x.y", "eyJ\n.x.y"], ids=["bidi", "latin", "space", "nl"]
)
async def test_a_login_token_that_cannot_go_back_in_a_header_is_refused_as_no_token(token: str) -> None:
    """Its characters go back in every request's Authorization header: a non-ASCII one raised UnicodeEncodeError
    inside httpx, a newline LocalProtocolError on a real connection."""

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"data": {"token": token}, "error": 0})

    client = mock_api(handler)
    with pytest.raises(UpstreamUnavailable, match="carried no token"):
        await client.request("GET", "/agents", action="agent:read")
    await client.aclose()


async def test_a_request_httpx_cannot_write_as_http_is_upstream_unavailable_with_a_hint() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.LocalProtocolError("Illegal header value", request=request)

    client = mock_api(handler)
    with pytest.raises(UpstreamUnavailable, match="could not be written as HTTP") as refused:
        await client.request("GET", "/agents", action="agent:read")
    assert "api.url" in (refused.value.hint or "")
    await client.aclose()


# adv7: an answer nested deeper than Python's JSON reader recurses raised RecursionError (not a ValueError) out of
# `response.json()`: an unexpected (`internal`) error instead of "not JSON", wherever the client reads an answer.
DEEP = b"[" * 100_000


@pytest.mark.parametrize("where", ["login", "answer", "401"])
async def test_an_answer_nested_too_deep_to_read_is_upstream_unavailable(where: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.startswith("/security/user/authenticate"):
            if where == "login":
                return httpx.Response(200, content=DEEP, headers={"content-type": "application/json"})
            return httpx.Response(200, json={"data": {"token": "eyJ.e30.x"}, "error": 0})
        status = 401 if where == "401" else 200
        return httpx.Response(status, content=DEEP, headers={"content-type": "application/json"})

    client = mock_api(handler)
    with pytest.raises(UpstreamUnavailable, match="not JSON"):
        await client.request("GET", "/agents", action="agent:read")
    await client.aclose()


async def test_credentials_written_into_api_url_are_refused_in_words_that_never_repeat_them() -> None:
    """open7, "found, not fixed": `_connect_error` quoted api.url whole, `user:password@` included. httpx would
    also send them as Basic auth over the bearer token on every request (Wazuh: "No authorization token
    provided"): the client refuses such a URL before any request, naming where each goes instead."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(ConfigurationError) as err:
        ServerApi(ServerApiConfig(url=f"https://admin:hunter2@127.0.0.1:{port}", user="u", password="p", timeout_s=2))
    assert "user:password@host" in err.value.message and "api.user" in str(err.value.hint)
    assert "hunter2" not in str(err.value) and "admin:" not in str(err.value)
    client = ServerApi(ServerApiConfig(url=f"https://127.0.0.1:{port}", user="u", password="p", timeout_s=2))
    with pytest.raises(UpstreamUnavailable) as down:
        await client.page("/agents", action="agent:read")
    await client.aclose()
    assert "refused or unreachable" in down.value.message and f"127.0.0.1:{port}" in down.value.message


async def test_an_answer_larger_than_any_wazuh_gives_is_refused_not_read_whole() -> None:
    """adv7: the client read every answer whole into memory, however large (a manager, a proxy or a man in the
    middle streaming without end). Past ``MAX_ANSWER_BYTES`` it is refused in words."""
    filler = b"a" * (65 << 20)  # 65 MiB: a page of 500 agents is a few hundred KB

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.startswith("/security/user/authenticate"):
            return httpx.Response(200, json={"data": {"token": "eyJ.e30.x"}, "error": 0})
        return httpx.Response(200, content=b'{"data":{"x":"' + filler + b'"},"error":0}')

    client = mock_api(handler)
    with pytest.raises(UpstreamUnavailable, match="larger than") as refused:
        await client.request("GET", "/agents", action="agent:read")
    assert "GET /agents" in refused.value.message
    await client.aclose()
