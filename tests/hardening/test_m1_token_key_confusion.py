"""M1, L1, L7: bearer tokens the red team crafted, against ``serve --http`` on uvicorn with keys served by a
real HTTP JWKS endpoint (tests/hardening/local_idp.py).

- M1: a header naming another key type than its ``kid`` (ES256 with an RSA key, RS256/PS256 with an EC key)
  made the verifier raise: a 500 with a 2.75 KB traceback per request, not counted as a refusal, and a
  flood of them rotated ``server.log``'s history away. Every token problem must be a 401 with a bounded log
  line, counted, and a flood must cost a bounded number of log lines.
- L1: ``/mcp`` refused a token 1 s past expiry although ``leeway_s`` was 30; ``/approvals`` accepted one 5 s
  past. Both must apply the same leeway the same way.
- L7: a PS256 token was accepted under a key the JWKS publishes as RS256.
"""

from __future__ import annotations

import base64
import json
import logging
import time
from collections.abc import Iterator
from typing import Any

import httpx
import jwt
import pytest

from standin.server import StandinServer
from tests.hardening.local_idp import LocalIdp
from tests.team.conftest import TeamServer, run_team_server, team_settings
from wazuh_mcp.config.settings import OAuthSettings
from wazuh_mcp.server.oauth import JwksTokenVerifier

HEADERS = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}


def b64(data: bytes | str) -> str:
    raw = data.encode() if isinstance(data, str) else data
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def crafted(header: dict[str, Any] | str, payload: dict[str, Any] | str, signature: bytes = b"\x01" * 64) -> str:
    head = header if isinstance(header, str) else json.dumps(header)
    body = payload if isinstance(payload, str) else json.dumps(payload)
    return f"{b64(head)}.{b64(body)}.{b64(signature)}"


def signed_raw(idp: LocalIdp, payload: bytes, *, kid: str = "rsa-1") -> str:
    """A correctly RS256-signed token whose payload is any bytes (PyJWS signs bytes as given)."""
    return jwt.api_jws.encode(payload, idp.rsa_key, algorithm="RS256", headers={"kid": kid})


def bad_tokens(idp: LocalIdp) -> dict[str, str]:
    claims = idp.claims("mallory")
    return {
        # the reported form: the header names another key type than its kid
        "ES256 header, RSA kid": idp.token("mallory", kid="rsa-1", alg="ES256"),
        "ES256 header, RSA kid without alg": idp.token("mallory", kid="rsa-any", alg="ES256"),
        "RS256 header, EC kid": idp.token("mallory", kid="ec-1", alg="RS256"),
        "PS256 header, EC kid": idp.token("mallory", kid="ec-1", alg="PS256"),
        "ES384 header, P-256 kid": crafted({"alg": "ES384", "kid": "ec-1"}, claims, b"\x02" * 96),
        "ES256 signature of the wrong length": crafted({"alg": "ES256", "kid": "ec-1"}, claims, b"\x03" * 3),
        "RS256 signature of the wrong length": crafted({"alg": "RS256", "kid": "rsa-1"}, claims, b"\x04" * 7),
        # malformed in every part
        "one part": "x",
        "three empty parts": "..",
        "header not base64": "!!!." + b64(json.dumps(claims)) + ".AAAA",
        "header not JSON": crafted("not json", claims),
        "header a JSON list": crafted("[1, 2]", claims),
        "kid a number": crafted({"alg": "RS256", "kid": 7}, claims),
        "alg a list": crafted({"alg": ["RS256"], "kid": "rsa-1"}, claims),
        "payload not JSON, correctly signed": signed_raw(idp, b"not json"),
        "payload a JSON list, correctly signed": signed_raw(idp, b"[1]"),
        "exp NaN, correctly signed": signed_raw(idp, json.dumps(claims | {"exp": float("nan")}).encode()),
        "exp infinite, correctly signed": signed_raw(idp, json.dumps(claims | {"exp": float("inf")}).encode()),
        "exp a string, correctly signed": signed_raw(idp, json.dumps(claims | {"exp": "soon"}).encode()),
        "exp true, correctly signed": signed_raw(idp, json.dumps(claims | {"exp": True}).encode()),
        "signature replaced": idp.token("mallory").rsplit(".", 1)[0] + ".AAAA",
        "oversized": "a" * 20_000,
        "non-ASCII": "é.é.é",
    }


@pytest.fixture(scope="module")
def standin() -> Iterator[StandinServer]:
    with StandinServer(tls=True) as server:
        yield server


@pytest.fixture(scope="module")
def team(idp: LocalIdp, standin: StandinServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamServer]:
    settings = team_settings(tmp_path_factory.mktemp("m1"), oauth={"issuer": idp.issuer, "leeway_s": 20})
    with run_team_server(settings, standin) as running:
        yield running


