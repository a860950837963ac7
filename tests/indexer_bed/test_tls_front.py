"""The nginx TLS + basic-auth front (scripts/nginx-tls.sh) behaves as the backend's tests expect."""

from __future__ import annotations

import ssl

import httpx
import pytest
from opensearchpy import OpenSearch
from opensearchpy.exceptions import AuthenticationException, SSLError

from tests.engines import TlsFront


def test_trusted_ca_and_password_reach_the_node(tls_front: TlsFront) -> None:
    response = httpx.get(
        f"{tls_front.url}/",
        verify=ssl.create_default_context(cafile=tls_front.ca),
        auth=(tls_front.user, tls_front.password),
    )
    assert response.status_code == 200 and response.json()["version"]["distribution"] == "opensearch"
    es = OpenSearch(
        hosts=[tls_front.url], http_auth=(tls_front.user, tls_front.password), ca_certs=tls_front.ca, verify_certs=True
    )
    assert es.cluster.health()["status"] in ("green", "yellow")


@pytest.mark.parametrize("password", ["wrong", None])
def test_wrong_or_missing_password_is_401(tls_front: TlsFront, password: str | None) -> None:
    auth = (tls_front.user, password) if password else None
    response = httpx.get(f"{tls_front.url}/", verify=ssl.create_default_context(cafile=tls_front.ca), auth=auth)
    assert response.status_code == 401
    es = OpenSearch(hosts=[tls_front.url], http_auth=auth, ca_certs=tls_front.ca, verify_certs=True)
    with pytest.raises(AuthenticationException):
        es.info()


def test_untrusted_certificate_is_a_tls_error(tls_front: TlsFront) -> None:
    with pytest.raises(httpx.ConnectError, match="CERTIFICATE_VERIFY_FAILED"):
        httpx.get(f"{tls_front.url}/", auth=(tls_front.user, tls_front.password))
    es = OpenSearch(hosts=[tls_front.url], http_auth=(tls_front.user, tls_front.password), verify_certs=True)
    with pytest.raises(SSLError):
        es.info()


@pytest.mark.parametrize(("which", "reason"), [("wrong_host_url", "match"), ("expired_url", "expired")])
def test_wrong_host_and_expired_certificates_fail_even_with_the_ca(
    tls_front: TlsFront, which: str, reason: str
) -> None:
    url = getattr(tls_front, which)
    with pytest.raises(httpx.ConnectError, match=reason):
        httpx.get(
            f"{url}/", verify=ssl.create_default_context(cafile=tls_front.ca), auth=(tls_front.user, tls_front.password)
        )
