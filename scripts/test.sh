#!/usr/bin/env bash
# Installs everything the test suite needs and runs all of it: the README's test command, and what .ci/run calls.
# Safe to re-run. As root on Debian it also installs and starts the real services (OpenSearch node with 100,000
# alerts, nginx TLS front, Keycloak, Secret Service keyring, tmux) and builds the release artifacts; elsewhere the
# tests needing them skip and say why. It ends with what each phase cost.
#
#   ./scripts/test.sh                 everything (CI: 25-40 minutes on a 2-core machine, most of it pytest)
#   ./scripts/test.sh --fast          the contributor check: lint, types, import contracts, docs, and the unit,
#                                     server and tool-schema tests; no system packages, npm, services or build
#   ./scripts/test.sh tests/unit -x   extra arguments go to pytest (services are still started)
#
# Environment: PYTHON (interpreter for the venv, default python3), SKIP_SERVICES=1 (no OpenSearch / nginx /
# Keycloak: faster local runs), SKIP_BINARY=1 (do not build the executable and the bundle), KEYCLOAK_WAIT_S (how
# long Keycloak may take to become ready, default 300; past it the team tests are not run and the run fails).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.venv"
log() { echo "test.sh: $*" >&2; }
FAST=""
if [[ "${1:-}" == --fast ]]; then
    FAST=1 SKIP_SERVICES=1 SKIP_BINARY=1
    shift
fi

# --- what each phase costs (printed at the end, whatever the outcome) --------------------------------------------
PHASES=() phase_name="" phase_started=$SECONDS
phase() {
    [[ -n "$phase_name" ]] && PHASES+=("$(printf '%6d s  %s' $((SECONDS - phase_started)) "$phase_name")")
    phase_name="$1" phase_started=$SECONDS
    [[ -z "$1" ]] || log "── $1"
}
report_phases() {
    phase ""
    log "what ran and what it cost:"
    printf 'test.sh: %s\n' "${PHASES[@]}" >&2
    log "$(printf '%6d s  in all' "$SECONDS")"
    ((SECONDS <= 2400)) || log "over the 40-minute budget of a CI run on a 2-core machine"
}

# --- the real home: no step below may write into its wazuh-mcp folders -------------------------------------------
# scripts/home_guard.py fingerprints the wazuh-mcp state, config and cache dirs (the one-file launcher unpacks into
# the cache) before anything runs, the build included, and checks them after: a change fails the run, and the
# report names each file and says that another wazuh-mcp process of the contributor's (Claude Desktop's serve, an
# approve in another terminal) may have written it, listing those running now.
HOME_BEFORE="$(mktemp)"
"${PYTHON:-python3}" scripts/home_guard.py snapshot >"$HOME_BEFORE"

# --- system packages (Debian, root) --------------------------------------------------------------
APT_PACKAGES=(nginx gnome-keyring dbus dbus-x11 tmux curl jq unzip maven openjdk-17-jre-headless nodejs npm golang-go)
phase "system packages"
if [[ -n "$FAST" ]]; then
    log "--fast: no system packages"