def post(url: str, token: str) -> httpx.Response:
    return httpx.post(
        url,
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        # bytes: a non-ASCII token goes out as sent
        headers={k.encode(): v.encode() for k, v in {**HEADERS, "Authorization": f"Bearer {token}"}.items()},
        timeout=20,
    )


def approvals_url(team: TeamServer) -> str:
    return f"{team.listener.url}/approvals/ch-00000000/approve"


def test_m1_every_token_problem_is_a_401_with_a_bounded_log_line(
    idp: LocalIdp, team: TeamServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    for name, token in bad_tokens(idp).items():
        for url in (team.url, approvals_url(team)):
            answer = post(url, token)
            assert answer.status_code == 401, (name, url, answer.status_code, answer.text[:300])
            assert 'error="invalid_token"' in answer.headers.get("www-authenticate", ""), name
            assert len(answer.content) < 1024, name  # a challenge, not a traceback
    assert post(team.url, idp.token("alice", groups=["soc-analysts"])).status_code == 200  # the server is fine
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info], "an error or a traceback"
    assert all(len(r.getMessage()) < 400 for r in caplog.records if r.name.startswith("wazuh_mcp"))


async def test_m1_every_token_problem_is_counted_as_a_refusal(idp: LocalIdp) -> None:
    verifier = JwksTokenVerifier(OAuthSettings(issuer=idp.issuer, audience="wazuh-mcp"))
    tokens = bad_tokens(idp)
    for name, token in tokens.items():
        assert await verifier.verify_token(token) is None, name
    assert sum(verifier.refusals.values()) == len(tokens)
    assert "key_type" in verifier.refusals  # the confusion has its own reason, not a crash
    assert await verifier.verify_token(idp.token("alice")) is not None


async def test_m1_a_flood_of_bad_tokens_costs_a_bounded_number_of_log_lines(
    idp: LocalIdp, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="wazuh_mcp.server.oauth")
    verifier = JwksTokenVerifier(OAuthSettings(issuer=idp.issuer, audience="wazuh-mcp"))
    tokens = list(bad_tokens(idp).values())
    for n in range(3000):
        await verifier.verify_token(tokens[n % len(tokens)])
    lines = [r for r in caplog.records if r.name == "wazuh_mcp.server.oauth"]
    assert sum(verifier.refusals.values()) == 3000
    # one line per distinct reason, plus at most one summary in this minute — not one per token
    assert len(lines) <= len(verifier.refusals) + 1, len(lines)


# --- L1: one leeway, applied the same way on /mcp and /approvals -------------------------------------------


@pytest.mark.parametrize(("past_expiry_s", "accepted"), [(1, True), (5, True), (40, False), (300, False)])
def test_l1_mcp_and_approvals_apply_the_same_leeway(
    idp: LocalIdp, team: TeamServer, past_expiry_s: int, accepted: bool
) -> None:
    now = int(time.time())
    token = idp.token("alice", groups=["soc-leads"], exp=now - past_expiry_s, iat=now - 300)
    mcp = post(team.url, token).status_code
    approvals = post(approvals_url(team), token).status_code  # a valid token: 404, no such change
    assert (mcp != 401, approvals != 401) == (accepted, accepted), (mcp, approvals)


def test_l1_not_yet_valid_uses_the_same_leeway(idp: LocalIdp, team: TeamServer) -> None:
    now = int(time.time())
    soon = idp.token("alice", groups=["soc-leads"], nbf=now + 5)
    later = idp.token("alice", groups=["soc-leads"], nbf=now + 60)
    assert post(team.url, soon).status_code == 200 and post(approvals_url(team), soon).status_code == 404
    assert post(team.url, later).status_code == 401 and post(approvals_url(team), later).status_code == 401


# --- L7: the alg a JWK declares ---------------------------------------------------------------------------


@pytest.mark.parametrize("alg", ["PS256", "RS384", "RS512", "PS512"])
def test_l7_a_key_published_for_rs256_signs_nothing_else(idp: LocalIdp, team: TeamServer, alg: str) -> None:
    assert post(team.url, idp.token("alice", kid="rsa-1", alg=alg, groups=["soc-leads"])).status_code == 401
    # the same key published without an alg may sign any RSA algorithm the settings allow
    if alg in ("PS256", "RS384", "RS512"):
        assert post(team.url, idp.token("alice", kid="rsa-any", alg=alg, groups=["soc-leads"])).status_code == 200


async def test_l7_the_reported_form_is_refused_with_its_own_reason(idp: LocalIdp) -> None:
    verifier = JwksTokenVerifier(OAuthSettings(issuer=idp.issuer, audience="wazuh-mcp"))
    assert await verifier.verify_token(idp.token("alice", kid="rsa-1", alg="PS256")) is None
    assert verifier.refusals == {"algorithm_not_the_keys": 1}
