#!/usr/bin/env bash
# tests/keyring against a real Secret Service: gnome-keyring in a private D-Bus session, fresh HOME.
#
#   tests/keyring/run_secret_service.sh [pytest args…]
#
# Needs Debian's gnome-keyring and dbus (dbus-run-session), and Python's secretstorage (a keyring
# dependency on Linux). Nothing of the caller's keyring, HOME or session bus is touched.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
for tool in dbus-run-session gnome-keyring-daemon; do
    command -v "$tool" >/dev/null || { echo "run_secret_service.sh: $tool is missing (apt-get install gnome-keyring dbus)" >&2; exit 2; }
done

HOME="$(mktemp -d)"
export HOME
trap 'rm -rf "$HOME"' EXIT
unset DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR PYTHON_KEYRING_BACKEND
export XDG_DATA_HOME="$HOME/.local/share" XDG_CONFIG_HOME="$HOME/.config" XDG_CACHE_HOME="$HOME/.cache"
export WAZUH_MCP_TEST_SECRET_SERVICE=1
export WAZUH_MCP_TEST_KEYRING_PASSWORD=wazuh-mcp-ci  # the throw-away login keyring's; the lock test re-unlocks

cd "$ROOT"
# The daemon's own chatter (and dbus-daemon's fd-limit note in containers) goes to a log, not the report.
dbus-run-session -- bash -c '
    echo -n "$WAZUH_MCP_TEST_KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    exec "$0" -m pytest tests/keyring -p no:cacheprovider "$@"
' "$PYTHON" "$@" 2> >(grep -v -e "dbus-daemon\[" -e "gcr-prompter" -e "cannot open display" -e "^$" >&2)
