#!/usr/bin/env bash
# The release artifacts for this platform, in dist/, all from one PyInstaller onedir build (build.spec):
#   wazuh-mcp-<version>-<os>-<arch>[.exe]   the one-file executable (the standalone download): the Go launcher in
#                                           packaging/launcher with the onedir build embedded as a zip; it unpacks
#                                           it once per version into the user's cache and hands over to it
#   wazuh-mcp-<version>-<os>-<arch>.mcpb    the MCP Bundle for Claude Desktop (server.type "binary"): the onedir
#                                           build in server/ (server/wazuh-mcp[.exe] + server/_internal/), which
#                                           Claude Desktop unpacks at install; manifest generated from the registry
#   wazuh-mcp-<version>-<os>-<arch>.mcpb.signer.pem  the certificate that signed the bundle (mcpb sign; see below)
#   SHA256SUMS                              checksums of the executable and the bundle
#
#   packaging/build.sh            no arguments: build, validate (mcpb validate), pack, show (mcpb info)
#
# Environment (optional): PYTHON (default .venv/bin/python, else python3), DIST (default dist),
# ONEDIR (reuse an onedir folder already built instead of running PyInstaller), MCPB_SIGN_CERT and MCPB_SIGN_KEY
# (PEM files to sign the bundle with; default: a self-signed certificate made for this build only).
# Needs Python 3.11+ with the project's dev extras (PyInstaller), Go >= 1.19 for the launcher (standard library
# only, nothing downloaded), Node.js with npm for the pinned MCP Bundle CLI (packaging/mcpb/package.json, installed
# on first use) and openssl (signing and its check).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { echo "build.sh: $*" >&2; }

PYTHON="${PYTHON:-}"
if [[ -z "$PYTHON" ]]; then
    if [[ -x .venv/bin/python ]]; then PYTHON=.venv/bin/python; elif [[ -x .venv/Scripts/python.exe ]]; then
        PYTHON=.venv/Scripts/python.exe; else PYTHON=python3; fi
fi
DIST="${DIST:-dist}"
WORK="$ROOT/.cache/package"
VERSION="$("$PYTHON" -c 'from wazuh_mcp import __version__; print(__version__)')"
PLATFORM="$("$PYTHON" -c 'import sys; print({"darwin": "darwin", "win32": "win32"}.get(sys.platform, "linux"))')"
ARCH="$("$PYTHON" -c 'import platform; m = platform.machine().lower(); print({"amd64": "x64", "x86_64": "x64", "aarch64": "arm64"}.get(m, m))')"
EXE=""
[[ "$PLATFORM" == win32 ]] && EXE=".exe"
NAME="wazuh-mcp-$VERSION-$PLATFORM-$ARCH"

# --- the onedir build ----------------------------------------------------------------------------
if [[ -z "${ONEDIR:-}" ]]; then
    log "building the onedir folder (PyInstaller)"
    rm -rf "$WORK/bin"
    started=$SECONDS
    "$PYTHON" -m PyInstaller --noconfirm --log-level WARN --distpath "$WORK/bin" --workpath "$WORK/pyinstaller" build.spec >/dev/null
    log "PyInstaller: $((SECONDS - started)) s"
    ONEDIR="$WORK/bin/wazuh-mcp"
fi
[[ -x "${ONEDIR:-}/wazuh-mcp$EXE" ]] || { log "no onedir executable at ${ONEDIR:-(ONEDIR unset)}/wazuh-mcp$EXE"; exit 1; }

# --- the one-file executable: the launcher with the onedir build embedded ---------------------------
command -v go >/dev/null || { log "Go >= 1.19 builds the one-file launcher (packaging/launcher): install it (Debian: golang-go; https://go.dev/dl)"; exit 1; }
LAUNCHER="$WORK/launcher"
rm -rf "$LAUNCHER" && mkdir -p "$LAUNCHER"
cp packaging/launcher/go.mod packaging/launcher/*.go "$LAUNCHER/"
started=$SECONDS
HASH="$("$PYTHON" packaging/onefile_payload.py "$ONEDIR" "$LAUNCHER/payload.zip")"
BINARY="$WORK/bin/wazuh-mcp-onefile$EXE"
mkdir -p "$WORK/bin"
# -trimpath and a fixed build ID: the same sources and payload give the same executable.
(cd "$LAUNCHER" && CGO_ENABLED=0 go build -trimpath -buildvcs=false \
    -ldflags "-s -w -buildid= -X main.version=$VERSION -X main.payloadHash=$HASH" -o "$BINARY" .)
log "one-file launcher: $((SECONDS - started)) s (payload sha256 ${HASH:0:16})"

# --- the bundle -----------------------------------------------------------------------------------
MCPB="$ROOT/packaging/mcpb/node_modules/.bin/mcpb"
if [[ ! -x "$MCPB" ]]; then
    log "installing the pinned MCP Bundle CLI (packaging/mcpb)"
    (cd packaging/mcpb && npm install --no-audit --no-fund --loglevel=error >/dev/null)
fi
STAGE="$WORK/bundle"
rm -rf "$STAGE" && mkdir -p "$STAGE"
# -L: mcpb pack follows links anyway (it stores files, not links), so store real files from the start.
cp -RL "$ONEDIR" "$STAGE/server"
chmod 755 "$STAGE/server/wazuh-mcp$EXE"
cp LICENSE "$STAGE/LICENSE"
cp NOTICE "$STAGE/NOTICE"
"$PYTHON" packaging/mcpb_manifest.py --platform "$PLATFORM" --out "$STAGE/manifest.json"
"$MCPB" validate "$STAGE/manifest.json" >&2

mkdir -p "$DIST"
rm -f "$DIST/$NAME$EXE" "$DIST/$NAME.mcpb" "$DIST/SHA256SUMS"
"$MCPB" pack "$STAGE" "$DIST/$NAME.mcpb" >&2

# --- signing (mcpb sign) ----------------------------------------------------------------------------
# With MCPB_SIGN_CERT and MCPB_SIGN_KEY (PEM paths; the release workflow writes them from its secrets) the bundle
# is signed with them; without, with a self-signed certificate made for this build in a temporary folder (its key
# is deleted with it). The signer's certificate stays beside the bundle; the check says which checks ran.
sign=()
if [[ -n "${MCPB_SIGN_CERT:-}" || -n "${MCPB_SIGN_KEY:-}" ]]; then sign=(--cert "${MCPB_SIGN_CERT:-}" --key "${MCPB_SIGN_KEY:-}"); fi
SIGNER="$("$PYTHON" packaging/bundle_signature.py sign "$DIST/$NAME.mcpb" ${sign[@]+"${sign[@]}"})"
"$PYTHON" packaging/bundle_signature.py verify "$DIST/$NAME.mcpb" --cert "$SIGNER" >&2
"$MCPB" info "$DIST/$NAME.mcpb" >&2
log "(mcpb info says 'Not signed' for a signature it cannot trust here: a self-signed certificate, or an OpenSSL without the code-signing purpose; the check above says what was verified)"
cp "$BINARY" "$DIST/$NAME$EXE"

if command -v sha256sum >/dev/null; then sum=(sha256sum); else sum=(shasum -a 256); fi
(cd "$DIST" && "${sum[@]}" "$NAME$EXE" "$NAME.mcpb" >SHA256SUMS)
log "done: $(cd "$DIST" && ls -l "$NAME$EXE" "$NAME.mcpb" SHA256SUMS | awk '{print $5, $NF}' | tr '\n' ';')"
echo "$DIST/$NAME$EXE"
echo "$DIST/$NAME.mcpb"
