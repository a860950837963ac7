#!/usr/bin/env bash
# nginx on loopback in front of the test OpenSearch node, with TLS from a throwaway CA and basic auth,
# so the Indexer backend's TLS and auth paths meet a real server.
#
#   scripts/nginx-tls.sh start [UPSTREAM_URL]   (default upstream: http://127.0.0.1:9250, scripts/opensearch.sh)
#   scripts/nginx-tls.sh stop | status | env
#
# Ports (all on 127.0.0.1; override the first with TLS_PORT, the others follow it):
#   9443  certificate for 127.0.0.1 and localhost, signed by the CA    -> works with the CA and the password
#   9444  certificate for wrong-host.invalid, signed by the same CA    -> hostname verification fails
#   9445  certificate for 127.0.0.1 that expired, signed by the same CA -> certificate verification fails
# Every port asks for basic auth (wrong or missing password -> 401) and proxies to the upstream.
#
# Files, in $NGINX_TLS_DIR (default <repo>/.cache/nginx-tls, gitignored):
#   ca.pem                 the CA certificate to trust (ca.key stays beside it)
#   credentials            "user:password" in clear text, for tests
#   front.json             url, wrong_host_url, expired_url, ca, user, password, upstream (tests/engines.py reads it)
#   env                    the same as WAZUH_MCP_TEST_TLS_* exports: `source .cache/nginx-tls/env`
#   nginx.conf, htpasswd, server*.pem/key, logs/, nginx.pid
#
# nginx comes from Debian's package (installed when missing). The certificates are made with the
# project's Python (`cryptography`), which can also back-date one to expire it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${NGINX_TLS_DIR:-$ROOT/.cache/nginx-tls}"
PORT="${TLS_PORT:-9443}"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
USER_NAME="${TLS_USER:-wazuh-mcp}"

log() { echo "nginx-tls.sh: $*" >&2; }

ensure_nginx() {
    command -v nginx >/dev/null 2>&1 && return
    log "installing nginx (Debian package)"
    local created_policy=""
    if [[ ! -e /usr/sbin/policy-rc.d ]]; then
        # Keep the package's own service on :80 from starting.
        printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
        created_policy=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx-core >&2 \
        || { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx-core >&2; }
    [[ -n "$created_policy" ]] && rm -f /usr/sbin/policy-rc.d
    return 0
}

make_certs() {
    [[ -f "$DIR/server-expired.pem" ]] && return
    "$PYTHON" - "$DIR" <<'EOF'
import datetime as dt, ipaddress, sys
from pathlib import Path
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID

out = Path(sys.argv[1])
now = dt.datetime.now(dt.UTC)

def key():
    return ec.generate_private_key(ec.SECP256R1())

def write(name, cert, private):
    (out / f"{name}.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    path = out / f"{name}.key"
    path.write_bytes(private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    path.chmod(0o600)

ca_key = key()
ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "wazuh-mcp test CA")])
ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
      .serial_number(x509.random_serial_number()).not_valid_before(now - dt.timedelta(days=1))
      .not_valid_after(now + dt.timedelta(days=3650))
      .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
      .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                   data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                                   encipher_only=False, decipher_only=False), critical=True)
      .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
      .sign(ca_key, hashes.SHA256()))
write("ca", ca, ca_key)

