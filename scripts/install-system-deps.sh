#!/usr/bin/env bash
# System packages Warehouse Desk needs on Debian/Ubuntu: libsecret (keytar's build and runtime),
# a Secret Service and D-Bus for the keychain tests, Chromium for the end-to-end run, Xvfb for
# anything that needs a display, xdotool, x11-xkb-utils (setxkbmap) and xkb-data (the layouts it sets)
# for the X key replay, poppler-utils (pdftoppm) for the label tests, cups and cups-client (a private
# cupsd, lp, lpstat) for the raw print queue test. Safe to run again: apt skips what is there.
# chromium-headless-shell runs the headless tests with about a third less CPU (test/chromium.ts);
# Debian has it, not every release of Ubuntu: where apt knows no such package the full browser
# runs those tests.
set -euo pipefail
packages=(libsecret-1-dev libsecret-tools gnome-keyring dbus dbus-daemon chromium xvfb xdotool x11-xkb-utils xkb-data poppler-utils cups cups-client python3 make g++)
optional=chromium-headless-shell
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
done
# Asked of apt's package lists after the update below when one runs (a fresh machine has none).
offered() { command -v apt-cache >/dev/null && apt-cache show "$1" >/dev/null 2>&1; }
if [ ${#missing[@]} -eq 0 ]; then
  if installed "$optional" || ! offered "$optional"; then
    echo "System packages: all present."
    exit 0
  fi
fi
if ! command -v apt-get >/dev/null; then
  echo "Please install these with your package manager: ${missing[*]}" >&2
  exit 1
fi
sudo=''
[ "$(id -u)" -eq 0 ] || sudo='sudo'
$sudo apt-get update -qq
if ! installed "$optional" && offered "$optional"; then missing+=("$optional"); fi
echo "Installing system packages: ${missing[*]}"
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
