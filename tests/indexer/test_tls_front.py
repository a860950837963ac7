"""TLS and basic auth against a real front: nginx (scripts/nginx-tls.sh) before the real node.

Skipped, with the reason, when the front is not running.
"""

from __future__ import annotations

import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.engines import TlsFront
from tests.indexer.support import audit_events, connected, error_text, ok

SEARCH = ("search_alerts", {"time_range": "1h", "size": 5})


async def _call(
    front: TlsFront,
    tmp_path: Path,
    *,
    url: str | None = None,
    password: str | None = None,
    verify: bool | str | None = None,
    user: str | None = "front-user",
) -> Any:
    audit = tmp_path / "audit.jsonl"
    async with connected(
        url or front.url,
        audit,
        timeout_s=10,
        user=front.user if user == "front-user" else user,
        password=front.password if password is None else password,
        verify=front.ca if verify is None else verify,
    ) as (client, _):
        result = await client.call_tool(*SEARCH)
    (event,) = audit_events(audit)
    return result, event


def _upstream_answers(front: TlsFront) -> bool:
    try:
        with urllib.request.urlopen(front.upstream, timeout=3):
            return True
    except OSError:
        return False


async def test_trusted_ca_and_right_password_work(tls_front: TlsFront, tmp_path: Path) -> None:
    if not _upstream_answers(tls_front):
        pytest.skip(f"the front's upstream {tls_front.upstream} is not answering (scripts/opensearch.sh start)")
    result, event = await _call(tls_front, tmp_path)
    page = ok(result)
    assert page["total"] >= len(page["alerts"]) and event["outcome"] == "ok"


async def test_wrong_password_is_unauthenticated(tls_front: TlsFront, tmp_path: Path) -> None:
    result, event = await _call(tls_front, tmp_path, password="not-the-password")
    text = error_text(result)
    assert text.startswith(f"unauthenticated: The Indexer refused user '{tls_front.user}'")
    assert "not-the-password" not in text and event["error_code"] == "unauthenticated"
    assert "not-the-password" not in (tmp_path / "audit.jsonl").read_text()


async def test_no_credentials_is_unauthenticated(tls_front: TlsFront, tmp_path: Path) -> None:
    result, _ = await _call(tls_front, tmp_path, user=None, password="")
    assert error_text(result).startswith("unauthenticated: The Indexer refused anonymous access")


async def test_untrusted_certificate_names_the_ca_bundle_setting(tls_front: TlsFront, tmp_path: Path) -> None:
    result, event = await _call(tls_front, tmp_path, verify=True)
    text = error_text(result)
    assert text.startswith("upstream_unavailable:") and "does not trust" in text
    assert "indexer.ca_bundle" in text and event["error_code"] == "upstream_unavailable"


async def test_certificate_for_another_host_says_so(tls_front: TlsFront, tmp_path: Path) -> None:
    if not tls_front.wrong_host_url:
        pytest.skip("the front has no wrong-host port")
    result, _ = await _call(tls_front, tmp_path, url=tls_front.wrong_host_url)
    assert "not issued for the host" in error_text(result)


async def test_expired_certificate_says_so(tls_front: TlsFront, tmp_path: Path) -> None:
    if not tls_front.expired_url:
        pytest.skip("the front has no expired-certificate port")
    result, _ = await _call(tls_front, tmp_path, url=tls_front.expired_url)
    assert "expired" in error_text(result)


async def test_verification_off_is_explicit_and_works(tls_front: TlsFront, tmp_path: Path) -> None:
    if not _upstream_answers(tls_front):
        pytest.skip(f"the front's upstream {tls_front.upstream} is not answering (scripts/opensearch.sh start)")
    result, _ = await _call(tls_front, tmp_path, verify=False)
    ok(result)