def leaf(name, dns, ips, start, end):
    k = key()
    san = [x509.DNSName(d) for d in dns] + [x509.IPAddress(ipaddress.ip_address(i)) for i in ips]
    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, dns[0])]))
            .issuer_name(ca_name).public_key(k.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(start).not_valid_after(end)
            .add_extension(x509.SubjectAlternativeName(san), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    write(name, cert, k)

leaf("server", ["localhost"], ["127.0.0.1", "::1"], now - dt.timedelta(days=1), now + dt.timedelta(days=825))
leaf("server-wrong-host", ["wrong-host.invalid"], [], now - dt.timedelta(days=1), now + dt.timedelta(days=825))
leaf("server-expired", ["localhost"], ["127.0.0.1"], now - dt.timedelta(days=400), now - dt.timedelta(days=30))
EOF
}

make_credentials() {
    [[ -f "$DIR/credentials" ]] && return
    local password
    password="$("$PYTHON" -c 'import secrets; print(secrets.token_urlsafe(18))')"
    printf '%s:%s\n' "$USER_NAME" "$password" >"$DIR/credentials"
    chmod 600 "$DIR/credentials"
    printf '%s:%s\n' "$USER_NAME" "$(openssl passwd -apr1 "$password")" >"$DIR/htpasswd"
    chmod 644 "$DIR/htpasswd"  # nginx workers (not root) read it per request
}

server_block() {  # port cert
    cat <<EOF
    server {
        listen 127.0.0.1:$1 ssl;
        ssl_certificate     $DIR/$2.pem;
        ssl_certificate_key $DIR/$2.key;
        ssl_protocols TLSv1.2 TLSv1.3;
        auth_basic "wazuh-mcp test indexer";
        auth_basic_user_file $DIR/htpasswd;
        location / {
            proxy_pass $UPSTREAM;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Authorization "";
            # the client's own X-Forwarded-For / X-Real-IP never pass as they came: an upstream that read them
            # would take a forged client address (tests/hardening/test_rt_nginx_front.py)
            proxy_set_header X-Forwarded-For \$remote_addr;
            proxy_set_header X-Real-IP \$remote_addr;
            proxy_read_timeout 300s;
        }
    }
EOF
}

write_config() {
    mkdir -p "$DIR/logs" "$DIR/tmp"
    chmod 755 "$DIR" "$DIR/logs"
    chmod 777 "$DIR/tmp"  # nginx workers buffer large bodies here
    local dir="$DIR"
    while [[ "$dir" != "/" ]]; do chmod o+x "$dir" 2>/dev/null || true; dir="$(dirname "$dir")"; done
    {
        cat <<EOF
# Written by scripts/nginx-tls.sh
worker_processes 1;
pid $DIR/nginx.pid;
error_log $DIR/logs/error.log warn;
events { worker_connections 256; }
http {
    access_log $DIR/logs/access.log;
    client_body_temp_path $DIR/tmp/body;
    proxy_temp_path $DIR/tmp/proxy;
    fastcgi_temp_path $DIR/tmp/fastcgi;
    uwsgi_temp_path $DIR/tmp/uwsgi;
    scgi_temp_path $DIR/tmp/scgi;
    client_max_body_size 100m;
EOF
        server_block "$PORT" server
        server_block "$((PORT + 1))" server-wrong-host
        server_block "$((PORT + 2))" server-expired
        echo "}"
    } >"$DIR/nginx.conf"
}

write_state() {
    local password
    password="$(cut -d: -f2- "$DIR/credentials")"
    cat >"$DIR/front.json" <<EOF
{"url": "https://127.0.0.1:$PORT", "wrong_host_url": "https://127.0.0.1:$((PORT + 1))",
 "expired_url": "https://127.0.0.1:$((PORT + 2))", "ca": "$DIR/ca.pem",
 "user": "$USER_NAME", "password": "$password", "upstream": "$UPSTREAM"}
EOF
    cat >"$DIR/env" <<EOF
export WAZUH_MCP_TEST_TLS_URL=https://127.0.0.1:$PORT
export WAZUH_MCP_TEST_TLS_WRONG_HOST_URL=https://127.0.0.1:$((PORT + 1))
export WAZUH_MCP_TEST_TLS_EXPIRED_URL=https://127.0.0.1:$((PORT + 2))
export WAZUH_MCP_TEST_TLS_CA=$DIR/ca.pem
export WAZUH_MCP_TEST_TLS_USER=$USER_NAME
export WAZUH_MCP_TEST_TLS_PASSWORD=$password
export WAZUH_MCP_TEST_TLS_UPSTREAM=$UPSTREAM
EOF
    chmod 600 "$DIR/front.json" "$DIR/env"
}

running() { [[ -f "$DIR/nginx.pid" ]] && kill -0 "$(cat "$DIR/nginx.pid")" 2>/dev/null; }

start() {
    UPSTREAM="${1:-${TLS_UPSTREAM:-http://127.0.0.1:9250}}"
    ensure_nginx
    mkdir -p "$DIR"
    make_certs
    make_credentials
    write_config
    nginx -t -q -c "$DIR/nginx.conf" -p "$DIR" -e "$DIR/logs/error.log"
    if running; then
        nginx -c "$DIR/nginx.conf" -p "$DIR" -e "$DIR/logs/error.log" -s reload
    else
        nginx -c "$DIR/nginx.conf" -p "$DIR" -e "$DIR/logs/error.log"
    fi
    write_state
    for _ in $(seq 1 50); do
        if curl -s -o /dev/null --cacert "$DIR/ca.pem" "https://127.0.0.1:$PORT/"; then
            cat "$DIR/front.json"
            return 0
        fi
        sleep 0.1
    done
    log "nginx did not answer on $PORT"; return 1
}

stop() {
    if running; then
        nginx -c "$DIR/nginx.conf" -p "$DIR" -e "$DIR/logs/error.log" -s quit
        for _ in $(seq 1 50); do running || break; sleep 0.1; done
    fi
    rm -f "$DIR/front.json" "$DIR/env"
    log "stopped"
}

status() {
    if running && [[ -f "$DIR/front.json" ]]; then cat "$DIR/front.json"; return 0; fi
    log "not running"; return 1
}

case "${1:-}" in
    start) shift; start "$@" ;;
    stop) stop ;;
    status) status ;;
    env) cat "$DIR/env" ;;
    *) echo "usage: $0 start [UPSTREAM_URL]|stop|status|env" >&2; exit 2 ;;
esac
