#!/usr/bin/env bash
# A real OpenID provider for the team-mode tests: Keycloak's server distribution in dev mode on loopback,
# with the test realm tests/team/realm-wazuh-soc.json (client wazuh-mcp-test, audience wazuh-mcp,
# users alice/bob/carol carrying wazuh_user and groups claims), set up for MCP clients the way
# docs/team.md ("Keycloak") tells an admin to:
#   - dynamic client registration (RFC 7591) open to anonymous requests whose redirect URIs are loopback
#     (the Trusted Hosts policy: trusted hosts localhost and 127.0.0.1, the registering host not checked,
#     client URIs must match), so Claude Code, VS Code or Cursor registers itself, or Claude's connectors
#     (claude.ai and claude.com, their callback hosts);
#   - the client scope wazuh-mcp (tests/team/client-scope-wazuh-mcp.json: audience wazuh-mcp, wazuh_user,
#     groups) a default scope of the realm, so a client registered that way gets tokens the server takes
#     (the Allowed Client Scopes policy lets a registered client have the realm's default scopes);
#   - wazuh-mcp-cli, a pre-registered public client (PKCE S256, loopback redirects) for
#     `connect --client-id wazuh-mcp-cli`.
#
#   scripts/keycloak.sh start          fetch (Maven), unpack, start in the background, wait until ready;
#                                      prints the issuer URL. A fresh database each start: the realm is
#                                      imported anew (tests rotate its keys).
#   scripts/keycloak.sh stop           stop it (no-op when not running)
#   scripts/keycloak.sh status         exit 0 when ready
#   scripts/keycloak.sh url            print the issuer URL of the test realm
#   scripts/keycloak.sh token USER [PASSWORD] [CLIENT]
#                                      an access token for USER (password grant; test realm only)
#   scripts/keycloak.sh env            KEYCLOAK_* lines for tests (issuer, admin credentials file)
#
# The distribution is org.keycloak:keycloak-quarkus-dist (zip) from Maven Central. Keycloak 26 needs
# Java 21 or newer: the script takes the newest JDK under /usr/lib/jvm that is >= 21 unless
# KEYCLOAK_JAVA_HOME is set. Dev mode keeps its H2 database under <home>/data (wiped at each start).
#
# Environment (all optional):
#   KEYCLOAK_VERSION     26.7.3
#   KEYCLOAK_PORT        8280    HTTP on 127.0.0.1
#   KEYCLOAK_MGMT_PORT   9280    management (health) on 127.0.0.1
#   KEYCLOAK_CACHE       <repo>/.cache/keycloak   zip, unpacked server, node state and logs (gitignored)
#   KEYCLOAK_JAVA_HOME   a JDK >= 21
#   KEYCLOAK_HEAP        768m    maximum heap (Keycloak's own default is 70% of the machine's memory)
#   KEYCLOAK_WAIT_S      240     how long `start` waits for it to become ready, then fails
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VERSION="${KEYCLOAK_VERSION:-26.7.3}"
PORT="${KEYCLOAK_PORT:-8280}"
MGMT_PORT="${KEYCLOAK_MGMT_PORT:-9280}"
HEAP="${KEYCLOAK_HEAP:-768m}"
WAIT_S="${KEYCLOAK_WAIT_S:-240}"
CACHE="${KEYCLOAK_CACHE:-$ROOT/.cache/keycloak}"
HOME_DIR="$CACHE/keycloak-$VERSION"
NODE_DIR="$CACHE/node-$PORT"
PID_FILE="$NODE_DIR/keycloak.pid"
LOG_FILE="$NODE_DIR/console.log"
REALM_FILE="$ROOT/tests/team/realm-wazuh-soc.json"
REALM="wazuh-soc"
BASE="http://127.0.0.1:$PORT"
ISSUER="$BASE/realms/$REALM"
ADMIN_FILE="$NODE_DIR/admin-credentials"

SCOPE_FILE="$ROOT/tests/team/client-scope-wazuh-mcp.json"
POLICY_TYPE="org.keycloak.services.clientregistration.policy.ClientRegistrationPolicy"

log() { echo "keycloak.sh: $*" >&2; }

ready() { curl -fsS --max-time 3 "http://127.0.0.1:$MGMT_PORT/health/ready" >/dev/null 2>&1; }

