#!/usr/bin/env bash
# Debian packages the tests need: Chromium for the journeys, PostgreSQL for the second engine, and
# a C++ toolchain for building better-sqlite3 against Node 24 and nm to check that build
# (scripts/native-modules.sh).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
for tool in g++ make python3; do command -v "$tool" >/dev/null || missing+=("$tool"); done
command -v nm >/dev/null || missing+=(binutils)
# The release's tests check the deployment files with the tools that read them.
command -v caddy >/dev/null || missing+=(caddy)
command -v systemd-analyze >/dev/null || missing+=(systemd)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "Please install: ${missing[*]} (apt-get install -y ${missing[*]})" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
