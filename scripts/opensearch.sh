#!/usr/bin/env bash
# A real single-node OpenSearch 2.19 (what Wazuh Indexer 4.14 is built on) for tests and scale runs; with
# OPENSEARCH_VERSION=3.6.0 and a Java 21+ JAVA_HOME, the 3.x node of the Wazuh 5.x test bed (scripts/test.sh).
#
#   scripts/opensearch.sh start    check its ports are free, fetch (Maven), unpack, configure, start in the
#                                  background, wait for green (a node that dies says why in one line)
#   scripts/opensearch.sh stop     stop it (no-op when not running)
#   scripts/opensearch.sh status   exit 0 and print health when it answers, exit 1 otherwise
#   scripts/opensearch.sh url      print the URL
#   scripts/opensearch.sh load     start if needed, then load Wazuh's real templates and the full dataset
#                                  (100k alerts + vulnerabilities, about a minute; the `now` anchor is
#                                  kept in the `testbed-meta` index so tests compute their expectations
#                                  from it). Kept as is when already loaded less than LOAD_MAX_AGE ago.
#
# The distribution is OpenSearch's own integ-test zip (org.opensearch.distribution.integ-test-zip:opensearch),
# which has no security plugin and bundles no JDK: it runs on the machine's Java 17 via OPENSEARCH_JAVA_HOME.
# OpenSearch refuses to run as root, so the node runs as the system user `opensearch` (created if missing).
#
# Environment (all optional):
#   OPENSEARCH_VERSION   2.19.6            the 2.19.x served by Maven Central that runs on Java 17
#   OPENSEARCH_PORT      9250              HTTP port on 127.0.0.1 (transport is PORT+100)
#   OPENSEARCH_HEAP      1g
#   OPENSEARCH_CACHE     <repo>/.cache/opensearch   zip, unpacked node, data and logs (gitignored)
#   JAVA_HOME            derived from `java` on PATH when unset
#   PYTHON               <repo>/.venv/bin/python    used by `load`
#   LOAD_COUNT           100000            alerts for `load`
#   LOAD_MAX_AGE         1800              seconds a loaded dataset's anchor may age before `load` redoes it
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VERSION="${OPENSEARCH_VERSION:-2.19.6}"
PORT="${OPENSEARCH_PORT:-9250}"
HEAP="${OPENSEARCH_HEAP:-1g}"
CACHE="${OPENSEARCH_CACHE:-$ROOT/.cache/opensearch}"
HOME_DIR="$CACHE/opensearch-$VERSION"
NODE_DIR="$CACHE/node-$PORT"
PID_FILE="$NODE_DIR/opensearch.pid"
URL="http://127.0.0.1:$PORT"
RUN_USER="opensearch"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"

log() { echo "opensearch.sh: $*" >&2; }

healthy() { curl -fsS --max-time 3 "$URL/_cluster/health" 2>/dev/null; }