running_pid() {
    [[ -f "$PID_FILE" ]] || return 1
    local pid
    pid="$(cat "$PID_FILE" 2>/dev/null || true)"
    [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

java_home() {
    if [[ -n "${KEYCLOAK_JAVA_HOME:-}" ]]; then echo "$KEYCLOAK_JAVA_HOME"; return; fi
    local best="" best_major=0 dir major
    for dir in /usr/lib/jvm/*/; do
        [[ -x "$dir/bin/java" && ! -L "${dir%/}" ]] || continue
        major="$("$dir/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
        [[ "$major" =~ ^[0-9]+$ ]] || continue
        if ((major >= 21 && major > best_major)); then best="${dir%/}" best_major="$major"; fi
    done
    [[ -n "$best" ]] || { log "no JDK >= 21 under /usr/lib/jvm (Keycloak $VERSION needs one); set KEYCLOAK_JAVA_HOME"; exit 1; }
    echo "$best"
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

fetch() {
    local zip="$CACHE/keycloak-quarkus-dist-$VERSION.zip"
    mkdir -p "$CACHE"
    if [[ ! -f "$zip" ]]; then
        log "fetching org.keycloak:keycloak-quarkus-dist:$VERSION from Maven"
        mvn -q -B dependency:copy "-Dartifact=org.keycloak:keycloak-quarkus-dist:$VERSION:zip" \
            "-DoutputDirectory=$CACHE" >&2
    fi
    if [[ ! -x "$HOME_DIR/bin/kc.sh" ]]; then
        log "unpacking $zip"
        rm -rf "$HOME_DIR.tmp" && mkdir -p "$HOME_DIR.tmp"
        unzip -q "$zip" -d "$HOME_DIR.tmp"
        mv "$HOME_DIR.tmp/keycloak-$VERSION" "$HOME_DIR" && rm -rf "$HOME_DIR.tmp"
    fi
}

start() {
    if ready; then configure_registration && echo "$ISSUER"; return; fi
    if pid="$(running_pid)"; then
        log "pid $pid is running but not ready yet"
    else
        for p in "$PORT" "$MGMT_PORT"; do
            port_free "$p" || { log "port $p on 127.0.0.1 is taken by another program (set KEYCLOAK_PORT / KEYCLOAK_MGMT_PORT)"; return 1; }
        done
        fetch
        local jh
        jh="$(java_home)"
        # A fresh database each start (dev mode keeps H2 under <home>/data): the realm is imported from
        # the file, nothing is left from earlier runs.
        rm -rf "$NODE_DIR" "$HOME_DIR/data" && mkdir -p "$NODE_DIR" "$HOME_DIR/data/import"
        cp "$REALM_FILE" "$HOME_DIR/data/import/"
        umask 077
        printf 'admin\n%s\n' "$(head -c 18 /dev/urandom | base64 | tr -d '/+=')" >"$ADMIN_FILE"
        local admin_password
        admin_password="$(sed -n 2p "$ADMIN_FILE")"
        log "starting Keycloak $VERSION on $BASE (management :$MGMT_PORT, java: $jh)"
        date +%s.%N >"$NODE_DIR/started-at"
        # setsid: its own process group, so stop can end the launcher script and the JVM together.
        setsid env -i PATH=/usr/bin:/bin "JAVA_HOME=$jh" HOME="$NODE_DIR" "JAVA_OPTS_KC_HEAP=-Xms64m -Xmx$HEAP" \
            KC_BOOTSTRAP_ADMIN_USERNAME=admin KC_HTTP_MANAGEMENT_HEALTH_ENABLED=true "KC_BOOTSTRAP_ADMIN_PASSWORD=$admin_password" \
            "$HOME_DIR/bin/kc.sh" start-dev \
            --http-host=127.0.0.1 "--http-port=$PORT" \
            --http-management-host=127.0.0.1 "--http-management-port=$MGMT_PORT" \
            --health-enabled=true --hostname-strict=false \
            --import-realm \
            </dev/null >"$LOG_FILE" 2>&1 &
        echo $! >"$PID_FILE"
    fi
    # A deadline, not a count of tries: under load each readiness probe itself can take seconds.
    local deadline=$((SECONDS + WAIT_S))
    while ((SECONDS < deadline)); do
        if ready; then
            local started
            started="$(cat "$NODE_DIR/started-at" 2>/dev/null || echo 0)"
            log "ready in $(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN{printf "%.1f", e-s}') s"
            configure_registration || { log "could not open client registration in realm $REALM"; return 1; }
            echo "$ISSUER"
            return 0
        fi
        if ! running_pid >/dev/null; then
            if grep -qiE "address already in use|bind" "$LOG_FILE" 2>/dev/null; then
                log "could not bind 127.0.0.1:$PORT or :$MGMT_PORT: $(grep -iE -m1 'address already in use|bind' "$LOG_FILE")"
            else
                log "Keycloak exited; last log lines:"
                tail -n 30 "$LOG_FILE" >&2 || true
            fi
            rm -f "$PID_FILE"
            return 1
        fi
        sleep 1
    done
    log "Keycloak did not become ready in $WAIT_S s (KEYCLOAK_WAIT_S); last log lines:"
    tail -n 30 "$LOG_FILE" >&2 || true
    return 1
}

stop() {
    local pid
    if ! pid="$(running_pid)"; then log "not running"; return 0; fi
    kill -TERM -- "-$pid" 2>/dev/null || kill "$pid"
    for _ in $(seq 1 60); do
        kill -0 "$pid" 2>/dev/null || { rm -f "$PID_FILE"; log "stopped"; return 0; }
        sleep 0.5
    done
    log "pid $pid did not stop in 30 s; killing"
    kill -KILL -- "-$pid" 2>/dev/null || kill -9 "$pid" 2>/dev/null || true
    rm -f "$PID_FILE"
}

# The admin REST API of the test realm, as the bootstrap admin: admin_api METHOD PATH [curl args...]
admin_api() {
    local method="$1" path="$2"
    shift 2
    curl -fsS --max-time 20 -X "$method" -H "Authorization: Bearer $ADMIN_TOKEN" -H "Content-Type: application/json" \
        "$BASE/admin/realms/$REALM$path" "$@"
}

# Dynamic client registration for MCP clients (see the header). Idempotent: run after every start.
configure_registration() {
    local name password scope_id policy
    name="$(sed -n 1p "$ADMIN_FILE")" password="$(sed -n 2p "$ADMIN_FILE")"
    ADMIN_TOKEN="$(curl -fsS --max-time 20 "$BASE/realms/master/protocol/openid-connect/token" \
        -d grant_type=password -d client_id=admin-cli --data-urlencode "username=$name" \
        --data-urlencode "password=$password" | jq -r .access_token)"
    [[ -n "$ADMIN_TOKEN" && "$ADMIN_TOKEN" != null ]] || { log "no admin token for $BASE"; return 1; }
    scope_id="$(admin_api GET /client-scopes | jq -r '.[] | select(.name == "wazuh-mcp") | .id')" || return 1
    if [[ -z "$scope_id" ]]; then
        admin_api POST /client-scopes --data-binary "@$SCOPE_FILE" >/dev/null || return 1
        scope_id="$(admin_api GET /client-scopes | jq -r '.[] | select(.name == "wazuh-mcp") | .id')" || return 1
    fi
    if ! admin_api GET /default-default-client-scopes | jq -e '.[] | select(.name == "wazuh-mcp")' >/dev/null; then
        admin_api PUT "/default-default-client-scopes/$scope_id" >/dev/null || return 1
    fi
    policy="$(admin_api GET "/components?type=$POLICY_TYPE" |
        jq -c '.[] | select(.providerId == "trusted-hosts" and .subType == "anonymous")')" || return 1
    [[ -n "$policy" ]] || { log "the realm has no anonymous Trusted Hosts policy to configure"; return 1; }
    admin_api PUT "/components/$(jq -r .id <<<"$policy")" --data-binary "$(jq -c '.config = {
        "trusted-hosts": ["localhost", "127.0.0.1", "claude.ai", "claude.com"],
        "host-sending-registration-request-must-match": ["false"],
        "client-uris-must-match": ["true"]}' <<<"$policy")" >/dev/null || return 1
    log "dynamic client registration: anonymous, loopback and Claude connector redirect URIs; default client scope wazuh-mcp"
}

token() {
    local user="${1:?usage: $0 token USER [PASSWORD] [CLIENT]}"
    local password="${2:-$user-test-only}" client="${3:-wazuh-mcp-test}"
    curl -fsS --max-time 10 "$ISSUER/protocol/openid-connect/token" \
        -d grant_type=password -d "client_id=$client" --data-urlencode "username=$user" \
        --data-urlencode "password=$password" | jq -r .access_token
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) ready && echo "$ISSUER" ;;
    url) echo "$ISSUER" ;;
    token) shift; token "$@" ;;
    env) printf 'WAZUH_MCP_TEST_KEYCLOAK_ISSUER=%s\nWAZUH_MCP_TEST_KEYCLOAK_ADMIN=%s\n' "$ISSUER" "$ADMIN_FILE" ;;
    *) echo "usage: $0 start|stop|status|url|token USER|env" >&2; exit 2 ;;
esac
