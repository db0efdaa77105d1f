#!/usr/bin/env bash
# Checks the deployment files with the tools that read them: the systemd unit with
# `systemd-analyze verify`, the Caddyfile with `caddy validate` and `caddy fmt`. Any warning
# fails, and so does a missing tool (scripts/ensure-system.sh installs both for CI).
#   bash scripts/check-deploy.sh [FOLDER]   FOLDER holds deploy/ and bin/visa-desk (an unpacked
#                                           release); by default the repository's own files
set -euo pipefail
cd "$(dirname "$0")/.."
folder=${1:-.}
entry=$folder/bin/visa-desk
[ "$folder" = . ] && entry=scripts/release-files/visa-desk
for tool in systemd-analyze caddy; do
  command -v "$tool" >/dev/null || { echo "check-deploy: $tool is missing (apt-get install -y ${tool/systemd-analyze/systemd})" >&2; exit 1; }
done
[ -x "$entry" ] || { echo "check-deploy: $entry is missing or not executable" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The unit names the release as /opt/visa-desk/current; here that is a folder whose bin/visa-desk
# is the real entry point, so verify checks the command it would run.
mkdir -p "$work/release/bin"
ln -s "$(readlink -f "$entry")" "$work/release/bin/visa-desk"
sed "s#/opt/visa-desk/current#$work/release#g" "$folder/deploy/visa-desk.service" >"$work/visa-desk.service"
if ! out=$(systemd-analyze verify "$work/visa-desk.service" 2>&1) || [ -n "$out" ]; then
  echo "check-deploy: deploy/visa-desk.service: ${out:-systemd-analyze verify failed}" >&2
  exit 1
fi
# The hardening the unit promises, so an edit cannot drop it unnoticed.
for line in 'User=visa-desk' 'NoNewPrivileges=yes' 'ProtectSystem=strict' 'ReadWritePaths=/var/lib/visa-desk' 'Restart=on-failure' 'Environment=DATA_DIR=/var/lib/visa-desk'; do
  grep -qxF "$line" "$folder/deploy/visa-desk.service" || { echo "check-deploy: deploy/visa-desk.service lacks $line" >&2; exit 1; }
done

if ! out=$(caddy validate --adapter caddyfile --config "$folder/deploy/Caddyfile" 2>&1); then
  echo "check-deploy: deploy/Caddyfile: $out" >&2
  exit 1
fi
if grep -q '"level":"warn"' <<<"$out"; then
  echo "check-deploy: deploy/Caddyfile: $(grep '"level":"warn"' <<<"$out")" >&2
  exit 1
fi
# What the Caddyfile promises: requests wait through a restart, and its logs carry no secret.
for line in 'lb_try_duration 30s' 'import no_secrets' 'request>headers delete'; do
  grep -qF "$line" "$folder/deploy/Caddyfile" || { echo "check-deploy: deploy/Caddyfile lacks $line" >&2; exit 1; }
done
caddy fmt "$folder/deploy/Caddyfile" | diff -q - "$folder/deploy/Caddyfile" >/dev/null || { echo "check-deploy: deploy/Caddyfile is not in caddy fmt's layout" >&2; exit 1; }
echo "check-deploy: visa-desk.service and Caddyfile are valid"