running_pid() {
    [[ -f "$PID_FILE" ]] || return 1
    local pid
    pid="$(cat "$PID_FILE" 2>/dev/null || true)"
    [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

java_home() {
    if [[ -n "${JAVA_HOME:-}" ]]; then echo "$JAVA_HOME"; return; fi
    local java
    java="$(command -v java)" || { log "no java on PATH and JAVA_HOME unset (need Java 17)"; exit 1; }
    dirname "$(dirname "$(readlink -f "$java")")"
}

ensure_user() {
    id "$RUN_USER" >/dev/null 2>&1 && return
    log "creating system user $RUN_USER"
    useradd --system --no-create-home --shell /usr/sbin/nologin "$RUN_USER"
}

fetch() {
    local zip="$CACHE/opensearch-$VERSION.zip"
    mkdir -p "$CACHE"
    if [[ ! -f "$zip" ]]; then
        log "fetching org.opensearch.distribution.integ-test-zip:opensearch:$VERSION from Maven"
        mvn -q -B dependency:copy \
            "-Dartifact=org.opensearch.distribution.integ-test-zip:opensearch:$VERSION:zip" \
            "-DoutputDirectory=$CACHE" >&2
    fi
    if [[ ! -x "$HOME_DIR/bin/opensearch" ]]; then
        log "unpacking $zip"
        rm -rf "$HOME_DIR.tmp" && mkdir -p "$HOME_DIR.tmp"
        unzip -q "$zip" -d "$HOME_DIR.tmp"
        mv "$HOME_DIR.tmp/opensearch-$VERSION" "$HOME_DIR" && rm -rf "$HOME_DIR.tmp"
    fi
}

configure() {
    mkdir -p "$NODE_DIR/data" "$NODE_DIR/logs"
    # Each node (port) gets its own copy of the config, so the unpacked distribution stays pristine
    # and a second node (OPENSEARCH_PORT=...) can run beside the first.
    local conf="$NODE_DIR/config"
    [[ -d "$conf" ]] || cp -r "$HOME_DIR/config" "$conf"
    cat >"$conf/opensearch.yml" <<EOF
# Written by scripts/opensearch.sh: a throwaway single node on loopback.
cluster.name: wazuh-mcp-testbed
node.name: testbed-$PORT
network.host: 127.0.0.1
http.port: $PORT
transport.port: $((PORT + 100))
discovery.type: single-node
path.data: $NODE_DIR/data
path.logs: $NODE_DIR/logs
# A full CI disk must not flip the indices to read-only in the middle of a run.
cluster.routing.allocation.disk.threshold_enabled: false
# Tests reload the dataset with DELETE wazuh-alerts-4.x-*.
action.destructive_requires_name: false
EOF
    mkdir -p "$conf/jvm.options.d"
    printf -- '-Xms%s\n-Xmx%s\n' "$HEAP" "$HEAP" >"$conf/jvm.options.d/heap.options"
    chown -R "$RUN_USER:" "$HOME_DIR" "$NODE_DIR"
    # The node reads its home through the repo path: make the parents traversable.
    local dir="$CACHE"
    while [[ "$dir" != "/" ]]; do chmod o+x "$dir" 2>/dev/null || true; dir="$(dirname "$dir")"; done
}

# Every port the node binds (HTTP, and transport = HTTP+100) must be free before it starts: a taken
# transport port otherwise shows up minutes later as a node that died with a page of stack frames.
check_ports() {
    local port holder
    for port in "$PORT" "$((PORT + 100))"; do
        holder="$(ss -Hltnp "sport = :$port" 2>/dev/null | head -n1)"
        if [[ -n "$holder" ]]; then
            log "port $port (needed for $([[ $port == "$PORT" ]] && echo HTTP || echo transport)) is taken: $holder; pick another with OPENSEARCH_PORT"
            return 1
        fi
    done
}

# One line saying why the node died: the bind error when there is one, else the first exception.
death_cause() {
    local logs=("$NODE_DIR/logs/console.log" "$NODE_DIR/logs/wazuh-mcp-testbed.log") line
    line="$(grep -hoE '(Bind(Http|Transport)?Exception|BindException)[^|]*' "${logs[@]}" 2>/dev/null | head -n1)"
    [[ -n "$line" ]] || line="$(grep -hE 'Exception|ERROR|error:' "${logs[@]}" 2>/dev/null | grep -vE '^[[:space:]]+at ' | head -n1)"
    echo "${line:-no cause in the logs; see $NODE_DIR/logs}" | cut -c1-300
}

start() {
    if healthy >/dev/null; then echo "$URL"; return 0; fi
    local launcher=""
    if pid="$(running_pid)"; then
        log "pid $pid is running but not answering yet"
    else
        check_ports
        ensure_user
        fetch
        configure
        local jh
        jh="$(java_home)"
        log "starting OpenSearch $VERSION on $URL as $RUN_USER (java: $jh, heap $HEAP)"
        rm -f "$PID_FILE"
        # In the background rather than -d, so the launcher's pid tells at once when the node died
        # (-d's pid file may never appear when start-up fails).
        runuser -u "$RUN_USER" -- env -i PATH=/usr/bin:/bin "OPENSEARCH_JAVA_HOME=$jh" \
            "OPENSEARCH_PATH_CONF=$NODE_DIR/config" \
            "$HOME_DIR/bin/opensearch" -p "$PID_FILE" </dev/null >"$NODE_DIR/logs/console.log" 2>&1 &
        launcher=$!
        disown "$launcher" 2>/dev/null || true
    fi
    for _ in $(seq 1 180); do
        if curl -fsS --max-time 3 "$URL/_cluster/health?wait_for_status=green&timeout=1s" >/dev/null 2>&1; then
            echo "$URL"
            return 0
        fi
        if [[ -n "$launcher" ]] && ! kill -0 "$launcher" 2>/dev/null; then
            log "OpenSearch died while starting: $(death_cause)"
            return 1
        fi
        if [[ -z "$launcher" && -f "$PID_FILE" ]] && ! running_pid >/dev/null; then
            log "OpenSearch died while starting: $(death_cause)"
            return 1
        fi
        sleep 1
    done
    log "OpenSearch did not become green in 180 s: $(death_cause)"
    return 1
}

stop() {
    local pid
    if ! pid="$(running_pid)"; then log "not running"; return 0; fi
    kill "$pid"
    for _ in $(seq 1 60); do
        kill -0 "$pid" 2>/dev/null || { rm -f "$PID_FILE"; log "stopped"; return 0; }
        sleep 0.5
    done
    log "pid $pid did not stop in 30 s; killing"
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$PID_FILE"
}

status() {
    local health
    if health="$(healthy)"; then echo "$health"; return 0; fi
    log "not answering on $URL"
    return 1
}

load() {
    start >/dev/null
    # Wazuh's real templates when ../shared/reference is beside the repo, else the project's own.
    # A dataset with the same parameters anchored less than LOAD_MAX_AGE seconds ago is kept.
    "$PYTHON" -m standin.indexer_load --url "$URL" --count "${LOAD_COUNT:-100000}" --templates auto \
        --if-older-than "${LOAD_MAX_AGE:-1800}"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    url) echo "$URL" ;;
    load) load ;;
    *) echo "usage: $0 start|stop|status|url|load" >&2; exit 2 ;;
esac