elif [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
    missing=()
    for pkg in "${APT_PACKAGES[@]}"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    # The machine may already have java/mvn/node from elsewhere: don't fight it.
    command -v java >/dev/null && missing=("${missing[@]/openjdk-17-jre-headless}")
    command -v mvn >/dev/null && missing=("${missing[@]/maven}")
    command -v node >/dev/null && missing=("${missing[@]/nodejs}")
    command -v npm >/dev/null && missing=("${missing[@]/npm}")
    { command -v go || [[ -x /usr/local/go/bin/go ]]; } >/dev/null && missing=("${missing[@]/golang-go}")
    read -r -a missing <<<"${missing[*]}"
    if ((${#missing[@]})); then
        log "installing Debian packages: ${missing[*]}"
        # Package services (nginx on :80) must not start on their own.
        created_policy=""
        if [[ ! -e /usr/sbin/policy-rc.d ]]; then
            printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && created_policy=1
        fi
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
        [[ -n "$created_policy" ]] && rm -f /usr/sbin/policy-rc.d
    fi
else
    log "not root on Debian: skipping system packages (${APT_PACKAGES[*]}); tests needing them will skip"
fi

# --- Python ---------------------------------------------------------------------------------------
phase "Python packages (pip install -e .[dev])"
if [[ ! -x "$VENV/bin/python" ]]; then
    log "creating $VENV"
    "${PYTHON:-python3}" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install -q --upgrade pip >/dev/null
"$VENV/bin/python" -m pip install -q -e ".[dev]"
export PATH="$VENV/bin:$PATH"

# --- MCP Inspector (npm, pinned by tests/e2e/inspector/package-lock.json) --------------------------
phase "npm packages (MCP Inspector, MCP Bundle CLI, Claude Code CLI)"
if [[ -n "$FAST" ]]; then
    log "--fast: no npm packages (the Inspector, bundle and signature tests are not in the fast set)"
elif command -v npm >/dev/null; then
    # `npm install` honours the lock file; `npm ci` trips over an optional Windows-only dependency
    # that npm leaves out of the lock (npm 11).
    (cd tests/e2e/inspector && npm install --no-audit --no-fund --loglevel=error >/dev/null)
    # The pinned MCP Bundle CLI (mcpb validate / pack / sign / verify): the bundle and signature tests use it.
    (cd packaging/mcpb && npm install --no-audit --no-fund --loglevel=error >/dev/null)
    # The pinned Claude Code CLI (its native binary comes as an optional dependency for this platform): the
    # team-mode sign-in tests drive it against serve --http behind Keycloak (tests/team/test_claude_code.py).
    (cd tests/team/claude_code && npm install --no-audit --no-fund --loglevel=error >/dev/null)
else
    log "npm not found: the MCP Inspector, bundle manifest, signature and Claude Code tests will skip"
fi

# --- services -----------------------------------------------------------------------------------------------------
cleanup() {
    if [[ -z "${SKIP_SERVICES:-}" ]]; then
        scripts/nginx-tls.sh stop >/dev/null 2>&1 || true
        scripts/opensearch.sh stop >/dev/null 2>&1 || true
        OPENSEARCH_PORT="$OPENSEARCH3_PORT" scripts/opensearch.sh stop >/dev/null 2>&1 || true
        [[ -n "${KEYCLOAK_STARTER:-}" ]] && kill "$KEYCLOAK_STARTER" 2>/dev/null
        scripts/keycloak.sh stop >/dev/null 2>&1 || true
    fi
    report_phases
}
trap cleanup EXIT
KEYCLOAK_STARTER=""
OPENSEARCH3_VERSION=3.6.0 OPENSEARCH3_PORT="${OPENSEARCH3_PORT:-9450}"  # the 2.19 node: OPENSEARCH_PORT (9250)
# A JDK of version 21 or later for OpenSearch 3.x (the newest first), or nothing.
java21_home() {
    local dir version
    for dir in $(ls -d /usr/lib/jvm/*/ 2>/dev/null | sort -rV); do
        [[ -x "$dir/bin/java" ]] || continue
        version="$("$dir/bin/java" -version 2>&1 | sed -nE '1s/.*version "([0-9]+).*/\1/p')"
        if [[ -n "$version" && "$version" -ge 21 ]]; then echo "${dir%/}"; return 0; fi
    done
    return 1
}
phase "services (Keycloak in the background; OpenSearch with 100,000 alerts; nginx TLS front)"
if [[ -n "${SKIP_SERVICES:-}" ]]; then
    log "SKIP_SERVICES: no OpenSearch, nginx or Keycloak; tests/team run only against a Keycloak already answering at $(scripts/keycloak.sh url), else they skip"
elif command -v java >/dev/null && command -v mvn >/dev/null; then
    # Keycloak (team-mode tests) takes one to three minutes to start: it starts beside the OpenSearch load and is
    # waited for just before pytest, at most KEYCLOAK_WAIT_S from its start (scripts/keycloak.sh).
    mkdir -p .cache && KEYCLOAK_WAIT_S="${KEYCLOAK_WAIT_S:-300}" scripts/keycloak.sh start </dev/null >.cache/keycloak-start.log 2>&1 &
    KEYCLOAK_STARTER=$!
else
    log "no java/mvn: Keycloak is not started; tests/team skip unless one already answers at $(scripts/keycloak.sh url)"
fi
if [[ -z "${SKIP_SERVICES:-}" && "$(id -u)" == 0 ]]; then
    PYTHON="$VENV/bin/python" scripts/opensearch.sh load
    WAZUH_MCP_TEST_OPENSEARCH_URL="$(scripts/opensearch.sh url)"
    export WAZUH_MCP_TEST_OPENSEARCH_URL
    # Wazuh 5.0's indexer is OpenSearch 3.x, which needs Java 21 or later (Debian 12 ships 17): the 5.x test
    # bed (tests/indexer_v5) gets a second node when such a JDK is on the machine, and skips in words otherwise.
    if java3="$(java21_home)"; then
        OPENSEARCH_VERSION="$OPENSEARCH3_VERSION" OPENSEARCH_PORT="$OPENSEARCH3_PORT" JAVA_HOME="$java3" \
            scripts/opensearch.sh start >/dev/null
        WAZUH_MCP_TEST_OPENSEARCH3_URL="http://127.0.0.1:$OPENSEARCH3_PORT"
        export WAZUH_MCP_TEST_OPENSEARCH3_URL
    else
        log "no Java 21+ under /usr/lib/jvm: no OpenSearch $OPENSEARCH3_VERSION node; the 5.x engine tests skip"
    fi
    PYTHON="$VENV/bin/python" scripts/nginx-tls.sh start "$WAZUH_MCP_TEST_OPENSEARCH_URL"
    # shellcheck disable=SC1091
    source .cache/nginx-tls/env
elif [[ -z "${SKIP_SERVICES:-}" ]]; then
    log "not root: no OpenSearch node or nginx front; the tests needing them skip"
fi

# --- static checks ------------------------------------------------------------------------------------
phase "static checks: ruff (lint, format), mypy, import contracts, docs freshness"
ruff check .
ruff format --check .
mypy
lint-imports
python -m wazuh_mcp.docgen --check

# --- release workflows (actionlint, a Go program from the module proxy, pinned) ---------------------
# Go also builds the one-file launcher (packaging/build.sh); the official tarball installs into /usr/local/go,
# which a non-login shell may not have on PATH.
[[ -x /usr/local/go/bin/go ]] && ! command -v go >/dev/null && export PATH="/usr/local/go/bin:$PATH"
ACTIONLINT_VERSION=v1.7.12
phase "release workflow lint (actionlint)"
if [[ -n "$FAST" ]]; then
    log "--fast: the release workflows are not linted"
elif command -v go >/dev/null; then
    gobin="$ROOT/.cache/gobin"
    if [[ ! -x "$gobin/actionlint" ]] || ! "$gobin/actionlint" -version | grep -q "${ACTIONLINT_VERSION#v}"; then
        log "installing actionlint $ACTIONLINT_VERSION (go install)"
        # Debian's Go (1.19) builds the launcher but is too old for actionlint: say so rather than fail.
        GOBIN="$gobin" go install "github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION" ||
            log "actionlint $ACTIONLINT_VERSION does not build with $(go version): the release workflows are not linted"
    fi
    if [[ -x "$gobin/actionlint" ]]; then
        log "actionlint .github/workflows"
        "$gobin/actionlint" -no-color
    fi
else
    log "go not found: the release workflows are not linted"
fi

# --- the release artifacts: binary, MCP Bundle, SHA256SUMS (packaging/build.sh) --------------------
# The one-file launcher's Go build cache lives in the checkout, shared by packaging/build.sh and the launcher
# tests (tests/e2e/test_onefile_launcher.py), which must not write into the home's.
export WAZUH_MCP_TEST_GOCACHE="$ROOT/.cache/go-build"
phase "build: the one-file executable, the signed .mcpb bundle and SHA256SUMS (packaging/build.sh)"
if [[ -n "${SKIP_BINARY:-}" ]]; then
    log "SKIP_BINARY: nothing built; the binary and bundle tests skip"
else
    log "packaging/build.sh: the one-file executable, the .mcpb bundle and SHA256SUMS in .cache/dist"
    mapfile -t built < <(GOCACHE="$WAZUH_MCP_TEST_GOCACHE" PYTHON="$VENV/bin/python" DIST="$ROOT/.cache/dist" \
        packaging/build.sh)
    [[ ${#built[@]} -eq 2 && -f "${built[1]}" ]] || { log "packaging/build.sh failed (see above)"; exit 1; }
    export WAZUH_MCP_TEST_BINARY="${built[0]}" WAZUH_MCP_TEST_BUNDLE="${built[1]}"
    # The launcher unpacks into a scratch folder here, not into the real home's cache.
    smoke_runtime="$(mktemp -d)"
    WAZUH_MCP_RUNTIME_DIR="$smoke_runtime" python packaging/smoke.py "$WAZUH_MCP_TEST_BINARY"
    rm -rf "$smoke_runtime"
fi

# --- tests ----------------------------------------------------------------------------------------------------------
status=0
pytest_extra=()
if [[ -n "$KEYCLOAK_STARTER" ]]; then
    phase "waiting for Keycloak (at most ${KEYCLOAK_WAIT_S:-300} s from its start)"
    if wait "$KEYCLOAK_STARTER"; then
        WAZUH_MCP_TEST_KEYCLOAK_ISSUER="$(scripts/keycloak.sh url)"
        export WAZUH_MCP_TEST_KEYCLOAK_ISSUER
        log "Keycloak: $(grep -m1 'ready in' .cache/keycloak-start.log || true); tests/team run against it"
    else
        log "FAILED: Keycloak did not become ready (.cache/keycloak-start.log): tests/team are not run, and the run fails:"
        tail -n 5 .cache/keycloak-start.log >&2 || true
        scripts/keycloak.sh stop >/dev/null 2>&1 || true  # so that it cannot come up half-way through pytest
        pytest_extra=(--ignore=tests/team)
        status=1
    fi
    KEYCLOAK_STARTER=""
fi
if [[ -n "$FAST" ]]; then
    ((${#@})) || set -- tests/unit tests/server tests/toolsnaps
    phase "pytest (fast: $*)"
else
    # tests/ includes the suites of docs/security.md: tests/fuzz (10,000 schema-derived calls;
    # WAZUH_MCP_FUZZ_CALLS changes it), tests/faults (the fault matrix) and tests/canary (the secret scan).
    phase "pytest${*:+ $*} (with the fuzz, fault and canary suites)"
fi
python -m pytest ${pytest_extra[@]+"${pytest_extra[@]}"} "$@" || status=$?
if [[ $# -eq 0 && -z "$FAST" ]]; then
    phase "keyring tests under a real Secret Service (dbus-run-session + gnome-keyring)"
    if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
        [[ -x tests/keyring/run_secret_service.sh ]] && { tests/keyring/run_secret_service.sh || status=$?; }
    else
        log "dbus-run-session/gnome-keyring missing: the Secret Service tests are skipped"
    fi
fi
if ! guard="$("${PYTHON:-python3}" scripts/home_guard.py check "$HOME_BEFORE" 2>&1)"; then
    while IFS= read -r line; do log "$line"; done <<<"$guard"
    status=1
fi
rm -f "$HOME_BEFORE"
exit "$status"
