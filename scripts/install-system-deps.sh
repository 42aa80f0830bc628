#!/usr/bin/env bash
# System packages Warehouse Desk needs on Debian/Ubuntu: libsecret (keytar's build and runtime),
# a Secret Service and D-Bus for the keychain tests, Chromium for the end-to-end run, Xvfb for
# anything that needs a display, xdotool, x11-xkb-utils (setxkbmap) and xkb-data (the layouts it sets)
# for the X key replay, poppler-utils (pdftoppm) for the label tests, cups and cups-client (a private
# cupsd, lp, lpstat) for the raw print queue test. Safe to run again: apt skips what is there.
set -euo pipefail
packages=(libsecret-1-dev libsecret-tools gnome-keyring dbus dbus-daemon chromium xvfb xdotool x11-xkb-utils xkb-data poppler-utils cups cups-client python3 make g++)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "System packages: all present."
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  echo "Please install these with your package manager: ${missing[*]}" >&2
  exit 1
fi
sudo=''
[ "$(id -u)" -eq 0 ] || sudo='sudo'
echo "Installing system packages: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
