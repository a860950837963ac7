#!/usr/bin/env bash
# The release artifacts for this platform, in dist/ (one PyInstaller run, build.spec: one analysis, two outputs):
#   wazuh-mcp-<version>-<os>-<arch>[.exe]   the one-file executable (the standalone download)
#   wazuh-mcp-<version>-<os>-<arch>.mcpb    the MCP Bundle for Claude Desktop (server.type "binary"): the onedir
#                                           build in server/ (server/wazuh-mcp[.exe] + server/_internal/), which
#                                           starts without unpacking an archive; manifest generated from the registry
#   SHA256SUMS                              checksums of both
#
#   packaging/build.sh            no arguments: build, validate (mcpb validate), pack, show (mcpb info)
#
# Environment (optional): PYTHON (default .venv/bin/python, else python3), DIST (default dist),
# BINARY and ONEDIR (reuse a one-file executable and an onedir folder already built instead of running PyInstaller;
# both or neither).
# Needs npm for the pinned MCP Bundle CLI (packaging/mcpb/package.json, installed on first use).
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

# --- the executable -------------------------------------------------------------------------------
if [[ -z "${BINARY:-}" && -z "${ONEDIR:-}" ]]; then
    log "building the one-file executable and the onedir folder (PyInstaller, one analysis)"
    rm -rf "$WORK/bin"
    started=$SECONDS
    "$PYTHON" -m PyInstaller --noconfirm --log-level WARN --distpath "$WORK/bin" --workpath "$WORK/pyinstaller" build.spec >/dev/null
    log "PyInstaller: $((SECONDS - started)) s"
    BINARY="$WORK/bin/wazuh-mcp-onefile$EXE"
    ONEDIR="$WORK/bin/wazuh-mcp"
fi
[[ -x "${BINARY:-}" ]] || { log "no one-file executable at ${BINARY:-(BINARY unset)}"; exit 1; }
[[ -x "${ONEDIR:-}/wazuh-mcp$EXE" ]] || { log "no onedir executable at ${ONEDIR:-(ONEDIR unset)}/wazuh-mcp$EXE"; exit 1; }

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
"$PYTHON" packaging/mcpb_manifest.py --platform "$PLATFORM" --out "$STAGE/manifest.json"
"$MCPB" validate "$STAGE/manifest.json" >&2

mkdir -p "$DIST"
rm -f "$DIST/$NAME$EXE" "$DIST/$NAME.mcpb" "$DIST/SHA256SUMS"
"$MCPB" pack "$STAGE" "$DIST/$NAME.mcpb" >&2
"$MCPB" info "$DIST/$NAME.mcpb" >&2
cp "$BINARY" "$DIST/$NAME$EXE"

if command -v sha256sum >/dev/null; then sum=(sha256sum); else sum=(shasum -a 256); fi
(cd "$DIST" && "${sum[@]}" "$NAME$EXE" "$NAME.mcpb" >SHA256SUMS)
log "done: $(cd "$DIST" && ls -l "$NAME$EXE" "$NAME.mcpb" SHA256SUMS | awk '{print $5, $NF}' | tr '\n' ';')"
echo "$DIST/$NAME$EXE"
echo "$DIST/$NAME.mcpb"
