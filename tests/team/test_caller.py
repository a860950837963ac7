"""Token claims → Caller: role mapping and the Wazuh user, fail-closed (no identity provider needed)."""

from __future__ import annotations

from typing import Any

from mcp.server.auth.provider import AccessToken

from wazuh_mcp.config.settings import OAuthSettings
from wazuh_mcp.server.caller import caller_from_token

OAUTH = OAuthSettings(
    issuer="https://idp", audience="wazuh-mcp", role_map={"soc-leads": "admin", "soc-analysts": "analyst"}
)


def caller(oauth: OAuthSettings = OAUTH, **claims: Any):
    token = AccessToken(token="t", client_id="cli", scopes=[], subject="sub-1", claims={"sub": "sub-1", **claims})
    return caller_from_token(token, oauth)


def test_the_first_mapped_group_wins_and_full_paths_match() -> None:
    assert caller(groups=["soc-analysts", "soc-leads"]).role == "admin"  # role_map order, not the token's
    assert caller(groups=["/corp/soc-analysts"]).role == "analyst"
    assert caller(groups=["other"]).role is None  # no default_role: no tool
    with_default = OAUTH.model_copy(update={"default_role": "readonly"})
    assert caller(with_default, groups=["other"]).role == "readonly"
    scopes = OAUTH.model_copy(update={"role_claim": "scope"})
    assert caller(scopes, scope="openid soc-leads").role == "admin"
    assert caller(groups=7).role is None and caller(groups={"soc-leads": 1}).role is None


def test_the_wazuh_user_claim_and_its_absence() -> None:
    assert caller(wazuh_user="analyst-a", groups=["soc-analysts"]).wazuh_user == "analyst-a"
    absent = caller(groups=["soc-analysts"])
    assert absent.wazuh_user is None and absent.role == "analyst"  # the service account, with the role


def test_an_unusable_wazuh_user_claim_gets_no_tool_rather_than_the_service_account() -> None:
    for bad in ("a" * 200, "ana\nlyst", "", ["analyst-a"], 5):
        got = caller(wazuh_user=bad, groups=["soc-leads"])
        assert got.wazuh_user is None and got.role is None, bad
