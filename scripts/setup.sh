#!/usr/bin/env bash
# Installs everything the terminal and its tests need on a fresh Debian machine: system packages, then npm.
# Idempotent: each step is skipped when its result is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
dpkg -s libsecret-1-dev >/dev/null 2>&1 || need+=(libsecret-1-dev)
command -v gnome-keyring-daemon >/dev/null 2>&1 || need+=(gnome-keyring)
command -v dbus-daemon >/dev/null 2>&1 || need+=(dbus)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# Chinese glyphs for Chromium: without a CJK font the e2e screenshots in zh-CN / zh-TW show empty boxes.
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi

# keytar's prebuilt download fails offline; node-gyp builds it against the local Node headers.
if [ -f /usr/include/node/node.h ]; then export npm_config_nodedir=/usr; fi
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
