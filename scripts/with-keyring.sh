#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked GNOME keyring, so keytar talks to
# a real Secret Service. A temporary XDG_DATA_HOME keeps a developer's own login keyring untouched.
set -euo pipefail
if [ "${WITH_KEYRING_INNER:-}" = 1 ]; then
  keyring_home=$(mktemp -d)
  export XDG_DATA_HOME="$keyring_home" XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$keyring_home}"
  eval "$(printf 'warehouse-desk-test\n' | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL SSH_AUTH_SOCK 2>/dev/null || true
  status=0
  "$@" || status=$?
  rm -rf "$keyring_home"
  exit $status
fi
exec env WITH_KEYRING_INNER=1 dbus-run-session -- "$0" "$@"
