"""A local identity provider for the team-mode hardening tests: keys generated here, served over real HTTP.

Keycloak (tests/team) runs only in CI; the attacks need tokens no well-behaved provider issues (a header
naming another key type than its ``kid``, a PS256 token under a key published as RS256, two subjects with one
display name). So this serves ``/.well-known/openid-configuration`` and a JWKS on a free loopback port with
``http.server`` in a thread, and signs whatever a test asks for with PyJWT. The server under test fetches the
keys over HTTP exactly as it fetches Keycloak's.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import ec, rsa

AUDIENCE = "wazuh-mcp"


@dataclass
class LocalIdp:
    issuer: str = ""
    rsa_key: rsa.RSAPrivateKey = field(default_factory=lambda: rsa.generate_private_key(65537, 2048))
    ec_key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))

    def jwks(self) -> dict[str, Any]:
        rsa_public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self.rsa_key.public_key()))
        ec_public = json.loads(jwt.algorithms.ECAlgorithm.to_jwk(self.ec_key.public_key()))
        return {
            "keys": [
                rsa_public | {"kid": "rsa-1", "alg": "RS256", "use": "sig"},  # declares RS256
                rsa_public | {"kid": "rsa-any", "use": "sig"},  # declares no alg
                ec_public | {"kid": "ec-1", "alg": "ES256", "use": "sig"},
            ]
        }

    def claims(self, sub: str, **extra: Any) -> dict[str, Any]:
        now = int(time.time())
        return {"iss": self.issuer, "aud": AUDIENCE, "sub": sub, "iat": now, "exp": now + 300} | extra

    def token(self, sub: str, *, kid: str = "rsa-1", alg: str = "RS256", **claims: Any) -> str:
        key = self.ec_key if alg.startswith("ES") else self.rsa_key
        return jwt.encode(self.claims(sub, **claims), key, algorithm=alg, headers={"kid": kid})


@contextmanager
def local_idp() -> Iterator[LocalIdp]:
    idp = LocalIdp()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path == "/.well-known/openid-configuration":
                body = {"issuer": idp.issuer, "jwks_uri": f"{idp.issuer}/jwks"}
            elif self.path == "/jwks":
                body = idp.jwks()
            else:
                self.send_error(404)
                return
            data = json.dumps(body).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *_: Any) -> None:  # quiet: the test reads the server under test's logs
            return

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    idp.issuer = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, name="local-idp", daemon=True)
    thread.start()
    try:
        yield idp
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)
